"""One record or many, and whose: what a getter's name and its description's opening say about how many records
it returns (`get_players`, "Get papers written by a specific author") and which record they belong to
(`get_schools_for_district(id)`)."""

from __future__ import annotations

import re
from typing import Any

from lemminflect import getAllLemmas

from common.schemautil import properties
from common.taxonomy import NOT_NOUNS, singular, tokens

GETTERS = frozenset({"get", "fetch", "retrieve", "show"})
# Plural-looking words that name one result (a record's details, a set of figures), not many records.
_ONE_RESULT = frozenset({"details", "settings", "stats", "statistics", "metrics", "news", "analytics", "status",
                         "info", "contents", "preferences", "options", "credentials", "permissions", "series", "data",
                         "specs", "access", "address", "process", "progress", "usage", "analysis", "basis", "summary"})


BARE_IDS = frozenset({"id", "uuid", "key"})
_OWNER_WORDS = ("for", "of")


def owner_of(toks: list[str], verb_idx: int, schema: dict[str, Any]) -> tuple[str, int] | None:
    """(kind, where its words start) of the record a getter's things belong to, where its name says `<things> for <owner>` and
    an identifier parameter names that owner (a bare `id`, or one of its words: `workspaceId`): `get schools
    for district` lists schools of the district `id` names; `get word of the day` has no owner."""
    cut = next((k for k in range(max(verb_idx, 0) + 2, len(toks) - 1) if toks[k] in _OWNER_WORDS), None)
    if verb_idx < 0 or cut is None or toks[verb_idx] not in GETTERS | {"list", "find"} \
            or toks[cut + 1] in ("the", "a", "all"):
        return None
    owner = "_".join(singular(t) for t in toks[cut + 1:])
    names = [n for n in properties(schema) if n.lower() in BARE_IDS or singular(toks[-1]) in tokens(n)]
    return (owner, cut) if names else None


# A getter's description that opens on a plural noun and then says whose or which ones: "Get papers written by
# a specific author", "Retrieve all messages from a specific chat" (not "Get sales report", "Get notes count":
# a compound whose last word is one result).
_SAYS_MANY = re.compile(r"^\s*(?:get|gets|fetch|fetches|retrieve|retrieves|return|returns)\s+(?:all\s+)?(?:the\s+)?"
                        r"([a-z]+)(?=\s+(?:for|of|in|from|by|on|that|which|who|associated|written|cited|assigned|"
                        r"belonging|linked|under|within)\b|\s*[.,]|\s*$)", re.I)


# What a container holds, not things of their own: "Get elements from a Redis list" reads the list.
_CONTENTS = frozenset({"elements", "items", "entries", "members", "values", "records", "rows", "objects", "contents"})


def says_many(opening: str) -> str | None:
    """The kind of the several things a getter's description (its `opening` sentence) says it returns, if it says so."""
    found = _SAYS_MANY.match(opening)
    word = found.group(1).lower() if found else ""
    if not word.endswith("s") or word.endswith("ss") or word in _ONE_RESULT or word in _CONTENTS or singular(word) == word \
            or word in NOT_NOUNS or getAllLemmas(word).get("VERB") and not getAllLemmas(word).get("NOUN"):
        return None
    return singular(word)


def lists_many(toks: list[str], verb_idx: int) -> bool:
    """`get_players`, `fetch_open_issues`: a getter of a plural noun returns many records, like a listing."""
    if verb_idx < 0 or toks[verb_idx] not in GETTERS or verb_idx + 1 >= len(toks):
        return False
    if "all" in toks[verb_idx + 1:]:  # `fetchAll`, `get_all_projects`
        return True
    source = next((k for k in range(verb_idx + 2, len(toks)) if toks[k] == "from"), None)
    last = toks[-1] if source is None else toks[source - 1]  # `get_alerts_from_pcap_file`: the alerts
    return last not in _ONE_RESULT and singular(last) != last and last.endswith("s") and not last.endswith("ss")


# "Find information about a Brazilian bank by its code", "Query a company by its CNPJ": one record, looked up by
# the key that names it ("its": "orders by the customer ID" are that customer's orders, several of them), not a
# search of many (a search by name or by a query finds several).
_BY_ITS_KEY = re.compile(r"\bby its\s+(?:[\w-]+\s+)?(?:code|id|identifier|number|abbreviation|"
                         r"symbol|ticker|isbn|sku|slug|key|uuid|handle|cnpj|cpf|cep|iata|icao|doi)\b", re.I)


def looked_up_by_key(description: str, required: int) -> bool:
    """Whether a search's description says, in its first line, that it finds one record by the key that names it,
    where the tool takes that one key only."""
    return required == 1 and bool(_BY_ITS_KEY.search(description.strip().split("\n")[0][:200]))

"""The offline interpreter: what a tool does, derived from its name, description, annotations and schemas."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from lemminflect import getAllLemmas

from common.graph import output_fields
from common.schemautil import properties, required
from common.taxonomy import (HEADS, NOT_NOUNS, PARAM_ENTITY, UNNAMED, VERB_NOUN, VERBS, bare_verb, plural_noun,
                             singular, tokens, verb_base, without_modifiers)
from engines.base import EngineContext, Outcome
from engines.offline import compute, kinds
from engines.offline.described_kinds import described_kind, described_kinds, mentions_files, picked_kind
from engines.offline.how_many import BARE_IDS, GETTERS, lists_many, looked_up_by_key, owner_of, says_many
from engines.offline.roles import SpecWords, param_entity, param_role, searched_in
from engines.offline.own_words import DOCS
from engines.offline.tool_notes import tags_of, use_cases
from engines.offline.values_query import spoken
from engines.offline.verdicts import is_availability_check, is_checker
from schemas import Action, ParameterInterpretation, ParameterRole, Tool, ToolInterpretation, ToolSuite

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
_SECTION = re.compile(r"^\s*(args|arguments|parameters|returns?|example|examples|note|raises)\s*:", re.I | re.M)
_READ_ONLY_OK = {Action.read, Action.list, Action.search, Action.analyze, Action.navigate, Action.execute}
_NOUN_VERBS = {"book", "books", "hold", "holds"}  # verbs first in a name, nouns anywhere else
_HTTP_WRITES = {"post", "put", "patch"}
_METHODS = frozenset({"get", "post", "put", "patch", "delete"})  # no leading namespace: each is a verb
_STAGING = re.compile(r"\bstaging area\b|\bto the index\b", re.I)
_ID_WORDS = {"id", "ids", "isbn", "sku", "slug", "uuid"}  # `patch_books_isbn` acts on a book
_PRODUCING = {Action.create, Action.list, Action.search, Action.read, Action.analyze}
_CORE_VERBS = {"get", "list", "create", "update", "delete", "set", "show", "add", "remove", "read", "write", "run"}
# Verbs that are as often the name of a resource (`tag_list`, `build_get`, `status_update`).
_ALSO_NOUNS = frozenset({"tag", "set", "post", "group", "build", "type", "status", "profile", "info", "query", "config", "history",
               "screenshot", "log", "block", "commit", "diff", "snapshot", "record", "trace",
               "test", "schedule", "book", "hold", "lock", "pin", "star", "like", "vote", "share", "style", "format",
               "draw", "call", "play", "tree", "audit", "outline", "sum", "count", "measure"})


def namespaces(suite: ToolSuite) -> dict[str, set[str]]:
    """Per spec, leading name tokens shared by many of its tools (`git_`, `jira_`, `ai_`) that name no verb;
    and, where a spec names its operations with the HTTP method last (`…RepositoryV1SavePost`, `Folder_Get`),
    those method words, which then are no part of the name either (see `_METHODS`)."""
    firsts: dict[str, Counter[str]] = {}
    sizes, lasts = Counter[str](), Counter[str]()
    services: dict[str, Counter[str]] = {}
    methods: dict[str, set[str]] = {}
    nouns: dict[str, set[str]] = {}
    for t in suite.tools:
        toks = tokens(t.original_name or t.name)
        sizes[t.spec] += 1
        nouns.setdefault(t.spec, set()).update(singular(w) for w in toks if w not in VERBS)
        if len(toks) > 2 and toks[-1] in _METHODS:
            lasts[t.spec] += 1
            methods.setdefault(t.spec, set()).add(toks[-1])
        # (`campaigns.create`, `contacts.fetch`: a resource named first, then only a verb, is no namespace)
        if len(toks) > 1 and toks[0] not in VERBS and any(w not in VERBS for w in toks[1:]):
            firsts.setdefault(t.spec, Counter())[toks[0]] += 1
        if len(toks) >= 3 and toks[0] in VERBS and toks[0] not in _CORE_VERBS and toks[-1] in _CORE_VERBS:
            # `compute_disk_create`: a service named like a verb, the real verb last
            services.setdefault(t.spec, Counter())[toks[0]] += 1
    out = {spec: {w for w, n in c.items() if n >= 3 and n >= 0.2 * sizes[spec]} for spec, c in firsts.items()}
    for spec, c in services.items():
        out.setdefault(spec, set()).update(w for w, n in c.items() if n >= 3)
    for spec, n in lasts.items():
        # several methods, not one word: a blog's `create_post`, `update_post` end in its resource
        if n >= 3 and n >= 0.5 * sizes[spec] and len(methods[spec]) >= 2:
            out.setdefault(spec, set()).update(_METHODS)
    return {spec: SpecWords(out.get(spec, ()), nouns[spec]) for spec in sizes}


def _sentences(description: str) -> list[str]:
    body = _SECTION.split(description, maxsplit=1)[0]
    out = []
    for s in _SENTENCE.split(body):
        s = " ".join(s.split()).strip(" -*#")
        if len(s) >= 12 and not s.lower().startswith(("args:", "returns:", "example", "⚠")):
            out.append(s if s.endswith((".", "!", "?")) else s + ".")
    return out


def _action(toks: list[str], description: str, annotations: dict[str, Any]) -> tuple[Action, int]:
    """The action and the index of the verb token in `toks` (-1 when it came from the description)."""
    found: tuple[Action, int] | None = None
    # `post_send_message` (an RPC-style API named by method and path): the HTTP method is not the verb.
    start = 1 if len(toks) > 2 and toks[0] in _HTTP_WRITES and toks[1] in VERBS and toks[1] not in _NOUN_VERBS else 0
    if len(toks) > 1 and bare_verb(toks[start]) and _opens_with(description, toks[start]):
        # `confirm_order` "Confirm a pending order", `enrich_contact_info` "Enrich existing profiles…": a verb
        # the table does not know, which the description opens with too, is what the tool does (not `order`)
        found = (Action.read if annotations.get("readOnlyHint") else
                 Action.update if annotations.get("destructiveHint") else Action.execute, start)
    for i, t in enumerate(toks[start:] if found is None else [], start):
        if t in VERBS:
            found = (VERBS[t], i)
            break
    if found and toks[found[1]] in _ALSO_NOUNS:
        # `tag_delete`, `query_get_by_id`: a word that can be a verb, named first as the resource, then the
        # plain verb that says what happens to it
        later = next((i for i in range(found[1] + 1, len(toks)) if toks[i] in VERBS), None)
        if later is not None and (toks[later] in _CORE_VERBS or toks[later] not in _ALSO_NOUNS
                                  or later == len(toks) - 1):  # (`trace_query` queries traces: it ends on its verb)
            found = (VERBS[toks[later]], later)
    if found and toks[found[1]] == "resolve" and _RESOLVES_TO.search((_sentences(description) or [""])[0]):
        found = (Action.read, found[1])  # "Resolve an ENS name to an address": a lookup, not a fix
    if found and toks[found[1]] == "list" and found[1] > 0:  # `GroceryList_DeleteItem`: a grocery list's item is deleted
        later = next((i for i in range(found[1] + 1, len(toks)) if toks[i] in _CORE_VERBS - {"list"}), None)
        if later is not None:
            found = (VERBS[toks[later]], later)
    if found and toks[found[1]] == "set":
        rest = set(toks[found[1] + 1:])
        if not rest:
            found = (Action.create, found[1])
        elif not rest & {"working", "dir", "config", "mode", "setting", "settings", "version", "viewport"}:
            found = (Action.update, found[1])
    if found and toks == ["type"] and "key" in annotations.get("_params", ()):
        found = (Action.read, 0)  # Redis TYPE reads a key's type; elsewhere `type` types text
    if found and toks[found[1]] not in _CORE_VERBS:
        # `close-loop-kpi` "Retrieve close-loop KPIs": where the description opens with a verb of its own, the
        # author's word says what the tool does; a name's first verb-like word may be part of a product name
        said = _opening_verb(description)
        if said in _LOOKS and found[0] in _WRITES:  # (only a lookup named like a write: that misleads most)
            found = (said, found[1])
    if found and found[0] is Action.read and toks[found[1]] in GETTERS and _opening_verb(description) is Action.search \
            and not _BY_ID.search((_sentences(description) or [""])[0]):
        found = (Action.search, found[1])  # `get_book_by_title` "Search for a book by its title": it finds matches
    if found and found[0] is Action.read and toks[found[1]] in GETTERS and toks[-1] == "list" \
            and len(toks) - found[1] > 2 and toks[-2] not in ("by", "id") \
            and not _ONE_LIST.search((_sentences(description) or [""])[0]):
        # `get_table_list`, `getUserList`: the list of those things (not `getCardsByList`, where a list is a
        # resource, nor "details of a specific email list")
        found = (Action.list, found[1])
    if found is None:
        for w in tokens(" ".join(_sentences(description)[:1]) or description[:200]):
            if w in VERBS and w not in {"type", "set", "tag", "commit"}:
                found = (VERBS[w], -1)
                break
    if found is None and len(toks) == 1 and singular(toks[0]) != toks[0]:
        return Action.list, -1  # a name that is one plural noun (`logs`, `traces`) lists those things
    if found is None:
        if annotations.get("readOnlyHint") or not annotations.get("_required") and not annotations.get("destructiveHint"):
            return Action.read, -1  # a bare noun that needs nothing (`education`, `weather`): answers with that thing
        # an unknown verb acting on something it is given (`kick_member(user_id)`) changes it, it does not read it
        return (Action.update if annotations.get("destructiveHint") else Action.execute), -1
    action, idx = found
    if annotations.get("readOnlyHint") is True and action not in _READ_ONLY_OK:
        action = Action.read
    if action is Action.create and idx >= 0 and toks[idx] in ("add", "stage") and _STAGING.search(description):
        action = Action.update  # `git add` stages files that exist already; it creates none
    return action, idx


_LOOKS = (Action.read, Action.list, Action.search)
# What a record holds or is, after its name (`get_file_contents`, `get_page_children`): the record is the thing.
_HELD = frozenset({"content", "metadata", "status", "text", "tree", "summary", "stat", "log", "url", "diff", "date", "child"})
_NEW_NAMES = frozenset({"name", "title", "display_name", "displayname", "new_name", "newname", "label"})
_BY_ID = re.compile(r"\bid\b|[a-z]Id\b|\bID\b")  # "Find workspace by ID", "Lookup image by docker imageId": one record
_ONE_LIST = re.compile(r"\b(specific|details)\b", re.I)
_WRITES = (Action.create, Action.update, Action.delete, Action.execute, Action.transfer, Action.configure)


def _opening_verb(description: str) -> Action | None:
    """The action of a description's first word when that is a verb (`Retrieves`, `Create`)."""
    m = re.match(r"\s*([A-Za-z]+)\b", description)
    if m is None:
        return None
    w = m.group(1).lower()
    for base in (w, verb_base(w)):  # (`type`, `tag`, `commit` are among the words that are also nouns)
        if base in VERBS and base not in _ALSO_NOUNS and base != "set":
            return VERBS[base]
    return None


def _opens_with(description: str, word: str) -> bool:
    """Whether the description's first sentence opens with `word` as a verb (`Confirm …`, `Manages …`)."""
    m = re.match(r"\s*([A-Za-z]+)\b", _LABEL.sub("", (_sentences(description) or [""])[0]))
    return m is not None and verb_base(m.group(1).lower()) == word


def _done_to(word: str) -> bool:
    """A past participle (`published`, `starred`): what was done to a thing, never the thing."""
    return len(word) > 5 and word.endswith("ed") and any(
        stem in VERBS for stem in (word[:-2], word[:-1], word[:-3] if word[-3] == word[-4] else ""))


def _entity(toks: list[str], verb_idx: int, description: str = "", own: frozenset[str] = frozenset()) -> str | None:
    def nouns(ts: list[str], also: frozenset[str] = frozenset()) -> list[str]:
        return [singular(t) for t in ts if (t not in VERBS or t in _NOUN_VERBS or t in also) and t not in NOT_NOUNS
                and not t.isdigit() and t not in _ID_WORDS and not _done_to(t)]

    # `create_social_post`, `tag_delete`: around the verb, a word that could be one names the resource
    rest = toks[verb_idx + 1:]
    if rest[:1] in (["from"], ["with"], ["by"]) and verb_idx > 0:
        rest = []  # `service_create_from_image`: a service, made from an image; the thing is named before the verb
    cut = next((i for i, t in enumerate(rest) if i and t in ("by", "with", "from")), None)
    if cut is not None:
        # `get_settings_by_tag`, `GetPayCodesWithTag`: after "by" or "with" comes a filter; `get_alerts_from_pcap_file`
        # gets alerts, and the file is where they come from
        rest = rest[:cut]
    after = nouns(rest, _ALSO_NOUNS) if verb_idx >= 0 else nouns(rest)  # (no verb: all of it, cut as above)
    first = 1 if toks[0] in _HTTP_WRITES else 0  # `post_tools_bulk_delete`: the method is no resource
    cand = after or (nouns(toks[first:verb_idx], _ALSO_NOUNS) if verb_idx > first else [])
    # a REST path names each resource twice (`/namespaces/{namespace_id}`): once is its kind
    cand = [c for k, c in enumerate(cand) if not k or c != cand[k - 1]]
    if cand:
        heads = [c for c in cand if c in HEADS]
        # (`get_team_components`: a name that ends in a plural lists those, the team's, not the team)
        listed = cand[-1] not in HEADS | _HELD and singular(toks[-1]) == cand[-1] != toks[-1]
        if heads and not listed:
            return heads[-1]
        return cand[-1] if heads else "_".join(cand[-2:])
    if verb_idx >= 0 and toks[verb_idx] in VERB_NOUN:
        return VERB_NOUN[toks[verb_idx]]
    last = toks[-1]
    if 0 <= verb_idx == len(toks) - 2 and last in VERBS and last not in NOT_NOUNS and last not in _ID_WORDS \
            and getAllLemmas(last).get("NOUN") and VERBS[last] is not Action.search \
            and not (VERBS[last] in _LOOKS and VERBS[toks[verb_idx]] in _LOOKS) \
            and (last in own or re.search(rf"\b(?:a|an|the|new|each|this|one)\s+(?:[a-z]+\s+)?{last}s?\b", description,
                                          re.I)):
        # `create_run` beside `get_runs`, `start_scan` "Start a scan": a verb-like word the spec names things by or
        # writes after an article is the thing made (in `get_list` and `place_search` the second word is the verb)
        return last
    return None


_LEAD_INS = frozenset({"for", "a", "an", "the", "all", "some", "any", "one", "or", "more", "most", "new", "existing", "specific",
                       "given", "single", "multiple", "detailed", "current", "previously", "currently", "your", "my"})
_HOLDERS = frozenset({"information", "info", "details", "data", "list", "set", "number", "lists", "sets"})
_PHRASE_ENDS = frozenset({"by", "in", "on", "with", "from", "of", "that", "which", "to", "using", "and", "or", "for",
                          "matching", "based", "via", "at", "into", "if", "when", "whose", "where", "across", "within",
                          "against", "between", "under", "you", "it", "them", "as", "about", "together"})


# A label before what a description says: "MCP Tool:", "Tool:", "[API]", "[QUERY]".
_LABEL = re.compile(r"^\s*(?:\[[A-Z][A-Z _-]*\]\s*|(?:[A-Za-z]+\s+){0,2}tool\s*:\s*)", re.I)


def _described_object(description: str) -> str | None:
    """The thing a tool whose name is only a verb (`search`, `fetch`) works on, as its description's
    opening says: "Search for a wiki page." -> `page`, "Get detailed information about a product" ->
    `product`; None where the opening is no verb and its object."""
    opening = _LABEL.sub("", (_sentences(description) or [""])[0])  # ("MCP Tool: Detect language of …")
    clause = re.split(r"[,;:()\n]|\.\s", opening, maxsplit=1)[0]
    words = re.findall(r"[A-Za-z][A-Za-z-]*", clause.lower())[:12]
    if not words or _opening_verb(words[0]) is None:
        return None
    rest = words[1:]
    while rest and (rest[0] in _LEAD_INS or rest[0] in _HOLDERS and len(rest) > 1 and rest[1] in ("about", "of", "on", "for")):
        rest = rest[2:] if rest[0] in _HOLDERS else rest[1:]
    phrase = []
    for w in rest:
        if w in _PHRASE_ENDS or len(phrase) == 3 or phrase and len(w) > 5 and w.endswith("ing"):
            break  # ("an archive containing…", "your plan including…")
        phrase.append(w)
    heads = [w for w in phrase if not (len(w) > 5 and w.endswith(("ed", "ly")))]
    head = singular(heads[-1]) if heads else None
    return head if head and head not in NOT_NOUNS and head not in VERBS and head not in _HOLDERS and len(head) > 2 \
        else None


def _run_together(toks: list[str], description: str) -> list[str]:
    """A name written as one word, `getsession` or `sendoffer`, as its verb and the noun its description
    uses ("Starts a session", "Sends a flight offer"); any other name as it is."""
    if len(toks) != 1 or len(toks[0]) < 7:
        return toks
    said = {singular(w) for w in re.findall(r"[a-z]+", description.lower())}
    word = toks[0]
    for k in range(3, len(word) - 3):
        if word[:k] in VERBS and singular(word[k:]) in said:
            return [word[:k], word[k:]]
    return toks


def _compounds(toks: list[str]) -> list[str]:
    """`pull request` is one noun, not the verb `pull` before `request`."""
    out: list[str] = []
    for t in toks:
        if out and out[-1] == "pull" and t in ("request", "requests"):
            out[-1] = "pull_request"
        else:
            out.append(t)
    return out


_VERSION = re.compile(r"v\d+$")
# Words that name a layer of the server's code, not a thing it holds, when a version follows them
# (`salesInvoiceRepositoryV1Get`, `ordersServiceV2List`): the thing is the word before.
_LAYERS = frozenset({"repository", "management", "service", "controller", "manager", "interface", "storage", "handler",
                     "provider", "resource", "api", "endpoint"})


def _without_interfaces(toks: list[str]) -> list[str]:
    """The name without version tokens and the code layer a version names (`invoice repository v1 get`
    -> `invoice get`), where something is left to name."""
    out: list[str] = []
    for t in toks:
        if _VERSION.match(t):
            if out and out[-1] in _LAYERS and len(out) > 1:
                out.pop()
            continue
        if not out or out[-1] != t:  # `customerCustomerRepositoryV1`: the module and the thing share a word
            out.append(t)
    return out if out else toks


def interpret_tool(tool: Tool, ns: set[str] | None = None) -> ToolInterpretation:
    """Interpret one tool; `ns` holds its spec's namespace tokens and the nouns its tools are named by (`namespaces`)."""
    own = ns.nouns if isinstance(ns, SpecWords) else frozenset()
    toks = without_modifiers(_compounds(_run_together(tokens(tool.original_name or tool.name), tool.description or "")))
    while len(toks) > 1 and ns and toks[0] in ns and toks[0] not in _METHODS:
        toks = toks[1:]
    if len(toks) > 2 and ns and toks[-1] in ns and toks[-1] in _METHODS and any(t in VERBS for t in toks[:-1]):
        toks = toks[:-1]  # `…V1SavePost` saves; `CustomDevice_Post`, with no other verb, still posts
    toks = _without_interfaces(toks)
    ann = tool.annotations or {}
    action, verb_idx = _action(toks, tool.description, {**ann, "_params": tuple(properties(tool.input_schema)),
                                                        "_required": tuple(required(tool.input_schema))})
    owner = owner_of(toks, verb_idx, tool.input_schema)
    if owner is not None:  # `getSchoolsForDistrict(id)`: the schools of a district, not a `school_district`
        toks = toks[:owner[1]]
    near = next((k for k in range(max(verb_idx, 0) + 2, len(toks)) if toks[k] in _NEAR), None)
    if near is not None:  # `get_stations_near(lat, lon)`: stations, found around a place
        toks = toks[:near]
    if action is Action.read and lists_many(toks, verb_idx):
        action = Action.list
    many = says_many((_sentences(tool.description or "") or [""])[0]) if action is Action.read else None
    if many is not None:  # "Get papers that cite a specific paper": several papers, listed
        action = Action.list
    by = next((k for k in range(verb_idx + 2, len(toks) - 1) if toks[k] == "by"), None) if verb_idx >= 0 else None
    if by is not None and action is Action.read:  # `get_users_by_email` lists users; `…_by_query` searches
        action = Action.search if toks[by + 1] in _QUERY_WORDS else \
            Action.list if lists_many(toks[:by], verb_idx) else action
    if action is Action.search and looked_up_by_key(tool.description or "", len(required(tool.input_schema))):
        action = Action.read  # "Find a bank by its code": that bank
    named = _entity(toks, verb_idx, tool.description or "", own)
    prep = next((k for k in range(verb_idx + 1, len(toks)) if toks[k] in _PLACING), None) if verb_idx >= 0 else None
    if prep is not None and all(t in _QUALIFYING for t in toks[verb_idx + 1:prep]):
        # `get_latest_from_category` "Get the latest papers from an arXiv category": papers, listed (the name: which)
        thing = _described_object(tool.description)
        if thing is not None and thing not in toks[prep:]:
            named, action = thing, Action.list if action is Action.read else action
    if named is None and toks in (["set"], ["get"]) and "key" in properties(tool.input_schema):
        named = "string"  # a bare key-value set/get works on string values (Redis SET/GET)
    req = required(tool.input_schema)
    roles = {name: (sub, param_role(name, sub, action)) for name, sub in properties(tool.input_schema).items()}
    if action in (Action.read, Action.delete) and req in (["title"], ["name"]) and \
            roles[req[0]][1] in (ParameterRole.content, ParameterRole.other):
        # `get_page(title)`: a record read (or deleted) by its title alone is named by it
        roles[req[0]] = (roles[req[0]][0], ParameterRole.identifier)
    idents = [(name not in req, name, sub, role) for name, (sub, role) in roles.items()
              if role is ParameterRole.identifier]
    # A search named by its verb alone finds what its description says ("Searches for flights"), not its IDs' session.
    described = _described_object(tool.description)
    if named is not None and described is not None and described != named and verb_idx < 0 \
            and described in {singular(t) for t in toks}:
        named = described  # `project_environments` "List all environments in a project": environments
    elif named is not None and described is not None and verb_idx < 0 and action is Action.read \
            and (known := kinds.fields_of(described)) is not None and any(kinds.fields_of(t) is known for t in toks):
        # `news_company` "Fetch recent company headlines": headlines (news, in the name), several where it says so
        several = plural_noun(described) != described and \
            re.search(rf"\b{plural_noun(described)}\b", tool.description, re.I)
        named, action = described, Action.list if several else action
    if named is not None and described is not None and described != named and verb_idx > 0 and toks[0] == named \
            and named not in HEADS and named not in PARAM_ENTITY and not getAllLemmas(named) \
            and re.search(rf"(?<![.!?]\s)(?<!^)\b{named.capitalize()}\b", tool.description or "") \
            and getAllLemmas(described).get("NOUN"):
        # `qdrant_retrieve` "Retrieves … documents from Qdrant": a word no dictionary knows, a name in the description
        # put before the verb, is the product's, not what the call works on; the description's object is (several,
        # found by the queries it is given, where it says so in the plural)
        named = described
        said = re.findall(r"[a-z]+", ((_sentences(tool.description) or [""])[0]).lower())
        if action is Action.read and any(w != described and singular(w) == described for w in said):
            queried = any(set(tokens(n)) & {"query", "queries", "q", "search", "keyword", "keywords"}
                          for n in properties(tool.input_schema))
            action = Action.search if queried else Action.list
    entity = named or (described if action in (Action.search, Action.list) else None) \
        or next((e for _, name, sub, role in sorted(idents, key=lambda x: x[0])
                 if (e := param_entity(name, sub, role, "", own))), None) or described or UNNAMED
    entity = many or entity
    sentences = _sentences(tool.description)
    if DOCS.match(tool.description or "") and action is not Action.search:
        # "Documentation for widget grid size configuration": a page of docs to read, not a widget to open
        action, entity = Action.read, "documentation"
    if kinds.fields_of(entity) is None:  # "Get historical weather observations": weather observations
        entity = described_kind(entity, sentences[:1]) or entity
    picked = picked_kind(entity, sentences[:1])
    if picked is not None:  # "Get movie recommendations", "Get trending movies": movies, several of them
        entity, action = picked, Action.list if action is Action.read else action
    if action is Action.update and any(tokens(n)[-1:] == ["id"] and param_entity(n, sub, r, entity, own) == entity
                                       for n, (sub, r) in roles.items() if r is ParameterRole.identifier):
        # `updateRoom(room_id, name)`: the record is named by its ID; the name is the new one it is given
        for n in [n for n, (_, r) in roles.items() if r is ParameterRole.identifier and n.lower() in _NEW_NAMES]:
            roles[n] = (roles[n][0], ParameterRole.content)
    params = [
        ParameterInterpretation(
            name=name, role=role, entity=owner[0] if owner is not None and name.lower() in BARE_IDS
            and role is ParameterRole.identifier else searched_in(action, name, param_entity(name, sub, role, entity, own)),
            required=name in req, description=" ".join(str(sub.get("description", "")).split())[:200])
        for name, (sub, role) in roles.items()]
    functionality = " ".join(sentences[:2])[:400] or f"{action.value.capitalize()} a {entity.replace('_', ' ')}."
    produces: list[str] = []
    if tool.output_schema:
        produces += [kind for _, kind in output_fields(tool.output_schema, entity)]
    if action in _PRODUCING:
        produces.append(entity)
    if action in _PRODUCING or action is Action.navigate:
        produces += described_kinds(sentences[:2])
    if action is Action.list and entity == "directory" and (
            any(role is ParameterRole.identifier for _, _, _, role in idents) or mentions_files(sentences[:2])):
        produces.append("file")  # listing inside a directory shows its files; listing the directories themselves does not
    out = ToolInterpretation(
        tool=tool.name, functionality=functionality, action=action, entity=entity, parameters=params,
        required_parameters=req, use_cases=use_cases(sentences, action, entity, params),
        tags=tags_of(toks, tool.description, tool.spec), produces=list(dict.fromkeys(produces)))
    if not tool.output_schema and (is_checker(tool.name, out) or is_availability_check(tool.name, out)):
        # a verdict names no `injection_detector`, an availability check no `domain_availability`
        out = out.model_copy(update={"produces": [k for k in out.produces if k != entity]})
    if any(p.required and spoken(p.name, p.description, "") in ("sql", "cypher")  # (its own words: not a list of languages)
           for p in params) and action in (Action.read, Action.list, Action.search):
        # a tool that runs the SQL or Cypher it is given answers with the rows the statement asks for, not with
        # records a later call could name (`query(sql)` "Execute a SELECT query": rows, no `resource`s)
        out = out.model_copy(update={"produces": []})
    if compute.operation(tool.name, out, tool.input_schema) is not None:
        # a calculator works a number out: it looks nothing up and makes no records a later call could name
        out = out.model_copy(update={"action": Action.analyze, "produces": []})
    return out


_NEAR = frozenset({"near", "nearby", "around", "within", "closest", "nearest"})
_QUERY_WORDS = frozenset({"query", "keyword", "keywords", "search", "term", "terms", "text", "q"})
_RESOLVES_TO = re.compile(r"\bresolve[sd]?\b.*\b(?:to|into)\b", re.I)
_PLACING = frozenset({"from", "in", "on", "for", "of"})
# Words that say which records a name means, not what they are (`get_latest_from_category`)
_QUALIFYING = frozenset({"latest", "recent", "new", "newest", "top", "popular", "trending", "all", "last", "current",
                         "hot", "featured", "daily"})


class OfflineInterpreter:
    """Interpreter engine `offline`: deterministic, table-driven, no model."""

    def __init__(self, ctx: EngineContext):
        self.ctx = ctx
        self._ns = namespaces(ctx.suite)

    def interpret(self, tool: Tool) -> Outcome[ToolInterpretation]:
        return Outcome(item=interpret_tool(tool, self._ns.get(tool.spec, set())))

"""Calls that tie two existing records together ("Add an issue to a cycle", `remove_tag_from_task`,
`assign_users_to_organization`). A person says both records and how they meet ("add the issue `KIT-79` to the
cycle 12259"); read as the creation of one with the other's ID as a detail ("add a new issue `KIT-79` with cycle
id 12259") the request names a record that already exists as new.

The relation is read from the description's opening sentence, else from the tool's name, and holds only when
both of its nouns are the kinds of two identifiers the call is given."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from lemminflect import getInflection

from common.taxonomy import singular, tokens, with_article
from engines.offline.text import label, said
from schemas import Action, ParameterRole, ToolInterpretation

_VERBS = frozenset({"add", "remove", "assign", "unassign", "attach", "detach", "link", "unlink", "move", "associate",
                    "dissociate", "connect", "disconnect", "invite", "apply", "pin", "unpin", "enroll", "subscribe",
                    "unsubscribe", "append", "bind", "unbind", "join", "map"})
_PREPS = frozenset({"to", "from", "into", "onto", "with"})
# Words between the verb and its noun, or after the preposition, that name no kind.
_FILLER = frozenset({"a", "an", "the", "one", "or", "more", "multiple", "existing", "specific", "given", "specified",
                     "several", "some", "another", "list", "of", "new", "single", "particular", "selected", "all", "any",
                     "your", "their", "its", "this", "that", "specified"})
_ID_WORDS = frozenset({"id", "ids", "key", "keys", "uuid", "uuids", "gid", "gids", "identifier", "identifiers"})
_SENTENCE = re.compile(r"[.!?;:(\n]")


@dataclass(frozen=True)
class Relation:
    verb: str    # as said: "add", "remove"
    moved: str   # the parameter naming what is added, removed, assigned
    prep: str    # "to", "from"
    holder: str  # the parameter naming what it is added to or removed from


def _base(word: str) -> str:
    """`adds` -> `add`, `attaches` -> `attach`, `applies` -> `apply`: the verbs here only."""
    for cut, put in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(cut) and word[: len(word) - len(cut)] + put in _VERBS:
            return word[: len(word) - len(cut)] + put
    return word


def _kind_words(name: str, entity: str) -> set[str]:
    """What a parameter's record may be called: its kind's words and its name's words but for `id`."""
    words = {singular(w) for w in tokens(entity)} | {singular(w) for w in tokens(name)}
    return words - _ID_WORDS


def _parse(words: list[str]) -> tuple[str, list[str], str, list[str]] | None:
    """verb, nouns, preposition, nouns: `add one or more tags to a task` -> add, [tag], to, [task]."""
    start = next((i for i, w in enumerate(words[:3]) if _base(w) in _VERBS), None)
    if start is None:
        return None
    at = next((i for i in range(start + 1, len(words)) if words[i] in _PREPS), None)
    if at is None:
        return None
    moved = [w for w in words[start + 1:at] if w not in _FILLER]
    rest: list[str] = []
    for w in words[at + 1:]:
        if w in _FILLER and not rest:
            continue
        if w in _FILLER or w in _PREPS or w in ("in", "on", "by", "and", "for", "using", "via", "at"):
            break
        rest.append(w)
    if not 1 <= len(moved) <= 3 or not 1 <= len(rest) <= 3:
        return None
    return _base(words[start]), moved, words[at], rest


def relation(it: ToolInterpretation, args: dict[str, Any]) -> Relation | None:
    """The relation a call makes or undoes between two records it is given by identifier, if it is one (a
    listing or a search ties nothing: its IDs are filters)."""
    if it.action in (Action.list, Action.search):
        return None
    ids = [p for p in it.parameters if p.name in args and p.entity and p.role in (ParameterRole.identifier,
                                                                                    ParameterRole.target)]
    if len(ids) < 2:
        return None
    first = _SENTENCE.split(it.functionality.strip(), maxsplit=1)[0].lower()
    for words in (re.findall(r"[a-z]+", first), tokens(it.tool)):
        parsed = _parse(words)
        if parsed is None:
            continue
        verb, moved, prep, holder = parsed

        def owner(nouns: list[str], taken: str | None = None) -> str | None:
            head = singular(nouns[-1])  # "issue label" names a label
            hits = [p.name for p in ids if p.name != taken and head in _kind_words(p.name, p.entity or "")]
            return hits[0] if len(hits) == 1 else None

        a = owner(moved)
        b = owner(holder, a) if a else None
        if a and b:
            return Relation(verb, a, prep, b)
    return None


def past(verb: str) -> str:
    """`add` -> `added`, `apply` -> `applied` (lemminflect's inflection tables)."""
    forms = getInflection(verb, tag="VBD")
    return forms[0] if forms else f"{verb}ed"


def undoes(rel: Relation) -> bool:
    """Whether the call takes the record out of the other (`remove … from`, `unassign`, `detach`)."""
    return rel.prep == "from" or rel.verb.startswith(("un", "dis", "de"))


def relation_goal(rel: Relation, it: ToolInterpretation, args: dict[str, Any], refs: set[str], looks: str,
                  rng: random.Random) -> str:
    """What a person wants when the main call ties two records: the two records together ("The label `l_…`
    shouldn't be in the issue `TIDA-159` any more"), by their values where the user has both, else by their
    kinds; `refs` are the parameters taken from earlier results, `looks` what was looked at first."""
    kinds = {p.name: p.entity or it.entity for p in it.parameters}
    stated = all(n not in refs and isinstance(args[n], (str, int)) and not isinstance(args[n], bool)
                 for n in (rel.moved, rel.holder))
    if stated:  # both are values the user has: said as such
        a, b = (f"the {label(kinds[n])} {said(args[n])}" for n in (rel.moved, rel.holder))
        options = [f"{a} shouldn't be in {b} any more.", f"Let's take {a} out of {b}."] if undoes(rel) else \
            [f"{a} belongs in {b}.", f"Let's get {a} into {b}."]
    else:  # one is found on the way: the kinds only
        a, b = (with_article(label(kinds[n])) for n in (rel.moved, rel.holder))
        options = [f"{a} has to come out of {b}.", f"I need to take {a} out of {b}."] if undoes(rel) else \
            [f"{a} has to go into {b}.", f"I need to put {a} into {b}."]
    options = [o[0].upper() + o[1:] for o in options]
    if looks:
        options = [f"{o[:-1]}, after a look at the {looks}." for o in options]
    return rng.choice(options)

"""What an interpretation says of a tool besides its action and its kind: the tags of its domain and the use cases a
reader of the harness sees."""

from __future__ import annotations

from collections import Counter

from common.taxonomy import TAGS, singular, tokens
from schemas import Action, ParameterInterpretation, ParameterRole


def tags_of(toks: list[str], description: str, spec: str) -> list[str]:
    """Tags from the name and spec first; a description word counts only when it recurs (one stray
    `message` in "returns an error message" must not tag a file tool as messaging)."""
    def tag_of(w: str) -> str | None:
        return TAGS.get(w) or TAGS.get(singular(w))

    found = list(dict.fromkeys(t for t in map(tag_of, toks + tokens(spec)) if t))
    # Each word once, in the order written: a set's order changes with every process's string hashing, and
    # most_common() ranks tied tags in the order they were counted.
    desc_tags = Counter(tag_of(w) for w in dict.fromkeys(tokens(description[:600])) if tag_of(w))
    found += [t for t, n in desc_tags.most_common() if n >= 2 and t not in found]
    return found[:4] or ["general"]


_PHRASE = {
    Action.read: "look up the {e}", Action.list: "see which {e}s exist", Action.search: "find a {e} matching a query",
    Action.create: "create a new {e}", Action.update: "change an existing {e}", Action.delete: "remove a {e}",
    Action.execute: "run an operation on a {e}", Action.navigate: "move to a {e}",
    Action.configure: "set up the {e}", Action.analyze: "examine a {e}", Action.transfer: "move a {e} elsewhere",
    Action.other: "work with a {e}",
}


def use_cases(sentences: list[str], action: Action, entity: str, params: list[ParameterInterpretation]) -> list[str]:
    e = entity.replace("_", " ")
    cases = [s.rstrip(".") for s in sentences[:2] if len(s) <= 240]
    cases.append(f"When a task needs to {_PHRASE[action].format(e=e)}")
    opts = [p.name for p in params if p.role in (ParameterRole.option, ParameterRole.filter) and not p.required]
    if opts:
        cases.append(f"To {_PHRASE[action].format(e=e)} with {', '.join(opts[:2])} set")
    elif len(cases) < 2:
        cases.append(f"As one step of a workflow that later uses the {e}")
    return cases[:4]

"""A record a request names by where it comes from is named that way once, then "the same project".

A workflow that works in the first project of a listing names it in five calls; written out each time ("… in the
first project in the project list … with project id set to the first project in the project list …") the request
reads as generated. A person says where it comes from once and then "the same project", as long as nothing of
that kind was named in between (then "the same" could mean either, and the full phrase stays).
"""

from __future__ import annotations

import re

from common.taxonomy import singular
from engines.offline.prose import Step, source
from engines.offline.text import label
from engines.offline.values_vocab import of_people


def named_once(clauses: list[str], steps: list[Step]) -> list[str]:
    """`clauses` (of `steps`, in order) with each repeated source phrase after its first said as "the same X"."""
    kinds: dict[str, str] = {}  # "the first project in the project list" -> "project"
    for step in steps:
        for ref in step.refs:
            phrase = source(ref, steps)
            if phrase.startswith("the ") and " " in phrase[4:]:
                kinds[phrase] = label(ref.kind)
    if not kinds:
        return clauses
    said_by = "|".join(re.escape(p) for p in sorted(kinds, key=len, reverse=True))
    # another record of a kind, named by its value ("the project `pro_1`", "the run 311") or already "the same"
    others = "|".join(re.escape(k) for k in sorted(set(kinds.values()), key=len, reverse=True))
    found = re.compile(rf"(?P<src>{said_by})(?![\w-])|\b(?:the same (?P<same>{others})\b|(?P<named>{others}) [`\"\d])")
    last: dict[str, str | None] = {}  # kind -> the phrase "the same <kind>" would mean now

    def said(m: re.Match[str]) -> str:
        if m.group("src") is None:
            last[m.group("same") or m.group("named")] = None
            return m.group(0)
        phrase, kind = m.group("src"), kinds[m.group("src")]
        if last.get(kind) == phrase:
            return f"the same {kind}"
        last[kind] = phrase
        return phrase

    return [found.sub(said, c) for c in clauses]


def run_together(clauses: list[str], steps: list[Step]) -> list[str]:
    """Two calls in a row on one record are asked in one breath, as a person asks them: "list the members and the
    labels of the same project", "list the members of the same project and list its labels", "read the same list
    and update it with …". Only where the pronoun can mean nothing else: the record closes the first clause, or is
    what the first clause acts on directly."""
    kinds = sorted({label(r.kind) for s in steps for r in s.refs}, key=len, reverse=True)
    phrases = {source(r, steps): label(r.kind) for s in steps for r in s.refs}
    out: list[str] = []
    i = 0
    while i < len(clauses):
        both = _together(clauses[i], clauses[i + 1], kinds, phrases) if i + 1 < len(clauses) else None
        out.append(both or clauses[i])
        i += 2 if both else 1
    return out


def _together(first: str, then: str, kinds: list[str], phrases: dict[str, str]) -> str | None:
    for kind in kinds:
        same = f"the same {kind}"
        if then.count(same) != 1:
            continue
        said = [p for p, k in phrases.items() if k == kind] + [same]
        named = "|".join(re.escape(p) for p in sorted(said, key=len, reverse=True))
        if len(re.findall(rf"(?:{named})(?![\w-])", first)) != 1 or " and " in first:
            continue  # (named once, so "it" can only be that one; one "and" in a breath, so it joins the two calls)
        it, its = ("them", "their") if of_people(kind) else ("it", "its")
        ends = re.fullmatch(rf"(\w+) (the [\w ]+?) (of|for|in) ({named})", first)
        tail = re.fullmatch(rf"(\w+) the ([\w ]+?) (of|for|in) {re.escape(same)}(\W.*)?", then)
        if ends and tail and ends.group(1) == tail.group(1) and ends.group(3) == tail.group(3) and not tail.group(4):
            both = f"{ends.group(1)} {ends.group(2)} and the {tail.group(2)} {ends.group(3)} {ends.group(4)}"
        elif tail and ends and _many(ends.group(2)):  # "list the members of the same project and list its labels"
            both = f"{first} and {tail.group(1)} {its} {tail.group(2)}{tail.group(4) or ''}"
        elif re.match(rf"\w+(?: \w+)? (?:{named})(?![\w-])", first) \
                and re.match(rf"\w+(?: \w+)? {re.escape(same)}\b", then) \
                and first.split()[0] != then.split()[0]:  # ("read the same list and read it" asks nothing twice)
            both = f"{first} and {then.replace(same, it)}"  # "read the same list and update it with …"
        else:
            return None
        return both if len(both) <= 200 else None
    return None


def _many(phrase: str) -> bool:
    """Whether "the members" is several (so "its" after it can only be the record it was of)."""
    last = phrase.split()[-1]
    return singular(last) != last

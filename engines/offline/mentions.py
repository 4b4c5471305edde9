"""A record a request names by where it comes from is named that way once, then "the same project".

A workflow that works in the first project of a listing names it in five calls; written out each time ("… in the
first project in the project list … with project id set to the first project in the project list …") the request
reads as generated. A person says where it comes from once and then "the same project", as long as nothing of
that kind was named in between (then "the same" could mean either, and the full phrase stays).
"""

from __future__ import annotations

import re

from engines.offline.prose import Step, source
from engines.offline.text import label


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

"""What a parameter's description says about its value: examples, listed options, the
entity it names, and per-parameter text from a docstring-style tool description.

All functions are pure and cached by the description string.
"""

from __future__ import annotations

import re
from functools import lru_cache

_PLACEHOLDERS = re.compile(r"example|foo|\bbar\b|baz|lorem|ipsum|xxx|<|>|\{|\}|\.\.\.|^string$|^value$|^text$|"
                           r"john|jane|\bdoe\b|\bproj\b|proj-|acme|\bmy-|\bmy_|^test|\btest-|^abc", re.I)


@lru_cache(maxsize=8192)
def desc_entity(description: str) -> str:
    d = description.lower()
    m = re.search(r"\bname of (?:the |a |an )?(?:new )?([a-z][a-z-]+)", d) or \
        re.search(r"\b(?!the\b|a\b|an\b|new\b|its\b|display\b|full\b)([a-z][a-z-]+) name\b", d)
    return m.group(1) if m else ""


@lru_cache(maxsize=8192)
def examples(description: str) -> tuple[str, ...]:
    """Example values quoted in a description ("e.g. 'Sprint 1'", "Examples: `a`, `b`", "(e.g., e1, e2)")."""
    out: list[str] = []
    marker = r"(?:e\.g\.|eg\.|for example|examples?:|such as)[,:]?\s*"
    for clause in re.findall(marker + r"(.{1,160}?)(?:\)|\.\s|\.$|$)", description, re.I):
        out += re.findall(r'"([^"\n]{1,80})"', clause) or re.findall(r"`([^`\n]{1,80})`", clause) \
            or re.findall(r"'([^'\n]{1,80})'", clause)
    if not out:  # unquoted examples only count inside parentheses: "(e.g., e1, e2)", "(e.g. 1d - 1 day)"
        for inner in re.findall(r"\(" + marker + r"([^()]{1,160})\)", description, re.I):
            items = [x.split(" - ")[0].strip() for x in re.split(r",|\bor\b", inner)]
            out += [x for x in items if 0 < len(x.split()) <= 3]
    return tuple(dict.fromkeys(x for x in out if x.strip() and len(x) <= 80 and not _PLACEHOLDERS.search(x)))


@lru_cache(maxsize=4096)
def param_docs(doc: str) -> dict[str, str]:
    """Per-parameter text from a docstring-style tool description ("Args:\\n  name: The Redis hash key.")."""
    m = re.search(r"^\s*(?:Args|Arguments|Parameters|Params)\s*:\s*$(.*?)(?:^\s*(?:Returns|Raises|Yields|Example|Examples|Notes?)\s*:|\Z)",
                  doc, re.M | re.S)
    if m is None:
        return {}
    return {name: text.strip() for name, text in
            re.findall(r"^\s+([A-Za-z_][\w-]*)(?:\s*\([^)]*\))?\s*:\s*(.+)$", m.group(1), re.M)}


@lru_cache(maxsize=8192)
def options(description: str) -> tuple[str, ...]:
    """Choices a description lists: "Action: create, delete, rename", "Allowed values: 'a', 'b'", "one of a|b|c"."""
    item = r"'?[\w./-]+'?"
    listed = rf"({item}(?:\s*(?:,|\||\bor\b)\s*{item})*)"
    m = re.search(r"(?:allowed values|possible values|valid values|one of|options|choices)\s*(?:are|is)?:?\s*" + listed,
                  description, re.I)
    if m is None:  # "Label: a, b, c" needs at least three items to be a list and not prose
        m = re.search(rf"(?:^|[.:]\s)[\w ]{{1,30}}:\s*({item}(?:\s*,\s*{item}){{2,}})", description)
    if m is None:  # "Whether to list local branches ('local'), remote branches ('remote') or all ('all')"
        quoted = [q for q in re.findall(r"['\"]([\w./-]{1,40})['\"]", description) if not _PLACEHOLDERS.search(q)]
        return tuple(dict.fromkeys(quoted)) if len(quoted) >= 2 and re.search(r"\bor\b", description) else ()
    parts = [x.strip(" '") for x in re.split(r",|\||\bor\b", m.group(1))]
    return tuple(x for x in parts if x and not _PLACEHOLDERS.search(x))

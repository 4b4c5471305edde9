"""What a description says a tool's output holds: "Returns a snapshot with element references" holds elements,
"Show the working tree status" files; only sentences that say what comes back count."""

from __future__ import annotations

from common.taxonomy import NOT_NOUNS, tokens

# Kinds a description can say an output holds ("a snapshot with element references").
_STRONG = {"element": "element", "ref": "element", "refs": "element", "reference": "element", "references": "element",
           "uuid": "item", "uuids": "item", "branch": "branch", "branches": "branch", "commit": "commit",
           "commits": "commit", "tag": "tag", "tags": "tag", "tab": "tab", "tabs": "tab", "layer": "layer",
           "layers": "layer", "issue": "issue", "issues": "issue", "file": "file", "files": "file",
           "elements": "element", "snapshot": "element"}
_SAYS_RETURNS = ("return", "list", "show", "including", "with", "snapshot", "status", "tree")


def mentions_files(sentences: list[str]) -> bool:
    return any(w in ("file", "files") for s in sentences for w in tokens(s))


def described_kinds(sentences: list[str]) -> list[str]:
    out: list[str] = []
    for s in sentences:
        low = s.lower()
        if not any(w in low for w in _SAYS_RETURNS):
            continue
        out += [_STRONG[w] for w in tokens(s) if w in _STRONG and w not in NOT_NOUNS]
        if "working tree" in low:
            out.append("file")
    return list(dict.fromkeys(out))

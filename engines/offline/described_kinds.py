"""What a description says of the kinds a tool works on: what its output holds ("Returns a snapshot with element
references": elements; only sentences that say what comes back count), the known kind a word before the tool's own
puts it in ("weather observations"), and what a picker picks ("Get trending movies")."""

from __future__ import annotations

from common.taxonomy import NOT_NOUNS, singular, tokens
from engines.offline import kinds

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


def described_kind(entity: str, sentences: list[str]) -> str | None:
    """The entity with the word its description puts before it, where that word names a kind whose records
    are known (`observation` described as "weather observations": a weather observation)."""
    head = entity.rsplit("_", 1)[-1]
    for sentence in sentences:
        words = tokens(sentence)
        for k in range(1, len(words)):
            if singular(words[k]) == head and kinds.fields_of(words[k - 1]) is not None:
                return f"{singular(words[k - 1])}_{entity}"
    return None


_PICKS = frozenset({"recommendation", "suggestion", "trending", "popular"})


def picked_kind(entity: str, sentences: list[str]) -> str | None:
    """The kind a tool picks things of, where its name says only how they are picked (`movie_recommendation`,
    `trending` described as "Get trending movies"): a kind whose records are known, never the picker
    ("analyst recommendations" stay recommendations)."""
    words = entity.split("_")
    if words[-1] not in _PICKS:
        return None
    if len(words) > 1:
        return "_".join(words[:-1]) if kinds.fields_of(words[-2]) is not None else None
    for sentence in sentences:
        said = tokens(sentence)
        for k, w in enumerate(said):
            near = [said[k + 1]] if k + 1 < len(said) and singular(w) in _PICKS else []
            near += [said[k - 1]] if k and singular(w) in _PICKS else []
            for noun in near:
                if singular(noun) not in _PICKS and kinds.fields_of(singular(noun)) is not None:
                    return singular(noun)
    return None

"""Tools that hand back a changed text (`summarize`, `repair_text`, `reverse_text`): they answer with the text
they made, under the field named for the change, in place of an echo of the text they were given."""

from __future__ import annotations

import re
from typing import Any

from common.taxonomy import tokens

# Tools that hand back a changed text, by their verb: the field their result is in.
_TRANSFORMS = {"summarize": "summary", "summarise": "summary", "summary": "summary", "summarization": "summary",
               "format": "formatted_text", "repair": "repaired_text", "fix": "corrected_text", "correct": "corrected_text",
               "proofread": "corrected_text", "clean": "cleaned_text", "normalize": "normalized_text",
               "normalise": "normalized_text", "tidy": "cleaned_text", "reverse": "reversed_text",
               "uppercase": "uppercase_text", "upper": "uppercase_text", "lowercase": "lowercase_text",
               "lower": "lowercase_text", "capitalize": "capitalized_text", "capitalise": "capitalized_text"}
# Changes a computer makes exactly (`reverse_text`: the characters back to front): what it answers is computed.
_EXACT = {"reversed_text": lambda t: t[::-1], "uppercase_text": str.upper, "lowercase_text": str.lower,
          "capitalized_text": lambda t: " ".join(w[:1].upper() + w[1:] for w in t.split(" "))}


def with_result(tool: str, args: dict[str, Any], rec: dict[str, Any]) -> dict[str, Any]:
    """A tool that summarises, formats, repairs or cleans a text answers with the text it made, in place of
    an echo of the one it was given (`repair_text(input_text=…)` -> `repaired_text`)."""
    verb = next((w for w in tokens(tool) if w in _TRANSFORMS), None)
    given = next(((k, v) for k, v in args.items() if isinstance(v, str) and len(v.split()) >= 4
                  and not v.startswith(("/", "http"))), None) if verb else None
    if given is None:
        return rec
    name, text = given
    field = _TRANSFORMS[verb]
    out = {k: v for k, v in rec.items() if not (k == name and v == text)}
    out[field] = _transform(field, text)
    return out


def _transform(field: str, text: str) -> str:
    if field in _EXACT:
        return _EXACT[field](text)
    sentences = [x.strip() for x in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if x.strip()]
    if field == "summary":  # the gist: the first sentence, at most a dozen words
        words = sentences[0].rstrip(".!?").split() if sentences else []
        return " ".join(words[:12]) + ("…" if len(words) > 12 else ".")
    if field == "formatted_text":  # one sentence to a line
        return "\n".join(sentences)
    # repaired, corrected, cleaned: whitespace collapsed, each sentence capitalised and ended
    fixed = [x[0].upper() + x[1:] if x else x for x in sentences]
    return " ".join(x if x.endswith((".", "!", "?", "…")) else x + "." for x in fixed)

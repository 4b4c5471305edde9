"""How data and corrections are put to a model, the same for the LLM engine and the LLM judges."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def fence(data: Any) -> str:
    """`data` as JSON inside markers it cannot forge: `<` and `>` are escaped, the tag carries a content hash."""
    body = json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1)
    body = body.replace("<", "\\u003c").replace(">", "\\u003e")
    tag = "data-" + hashlib.sha256(body.encode("utf-8")).hexdigest()[:10]
    return f"<{tag}>\n{body}\n</{tag}>"


def feedback(problems: list[str]) -> str:
    listed = "\n".join(f"- {p}" for p in problems[:20])
    return f"That answer was rejected:\n{listed}\nAnswer again with the complete, corrected JSON object."

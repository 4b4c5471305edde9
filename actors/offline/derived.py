"""Fields of one record that follow from others: an image's height from its width and aspect ratio.

A record's fields are drawn one at a time, so nothing else makes a 1:1 picture square. `in_proportion`
hands back the same record with the dependent field set from the ones it depends on.
"""

from __future__ import annotations

import re
from typing import Any

_RATIO = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[:x\u00d7/]\s*(\d+(?:\.\d+)?)\s*$")
_RATIO_KEYS = frozenset({"aspectratio", "ratio"})
_WIDTH_KEYS = frozenset({"width", "widthpx", "imagewidth", "pixelwidth"})
_HEIGHT_KEYS = frozenset({"height", "heightpx", "imageheight", "pixelheight"})


def _bare(key: str) -> str:
    return re.sub(r"[^a-z]", "", key.lower())


def in_proportion(node: Any) -> Any:
    """`node` with each object that has an aspect ratio ("16:9"), a width and a height in pixels made as tall
    as the ratio says for its width."""
    if isinstance(node, list):
        return [in_proportion(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: in_proportion(v) for k, v in node.items()}
    ratio = next((v for k, v in out.items() if _bare(k) in _RATIO_KEYS and isinstance(v, str)), None)
    width = next((k for k, v in out.items() if _bare(k) in _WIDTH_KEYS and _whole(v)), None)
    height = next((k for k, v in out.items() if _bare(k) in _HEIGHT_KEYS and _whole(v)), None)
    m = _RATIO.match(ratio) if ratio else None
    if m is None or width is None or height is None or not float(m.group(1)) or not float(m.group(2)):
        return out
    out[height] = max(1, round(out[width] * float(m.group(2)) / float(m.group(1))))
    return out


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0

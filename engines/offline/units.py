"""A call's unit arguments are the units of its answer: `temperature_unit: fahrenheit` answers in °F (`temperature_f`
where it drew `temperature_c`), `wind_speed_unit: mph` in miles an hour, `precipitation_unit: inch` in inches, and
`units: imperial` in all of them. Records are drawn in metric units, named by their unit's suffix (`_c`, `_kmh`,
`_mm`, `_km`); a field is converted, value and name, where a unit argument asks for another unit of its measure.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from engines.offline.outputs import each_json

# (measure, the argument values that ask for another unit, its suffix, the conversion from the metric field)
_UNITS: tuple[tuple[str, frozenset[str], str, Callable[[float], float]], ...] = (
    ("temperature", frozenset({"fahrenheit", "f", "°f", "imperial"}), "f", lambda c: round(c * 9 / 5 + 32, 1)),
    ("speed", frozenset({"mph", "imperial"}), "mph", lambda k: round(k / 1.609, 1)),
    ("speed", frozenset({"ms", "m/s", "mps"}), "ms", lambda k: round(k / 3.6, 1)),
    ("speed", frozenset({"kn", "kt", "knots", "kts"}), "kn", lambda k: round(k / 1.852, 1)),
    ("length", frozenset({"inch", "inches", "in", "imperial"}), "in", lambda mm: round(mm / 25.4, 2)),
    ("distance", frozenset({"mi", "miles", "imperial"}), "mi", lambda km: round(km / 1.609, 1)),
)
# Which metric suffix holds which measure, and which argument names speak of that measure.
_SUFFIX = {"c": "temperature", "kmh": "speed", "mm": "length", "km": "distance"}
_SPOKEN = {"temperature": ("temp",), "speed": ("wind", "speed"), "length": ("precip", "rain", "snow"),
           "distance": ("distance", "visibility")}


def _asked(args: dict[str, Any]) -> dict[str, tuple[str, Callable[[float], float]]]:
    """measure -> (suffix, conversion), for each measure a unit argument asks another unit of."""
    out: dict[str, tuple[str, Callable[[float], float]]] = {}
    for name, value in args.items():
        low = name.lower()
        if "unit" not in low or not isinstance(value, str):
            continue
        for measure, values, suffix, convert in _UNITS:
            named = any(w in low for w in _SPOKEN[measure])  # (`units: imperial` speaks of every measure)
            if value.lower() in values and (named or not any(w in low for s in _SPOKEN.values() for w in s)):
                out.setdefault(measure, (suffix, convert))
    return out


def _converted(node: Any, asked: dict[str, tuple[str, Callable[[float], float]]]) -> Any:
    if isinstance(node, list):
        return [_converted(x, asked) for x in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        found = re.fullmatch(r"(.+)_(c|kmh|mm|km)", key)
        measure = _SUFFIX[found.group(2)] if found else None
        if measure in asked and isinstance(value, (int, float)) and not isinstance(value, bool):
            suffix, convert = asked[measure]
            out[f"{found.group(1)}_{suffix}"] = convert(value)
        else:
            out[key] = _converted(value, asked)
    return out


def in_units(text: str, args: dict[str, Any]) -> str:
    """The result `text` (JSON, or lines of it) with its metric fields in the units the call's arguments ask for;
    text that is no JSON, or asks for no other unit, is left as it is."""
    asked = _asked(args)
    return each_json(text, lambda data: _converted(data, asked)) if asked else text

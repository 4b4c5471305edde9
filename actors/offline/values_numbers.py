"""Numbers and booleans that satisfy bounds, exclusive bounds and `multipleOf`.

A realistic proposal (from the parameter name) is moved to the nearest admissible value;
`multipleOf` is checked exactly the way jsonschema checks it (float division), because
`0.1 * 3` is not a multiple of `0.1` to jsonschema.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

from actors.offline.values_names import Hint, realistic_number

_BIG = 2**53 - 1


def _num(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def bounds(schema: dict) -> tuple[float | None, bool, float | None, bool]:
    """(low, low_exclusive, high, high_exclusive), understanding draft-04 boolean exclusives."""
    lo, hi = schema.get("minimum"), schema.get("maximum")
    lo = lo if _num(lo) else None
    hi = hi if _num(hi) else None
    lo_ex = hi_ex = False
    ex_lo, ex_hi = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
    if ex_lo is True:
        lo_ex = lo is not None
    elif _num(ex_lo) and (lo is None or ex_lo >= lo):
        lo, lo_ex = ex_lo, True
    if ex_hi is True:
        hi_ex = hi is not None
    elif _num(ex_hi) and (hi is None or ex_hi <= hi):
        hi, hi_ex = ex_hi, True
    return lo, lo_ex, hi, hi_ex


def is_multiple(value: float, step: float) -> bool:
    """jsonschema's own multipleOf test."""
    if isinstance(step, float):
        try:
            quotient = value / step
            return int(quotient) == quotient
        except OverflowError:
            return False
    if isinstance(value, float):
        return value.is_integer() and int(value) % step == 0
    return value % step == 0


def _inside(v: float, lo, lo_ex, hi, hi_ex) -> bool:
    return (lo is None or (v > lo if lo_ex else v >= lo)) and (hi is None or (v < hi if hi_ex else v <= hi))


def _proposal(lo, hi, rng: random.Random, integer: bool) -> float:
    """A modest number in range when the name gives no hint: people pass small positive numbers.

    Bounds far from zero on the other side (JavaScript's +-2**53 "safe integer" limits are
    common) do not pull the value towards them.
    """
    small_lo = 1 if lo is None or lo < 1 else lo
    small_hi = 100 if hi is None or hi > 100 else hi
    if small_lo <= small_hi:
        if hi is not None and lo is not None and hi - lo <= 100 and not integer:
            return round(rng.uniform(lo, hi), 2)
        if integer and math.ceil(small_lo) > math.floor(small_hi):
            return small_lo
        return rng.randint(math.ceil(small_lo), math.floor(small_hi)) if integer else \
            round(rng.uniform(small_lo, small_hi), 0)
    if lo is not None and lo > 100:
        return lo + rng.randint(0, 100) if hi is None or hi - lo > 100 else rng.uniform(lo, hi)
    return hi - rng.randint(0, 100) if lo is None or hi - lo > 100 else rng.uniform(lo, hi)


def _clamp(v: float, lo, lo_ex, hi, hi_ex, integer: bool) -> float:
    if integer:
        v = round(v)
        low = None if lo is None else (math.floor(lo) + 1 if lo_ex else math.ceil(lo))
        high = None if hi is None else (math.ceil(hi) - 1 if hi_ex else math.floor(hi))
        if low is not None and v < low:
            v = low
        if high is not None and v > high:
            v = high
        return v
    if lo is not None and (v < lo or (lo_ex and v == lo)):
        v = lo + (min(1.0, (hi - lo) / 2) if hi is not None else 1.0) if lo_ex else lo
    if hi is not None and (v > hi or (hi_ex and v == hi)):
        v = hi - (min(1.0, (hi - (lo if lo is not None else hi - 2)) / 2)) if hi_ex else hi
    return v


def _multiple(v: float, step: float, lo, lo_ex, hi, hi_ex, integer: bool, rng: random.Random) -> float | None:
    frac = Fraction(str(step))
    if frac <= 0:
        return None
    if integer:  # multiples of step that are also integers are multiples of its numerator
        frac = Fraction(frac.numerator)
    k0 = round(Fraction(v) / frac) + (1 if rng.random() < 0.3 else 0)  # sometimes an odd multiple, e.g. 2.5
    low_k = math.ceil(Fraction(lo) / frac) if lo is not None else k0 - 3
    for k in (k0, k0 + 1, k0 - 1, k0 + 2, k0 - 2, *range(low_k, low_k + 50)):
        value = _as_number(frac * k)
        if _inside(value, lo, lo_ex, hi, hi_ex) and is_multiple(value, step):
            return value
    return None


def _as_number(f: Fraction) -> int | float:
    return int(f) if f.denominator == 1 and abs(f) < _BIG else float(f)


def number(schema: dict, hint: Hint, integer: bool, plain: bool) -> int | float | None:
    """A number valid for the schema's numeric keywords (None when none exists)."""
    lo, lo_ex, hi, hi_ex = bounds(schema)
    rng = hint.rng
    proposal = None if plain else realistic_number(hint)
    named = proposal is not None or any(w in hint.description.lower() for w in ("number", "count", " id", "index"))
    default = schema.get("default")
    if proposal is None and not plain and _num(default) and rng.random() < 0.3:
        proposal = default
    if proposal is None:
        proposal = _proposal(lo, hi, rng, integer) if not plain else (lo if lo is not None else hi if hi is not None and hi < 0 else 0)
    if not integer and not plain and not named and rng.random() < 0.25:
        proposal += rng.choice((0.25, 0.5, 0.75))  # "number" also means fractions (not for counts or IDs)
    v = _clamp(proposal, lo, lo_ex, hi, hi_ex, integer)
    step = schema.get("multipleOf")
    if _num(step) and step > 0:
        return _multiple(v, step, lo, lo_ex, hi, hi_ex, integer, rng)
    if not _inside(v, lo, lo_ex, hi, hi_ex):
        return None
    if integer or (isinstance(v, float) and v.is_integer() and abs(v) < _BIG):
        return int(v)
    return v


def boolean(schema: dict, plain: bool, rng: random.Random) -> bool:
    if plain:
        return False
    default = schema.get("default")
    if isinstance(default, bool) and rng.random() < 0.4:
        return default
    return rng.random() < 0.5

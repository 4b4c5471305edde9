"""Numbers and booleans that satisfy bounds, exclusive bounds and `multipleOf`.

A realistic proposal (from the parameter name, a range in its description, or its
opening partner: `end_line` after `start_line`) is moved to the nearest admissible value;
`multipleOf` is checked exactly the way jsonschema checks it (float division), because
`0.1 * 3` is not a multiple of `0.1` to jsonschema.
"""

from __future__ import annotations

import math
import random
import re
import zlib
from fractions import Fraction
from functools import lru_cache
from typing import Any

from common.taxonomy import tokens
from engines.offline import values_formats as fmt
from engines.offline.places import coordinate
from engines.offline.values_describe import options
from engines.offline.values_names import Hint, counterpart, words

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


# Last words of a name whose numbers are whole, whatever type the schema gives them: IDs, positions, counts.
_WHOLE = frozenset({"id", "ids", "index", "idx", "order", "position", "positions", "count", "number", "num", "rank",
                    "page", "port", "pid"})


def number(schema: dict, hint: Hint, integer: bool, plain: bool) -> int | float | None:
    """A number valid for the schema's numeric keywords (None when none exists)."""
    lo, lo_ex, hi, hi_ex = bounds(schema)
    rng = hint.rng
    proposal = None if plain else realistic_number(hint)
    named = proposal is not None or any(w in hint.description.lower() for w in ("number", "count", " id", "index")) \
        or bool(tokens(hint.name)[-1:] and tokens(hint.name)[-1] in _WHOLE)  # (`tabIds`, `tabOrder`: no 12.75)
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


# A call's own outcome: the scripted calls succeed, so their answers say so (`ok: false` beside the board just
# created reads as a failure nothing reacts to).
_SUCCEEDED = frozenset({"ok", "success", "succeeded", "successful", "acknowledged"})
_FAILED = frozenset({"error", "iserror", "is_error", "failed", "failure", "has_error", "has_errors"})


def boolean(schema: dict, plain: bool, rng: random.Random, name: str = "") -> bool:
    if name.lower() in _SUCCEEDED:
        return True
    if name.lower() in _FAILED:
        return False
    if plain:
        return False
    default = schema.get("default")
    if isinstance(default, bool) and rng.random() < 0.4:
        return default
    return rng.random() < 0.5


# (names, choices): realistic numbers for parameter names; fitted into the bounds afterwards
_NUMBER_RULES: tuple[tuple[str, tuple[float, ...]], ...] = (
    ("stroke_width line_width border_width weight", (0.5, 1, 2, 3)),
    ("limit per_page page_size max_results top count first last max_count k max_messages return_limit "
     "max_issues max_epics comment_limit tail head num max_items max_boxes batch_size rpp", (5, 10, 20, 25, 50)),
    ("page page_idx page_number pg", (1, 2, 3)),
    ("priority", (1, 2, 3, 4)),  # a level, not 3.2 or 37
    ("index artboard artboard_index page_index track_index layer item artboard_a artboard_b to_index", (0, 1, 2, 3)),
    ("offset skip start start_at start_line", (0, 20, 40)),
    ("stop end end_line", (49, 99, 120)),
    ("ttl expire expiration expire_seconds expiry ex seconds", (900, 3600, 86400)),
    ("ms milliseconds timeout_ms delay_ms wait_ms", (500, 1500, 5000)),
    ("timeout network_timeout retry_network_timeout", (10, 30, 60)),
    ("max_delay retry_max_delay", (30, 60)),
    ("delay retry_delay", (1, 2, 5)),
    ("retries max_retries retry_max_retries attempts", (3, 5)),
    ("port", (5432, 6379, 8080)),
    ("x left cx x_position x1 x2 start_x end_x", (40, 120, 360, 640)),
    ("y top cy y_position y1 y2 start_y end_y", (40, 96, 240, 480)),
    ("status_code expected_status_code http_status", (200, 201, 404)),
    ("width w resize_width max_dim", (320, 800, 1280, 1920)),
    ("height h resize_height", (240, 600, 720, 1080)),
    ("r g b red green blue color_r color_g color_b fill_r fill_g fill_b stroke_r stroke_g stroke_b",
     (31, 111, 235, 164, 78)),
    ("c m cyan magenta yellow black", (0, 20, 65, 90)),
    ("opacity alpha", (60, 80, 100)),
    ("angle rotation degrees", (15, 45, 90)),
    ("scale zoom percent", (50, 125, 200)),
    ("pixel_aspect pixelaspect pixel_aspect_ratio aspect aspect_ratio", (1, 1, 0.9, 1.333, 1.778)),  # a shape: near 1
    ("dpi min_dpi resolution", (72, 150, 300)),
    ("fps framerate frame_rate", (24, 30, 60)),
    ("bpm", (96, 120, 128)),
    ("duration time at_time start_time end_time in_point out_point", (2, 5, 12.5, 30)),
    ("depth max_depth levels level tree_depth", (2, 3, 4)),
    ("context_lines lines line line_number", (3, 5, 42, 118)),
    ("mainline parent_number", (1, 2)),
    ("number issue_number pull_number pr pr_number discussion_number alert_number run_id milestone",
     (17, 42, 128, 311)),
    ("cvss cvss_score cvss_base_score base_score cvss_v3 cvssv3", (4.3, 5.3, 6.5, 7.5, 8.1, 9.8)),  # a 0-10 scale
    ("epss epss_score", (0.00042, 0.0031, 0.0188, 0.2742, 0.9431)),  # a probability
    ("year", (2025, 2026)),
    ("year_start start_year from_year year_from min_year year_min since_year", (2016, 2018, 2020, 2022)),
    # Parts of a date or a time hold what a calendar or a clock shows (day 28 exists in every month).
    ("month month_number", tuple(range(1, 13))),
    ("day day_of_month dom", tuple(range(1, 29))),
    ("hour", tuple(range(0, 24))),
    ("minute", tuple(range(0, 60, 5))),
    ("weekday day_of_week dow", tuple(range(1, 6))),  # Monday to Friday, whether the week counts from 0 or 1
    ("quarter", (1, 2, 3, 4)),
    # a place in a sequence that starts at 1 (a season's round, a race's lap, a show's episode): whole and small
    ("round round_number lap lap_number matchday gameweek episode episode_number chapter season_number", tuple(range(1, 21))),
    ("week week_number week_of_year", tuple(range(1, 53))),
    ("decimals decimal_places", (6, 8, 9, 18)),  # a token's or amount's decimal places: whole
    ("max_gas_amount gas_limit gas", (2000, 21000, 100000)),
    ("timestamp created created_at updated updated_at modified mtime ctime",
     tuple(int(fmt.EPOCH.timestamp()) - d * 86400 - m * 60 for d, m in ((0, 0), (1, 95), (6, 300), (30, 17)))),
    ("temperature", (0.2, 0.7)),
    ("probability likelihood confidence certainty", (0.18, 0.42, 0.67, 0.83, 0.91)),  # a chance: between 0 and 1
    ("top_p", (0.9, 0.95)),
    ("gb gib size_gb disk_size provisioned_storage_in_gib os_disk_size_gb", (64, 128, 256)),
    ("font_size size radius corner_radius", (4, 12, 14, 24)),
    ("threshold tolerance influence amount quality", (10, 25, 50, 75)),
    ("adults guests people persons travelers travellers passengers occupants party_size seats", (1, 2, 3, 4)),
    ("children kids infants pets rooms bedrooms bathrooms beds", (0, 1, 2)),
    ("nights", (2, 3, 5, 7)),
    ("days lookback_days", (7, 14, 30)),
    ("price cost budget fee fare", (25, 49.99, 120, 250, 480)),
    ("rating stars min_rating", (3, 4, 4.5)),
    ("age", (25, 34, 47, 61)),
    ("quantity qty", (1, 2, 3, 5)),
    ("replicas replica num_replicas replica_count", (1, 2, 3)),  # a service runs on a few copies
    ("height_cm body_height", (158, 170, 182)),  # a person's, in centimetres (not an image's pixels)
    ("weight weight_kg body_weight", (58, 72, 85)),
    # text split for retrieval: chunks of a few hundred tokens, overlapping by a fraction; embeddings of the
    # sizes common models give
    ("chunk_size max_chunk_size chunk_length chunksize", (256, 512, 1000)),
    ("chunk_overlap overlap overlap_size", (50, 100, 200)),
    ("dimension dimensions dim embedding_dim embedding_dimension vector_dim vector_size", (384, 768, 1536)),
)
_NUMBERS_BY_NAME: dict[str, tuple[float, ...]] = {}
for _names, _choices in _NUMBER_RULES:
    for _n in _names.split():
        _NUMBERS_BY_NAME.setdefault(_n, _choices)
_CMYK = {"c": "cyan", "m": "magenta", "y": "yellow", "k": "black"}


_POSITIONS = frozenset({"start", "end", "stop", "skip", "offset", "from", "to", "min", "max", "begin", "until"})


@lru_cache(maxsize=8192)
def _number_choices(name: str, parent: str) -> tuple[float, ...] | None:
    w = words(name)
    if w in _CMYK and any(x in words(parent) for x in ("color", "fill", "stroke")):
        w = _CMYK.get(w, w)
    if w in _NUMBERS_BY_NAME:
        return _NUMBERS_BY_NAME[w]
    tokens = w.split("_")
    # what is counted (`year` of `yearStart`) says more than where in a range it sits (`start`)
    for token in [t for t in reversed(tokens) if t not in _POSITIONS] + [t for t in reversed(tokens) if t in _POSITIONS]:
        if token in _NUMBERS_BY_NAME and len(token) > 2:
            return _NUMBERS_BY_NAME[token]
    if tokens[0] in ("max", "min", "num") or tokens[-1] in ("count", "total"):
        return (2, 3, 5, 10)
    return None


def _id_number(h: Hint) -> int:
    """A numeric ID: as many digits as the description's example has ("e.g. 10000002"), else as many as its
    kind's IDs have throughout the suite (the kind decides, 4 to 7 digits), never one pool of numbers for
    every kind of every system."""
    shown = [x for x in re.findall(r"\b\d{3,12}\b", h.description or "") if not re.fullmatch(r"(19|20)\d\d", x)]
    if shown:
        digits = len(shown[0])
    else:
        kind = "_".join(w for w in words(h.name).split("_") if w not in ("id", "ids")) or "id"
        digits = 4 + zlib.crc32(kind.encode()) % 4
    return h.rng.randint(10 ** (digits - 1), 10 ** digits - 1)


@lru_cache(maxsize=8192)
def _described_range(description: str) -> tuple[float, float] | None:
    m = re.search(r"(-?\d+(?:\.\d+)?)\s*(?:-|–|to)\s*(-?\d+(?:\.\d+)?)", description) or \
        re.search(r"between (-?\d+(?:\.\d+)?) and (-?\d+(?:\.\d+)?)", description)
    if not m:
        return None
    lo, hi = float(m.group(1)), float(m.group(2))
    return (lo, hi) if lo < hi else None


_EPOCH_WORDS = r"\bunix\b|\bepoch\b|seconds since|\bposix time"
# (a text `timestamp` is ISO 8601, not a Unix time; a "timestamp in milliseconds" is one)
_EPOCH_TEXT = re.compile(_EPOCH_WORDS + r"|\btimestamps?\W{1,3}(?:in\s+|as\s+)?(?:milli)?seconds\b", re.I)
# (a number said to be a timestamp, "Timestamp to get logs after", is one too)
_UNIX = re.compile(_EPOCH_WORDS + r"|\btimestamp\b", re.I)
_EPOCH_FLOOR = 10 ** 9  # a number this large beside a Unix time is one too (2001 onwards)


def unix_time(h: Hint) -> int:
    """A moment up to a month before now as a Unix time: in milliseconds where the slot says so."""
    at = int(fmt.EPOCH.timestamp()) - h.rng.choice((0, 1, 7, 30)) * 86400 - h.rng.randint(0, 600) * 60
    return at * 1000 if re.search(r"milli", h.description, re.I) else at


def epoch_text(h: Hint, form: Any) -> str | None:
    """A string slot that holds a Unix time ("in milliseconds since the epoch", format int64) as its digits;
    None for other strings."""
    if form in ("date", "date-time", "time") or not _EPOCH_TEXT.search(h.description):
        return None
    start = counterpart(h)
    if isinstance(start, str) and start.isdigit():  # an end time after its start, in the start's unit
        return str(int(start) + h.rng.choice((30, 60, 90)) * 60 * (1000 if len(start) > 11 else 1))
    return str(unix_time(h))


_DESCRIBED_DEFAULT = re.compile(r"\bdefaults?(?:\s+(?:is|to|of|value))?\s*[:=]?\s*(-?\d+(?:\.\d+)?)\b", re.I)
_CODED = re.compile(r"(?<![\w.:-])(-?\d+)\s*(?:=|:|->|\u2192)\s*[\"'`]?[A-Za-z]")  # a number and what it means
_IN_MS = re.compile(r"\b(milliseconds?|millis|in ms)\b", re.I)
_DURATIONS = frozenset({"timeout", "wait", "delay", "duration", "interval", "ttl"})


def realistic_number(h: Hint) -> float | None:
    """A realistic number for this slot, or None when nothing about it is known."""
    start = counterpart(h)
    if isinstance(start, (int, float)) and not isinstance(start, bool):
        if start > _EPOCH_FLOOR:  # `todate` a day to a month after `fromdate`, both Unix times
            return start + h.rng.choice((1, 7, 30)) * 86400
        if "year" in words(h.name).split("_") and 1900 < start <= fmt.EPOCH.year:  # a span of years up to this one
            return min(start + h.rng.choice((1, 2, 3, 5)), fmt.EPOCH.year)
        return start + h.rng.choice((5, 10, 20, 40))  # `end_line` after `start_line`, `max` above `min`
    placed = coordinate(h.name, h.rng, h.siblings, h.org.locale)
    if placed is not None:  # a real city's latitude or longitude, the same city as its other coordinate
        return placed
    if _UNIX.search(h.description):  # "Unix date.", "seconds since the epoch"
        return unix_time(h)
    if words(h.name).split("_")[-1] == "port" and (known := fmt.service(h.description)):  # "SMTP port": 587
        return known[0]
    coded = _CODED.findall(h.description or "")
    if len(coded) >= 2:  # "0 = No priority, 1 = Urgent, …", "Chain ID (1: Ethereum, 10: Optimism, …)": one of those
        return int(h.rng.choice(coded))
    if words(h.name).endswith("id"):
        return _id_number(h)
    said = _DESCRIBED_DEFAULT.search(h.description or "")
    if said is not None and h.rng.random() < 0.6:  # "Pixel aspect ratio (default: 1.0)": what is usually sent
        return float(said.group(1)) if "." in said.group(1) else int(said.group(1))
    choices = _number_choices(h.name, h.parent)
    if _IN_MS.search(h.description or "") and set(words(h.name).split("_")) & _DURATIONS:
        choices = (5000, 10000, 30000, 60000)  # a timeout "in milliseconds" of seconds, not of 10 ms
    if choices is None and h.role == "pagination":
        choices = (10, 20, 50)
    if choices is not None:
        return h.rng.choice(choices)
    listed = [float(x) for x in options(h.description) if re.fullmatch(r"-?\d+(?:\.\d+)?", x)] if h.description else []
    if listed:
        return h.rng.choice(listed)  # "Supported values 300, 600, 900"
    span = _described_range(h.description) if h.description else None
    if span is not None:
        lo, hi = span
        return round(lo + (hi - lo) * h.rng.choice((0.1, 0.25, 0.5, 0.8)), 2)
    return None

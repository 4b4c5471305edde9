"""Timestamps that agree within one record: created or started no later than updated, finished or expiring.

A record's timestamps are drawn one field at a time, so nothing else keeps `created_at` before
`updated_at`. `ordered` hands the same values back to the same fields in an order that agrees, and
`contradictions` finds the records where they do not (the quality bench counts them).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from datetime import datetime, timedelta, timezone
from typing import Any

from common.taxonomy import tokens

# Stems of timestamp keys (`created_at`, `startTime`, `finished_on`), in pairs of groups: in one record each
# stem of a pair's first group comes no later than each of its second. (A start may well come after an update:
# an event planned in January for March.)
PAIRS = ((("created", "creation", "opened", "issued"),
          ("updated", "lastupdated", "modified", "lastmodified", "closed", "resolved", "expires", "expiry")),
         (("start", "started", "starts", "begin"), ("end", "ended", "ends", "finished", "completed", "stopped")),
         (("first", "earliest", "oldest"), ("last", "latest", "newest", "next")),  # `date_first` .. `date_next`
         (("last", "previous", "prev"), ("next", "upcoming")))  # `last_run_at` .. `next_run_at`
_STEMS = {s for pair in PAIRS for group in pair for s in group}
_KEY = re.compile(r"^(?:date|time)?(?P<stem>[a-z]+?)"
                  r"(?:at|time|date|on|timestamp|ts|month|day|seen|run|runat|runtime|sync|syncat|login|loginat)?$")
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$")


@lru_cache(maxsize=4096)
def stem(key: str) -> str | None:
    """`created` for `created_at`/`createdAt`/`creation_time`; None for keys that are no timestamp of the two kinds."""
    m = _KEY.match(re.sub(r"[^a-z]", "", key.lower()))
    return m.group("stem") if m and m.group("stem") in _STEMS else None


def when(value: Any) -> datetime | None:
    """An ISO 8601 date or date-time as an aware datetime (UTC when it names no zone); epoch numbers are not read."""
    if not isinstance(value, str) or not _ISO.match(value.strip()):
        return None
    try:
        t = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


def _stamps(obj: dict, pair: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[list, list]:
    early, late = [], []
    for key, value in obj.items():
        s = stem(key)
        if s is None:  # most keys are no timestamp: their values need no parsing
            continue
        t = when(value)
        if s is not None and t is not None and (s in pair[0] or s in pair[1]):
            (early if s in pair[0] else late).append((key, t))
    return early, late


def contradictions(obj: dict) -> list[str]:
    """In one object: each timestamp of a pair's first group that comes after one of its second."""
    out = []
    for pair in PAIRS:
        early, late = _stamps(obj, pair)
        out += [f"{k1} {t1.isoformat()} after {k2} {t2.isoformat()}" for k1, t1 in early for k2, t2 in late if t1 > t2]
    return out


MADE = PAIRS[0][0]  # stems of the moment a record came to be
_SOON = timedelta(days=1)  # records made in the workflow are made minutes after its now


def made_later(obj: dict, now: datetime) -> list[str]:
    """The moments `obj` says it was created or opened that lie after the world's `now`: nothing that already
    exists was made in the future."""
    return [f"{k} {t.isoformat()} after now" for k, t in _stamps(obj, (MADE, ()))[0] if t > now + _SOON]


def ident(obj: dict) -> Any:
    """The record's identifier: its `id`, else its `uuid` or `name`; None where it has none."""
    return next((obj[k] for k in ("id", "uuid", "name") if isinstance(obj.get(k), (str, int))
                 and not isinstance(obj.get(k), bool)), None)


def made_at(obj: dict) -> tuple[Any, datetime] | None:
    """The record's identifier (its `id`, else its `name`) and the moment it says it was created, if both."""
    who = ident(obj)
    made = _stamps(obj, (MADE, ()))[0]
    return (who, made[0][1]) if who is not None and made else None


def keep_made(node: Any, made: dict[str, datetime]) -> Any:
    """`node` with every record that carries one of `made`'s identifiers dated as made then (each call that shows
    the record shows one creation moment), and no change of it before that moment."""
    if isinstance(node, list):
        return [keep_made(x, made) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: keep_made(v, made) for k, v in node.items()}
    who = ident(out)
    moment = made.get(str(who)) if who is not None else None
    if moment is None:
        return out
    for key, value in out.items():
        s, t = stem(key), when(value)
        if t is not None and (s in MADE or s in PAIRS[0][1] and t < moment):
            out[key] = _like(value, moment) or value
    return out


def _shape(value: str) -> str:
    return re.sub(r"\d", "9", value)


_WRITTEN = re.compile(r"^\d{4}-\d{2}-\d{2}(?:(?P<sep>[T ])\d{2}:\d{2}(?P<sec>:\d{2}(?P<frac>\.\d+)?)?"
                      r"(?P<zone>Z|[+-]\d{2}:?\d{2})?)?$")


def _like(template: str, t: datetime) -> str | None:
    """`t` written the way `template` is: a date; or a date-time with its separator, seconds, fraction and zone
    (`Z`, `+02:00`, `+0200` or none, read as UTC); None where `template` is no ISO 8601 moment."""
    m = _WRITTEN.match(template.strip()) if isinstance(template, str) else None
    if m is None:
        return None
    if m.group("sep") is None:
        return t.date().isoformat()
    zone = m.group("zone")
    if zone and zone != "Z":
        sign = 1 if zone[0] == "+" else -1
        digits = zone[1:].replace(":", "")
        offset = timezone(sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))
    else:
        offset = timezone.utc
    local = t.astimezone(offset)
    out = local.strftime(f"%Y-%m-%d{m.group('sep')}%H:%M")
    if m.group("sec"):
        out += local.strftime(":%S")
        if m.group("frac"):
            width = len(m.group("frac")) - 1
            out += "." + f"{local.microsecond:06d}"[:width].ljust(width, "0")
    if zone == "Z":
        out += "Z"
    elif zone:
        tail = local.strftime("%z")  # +0200
        out += tail if ":" not in zone else f"{tail[:3]}:{tail[3:]}"
    return out


def ordered(node: Any) -> Any:
    """`node` with every object's timestamps in agreeing order: the same values handed back, the earliest on
    the created/started fields, among values written alike; a later field written otherwise (a date beside
    date-times) that still comes first is moved to the day after, in its own format."""
    if isinstance(node, list):
        return [ordered(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: ordered(v) for k, v in node.items()}
    for pair in PAIRS:
        early, late = _stamps(out, pair)
        if not early or not late or max(t for _, t in early) <= min(t for _, t in late):
            continue
        for shape in {_shape(out[k]) for k, _ in early + late}:
            e = [k for k, t in sorted(early, key=lambda kt: kt[1]) if _shape(out[k]) == shape]
            l_ = [k for k, t in sorted(late, key=lambda kt: kt[1]) if _shape(out[k]) == shape]
            values = sorted((out[k] for k in e + l_), key=when)
            out.update(zip(e + l_, values))
        early, late = _stamps(out, pair)
        first = max((t for _, t in early), default=None)
        for k, t in late:
            if first is not None and t < first and (moved := _like(out[k], first + timedelta(days=1))) is not None:
                out[k] = moved
    return out


# Words of an argument that bounds a range of dates from below or above (`date_from`, `until`, `startDate`).
SINCE = frozenset({"start", "from", "since", "after", "begin", "min", "earliest", "oldest", "gte"})
UNTIL = frozenset({"end", "to", "until", "before", "max", "latest", "till", "lte"})


def window(args: dict[str, Any]) -> tuple[datetime, datetime] | None:
    """The span of dates a call's arguments ask for (`date_from`, `before`), or None where they bound none; an
    open end is as far as dates go (`within` stops it at now)."""
    lo = hi = None
    for name, value in args.items():
        t = when(value) if isinstance(value, str) else None
        words = set(tokens(name))
        if t is None:
            continue
        if words & SINCE and not words & UNTIL:
            lo = lo or t
        elif words & UNTIL and not words & SINCE:
            hi = hi or t
    if lo is None and hi is None or lo is not None and hi is not None and lo > hi:
        return None
    return (lo or datetime.min.replace(tzinfo=timezone.utc), hi or datetime.max.replace(tzinfo=timezone.utc))


_MAIN = (("published", "publication", "posted", "release", "date", "issued"), ("start", "begin"), ("creat",))
_YEARS = frozenset({"year", "publishedyear", "publicationyear", "releaseyear"})


def _bare(key: str) -> str:
    return re.sub(r"[^a-z]", "", key.lower())


def within(rec: dict[str, Any], span: tuple[datetime, datetime], now: datetime, key: str) -> dict[str, Any]:
    """`rec` dated inside `span` (a search since 24 January finds what was published since then): where its
    main date (published, else started, else created) lies outside, every one of its timestamps moves by the
    same amount, so they keep their order, to a moment of its own inside the span and before `now`; a
    `year` is set to that moment's year."""
    lo, hi = span[0], min(span[1], now)
    if lo > hi:
        return rec
    given, rec = rec, ordered(rec)  # (drawn one field at a time, its end may precede its start: order, then move)
    stamps = {k: t for k, v in rec.items() if (t := when(v)) is not None and _like(v, t) is not None}
    main = next((k for group in _MAIN for k in stamps if _bare(k).startswith(group)), None)
    years = [k for k, v in rec.items() if _bare(k) in _YEARS and isinstance(v, int)
             and not isinstance(v, bool)]
    if main is None and not years:
        return given
    if main is not None and lo <= stamps[main] <= hi or main is None and all(lo.year <= rec[k] <= hi.year for k in years):
        return given
    start = max(lo, hi - timedelta(days=365 * 3))  # (an open start: a few years back, not the year 1)
    target = start + (hi - start) * random.Random(f"within:{key}").random()
    out = dict(rec)
    if main is not None:
        later = max(stamps.values()) - stamps[main]
        target = max(start, min(target, hi - later))  # (its last change still before now)
        delta = target - stamps[main]
        out.update({k: _like(rec[k], t + delta) for k, t in stamps.items()})
    out.update({k: target.year for k in years})
    return out


def records_within(node: Any, span: tuple[datetime, datetime], now: datetime, key_of: Any, depth: int = 0) -> Any:
    """`node` (an output) with each record it answers with (the output, what its wrapper or lists hold, not the
    parts of a record) dated inside `span` by `within`, under the key `key_of(record)` gives; a record it gives
    None for (one shown before, dated then) stays as it is."""
    if isinstance(node, list):
        return [records_within(x, span, now, key_of, depth) for x in node]
    if not isinstance(node, dict) or depth > 1:
        return node
    out = {k: records_within(v, span, now, key_of, depth + 1) for k, v in node.items()}
    key = key_of(out)
    return within(out, span, now, key) if key is not None else out

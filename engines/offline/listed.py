"""Fields a tool's description says its result holds: "Real-time arrivals with delay predictions, crowding
levels and service alerts" answers with `delay_predictions`, `crowding_level`, `service_alerts`.

Where the spec declares no output and nothing is known of the record's kind, what the author wrote about
the result is the best account of it there is. Each listed item becomes a field, its value drawn by what
its last word says it is: a rate, a level, a count, a time, a list of things, a piece of text.
"""

from __future__ import annotations

import random
import re
from datetime import timedelta
from functools import lru_cache
from typing import Any

from common.taxonomy import singular
from engines.offline import values_formats as fmt
from engines.offline.world import Organisation

_MARKER = re.compile(r"\b(?:with|including|includes|include|containing|contains|showing|shows?|returns?|"
                     r"provides?|such as)\s+", re.I)
_ITEMS = re.compile(r"[^.;:()]+")
_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+&\s+")
_LEADING = frozenset({"a", "an", "the", "its", "their", "any", "all", "detailed", "comprehensive", "full", "basic",
                      "additional", "optional", "various", "relevant", "useful", "key", "rich", "complete", "real-time",
                      "realtime", "current", "latest", "live", "other", "more", "some", "each", "every", "also"})
_NOT_FIELDS = frozenset({"support", "options", "option", "ability", "filter", "filters", "filtering", "pagination",
                         "parameters", "parameter", "arguments", "api", "mcp", "tool", "tools", "data", "information",
                         "info", "details", "results", "result", "output", "response", "json", "format", "ease",
                         "error", "errors", "handling", "caching", "fallback", "retries", "request", "requests",
                         # what a call is given, not what it answers with ("with optional date range and limit")
                         "limit", "limits", "range", "offset", "paging", "sorting"})
_WORD = re.compile(r"^[a-z][a-z-]*$")
# A verb, then kinds of one thing listed before it: "Extract creation, modification, and publication timestamps".
_SERIAL = re.compile(r"^\s*(?:get|gets|extract|extracts|retrieve|retrieves|fetch|fetches|return|returns|detect|"
                     r"detects|find|finds|calculate|calculates|compute|computes)\s+(?:the\s+)?"
                     r"([a-z]+(?:,\s*[a-z]+)*,?\s+(?:and|or)\s+[a-z]+)\s+([a-z]+s)\b", re.I)
# A description that says the one thing its tool answers with: "Get the name of …", "Returns the URL for …".
_ONE_FIELD = re.compile(r"^\s*(?:get|gets|return|returns|retrieve|retrieves|fetch|fetches|read|reads|show|shows)\s+"
                        r"(?:the\s+|a\s+)?(?:current\s+)?(name|title|url|status|state|version|count|size|path|value|"
                        r"location|position|price|balance|address|owner|language|score|rating|temperature)\s+"
                        r"(?:of|for)\b", re.I)


@lru_cache(maxsize=4096)
def listed_fields(description: str) -> tuple[str, ...]:
    """The fields the first sentence of `description` lists (at most six), as snake_case names."""
    first = re.split(r"(?<=[.!?])\s", description.strip(), maxsplit=1)[0] if description else ""
    markers = list(_MARKER.finditer(first))  # the last one: "Returns the profile including name, email"
    # ("… data with optional date range and limit": the options a call takes, not the fields of its answer)
    options = bool(markers) and first[markers[-1].end():].lower().startswith(("optional ", "an optional "))
    items = _ITEMS.match(first, markers[-1].end()) if markers and not options else None
    out: list[str] = []
    for item in _SPLIT.split(items.group()) if items is not None else ():
        words = [w for w in item.strip().lower().split() if w]
        while words and words[0] in _LEADING:
            words = words[1:]
        if not 1 <= len(words) <= 3 or not all(_WORD.match(w) for w in words) or words[-1] in _NOT_FIELDS \
                or words[-1].endswith("ing") or words[-1] in ("and", "or", "of", "for", "to", "in"):
            continue
        name = "_".join(w.replace("-", "_") for w in words)
        if name not in out:
            out.append(name)
    if len(out) >= 2:
        return tuple(out[:6])
    serial = _SERIAL.match(first)
    if serial is not None:  # "Extract creation, modification, and publication timestamps": one field each
        noun = singular(serial.group(2).lower())
        said = [w.lower() for w in re.split(r",?\s+(?:and|or)\s+|,\s*", serial.group(1)) if w]
        if len(said) >= 2 and noun not in _NOT_FIELDS and all(_WORD.match(w) for w in said):
            return tuple(f"{w}_{noun}" for w in said[:6])
    # one item is a phrase, not a list of what comes back, unless it names a field ("Get the name of the avatar")
    one = _ONE_FIELD.match(first)
    return (one.group(1).lower(),) if one else ()


_RATES = frozenset({"rate", "rates", "percentage", "percent", "ratio", "share", "probability", "confidence"})
_LEVELS = frozenset({"level", "levels", "severity", "intensity", "risk", "priority"})
_COUNTS = frozenset({"count", "counts", "number", "total", "totals", "views", "followers", "likes", "votes"})
_TIMES = frozenset({"time", "times", "eta", "deadline", "date", "dates", "timestamp", "schedule"})
# The order past moments of one thing come in: made, then published, then last changed.
_SEQUENCE = ({"creation", "created", "birth", "registration", "signup", "first"}, {"publication", "published"},
             {"modification", "modified", "update", "updated", "last", "previous"})
_PAST = frozenset().union(*_SEQUENCE)  # (a moment any of these names was before now)


def in_sequence(fields: dict[str, Any]) -> dict[str, Any]:
    """Listed moments of one thing in the order they happen (created before published before last modified)."""
    def rank(name: str) -> int | None:
        said = set(name.split("_"))
        return next((k for k, group in enumerate(_SEQUENCE) if said & group), None) \
            if name.rsplit("_", 1)[-1] in _TIMES else None
    timed = sorted((rank(k), k) for k in fields if rank(k) is not None and isinstance(fields[k], str))
    moments = sorted(fields[k] for _, k in timed)  # (ISO times in one zone sort as text)
    return {**fields, **{k: moment for (_, k), moment in zip(timed, moments)}}


_AMOUNTS = frozenset({"price", "prices", "cost", "costs", "fee", "fees", "amount", "balance", "revenue"})
_TEXTS = frozenset({"directions", "instructions", "description", "summary", "analysis", "notes", "advice",
                    "explanation", "recommendation", "recommendations", "impact", "overview", "status"})


_CODENAMES = ("Atlas", "Nova", "Echo", "Orion", "Juniper", "Maple", "Vega", "Aurora")


def listed_value(field: str, org: Organisation, rng: random.Random, about: str, siblings: tuple[str, ...] = ()) -> Any:
    """A value for a listed field, by what its last word says it holds; `siblings` are the other fields listed
    with it (Markdown beside an image URL shows that image)."""
    last = field.rsplit("_", 1)[-1]
    thing = field.replace("_", " ")
    if last in _RATES:
        return round(rng.uniform(0.55, 0.99), 2) if last not in ("percentage", "percent") else rng.randint(55, 99)
    if last in _LEVELS:
        return rng.choice(("low", "moderate", "high"))
    if last in _COUNTS:
        return rng.randint(2, 480)
    if last in _AMOUNTS:
        return round(rng.uniform(2, 400), 2)
    if last in _TIMES:  # what was made or changed was so before now; an arrival or a deadline is ahead
        ago = set(field.split("_")) & _PAST
        moment = fmt.EPOCH - timedelta(days=rng.randint(20, 400)) if ago else \
            fmt.EPOCH + timedelta(minutes=rng.randint(5, 600))
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    if last in ("minutes", "seconds", "hours", "days", "duration", "distance", "km", "miles"):
        return rng.randint(2, 45)
    if last.endswith(("url", "uri", "link")) or "markdown" in field.split("_"):
        # an address of what is described (a picture's ends in .png), or Markdown that shows it
        slug = "-".join(re.findall(r"[a-z0-9]+", about.lower()))[:40] or "item"
        pictured = any("image" in f for f in (field, *siblings)) or "image" in about.lower()
        drawn = random.Random(f"{org.seed}:{about}:{rng.random()}" if not siblings else f"{org.seed}:{about}:{siblings}")
        url = f"https://{org.domain}/{slug}/{drawn.getrandbits(32):08x}{'.png' if pictured else ''}"
        return (f"![{about}]({url})" if pictured else f"[{about}]({url})") if "markdown" in field.split("_") else url
    if last in ("name", "title", "label"):  # what someone called it: the thing and a name of its own
        thing = [w for w in about.split() if w.lower() not in ("name", "title", "label", "names", "titles")]
        return f"{thing[-1].capitalize() if thing else 'Item'} {rng.choice(_CODENAMES)}"
    if last in ("status", "state"):
        return rng.choice(("active", "ready", "ok", "enabled"))
    if last in _TEXTS:
        return f"{thing.capitalize()} for {about}: {rng.choice(('as expected', 'a few changes', 'worth a look'))}."
    if last.endswith("s") and not last.endswith("ss") and singular(last) != last:  # "alternative routes"
        one = singular(last).capitalize()
        return [f"{one} {'ABCDE'[k]}" for k in range(rng.randint(1, 3))]
    return f"{thing.capitalize()} of {about}" if about else thing.capitalize()

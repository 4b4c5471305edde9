"""What records of common kinds hold, for tools whose spec says nothing of their output.

Most MCP tools declare no outputSchema, and for most of them no other tool of the spec names the
fields of their kind either (a news search, a weather lookup, a coin price). A real server still
answers with the fields such a record has everywhere: an article has a title, a source and a
publication date; a forecast has a temperature and conditions; a coin has a price and a market cap.
The kinds here are common nouns, matched on the words of the tool's entity, never on a product;
each field is drawn by its meaning (a count spans magnitudes, a price has cents, a search hit's
score falls with its rank), so a record reads like one of its kind whatever the spec.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

from common.taxonomy import singular, tokens
from engines.offline.derived import forecast, plausible_weather
from engines.offline.kind_fields import (DONE, JOBS, KINDS, LANGUAGES, LEVELS, METRICS, NOT_STARTED, OUTLET_SITES,
                                         PROGRESS, Draw, series)
from engines.offline import kind_fields_market as market
from engines.offline.kind_fields_chain import LEDGER_BY_WORD
from engines.offline.values_standard import CITY_COORDS, CITY_COUNTRY
from engines.offline.world import Organisation



def _ledger_fields(kind: str) -> dict[str, Draw] | None:
    words = _words(kind)
    return LEDGER_BY_WORD.get(words[-1]) if words else None


_BY_WORD: dict[str, dict[str, Draw]] = {}
_FIRST: dict[int, str] = {}  # a kind's fields -> the first word of the kind (`service` for `app`'s)
for _words, _fields in KINDS:
    _FIRST[id(_fields)] = _words.split()[0]
    for _w in _words.split():
        _BY_WORD.setdefault(_w, _fields)
# Kinds of what a generator makes and hands back (a picture, a QR code): whatever settings a spec's own tools
# give it, the answer carries the thing made.
ARTIFACTS = frozenset({"image", "photo", "picture", "screenshot", "thumbnail", "qrcode", "qr", "barcode", "diagram",
                       "plot", "chart", "visualization"})
# A chart is a picture where it is a bar, line or pie chart; a coin's `market_chart` is its price history.
_CHART_TYPES = frozenset({"bar", "line", "pie", "scatter", "area", "heatmap", "polar", "cartesian", "axis", "radar",
                          "progress", "box", "boxplot", "histogram", "donut", "gantt", "funnel", "candlestick"})
# Kinds of software's own records: elsewhere their words mean other things (a subway's service, a court's log).
_SOFTWARE_KINDS = frozenset({"commit", "deployment", "service", "log", "database", "version", "secret", "webhook",
                             "domain", "certificate", "trace", "session"})


# Words that say "about the thing" rather than name a kind: `server_info` is a server's record.
_ABOUT = frozenset({"info", "information", "detail", "details", "overview", "data", "profile"})


def _words(kind: str) -> list[str]:
    """A kind's words, singular, without a closing "info" or "details" (`server_info` is a server's)."""
    words = [singular(w) for w in tokens(kind)]
    while len(words) > 1 and words[-1] in _ABOUT:
        words = words[:-1]
    return words


def _no_picture(words: list[str]) -> bool:
    return words[-1] == "chart" and len(words) > 1 and words[-2] not in _CHART_TYPES


def is_artifact(kind: str) -> bool:
    return bool(_words(kind)) and _words(kind)[-1] in ARTIFACTS and not _no_picture(_words(kind))


def fields_of(kind: str) -> dict[str, Draw] | None:
    """The fields a record of `kind` carries: from its head noun (`news article`: article; `server info`:
    server), else any word."""
    words = _words(kind)
    if words and words[-1] == "time" and not (len(words) == 1 or words[-2] in _CLOCKS):
        return None  # a lap time, a response time: how long something took, not what a clock reads
    if words and words[-1] in ("status", "state") and set(words[:-1]) & JOBS:
        return PROGRESS  # a job's status is how far it has got
    if words and _no_picture(words):
        words = words[:-1]  # (a coin's market chart: what the coin's record holds)
    if (figures := market.market_fields(words)) is not None:  # a balance sheet, not a bank balance
        return figures
    for w in reversed(words):
        if w in _BY_WORD:
            return _BY_WORD[w]
    return None


_CLOCKS = frozenset({"current", "local", "server", "system", "world", "utc", "now", "date"})


# Field-name words every kind of record has: they say nothing of which kind it is.
_PLAIN = frozenset({"status", "state", "title", "name", "url", "id", "created", "updated", "at", "description",
                    "summary", "content", "timestamp", "type", "count", "value", "date", "time", "text", "author",
                    "query"})  # (every search speaks of its query: a card search's is no BI card's `query_type`)


# Kind words with more than one common sense: a `forecast` of sales or of a statistic is no weather forecast, a
# page's `block` no blockchain block, a train `ticket` no support ticket. Their kind's fields only where the spec
# speaks of one of them (a support desk's priority or assignee).
# (a train's or a concert's ticket is no support ticket; a kanban board's or a payment card is no BI question)
# (an API gateway's route is no trip; a swap's or a shipping quote no stock quote)
_SENSES = frozenset({"forecast", "block", "ticket", "card", "route", "quote"})


def borrowable(kind: str, speaks_of: Callable[[str], bool], technical: bool = True, ledger: bool = False) -> bool:
    """Whether records of `kind` may carry the fields its kind has anywhere. Where the kind's last word names
    a kind on its own (`weather`, `alert`), yes; where only another of its words does (`service_disruption`),
    two of them name different kinds (`station_transfer`: a place, a payment), or the kind is software's
    and the spec is not about software (a subway's `service`), only if the spec speaks of a field of that
    kind (a transfer's `amount`, a server's `region`): a word has more than one sense."""
    if ledger and _ledger_fields(kind) is not None:
        return True
    words = _words(kind)
    if market.market_fields(words) is not None:  # (named by finance's own phrase: one sense only)
        return True
    fields = fields_of(kind)
    if fields is None:
        return False
    if words[-1] in ARTIFACTS:
        return True  # an author's photo, a book's cover image: a picture whoever it is of
    others = {id(_BY_WORD[w]) for w in words[:-1] if w in _BY_WORD}
    if words[-1] in _BY_WORD and not others - {id(_BY_WORD[words[-1]])} and words[-1] not in _SENSES \
            and (technical or _FIRST[id(fields)] not in _SOFTWARE_KINDS):
        return True
    if words[-1] in _SENSES and (any(w in _BY_WORD and _BY_WORD[w] is fields for w in words[:-1])
                                 or speaks_of(_FIRST[id(fields)])):
        return True  # `weather_forecast`, or a forecast in a spec that speaks of the weather
    telling = [f for f in fields if not set(tokens(f)) <= _PLAIN]
    return not telling or any(speaks_of(f) for f in telling)


def record(kind: str, org: Organisation, key: str, topic: str) -> dict[str, Any]:
    """A record of a common kind, the same for the same key; `topic` is what it is about (a search's
    query, the record's own name)."""
    fields = (_ledger_fields(kind) if org.ledger else None) or fields_of(kind)
    if fields is None:
        return {}
    out = {name: draw(random.Random(f"{key}:{name}"), org, topic) for name, draw in fields.items()}
    if isinstance(out.get("temperature_c"), float):
        plausible_weather(out, topic, random.Random(f"{key}:feels"))
        if "forecast" in _words(kind):  # what lies ahead, period by period, not a reading of now
            out = forecast(out, topic, random.Random(f"{key}:ahead"), hourly="hourly" in _words(kind))
    if out.get("format") in ("png", "jpeg", "webp", "svg") and isinstance(out.get("url"), str):  # a picture's own file
        ext = "jpg" if out["format"] == "jpeg" else out["format"]
        out["url"] = f"https://{org.domain}/media/{random.Random(f'{key}:file').getrandbits(48):012x}.{ext}"
    if isinstance(out.get("latitude"), float) and isinstance(out.get("longitude"), float):  # a real place
        rng = random.Random(f"{key}:place")
        where = topic if topic in CITY_COORDS else rng.choice(tuple(CITY_COORDS))
        lat, lng = CITY_COORDS[where]
        out.update(latitude=round(lat + rng.uniform(-0.03, 0.03), 5), longitude=round(lng + rng.uniform(-0.03, 0.03), 5))
        if "country" in out:
            out["country"] = CITY_COUNTRY[where]
    if out.get("code") in LANGUAGES and "name" in out:
        out["name"] = LANGUAGES[out["code"]]
    if isinstance(out.get("content"), str) and isinstance(out.get("word_count"), int):  # (the count of that text)
        out["word_count"] = len(re.findall(r"\w+", out["content"]))
    market.cohere(out, random.Random(f"{key}:sums"), org, topic)  # (a balance sheet that balances, a bar that holds)
    if isinstance(out.get("progress_percent"), int) and isinstance(out.get("state"), str):  # (never completed at 12 %)
        state = out["state"]
        out["progress_percent"] = 100 if state in DONE else 0 if state in NOT_STARTED else min(out["progress_percent"], 99)
    if out.get("metric") in METRICS and "service" in out:  # a series in the metric's own unit and range
        unit, lo, hi = METRICS[out["metric"]]
        out.update(unit=unit, points=series(random.Random(f"{key}:points"), lo, hi))
    if isinstance(out.get("level"), str) and isinstance(out.get("message"), str):
        out["level"] = next(level for cue, level in LEVELS if cue in out["message"])
    if out.get("source") in OUTLET_SITES and isinstance(out.get("url"), str):  # an outlet's story is on its site
        out["url"] = out["url"].replace(f"https://{org.domain}/", f"https://www.{OUTLET_SITES[out['source']]}/")
    return out


def as_file(rec: dict[str, Any], path: str) -> dict[str, Any]:
    """`rec` of a file saved at `path` (`…/hero.png`): its `format`, and its link's ending, are the path's."""
    name = path.rsplit("/", 1)[-1] if path.startswith("/") else ""
    ext = name.rpartition(".")[2].lower() if "." in name else ""
    said = "jpeg" if ext == "jpg" else ext  # (as a picture's format is written)
    if not ext or not isinstance(rec.get("format"), str) or rec["format"] in (ext, said):
        return rec
    url = rec.get("url")
    return {**rec, "format": said, **({"url": re.sub(r"\.\w+$", f".{ext}", url)} if isinstance(url, str) else {})}


def outlet_site(outlet: str) -> str:
    """The site a news outlet publishes on."""
    return OUTLET_SITES[outlet]


def snippet(rng: random.Random, org: Organisation, topic: str) -> str:
    """The lines of a search hit around the words searched for."""
    return rng.choice((f"...what we found on {topic}, with sources and figures...",
                       f"...a closer look at {topic} and why it matters...",
                       f"...{topic}: the details, step by step..."))


def hit_score(rank: int, rng: random.Random) -> float:
    """A relevance score that falls with the rank of the hit."""
    return round(max(0.05, 0.97 - 0.11 * rank - rng.uniform(0, 0.05)), 3)

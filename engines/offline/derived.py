"""Fields of one record that follow from others: an image's height from its width and aspect ratio, a
summary from the figures beside it.

A record's fields are drawn one at a time, so nothing else makes a 1:1 picture square or a weather summary
speak of the weather. `in_proportion` and `summarised` hand back the same record with the dependent field set
from the ones it depends on; `in_zone` reads a record's clock in the time zone it names.
"""

from __future__ import annotations

import math
import random
import re
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from common.taxonomy import tokens
from engines.offline import values_formats as fmt
from engines.offline.places import ALL_COORDS

# When a current reading was taken (`observed_at`, `as_of`): for a tool that reads what holds now, now.
_AS_OF = frozenset({"observedat", "observed", "asof", "measuredat", "recordedat", "fetchedat", "retrievedat",
                    "checkedat", "observationtime", "readingtime"})
_ISO_Z = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")

_RATIO = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[:x\u00d7/]\s*(\d+(?:\.\d+)?)\s*$")
_RATIO_KEYS = frozenset({"aspectratio", "ratio"})
_WIDTH_KEYS = frozenset({"width", "widthpx", "imagewidth", "pixelwidth"})
_HEIGHT_KEYS = frozenset({"height", "heightpx", "imageheight", "pixelheight"})
_SIZE_KEYS = frozenset({"size", "dimensions", "resolution", "imagesize"})
_SIZED = re.compile(r"^\s*(\d{2,5})\s*[x\u00d7*]\s*(\d{2,5})\s*$")


def _bare(key: str) -> str:
    return re.sub(r"[^a-z]", "", key.lower())


def in_proportion(node: Any) -> Any:
    """`node` with each object that has an aspect ratio ("16:9"), a width and a height in pixels made as tall
    as the ratio says for its width; one whose size says "256x256" that wide and high."""
    if isinstance(node, list):
        return [in_proportion(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: in_proportion(v) for k, v in node.items()}
    size = next((m for k, v in out.items() if _bare(k) in _SIZE_KEYS and isinstance(v, str)
                 and (m := _SIZED.match(v))), None)
    width = next((k for k, v in out.items() if _bare(k) in _WIDTH_KEYS and _whole(v)), None)
    height = next((k for k, v in out.items() if _bare(k) in _HEIGHT_KEYS and _whole(v)), None)
    if size is not None and width is not None and height is not None:  # a 256x256 picture is 256 wide and high
        out[width], out[height] = int(size.group(1)), int(size.group(2))
        return out
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


# A field name's last word that is the unit of its figure (`temperature_c`, `wind_speed_kmh`, `runtime_minutes`):
# said after the value ("a temperature of 13.8 °C"), not as part of the name ("a temperature c of 13.8").
_UNITS = {"c": " °C", "f": " °F", "celsius": " °C", "fahrenheit": " °F", "kmh": " km/h", "kph": " km/h",
          "mph": " mph", "ms": " ms", "sec": " s", "secs": " s", "seconds": " seconds", "minutes": " minutes",
          "mins": " minutes", "hours": " hours", "hrs": " hours", "days": " days", "percent": "%", "pct": "%",
          "kb": " KB", "mb": " MB", "gb": " GB", "tb": " TB", "bytes": " bytes", "km": " km", "cm": " cm",
          "mm": " mm", "kg": " kg", "lbs": " lb", "usd": " USD", "eur": " EUR", "gbp": " GBP"}


def figure(key: str, value: Any) -> tuple[str, str] | None:
    """A figure's name and its value with the unit its name ends in: (`temperature`, `13.8 °C`); None when the
    name names no unit."""
    words = tokens(key)
    if len(words) >= 2 and words[-1] in _UNITS:
        return " ".join(words[:-1]), f"{value}{_UNITS[words[-1]]}"
    return None


_SUMMARY_KEYS = frozenset({"summary", "formattedsummary", "summarytext", "textsummary", "shortsummary"})
_SUBJECT_KEYS = ("name", "title", "city", "location", "label", "symbol", "display_name", "displayName")
_STATE_KEYS = frozenset({"status", "state", "conditions", "condition", "phase", "health", "weather"})
_NOT_FIGURES = frozenset({"id", "ids", "count", "total", "page", "limit", "offset", "index", "year", "port", "version",
                          "score", "rank", "lat", "lng", "lon", "latitude", "longitude", "code"})


def summarised(node: Any) -> Any:
    """`node` with each record's summary (`summary`, `formatted_summary`) written from the record's own
    subject, state and figures ("Madrid: clear, temperature 18.7 °C, humidity 61%"), where the record holds at
    least two figures: a summary drawn apart from them speaks of something else."""
    if isinstance(node, list):
        return [summarised(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: summarised(v) for k, v in node.items()}
    key = next((k for k, v in out.items() if _bare(k) in _SUMMARY_KEYS and isinstance(v, str)), None)
    if key is None:
        return out
    subject = next((out[k] for k in _SUBJECT_KEYS if isinstance(out.get(k), str) and 0 < len(out[k]) <= 60), None)
    facts: list[str] = []
    for k, v in out.items():
        words = tokens(k)
        if k == key or not words or set(words) & _NOT_FIGURES:
            continue
        if isinstance(v, str) and _bare(k) in _STATE_KEYS and 0 < len(v) <= 30:
            facts.insert(0, v.replace("_", " "))
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and len(facts) < 5:
            said = figure(k, v)
            facts.append(f"{said[0]} {said[1]}" if said else f"{' '.join(words)} {v}")
    if sum(1 for f in facts if any(c.isdigit() for c in f)) < 2:
        return out  # (a record with a state and one count, an issue, keeps the summary its text slot drew)
    said = ", ".join(facts)
    out[key] = f"{subject}: {said}" if subject else said[:1].upper() + said[1:]
    return out


_ZONE_KEYS = re.compile(r"(time)?zone|tz")
_CLOCK_KEYS = frozenset({"datetime", "localtime", "currenttime", "localdatetime", "currentdatetime", "now", "time"})


@lru_cache(maxsize=1)
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def is_zone(name: str) -> bool:
    """Whether `name` is an IANA time zone (`Asia/Tokyo`, `UTC`)."""
    return name in _zones()


def in_zone(node: Any) -> Any:
    """`node` with each record that names a time zone naming one (where it names two, the zone asked for,
    `timezone_name: Asia/Tokyo`, over a drawn `timezone`), and its clock (`datetime`) read there with its
    offset: a current-time answer in the zone it was asked for."""
    if isinstance(node, list):
        return [in_zone(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: in_zone(v) for k, v in node.items()}
    zoned = [k for k, v in out.items() if _ZONE_KEYS.search(_bare(k)) and isinstance(v, str) and is_zone(v)]
    if not zoned:
        return out
    asked = next((k for k in zoned if _bare(k) not in ("timezone", "tz", "zone")), zoned[0])
    zone = out[asked]
    for k in zoned:
        out[k] = zone
    for k, v in out.items():
        if _bare(k) in _CLOCK_KEYS and isinstance(v, str):
            try:
                moment = datetime.fromisoformat(v.replace("Z", "+00:00"))
            except ValueError:
                continue
            if moment.tzinfo is not None:
                out[k] = moment.astimezone(ZoneInfo(zone)).isoformat(timespec="seconds").replace("+00:00", "Z")
    return out


def observed_now(node: Any, now: datetime) -> Any:
    """`node` with each record's moment of observation (`observed_at`, `as_of`, written `…Z`) a minute or two
    before `now`: what a tool reading the current weather or a live price answers was observed just now, not
    weeks ago."""
    if isinstance(node, list):
        return [observed_now(x, now) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: observed_now(v, now) for k, v in node.items()}
    for k, v in out.items():
        if _bare(k) in _AS_OF and isinstance(v, str) and _ISO_Z.match(v):
            out[k] = (now - timedelta(seconds=30 + len(k) * 7)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return out


def seasonal_temperature(latitude: float, month: int, rng: random.Random) -> float:
    """A temperature (°C) of a place at this latitude in this month: warmer towards the equator, a summer and a
    winter each side of it (July warmest in the north, January in the south), a few degrees of day-to-day play."""
    swing = 0.15 * abs(latitude) * math.cos((month - 7) / 12 * 2 * math.pi) * (1 if latitude >= 0 else -1)
    return round(27 - 0.3 * abs(latitude) + swing + rng.uniform(-3, 3), 1)


def plausible_weather(out: dict[str, Any], topic: str, rng: random.Random) -> None:
    """A weather record's figures made to agree (in place): the season and latitude of the place asked about
    (no 32 °C in Berlin in March), what it feels like near what it is, no snow above freezing, rain in damp air."""
    if topic in ALL_COORDS:
        out["temperature_c"] = seasonal_temperature(ALL_COORDS[topic][0], fmt.EPOCH.month, rng)
    out["feels_like_c"] = round(out["temperature_c"] + rng.uniform(-4, 2), 1)
    if out.get("conditions") == "snow" and out["temperature_c"] > 2:
        out["conditions"] = "light rain"
    if isinstance(out.get("humidity_percent"), int):
        wet = out.get("conditions") in ("light rain", "showers", "snow")
        out["humidity_percent"] = rng.randint(74, 97) if wet else rng.randint(30, 70)


_WET = ("light rain", "showers", "snow")


def forecast(now: dict[str, Any], topic: str, rng: random.Random, hourly: bool = False) -> dict[str, Any]:
    """A forecast as weather services give one: periods ahead of now (three days, or six hours where the tool is
    hourly), each with its temperatures, conditions and a chance of rain that agrees with them, not one reading."""
    lat = ALL_COORDS[topic][0] if topic in ALL_COORDS else None
    periods = []
    for i in range(6 if hourly else 3):
        at = fmt.EPOCH + timedelta(hours=i + 1) if hourly else fmt.EPOCH + timedelta(days=i)
        mid = seasonal_temperature(lat, at.month, rng) if lat is not None else round(now["temperature_c"] + rng.uniform(-3, 3), 1)
        sky = rng.choice(("clear", "partly cloudy", "overcast", "light rain", "showers", "snow"))
        sky = "light rain" if sky == "snow" and mid > 2 else sky
        chance = rng.randint(55, 95) if sky in _WET else rng.randint(0, 30)
        if hourly:
            periods.append({"time": at.strftime("%Y-%m-%dT%H:%M:%SZ"), "temperature_c": mid, "conditions": sky,
                            "precipitation_chance": chance})
        else:
            periods.append({"date": at.date().isoformat(), "high_c": round(mid + rng.uniform(2, 6), 1),
                            "low_c": round(mid - rng.uniform(2, 7), 1), "conditions": sky, "precipitation_chance": chance})
    return {"issued_at": fmt.EPOCH.strftime("%Y-%m-%dT%H:%M:%SZ"), "hours" if hourly else "days": periods}

"""Places that hang together: a record's or a request's city, region and country name one place, and a latitude
and longitude are a real city's (of the spec's country where its script tells), said as that city.

A contact in Rome whose country is Syria, or whose `state` is `in_progress` beside its city, reads as noise:
where an object holds a city beside a country or a region, all three are drawn for one of the real cities the
engine knows (values_standard.CITIES), in the form each field already has (a code stays a code).
"""

from __future__ import annotations

import random
from typing import Any

from common.taxonomy import tokens
from engines.offline.values_standard import CITIES, CITY_COORDS, CITY_COUNTRY, ISO_CODE, name_parts

# The first-level region each known city is in, as its people write it on an address.
REGION = {"London": "England", "Paris": "Île-de-France", "Berlin": "Berlin", "Madrid": "Community of Madrid",
          "Rome": "Lazio", "Amsterdam": "North Holland", "Stockholm": "Stockholm County", "Vienna": "Vienna",
          "Prague": "Prague", "Lisbon": "Lisbon", "New York": "New York", "San Francisco": "California",
          "Chicago": "Illinois", "Toronto": "Ontario", "Mexico City": "Mexico City", "São Paulo": "São Paulo",
          "Buenos Aires": "Buenos Aires", "Tokyo": "Tokyo", "Seoul": "Seoul", "Singapore": "Singapore",
          "Sydney": "New South Wales", "Melbourne": "Victoria", "Mumbai": "Maharashtra", "Bangalore": "Karnataka",
          "Dubai": "Dubai", "Istanbul": "Istanbul", "Cairo": "Cairo", "Nairobi": "Nairobi", "Cape Town": "Western Cape",
          "Auckland": "Auckland"}
COUNTRY_NAME = {"GB": "United Kingdom", "FR": "France", "DE": "Germany", "ES": "Spain", "IT": "Italy",
                "NL": "Netherlands", "SE": "Sweden", "AT": "Austria", "CZ": "Czechia", "PT": "Portugal",
                "US": "United States", "CA": "Canada", "MX": "Mexico", "BR": "Brazil", "AR": "Argentina", "JP": "Japan",
                "KR": "South Korea", "SG": "Singapore", "AU": "Australia", "IN": "India", "AE": "United Arab Emirates",
                "TR": "Türkiye", "EG": "Egypt", "KE": "Kenya", "ZA": "South Africa", "NZ": "New Zealand"}
_CODES = {name.lower(): code for code, name in COUNTRY_NAME.items()}
_IN_REGION = {r: sorted(c for c in REGION if REGION[c] == r) for r in REGION.values()}

_REGIONS = frozenset({"state", "province", "region"})
# (not a bare `address`: a server's address beside its `state: running` is no postal one)
_ADDRESS = frozenset({"city", "country", "zip", "zipcode", "postal", "postcode", "street", "town"})


# Points: a latitude and a longitude name a real city (coordinate), a request says the city (said_place).
_LATITUDE = frozenset({"latitude", "lat"})
_LONGITUDE = frozenset({"longitude", "lng", "lon", "long"})
_BOUNDING = frozenset({"min", "max", "north", "south", "east", "west", "ne", "sw", "nw", "se", "delta", "span",
                       "radius", "offset"})


# Cities of the countries whose script a spec is written in (lexicon.locale_of): a Korean weather service is
# asked about Busan, not Melbourne.
LOCAL_COORDS = {
    "ja_JP": {"Tokyo": (35.6762, 139.6503), "Osaka": (34.6937, 135.5023), "Kyoto": (35.0116, 135.7681),
              "Sapporo": (43.0618, 141.3545), "Fukuoka": (33.5904, 130.4017)},
    "ko_KR": {"Seoul": (37.5665, 126.978), "Busan": (35.1796, 129.0756), "Incheon": (37.4563, 126.7052),
              "Daegu": (35.8714, 128.6014), "Daejeon": (36.3504, 127.3845)},
    "zh_CN": {"Beijing": (39.9042, 116.4074), "Shanghai": (31.2304, 121.4737), "Guangzhou": (23.1291, 113.2644),
              "Shenzhen": (22.5431, 114.0579), "Hangzhou": (30.2741, 120.1551), "Chengdu": (30.5728, 104.0668)},
    "ru_RU": {"Moscow": (55.7558, 37.6173), "Saint Petersburg": (59.9311, 30.3609), "Kazan": (55.7963, 49.1088)},
    "th_TH": {"Bangkok": (13.7563, 100.5018), "Chiang Mai": (18.7883, 98.9853), "Phuket": (7.8804, 98.3923)},
    "el_GR": {"Athens": (37.9838, 23.7275), "Thessaloniki": (40.6401, 22.9444)}, "he_IL": {"Tel Aviv": (32.0853, 34.7818),
                                                                                     "Jerusalem": (31.7683, 35.2137)}}


_BY_LOCALE = {locale: {**CITY_COORDS, **cities} for locale, cities in LOCAL_COORDS.items()}
ALL_COORDS = {c: at for cities in _BY_LOCALE.values() for c, at in cities.items()}  # every city the engine places


def axis(name: str) -> int | None:
    """0 for a latitude's name, 1 for a longitude's (`lat`, `lng`, `destLongitude`), None for anything else (a
    box's edge, `minLatitude`, too)."""
    parts = name_parts(name)
    if not parts or set(parts) & _BOUNDING or parts[-1] not in _LATITUDE | _LONGITUDE:
        return None
    return 0 if parts[-1] in _LATITUDE else 1


def coordinate(name: str, rng: random.Random, siblings: dict | None = None, locale: str = "") -> float | None:
    """A latitude or a longitude (by `name`) of a real city: the one the object's other coordinate or `city` names,
    else one drawn (of the spec's country, where its script tells); None for neither (or a box's edge)."""
    at_axis = axis(name)
    if at_axis is None:
        return None
    local = LOCAL_COORDS.get(locale, {})
    known = _BY_LOCALE.get(locale, CITY_COORDS)
    place = None
    for value in (siblings or {}).values():
        if isinstance(value, str) and value in known:
            place = value
        elif isinstance(value, (int, float, str)) and not isinstance(value, bool):  # (`lat: "37.7749"` too)
            place = next((c for c, at in known.items() if str(at[1 - at_axis]) == str(value)), place)
    return known[place or rng.choice(tuple(local) or CITIES)][at_axis]


def is_postal(names: Any) -> bool:
    """Whether an object with these property names is (or holds) an address."""
    return any(set(tokens(n)) & _ADDRESS for n in names)


def is_region(name: str, names: Any) -> bool:
    """Whether field `name` of an object with these field names is the region of an address (a contact's `state`
    beside its `city`), not a lifecycle state."""
    return _slot(name) == "region" and is_postal(n for n in names if n != name)


def _slot(name: str) -> str | None:
    """`city`, `country`, `country_code` or `region` for a field of a place (`billing_city`, `state`), else None."""
    words = tokens(name)
    if not words or len(words) > 3 or words[-1] in ("id", "ids", "type", "count"):
        return None
    if words[-2:] == ["country", "code"]:
        return "country_code"
    if words[-1] in ("city", "country"):
        return words[-1]
    return "region" if words[-1] in _REGIONS and not set(words) & {"code", "abbr"} else None


def _cities_in(country: str | None) -> list[str]:
    return sorted(c for c, code in CITY_COUNTRY.items() if code == country)


def _country_of(value: Any) -> str | None:
    if isinstance(value, str):
        return value.upper() if value.upper() in COUNTRY_NAME else _CODES.get(value.lower())
    return None


def _in_form(code: str, was: Any) -> str:
    """The country `code` written as the value it replaces was: a code as a code, a name as a name."""
    return code if isinstance(was, str) and len(was) <= 3 else COUNTRY_NAME[code]


def placed(name: str, siblings: dict[str, Any] | None, context: Any, rng: random.Random,
           description: str = "") -> str | None:
    """A city, region or country that agrees with the place the object's other fields already name; None where
    the slot is not part of an address or nothing fixes it."""
    slot = _slot(name)
    if slot is None or not is_postal(n for n in context if n != name):
        return None
    shown = siblings or {}
    city = next((v for k, v in shown.items() if _slot(k) == "city" and v in REGION), None)
    country = next((c for k, v in shown.items() if _slot(k) in ("country", "country_code") and (c := _country_of(v))),
                   None)
    region = next((v for k, v in shown.items() if _slot(k) == "region" and v in _IN_REGION), None)
    if slot == "city":
        here = _IN_REGION[region] if region else _cities_in(country)
        return rng.choice(here) if here else None
    if city is None and region is not None:  # (a region said: its country is that region's)
        city = _IN_REGION[region][0]
    if city is None:  # no city yet: a region of one city of the country named, or of any known city
        # (a country alone is one whose cities the engine knows, so a city drawn later can agree with it)
        here = _cities_in(country) or sorted(REGION)
        city = rng.choice(here) if slot == "region" or country is None else None
    if city is None:
        return None
    if slot == "region":
        return REGION[city]
    coded = slot == "country_code" or ISO_CODE.search(description) is not None  # "ISO 3166 alpha 2": `FR`
    return CITY_COUNTRY[city] if coded else COUNTRY_NAME[CITY_COUNTRY[city]]


def cohere(record: dict[str, Any], fixed: Any = frozenset()) -> dict[str, Any]:
    """`record` with its country and region set to those of its city, where the city is one the engine knows; a
    region that names no region (`state: in_progress` beside an address) is the city's region. Fields in `fixed`
    (what a call wrote) stay: a country written beside a drawn city moves the city into that country."""
    city_key = next((k for k, v in record.items() if _slot(k) == "city" and v in REGION), None)
    if city_key is None or not is_postal(record):
        return record
    out = dict(record)
    if city_key not in fixed:  # a region or country written moves the drawn city there
        region = next((v for k, v in record.items() if k in fixed and _slot(k) == "region" and v in _IN_REGION), None)
        country = next((c for k, v in record.items() if k in fixed and _slot(k) in ("country", "country_code")
                        and (c := _country_of(v))), None)
        if region is not None and REGION[out[city_key]] != region:
            here = _IN_REGION[region]
        elif country is not None and CITY_COUNTRY[out[city_key]] != country:
            here = _cities_in(country)
        else:
            here = [out[city_key]]
        if not here:
            return record
        out[city_key] = here[sum(map(ord, str(record.get(city_key)))) % len(here)]
    city = out[city_key]
    for k, v in record.items():
        if k in fixed or not isinstance(v, str):
            continue
        slot = _slot(k)
        if slot == "country":
            out[k] = _in_form(CITY_COUNTRY[city], v)
        elif slot == "country_code":
            out[k] = CITY_COUNTRY[city]
        elif slot == "region":
            out[k] = REGION[city]
    return out


def city_at(args: dict[str, Any]) -> str | None:
    """The known city whose coordinates a call was given (`latitude: 37.5665, longitude: 126.978` is Seoul), so what
    it answers is of that place (its season, its name); None where the call names no such point."""
    lat, lng = _point(args)
    if lat is None or lng is None:
        return None
    return next((c for c, (a, b) in ALL_COORDS.items() if str(a) == str(args[lat]) and str(b) == str(args[lng])), None)


def _point(args: dict[str, Any], taken: Any = ()) -> tuple[str | None, str | None]:
    """The names of a call's own latitude and longitude arguments (never one an earlier step gave: `taken`)."""
    names = [k for k in args if k not in taken]
    return next((k for k in names if axis(k) == 0), None), next((k for k in names if axis(k) == 1), None)


def said_place(args: dict[str, Any], taken: Any = ()) -> tuple[str, set[str]]:
    """A point a request gives as a person does: " at Busan (35.1796, 129.0756)" or " at 35.1796, 129.0756", not
    "with latitude 35.1796 and longitude 129.0756"; with the two arguments it says. ("", set()) where the call is
    given no latitude and longitude of its own (or one comes from an earlier step: `taken`)."""
    lat, lng = _point(args, taken)
    if lat is None or lng is None or not all(isinstance(args[k], (int, float, str)) for k in (lat, lng)):
        return "", set()
    city = city_at({lat: args[lat], lng: args[lng]})
    point = f"{args[lat]}, {args[lng]}"
    return (f" at {city} ({point})" if city else f" at {point}"), {lat, lng}

"""Addresses that hang together: a record's or a request's city, region and country name one place.

A contact in Rome whose country is Syria, or whose `state` is `in_progress` beside its city, reads as noise:
where an object holds a city beside a country or a region, all three are drawn for one of the real cities the
engine knows (values_standard.CITIES), in the form each field already has (a code stays a code).
"""

from __future__ import annotations

import random
from typing import Any

from common.taxonomy import tokens
from engines.offline.values_standard import CITY_COORDS, CITY_COUNTRY, ISO_CODE, LOCAL_COORDS

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
        here = _IN_REGION[region] if region else sorted(c for c, code in CITY_COUNTRY.items() if code == country)
        return rng.choice(here) if here else None
    if city is None and region is not None:  # (a region said: its country is that region's)
        city = _IN_REGION[region][0]
    if city is None:  # no city yet: a region of one city of the country named, or of any known city
        # (a country alone is one whose cities the engine knows, so a city drawn later can agree with it)
        here = sorted(c for c, code in CITY_COUNTRY.items() if code == country) or sorted(REGION)
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
            here = sorted(c for c, code in CITY_COUNTRY.items() if code == country)
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
    lat = next((v for k, v in args.items() if tokens(k)[-1:] in (["latitude"], ["lat"])), None)
    lng = next((v for k, v in args.items() if tokens(k)[-1:] in (["longitude"], ["lng"], ["lon"])), None)
    if lat is None or lng is None:
        return None
    known = {**CITY_COORDS, **{c: at for cities in LOCAL_COORDS.values() for c, at in cities.items()}}
    return next((c for c, (a, b) in known.items() if str(a) == str(lat) and str(b) == str(lng)), None)


def said_place(args: dict[str, Any], taken: Any = ()) -> tuple[str, set[str]]:
    """A point a request gives as a person does: " at Busan (35.1796, 129.0756)" or " at 35.1796, 129.0756", not
    "with latitude 35.1796 and longitude 129.0756"; with the two arguments it says. ("", set()) where the call is
    given no latitude and longitude of its own (or one comes from an earlier step: `taken`)."""
    lat = next((k for k in args if tokens(k)[-1:] in (["latitude"], ["lat"]) and k not in taken), None)
    lng = next((k for k in args if tokens(k)[-1:] in (["longitude"], ["lng"], ["lon"]) and k not in taken), None)
    if lat is None or lng is None or not all(isinstance(args[k], (int, float, str)) for k in (lat, lng)):
        return "", set()
    city = city_at({lat: args[lat], lng: args[lng]})
    point = f"{args[lat]}, {args[lng]}"
    return (f" at {city} ({point})" if city else f" at {point}"), {lat, lng}

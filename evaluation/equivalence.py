"""Value equivalence for grading: when does an agent's argument value count as the oracle's value?

Three separate questions, so that the grader can tell a wrong value from a wrong type or a badly
formatted right value:

- `equivalent(expected, actual, schema)`: the same *value*, whatever its spelling or JSON type
  (an array sent as JSON text is that array). Numbers compare
  numerically (`5`, `5.0`, `"5"`, `"1e1"`... ), ISO dates and times compare as instants, paths
  compare after normalisation (`./a//b/` = `a/b`, backslashes = slashes), URLs ignore the case of
  scheme and host and a trailing slash, booleans accept `"true"`/`"false"`, and strings compare
  case-insensitively where the schema allows it (formats email, hostname, uuid, and hex
  identifiers such as SHAs). Objects compare key by key, arrays element by element (as multisets
  when the schema says `uniqueItems`). Surrounding whitespace never matters.
- `type_ok(actual, schema, expected)`: the JSON type the parameter's schema declares (or, with no
  declared type, the oracle value's JSON type; integers and floats are both numbers).
- `format_ok(actual, schema, expected)`: the spelling is acceptable: the schema's `format`,
  `pattern` and length keywords hold, and a string keeps the shape of the oracle's string (an ISO
  date stays an ISO date, an absolute path stays absolute, a UUID stays a UUID...).
"""

from __future__ import annotations

import json
import math
import posixpath
import re
from datetime import date, datetime, timezone
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

from jsonschema import Draft202012Validator, FormatChecker

from schemas import json_type

_FORMATS = FormatChecker()
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_HEX_ID = re.compile(r"^[0-9a-fA-F]{7,64}$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")
_URL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*://\S+$")
_OTHER_DATES = ("%m/%d/%Y", "%d/%m/%Y", "%Y/%m/%d", "%d.%m.%Y", "%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%Y%m%d")
_CASELESS_FORMATS = {"email", "idn-email", "hostname", "idn-hostname", "uuid"}
_LENGTH_KEYWORDS = ("format", "pattern", "minLength", "maxLength")


def declared_types(schema: dict | None) -> set[str]:
    """The JSON types a parameter schema declares, through anyOf/oneOf; integer counts as number."""
    if not schema:
        return set()
    t = schema.get("type")
    out = {t} if isinstance(t, str) else set(t) if isinstance(t, list) else set()
    for key in ("anyOf", "oneOf"):
        for sub in schema.get(key) or []:
            if isinstance(sub, dict):
                out |= declared_types(sub)
    return {"number" if x == "integer" else x for x in out}


def _as_number(v: Any) -> Decimal | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return Decimal(v)
    if isinstance(v, float):
        return Decimal(repr(v)) if math.isfinite(v) else None
    if isinstance(v, str) and _NUMBER.match(v.strip().replace("_", "")):
        return Decimal(v.strip().replace("_", ""))
    return None


def _numbers_equal(a: Decimal, b: Decimal) -> bool:
    """Exact for integers (however large); floats within a relative 1e-12 (0.1 + 0.2 is 0.3)."""
    if a == b:
        return True
    if a == a.to_integral_value() and b == b.to_integral_value():
        return False
    return math.isclose(float(a), float(b), rel_tol=1e-12, abs_tol=1e-15)


def _as_bool(v: Any) -> bool | None:
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.strip().lower() in ("true", "false"):
        return v.strip().lower() == "true"
    return None


def instants(v: str) -> set[datetime]:
    """The instants an ISO 8601 or common written date/datetime can mean (two for 01/02/2024)."""
    s = v.strip()
    if _ISO_DATETIME.match(s):
        try:
            d = datetime.fromisoformat(s.replace("Z", "+00:00"))
        except ValueError:
            return set()
        return {d if d.tzinfo else d.replace(tzinfo=timezone.utc)}
    if _ISO_DATE.match(s):
        try:
            return {datetime.combine(date.fromisoformat(s), datetime.min.time(), timezone.utc)}
        except ValueError:
            return set()
    out = set()
    for fmt in _OTHER_DATES:
        try:
            out.add(datetime.strptime(s, fmt).replace(tzinfo=timezone.utc))
        except ValueError:
            continue
    return out


def _looks_like_path(s: str) -> bool:
    return ("/" in s or "\\" in s) and not _URL.match(s) and not any(c.isspace() for c in s.strip())


def _norm_path(s: str) -> str:
    p = s.strip().replace("\\", "/")
    absolute = p.startswith("/")
    p = posixpath.normpath(p)
    return p if absolute or p != "." else ""


def _norm_url(s: str) -> str:
    u = urlsplit(s.strip())
    return f"{u.scheme.lower()}://{u.netloc.lower()}{u.path.rstrip('/')}?{u.query}#{u.fragment}"


def _caseless(schema: dict | None, a: str, b: str) -> bool:
    if schema and schema.get("format") in _CASELESS_FORMATS:
        return True
    return all(_HEX_ID.match(x) or _UUID.match(x) or _EMAIL.match(x) for x in (a, b))


def _strings_equivalent(e: str, a: str, schema: dict | None) -> bool:
    e, a = e.strip(), a.strip()
    if e == a:
        return True
    if _caseless(schema, e, a) and e.lower() == a.lower():
        return True
    if _URL.match(e) and _URL.match(a):
        return _norm_url(e) == _norm_url(a)
    de, da = instants(e), instants(a)
    if de and da:
        return bool(de & da)
    if _looks_like_path(e) or _looks_like_path(a):
        return _norm_path(e) == _norm_path(a)
    return False


def equivalent(expected: Any, actual: Any, schema: dict | None = None) -> bool:
    """True when `actual` is the same value as `expected` (see the module docstring for the rules)."""
    if expected is None or actual is None:
        return expected is None and actual is None
    if isinstance(expected, bool) or isinstance(actual, bool):
        be, ba = _as_bool(expected), _as_bool(actual)
        return be is not None and be == ba
    ne, na = _as_number(expected), _as_number(actual)
    if ne is not None and na is not None:
        return _numbers_equal(ne, na)
    if isinstance(expected, str) and isinstance(actual, str):
        return _strings_equivalent(expected, actual, schema)
    if isinstance(expected, (dict, list)) and isinstance(actual, str):  # the same structure sent as JSON text
        try:
            return equivalent(expected, json.loads(actual), schema)
        except ValueError:
            return False
    if isinstance(expected, dict) and isinstance(actual, dict):
        props = (schema or {}).get("properties") or {}
        return expected.keys() == actual.keys() and all(
            equivalent(expected[k], actual[k], props.get(k)) for k in expected
        )
    if isinstance(expected, list) and isinstance(actual, list):
        if len(expected) != len(actual):
            return False
        items = (schema or {}).get("items") if isinstance((schema or {}).get("items"), dict) else None
        if all(equivalent(e, a, items) for e, a in zip(expected, actual)):
            return True
        if (schema or {}).get("uniqueItems"):
            rest = list(actual)
            for e in expected:
                hit = next((i for i, a in enumerate(rest) if equivalent(e, a, items)), None)
                if hit is None:
                    return False
                rest.pop(hit)
            return True
    return False


def _errors(value: Any, schema: dict) -> list:
    try:
        return list(Draft202012Validator(schema, format_checker=_FORMATS).iter_errors(value))
    except Exception:  # an unusable schema cannot be held against the agent
        return []


def type_ok(actual: Any, schema: dict | None, expected: Any = None) -> bool:
    """True when `actual` has the JSON type the schema declares, nested values included. Where the schema
    admits several non-null types (`anyOf: [string, integer]`), the oracle's choice is the right one."""
    types = declared_types(schema)
    if not types:
        return expected is None or json_type(actual) == json_type(expected)
    if json_type(actual) not in types:
        return False
    if expected is not None and len(types - {"null"}) > 1 and json_type(actual) != json_type(expected):
        return False
    return not any(err.validator == "type" for err in _errors(actual, schema or {}))


def shape(v: Any) -> str | None:
    """The recognised spelling class of a string value, or None for free text."""
    if not isinstance(v, str):
        return None
    s = v.strip()
    for name, rx in (("uuid", _UUID), ("iso-date", _ISO_DATE), ("iso-datetime", _ISO_DATETIME),
                     ("url", _URL), ("email", _EMAIL)):
        if rx.match(s):
            return name
    if _looks_like_path(s):
        return "absolute-path" if s.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", s) else "relative-path"
    if _NUMBER.match(s):
        return "number"
    return None


def format_ok(actual: Any, schema: dict | None, expected: Any = None) -> bool:
    """True when the spelling of `actual` is acceptable (schema format/pattern/length, oracle's shape)."""
    if schema and any(err.validator in _LENGTH_KEYWORDS for err in _errors(actual, schema)):
        return False
    if isinstance(expected, dict) and isinstance(actual, dict):
        props = (schema or {}).get("properties") or {}
        return all(format_ok(actual[k], props.get(k), expected[k]) for k in expected if k in actual)
    if isinstance(expected, list) and isinstance(actual, list):
        items = (schema or {}).get("items") if isinstance((schema or {}).get("items"), dict) else None
        return all(format_ok(a, items, e) for e, a in zip(expected, actual))
    want = shape(expected)
    return want is None or not isinstance(actual, str) or shape(actual) == want

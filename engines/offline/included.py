"""What a call's switches ask its result to include is there, and what they leave out is not: `includeImage:
true` gives each listed breed its image, `include_last_message: false` leaves the last message out. Only
switches named by a field (`include_<field>`, `with_<field>`, …) count; `include_archived` asks for archived
records, not for a field, and is left to the listing."""

from __future__ import annotations

import json
import random
from typing import Any

from common.taxonomy import singular, tokens
from engines.offline.values import ValueGenerator
from engines.offline.values_names import is_placeholder
from engines.offline.world import Organisation

_HEADS = frozenset({"include", "with", "show", "return", "fetch", "expand"})
# Words after such a head that say which records, or how, not what field: `include_all`, `return_json`.
_NOT_FIELDS = frozenset({"all", "external", "custom", "system", "spam", "trash", "private", "public", "json", "raw",
                         "full", "nsfw", "pseudo", "historical", "subdomains", "children", "inheritance", "drafts",
                         "draft", "inactive", "more", "extra", "details", "data", "info", "results"})
_PICTURES = frozenset({"image", "images", "favicon", "thumbnail", "thumbnails", "logo", "cover", "photo", "photos", "icon"})
_LISTS = ("items", "results", "data", "records", "result")


def switched_fields(args: dict[str, Any]) -> dict[str, bool]:
    """The fields the call's switches name, each with whether it asks for them (`includeImage: true` -> image)."""
    out = {}
    for name, value in args.items():
        words = tokens(name)
        if not isinstance(value, bool) or len(words) < 2 or words[0] not in _HEADS:
            continue
        rest = words[1:]
        if rest[-1] in _NOT_FIELDS or rest[-1].endswith("ed") or rest[0] in _NOT_FIELDS:
            continue  # (`include_archived`, `include_all`: which records; `return_json`: how)
        out["_".join(rest)] = value
    return out


def _made(field: str, org: Organisation, rng: random.Random) -> Any:
    """A value for a field a switch asked for: a picture's URL, else what the field's name says it holds."""
    many = singular(field) != field
    if set(tokens(field)) & _PICTURES:
        urls = [f"https://{org.domain}/images/{rng.getrandbits(32):08x}.jpg" for _ in range(2 if many else 1)]
        return urls if many else urls[0]
    made = ValueGenerator(org, rng).value({"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2}
                                          if many else {"type": "string"}, name=field, role="content")
    return None if any(is_placeholder(field, v) for v in (made if many else [made])) else made


def _rows(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, list):
        return [r for r in data if isinstance(r, dict)]
    if isinstance(data, dict):
        listed = next((data[k] for k in _LISTS if isinstance(data.get(k), list)), None)
        return _rows(listed) if listed is not None else [data]
    return []


def included(text: str, args: dict[str, Any], org: Organisation, rng: random.Random) -> str:
    """The result `text` (JSON) with the fields its switches ask for in each record, and without those they
    leave out; text that is no JSON record or list is left as it is."""
    fields = switched_fields(args)
    if not fields:
        return text
    try:
        data = json.loads(text)
    except ValueError:
        return text
    changed = False
    for row in _rows(data):
        for field, on in fields.items():
            key = next((k for k in row if "_".join(tokens(k)) in (field, f"{field}_url", f"{singular(field)}_url")), None)
            if not on and key is not None:
                del row[key]
                changed = True
            elif on and key is None and (value := _made(field, org, rng)) is not None:
                row[f"{field}_url" if set(tokens(field)) & _PICTURES and singular(field) == field else field] = value
                changed = True
    return json.dumps(data, ensure_ascii=False) if changed else text

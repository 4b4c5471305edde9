"""Cached jsonschema validators with format checking.

Building a validator costs far more than using one, and the offline engine validates
every argument object it emits, so validators are cached: first by the schema object's
identity (the schema is kept alive with its validator, so an id is never reused while
cached), then by the schema's canonical JSON (fresh copies of one schema, e.g. from
`model_dump()`, share a validator). Schemas must not be mutated after first use.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

import jsonschema
from jsonschema.protocols import Validator

_MAX = 4096
_MAX_REPR = 4000  # characters; memo entries stay small (at most ~65k of them)


class _Cache:
    """A small LRU keyed by object identity with a canonical-JSON second level."""

    def __init__(self) -> None:
        self.by_id: OrderedDict[int, tuple[Any, Validator]] = OrderedDict()
        self.by_json: OrderedDict[str, Validator] = OrderedDict()
        self.sub: OrderedDict[tuple[int, int], tuple[Any, Any, Validator]] = OrderedDict()

    def root(self, schema: Any) -> Validator:
        hit = self.by_id.get(id(schema))
        if hit is not None and hit[0] is schema:
            return hit[1]
        key = json.dumps(schema, sort_keys=True, default=str)
        validator = self.by_json.get(key)
        if validator is None:
            cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
            # the draft's own checker: the global FormatChecker() mixes drafts ("time" would be draft 3's)
            validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
            _put(self.by_json, key, validator)
        _put(self.by_id, id(schema), (schema, validator))
        return validator

    def within(self, root: Any, schema: Any) -> Validator:
        if schema is root:
            return self.root(root)
        key = (id(root), id(schema))
        hit = self.sub.get(key)
        if hit is not None and hit[0] is root and hit[1] is schema:
            return hit[2]
        # evolve keeps the root's reference resolver, so "$ref": "#/$defs/X" inside `schema` resolves
        validator = self.root(root).evolve(schema=schema)
        _put(self.sub, key, (root, schema, validator))
        return validator


def _put(cache: OrderedDict, key: Any, value: Any) -> None:
    cache[key] = value
    if len(cache) > _MAX:
        cache.popitem(last=False)


_CACHE = _Cache()


def validator_for(schema: Any, root: Any = None) -> Validator:
    """A cached validator (format checking on) for `schema`; `root` resolves its `$ref`s."""
    return _CACHE.root(schema) if root is None else _CACHE.within(root, schema)


class _Verdicts:
    """Remembered validation results, keyed by validator and the instance's repr.

    The offline engine validates the same small argument objects again and again (a stage
    checks what the generator already checked; scenarios reuse the organisation's values),
    and a repr is an order of magnitude cheaper than a validation. The validator object
    is kept with its entry, so a recycled id never returns another schema's verdict.
    """

    def __init__(self, size: int = 65536) -> None:
        self.size = size
        self.memo: dict[tuple[int, str], tuple[Validator, bool]] = {}

    def check(self, validator: Validator, instance: Any) -> bool:
        if not isinstance(instance, (dict, list, str, int, float, bool, type(None))):
            return validator.is_valid(instance)
        text = repr(instance)
        if len(text) > _MAX_REPR:  # big documents (mock outputs) are rarely re-checked; do not hoard them
            return validator.is_valid(instance)
        key = (id(validator), text)
        hit = self.memo.get(key)
        if hit is not None and hit[0] is validator:
            return hit[1]
        verdict = validator.is_valid(instance)
        if len(self.memo) >= self.size:
            self.memo.clear()
        self.memo[key] = (validator, verdict)
        return verdict


_VERDICTS = _Verdicts()


def is_valid(schema: Any, instance: Any, root: Any = None) -> bool:
    return _VERDICTS.check(validator_for(schema, root), instance)


def error_path(path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(root)"


def first_error(schema: Any, instance: Any, root: Any = None) -> str | None:
    """'path: message' for the most relevant validation error, or None when valid."""
    validator = validator_for(schema, root)
    if _VERDICTS.check(validator, instance):
        return None
    error = jsonschema.exceptions.best_match(validator.iter_errors(instance))
    if error is None:
        return None
    return f"{error_path(error.absolute_path)}: {error.message}"

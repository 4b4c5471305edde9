"""Randomly composed (satisfiable) schemas: the generator finds a valid value for nearly all."""

from __future__ import annotations

import random

from engines.offline.values import ValueGenerator, first_error
from engines.offline.world import make_org

PATTERNS = (r"^[a-z]{2,8}$", r"^[A-Z]{3}-\d{1,4}$", r"^v\d+\.\d+$", r"\d", r"^(alpha|beta|gamma)(-\d+)?$")
FORMATS = ("date", "date-time", "email", "uri", "uuid", "ipv4", "hostname")


def leaf(rng: random.Random) -> dict:
    kind = rng.choice(("string", "integer", "number", "boolean", "null", "enum", "const", "pattern", "format"))
    if kind == "string":
        lo = rng.randint(0, 6)
        return {"type": "string", "minLength": lo, "maxLength": lo + rng.randint(0, 20)}
    if kind in ("integer", "number"):
        lo = rng.randint(-50, 50)
        schema = {"type": kind, "minimum": lo, "maximum": lo + rng.randint(1, 500)}
        if rng.random() < 0.3:
            schema["multipleOf"] = rng.choice((2, 5, 0.5, 0.25))
            schema["maximum"] += 10
        if rng.random() < 0.3:
            schema["exclusiveMinimum"] = schema.pop("minimum")
        return schema
    if kind == "enum":
        return {"enum": rng.sample(["open", "closed", 3, None, True, "pending", 7.5], rng.randint(1, 4))}
    if kind == "const":
        return {"const": rng.choice(["fixed", 0, {"a": 1}, [1, 2]])}
    if kind == "pattern":
        return {"type": "string", "pattern": rng.choice(PATTERNS)}
    if kind == "format":
        return {"type": "string", "format": rng.choice(FORMATS)}
    return {"type": kind}


def schema(rng: random.Random, depth: int = 0) -> dict:
    if depth > 3 or rng.random() < 0.35:
        return leaf(rng)
    kind = rng.choice(("object", "array", "anyOf", "oneOf", "allOf", "nullable"))
    if kind == "object":
        props = {f"{rng.choice(['name', 'path', 'limit', 'query', 'owner', 'tags', 'when'])}_{i}": schema(rng, depth + 1)
                 for i in range(rng.randint(0, 5))}
        out = {"type": "object", "properties": props, "required": [p for p in props if rng.random() < 0.5]}
        if rng.random() < 0.3:
            out["additionalProperties"] = False
        return out
    if kind == "array":
        lo = rng.randint(0, 3)
        return {"type": "array", "items": schema(rng, depth + 1), "minItems": lo, "maxItems": lo + rng.randint(0, 3)}
    if kind == "nullable":
        return {"anyOf": [schema(rng, depth + 1), {"type": "null"}]}
    if kind == "allOf":
        return {"allOf": [{"type": "object", "properties": {"a": leaf(rng)}, "required": ["a"]},
                          {"properties": {"b": leaf(rng)}, "required": ["b"]}]}
    # oneOf branches of different types cannot overlap, so the schema stays satisfiable
    kinds = rng.sample(["string", "boolean", "null", "array", "object"], rng.randint(2, 3))
    return {kind: [{"type": k} for k in kinds]}


def test_random_satisfiable_schemas_get_valid_values():
    failures = []
    for case in range(600):
        rng = random.Random(case)
        s = schema(rng)
        gen = ValueGenerator(make_org(case), random.Random(case))
        try:
            value = gen.value(s, name=rng.choice(["config", "filter", "item", "payload"]))
        except ValueError as exc:
            failures.append((case, str(exc)))
            continue
        assert first_error(s, value) is None, (case, s, value)
    assert not failures


def exotic(rng: random.Random, depth: int = 0) -> dict:
    """Keywords the corpus rarely uses, composed so that a value always exists."""
    if depth > 2:
        return leaf(rng)
    choice = rng.randrange(9)
    if choice == 0:
        return {"type": "array", "items": {"enum": ["a", "b", "c", "d"]}, "uniqueItems": True,
                "minItems": rng.randint(0, 4)}
    if choice == 1:
        return {"type": "string", "not": {"enum": ["main", "master"]}, "minLength": 1}
    if choice == 2:
        return {"type": "object", "properties": {"kind": {"enum": ["file", "url"]}}, "required": ["kind"],
                "if": {"properties": {"kind": {"const": "file"}}}, "then": {"required": ["path"]},
                "else": {"required": ["url"]}, "dependentRequired": {"path": ["encoding"]}}
    if choice == 3:
        return {"type": "object", "patternProperties": {"^x-[a-z]+$": exotic(rng, depth + 1)},
                "additionalProperties": False, "minProperties": 1, "maxProperties": 2}
    if choice == 4:
        return {"type": "object", "propertyNames": {"pattern": "^[a-z_]+$", "maxLength": 12},
                "additionalProperties": exotic(rng, depth + 1), "minProperties": rng.randint(0, 3)}
    if choice == 5:
        return {"type": "array", "prefixItems": [exotic(rng, depth + 1), {"type": "integer"}],
                "contains": {"type": "integer", "minimum": 10}, "minContains": 1}
    if choice == 6:
        lo = rng.randint(2, 4)
        return {"oneOf": [{"type": "string", "maxLength": lo}, {"type": "string", "minLength": lo + 2}]}
    if choice == 7 and depth == 0:  # "#/$defs/..." points into the document root, so only at the root
        return {"$defs": {"node": {"type": "object", "properties": {
            "label": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}},
            "required": ["label"]}}, "$ref": "#/$defs/node"}
    return {"allOf": [exotic(rng, depth + 1), {"description": "combined"}]}


def test_rarely_used_keywords_composed_at_random_get_valid_values():
    failures = []
    for case in range(300):
        s = exotic(random.Random(case))
        try:
            value = ValueGenerator(make_org(case), random.Random(case)).value(s, name="spec")
        except ValueError as exc:
            failures.append((case, str(exc)))
            continue
        assert first_error(s, value) is None, (case, s, value)
    assert not failures, failures[:5]

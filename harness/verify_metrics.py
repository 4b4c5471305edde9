"""How close a mock output is to the real one, and the totals per tool, per spec and overall.

Structured outputs: `key_agreement` is the Jaccard overlap of the key paths of the two objects
(array items share one path, `entities[].name`), `type_agreement` the share of the common paths
whose JSON types agree, `schema_valid` whether the real output validates against the tool's
outputSchema (the schema the mock was written for). Every output also gets `text_similarity`:
the token-overlap F1 of their words and numbers (a structured output's string leaves count).
"""

from __future__ import annotations

import re
from collections import Counter
from statistics import mean
from typing import Any, Iterable

from harness.verify_ids import text_of
from schemas import json_type
from schemas._base import JSONValue

_TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> Counter[str]:
    return Counter(_TOKEN.findall(text.lower()))


def text_similarity(mock: str, real: str) -> float:
    """Token-overlap F1 (multiset); 1.0 when both are empty."""
    a, b = tokens(mock), tokens(real)
    if not a and not b:
        return 1.0
    common = sum((a & b).values())
    if not common:
        return 0.0
    precision, recall = common / sum(a.values()), common / sum(b.values())
    return 2 * precision * recall / (precision + recall)


def key_types(obj: JSONValue, prefix: str = "") -> dict[str, set[str]]:
    """Key path -> JSON types seen there (array items under `path[]`)."""
    out: dict[str, set[str]] = {}

    def walk(v: JSONValue, path: str) -> None:
        out.setdefault(path, set()).add(json_type(v))
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, f"{path}.{k}" if path else k)
        elif isinstance(v, list):
            for x in v:
                walk(x, f"{path}[]")

    walk(obj, prefix)
    out.pop("", None)
    return out


def _unseen(paths: dict[str, set[str]], other: dict[str, set[str]]) -> dict[str, set[str]]:
    """`paths` without those below an array that is empty in `other`: no evidence either way there."""
    empty = [p for p, t in other.items() if t == {"array"} and f"{p}[]" not in other]
    return {p: t for p, t in paths.items() if not any(p.startswith(e + "[]") for e in empty)}


def structure_agreement(mock: JSONValue, real: JSONValue) -> tuple[float, float | None]:
    """(key agreement, type agreement over the common keys or None when none are common)."""
    a, b = key_types(mock), key_types(real)
    a, b = _unseen(a, b), _unseen(b, a)
    if not a and not b:
        return 1.0, None
    common = a.keys() & b.keys()
    keys = len(common) / len(a.keys() | b.keys())
    types = mean(1.0 if a[k] & b[k] else 0.0 for k in common) if common else None
    return keys, types


def schema_valid(instance: JSONValue, schema: dict[str, Any] | None) -> bool | None:
    if not schema:
        return None
    import jsonschema

    cls = jsonschema.validators.validator_for(schema)
    return cls(schema).is_valid(instance)


def fidelity(mock: JSONValue, real: JSONValue, output_schema: dict[str, Any] | None) -> dict[str, Any]:
    """Fidelity measures for one call that ran on the real server."""
    out: dict[str, Any] = {"text_similarity": round(text_similarity(text_of(mock), text_of(real)), 4)}
    if isinstance(mock, dict) and isinstance(real, dict):
        keys, types = structure_agreement(mock, real)
        out["key_agreement"] = round(keys, 4)
        out["type_agreement"] = None if types is None else round(types, 4)
    out["schema_valid"] = schema_valid(real, output_schema) if isinstance(real, dict) else None
    return out


MEASURES = ("text_similarity", "key_agreement", "type_agreement", "schema_valid")


def _mean(values: Iterable[Any]) -> float | None:
    vals = [float(v) for v in values if v is not None]
    return round(mean(vals), 4) if vals else None


def summarise(calls: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals for a group of replayed calls (each a call record of the verification JSON)."""
    n = len(calls)
    ok = sum(1 for c in calls if c["ok"])
    missing = sum(1 for c in calls if not c["ok"] and c["failure"] == "missing_precondition")
    measured = [c["fidelity"] for c in calls if c["ok"] and c.get("fidelity")]
    out: dict[str, Any] = {
        "calls": n,
        "succeeded": ok,
        "failed": n - ok,
        "missing_precondition": missing,
        "executability": round(ok / n, 4) if n else None,
        # the same ratio with calls that failed only because something they needed was absent set apart
        "executability_excluding_missing": round(ok / (n - missing), 4) if n - missing else None,
    }
    for m in MEASURES:
        out[m] = _mean(f.get(m) for f in measured)
    return out

"""What a database answers to the statement a call sends: the rows a SQL SELECT or a Cypher RETURN asks for (its
columns, its filter, its limit), the count a write affected."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import sqlglot

from common.taxonomy import tokens
from engines.offline import values_formats as fmt
from engines.offline.values_vocab import STATUSES
from engines.offline.world import Organisation


_STATEMENT = re.compile(r"^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b", re.I)


_CYPHER = re.compile(r"^\s*(OPTIONAL\s+)?(MATCH|MERGE|CREATE|CALL|UNWIND)\b.*\bRETURN\b|^\s*(MERGE|CREATE)\s*\(", re.I | re.S)


def query_result(args: dict[str, Any], org: Organisation, rng: random.Random) -> str | None:
    """What a database answers to the SQL or Cypher statement a call sends: the rows a SELECT or a RETURN asks
    for (its columns, its filter, its limit), the count a write affected; None when no argument is a statement."""
    graph = next((v for v in args.values() if isinstance(v, str) and _CYPHER.match(v)), None)
    if graph is not None:
        return json.dumps(graph_result(graph, org, rng), ensure_ascii=False)
    stmt = next((v for v in args.values() if isinstance(v, str) and _STATEMENT.match(v)), None)
    if stmt is None:
        return None
    try:
        tree = sqlglot.parse_one(stmt)
    except sqlglot.errors.ParseError:
        return None
    if not isinstance(tree, sqlglot.exp.Select):
        return json.dumps({"status": "ok", "rows_affected": rng.randint(1, 3)}, ensure_ascii=False)
    cols = [e.alias_or_name for e in tree.expressions]
    if not cols or "*" in cols:
        cols = ["id", "name", "status", "created_at"]
    fixed = {eq.left.name: eq.right.name for eq in tree.find_all(sqlglot.exp.EQ)
             if isinstance(eq.left, sqlglot.exp.Column) and isinstance(eq.right, sqlglot.exp.Literal)}
    limit = tree.args.get("limit")
    n = min(int(limit.expression.name), 5) if limit is not None and limit.expression.name.isdigit() else rng.randint(2, 4)
    if tree.args.get("group"):
        n = min(n, 3)
    rows = [{c: _cell(c, fixed, org, rng) for c in cols} for _ in range(n)]
    if tree.args.get("group"):  # one row per group, largest first
        for row, state in zip(rows, rng.sample(STATUSES, n)):
            row.update({c: state for c in cols if c in ("status", "state")})
        counts = sorted((rng.randint(3, 400) for _ in rows), reverse=True)
        for row, count in zip(rows, counts):
            row.update({c: count for c in cols if c not in ("status", "state") and isinstance(row[c], int)})
    return json.dumps({"columns": cols, "rows": rows, "row_count": len(rows)}, ensure_ascii=False)


_GRAPH_LABELS = ("Service", "Person", "Team", "Deployment", "Incident")


def graph_result(stmt: str, org: Organisation, rng: random.Random) -> dict[str, Any]:
    """A graph database's answer to a Cypher statement: the rows its RETURN names (a `p.name` of a `(p:Person)` a
    person's name, of a `(s:Service)` a service's), at most its LIMIT; what a write made where nothing is returned."""
    ret = re.search(r"\bRETURN\s+(?:DISTINCT\s+)?(.+?)(?:\s+ORDER\s+BY\b|\s+SKIP\b|\s+LIMIT\b|$)", stmt, re.I | re.S)
    if ret is None:
        return {"nodes_created": rng.randint(1, 3), "relationships_created": rng.randint(0, 2),
                "properties_set": rng.randint(1, 6)}
    said = [c.strip() for c in re.split(r",(?![^(]*\))", ret.group(1)) if c.strip()]
    exprs = {re.split(r"\s+AS\s+", c, flags=re.I)[-1].strip(): c for c in said}  # column -> what it returns
    cols = list(exprs)
    labels = {v: lab.lower() for v, lab in re.findall(r"\((\w+)\s*:\s*(\w+)", stmt)}
    if ":service" in stmt.lower():  # (what a service depends on, unlabelled, is other services)
        labels.update({v: "service" for v in re.findall(r"\((\w+)\)", stmt) if v not in labels})
    limit = re.search(r"\bLIMIT\s+(\d+)", stmt, re.I)
    n = min(int(limit.group(1)), 5) if limit else rng.randint(2, 4)
    if "team" in labels.values():  # (a row per team: no team twice)
        n = min(n, len(org.teams))
    people = rng.sample(org.people, min(n, len(org.people)))

    def cell(col: str, k: int) -> Any:
        if re.match(r"count\(", exprs[col], re.I):
            return rng.randint(1, 60)
        if re.match(r"labels\(", exprs[col], re.I):  # one row per label
            return [_GRAPH_LABELS[k % len(_GRAPH_LABELS)]]
        if re.match(r"type\(", exprs[col], re.I):
            return rng.choice(re.findall(r"\[\w*:(\w+)", stmt) or ["DEPENDS_ON", "CALLS", "OWNS"])
        var, _, prop = re.split(r"\s+AS\s+", exprs[col], flags=re.I)[0].strip().partition(".")  # (`t.name AS team`)
        if prop in ("name", "title") and labels.get(var) in ("person", "user", "employee", "author", "member"):
            return people[k % len(people)].name
        if prop == "name" and labels.get(var) in ("service", "system", "app", "application", "component"):
            others = [x for x in org.services if f"'{x}'" not in stmt] or list(org.services)  # (not the one matched)
            return others[(k + len(var)) % len(others)]
        if prop == "name" and labels.get(var) == "team":
            return org.teams[k % len(org.teams)]
        return _cell(prop or col, {}, org, rng)
    rows = [{c: cell(c, k) for c in cols} for k in range(n)]
    desc = re.search(r"\bORDER\s+BY\s+(\w+)\s+DESC\b", stmt, re.I)
    if desc and desc.group(1) in cols and all(isinstance(r[desc.group(1)], int) for r in rows):
        rows.sort(key=lambda r: -r[desc.group(1)])
    return {"columns": cols, "rows": rows, "row_count": len(rows)}


def _cell(col: str, fixed: dict[str, str], org: Organisation, rng: random.Random) -> Any:
    """One value of a result column, by its name (and the filter's value where the query fixes it)."""
    if col in fixed:
        return int(fixed[col]) if fixed[col].isdigit() else fixed[col]
    words = set(tokens(col))
    if col == "id" or words & {"id"}:
        return rng.randint(1_000, 99_999)
    if words & {"at", "date", "time", "timestamp", "created", "updated"}:
        return fmt.last_touched(rng)
    if words & {"count", "total", "sum", "num", "quantity", "amount"}:
        return rng.randint(1, 500)
    if words & {"status", "state"}:
        return rng.choice(STATUSES)
    return f"{rng.choice(org.nouns)}-{rng.randint(1, 99)}"

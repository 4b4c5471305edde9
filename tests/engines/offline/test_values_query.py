"""A query parameter of a tool that speaks a query language gets a statement in it; a tool that runs SQL
answers with the rows its statement asks for."""

from __future__ import annotations

import json
import random

import pytest
import sqlglot

from engines.offline.query_results import query_result
from engines.offline.values import ValueGenerator
from engines.offline.world import make_org


def _value(name: str, description: str = "", about: str = "") -> str:
    gen = ValueGenerator(make_org(4), random.Random(2))
    gen.about = about
    return gen.value({"type": "string", "description": description} if description else {"type": "string"}, name=name)


@pytest.mark.parametrize("name, description, about", [
    ("query", "SQL query to execute", ""), ("sql", "", ""), ("query", "", "run_read_query Run a read-only query on the MySQL database"),
    ("statement", "The statement", "execute_sql Execute any SQL statement"),
    ("query", "Database Query", ""),  # a database's query, whatever language the tool's text is in
])
def test_a_sql_parameter_gets_sql_that_parses(name, description, about):
    for _ in range(6):
        stmt = _value(name, description, about)
        assert sqlglot.parse_one(stmt) is not None, stmt


def test_a_read_only_tool_selects_and_a_writing_one_writes():
    for _ in range(6):
        assert _value("query", "SQL SELECT query").startswith("SELECT")
        assert _value("sql", "SQL query (INSERT, UPDATE, DELETE)").split()[0] in ("INSERT", "UPDATE")


def test_other_query_languages_and_plain_search_boxes():
    assert "{" in _value("query", "PromQL expression") and "[" in _value("expr", "", "query_prometheus Run a PromQL query")
    assert ":" in _value("query", "Shodan search query (e.g. filters like port:443)")
    assert "MATCH" in _value("query", "Cypher query to run against Neo4j")
    body = json.loads(_value("query", "Elasticsearch query DSL body"))
    assert "query" in body
    plain = _value("query", "Search terms")  # no language named: plain words, not a statement
    assert not plain.upper().startswith(("SELECT", "MATCH")) and "{" not in plain


def test_a_select_is_answered_with_rows_of_its_columns_filter_and_limit():
    rng = random.Random(3)
    out = json.loads(query_result({"query": "SELECT id, status FROM orders WHERE status = 'open' LIMIT 2"},
                                  make_org(1), rng))
    assert out["columns"] == ["id", "status"] and out["row_count"] == 2
    assert all(row["status"] == "open" and isinstance(row["id"], int) for row in out["rows"])
    grouped = json.loads(query_result({"sql": "SELECT status, COUNT(*) AS total FROM orders GROUP BY status"},
                                      make_org(1), rng))
    totals = [row["total"] for row in grouped["rows"]]
    assert totals == sorted(totals, reverse=True) and len({r["status"] for r in grouped["rows"]}) == len(totals)
    assert json.loads(query_result({"q": "UPDATE orders SET status = 'paid' WHERE id = 4"}, make_org(1), rng))["rows_affected"] >= 1
    assert query_result({"query": "open orders"}, make_org(1), rng) is None


def test_a_tool_named_like_a_search_that_runs_a_select_answers_with_rows_not_search_hits(tmp_path):
    """`query(sql)` "Execute a SELECT query" is named like a search; it answers with the rows of the statement it is
    given (`columns`, `rows`), not with web hits about "carrier export" (`title`, `snippet`, `score`)."""
    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    tools = [{"name": "query", "description": "Execute a SELECT query",
              "inputSchema": {"type": "object", "properties": {"sql": {"type": "string", "description": "SQL SELECT query"}},
                              "required": ["sql"]}},
             {"name": "list_tables", "description": "List all tables in the database",
              "inputSchema": {"type": "object", "properties": {}}}]
    (tmp_path / "db.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "db.json"]), RunConfig(seed=5), str(tmp_path / "h"))
    answers = [json.loads(c.output) for s in scenarios for c in s.calls if c.tool == "query"]
    assert answers and all({"columns", "rows"} <= set(a) and "items" not in a for a in answers), answers[:2]


def test_a_graph_database_is_asked_in_cypher_and_answers_with_the_rows_its_return_names():
    for _ in range(6):  # a tool that names a graph database, without the word Cypher
        assert _value("query", "", "run_query Run a query against Memgraph").startswith("MATCH")
    org, rng = make_org(1), random.Random(5)
    out = json.loads(query_result({"query": "MATCH (p:Person)-[:WORKS_ON]->(s:Service) RETURN p.name, s.name LIMIT 2"},
                                  org, rng))
    assert out["columns"] == ["p.name", "s.name"] and out["row_count"] == 2
    assert all(r["p.name"] in {p.name for p in org.people} and r["s.name"] in org.services for r in out["rows"])
    counted = json.loads(query_result({"query": "MATCH (t:Team)-[:OWNS]->(s:Service) RETURN t.name AS team, "
                                                "count(s) AS services ORDER BY services DESC"}, org, rng))
    teams = [r["team"] for r in counted["rows"]]
    assert set(teams) <= set(org.teams) and len(set(teams)) == len(teams)
    assert [r["services"] for r in counted["rows"]] == sorted((r["services"] for r in counted["rows"]), reverse=True)
    made = json.loads(query_result({"query": "CREATE (s:Service {name: 'billing-api'})"}, org, rng))
    assert made["nodes_created"] >= 1


@pytest.mark.parametrize("about, cue", [("query-logs", "severity"), ("list-traces List traces", "service="),
                                        ("query-metrics Query time series metrics", "metric.name")])
def test_an_observability_filter_speaks_of_what_its_records_carry(about, cue):
    """A `filter` of a tool over logs, traces or metrics conditions on severity, service or metric names,
    not on a SQL table's columns."""
    values = {_value("filter", "", about) for _ in range(8)}
    assert all("'" not in v and "IS NOT NULL" not in v for v in values), values
    assert any(cue in v for v in values), values


def test_code_to_run_is_a_program_in_the_language_its_description_names():
    import ast

    for _ in range(6):
        code = _value("code", "Python code to execute")
        ast.parse(code)
        assert "print(" in code, code  # a program that shows something, not an ID like `83893`
        assert "document" in _value("script", "JavaScript to run in the current page") or \
            "window" in _value("script", "JavaScript to run in the current page")

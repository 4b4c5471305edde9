"""Statements in the query language a parameter asks for: SQL, PromQL, LogQL, TraceQL, Lucene, an
Elasticsearch query body, Cypher, GraphQL, a Shodan-style search.

A parameter named like a query (`query`, `sql`, `expr`, `statement`) whose own description, or whose
tool's name and description, names a language gets a valid statement in it, about the organisation's
tables, services and values; a plain search box keeps plain words. SQL is written from parts and
checked with sqlglot (a tool that only reads gets a SELECT, one that writes an INSERT or UPDATE); the
others follow shapes their grammars accept.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Callable

import sqlglot

from engines.offline import compute
from engines.offline.roles import PROGRAM
from engines.offline.values_describe import examples
from engines.offline.values_vocab import Hint, STATUSES, noun

# Names of parameters that carry a statement when their tool speaks a query language.
_QUERY_NAMES = frozenset({"query", "q", "sql", "statement", "stmt", "expr", "expression", "promql", "logql", "traceql",
                          "cypher", "dsl", "query_string", "querystring", "search_query", "graphql", "body", "sql_query",
                          "query_text", "where"})
# (language, cue): the first cue found names the language; the parameter's own description is read first.
_CUES: tuple[tuple[str, re.Pattern[str]], ...] = tuple((lang, re.compile(rx)) for lang, rx in (
    ("promql", r"\bpromql\b|prometheus (query|expression)"),
    ("logql", r"\blogql\b|\bloki\b"),
    ("traceql", r"\btraceql\b|\btempo\b"),
    # (the graph databases that speak it, and "a graph database" said outright)
    ("cypher", r"\b(open)?cypher\b|\bneo4j\b|\bmemgraph\b|\bfalkordb\b|\bkuzu\b|\bgraph (database|db)\b"),
    ("graphql", r"\bgraphql (query|document|string|operation)|\bgraphql\b"),
    ("es_dsl", r"query dsl|elasticsearch query (body|object)|opensearch query (body|object)"),
    ("lucene", r"\blucene\b|query string syntax|elasticsearch query string|\bes syntax\b"),
    ("shodan", r"\bshodan\b.*\bquery\b|\bsearch dork|\bfilters? like (port|country|org):"),
    ("sql", r"\bsql\b|\bselect\b.+\bfrom\b|\b(postgres|postgresql|mysql|sqlite|snowflake|bigquery|duckdb|clickhouse|"
            r"singlestore|mariadb|redshift|trino)\b|\b(database|db) query\b|\bquery (the|a|your) database\b"),
))
_WRITES = re.compile(r"\b(insert|update|delete|write|modify|execute (any|a write)|ddl|dml|create table)\b")


_OTHER_LANGUAGE = re.compile(r"c#|\bcsharp\b|\bjava\b|\bruby\b|\brust\b|\blua\b|\bphp\b|\bswift\b|\bkotlin\b|"
                             r"\bbash\b|\bshell\b|powershell|applescript|\bgolang\b|\bgdscript\b")


def _program(h: Hint) -> str | None:
    """The programming language a `code`/`script` slot asks for: JavaScript where it runs in a page or names
    JavaScript, Python where it names Python or just asks for code to run."""
    name = h.name.lower().replace("-", "_")
    if name.rsplit("_", 1)[-1] not in ("code", "script", "snippet", "source"):
        return None
    said = f"{h.description} {h.name}".lower()
    if not PROGRAM.search(said) or _OTHER_LANGUAGE.search(said) or examples(h.description):
        return None  # (C# for a Unity editor, or the author's own snippets: theirs, not a Python one)
    if re.search(r"\b(javascript|typescript|js|node\.?js)\b", said) or re.search(r"\b(page|browser|dom)\b", h.about.lower()):
        return "javascript"
    return "python"


def language(h: Hint) -> str | None:
    """The query language the slot asks for, or None for plain words."""
    program = _program(h)
    if program is not None:
        return program
    name = h.name.lower().replace("-", "_")
    if name in compute.EXPRESSION_NAMES and compute.speaks_math(f"{h.description} {h.about}"):
        return "math"  # a calculator's expression: arithmetic, not a script
    if name in ("sql", "sql_query", "promql", "logql", "traceql", "cypher", "graphql"):
        return "sql" if name.startswith("sql") else name
    if name not in _QUERY_NAMES:
        return None
    for text in (h.description.lower(), h.about.lower()):
        for lang, cue in _CUES:
            if cue.search(text):
                return lang
    return None


def spoken(name: str, description: str, about: str) -> str | None:
    """The query language a parameter asks for, from its name, its description and its tool's (`about`)."""
    return language(Hint(name, None, None, description, None, None, about=about))  # type: ignore[arg-type]


def _table(h: Hint) -> str:
    return h.rng.choice(h.org.tables)


def sql(h: Hint) -> str:
    """A SELECT for a tool that reads, an INSERT or UPDATE for one whose text says it writes; checked by sqlglot."""
    table = _table(h)
    writes = bool(_WRITES.search(h.description.lower())) and not re.search(r"read[- ]only|select only", h.description.lower())
    status = h.rng.choice(STATUSES)
    if writes:
        stmt = h.rng.choice((
            f"UPDATE {table} SET status = '{status}', updated_at = CURRENT_TIMESTAMP WHERE id = {h.rng.randint(100, 9999)}",
            f"INSERT INTO {table} (name, status) VALUES ('{noun(h)}-{h.rng.randint(2, 99)}', '{status}')"))
    else:
        stmt = h.rng.choice((
            f"SELECT id, status, created_at FROM {table} WHERE status = '{status}' ORDER BY created_at DESC LIMIT 20",
            f"SELECT status, COUNT(*) AS total FROM {table} GROUP BY status ORDER BY total DESC",
            f"SELECT * FROM {table} WHERE created_at >= CURRENT_DATE - INTERVAL '7' DAY LIMIT 50"))
    sqlglot.parse_one(stmt)  # a statement that does not parse is a bug here, not a value to hand out
    return stmt


def _service(h: Hint) -> str:
    return h.rng.choice(h.org.services)


def promql(h: Hint) -> str:
    s = _service(h)
    return h.rng.choice((f'sum(rate(http_requests_total{{service="{s}", code=~"5.."}}[5m]))',
                         f'histogram_quantile(0.95, sum(rate(http_request_duration_seconds_bucket{{service="{s}"}}[5m])) by (le))',
                         f'up{{job="{s}"}} == 0'))


def logql(h: Hint) -> str:
    s = _service(h)
    return h.rng.choice((f'{{app="{s}"}} |= "error"', f'sum(count_over_time({{app="{s}"}} |= "timeout" [15m]))',
                         f'{{app="{s}", level="error"}} | json | status >= 500'))


def traceql(h: Hint) -> str:
    s = _service(h)
    return h.rng.choice((f'{{ resource.service.name = "{s}" && status = error }}',
                         f'{{ resource.service.name = "{s}" && duration > 500ms }}'))


def lucene(h: Hint) -> str:
    return h.rng.choice((f'status:{h.rng.choice(STATUSES)} AND service:{_service(h)}',
                         f'"{noun(h)}" AND level:(error OR warning)', f'title:{noun(h)}* NOT status:archived'))


def es_dsl(h: Hint) -> str:
    body = {"query": {"bool": {"must": [{"match": {"message": noun(h)}}],
                               "filter": [{"term": {"status": h.rng.choice(STATUSES)}},
                                          {"range": {"@timestamp": {"gte": "now-7d/d"}}}]}}, "size": 20}
    return json.dumps(body)


def cypher(h: Hint) -> str:
    return h.rng.choice(("MATCH (p:Person)-[:WORKS_ON]->(s:Service) RETURN p.name, s.name LIMIT 25",
                         f"MATCH (s:Service {{name: '{_service(h)}'}})-[:DEPENDS_ON*1..2]->(d) RETURN DISTINCT d.name",
                         "MATCH (n) RETURN labels(n) AS label, count(*) AS total ORDER BY total DESC LIMIT 10",
                         f"MATCH (s:Service {{name: '{_service(h)}'}})-[r]-(x) RETURN type(r) AS relation, x.name LIMIT 20",
                         "MATCH (t:Team)-[:OWNS]->(s:Service) RETURN t.name AS team, count(s) AS services "
                         "ORDER BY services DESC"))


def graphql(h: Hint) -> str:
    return h.rng.choice(("query { viewer { login repositories(first: 10) { nodes { name updatedAt } } } }",
                         f'query {{ search(query: "{noun(h)}", first: 5) {{ nodes {{ id title }} }} }}'))


def shodan(h: Hint) -> str:
    return h.rng.choice(('apache country:"DE" port:443', 'product:"nginx" org:"Amazon" port:80',
                         'ssl.cert.subject.cn:"example.com"', '"Server: cloudflare" country:"US"'))


# The programs that print the same whatever the scenario, and what each prints (`printed` answers with it).
_FIXED_PROGRAMS = {"import statistics\nprint(statistics.mean([12.5, 18.0, 25.25, 31.0]))": "21.6875",
                   "from datetime import date\nprint((date(2026, 3, 31) - date(2026, 3, 16)).days)": "15",
                   "import math\nprint(round(math.sqrt(1764), 2))": "42.0"}


def python(h: Hint) -> str:
    """A short program that runs on its own (parsed here: a snippet that does not parse is a bug, not a value)."""
    n = noun(h)
    mean, days, root = _FIXED_PROGRAMS
    code = h.rng.choice((
        mean, days,
        f"counts = {{}}\nfor word in '{n} {n} report {n} export'.split():\n    counts[word] = counts.get(word, 0) + 1\n"
        "print(counts)",
        root,
        f"rows = [{{'name': '{n}-{h.rng.randint(1, 9)}', 'total': {h.rng.randint(10, 90)}}}, "
        f"{{'name': '{n}-{h.rng.randint(10, 19)}', 'total': {h.rng.randint(10, 90)}}}]\n"
        "print(max(rows, key=lambda r: r['total']))"))
    ast.parse(code)
    return code


_COUNTED = re.compile(r"for word in '([\w -]+)'\.split\(\)")
_ROWS = re.compile(r"rows = (\[.*\])\nprint\(max\(rows")


def printed(code: str) -> str | None:
    """What one of `python`'s programs prints, worked out from its text (never run); None for any other text."""
    if code in _FIXED_PROGRAMS:
        return _FIXED_PROGRAMS[code]
    words = _COUNTED.search(code)
    if words is not None and code.endswith("print(counts)"):
        counts: dict[str, int] = {}
        for w in words.group(1).split():
            counts[w] = counts.get(w, 0) + 1
        return repr(counts)
    rows = _ROWS.search(code)
    if rows is not None:
        found = ast.literal_eval(rows.group(1))
        return repr(max(found, key=lambda r: r["total"]))
    return None


def javascript(h: Hint) -> str:
    return h.rng.choice(("document.title", "document.querySelectorAll('a').length", "window.location.href",
                         "Array.from(document.querySelectorAll('h2')).map(h => h.textContent.trim())",
                         "document.querySelector('form') !== null"))


STATEMENTS: dict[str, Callable[[Hint], str]] = {
    "python": python, "javascript": javascript,
    "sql": sql, "promql": promql, "logql": logql, "traceql": traceql, "lucene": lucene, "es_dsl": es_dsl,
    "cypher": cypher, "graphql": graphql, "shodan": shodan, "math": lambda h: compute.expression(h.rng),
}


def statement(h: Hint) -> str | None:
    """A statement in the language the slot asks for, or None when it asks for plain words."""
    lang = language(h)
    return STATEMENTS[lang](h) if lang else None

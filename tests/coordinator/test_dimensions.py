"""Coverage dimensions: each universe comes from the spec (or the tool graph), each reach from the scenarios."""

from __future__ import annotations

import networkx as nx

from coordinator.dimensions import measure, schema_paths
from schemas import Call, Scenario, Tool

WRITE = Tool(name="write_file", annotations={"readOnlyHint": False, "destructiveHint": True}, inputSchema={
    "type": "object", "required": ["path"], "properties": {
        "path": {"type": "string"},
        "mode": {"type": "string", "enum": ["overwrite", "append"]},
        "options": {"type": "object", "properties": {"encoding": {"type": "string"}}},
        "edits": {"type": "array", "items": {"type": "object", "properties": {"oldText": {"type": "string"}}}}}})
READ = Tool(name="read_file", annotations={"readOnlyHint": True}, inputSchema={
    "type": "object", "properties": {"path": {"type": "string"}, "head": {"type": "integer"}}})
LIST = Tool(name="list_directory", inputSchema={"type": "object", "properties": {"path": {"type": "string"}}})


def _call(tool: str, args: dict, **kw) -> Call:
    return Call(tool=tool, arguments=args, explanation="x", output="ok", **kw)


def _scenario(sid: str, calls: list[Call]) -> Scenario:
    return Scenario(id=sid, title="t", complexity="complex", category="c", instruction="i", novelty_reason="n",
                    follow_up="f", calls=calls)


def test_parameter_paths_reach_into_objects_arrays_and_combinators():
    schema = {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}}},
              "anyOf": [{"properties": {"c": {"type": "array", "items": {"properties": {"d": {}}}}}}]}
    assert [p for p, _ in schema_paths(schema)] == ["a", "a.b", "c", "c[].d"]


def test_each_dimension_counts_what_the_scenarios_reach_of_its_universe():
    graph = nx.DiGraph()
    graph.add_edge("write_file", "read_file", feeds=[{"param": "path"}])
    graph.add_edge("list_directory", "read_file", feeds=[{"param": "path"}])
    scenarios = [
        _scenario("s1", [_call("write_file", {"path": "/a", "mode": "append", "edits": [{"oldText": "x"}]}),
                         _call("read_file", {"path": "/a"}, sources={"path": 0})]),
        _scenario("s2", [_call("read_file", {"path": "/b"}, is_error=True)]),
    ]
    got = measure([WRITE, READ, LIST], scenarios, graph)
    assert (got["tools"].total, got["tools"].covered, got["tools"].missing) == (3, 2, ["list_directory"])
    assert got["params"].missing == ["list_directory.path", "read_file.head", "write_file.options",
                                     "write_file.options.encoding"]
    assert (got["params"].total, got["params"].covered) == (9, 5)
    assert got["enums"].missing == ['write_file.mode="overwrite"'] and got["enums"].ratio == 0.5
    assert got["edges"].missing == ["list_directory->read_file.path"] and got["edges"].covered == 1
    assert got["annotations"].missing == [] and got["annotations"].total == 3
    assert (got["pairs"].total, got["pairs"].covered) == (None, 1) and "n(n-1)/2" in got["pairs"].note
    assert (got["errors"].total, got["errors"].covered) == (None, 1)
    assert measure([WRITE], [], None)["edges"].note.startswith("no tool graph")

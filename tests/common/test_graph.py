from common.graph import ToolGraph
from engines.offline.pipeline import Pipeline
from specs import load_suite
from tests.conftest import dev_spec


def _graph(*names):
    pipe = Pipeline(load_suite([dev_spec(n) for n in names]))
    return pipe.suite, ToolGraph.build(pipe.suite, pipe.interpretations)


def test_listing_feeds_reading_with_the_parameter_it_supplies():
    suite, g = _graph("filesystem")
    assert "read_text_file" in g.successors("list_directory")
    assert "list_directory" in g.predecessors("read_text_file")
    feeds = g.feeds("list_directory", "read_text_file")
    assert {"param": "path", "entity": "file", "field": None} in feeds or any(f["param"] == "path" for f in feeds)
    assert g.nx.number_of_nodes() == len(suite.tools)
    assert g.node("read_text_file")["action"] == "read"


def test_output_schema_fields_name_the_feeding_field():
    _, g = _graph("git")
    feeds = g.feeds("git_branch", "git_merge")
    assert any(f["param"] == "branch" and f["field"] and "name" in f["field"] for f in feeds)


def test_edges_cross_specs_when_several_are_loaded():
    suite, g = _graph("git", "github")
    spec = {t.name: t.spec for t in suite.tools}
    cross = [(a, b) for a, b in g.nx.edges if spec[a] != spec[b]]
    assert cross, "no cross-server edge between git and github"


def test_no_edge_without_a_feeding_parameter():
    _, g = _graph("redis")
    for a, b, data in g.nx.edges(data=True):
        assert data["feeds"] and all(f["param"] for f in data["feeds"])
    assert g.successors("dbsize") == [] or all(g.feeds("dbsize", s) for s in g.successors("dbsize"))

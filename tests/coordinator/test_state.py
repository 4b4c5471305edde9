from coordinator.state import WorkflowStateStore, integrity_failures, value_in_output
from schemas import Call, Entity, Scenario, WorkflowState


def scenario(calls, entities=()):
    return Scenario(id="s1", title="t", complexity="complex", category="c", instruction="i", novelty_reason="n",
                    follow_up="f", calls=calls, state=WorkflowState(entities=list(entities)))


def test_a_value_taken_from_an_earlier_output_passes_and_one_from_nowhere_fails():
    ok = scenario([Call(tool="list", arguments={}, explanation="e", output={"files": [{"path": "/srv/a.txt"}]}),
                   Call(tool="read", arguments={"path": "/srv/a.txt"}, explanation="e", sources={"path": 0})])
    bad = scenario([ok.calls[0], Call(tool="read", arguments={"path": "/srv/b.txt"}, explanation="e", sources={"path": 0})])
    assert integrity_failures(ok) == []
    [f] = integrity_failures(bad)
    assert f.path == "calls[1].arguments.path" and "does not appear" in f.reason


def test_sources_must_point_backwards_at_a_set_argument():
    c0 = Call(tool="a", arguments={"x": "1"}, explanation="e", output="1", sources={"x": 0})
    c1 = Call(tool="b", arguments={}, explanation="e", sources={"y": 0})
    reasons = [f.reason for f in integrity_failures(scenario([c0, c1]))]
    assert reasons == ["source call 0 is not an earlier call", "argument named as sourced is not set"]


def test_composed_and_list_values_count_as_taken_from_the_output():
    assert value_in_output("/srv/reports/q3.csv", {"entries": ["q3.csv", "q4.csv"]})
    assert value_in_output(["id-1", "id-9"], {"items": [{"id": "id-1"}]})
    assert not value_in_output("zz", {"items": [{"id": "id-1"}]})
    assert not value_in_output("x", None)


def test_store_keeps_states_of_admitted_scenarios_only():
    store = WorkflowStateStore()
    good = scenario([Call(tool="a", arguments={}, explanation="e", output="ok")],
                    [Entity(kind="file", id="/a", created_by=0), Entity(kind="dir", id="/")])
    assert store.admit(good) == [] and "s1" in store
    broken = good.model_copy(update={"id": "s2", "calls": [good.calls[0].model_copy(update={"sources": {"x": 0}})]})
    assert store.admit(broken) != [] and "s2" not in store


def test_a_nested_value_is_named_by_its_path_and_checked_like_a_top_level_one():
    c0 = Call(tool="list", arguments={}, explanation="e", output={"layers": [{"name": "Hero Banner"}]})
    ok = Call(tool="edit", arguments={"params": {"layer_name": "Hero Banner"}, "rel": [{"from": "x"}]},
              explanation="e", sources={"params.layer_name": 0})
    bad = Call(tool="edit", arguments={"params": {"layer_name": "Footer"}}, explanation="e",
               sources={"params.layer_name": 0, "params.nope": 0, "rel[3].from": 0})
    assert integrity_failures(scenario([c0, ok])) == []
    fails = integrity_failures(scenario([c0, bad]))
    assert [f.path for f in fails] == ["calls[1].arguments.params.layer_name", "calls[1].sources.params.nope",
                                       "calls[1].sources.rel[3].from"]
    assert "does not appear" in fails[0].reason and fails[1].reason == "argument named as sourced is not set"

"""The deterministic grader on a hand-made scenario, with faults written by hand."""

from __future__ import annotations

import pytest

from evaluation.grader import grade_record
from schemas import Call, Scenario, ToolCallRecord, Turn
from tests.evaluation.handmade import TOOLS, call, oracle_transcript, scenario


def below_one(rec) -> set[str]:
    return {k for k, v in rec.subdimensions.items() if v < 1.0}


def test_the_oracle_scores_one_on_every_dimension_and_subdimension():
    rec = grade_record(scenario(), oracle_transcript(), TOOLS)
    assert rec.score == 1.0
    assert rec.dimensions == {"usage": 1.0, "selection": 1.0, "ordering": 1.0, "arguments": 1.0}
    assert set(rec.subdimensions) >= {"usage.necessity", "selection.correctness", "ordering.sequence_logic",
                                      "ordering.dependency_handling", "arguments.value", "arguments.relevancy"}
    assert below_one(rec) == set()
    assert rec.spec == "files" and rec.complexity == "complex" and rec.judge == "deterministic"


def test_a_wrong_tool_lowers_selection_only():
    t = oracle_transcript()
    call(t, 0, 0).tool = "search_files"
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"selection.correctness", "selection.specificity", "selection.completeness"}
    assert rec.turns[0].diagnostics["substituted_calls"] == 1
    assert rec.turns[0].diagnostics["hallucinated_tools"] == 0


def test_a_hallucinated_tool_lowers_selection_and_is_counted():
    t = oracle_transcript()
    call(t, 1, 0).tool = "list_dir_contents"
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"selection.correctness", "selection.specificity", "selection.completeness"}
    assert rec.turns[1].diagnostics["hallucinated_tools"] == 1


def test_a_missing_required_argument_zeroes_value_type_and_format_of_that_call():
    t = oracle_transcript()
    del call(t, 0, 1).arguments["content"]
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"arguments.completeness", "arguments.value", "arguments.type", "arguments.format"}
    sub = rec.turns[0].subdimensions
    assert sub["arguments.value"] == sub["arguments.type"] == sub["arguments.format"] == 0.5  # one of two calls
    assert sub["arguments.completeness"] == pytest.approx((1 + 0.5) / 2)


def test_a_wrong_parameter_name_cascades_like_a_missing_one():
    t = oracle_transcript()
    call(t, 0, 0).arguments = {"dir": "/work/reports"}
    rec = grade_record(scenario(), t, TOOLS)
    assert {"arguments.name", "arguments.value", "arguments.type", "arguments.format"} <= below_one(rec)
    assert rec.turns[0].subdimensions["arguments.name"] == 0.5


def test_a_wrong_value_zeroes_type_format_and_relevancy_but_not_name_or_completeness():
    t = oracle_transcript()
    call(t, 1, 0).arguments["path"] = "/tmp/elsewhere"
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"arguments.value", "arguments.type", "arguments.format", "arguments.relevancy"}


def test_a_wrong_type_lowers_type_only_because_the_value_is_equivalent():
    t = oracle_transcript()
    call(t, 1, 0).arguments["limit"] = "10"
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"arguments.type"}


def test_a_badly_formatted_date_lowers_format_only():
    t = oracle_transcript()
    call(t, 1, 1).arguments["since"] = "03/01/2024"
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"arguments.format"}


def test_equivalent_values_count_as_equal():
    t = oracle_transcript()
    call(t, 0, 0).arguments["path"] = "/work//reports/"
    call(t, 1, 0).arguments["limit"] = 10.0
    rec = grade_record(scenario(), t, TOOLS)
    assert rec.score == 1.0 and below_one(rec) == set()


def test_swapped_order_lowers_sequence_logic_only():
    t = oracle_transcript()
    t.turns[1].calls.reverse()
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"ordering.sequence_logic"}


def test_calling_a_consumer_before_its_producer_breaks_dependency_handling():
    s = scenario()
    s.turns = [Turn(user=s.instruction, calls=[0, 1, 2, 3])]
    t = oracle_transcript(s)
    t.turns[0].calls = [t.turns[0].calls[i] for i in (0, 3, 1, 2)]
    rec = grade_record(s, t, TOOLS)
    assert rec.subdimensions["ordering.dependency_handling"] == 0.0
    assert "ordering.sequence_logic" in below_one(rec)
    assert not {k for k in below_one(rec) if not k.startswith("ordering.")}


def test_an_extra_call_is_overuse_and_lowers_efficiency_and_specificity():
    t = oracle_transcript()
    t.turns[0].calls.append(ToolCallRecord(tool="search_files", arguments={"pattern": "*.md"}, output=[]))
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"ordering.execution_efficiency", "selection.specificity"}
    assert rec.turns[0].diagnostics["overuse"] == 1
    assert rec.turns[0].subdimensions["ordering.execution_efficiency"] == pytest.approx(2 / 3)


def test_a_repeated_needed_call_is_overuse_without_a_selection_penalty():
    t = oracle_transcript()
    t.turns[1].calls.insert(0, t.turns[1].calls[0].model_copy(deep=True))
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"ordering.execution_efficiency"}
    assert rec.turns[1].diagnostics["overuse"] == 1


def test_a_skipped_call_lowers_completeness():
    t = oracle_transcript()
    del t.turns[1].calls[0]
    rec = grade_record(scenario(), t, TOOLS)
    assert below_one(rec) == {"selection.completeness"}
    assert rec.turns[1].diagnostics["missing_calls"] == 1


def test_a_turn_without_any_call_fails_usage_and_selection():
    t = oracle_transcript()
    t.turns[1].calls = []
    rec = grade_record(scenario(), t, TOOLS)
    turn = rec.turns[1]
    assert turn.dimensions["usage"] == 0.0 and turn.dimensions["selection"] == 0.0
    assert turn.dimensions["arguments"] is None and turn.score == 0.0
    assert rec.score == 0.5


def test_calling_tools_when_the_turn_needs_none_fails_necessity():
    s = scenario()
    s.turns.append(Turn(user="thanks!", calls=[]))
    t = oracle_transcript(s)
    t.turns[2].calls = [ToolCallRecord(tool="read_file", arguments={"path": "/work/reports/q3.md"})]
    rec = grade_record(s, t, TOOLS)
    assert rec.turns[2].dimensions == {"usage": 0.0, "selection": None, "ordering": None, "arguments": None}
    t.turns[2].calls = []
    assert grade_record(s, t, TOOLS).score == 1.0


def test_a_value_taken_from_the_agents_own_earlier_output_is_not_penalised():
    t = oracle_transcript()
    call(t, 0, 1).output = {"file_id": "f-zz9900", "bytes": 10}  # the agent's world answered another id
    call(t, 1, 1).arguments["file_id"] = "f-zz9900"
    assert grade_record(scenario(), t, TOOLS).score == 1.0
    call(t, 1, 1).arguments["file_id"] = "f-777777"  # appears in no output: wrong
    assert "arguments.value" in below_one(grade_record(scenario(), t, TOOLS))


def test_a_value_the_oracle_did_not_take_from_an_output_must_match_the_oracle():
    t = oracle_transcript()
    call(t, 0, 0).output = {"created": "/work/other"}
    call(t, 0, 1).arguments["path"] = "/work/other"  # in an earlier output, but the oracle's path is given
    assert "arguments.value" in below_one(grade_record(scenario(), t, TOOLS))


def test_unparseable_arguments_score_zero_on_arguments():
    t = oracle_transcript()
    call(t, 0, 0).arguments = None
    call(t, 0, 0).raw_arguments = "{path: oops"
    rec = grade_record(scenario(), t, TOOLS)
    assert rec.turns[0].subdimensions["arguments.name"] == 0.5
    assert rec.turns[0].diagnostics["unparseable_arguments"] == 1


def test_an_optional_argument_left_at_its_default_is_relevant_another_is_not():
    t = oracle_transcript()
    call(t, 0, 1).arguments["mode"] = "overwrite"
    assert grade_record(scenario(), t, TOOLS).score == 1.0
    call(t, 0, 1).arguments["mode"] = "append"
    assert below_one(grade_record(scenario(), t, TOOLS)) == {"arguments.relevancy"}


def test_a_missing_transcript_scores_zero_with_an_error():
    rec = grade_record(scenario(), None, TOOLS)
    assert rec.score == 0.0 and "no transcript" in rec.error


def test_a_repeated_tool_is_matched_to_the_occurrence_with_the_same_arguments():
    calls = [Call(tool="read_file", arguments={"path": p}, explanation="") for p in ("/a.txt", "/b.txt")]
    s = Scenario(id="r", title="", complexity="simple", category="", instruction="", novelty_reason="",
                 follow_up="", calls=calls)
    t = oracle_transcript(s.model_copy(update={"turns": s.single_turn()}))
    t.turns[0].calls.reverse()
    rec = grade_record(s, t, TOOLS)
    assert rec.subdimensions["arguments.value"] == 1.0
    assert rec.subdimensions["ordering.sequence_logic"] == 0.0


def test_a_sourced_value_must_come_from_the_matched_producers_output_not_any_output():
    t = oracle_transcript()
    call(t, 0, 0).output = {"created": "/work/reports", "note": "f-zz9900"}  # not the producer (call 1)
    call(t, 1, 1).arguments["file_id"] = "f-zz9900"
    assert "arguments.value" in below_one(grade_record(scenario(), t, TOOLS))


def test_a_structure_sent_as_json_text_has_the_right_value_and_the_wrong_type():
    s = scenario()
    s.calls[0].arguments = {"path": "/work/reports", "tags": ["q3", "final"]}
    tools = dict(TOOLS)
    schema = {"type": "object", "properties": {"path": {"type": "string"}, "tags": {"type": "array"}},
              "required": ["path"]}
    tools["create_directory"] = TOOLS["create_directory"].model_copy(update={"input_schema": schema})
    t = oracle_transcript(s)
    call(t, 0, 0).arguments["tags"] = '["q3", "final"]'
    assert below_one(grade_record(s, t, tools)) == {"arguments.type"}


def test_a_scenario_whose_turns_point_outside_its_calls_is_a_clear_error():
    from schemas.errors import SeerError

    s = scenario()
    s.turns[1].calls.append(9)
    with pytest.raises(SeerError, match=r"scenario s1: turns\[1\]"):
        grade_record(s, oracle_transcript(scenario()), TOOLS)

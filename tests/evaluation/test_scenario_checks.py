"""The realism measures of bench/offline_quality.py: what counts as a generic output object, a
timestamp contradiction, a dictated value."""

from __future__ import annotations

import json

from evaluation import scenario_checks as q
from schemas import Call, Scenario


def _scenario(*calls: tuple[dict, object], instruction: str = "Do it.") -> Scenario:
    return Scenario(id="s", title="t", complexity="simple", category="c", instruction=instruction, novelty_reason="n",
                    follow_up="f", calls=[Call(tool="t", arguments=a, explanation="e", output=o) for a, o in calls])


def test_an_object_of_ids_names_timestamps_and_echoed_arguments_is_generic():
    args = {"project": "apollo", "limit": 5}
    assert q.is_generic({"id": "p1", "name": "x", "created_at": "2026-01-01T00:00:00Z", "project": "apollo"}, args)
    assert q.is_generic({"id": "p1", "owner_id": "u7", "title": "apollo"}, args)
    assert not q.is_generic({"id": "p1", "amount": 1250, "currency": "EUR"}, args)
    assert not q.is_generic({"id": "p1", "status": "failed"}, args)


def test_objects_are_found_in_structured_outputs_and_in_json_inside_text():
    text = "Found 2 runs:\n" + json.dumps({"id": 1, "status": "ok"}) + "\n" + json.dumps({"id": 2, "name": "b"})
    assert len(q.output_objects(text)) == 2
    assert len(q.output_objects(json.dumps({"items": [{"id": 1}, {"id": 2}], "total": 2}))) == 3
    assert len(q.output_objects({"result": [{"id": 1}]})) == 1
    assert q.output_objects("plain words, no JSON") == []
    s = _scenario(({}, {"data": [{"id": "a", "name": "x"}, {"id": "b", "price": 3}]}))
    assert q.generic_objects(s) == (1, 2)


def test_a_record_created_after_its_update_or_finished_before_its_start_is_a_contradiction():
    bad = _scenario(({}, {"created_at": "2026-03-02T10:00:00Z", "updated_at": "2026-03-01T10:00:00Z"}),
                    ({}, json.dumps({"startedAt": "2026-03-02T10:00:00Z", "finishedAt": "2026-03-02T09:59:00Z"})))
    assert len(q.timestamp_contradictions(bad)) == 2
    good = _scenario(({}, {"created_at": "2026-03-01T10:00:00Z", "updated_at": "2026-03-01T10:00:00Z",
                           "start_time": "2026-03-01T11:00:00+01:00", "end_time": "2026-03-01T10:30:00Z"}))
    assert q.timestamp_contradictions(good) == []


def test_a_record_made_after_now_or_shown_with_two_creation_times_is_a_contradiction():
    """Nothing that exists was made after the world's now (16 March 2026); one record is made once."""
    later = _scenario(({}, {"id": 4, "created_at": "2026-04-09T09:15:00Z"}))
    assert [w for w in q.timestamp_contradictions(later) if "after now" in w]
    redated = _scenario(({}, {"id": 4, "created_at": "2026-03-16T09:33:00Z"}),
                        ({}, json.dumps([{"id": 4, "created_at": "2026-01-02T10:00:00Z"}, {"id": 5}])))
    assert len(q.timestamp_contradictions(redated)) == 1
    made_now = _scenario(({}, {"id": 4, "created_at": "2026-03-16T09:33:00Z"}), ({}, {"id": 4, "createdAt": "2026-03-16T09:33:00Z"}))
    assert q.timestamp_contradictions(made_now) == []
    # two records under one name that their own IDs tell apart are two, made apart; one shown twice is one
    twins = _scenario(({}, {"data": [{"name": "weather report", "modelId": "A1", "createdAt": "2026-02-05T10:00:00Z"},
                                     {"name": "weather report", "modelId": "B2", "createdAt": "2025-11-28T11:15:00Z"}]}))
    assert q.timestamp_contradictions(twins) == []
    again = _scenario(({}, {"data": [{"name": "weather report", "modelId": "A1", "createdAt": "2026-02-05T10:00:00Z"}]}),
                      ({}, {"name": "weather report", "createdAt": "2025-11-28T11:15:00Z"}))
    assert len(q.timestamp_contradictions(again)) == 1


def test_dictated_values_and_openings_are_read_from_the_instruction():
    assert q.dictated_values("Set `a` to `1` in `b`, then check `c`.") == 4
    assert q.dictated_values("Rename the staging bucket to archive.") == 0
    assert q.opening("I'm on the payments team. Refund the last charge.") == "i'm on the"


def test_a_start_after_the_last_update_is_no_contradiction():
    s = _scenario(({}, {"start_date": "2026-03-29T00:00:00Z", "updated_at": "2026-01-25T20:03:44Z"}))
    assert q.timestamp_contradictions(s) == []


def test_records_are_the_output_and_what_its_wrappers_and_lists_hold_not_their_parts():
    out = {"result": [{"id": 1, "to": {"id": 7}}, {"id": 2, "to": {"id": 8}}], "total": 2}
    assert len(q.output_objects(out)) == 5
    assert [o.get("id") for o in q.output_objects(out, max_depth=1)] == [None, 1, 2]


def test_values_that_are_words_of_the_fixed_vocabulary_are_counted_as_borrowed():
    s = _scenario(({"phone": "fleet", "city": "Carmenton"}, {"team": "Payments", "note": "fleet is late"}))
    assert q.borrowed_values(s, frozenset({"fleet", "payments"})) == (2, 4)


def test_a_record_shown_under_one_id_with_two_titles_is_renamed_unless_a_call_gave_the_new_one():
    renamed = _scenario(({"query": "wildfire"}, {"items": [{"id": "p1", "title": "Wildfire prevention"}]}),
                        ({"id": "p1"}, {"id": "p1", "title": "Warehouse paper"}))
    assert len(q.renamed_records(renamed)) == 1
    retitled = _scenario(({}, {"id": "p1", "title": "Draft"}),
                         ({"id": "p1", "patch": {"title": "Final"}}, {"id": "p1", "title": "Final"}))
    assert q.renamed_records(retitled) == []
    other = _scenario(({}, [{"id": "p1", "name": "a"}, {"id": "p2", "name": "b"}]), ({}, {"id": "p2", "name": "b"}))
    assert q.renamed_records(other) == []
    # a record read by the ID a search showed, answered without an `id` of its own, is still that record
    read = _scenario(({"query": "wildfire"}, {"items": [{"id": "p1", "title": "Wildfire prevention"}]}),
                     ({"paperId": "p1"}, json.dumps({"title": "Space tourism", "paperId": "p1"})))
    assert len(q.renamed_records(read)) == 1
    listed = _scenario(({"query": "wildfire"}, {"items": [{"id": "p1", "title": "Wildfire prevention"}]}),
                       ({"paperId": "p1"}, {"citations": [{"title": "Space tourism"}]}))
    assert q.renamed_records(listed) == []  # (what a call lists for a record is other records)


def test_a_record_dated_outside_the_span_a_search_asked_for_is_counted():
    found = [{"id": "p1", "year": 2025}, {"id": "p2", "published_at": "2026-02-01T10:00:00Z"}]
    s = _scenario(({"query": "heat pumps", "date_from": "2026-01-24"}, {"items": found}))
    assert [w.split(": ")[1] for w in q.out_of_window(s)] == ["p1 dated outside what was asked for"]
    unbounded = _scenario(({"query": "heat pumps"}, {"items": found}))
    assert q.out_of_window(unbounded) == []


def test_a_row_listed_for_one_scope_that_names_another_is_out_of_scope():
    rows = [{"id": "e1", "listId": "L1", "stage": "won"}, {"id": "e2", "listId": "L7", "stage": "lost"}]
    s = _scenario(({"listId": "L1", "id": "x"}, json.dumps(rows)), ({"user_id": 42}, {"items": [{"id": 1, "user_id": 42}]}))
    assert len(q.out_of_scope(s)) == 1 and "L7" in q.out_of_scope(s)[0]
    assert q.out_of_scope(_scenario(({"id": "e9"}, json.dumps(rows)))) == []  # (a record's own `id` is no scope)


def test_two_records_of_one_listing_under_one_name_are_twins_but_one_record_twice_is_not():
    twins = [{"id": 1, "display_name": "Leila Nakamura"}, {"id": 2, "display_name": "Leila Nakamura"},
             {"id": 3, "title": "Fleet budget"}]
    assert len(q.twin_rows(_scenario(({}, {"items": twins})))) == 1
    again = [{"id": 1, "name": "fleet-api"}, {"id": 1, "name": "fleet-api"}, {"id": 2, "name": "fleet-web"}]
    assert q.twin_rows(_scenario(({}, json.dumps(again)))) == []

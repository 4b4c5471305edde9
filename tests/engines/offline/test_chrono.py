"""Timestamps within one record agree: the values drawn field by field are handed back in order."""

from __future__ import annotations

from engines.offline import chrono


def test_created_and_updated_are_swapped_into_order_keeping_the_values():
    rec = {"id": 7, "created_at": "2026-10-08T11:47:30Z", "updated_at": "2026-09-18T05:44:06Z", "name": "x"}
    out = chrono.ordered(rec)
    assert out == {**rec, "created_at": "2026-09-18T05:44:06Z", "updated_at": "2026-10-08T11:47:30Z"}
    assert chrono.contradictions(out) == [] and chrono.contradictions(rec) != []


def test_nested_records_and_camel_case_keys_are_ordered_too():
    data = {"items": [{"startedAt": "2026-05-02T10:00:00Z", "finishedAt": "2026-05-01T09:00:00Z",
                       "createdAt": "2026-05-03T00:00:00Z"}]}
    item = chrono.ordered(data)["items"][0]
    assert item["startedAt"] < item["finishedAt"]
    assert chrono.contradictions(item) == []


def test_a_later_field_written_as_a_date_moves_to_the_day_after_in_its_own_format():
    rec = {"created_at": "2026-08-06T15:02:08Z", "updated_at": "2026-03-02T14:48:06Z", "expiryDate": "2025-12-28"}
    out = chrono.ordered(rec)
    assert out["created_at"] == "2026-03-02T14:48:06Z" and out["updated_at"] == "2026-08-06T15:02:08Z"
    assert out["expiryDate"] == "2026-03-03" and chrono.contradictions(out) == []


def test_a_moved_value_keeps_its_own_way_of_writing_a_moment():
    rec = {"created": "2026-05-03T10:00:00+02:00", "modified": "2026-05-01"}
    assert chrono.ordered(rec) == {**rec, "modified": "2026-05-04"}
    odd = {"created": "2026-05-03", "modified": "2026-05-01T09:00:00.5+02:00"}  # offset and tenths kept
    assert chrono.ordered(odd) == {**odd, "modified": "2026-05-04T02:00:00.0+02:00"}
    spaced = {"created": "2026-05-03", "modified": "2026-05-01 09:00"}
    assert chrono.ordered(spaced) == {**spaced, "modified": "2026-05-04 00:00"}


def test_records_in_order_and_other_values_are_returned_unchanged():
    rec = {"created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-02-01T00:00:00Z", "tags": ["a"], "n": 3}
    assert chrono.ordered(rec) == rec
    assert chrono.ordered("2026-01-01") == "2026-01-01" and chrono.ordered([1, {"a": None}]) == [1, {"a": None}]


def test_first_before_last_and_last_before_next_whichever_end_of_the_key_names_it():
    """A scheduled transaction's `date_first` .. `date_next`, a budget's `first_month` .. `last_month`, a job's
    `last_run_at` .. `next_run_at`; a person's `first_name` is no timestamp."""
    ordered, contradictions = chrono.ordered, chrono.contradictions
    got = ordered({"date_first": "2026-01-24", "date_next": "2025-12-24", "first_name": "Ana"})
    assert got == {"date_first": "2025-12-24", "date_next": "2026-01-24", "first_name": "Ana"}
    assert ordered({"first_month": "2026-03-01", "last_month": "2026-01-01"}) == \
        {"first_month": "2026-01-01", "last_month": "2026-03-01"}
    assert contradictions({"last_run_at": "2026-02-01T10:00:00Z", "next_run_at": "2026-01-01T10:00:00Z"})
    assert not contradictions({"last_run_at": "2026-01-01T10:00:00Z", "next_run_at": "2026-02-01T10:00:00Z"})

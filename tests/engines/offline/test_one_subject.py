"""A spec about one thing (flights) has an organisation that works on what its descriptions speak of (airlines,
airports), not on an industry's nouns (sensors, telemetry)."""

from __future__ import annotations

import json

from specs import load_suite


def _tool(name: str, desc: str, props: dict) -> dict:
    return {"name": name, "description": desc, "inputSchema": {"type": "object", "properties": props,
                                                                 "required": list(props)}}


def test_a_one_subject_spec_works_on_what_its_descriptions_speak_of_not_an_industry_s(tmp_path):
    from engines.offline.spec_org import org_for
    from engines.offline.subjects import with_spoken

    assert with_spoken(("flight",), ("airline", "directory", "airport", "structure", "independent")) == \
        ("flight", "airline", "airport")  # (no containers, holders or words that are adjectives too)
    assert with_spoken(("flight", "hotel"), ("airline",)) == ("flight", "hotel")
    tools = [_tool("search_flights", "Search flights between airports, with airline and cabin filters",
                   {"origin": {"type": "string", "description": "Origin airport code"},
                    "airline": {"type": "string", "description": "Airline code"}})]
    (tmp_path / "f.json").write_text(json.dumps({"tools": tools}))
    nouns = org_for(7, load_suite([tmp_path / "f.json"])).nouns
    assert "flight" in nouns and {"airport", "airline"} & set(nouns), nouns

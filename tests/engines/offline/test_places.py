"""An address names one place: its city, region and country agree, in arguments and in records; a state beside
something that is no address stays a lifecycle state. Ranges close after they open whatever the names'
prefixes, and a timestamp a description says is in milliseconds is one."""

from __future__ import annotations

import json
import random

from engines.offline.model import SpecModel
from engines.offline.pipeline import Pipeline, cover_suite, interpret_suite
from engines.offline.spec_org import org_for
from engines.offline.places import COUNTRY_NAME, REGION, cohere
from engines.offline.values import ValueGenerator
from engines.offline.values_standard import CITY_COUNTRY
from engines.offline.world import make_org
from evaluation import scenario_checks as q
from specs import load_suite

CONTACT = {"type": "object", "properties": {
    "email": {"type": "string", "description": "Contact email address"},
    "city": {"type": "string", "description": "Contact city"},
    "state": {"type": "string", "description": "Contact state"},
    "country": {"type": "string", "description": "Contact country"}}}


def _gen(seed: int) -> ValueGenerator:
    return ValueGenerator(make_org(seed), random.Random(seed))


def _agrees(obj: dict) -> bool:
    city = obj.get("city")
    return city not in REGION or (obj.get("state", REGION[city]) == REGION[city]
                                  and obj.get("country", COUNTRY_NAME[CITY_COUNTRY[city]])
                                  in (COUNTRY_NAME[CITY_COUNTRY[city]], CITY_COUNTRY[city]))


def test_an_address_s_city_region_and_country_name_one_place_in_arguments():
    seen = 0
    for seed in range(30):
        value = _gen(seed).value(CONTACT, fill=1.0)
        assert _agrees(value), value
        seen += value.get("city") in REGION and "state" in value
        assert value.get("state") not in ("open", "in_progress", "closed", "active"), value
    assert seen >= 10


def test_a_state_beside_no_address_is_a_lifecycle_state_and_a_record_s_drawn_place_follows_what_was_written():
    server = {"type": "object", "properties": {"address": {"type": "string", "description": "IP address"},
                                               "state": {"type": "string", "enum": ["running", "stopped"]}}}
    assert all(_gen(s).value(server, fill=1.0).get("state") in ("running", "stopped", None) for s in range(10))
    assert cohere({"address": "10.0.0.4", "state": "running", "name": "web"}) == \
        {"address": "10.0.0.4", "state": "running", "name": "web"}
    drawn = {"city": "Rome", "state": "in_progress", "country": "Syrian Arab Republic"}
    assert cohere(drawn) == {"city": "Rome", "state": "Lazio", "country": "Italy"}
    assert cohere(drawn, {"city"}) == {"city": "Rome", "state": "Lazio", "country": "Italy"}
    moved = cohere({"city": "Rome", "state": "x", "country": "JP"}, {"country"})
    assert moved == {"city": "Tokyo", "state": "Tokyo", "country": "JP"}


def test_contacts_created_and_read_back_keep_one_place(tmp_path):
    props = CONTACT["properties"]
    tools = [{"name": "crm_create_contact", "description": "", "inputSchema": {"type": "object", "properties": props}},
             {"name": "crm_get_contact", "description": "",
              "inputSchema": {"type": "object", "properties": {"contactId": {"type": "string"}}, "required": ["contactId"]}},
             {"name": "crm_list_contacts", "description": "", "inputSchema": {"type": "object", "properties": {}}}]
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    objects = [o for seed in range(4) for s in cover_suite(pipe, seed)[0] for c in s.calls
               for o in [c.arguments, *q.output_objects(c.output, max_depth=2)] if "city" in o]
    assert len(objects) >= 5
    for o in objects:
        assert _agrees(o), o


def test_a_range_closes_after_it_opens_whatever_its_names_prefix_and_milliseconds_are_epoch_digits():
    meeting = {"type": "object", "properties": {
        "meeting_end_time": {"type": "string", "format": "date-time"},
        "meeting_start_time": {"type": "string", "format": "date-time"}}, "required": ["meeting_end_time", "meeting_start_time"]}
    for seed in range(10):
        value = _gen(seed).value(meeting)
        assert value["meeting_start_time"] < value["meeting_end_time"], value
    ms = {"type": "object", "properties": {
        "end_time": {"type": "string", "description": "End time (timestamp in milliseconds)"},
        "start_time": {"type": "string", "description": "Start time (timestamp in milliseconds)"}},
        "required": ["end_time", "start_time"]}
    for seed in range(10):
        value = _gen(seed).value(ms)
        assert value["start_time"].isdigit() and len(value["start_time"]) == 13, value
        assert int(value["start_time"]) < int(value["end_time"]), value


def test_coordinates_for_a_spec_written_in_korean_are_in_korea_and_stay_a_pair():
    """A spec whose descriptions are Korean (its users in Korea) is asked about Korean cities' coordinates, not
    Melbourne's; the latitude and longitude drawn together name one city."""
    from engines.offline.places import LOCAL_COORDS

    point = {"type": "object", "properties": {"latitude": {"type": "string", "description": "위도"},
                                              "longitude": {"type": "string", "description": "경도"}},
             "required": ["latitude", "longitude"]}
    korea = set(LOCAL_COORDS["ko_KR"].values())
    for seed in range(8):
        value = ValueGenerator(make_org(seed, locale="ko_KR"), random.Random(seed)).value(point)
        assert (float(value["latitude"]), float(value["longitude"])) in korea, value


def test_an_identifier_shaped_like_an_example_keeps_its_year_a_year_and_cvss_is_on_its_scale():
    """`CVE-2022-0087` gives `CVE-2024-5312`, never `CVE-7604-8764`; an arXiv-style `2403.01234` is no year and is
    redrawn whole; a CVSS score is on its 0-10 scale and an EPSS score a probability."""
    from engines.offline.values_formats import shaped_like

    for seed in range(20):
        year = int(shaped_like("CVE-2022-0087", random.Random(seed)).split("-")[1])
        assert 2016 <= year <= 2025
    assert any(not shaped_like("2403.01234", random.Random(s)).startswith(("201", "202")) for s in range(10))
    for seed in range(10):
        gen = _gen(seed)
        assert 0 <= gen.value({"type": "number"}, name="cvss_score") <= 10
        assert 0 <= gen.value({"type": "number"}, name="epss") <= 1


def test_a_state_the_spec_lists_values_for_keeps_one_of_them_beside_an_address(tmp_path):
    """An order with a shipping city and country whose `state` is one of `processing`, `shipped` stays so: a
    region is drawn only where the spec leaves the field free."""
    order = {"city": {"type": "string"}, "country": {"type": "string"},
             "state": {"type": "string", "enum": ["processing", "shipped", "delivered"]}}
    tools = [{"name": "create_order", "description": "", "inputSchema": {"type": "object", "properties": order}},
             {"name": "get_order", "description": "",
              "inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}}]
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    suite = load_suite([path])
    model = SpecModel.build(suite, interpret_suite(suite))
    drawn = [model.record("order", org_for(3), f"3:order:{i}") for i in range(12)]
    assert all(r["state"] in ("processing", "shipped", "delivered") for r in drawn), drawn
    assert all(_agrees({"city": r["city"], "country": r["country"]}) for r in drawn), drawn
    pipe = Pipeline(suite)
    states = [o["state"] for seed in range(4) for s in cover_suite(pipe, seed)[0] for c in s.calls
              for o in q.output_objects(c.output, max_depth=1) if "state" in o]
    assert states and set(states) <= {"processing", "shipped", "delivered"}, states

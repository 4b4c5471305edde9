"""The spec's own words decide what free text talks about: a weather spec's notes and searches are about
stations and forecasts, not a software team's retries and deploys."""

from __future__ import annotations

import json
import random

from engines.offline.lexicon import spec_words
from engines.offline.spec_org import org_for
from engines.offline.values_prose import text
from engines.offline.values_vocab import TOPICS, Hint, named, query
from specs import load_suite

_WEATHER = [
    ("get_current_weather", "Get current weather conditions for a station. Use this when you know the station ID.",
     {"station_id": "WeatherXM station ID."}),
    ("get_hourly_forecast", "Get the hourly forecast for a station at a location.", {"station_id": "Station ID."}),
    ("get_daily_forecast", "Get the daily forecast for a station at a location.", {"station_id": "Station ID."}),
    ("get_stations_near", "Get a list of WeatherXM stations within a radius from a location.",
     {"lat": "Latitude of the location.", "lon": "Longitude of the location.", "radius": "Radius in meters."}),
    ("get_historical_observations", "Get historical weather observations for a station on a date.",
     {"station_id": "Station ID.", "date": "Date in YYYY-MM-DD format."}),
]


def _suite(tmp_path, tools, name="spec"):
    doc = {"tools": [{"name": n, "description": d, "inputSchema": {
        "type": "object", "properties": {p: {"type": "string", "description": pd} for p, pd in props.items()}}}
        for n, d, props in tools]}
    (tmp_path / f"{name}.json").write_text(json.dumps(doc))
    return load_suite([tmp_path / f"{name}.json"])


def _texts(tools):
    return tuple(" ".join([d, *props.values()]) for _, d, props in tools)


def test_topics_are_the_nouns_the_descriptions_share_not_names_verbs_or_api_words():
    topics, technical = spec_words(_texts(_WEATHER), ("forecast", "observation"))
    assert {"station", "location", "weather"} <= set(topics)
    assert "weatherxm" not in topics  # only ever written capitalised: the product's name
    assert not {"forecast", "observation"} & set(topics)  # the subjects are not repeated as topics
    assert not {"radius", "list", "date", "format", "use", "get"} & set(topics)  # said once, or no subject at all
    assert technical is False


def test_a_spec_about_software_talks_like_a_software_team():
    tools = (("run_query", "Run a SQL query against the database.", {"sql": "The SQL query."}),
             ("list_tables", "List the tables of the database schema.", {"schema": "The schema."}),
             ("describe_table", "Describe a table of the database: its columns and indexes.", {"table": "Table."}),
             ("list_schemas", "List the schemas of the database.", {}))
    assert spec_words(_texts(tools), ("table", "schema"))[1] is True


def test_free_text_and_searches_of_an_everyday_spec_use_its_words_and_no_engineering_chatter(tmp_path):
    org = org_for(3, _suite(tmp_path, _WEATHER))
    assert not org.technical and "station" in org.topics
    rng = random.Random(0)
    hint = lambda name: Hint(name, None, None, "", org, rng)  # noqa: E731
    notes = [text(hint("note")) for _ in range(40)]
    searches = [query(hint("query")) for _ in range(40)]
    said = " ".join(notes + searches).lower()
    assert any(t in said for t in org.topics)
    for word in ("staging", "deploy", "migration", "last week", " error") + TOPICS:
        assert word not in said, word
    groups = {named(hint("group_name"), "group") for _ in range(20)}
    assert not groups & {"Hero Banner", "Icon Set", "Header", "Footer"}  # a design tool's names are not everyone's
    tags = {named(hint("tag"), "tag") for _ in range(20)}
    assert not any(t.startswith("v") and t[1:2].isdigit() for t in tags)  # release tags only in software


def test_a_software_spec_keeps_its_versions_and_teams(tmp_path):
    tools = [("run_query", "Run a SQL query against the database.", {"sql": "The SQL query."}),
             ("list_tables", "List the tables of the database schema.", {"schema": "The schema."}),
             ("deploy_release", "Deploy a release of a service to the cluster.", {"service": "The service."}),
             ("list_schemas", "List the schemas of the database.", {})]
    org = org_for(3, _suite(tmp_path, tools, "db"))
    assert org.technical
    rng = random.Random(0)
    tags = {named(Hint("tag", None, None, "", org, rng), "tag") for _ in range(10)}
    assert tags <= set(org.tags)
    assert {named(Hint("group", None, None, "", org, rng), "group") for _ in range(10)} <= set(org.teams)


def test_a_few_software_words_among_many_do_not_make_a_software_team():
    """A subway's service alerts are not a software team's services and alerts: software words must be a
    quarter of what the spec talks about."""
    tools = (("service_status", "Service status with performance metrics, delays, crowding levels and on-time rates "
                                "for each train line of the subway.", {"line": "Train line, e.g. A or 7."}),
             ("subway_alerts", "Service alerts with impact analysis, affected stations and estimated resolution times.",
              {"severity": "Alert severity."}),
             ("nearest_station", "Find the closest subway station with walking directions, amenities and accessibility "
                                 "information.", {"lat": "Latitude of the location.", "lon": "Longitude of the location."}),
             ("next_trains", "Real-time train arrivals at a station, with delay predictions, crowding levels and "
                             "service alerts.", {"station": "Station name."}),
             ("service_disruptions", "Service disruption information with impact analysis, alternative routes and "
                                     "estimated resolution times.", {}))
    assert spec_words(_texts(tools), ("service", "alert", "station", "train", "disruption"))[1] is False


def test_a_language_is_a_language_code_unless_the_slot_is_about_code(tmp_path):
    from engines.offline.values import ValueGenerator
    from engines.offline.world import make_org
    gen = ValueGenerator(make_org(1), random.Random(0))
    spoken = {gen.value({"type": "string", "description": "Language of the transcript"}, name="lang") for _ in range(9)}
    assert spoken <= {"en", "de", "fr", "es", "ja", "zh", "pt"}
    code = {gen.value({"type": "string", "description": "Programming language of the snippet"}, name="language")
            for _ in range(9)}
    assert code <= {"python", "typescript", "go", "sql"}


def test_a_location_outside_software_is_a_city_not_a_cloud_region(tmp_path):
    org = org_for(3, _suite(tmp_path, _WEATHER))
    rng = random.Random(0)
    places = {named(Hint("location", None, None, "", org, rng), "location") for _ in range(10)}
    assert not places & set(org.regions) and all(p[0].isupper() for p in places)


def test_a_spec_whose_texts_say_little_is_judged_by_what_its_parameters_take():
    tools = (("run", "Run it.", {"sql": "", "database": ""}), ("show", "Show them.", {}))
    assert spec_words(_texts(tools), (), ("database", "sql"))[1] is True
    assert spec_words(_texts(tools), (), ("city", "date"))[1] is False


def test_a_spec_written_in_chinese_has_its_places_in_china(tmp_path):
    from engines.offline.lexicon import locale_of
    tools = [("search", "查询12306火车票，根据出发城市、到达城市和日期", {"fromCity": "出发城市", "toCity": "到达城市"}),
             ("stations", "查询车站信息", {"city": "城市"})]
    assert locale_of(_texts(tools)) == "zh_CN" and locale_of(_texts(_WEATHER)) == ""
    org = org_for(2, _suite(tmp_path, tools, "rail"))
    rng = random.Random(0)
    from engines.offline.values import ValueGenerator
    gen = ValueGenerator(org, rng)
    cities = {gen.value({"type": "string", "description": "出发城市"}, name="fromCity") for _ in range(8)}
    assert all(any("\u4e00" <= ch <= "\u9fff" for ch in c) for c in cities), cities


_NOTEBOOK = [  # a knowledge store: its tools name its own mechanism, not what the records are about
    ("create_entities", "Create multiple new entities in the knowledge graph.", {"entities": "Entities to create."}),
    ("add_observations", "Add new observations to existing entities in the knowledge graph.",
     {"observations": "Observations to add."}),
    ("create_relations", "Create relations between entities in the knowledge graph.", {"relations": "Relations."}),
    ("search_nodes", "Search for nodes in the knowledge graph based on a query.",
     {"query": "Matched against entity names, types and observation content."}),
    ("open_nodes", "Open specific nodes in the knowledge graph by their names.", {"names": "Entity names."}),
]


def test_a_knowledge_store_s_records_talk_about_the_business_not_the_store(tmp_path):
    suite = _suite(tmp_path, _NOTEBOOK)
    store = {"entity", "node", "relation", "observation", "graph", "knowledge"}
    for seed in range(5):
        org = org_for(seed, suite)
        assert not store & set(org.nouns) and not store & set(org.topics), (org.nouns, org.topics)
        assert not any(p.split("-")[0] in store for p in org.projects + org.services)


def test_a_field_or_a_day_the_descriptions_mention_is_no_topic_of_the_organisations_texts():
    """"Sensor title: next steps", "Used for inventory today across the inventory": `title` and `today` recur in a
    todo spec's descriptions and were taken for what its people write about."""
    tools = [("create_task", "Create a task with a title and a due date for today or later.", {"title": "Task title"}),
             ("update_task", "Update the title of a task due today.", {"title": "New title"}),
             ("list_tasks", "List tasks due today, by title and inventory location.", {}),
             ("get_task", "Get a task's inventory location and title.", {})]
    topics, _ = spec_words(_texts(tools), ("task",))
    assert "inventory" in topics and not {"title", "today"} & set(topics), topics

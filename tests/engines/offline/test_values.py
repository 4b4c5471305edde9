"""Argument values: valid against every schema of the spec corpus, deterministic, realistic."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from functools import lru_cache

import pytest

from engines.offline.values import ValueGenerator, first_error
from engines.offline.values_names import words
from engines.offline.world import make_org
from tests.conftest import ROOT, DEV_SPECS

SEEDS = (0, 1, 2)


@lru_cache(maxsize=1)
def corpus() -> tuple[tuple[str, dict], ...]:
    tools = []
    for path in sorted(DEV_SPECS.glob("*.json")):
        for tool in json.loads(path.read_text())["tools"]:
            tools.append((f"{path.stem}/{tool['name']}", tool))
    return tuple(tools)


def spec_names() -> list[str]:
    return sorted(p.stem for p in DEV_SPECS.glob("*.json"))


def gen(seed: int) -> ValueGenerator:
    return ValueGenerator(make_org(seed), random.Random(seed))


@pytest.mark.parametrize("spec", spec_names())
def test_arguments_for_every_tool_of_the_spec_validate_with_and_without_optional_properties(spec):
    tools = [t for name, t in corpus() if name.startswith(f"{spec}/")]
    assert tools
    for seed in SEEDS:
        g = gen(seed)
        for tool in tools:
            schema = tool["inputSchema"]
            for optional in (None, lambda _name: True):
                args = g.arguments(schema, optional=optional)
                assert first_error(schema, args) is None, (tool["name"], args)
                for name in schema.get("required", []):
                    assert name in args


@pytest.mark.parametrize("spec", spec_names())
def test_values_for_every_output_schema_of_the_spec_validate(spec):
    tools = [t for name, t in corpus() if name.startswith(f"{spec}/") and "outputSchema" in t]
    for seed in SEEDS:
        g = gen(seed)
        for tool in tools:
            value = g.value(tool["outputSchema"])
            assert first_error(tool["outputSchema"], value) is None, (tool["name"], value)


def test_all_optional_properties_are_set_when_asked():
    g = gen(3)
    for name, tool in corpus():
        props = tool["inputSchema"].get("properties", {})
        args = g.arguments(tool["inputSchema"], optional=lambda _n: True)
        assert set(args) == set(props), name


def test_optional_set_selects_exactly_those_optional_properties():
    tool = dict(corpus())["redis/set"]
    schema = tool["inputSchema"]
    optional = [p for p in schema["properties"] if p not in schema.get("required", [])]
    assert optional
    args = gen(0).arguments(schema, optional={optional[0]})
    assert set(args) == set(schema.get("required", [])) | {optional[0]}


def test_same_seed_gives_identical_arguments_for_the_whole_corpus():
    def run(seed: int) -> str:
        g = gen(seed)
        return json.dumps([g.arguments(t["inputSchema"], optional=lambda _n: True) for _, t in corpus()])

    assert run(5) == run(5)
    assert run(5) != run(6)


PLACEHOLDER = re.compile(r"^(string|foo|bar|baz|example|lorem|ipsum|dolor|sample|placeholder|test|value|todo)$"
                         r"|lorem ipsum|example\.(com|org)|\bfoo\b", re.I)
# what a realistic value for a parameter with this (normalised) name looks like
SHAPES = {
    "repo_path": r"^/srv/[a-z]+/", "directory": r"^/", "file_path": r"^/|^[\w.-]+/|\.\w+$",
    "email": r"^[a-z.]+@[a-z]+\.[a-z]+$", "url": r"^(https?|git|ssh|file)://\S+$", "branch": r"^[\w./-]+$",
    "sha": r"^[0-9a-f]{7,40}$", "commit": r"^[0-9a-f]{7,40}$", "since": r"^\d{4}-\d\d-\d\d", "until": r"^\d{4}-\d\d-\d\d",
    "owner": r"^[a-z0-9-]+$", "repo": r"^[a-z0-9._-]+$", "message": r"\w+ \w+ \w+", "query": r"\w",
    "path": r"^/|^\$|\.\w+$|/",
}


def string_arguments():
    """(spec/tool, parameter, property schema, value) for every top-level string argument."""
    for name, tool in corpus():
        props = tool["inputSchema"].get("properties", {})
        for seed in SEEDS:
            args = gen(seed).arguments(tool["inputSchema"], optional=lambda _n: True)
            for key, value in args.items():
                if isinstance(value, str):
                    yield name, key, props.get(key, {}), value


def test_no_argument_value_is_a_placeholder():
    bad = [(n, k, v) for n, k, s, v in string_arguments() if "enum" not in s and PLACEHOLDER.search(v)]
    assert not bad


def test_named_parameters_get_values_shaped_like_what_they_name():
    checked, wrong = 0, []
    for name, key, schema, value in string_arguments():
        shape = SHAPES.get(words(key))
        if shape and not {"enum", "pattern", "const"} & set(schema):
            checked += 1
            if not re.search(shape, value):
                wrong.append((name, key, value))
    assert checked > 500 and not wrong, wrong[:10]


def test_values_of_one_scenario_come_from_one_organisation():
    g = gen(11)
    org = g.org
    args = [g.arguments(t["inputSchema"], optional=lambda _n: True) for n, t in corpus() if n.startswith("git/")]
    paths = [a["path"] for a in args if "path" in a]
    assert paths and all(p.startswith(org.root) for p in paths)
    emails = [v for a in args for v in _leaves(a) if isinstance(v, str) and "@" in v]
    assert emails and all(e.endswith("@" + org.domain) for e in emails)


def _leaves(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def test_output_is_independent_of_hash_randomisation():
    code = ("import json, random; from engines.offline.values import ValueGenerator; "
            "from engines.offline.world import make_org; "
            "from tests.engines.offline.test_values import corpus; "
            "g = ValueGenerator(make_org(3), random.Random(3)); "
            "print(json.dumps([g.arguments(t['inputSchema'], optional=lambda n: True) for _, t in corpus()]))")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (1, 2)}
    assert len(outs) == 1 and len(next(iter(outs))) > 10_000


@pytest.mark.parametrize("name, shape", [
    ("scheduledAt", r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"), ("ends_at", r"\d{4}-\d\d-\d\dT[\d:]{8}Z"),
    ("createdBy", r"[a-z]+"), ("station_code", r"[A-Z]{1,2}\d{1,4}"), ("verification_code", r"\d{6}"),
    ("sort_by", r"created_at|updated_at|name"),
    ("judge_name", r"[A-Z]\w+ [A-Z]\w+"), ("attorney_name", r"[A-Z]\w+ [A-Z]\w+"),
    ("axisXTitle", r"Month|Count|Value|Share \(%\)|[A-Z][a-z]+"),
])
def test_a_field_named_like_a_moment_a_person_or_a_code_gets_one(name, shape):
    gen = ValueGenerator(make_org(3), random.Random(5))
    for _ in range(5):  # an e-mail cue in the description does not turn a moment into an address
        value = gen.value({"type": "string", "description": "When the email is sent"}, name=name)
        assert re.fullmatch(shape, value), (name, value)
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:]{8}Z", gen.value({"type": "string"}, name="time"))  # a bare `time`
    listed = {"type": "string", "description": 'Field to sort results by, either "last_active" or "name"'}
    assert {gen.value(listed, name="sort_by") for _ in range(8)} <= {"last_active", "name"}  # the spec's own keys


@pytest.mark.parametrize("name, shape", [
    ("avatar", r"https://cdn\.[\w.-]+/avatars/[\w-]+\.png"), ("logo", r"https://cdn\.[\w.-]+/brand/[\w-]+\.svg"),
    ("shortDesc", r"[A-Z][^\n]{12,}"), ("longDesc", r"[A-Z][^\n]{12,}"), ("fqdn", r"[a-z0-9-]+(\.[a-z0-9-]+)+"),
    ("slug", r"[a-z0-9]+(-[a-z0-9]+)*"), ("oauth_nonce", r"[0-9a-f]{32}"), ("VAT", r"[A-Z]{2}\d{9,11}(B01)?"),
    ("serial", r"[A-Z0-9]{11}"), ("firstPage", r"\d{1,3}"), ("oauth_callback", r"https?://\S+"),
])
def test_a_field_named_for_a_common_thing_gets_one_not_its_name_and_a_digit(name, shape):
    """`avatar: "avatar-4"`, `VAT: "vat-8"`, `longDesc: "long-desc-5"` were what a field nothing else describes got:
    the name says enough (a picture's link, a VAT number, a description, a citation's first page)."""
    gen = ValueGenerator(make_org(3), random.Random(5))
    for _ in range(4):
        value = gen.value({"type": "string"}, name=name)
        assert re.fullmatch(shape, value) and not re.fullmatch(r"[a-z-]+-\d", value), (name, value)


@pytest.mark.parametrize("pattern", [
    r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$", r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[.\d{3}]*Z$",
    r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$", r"^\d{8}$", r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$",
])
def test_a_date_whose_pattern_writes_moments_its_own_way_is_a_real_date_in_that_writing(pattern):
    """`effective_date` with the pattern `…[+-]\d{2}:\d{2}$` was `8875-62-93T56:19:19-02:86`, drawn from the pattern's
    digits once the usual `…Z` did not match it: a date in the pattern's own writing is a date that exists."""
    from datetime import datetime
    gen = ValueGenerator(make_org(3), random.Random(5))
    for name in ("date", "effective_date", "start_time"):
        value = gen.value({"type": "string", "pattern": pattern, "description": "Date (ISO format)"}, name=name)
        assert re.search(pattern, value), value
        digits = re.sub(r"\D", "", value)
        datetime(int(digits[:4]), int(digits[4:6]), int(digits[6:8]))  # (raises on month 62 or day 93)
        assert 2000 <= int(digits[:4]) <= 2030, value


def test_a_free_form_map_is_keyed_by_what_its_name_says_it_holds():
    """An Airtable record's `fields`, a search's `filters`, a `userContext` were all `{environment, service}`, a
    deployment's keys in a travel base; a row's cells are named like columns, filters by fields of what is found."""
    gen = ValueGenerator(make_org(3), random.Random(2))
    free = {"type": "object", "additionalProperties": {}}
    for name, keys in (("fields", {"Name", "Status", "Notes", "Assignee"}), ("filters", {"status", "created_after",
                                                                                      "assignee"}),
                       ("userContext", {"user_id", "locale", "goal"})):
        for _ in range(3):
            drawn = gen.value(free, name=name)
            assert drawn and set(drawn) <= keys, (name, drawn)


@pytest.mark.parametrize("example, shape", [
    ("812c3670-1cff-11ed-9972-4f669f2d96bd", r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"),
    ("cus_9s6XKzkNRiz8i3", r"cus_[A-Za-z0-9]{14}"),
    ("a1b2c3d4e5f6a7b8", r"[0-9a-f]{16}"),
    ("OL23919A", r"OL\d{3,6}A"),
])
def test_an_identifier_looks_like_the_example_its_description_gives(example, shape):
    """The spec author's example decides an ID's shape (a UUID, a Stripe-like key, a hex digest) over the
    parameter name's usual one, and each scenario gets its own, not the example itself."""
    schema = {"type": "string", "description": f"The station ID. Example: '{example}'"}
    drawn = {gen(seed).value(schema, name="station_id", role="identifier", entity="station") for seed in range(8)}
    assert all(re.fullmatch(shape, v) for v in drawn), drawn
    assert example not in drawn and len(drawn) >= 6


def test_the_example_and_examples_keywords_count_like_examples_in_the_description():
    """OpenAPI's `example` and JSON Schema's `examples` are the author's examples too: an ID gets their shape,
    a free-text field one of them."""
    uuid = r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
    one = {"type": "string", "description": "ID of the list", "example": "550e8400-e29b-41d4-a716-446655440000"}
    many = {"type": "string", "description": "ID of the list", "examples": ["660e8400-e29b-41d4-a716-446655440001"]}
    for schema in (one, many):
        drawn = {gen(seed).value(schema, name="listId", role="identifier", entity="list") for seed in range(8)}
        assert all(re.fullmatch(uuid, v) for v in drawn), drawn
    stage = {"type": "string", "description": "New stage value", "examples": ["Demo Scheduling", "Qualified"]}
    drawn = [gen(seed).value(stage, name="stage_label") for seed in range(10)]
    assert sum(v in ("Demo Scheduling", "Qualified") for v in drawn) >= 7, drawn


def test_examples_quoted_in_parentheses_of_a_long_description_are_read_without_their_quotes():
    from engines.offline.values_describe import examples

    long = ("Exact library ID (e.g., '/mongodb/docs', '/vercel/next.js') retrieved from 'resolve-library-id' or "
            "directly from the user's query in the format '/org/project' or '/org/project/version', which is "
            "what the documentation lookup expects from every caller of this tool in every case.")
    assert examples(long) == ("/mongodb/docs", "/vercel/next.js")


def test_a_timeout_in_milliseconds_is_seconds_long_and_a_connection_string_is_of_the_database_named():
    ms = {"type": "number", "description": "Timeout in milliseconds after which the process is killed"}
    assert all(gen(seed).value(ms, name="timeout") >= 1000 for seed in range(8))
    conn = {"type": "string", "description": "PostgreSQL connection string"}
    assert all(gen(seed).value(conn, name="connectionString").startswith("postgresql://") for seed in range(4))
    mysql = {"type": "string", "description": "DSN of the MySQL database"}
    assert gen(1).value(mysql, name="connection_string").startswith("mysql://")
    # text split for retrieval: chunks of hundreds of tokens, not 12
    assert all(gen(seed).value({"type": "integer"}, name="chunk_size") >= 256 for seed in range(6))
    assert all(gen(seed).value({"type": "integer"}, name="dimension") in (384, 768, 1536) for seed in range(6))


def test_a_bound_the_description_calls_an_id_or_a_cursor_is_no_date():
    """`after: "An ID to start from"` pages a listing from a record; `after: "created after this date"` is a date."""
    for seed in range(4):
        assert not re.match(r"\d{4}-\d{2}-\d{2}", gen(seed).value({"type": "string", "description": "An ID to start from"},
                                                                  name="after"))
        assert gen(seed).value({"type": "string", "description": "A cursor for pagination"}, name="before").startswith("c_")
        assert re.match(r"\d{4}-\d{2}-\d{2}", gen(seed).value(
            {"type": "string", "description": "Only items created after this date"}, name="after"))


def test_a_trip_does_not_end_where_it_starts():
    schema = {"type": "object", "required": ["fromCity", "toCity"], "properties": {
        "fromCity": {"type": "string", "description": "Departure city"},
        "toCity": {"type": "string", "description": "Arrival city"}}}
    trips = [gen(seed).arguments(schema) for seed in range(60)]
    assert all(t["fromCity"] != t["toCity"] for t in trips)


@pytest.mark.parametrize("description", ["Additional options for the dart analyze command", "Additional test options",
                                         "Extra compilation flags", "Command-line arguments"])
def test_options_a_command_takes_are_command_line_flags(description):
    """What a command-line tool's `options` array holds: flags such as `--verbose`, not `option-7`."""
    schema = {"type": "array", "items": {"type": "string"}, "description": description}
    for seed in range(4):
        drawn = gen(seed).value(schema, name="options")
        assert drawn and all(re.fullmatch(r"--?[a-z][a-z-]*", x) for x in drawn), drawn


def test_the_options_of_a_poll_are_not_command_line_flags():
    schema = {"type": "array", "items": {"type": "string"}, "description": "The answer options of the poll"}
    assert not any(x.startswith("-") for seed in range(4) for x in gen(seed).value(schema, name="options"))


def test_a_number_said_to_be_a_timestamp_is_a_unix_time_before_now():
    for seed in range(4):
        at = gen(seed).value({"type": "number", "description": "Timestamp to get logs after"}, name="since")
        assert 1_700_000_000 < at <= 1_773_700_000, at


def test_a_log_filter_described_as_text_is_words_a_line_holds_not_a_query():
    schema = {"type": "string", "description": "Text to filter logs by"}
    for seed in range(4):
        g = gen(seed)
        g.about = "get-logs Retrieve logs from the named pipe with optional filtering"
        drawn = g.value(schema, name="filter", role="filter")
        assert "=" not in drawn and "AND" not in drawn, drawn


def test_what_a_qr_code_encodes_is_a_link_not_a_chat_message():
    schema = {"type": "string", "description": "The text content to encode in the QR code"}
    for seed in range(4):
        assert gen(seed).value(schema, name="content").startswith("https://")


def test_a_figure_or_a_yes_or_no_written_as_text_reads_as_one_not_as_its_field_name():
    """A DNS record's `TTL: "3600"` and `IsActive: "true"`, not `ttl-9` and `is-active-9`."""
    for seed in range(4):
        assert gen(seed).value({"type": "string"}, name="TTL").isdigit()
        assert gen(seed).value({"type": "string"}, name="IsActive") in ("true", "false")


def test_a_format_spelled_as_joined_parts_gives_each_part_its_kind():
    g = gen(3)
    address = g.value({"type": "string", "description": "Proxy address (format: ip:port)"}, name="address")
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+:\d+", address), address  # (was the address alone)
    server = g.value({"type": "string", "description": "Server host:port to connect to"}, name="server")
    assert re.fullmatch(r"[\w.-]+\.[a-z]+:\d+", server), server
    login = g.value({"type": "string", "description": "Credentials as user:password"}, name="auth")
    assert re.fullmatch(r"[a-z]+:\S+", login) and not login.startswith("auth"), login


def test_a_plural_name_takes_the_values_of_its_singular():
    g = gen(3)
    links = g.value({"type": "array", "items": {"type": "string"}}, name="urls", role="identifier", entity="url")
    assert links and all(u.startswith("https://") for u in links), links  # (were `["83893"]`)
    assert not re.fullmatch(r"account-\d", g.value({"type": "string"}, name="accounts"))


def test_a_slot_for_a_few_words_someone_writes_gets_words_not_its_name_and_a_digit():
    g = gen(5)
    fact = g.value({"type": "string", "description": "The thing to remember"}, name="thingToRemember")
    asked = g.value({"type": "string", "description": "Information to retrieve"}, name="informationToGet")
    assert len(fact.split()) >= 4 and fact.endswith(".") and not re.search(r"thing-to-remember-\d", fact), fact
    assert asked.endswith("?") and len(asked.split()) >= 4, asked  # (were `thing-to-remember-4`, `information-to-get-7`)


def test_a_field_described_as_the_name_of_something_is_a_name_even_when_its_key_is_an_address_word():
    ends = {"type": "object", "properties": {
        "from": {"type": "string", "description": "The name of the entity where the relation starts"},
        "to": {"type": "string", "description": "The name of the entity where the relation ends"}},
        "required": ["from", "to"]}
    for seed in range(20):
        made = gen(seed).value(ends, name="relation")
        assert "@" not in made["to"] and "@" not in made["from"], made
    assert "@" in gen(1).value({"type": "string", "description": "Recipient of the message"}, name="to")


def test_a_record_s_name_is_drawn_for_the_kind_its_type_says():
    member = {"type": "object", "properties": {"name": {"type": "string"},
                                               "memberType": {"type": "string", "enum": ["user", "team"]}},
              "required": ["name", "memberType"]}
    kinds = set()
    for seed in range(30):
        g = gen(seed)
        made = g.value(member, name="member")
        kinds.add(made["memberType"])
        if made["memberType"] == "team":
            assert made["name"] in g.org.teams, made
        else:  # a person's name: given and family name
            assert re.fullmatch(r"[A-Z]\w+ [A-Z][\w'-]+", made["name"]), made
    assert kinds == {"user", "team"}
    assert list(made) == ["name", "memberType"]  # (written in the schema's order)


def test_an_array_described_as_ids_of_a_kind_holds_ids_of_that_kind():
    followers = {"type": "array", "items": {"type": "string"}, "description": "Array of user IDs to add as followers"}
    for seed in range(10):
        made = gen(seed).value(followers, name="followers")
        assert made and all(not x.startswith("follower") and re.search(r"\d", x) for x in made), made


def test_what_people_work_on_is_named_in_words_and_what_machines_run_by_a_slug():
    from engines.offline.values_vocab import Hint, named
    for seed in range(10):
        h = Hint("name", None, None, "", make_org(seed), random.Random(seed))
        section, goal, bucket, realm = named(h, "section"), named(h, "goal"), named(h, "bucket"), named(h, "realm")
        assert " " in section and " " in goal and not re.search(r"-(prod|staging|eu|dev)$", section), (section, goal)
        assert " " not in bucket and bucket.startswith("bucket-") and realm.startswith("realm-"), (bucket, realm)


def test_a_prompt_for_a_model_asks_it_to_do_something():
    for seed in range(8):
        g = gen(seed)
        g.about = "sampleLLM Samples from an LLM using MCP's sampling feature"
        said = g.value({"type": "string", "description": "The prompt to send to the LLM"}, name="prompt")
        assert said.split()[0] in ("Summarise", "Draft", "Explain", "List", "Write"), said
        g.about = "generate_image Generate an image from a text prompt"
        assert g.value({"type": "string"}, name="prompt").split()[0] in ("A", "An"), "a picture described"


def test_the_file_a_tool_named_for_images_makes_is_an_image():
    for seed in range(5):
        g = gen(seed)
        g.about = "generate-image Generate an image using the Flux model and upload it"
        assert g.value({"type": "string", "description": "Filename for the uploaded image"},
                       name="filename").endswith(".png")
        g.about = "render-video Render a clip"
        assert g.value({"type": "string"}, name="filename").endswith(".mp4")


def test_a_health_spec_s_conditions_treatments_trial_ids_and_sponsors_are_its_own():
    from engines.offline.values_vocab import CONDITIONS, TREATMENTS
    for seed in range(6):
        g = gen(seed)
        g.about = "search_trials_by_condition Search clinical trials by medical condition(s)."
        said = g.value({"type": "array", "items": {"type": "string"}, "description": "Medical conditions to search for"},
                       name="conditions")
        assert said and set(said) <= set(CONDITIONS), said  # not `status = 'open'`
        said = g.value({"type": "array", "items": {"type": "string"},
                        "description": "Interventions/treatments to search for"}, name="interventions")
        assert said and set(said) <= set(TREATMENTS), said
        sponsors = g.value({"type": "array", "items": {"type": "string"},
                            "description": "Sponsor organizations to search for"}, name="sponsors")
        assert sponsors and not any(x.startswith("sponsor") for x in sponsors), sponsors
    g = gen(1)
    g.about = "start_trial Start a free trial of a subscription plan"  # a free trial is no clinical trial
    assert g.value({"type": "string", "description": "Conditions to apply"}, name="conditions") not in CONDITIONS
    assert gen(1).value({"type": "string", "description": "SQL condition"}, name="condition") not in CONDITIONS
    from engines.offline.values_vocab import registry_id, registry_named
    assert registry_named("NCT ID of the trial to retrieve") == "nct"
    assert re.fullmatch(r"NCT\d{8}", registry_id("nct", random.Random(3)))


def test_a_url_a_tunnel_or_a_dev_server_is_told_to_expose_is_a_local_one():
    """untun's `start_tunnel(url: "The local URL to expose (e.g., http://localhost:3000)")` was given a production
    site (`https://app.falconhealth.io/`); what a tunnel exposes runs on the machine, at the port said."""
    gen = ValueGenerator(make_org(3), random.Random(2))
    said = gen.value({"type": "string", "description": "The local URL to expose (e.g., http://localhost:5173)"},
                     name="url")
    assert said == "http://localhost:5173"
    assert gen.value({"type": "string", "description": "URL of the local server"}, name="url").startswith(
        "http://localhost:")
    assert "localhost" not in gen.value({"type": "string", "description": "The page to open"}, name="url")

"""Fields of standard kinds get standard values, whatever the system: a phone number, a city, ISO codes."""

from __future__ import annotations

import json
import random
import re

from actors.local import generate_local
from engines.offline.spec_org import org_for
from engines.offline.values import ValueGenerator
from engines.offline.values_standard import standard_kind, standard_value
from schemas import RunConfig
from specs import load_suite



def _value(name: str, seed: int = 0, schema: dict | None = None):
    return ValueGenerator(org_for(seed), random.Random(seed)).value(schema or {"type": "string"}, name=name)


def test_a_currency_field_gets_an_iso_4217_code_and_a_country_code_an_iso_3166_code():
    from faker.providers.currency import Provider as Currency

    codes = {code for code, _ in Currency.currencies}
    for seed in range(20):
        assert _value("currency", seed) in codes
        assert _value("settlementCurrency", seed) in codes
        assert re.fullmatch(r"[A-Z]{2}", _value("country_code", seed))


def test_phone_city_and_postal_fields_read_as_such_in_any_naming_style():
    for name in ("phone", "mobilephone", "contact_phone", "Fax"):
        assert re.fullmatch(r"\+1[1-9]\d\d[1-9]\d{6}", _value(name)), name  # E.164, as APIs take them
    from engines.offline.values_standard import CITIES

    for name in ("city", "BillingCity", "shipping_city"):
        assert _value(name) in CITIES, name  # a real city, one an API would know
    assert re.fullmatch(r"\d{5}", _value("postal_code"))


def test_references_and_other_kinds_of_address_are_not_taken_for_standard_values():
    for name in ("city_id", "country_ids", "email_address", "ip_address", "walletAddress", "emailaddress", "title"):
        assert standard_kind(name) is None, name
    assert "@" in _value("email_address")


def test_standard_values_come_from_the_caller_s_random_stream():
    assert standard_value("company", random.Random(5)) == standard_value("company", random.Random(5))
    assert len({standard_value("city", random.Random(k)) for k in range(10)}) > 5


def test_a_list_the_description_spells_out_still_wins():
    schema = {"type": "string", "description": "One of: EUR, USD"}
    assert {_value("currency", seed, schema) for seed in range(10)} <= {"EUR", "USD"}


def test_string_fields_named_like_quantities_or_settings_hold_typical_values():
    assert _value("max_width").isdigit() and _value("frameHeight").isdigit()
    assert re.fullmatch(r"[\d,\-]+", _value("scan_ports"))
    assert re.fullmatch(r"(PT)?\d+[smhM]?", _value("timeout"))
    assert _value("visibility") in ("public", "private", "internal")


def test_a_field_nothing_describes_gets_a_value_named_after_it_never_another_domain_s_word():
    org = org_for(0)
    borrowed = {*org.nouns, *org.teams, "retry", "timeout", "pagination", "export", "audit-log", "rate-limit", "cache"}
    for seed in range(10):
        value = _value("proxy_setting", seed)
        assert value.startswith("proxy-setting-") and value not in borrowed
    assert _value("actor") in {p.username for p in org.people}


def test_a_symbol_is_a_ticker_unless_the_description_shows_another_kind():
    assert {_value("symbol", seed) for seed in range(8)} <= {"AAPL", "MSFT", "GOOGL", "AMZN", "NVDA", "TSLA", "META",
                                                            "JPM", "V", "KO", "NFLX", "AMD", "IBM", "ORCL"}
    pair = {"type": "string", "description": "Trading pair symbol (e.g., BTC/USDT)"}
    assert _value("symbol", 0, pair) == "BTC/USDT"
    assert "Badge" not in _value("item_name") and "Badge" not in _value("document")


def test_a_bare_address_is_postal_or_on_chain_only_where_the_description_says_which():
    contract = {"type": "string", "description": "Smart contract address"}
    assert re.fullmatch(r"0x[0-9a-f]{40}", _value("address", 0, contract))
    street = {"type": "string", "description": "Street address of the customer"}
    assert re.match(r"\d+ ", _value("address", 0, street))
    assert standard_value("address", random.Random(0)) is None  # nothing says which: not a street by default
    assert re.match(r"\d+ ", standard_value("shipping_address", random.Random(0)))
    token = {"type": "string", "description": "Token symbol or name to search for"}
    assert _value("symbol", 0, token) in ("ETH", "USDC", "USDT", "WBTC", "LINK", "UNI", "DAI", "AAVE", "BTC", "SOL")


def test_a_package_is_a_real_one_of_the_ecosystem_its_description_names():
    from engines.offline.values_standard import _PACKAGES

    for name in ("packageName", "package", "library_name", "crate"):
        assert standard_value(name, random.Random(1)) in {p for ps in _PACKAGES.values() for p in ps}, name
    assert standard_value("packageName", random.Random(2), "The npm package to document") in _PACKAGES["javascript"]
    assert standard_value("crate", random.Random(2), "Name of the Rust crate") in _PACKAGES["rust"]


def test_everyday_things_get_their_real_names_not_placeholders():
    from engines.offline.values_standard import _AIRPORTS, CITIES, _FILMS, _GENRES

    for seed in range(10):
        assert _value("place", seed) in CITIES and _value("neighborhood", seed) in CITIES
        assert _value("airport_code", seed) in _AIRPORTS and _value("favorite_genre", seed) in _GENRES
        assert _value("movie_title", seed) in _FILMS
        for name in ("hotel", "venue", "cuisine", "league", "ingredient", "brand", "artist_name"):
            assert not re.search(r"-\d+$", _value(name, seed)), name
    # `origin` and `destination` are places only where the description says so (else a git remote, a path).
    assert standard_value("destination", random.Random(0), "Destination airport (IATA code)") in _AIRPORTS
    assert standard_value("origin", random.Random(0), "Departure city") in CITIES
    assert standard_value("origin", random.Random(0), "The remote to push to") is None


def test_counts_of_people_and_prices_have_their_usual_sizes_and_ranges_are_ordered():
    schema = {"type": "object", "required": ["checkin", "checkout", "adults", "pets", "price_min", "price_max",
                                             "date_from", "date_to"],
              "properties": {"checkin": {"type": "string", "format": "date"}, "checkout": {"type": "string", "format": "date"},
                             "adults": {"type": "integer"}, "pets": {"type": "integer"},
                             "price_min": {"type": "integer"}, "price_max": {"type": "integer"},
                             "date_from": {"type": "string"}, "date_to": {"type": "string"}}}
    for seed in range(20):
        a = ValueGenerator(org_for(seed), random.Random(seed)).arguments(schema)
        assert a["checkin"] < a["checkout"] and a["date_from"] < a["date_to"], a
        assert 1 <= a["adults"] <= 4 and 0 <= a["pets"] <= 2
        assert 20 <= a["price_min"] < a["price_max"]


def test_premises_claims_and_findings_of_a_thinking_tool_are_statements_not_placeholders():
    for name in ("premises", "claim", "conclusion", "potentialBiases", "uncertaintyAreas", "reasoning_chain"):
        for seed in range(5):
            schema = {"type": "array", "items": {"type": "string"}} if name.endswith(("s", "chain")) else None
            value = _value(name, seed, schema)
            for v in value if isinstance(value, list) else [value]:
                assert v.endswith(".") and len(v.split()) >= 5 and not re.search(r"-\d$", v), (name, v)


def test_emoji_lists_dictionary_words_and_user_agents_are_real_ones():
    for seed in range(5):
        emojis = _value("emojis", seed, {"type": "array", "items": {"type": "string"}})
        assert emojis and all(re.fullmatch(r"[a-z_]+", e) and not re.search(r"-\d$", e) for e in emojis)
        assert re.fullmatch(r"[a-z]+", _value("word", seed))
        assert _value("useragent", seed).startswith("Mozilla/5.0")


def test_a_field_nothing_else_knows_takes_what_its_name_or_description_says_not_a_placeholder():
    """`authtoken`, `season`, `week`, `amount`, `doi`, `subtitle`, `instructions`, "Description of the feature…":
    a secret, a year, a small number, a DOI, a title, a sentence; and "(ex: '75')" or "(default: 'utf-8')" are the
    description's own examples."""
    from engines.offline.values_names import FALLBACK

    def one(name, description="", seed=3):
        return ValueGenerator(org_for(seed), random.Random(seed)).value(
            {"type": "string", "description": description} if description else {"type": "string"}, name=name)

    for seed in range(5):
        assert one("authtoken", seed=seed).startswith("tok_")
        assert re.fullmatch(r"20\d\d", one("season", "Season year", seed))
        assert re.fullmatch(r"\d{1,2}", one("week", "Week number (for NFL)", seed))
        assert re.fullmatch(r"\d+", one("amountIn", "Amount of input token", seed))
        assert re.fullmatch(r"10\.\d{4}/\S+", one("doi", seed=seed))
        assert len(one("task", "Description of the feature to develop using TDD", seed).split()) >= 4
        assert not FALLBACK.fullmatch(one("subtitle", "Subtitle for the PDF document", seed))
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:]+Z", one("lastReadAt", seed=seed))  # a moment, not `last-read-at-3`
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:]+Z", one("published_on", seed=seed))
    assert one("coddep", "Code du département (obligatoire, 2 ou 3 chiffres, ex: '75' pour Paris).") == "75"
    assert one("encoding", "Text encoding (default: 'utf-8')") == "utf-8"


def test_a_file_of_the_type_its_field_or_tool_names():
    """"Path to the Dart file" is a .dart file, a CSV reader's path a .csv; `file_extension` is an extension,
    not a path; "a text file" names no type."""
    from engines.offline.roles import param_role
    from engines.offline.values_vocab import Hint, extension, file_path
    from schemas import Action, ParameterRole

    org = org_for(3)
    for seed in range(4):
        def hint(description="", about=""):
            return Hint("path", "identifier", "file", description, org, random.Random(seed), about=about)
        assert file_path(hint("Path to the Dart file to compile")).endswith(".dart")
        assert re.search(r"/data/\w+\.csv$", file_path(hint(about="read_csv_file Read a CSV file and show its rows")))
        assert file_path(hint(about="edit_file Make line-based edits to a text file")) in org.files
        assert extension(hint(about="read_csv_file Read a CSV file")) == ".csv"
    assert param_role("file_extension", {"type": "string"}, Action.list) is ParameterRole.option


def test_unix_times_are_times_near_the_scenario_and_a_range_of_them_is_ordered():
    unix = {"type": "integer", "description": "Unix date."}
    schema = {"type": "object", "required": ["fromdate", "todate"], "properties": {"fromdate": unix, "todate": unix}}
    for seed in range(10):
        args = ValueGenerator(org_for(seed), random.Random(seed)).arguments(schema)
        assert 1.7e9 < args["fromdate"] < args["todate"] < 1.8e9, args
    ms = {"type": "integer", "description": "Milliseconds since the epoch."}
    assert 1.7e12 < _value("since", 3, ms) < 1.8e12


def test_an_arrow_in_a_description_of_a_mapping_asks_for_no_javascript_and_ie_quotes_an_example():
    both = {"type": "string", "description": "sort = activity => date\nsort = votes => number\n"}
    assert all("=>" not in str(_value("max", seed, both)) for seed in range(10))
    site = {"type": "string", "description": 'This parameter can be the full domain name (ie. "stackoverflow.com"), '
                                               "or a short form identified by api_site_parameter on the site object."}
    assert {_value("site", seed, site) for seed in range(5)} == {"stackoverflow.com"}
    code = {"type": "string", "description": "A function such as () => document.title to run in the page."}
    assert "=>" in _value("function", 0, code)


def test_the_value_of_a_condition_on_a_field_is_a_word_the_field_holds_not_a_sentence():
    """A filter rule `{attribute, condition, value}` compares a field with a short value (a stage, a name), where a
    reviewer found "Can we move the health budget to next Tuesday?" as the value of a `stage` filter."""
    rule = {"type": "object", "required": ["attribute", "condition", "value"], "properties": {
        "attribute": {"type": "string", "enum": ["stage", "name"]},
        "condition": {"type": "string", "enum": ["equals", "starts_with"]}, "value": {"type": "string"}}}
    for seed in range(12):
        args = ValueGenerator(org_for(seed), random.Random(seed)).arguments(rule)
        assert len(args["value"].split()) == 1 and not args["value"].endswith(("?", ".")), args
        if args["attribute"] == "stage":
            assert args["value"] in ("open", "in_progress", "blocked", "done"), args


def test_a_range_whose_end_the_schema_lists_first_is_still_in_order():
    """`end_date` listed before `start_date` (a news API's schema): the start drawn after the end fell later."""
    day = {"type": "string", "format": "date"}
    unix = {"type": "integer", "description": "Unix date."}
    schema = {"type": "object", "required": ["symbol", "end_date", "start_date", "todate", "fromdate"],
              "properties": {"symbol": {"type": "string"}, "end_date": day, "start_date": day,
                             "todate": unix, "fromdate": unix}}
    for seed in range(20):
        args = ValueGenerator(org_for(seed), random.Random(seed)).arguments(schema)
        assert args["start_date"] < args["end_date"] and args["fromdate"] < args["todate"], args
        assert list(args) == ["symbol", "end_date", "start_date", "todate", "fromdate"]


def test_a_range_end_after_a_start_drawn_from_a_pattern_alone_never_fails():
    """A start drawn from its pattern can be no calendar date (`2025-13-40`): the end is then drawn on its own."""
    stamp = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"}
    schema = {"type": "object", "required": ["start", "end"], "properties": {"end": stamp, "start": stamp}}
    for seed in range(40):
        args = ValueGenerator(org_for(seed), random.Random(seed)).arguments(schema)
        assert re.fullmatch(stamp["pattern"], args["start"]) and re.fullmatch(stamp["pattern"], args["end"]), args


def test_a_record_s_bookkeeping_moments_names_by_parts_and_a_person_s_title_read_as_such():
    """`created`, `last_modified` with no format are moments (in order); `name: {first, middle, last}` holds a
    person's names; a `title` beside an e-mail is a job title, beside a body a headline."""
    from faker.providers.job.en_US import Provider

    from engines.offline import chrono

    jobs = set(Provider.jobs)
    person = {"type": "object", "properties": {
        "created": {"type": "string"}, "last_modified": {"type": "string"}, "email": {"type": "string"},
        "title": {"type": "string"},
        "name": {"type": "object", "properties": {p: {"type": "string"} for p in ("first", "middle", "last")}}}}
    for seed in range(8):
        rec = chrono.ordered(ValueGenerator(org_for(seed), random.Random(seed)).value(person, fill=1.0))
        assert chrono.when(rec["created"]) and chrono.when(rec["last_modified"]), rec
        assert chrono.when(rec["created"]) <= chrono.when(rec["last_modified"])
        assert all(re.fullmatch(r"[A-Z][a-z]+(?:[ '-][A-Za-z]+)*", rec["name"][p]) for p in ("first", "middle", "last")), rec
        assert rec["title"] in jobs, rec
    note = {"type": "object", "properties": {"body": {"type": "string"}, "title": {"type": "string"}}}
    assert not re.search(r"-\d$", ValueGenerator(org_for(0), random.Random(0)).value(note, fill=1.0)["title"])


def test_choices_written_with_their_meanings_and_examples_marked_in_another_language_are_read():
    """A docstring's `script_type: Script ("" = normal, "la" = latin, "lad" = latin with diacritics)` lists
    the choices `la` and `lad`; `(örn: "ben-muhiuddinkhan")` gives an example; a JSON object shown in a
    description (`{"limit": 10, "page": 2}`) lists no choices."""
    from engines.offline.values_describe import examples, options

    assert options('Yazı tipi ("" = normal, "la" = latin, "lad" = latin diakritikli)') == ("la", "lad")
    assert examples('Sürüm adı (örn: "ben-muhiuddinkhan")') == ("ben-muhiuddinkhan",)
    assert examples('Name der Ausgabe, z.B. "de-aburida"') == ("de-aburida",)
    assert examples('中文城市名称，例如："北京", "上海"') == ("北京", "上海")
    assert examples('要查询的城市，比如"北京"。') == ("北京",) and examples("例外的情况 'x'") == ()
    assert options('Filters as JSON, e.g. {"limit": 10, "page": 2}') == ()
    doc = 'Get a ruku.\n\nArgs:\n    script_type: Yazı tipi ("" = normal, "la" = latin, "lad" = latin diakritikli)\n'
    got = {ValueGenerator(org_for(s), random.Random(s)).arguments(
        {"type": "object", "properties": {"script_type": {"type": "string", "default": ""}}, "required": ["script_type"]},
        doc=doc)["script_type"] for s in range(8)}
    assert got and got <= {"la", "lad"}, got


def test_a_records_number_is_a_number_not_a_sort_order_and_common_business_fields_read_as_such():
    for seed in range(10):
        assert re.fullmatch(r"\d{6,8}", _value("order_number", seed)) and re.fullmatch(r"\d{6,8}", _value("invoice_no", seed))
        assert int(_value("page_number", seed, {"type": "string"})) < 1000  # a position stays small
        assert _value("environment", seed) in ("production", "staging", "development")
        assert re.fullmatch(r"REF-\d{5}", _value("reference", seed))
        assert not re.fullmatch(r"(customer|contact|component)-\d", " ".join(
            str(_value(n, seed)) for n in ("customer", "contact", "component")))


def test_a_free_form_map_holds_what_teams_put_there_not_an_id_and_name():
    from evaluation.scenario_checks import is_generic

    details = {"type": "object", "description": "Map of key-value pairs to use as custom properties",
               "additionalProperties": {"type": "string"}}
    schema = {"type": "object", "properties": {"details": details}, "required": ["details"]}
    for seed in range(10):
        made = ValueGenerator(org_for(seed), random.Random(seed)).arguments(schema)["details"]
        assert made and not {"id", "name"} & set(made), made
        assert not is_generic(made, {}), made


def test_ids_of_one_kind_have_one_shape_throughout_a_suite():
    from engines.offline.values_vocab import kind_id

    org = org_for(3)
    for kind in ("team", "label", "cycle", "workflow_state", "pull_request", "issue"):
        shapes = {re.sub(r"[A-Z]+", "K", re.sub(r"[0-9a-f]", "x", kind_id(kind, org, random.Random(s)))) for s in range(20)}
        # (lengths of digits and a project's key may vary; the pattern may not)
        assert len({re.sub(r"x+|9+", "#", s) for s in shapes}) == 1, (kind, shapes)
    assert kind_id("issue", org, random.Random(0)).split("-")[0] in org.project_keys


def test_fields_of_planning_and_travel_tools_read_as_such_not_as_their_names_and_a_digit():
    placeholder = re.compile(r"[a-z-]+-\d")
    for seed in range(8):
        for name in ("stakeholders", "constraints", "timeHorizon", "meeting_start_time", "origin", "destination",
                     "problem", "idea"):
            assert not placeholder.fullmatch(str(_value(name, seed))), (name, _value(name, seed))
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", _value("expirationTime", seed))
        assert "@" in _value("address", seed, {"type": "string", "description": "Email address of the user"})
        assert re.match(r"\d+ \w", _value("address", seed))  # a street address: number and street


def test_numeric_ids_are_not_one_pool_for_every_kind_and_follow_the_descriptions_example():
    integer = {"type": "integer"}
    regions = {_value("region_id", seed, integer) for seed in range(10)}
    types = {_value("type_id", seed, integer) for seed in range(10)}
    assert len(regions) >= 8 and len(types) >= 8 and not {1042, 2231, 3817} & (regions | types)
    assert len({len(str(r)) for r in regions}) == 1  # one kind, one width
    example = {"type": "integer", "description": "Region ID, e.g. 10000002"}
    assert all(len(str(_value("region_id", seed, example))) == 8 for seed in range(5))
    assert _value("args", 0).startswith("-")  # a command line's flags, not a chat message


def test_a_description_says_what_the_thing_is_not_a_message_to_a_colleague():
    chat = re.compile(r"\b(please|let me know|thanks|can we|can someone|heads up|reminder|I'll)\b", re.I)
    for seed in range(12):
        said = _value("description", seed)
        assert not chat.search(said), said
    assert any(chat.search(str(_value("comment", seed))) for seed in range(12))  # a comment still talks


def test_parts_of_a_date_or_a_time_are_ones_a_calendar_or_a_clock_shows():
    import datetime

    schema = {"type": "object", "required": ["year", "month", "day", "hour", "minute", "start_month", "quarter"],
              "properties": {k: {"type": "integer"} for k in ("year", "month", "day", "hour", "minute", "start_month",
                                                               "quarter")}}
    for seed in range(30):
        a = ValueGenerator(org_for(seed), random.Random(seed)).arguments(schema)
        datetime.datetime(a["year"], a["month"], a["day"], a["hour"], a["minute"])  # a real moment
        assert 1 <= a["start_month"] <= 12 and 1 <= a["quarter"] <= 4, a


def test_a_moment_follows_the_format_its_description_shows_not_the_zones_and_offsets_it_mentions():
    from engines.offline.values_describe import options

    start = ("Event start time. String format: '2025-01-01T10:00:00' (timed) or '2025-01-01' (all-day). For per-field "
             "timezone, use JSON: '{\"dateTime\": \"2025-01-01T10:00:00\", \"timeZone\": \"America/Los_Angeles\"}'. "
             "Note: If the dateTime already includes a timezone offset (e.g., 'Z' or '+05:00'), it takes precedence.")
    end = start.replace("start", "end").replace("(all-day)", "(all-day, exclusive)")
    assert options(start) == () and options("Sort order, one of: asc, desc") == ("asc", "desc")
    assert options("The type of issue. One of issue, incident or task.") == ("issue", "incident", "task")
    assert options("Configuration options for query execution") == () and options("Allowed values: json") == ("json",)
    assert options("Location as coordinates (lat,lng). Example: '40.7128,-74.0060' for New York City.") == ()
    schema = {"type": "object", "required": ["start", "end"],
              "properties": {"start": {"type": "string", "description": start},
                             "end": {"type": "string", "description": end}}}
    for seed in range(10):
        a = ValueGenerator(org_for(seed), random.Random(seed)).arguments(schema)
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", a["start"]) and a["start"] < a["end"], a


def test_a_meeting_ends_the_same_day_it_starts_and_a_stay_some_days_later():
    def drawn(about: str, start: str, end: str, seed: int) -> dict:
        gen = ValueGenerator(org_for(seed), random.Random(seed))
        gen.about = about
        return gen.arguments({"type": "object", "required": [start, end],
                              "properties": {start: {"type": "string", "format": "date-time"},
                                             end: {"type": "string", "format": "date-time"}}})

    for seed in range(10):
        meeting = drawn("create_event Create a calendar event.", "start", "end", seed)
        assert meeting["start"][:10] == meeting["end"][:10] and meeting["start"] < meeting["end"], meeting
        gen = ValueGenerator(org_for(seed), random.Random(seed))
        gen.about = "create_event Create a calendar event."
        where = gen.arguments({"type": "object", "required": ["timeZone", "location"],
                               "properties": {"timeZone": {"type": "string"}, "location": {"type": "string"}}})
        assert "/" in where["timeZone"] or where["timeZone"] == "UTC", where  # a time zone, not a cloud region
        assert where["location"] not in gen.org.regions, where  # people meet in a place
        stay = drawn("search_hotels Find hotel rooms.", "checkin", "checkout", seed)
        assert stay["checkin"][:10] < stay["checkout"][:10], stay
        trip = drawn("search_flights Find flights.", "depart_date", "return_date", seed)
        assert trip["depart_date"][:10] < trip["return_date"][:10], trip  # (a return never before the departure)


def test_a_file_or_url_of_a_kind_of_media_is_one_of_that_kind():
    def one(name: str, description: str = "") -> str:
        return ValueGenerator(org_for(3), random.Random(3)).value({"type": "string", "description": description}, name=name)

    assert one("video_path", "Path to the video").endswith(".mp4") and one("pcap_destination").endswith(".pcap")
    assert one("image_path").endswith(".png") and one("json_path", "JSONPath to the field").startswith("$")
    assert one("save_dir", "Directory to save the clips (GCS path)").startswith("gs://")
    assert one("output_dir", "S3 prefix to write the results to").startswith("s3://")
    assert re.search(r"^https://.+\.(png|jpg)$", one("image", "The image URL to translate"))
    assert re.search(r"^https://.+\.jpg$", one("thumbnail_url"))


def test_a_host_and_a_port_said_to_be_a_services_are_that_services():
    import random

    from engines.offline.values import ValueGenerator
    from engines.offline.world import make_org

    gen = ValueGenerator(make_org(7), random.Random(2))
    assert gen.value({"type": "number", "description": "SMTP port"}, name="port") == 587
    assert gen.value({"type": "string", "description": "SMTP host"}, name="host").startswith("smtp.")
    assert gen.value({"type": "integer", "description": "PostgreSQL port"}, name="db_port") == 5432
    assert gen.value({"type": "string", "description": "IMAP server port"}, name="port") == "993"


def test_a_value_beside_the_kind_of_identifier_it_is_has_that_kind_s_shape():
    """`idType: oclc` beside `idValue`, `key: ISBN` beside `value`: an OCLC number or an ISBN, not `value_1d58…`."""
    gen = ValueGenerator(org_for(3), random.Random(3))
    shapes = {"isbn": r"97[89]-\d+-\d+-\d+-\d", "oclc": r"[1-9]\d{7}", "lccn": r"20\d{8}", "olid": r"OL[1-9]\d{6}M"}
    for kind, shape in shapes.items():
        for schema in ({"type": "object", "required": ["idType", "idValue"], "properties": {
                            "idType": {"type": "string", "enum": [kind]}, "idValue": {"type": "string"}}},
                       {"type": "object", "required": ["key", "value"], "properties": {
                            "key": {"type": "string", "enum": [kind.upper()]}, "value": {"type": "string"}}}):
            args = gen.arguments(schema)
            said = args.get("idValue", args.get("value"))
            assert re.fullmatch(shape, said), (kind, args)
    # a sibling that names no standard kind leaves the value to the other rules
    args = gen.arguments({"type": "object", "required": ["type", "value"], "properties": {
        "type": {"type": "string", "enum": ["note"]}, "value": {"type": "string"}}})
    assert args["value"] and not re.fullmatch(r"[\d-]+", args["value"])


def test_a_place_in_a_sequence_is_a_small_whole_number_even_where_the_schema_says_number():
    for seed in range(30):
        for name in ("round", "lap", "episode"):
            v = _value(name, seed, {"type": "number"})
            assert isinstance(v, int) and 1 <= v <= 20, (name, v)


def test_a_point_is_a_real_city_s_latitude_and_longitude_together():
    from engines.offline.values_standard import CITY_COORDS

    gen = ValueGenerator(org_for(4), random.Random(4))
    point = {"type": "object", "required": ["longitude", "latitude"], "properties": {
        "longitude": {"type": "number", "minimum": -180, "maximum": 180},
        "latitude": {"type": "number", "minimum": -90, "maximum": 90}}}
    for _ in range(20):
        p = gen.arguments(point)
        assert (p["latitude"], p["longitude"]) in CITY_COORDS.values(), p
    s = gen.arguments({"type": "object", "required": ["lat", "lng"], "properties": {
        "lat": {"type": "string"}, "lng": {"type": "string"}}})
    assert (float(s["lat"]), float(s["lng"])) in CITY_COORDS.values(), s
    # a box's edges are no city's coordinates
    from engines.offline.places import coordinate
    assert coordinate("minLatitude", random.Random(1)) is None and coordinate("max_lng", random.Random(1)) is None


def test_a_country_described_as_an_iso_code_is_one_and_a_listed_category_is_one_of_the_list():
    gen = ValueGenerator(org_for(5), random.Random(5))
    schema = {"type": "object", "required": ["country", "category"], "properties": {
        "country": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 2, "maxLength": 2},
                    "description": "Array of ISO 3166 alpha 2 country codes to limit results"},
        "category": {"type": "string", "description": "The canonical category ID to search for. Supported categories "
                     "include: services, shopping, food_and_drink, restaurant, education, cafe, museum, park"}}}
    listed = {"services", "shopping", "food_and_drink", "restaurant", "education", "cafe", "museum", "park"}
    for _ in range(15):
        args = gen.arguments(schema)
        assert all(re.fullmatch(r"[A-Z]{2}", c) for c in args["country"]), args
        assert args["category"] in listed, args


def test_a_search_for_places_asks_for_an_address_a_landmark_or_a_city():
    from engines.offline.values_standard import CITIES

    gen = ValueGenerator(org_for(6), random.Random(6))
    for _ in range(15):
        q = gen.value({"type": "string", "description": "Search text to geocode."}, name="q", role="query")
        assert q.split(", ")[-1] in CITIES, q


def test_a_slot_s_own_examples_come_before_what_its_name_alone_suggests():
    gen = ValueGenerator(org_for(7), random.Random(7))
    for _ in range(10):
        state = gen.value({"type": "string", "minLength": 2, "maxLength": 2,
                           "description": "Two-letter state code (e.g. CA, NY)"}, name="state")
        assert state in ("CA", "NY"), state  # not `in` cut from `in_progress`
    # free text keeps its own rule: "(tags, keywords, etc.)" says what a query may hold, not its choices
    q = gen.value({"type": "string", "description": "Search query (tags, keywords, etc.)"}, name="query", role="query")
    assert q not in ("tags", "keywords")


def test_a_number_s_described_default_is_what_is_usually_sent_and_an_aspect_is_near_one():
    gen = ValueGenerator(org_for(8), random.Random(8))
    aspects = [gen.value({"type": "number", "exclusiveMinimum": 0}, name="pixelAspect") for _ in range(20)]
    assert all(0.5 <= a <= 2 for a in aspects), aspects  # not 59.5
    durations = [gen.value({"type": "number", "exclusiveMinimum": 0, "description": "Duration in seconds "
                            "(default: 10.0)"}, name="duration") for _ in range(30)]
    assert durations.count(10) >= 10, durations


def test_a_free_form_object_takes_the_keys_its_description_shows():
    """"Optional parameters for the effect (e.g., { 'Blurriness': 25 })": blurriness, not `priority`/`region`."""
    gen = ValueGenerator(org_for(9), random.Random(9))
    schema = {"type": "object", "additionalProperties": {},
              "description": "Optional parameters for the effect (e.g., { 'Blurriness': 25 })."}
    for _ in range(10):
        made = gen.value(schema, name="effectSettings")
        assert list(made) == ["Blurriness"] and isinstance(made["Blurriness"], int) and made["Blurriness"] > 0, made


def test_a_name_given_to_a_tool_that_acts_on_a_person_is_a_person_s_name():
    """`say_hello(name)` "Greets a person.": whom it greets, not `hello-hello-prod`."""
    gen = ValueGenerator(org_for(2), random.Random(2))
    gen.about = "say_hello \n    Greets a person.\n    "
    for _ in range(5):
        name = gen.arguments({"type": "object", "required": ["name"], "properties": {
            "name": {"title": "Name", "type": "string"}}})["name"]
        assert re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z]+", name), name


def test_a_kind_whose_id_the_spec_says_a_registry_gives_has_that_registrys_ids_everywhere(tmp_path):
    paper = {"paper_id": {"type": "string", "description": "The arXiv ID of the paper to download"}}
    tools = [{"name": "search_papers", "description": "Search for papers on arXiv",
              "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}},
             {"name": "list_papers", "description": "List all stored papers", "inputSchema": {"type": "object"}},
             {"name": "read_paper", "description": "Read a stored paper",
              "inputSchema": {"type": "object", "properties": paper, "required": ["paper_id"]}}]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 7}),
                                         str(tmp_path / "h"))
    assert manifest.failures == []
    said = [c.arguments["paper_id"] for s in scenarios for c in s.calls if c.tool == "read_paper"]
    shown = [i for s in scenarios for c in s.calls if c.tool != "read_paper"
             for i in re.findall(r'"id": "([^"]+)"', c.output if isinstance(c.output, str) else json.dumps(c.output))]
    assert said and shown
    arxiv = re.compile(r"(1[5-9]|2[0-5])(0[1-9]|1[0-2])\.\d{5}")  # YYMM.NNNNN, a real month
    assert all(arxiv.fullmatch(i) for i in said + shown), sorted(set(said + shown))


def test_a_name_described_as_a_persons_first_or_full_name_is_one_whatever_word_precedes_it():
    gen = ValueGenerator(org_for(3), random.Random(1))
    for _ in range(5):
        first = gen.value({"type": "string", "description": "Host's first name"}, name="host_name")
        assert re.fullmatch(r"[A-Z][a-z]+", first), first  # a first name, not a server `host-kitchen-eu`
        full = gen.value({"type": "string", "description": "Full name of the owner"}, name="owner_name")
        assert re.fullmatch(r"[A-Z][\w'.-]+( [A-Z][\w'.-]+)+", full), full
    assert "-" in gen.value({"type": "string", "description": "The name of the project"}, name="project_name")


def test_a_crm_contact_s_social_profiles_and_a_company_s_industry_are_shaped_as_crms_hold_them():
    import random as _random
    import re as _re
    from engines.offline.values_standard import standard_value
    rng = _random.Random(3)
    assert _re.fullmatch(r"@\w+", standard_value("twitterhandle", rng))  # (not `twitterhandle-4`)
    assert standard_value("linkedin_url", rng).startswith("https://www.linkedin.com/in/")
    assert standard_value("facebookfanpage", rng).startswith("https://www.facebook.com/")
    assert standard_value("industry", rng)[0].isupper() and "-" not in standard_value("industry", rng)
    assert standard_value("mood", rng).isalpha()

"""The user-facing wording of offline scenarios reads like a person's request, not a template."""

import random
import re

import pytest

from common.taxonomy import third_person
from engines.offline.prose import _tool_noun, humanise

SPECS = ["filesystem", "github", "redis", "memory", "git-reference", "illustrator"]
_STEP = re.compile(r"\bstep \d|\bStep \d", re.I)


@pytest.mark.parametrize("spec", SPECS)
def test_requests_and_turns_name_no_step_numbers(covered, spec):
    _, scenarios, _ = covered(spec)
    for s in scenarios:
        assert not _STEP.search(s.instruction), s.instruction
        assert all(not _STEP.search(t.user) for t in s.turns)
        assert all(not _STEP.search(c.explanation) for c in s.calls)


@pytest.mark.parametrize("spec", SPECS)
def test_titles_are_headlines_not_tool_chains(covered, spec):
    _, scenarios, _ = covered(spec)
    for s in scenarios:
        assert ", then " not in s.title and not s.title.endswith(" and more"), s.title
        assert "`" not in s.title and s.title[0].isupper()


@pytest.mark.parametrize("spec", SPECS)
def test_novelty_reasons_are_not_bookkeeping(covered, spec):
    _, scenarios, _ = covered(spec)
    for s in scenarios:
        assert not s.novelty_reason.startswith("Exercises ") and " -> " not in s.novelty_reason


def test_values_taken_from_outputs_are_named_by_where_they_come_from(covered):
    _, scenarios, _ = covered("github")
    referring = [s for s in scenarios if any(c.sources for c in s.calls)]
    assert referring
    for s in referring:
        # a result noun (`the run list`), or, where two steps would read the same, the source tool's own words
        # without its verb (`the allowed directories` for list_allowed_directories, `the directory tree`); or,
        # in the same breath as the listing, "… and assign the first one" or "… the one named `X`", by the name
        # the listing shows (and later "the same issue")
        tools = {s.calls[j].tool for c in s.calls for j in c.sources.values()}
        named = "|".join(re.escape(humanise(t).split(" ", 1)[-1]) for t in tools)
        assert re.search(rf"\b(from|in) the [\w ]*((list|results|details|result)\b|{named})|you created|"
                         rf"\band \w+ [\w ]*\b(the first one|it|the one named `[^`]+`)", s.instruction), s.instruction


def test_two_listings_of_one_kind_are_told_apart_by_what_their_tools_show(covered):
    _, scenarios, _ = covered("filesystem")
    # (a step right after the listing says "the first one"; a later step or turn names the listing)
    texts = [s.instruction for s in scenarios] + [t.user for s in scenarios for t in s.turns]
    told = [t for t in texts if "the allowed directories" in t]
    assert told  # list_allowed_directories beside list_directory: not `the list allowed directories result`
    assert not any(re.search(r"the (list|get|search) [\w ]+ result", t) for t in texts)
    assert _tool_noun("jira_get_all_projects") == "projects" and _tool_noun("get_issue") == "issue result"


def test_wording_varies_between_scenarios_of_one_spec(covered):
    _, scenarios, _ = covered("github")
    openers = {s.instruction.split(".")[0] for s in scenarios}
    follow = {s.follow_up for s in scenarios}
    assert len(openers) > len(scenarios) // 2 and len(follow) > len(scenarios) // 3


def test_later_turns_open_by_quoting_an_earlier_result(covered):
    _, scenarios, _ = covered("filesystem")
    for s in scenarios:
        for turn in s.turns[1:]:
            assert "`" in turn.user.split(".")[0] or "`" in turn.user.split(":")[0]


def test_parameter_names_read_as_words():
    assert humanise("perPage") == "per page" and humanise("issue_number") == "issue number"
    assert third_person("search for") == "searches for" and third_person("copy") == "copies"


def test_values_are_written_as_a_person_writes_them():
    from engines.offline.text import said
    from evaluation.scenario_checks import stated

    assert said(42) == "42" and said(21.5) == "21.5" and said("2026-03-01") == "2026-03-01" and said("London") == "London"
    assert said("electric vehicles in Norway") == '"electric vehicles in Norway"'
    assert said("fleet-api") == "fleet-api" and said("ana.silva@b.io") == "ana.silva@b.io"  # slugs, addresses: as typed
    for exact in ("cus_4x81", "/srv/app/main.py", "list-2024-q1", "https://x.io/a", ["a"], {"k": 1}, True):
        assert said(exact).startswith("`"), exact
    # a bare value is stated only as a whole word: 4 is not stated by "42"
    assert stated(42, "Show the top 42 rows.") and not stated(4, "Show the top 42 rows.")
    assert stated("news about cats", 'Search for "news about cats".') and not stated("cus_4x81", "Get cus_4x81.")


def test_public_lookups_have_no_organisation_and_no_our(tmp_path):
    import json

    from engines.offline.pipeline import Pipeline, cover_suite
    from engines.offline.spec_org import org_for
    from specs import load_suite

    tool = {"name": "get_forecast", "description": "Get the weather forecast for a city.",
            "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}
    note = {"name": "create_note", "description": "Save a note.",
            "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}}
    (tmp_path / "w.json").write_text(json.dumps({"tools": [tool, note]}))
    pipe = Pipeline(load_suite([tmp_path / "w.json"]))
    scenarios = [s for seed in range(4) for s in cover_suite(pipe, seed)[0]]
    lookups = [s for s in scenarios if [c.tool for c in s.calls] == ["get_forecast"]]
    assert lookups
    for s in lookups:
        assert org_for(s.seed or 0).name not in s.instruction and " our " not in f" {s.instruction} ", s.instruction


def test_a_search_is_asked_as_a_search_for_words_and_follow_ups_ask_what_any_result_can_answer(covered):
    _, scenarios, _ = covered("github")
    assert any("search for" in s.instruction for s in scenarios)
    for s in scenarios:
        assert not re.search(r"search for the \w+s matching", s.instruction), s.instruction
        assert "touched this week" not in s.follow_up and "Who last changed" not in s.follow_up


@pytest.mark.parametrize("description, said", [
    ("Detect prompt injection attempts based on OWASP LLM01:2025 patterns", "detect prompt injection attempts"),
    ("Retrieves the current logged-in user's information.", "get the current logged-in user's information"),
    ("Scan and return ALL keys matching a pattern.", "scan all keys"),
    ("Get the latest release in a GitHub repository.", "get the latest release"),
    ("Get information about supported chain connections from LI.FI. More text.",
     "get information about supported chain connections from LI.FI"),
    ("Get User Info", "get user info"),
    # why the tool exists is no part of the request; a purpose the cut left hanging goes too
    ("List workspace members to plan assignments and access checks.", "list workspace members"),
    ("Get normalization status to determine whether it finished", "get normalization status"),
    ("Invite a user to join this group", "invite a user to join this group"),
    ("Send an invoice to customer", "send an invoice to customer"),
    ("This tool validates Liquid codeblocks, Liquid files and theme files", "validate Liquid codeblocks"),
    # not a verb phrase, too long, or the interpreter's own filler: nothing to say
    ("AI Safety Guard - MCP Caution Instructions", None),
    ("You are an AI assistant tasked with storing user information", None),
    ("Get a list of all .txt filenames on the desktop", None),
    ("Create a ticket.", None),
    # a word an article follows opens a verb phrase, known verb or not; a purpose "to check" is cut
    ("Reverse an input sentence.", "reverse an input sentence"),
    ("Run diagnostics to check the health of the SDK documentation and GitHub repository.", "run diagnostics"),
    ("Weather forecast for a city", None), ("For a given gene, find its homologs", None),
    # words that qualify one noun, a comma between them, are one phrase; a comma after a noun still ends it
    ("Generate a complete, production-ready technical design document from a user idea.",
     "generate a complete, production-ready technical design document"),
    ("Get a task, then mark it done.", "get a task"),
])
def test_a_call_nothing_names_is_asked_for_in_its_descriptions_own_words(description, said):
    from engines.offline.own_words import described_action
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="t", functionality=description, action=Action.create, entity="ticket", parameters=[],
                            required_parameters=[], use_cases=["x"], tags=["general"], produces=[])
    assert described_action(it) == said


def test_a_tool_named_like_a_write_but_described_as_a_lookup_reads(tmp_path):
    """`close-loop-kpi` "Retrieve close-loop KPIs": the description's opening verb says what the tool does, and
    the request asks for it in those words."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    tools = [{"name": "close-loop-kpi", "description": "Retrieve close-loop Key Performance Indicators (KPIs) and metrics.",
              "inputSchema": {"type": "object", "properties": {}}},
             {"name": "close-loop-cases", "description": "Retrieve all cases assigned to the current user.",
              "inputSchema": {"type": "object", "properties": {"per_page": {"type": "integer"}}}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    kpi = [s for s in scenarios if [c.tool for c in s.calls] == ["close-loop-kpi"]]
    assert kpi and all("get close-loop Key Performance Indicators" in s.instruction for s in kpi), kpi[0].instruction
    assert not any("close the" in s.instruction for s in scenarios)


def test_a_verb_the_tool_name_and_description_agree_on_is_the_one_asked(tmp_path):
    """`draw_card` "Draw cards…" is asked as drawing, `play_card(card_name)` as playing a card, never as creating
    or running one; `weather_forecast` "Weather forecast for a city" opens with its thing, not a verb."""
    import json

    from actors.local import generate_local
    from engines.offline.own_words import described_action, named_verb
    from schemas import Action, RunConfig, ToolInterpretation
    from specs import load_suite

    def it(tool, functionality, entity):
        return ToolInterpretation(tool=tool, functionality=functionality, action=Action.read, entity=entity,
                                  parameters=[], required_parameters=[], use_cases=["x"], tags=["general"], produces=[])

    assert named_verb(it("weather_forecast", "Weather forecast for a city", "weather_forecast")) is None
    assert described_action(it("weather_forecast", "Weather forecast for a city", "weather_forecast")) is None
    assert named_verb(it("draw_card", "Draw cards from your deck to your hand.", "card")) == "draw"
    # a description that is only the call's path, or opens with an adjective, gives no verb ("configurable a child")
    for functionality in ("configurable-products/{sku}/child", "Configurable product options"):
        assert named_verb(it("configurableProductLinkManagementV1AddChildPost", functionality, "child")) is None
    name = {"card_name": {"type": "string", "description": "Name of the card to play."}}
    tools = [{"name": "draw_card", "description": "Draw cards from your deck to your hand.",
              "inputSchema": {"type": "object", "properties": {"count": {"type": "integer"}}}},
             {"name": "play_card", "description": "Play a card from your hand to the battlefield.",
              "inputSchema": {"type": "object", "properties": name, "required": ["card_name"]}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    text = " ".join(s.instruction for s in scenarios)
    assert "draw cards" in text and "play the card" in text, text
    assert "create a new card" not in text and "run the card" not in text


def test_a_follow_up_on_a_count_says_it_as_a_count():
    """`pages: 117` is asked about as "117 pages", never "a pages of 117"; a single figure keeps "a score of 17"."""
    import random

    from engines.offline import prose
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="get_book", functionality="Get a book.", action=Action.read, entity="book",
                            parameters=[], required_parameters=[], use_cases=["x"], tags=["general"], produces=[])
    step = prose.Step("get_book", it, {}, ())
    for seed in range(6):
        asked = prose.grounded_follow_up(step, [{"title": "Dune", "pages": 117}], random.Random(seed))
        assert "117 pages" in asked and "a pages" not in asked, asked
    assert "score of" in prose.grounded_follow_up(step, [{"score": 17}], random.Random(0))
    # (a figure whose name starts with a vowel takes "an": "Is an amount of 50 normal…", never "a amount")
    asked = {prose.grounded_follow_up(step, [{"amount": 50}], random.Random(s)) for s in range(6)}
    assert all("an amount of 50" in a for a in asked), asked


def test_a_result_is_never_named_by_a_path_shaped_tool_name(tmp_path):
    """OpenAPI operations named by method and path (`patch-/automation/v4/actions/{appId}/{definitionId}`) are
    referred to by what they did to what (`the app definition update result`), never by the path."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    ids = {"appId": {"type": "integer"}, "definitionId": {"type": "string"}}
    tools = [{"name": "get-/automation/v4/actions/{appId}/{definitionId}_getById", "description": "Get an app definition.",
              "inputSchema": {"type": "object", "properties": ids, "required": list(ids)}},
             {"name": "patch-/automation/v4/actions/{appId}/{definitionId}_update", "description": "Update an app definition.",
              "inputSchema": {"type": "object", "required": list(ids),
                              "properties": {**ids, "actionUrl": {"type": "string", "format": "uri"}}}},
             {"name": "get-/automation/v4/actions/{appId}_getPage", "description": "List app definitions.",
              "inputSchema": {"type": "object", "properties": {"appId": {"type": "integer"}}, "required": ["appId"]}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    said = [t.user for s in scenarios for t in s.turns] + [s.instruction for s in scenarios]
    assert said and not [t for t in said if "{app id}" in t or "/automation/" in t or "{" in t.replace("{\"", "")]


def _news_tools() -> list[dict]:
    props = {"symbol": {"type": "string"}, "limit": {"type": "integer", "default": 25},
             "start_date": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
             "end_date": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
             "provider": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}}
    return [{"name": "news_company", "description": "Fetch recent company headlines for a given stock symbol.",
             "inputSchema": {"type": "object", "properties": props, "required": ["symbol"]}}]


@pytest.mark.parametrize("description, args, said", [
    ("Fetch recent company headlines for a given stock symbol.", {"symbol": "IBM", "limit": 5},
     ("fetch recent company headlines for the stock symbol IBM", {"symbol"})),
    ("Get the current Grand Exchange price and details for a specific item", {"itemId": 4151},
     ("get the current Grand Exchange price and details for the item 4151", {"itemId"})),
    ("Get information about a specific item category", {"category": "Runes"},
     ("get information about the item category Runes", {"category"})),
    # an article alone, where the words name the argument: "for a time window" with `timeWindow: day`
    ("Get trending movies for a time window", {"timeWindow": "day"},
     ("get trending movies for the time window day", {"timeWindow"})),
    ("Get current time in specified timezone", {"timezone_name": "Asia/Tokyo"},
     ("get current time in the timezone `Asia/Tokyo`", {"timezone_name"})),
    # the noun phrase ends at "between": not "for the city between start 2026-01-18 and end dates"
    ("Get weather information for a specified city between start and end dates.", {"start_date": "2026-01-18"},
     (None, set())),
    # one phrase's words open the next ("of an existing document for a specific release")
    ("Create a version of an existing document for a specific release", {"documentIds": ["d1"], "releaseId": "9589"},
     ("create a version of an existing document for the release 9589", {"releaseId"})),
    # a number given in the place of "a given latitude"
    ("Get live temperature for a given latitude and longitude", {"latitude": -37.81, "longitude": 144.96},
     ("get live temperature for the latitude -37.81 and longitude", {"latitude"})),
    # two arguments could be the "year range": nothing is said in its place
    ("Get top home runs by exit velocity for a given year range.", {"year_start": 2019, "year_end": 2021},
     (None, set())),
])
def test_a_description_that_speaks_of_a_given_thing_says_the_value_given_in_its_place(description, args, said):
    from engines.offline.own_words import stated_action
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="t", functionality=description, action=Action.read, entity="item", parameters=[
        {"name": n, "role": "filter", "required": True} for n in args], required_parameters=list(args),
        use_cases=["x"], tags=["general"], produces=[])
    assert stated_action(it, args) == said


def test_an_argument_an_earlier_step_was_given_is_said_as_the_same_thing_in_its_place():
    from engines.offline.own_words import stated_action
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="get_weather", functionality="Get current weather information for a specified city.",
                            action=Action.read, entity="weather", parameters=[
                                {"name": "city", "role": "filter", "required": True}], required_parameters=["city"],
                            use_cases=["x"], tags=["general"], produces=[])
    assert stated_action(it, {}, same={"city"}) == ("get current weather information for the same city", {"city"})


def test_a_weather_request_says_its_city_and_dates_once_in_the_places_a_person_would(tmp_path):
    """"get weather information for the city Madrid from 2026-03-12 to 2026-03-19", then "… for the same
    city": not "for the city Madrid between start and end dates from …" nor "for a specified city with the
    same city"."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    city = {"type": "string", "description": "The name of the city"}
    day = {"type": "string", "description": "Date in format YYYY-MM-DD"}
    tools = [{"name": "get_current_weather", "description": "Get current weather information for a specified city.",
              "inputSchema": {"type": "object", "properties": {"city": city}, "required": ["city"]}},
             {"name": "get_weather_by_datetime_range",
              "description": "Get weather information for a specified city between start and end dates.",
              "inputSchema": {"type": "object", "properties": {"city": city, "start_date": day, "end_date": day},
                              "required": ["city", "start_date", "end_date"]}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    said = [t for s in scenarios for t in [s.instruction] + [u.user for u in s.turns]]
    assert said and not [t for t in said if "a specified city" in t or "start and end dates" in t
                         or "with the same city" in t], said
    assert any(re.search(r"for the city \S+.* from \d{4}-\d\d-\d\d to \d{4}-", t) for t in said), said


def test_a_single_lookup_says_its_dates_as_a_range_its_cap_as_a_count_and_leaves_out_unknown_options(tmp_path):
    """"fetch recent company headlines for the stock symbol IBM since 2026-02-11 (at most 5)": not "for a given
    stock symbol with symbol IBM, start date … and limit 5", nor an option set to its own name (`provider-7`)."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    (tmp_path / "s.json").write_text(json.dumps({"tools": _news_tools()}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    asked = [(s.instruction, s.calls[0].arguments) for s in scenarios]
    assert asked and all("for the stock symbol" in i and "a given" not in i and " with symbol" not in i
                         for i, _ in asked), asked
    dated = [(i, a) for i, a in asked if "start_date" in a or "end_date" in a]
    assert dated and all(re.search(r" (since|up to|from) \d{4}-", i) and "date" not in i for i, _ in dated), dated
    capped = [(i, a) for i, a in asked if "limit" in a]
    assert capped and all(f"(at most {a['limit']})" in i for i, a in capped), capped
    assert not any(str(a.get("provider", "")).startswith("provider-") for _, a in asked), asked


@pytest.mark.parametrize("spec", SPECS)
def test_a_request_opens_with_what_the_person_is_after_not_a_company_nobody_asked_about(covered, spec):
    """"I'm on the Copper Freight team." / "At Tidal Foods we're reviewing a few things this week." read as a
    template whatever the system; a request opens with its goal."""
    _, scenarios, _ = covered(spec)
    persona = re.compile(r"^(I'm on the [\w ]+ team\.|At [\w ]+ we're|Working on [\w' ]+ systems today\.)")
    assert scenarios and not [s.instruction for s in scenarios if persona.match(s.instruction)]


def test_follow_ups_of_one_kind_of_call_are_not_one_stock_phrase():
    """A reviewer counted "Is there anything in … I should act on?" four times in ten scenarios: each kind of
    call has several natural next questions, and all of them come up over a few draws."""
    import random

    from engines.offline import prose
    from schemas import Action, ToolInterpretation

    for action, entity in ((Action.read, "invoice"), (Action.list, "invoice"), (Action.delete, "invoice"),
                           (Action.create, "invoice"), (Action.execute, "job")):
        it = ToolInterpretation(tool="t", functionality="x", action=action, entity=entity, parameters=[],
                                required_parameters=[], use_cases=["x"], tags=["general"], produces=[])
        asked = {prose.follow_up(prose.Step("t", it, {}, ()), random.Random(k)) for k in range(60)}
        assert len(asked) >= 3, (action, asked)


def test_a_word_said_twice_in_a_row_by_template_and_name_is_said_once_but_quoted_values_stay():
    from engines.offline.prose import request
    text = request(['read the latest latest news for "New New York"'], random.Random(0))
    assert "latest latest" not in text and "latest news" in text and '"New New York"' in text


def test_a_few_steps_are_often_asked_in_one_sentence_and_never_with_two_questions_running():
    """"Please list the cases in the project 5, then create a new case …": two or three short steps in one breath,
    as people write them, in about half the requests; the rest as connected sentences. Every step is said, in its
    order, and an opening question is not followed by a second one ("Can you help me …? Can you …?")."""
    from engines.offline.prose import request
    clauses = ["list the cases in the project 5", "read the first one", 'create a new case titled "Q2 review"']
    texts = [request(clauses, random.Random(k), "I need a new case.") for k in range(40)]
    one = [t for t in texts if t.count(". ") == 1 and not re.search(r"\b(First|Finally|To wrap up|Last),", t)]
    assert 8 <= len(one) <= 32, texts[:4]
    for t in texts:
        at = [t.index(c) for c in clauses]
        assert at == sorted(at), t
    asked = [request(clauses[:2], random.Random(k), "Can you help me with the cases?") for k in range(40)]
    assert not any(re.search(r"\?.*\b(Can|Could) you\b.*\?$", t) for t in asked), asked


def test_a_turn_calls_a_result_a_tools_name_makes_up_that_result_not_by_the_tools_name():
    """"Thanks, I see `rec_1` in the update records result." names the tool, as no person does; "that result" is
    what they say. A result named by what it is ("the project list", "the search results") keeps its name."""
    from engines.offline.prose import lead, remark
    for k in range(12):
        said = lead("rec_1", "the update records result", random.Random(k), used=k % 2 == 0)
        assert "update records" not in said and "`rec_1`" in said, said
        assert "update records" not in remark("status", "open", "the update records result", random.Random(k))
    assert any("the project list" in lead("p1", "the project list", random.Random(k)) for k in range(12))


def test_a_follow_up_does_not_ask_why_records_are_in_their_everyday_state():
    """"Why are some of these tunnels open?", "Why are some of these states online?": nobody asks why a thing is in
    the state such things are mostly in; a follow-up asks about a state worth asking about ("failed")."""
    from engines.offline.prose import Step, grounded_follow_up
    from schemas import Action, ToolInterpretation
    it = ToolInterpretation(tool="list_tunnels", functionality="List tunnels.", action=Action.list, entity="tunnel",
                            parameters=[], required_parameters=[], use_cases=["To see tunnels"], tags=["network"])
    for state in ("open", "online", "running", "published"):
        rows = [{"name": "web", "status": state}, {"name": "api", "status": state}]
        for k in range(6):
            asked = grounded_follow_up(Step("list_tunnels", it, {}, ()), rows, random.Random(k)) or ""
            assert f" {state}" not in asked, asked
    failed = [{"name": "web", "status": "failed"}, {"name": "api", "status": "failed"}]
    assert any("failed" in (grounded_follow_up(Step("list_tunnels", it, {}, ()), failed, random.Random(k)) or "")
               for k in range(6))


def test_a_follow_up_asks_about_no_figure_that_is_only_the_number_the_call_was_given():
    """"What does a milestone of 311 tell us about the issue 311?": the 311 is the issue number the call was given,
    echoed into another field; a figure of the record itself is what a question is about."""
    from engines.offline.prose import Step, grounded_follow_up
    from schemas import Action, ToolInterpretation
    it = ToolInterpretation(tool="get_issue", functionality="Get an issue.", action=Action.read, entity="issue",
                            parameters=[], required_parameters=[], use_cases=["To read an issue"], tags=["code"])
    for k in range(8):
        asked = grounded_follow_up(Step("get_issue", it, {"issue_number": 311}, ()), [{"milestone": 311}],
                                   random.Random(k))
        assert asked is None or "311 tell" not in asked and "of 311" not in asked, asked


def test_a_call_that_ties_two_records_together_names_both_and_how_they_meet(tmp_path):
    """"Add an issue to a cycle" with `issueId` and `cycleId` is asked as adding the issue to the cycle, never as
    creating a new issue with a cycle id; the name says it where the description does not (`remove_tag_from_task`),
    and a later step names that record as the one already named, not as a "result"."""
    import json

    from actors.local import generate_local
    from engines.offline.relations import relation
    from schemas import RunConfig
    from specs import load_suite

    def ids(*names):
        return {"type": "object", "properties": {n: {"type": "string", "description": f"ID of the {n[:-2]}"} for n in names},
                "required": list(names)}

    tools = [{"name": "add_issue_to_cycle", "description": "Add an existing issue to a cycle.",
              "inputSchema": ids("issueId", "cycleId")},
             {"name": "remove_tag_from_task", "description": "Detaches it.", "inputSchema": ids("tagId", "taskId")},
             {"name": "get_issue", "description": "Get an issue by ID.", "inputSchema": ids("issueId")},
             {"name": "list_cycles", "description": "List the cycles of the workspace.",
              "inputSchema": {"type": "object", "properties": {}}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    text = " ".join([s.instruction for s in scenarios] + [t.user for s in scenarios for t in s.turns])
    assert re.search(r"add the issue \S+ to (the cycle|the same cycle|the first cycle in the cycle list)", text), text
    assert re.search(r"remove the tag \S+ from the task", text), text
    assert "a new issue" not in text and "a new tag" not in text
    assert not re.search(r"add issue to cycle result|remove tag from task result", text)

    from schemas import Action, ParameterInterpretation, ParameterRole, ToolInterpretation

    def p(name, entity):
        return ParameterInterpretation(name=name, role=ParameterRole.identifier, entity=entity, required=True)
    it = ToolInterpretation(tool="add_user", functionality="Adds one or more users to a team.", action=Action.create,
                            entity="user", parameters=[p("team_id", "team"), p("user_ids", "user")],
                            required_parameters=["team_id", "user_ids"], use_cases=["x"], tags=["general"], produces=[])
    rel = relation(it, {"team_id": "t1", "user_ids": ["u1", "u2"]})
    assert rel is not None and (rel.verb, rel.moved, rel.prep, rel.holder) == ("add", "user_ids", "to", "team_id")
    assert relation(it, {"team_id": "t1"}) is None  # one record given: nothing to tie


def test_a_follow_up_asks_how_to_lower_a_figure_only_where_lower_is_better():
    from engines.offline.prose import Step, grounded_follow_up
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="get_place", functionality="Get a place.", action=Action.read, entity="place",
                            parameters=[], required_parameters=[], use_cases=["x"], tags=["general"], produces=[])
    step = Step("get_place", it, {}, ())
    asked = {grounded_follow_up(step, [{"latitude": 52.37, "elevation_m": 12}], random.Random(s)) for s in range(20)}
    assert not any("latitude" in q for q in asked) and not any("below" in q for q in asked), asked
    cost = {grounded_follow_up(step, [{"monthly_cost": 420}], random.Random(s)) for s in range(20)}
    assert any("below 420" in q for q in cost), cost


def test_a_tools_own_verb_arguments_and_plural_read_as_a_person_says_them(tmp_path):
    """`complete_task` is asked as completing the task (not "update the complete task"), "Create a new task with
    title, description" does not say `with title` twice, `get_characters(name=…)` lists by name (a filter, not an
    ID), a `subTaskId` names a subtask, and `comics` stays `comics`."""
    import json

    from actors.local import generate_local
    from common.taxonomy import plural_noun
    from engines.offline.roles import param_entity, param_role
    from schemas import Action, ParameterRole, RunConfig
    from specs import load_suite

    task = {"type": "object", "properties": {"taskId": {"type": "integer"}}, "required": ["taskId"]}
    tools = [{"name": "create_task", "description": "Create a new task with title, description, due date, etc.",
              "inputSchema": {"type": "object", "properties": {"title": {"type": "string"},
                                                               "description": {"type": "string"}}, "required": ["title"]}},
             {"name": "complete_task", "description": "Mark a task as completed.", "inputSchema": task},
             {"name": "list_tasks", "description": "List tasks.", "inputSchema": {"type": "object", "properties": {}}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    text = " ".join(s.instruction for s in scenarios)
    assert "complete the" in text and "complete task" not in text, text
    assert "with title with" not in text and "create a new task with title" in text
    assert param_role("name", {"type": "string"}, Action.list) is ParameterRole.filter
    assert param_role("name", {"type": "string"}, Action.read) is ParameterRole.identifier
    assert param_entity("subTaskId", {"type": "integer"}, ParameterRole.identifier, "task") == "subtask"
    assert plural_noun("comics") == "comics" and plural_noun("analysis") == "analyses"


def test_a_call_on_what_the_call_before_found_is_asked_in_the_same_breath(covered):
    """"list the issues and read the first one", "create … and close it": not a step per sentence naming the
    result it comes from; never "set to the first one", which would hide which argument takes it."""
    _, scenarios, _ = covered("github")
    texts = [s.instruction for s in scenarios] + [t.user for s in scenarios for t in s.turns]
    joined = [t for t in texts if re.search(r" and [^.?]*\b(the first one|it)\b", t)]
    assert joined, texts[:5]
    assert not any("set to the first one" in t or "set to it" in t for t in texts)
    for s in scenarios:  # every call still stated or taken from an earlier output
        from evaluation.scenario_checks import unstated_values
        assert not unstated_values(s), unstated_values(s)


def test_a_follow_up_on_a_listing_names_what_came_back_and_a_turn_says_created_only_of_what_was_made():
    from engines.offline.prose import Step, grounded_follow_up, lead
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="list_projects", functionality="List projects.", action=Action.list, entity="project",
                            parameters=[], required_parameters=[], use_cases=["x"], tags=["general"], produces=[])
    rows = [{"id": 1, "name": "fleet-api"}, {"id": 2, "name": "dispatch-worker"}]
    asked = {grounded_follow_up(Step("list_projects", it, {}, ()), rows, random.Random(s)) for s in range(10)}
    assert all("`fleet-api`" in q and "`dispatch-worker`" in q for q in asked), asked
    said = {lead("Busy", "the operator you created", random.Random(s), made=False) for s in range(10)}
    assert not any("created" in x.replace("you created", "") or "exists now" in x or "is there" in x for x in said), said
    assert any("is created" in lead("88276", "the operator you created", random.Random(s)) or "exists now" in
               lead("88276", "the operator you created", random.Random(s)) for s in range(10))


def test_a_documentation_tool_is_asked_for_its_topic_and_answers_with_a_page_on_it(tmp_path):
    """"Documentation for widget error handling" (no arguments): "get the documentation on widget error handling",
    answered with a page titled by that topic, never "open the integration" or a page on something else."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    empty = {"type": "object", "properties": {}}
    tools = [{"name": "widget_configuration_error_handling", "description": "Documentation for widget error handling",
              "inputSchema": empty},
             {"name": "data_integration", "description": "Documentation for integrating data sources into the platform",
              "inputSchema": empty}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    assert scenarios
    for s in scenarios:
        for c in s.calls:
            topic = "widget error handling" if c.tool.startswith("widget") else "integrating data sources into the platform"
            assert f"get the documentation on {topic}" in s.instruction, s.instruction
            assert topic[0].upper() + topic[1:] in c.output, c.output



_ACT_ON = re.compile(r"\b(update|change|edit|modify|delete|remove) (?:the )?([\w ]{2,40}? `[^`]+`)", re.I)


def test_a_one_call_request_does_not_ask_for_the_same_change_twice(tmp_path):
    """"Can you update the project `p1`? I need you to update the project `p1`.": the goal of a one-call
    request would only say the call again, so it is left out or says why instead."""
    import json

    from engines.offline.pipeline import Pipeline, cover_suite
    from specs import load_suite

    ident = {"type": "object", "properties": {"projectId": {"type": "string"}}, "required": ["projectId"]}
    tools = [{"name": "set-project-id", "description": "", "inputSchema": ident},
             {"name": "update_project", "description": "Update a project.", "inputSchema": {
                 "type": "object", "properties": {"projectId": {"type": "string"}, "title": {"type": "string"}},
                 "required": ["projectId", "title"]}},
             {"name": "delete_project", "description": "Delete a project.", "inputSchema": ident}]
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    singles, twice = 0, []
    for seed in range(12):
        for s in cover_suite(pipe, seed)[0]:
            said = [m.group(2).lower() for m in _ACT_ON.finditer(s.instruction)]
            singles += len(s.calls) == 1 and bool(said)
            if len(s.calls) == 1 and len(said) != len(set(said)):
                twice.append(s.instruction)
    assert singles >= 5 and not twice, twice[:3]


def test_a_later_turn_says_what_the_record_it_quotes_showed():
    """"`si_1` (running, region northeurope) is the one." reads off the result; "I can see `si_1` in the
    instance list." only says where the value was."""
    from engines.offline.prose import lead
    from engines.offline.text import facts

    row = {"id": "si_1", "status": "in_progress", "region": "northeurope", "created_at": "2026-01-02T10:00:00Z"}
    assert facts(row, "si_1") == "in progress, region northeurope"
    assert facts({"id": 5, "displayName": "Kenji Novak", "url": "https://x.test/5"}, 5) == "Kenji Novak"
    assert facts({"id": "x", "url": "https://x.test/x", "updated_at": "2026-01-02T10:00:00Z"}, "x") is None
    for seed in range(6):
        said = lead("si_1", "the instance list", random.Random(seed), used=seed % 2 == 0, made=False,
                    shown="running, region northeurope")
        assert "`si_1`" in said and "running, region northeurope" in said and "instance list" not in said, said


def test_a_download_is_asked_for_as_a_download_not_as_a_change_to_what_is_downloaded(tmp_path):
    """Downloading a paper leaves the paper as it was: no "One of our papers needs an update"."""
    import json

    from engines.offline.pipeline import Pipeline, cover_suite
    from specs import load_suite

    paper = {"type": "object", "properties": {"paper_id": {"type": "string"}}, "required": ["paper_id"]}
    tools = [{"name": "list_papers", "description": "List the stored papers.", "inputSchema": {"type": "object"}},
             {"name": "download_paper", "description": "Download a paper.", "inputSchema": paper},
             {"name": "read_paper", "description": "Read a stored paper.", "inputSchema": paper}]
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    downloads = [s for seed in range(6) for s in cover_suite(pipe, seed)[0]
                 if any(c.tool == "download_paper" for c in s.calls) and len(s.calls) > 1]
    assert downloads
    for s in downloads:
        assert not re.search(r"needs an update|change (some|the)|out of date", s.instruction), s.instruction
    assert any("download" in s.instruction.split(".")[0].lower() for s in downloads)


def test_a_tool_that_undoes_an_action_is_asked_to_undo_it_not_to_do_it():
    from engines.offline.prose import Step, clause
    from schemas import ParameterInterpretation, ToolInterpretation

    it = ToolInterpretation(tool="post_alerts_alert_id_undo_close", functionality="This method tries to undo an alert close.",
                            action="execute", entity="alert", required_parameters=["alertId"], use_cases=["x"], tags=[],
                            parameters=[ParameterInterpretation(name="alertId", role="identifier", entity="alert",
                                                                required=True, description="")])
    said = clause(Step(it.tool, it, {"alertId": "a-17"}, ()), [], {})
    assert said.startswith("undo closing the alert"), said


def test_a_follow_up_to_something_made_asks_about_the_new_thing_not_a_change():
    """After an image is generated, "Can you confirm the change went through?" reads as if something was edited;
    a create's next question is about the new thing, and where to find it only when the result says where."""
    from engines.offline import prose
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="t", functionality="x", action=Action.create, entity="image", parameters=[],
                            required_parameters=[], use_cases=["x"], tags=["general"], produces=[])
    step = prose.Step("generate_image", it, {}, ())
    linked = [{"id": "img_1", "url": "https://cdn.example.com/img_1.png"}]
    bare = [{"id": "img_1", "width": 1024}]
    with_link = {prose.follow_up(step, random.Random(k), linked) for k in range(60)}
    without = {prose.follow_up(step, random.Random(k), bare) for k in range(60)}
    assert not any("change went through" in q for q in with_link | without)
    assert "Where can I find the image now?" in with_link and not any("Where can I find" in q for q in without)


def test_a_listing_s_position_is_said_as_a_page_or_rows_skipped_and_no_request_starts_from_a_made_up_cursor(tmp_path):
    """"(at most 20, skipping the first 40)", "(page 3)", not "with offset 40"; a `cursor` or a string page
    token only an earlier page's answer holds is never sent by the first call."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    def tool(name, props):
        return {"name": name, "description": f"{name.replace('_', ' ').capitalize()}.",
                "inputSchema": {"type": "object", "properties": props}}

    integer = {"type": "integer", "minimum": 0}
    tools = [tool("list_orders", {"limit": integer, "offset": integer, "cursor": {"type": "string"},
                                  "status": {"type": "string", "enum": ["open", "shipped"]}}),
             tool("list_invoices", {"page": integer, "per_page": integer, "page_token": {"type": "string"}}),
             tool("list_refunds", {"offset": {"type": "string", "description": "Pagination token"}, "limit": integer})]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7, min_per_tool=6),
                                  str(tmp_path / "h"))
    calls = [(s.instruction, c) for s in scenarios for c in s.calls]
    assert not any({"cursor", "page_token"} & c.arguments.keys() for _, c in calls)
    assert not any(c.tool == "list_refunds" and "offset" in c.arguments for _, c in calls)
    placed = [(i, c.arguments) for i, c in calls if {"offset", "page"} & c.arguments.keys()]
    assert placed, "no call sets a position: nothing to judge"
    for i, a in placed:
        assert "offset" not in i, i
        if "page" in a:
            assert f"page {a['page']}" in i, i
        if "offset" in a:
            assert (f"skipping the first {a['offset']}" if a["offset"] else "starting at 0") in i, i


@pytest.mark.parametrize("name, value, said", [
    ("return_details", True, "including details"), ("includeArchived", False, "without archived"),
    ("exclude_drafts", True, "without drafts"), ("use_cache", False, "without using cache"),
    ("enable_notifications", True, "with notifications enabled"), ("unread_only", True, "unread only"),
    ("dry_run", True, "as a dry run"), ("recursive", False, "with recursive off"),
])
def test_a_switch_is_said_by_what_it_switches_and_counts_as_stated(name, value, said):
    """`return_details: true` is asked as "including details", not "return details `true`"; the request then
    states the value for the grounding check too."""
    from engines.offline.text import switch
    from evaluation.scenario_checks import unstated_values
    from schemas import Call, Scenario

    assert switch(name, value) == said
    s = Scenario(id="s", title="t", complexity="simple", category="c", instruction=f"List the records, {said}.",
                 novelty_reason="n", follow_up="f", calls=[Call(tool="t", arguments={name: value}, explanation="e")])
    assert unstated_values(s) == []
    assert unstated_values(s.model_copy(update={"instruction": "List the records."}))


def test_an_option_two_calls_were_given_is_named_once_in_what_makes_a_scenario_new():
    from engines.offline.prose import novelty

    said = novelty([], ["rpush"], ["redis"], ["batch_size", "expire", "expire"], random.Random(1))
    assert said.count("`expire`") == 1 and "`batch_size`" in said, said


def test_a_follow_up_asks_about_a_named_figure_not_a_one_letter_field():
    from engines.offline.prose import Step, grounded_follow_up
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="generate_image", functionality="Generate an image", action=Action.create,
                            entity="image", parameters=[{"name": "prompt", "role": "content", "required": True}],
                            required_parameters=["prompt"], use_cases=["x"], tags=["general"], produces=[])
    step = Step("generate_image", it, {"prompt": "a fox"}, ())
    for seed in range(10):
        asked = grounded_follow_up(step, [{"n": 3, "width_px": 1024}], random.Random(seed)) or ""
        assert "a n of" not in asked and " n " not in asked, asked


def test_a_call_whose_verb_would_only_be_run_is_asked_in_its_description_s_words(tmp_path):
    """`say_hello` "Greets a person.": "greet a person with name …", not "run the say hello …"."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    tools = [{"name": "say_hello", "description": "\n    Greets a person.\n    ", "inputSchema": {
        "type": "object", "required": ["name"], "properties": {"name": {"title": "Name", "type": "string"}}}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    said = [s.instruction for s in scenarios]
    assert said and all("greet a person" in t and "run the say hello" not in t for t in said), said


def test_a_tool_nothing_describes_and_no_verb_names_is_asked_for_by_its_name(tmp_path):
    """`revisa` with no description: "use `revisa` with tema …", as someone trying a server out asks, never
    "run the revisa" (a tool name read back as a broken noun)."""
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    tema = {"type": "object", "properties": {"tema": {"type": "string"}}, "required": ["tema"]}
    tools = [{"name": "revisa", "inputSchema": tema}, {"name": "compara", "inputSchema": tema},
             {"name": "list_notes", "description": "List all notes", "inputSchema": {"type": "object"}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    asked = [s for s in scenarios if any(c.tool in ("revisa", "compara") for c in s.calls)]
    assert asked and all("use `revisa`" in s.instruction or "use `compara`" in s.instruction for s in asked)
    assert not any(re.search(r"\brun the (revisa|compara)\b", s.instruction + " ".join(t.user for t in s.turns))
                   for s in scenarios)


def test_a_turn_that_just_quoted_a_value_goes_on_about_it_not_dictating_it_again():
    from engines.offline.prose import as_it

    assert as_it(["read the paper 2403.01234", "download the same paper"], "2403.01234") == \
        ["read it", "download the same paper"]
    assert as_it(["download the paper `paper_30d3e4`"], "paper_30d3e4") == ["download it"]
    assert as_it(["read the school for the student tomaso"], "tomaso") == ["read the school for them"]
    # only where the clause names the record by it once, as a whole value: `311` is no part of `3110`
    assert as_it(["read the pull request 3110"], 311) == ["read the pull request 3110"]
    assert as_it(["compare the pull request 311 with the pull request 311"], 311) == \
        ["compare the pull request 311 with the pull request 311"]


def test_a_turn_after_a_call_on_the_same_record_reacts_to_what_that_call_came_to():
    from engines.offline.prose import acknowledged

    rng = random.Random(3)
    for _ in range(8):
        said = acknowledged({"id": "2403.01234", "status": "completed"}, "2403.01234", rng)
        assert "`2403.01234`" in said and "completed" in said
        # a run's status is not the state of the user it ran for; the value is said all the same
        other = acknowledged({"userId": 5, "status": "completed"}, 5, rng)
        assert "completed" not in other and "`5`" in other


def test_the_turn_after_a_record_was_read_goes_on_from_that_read_not_from_where_its_id_was_seen(tmp_path):
    import json

    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    pid = {"type": "object", "properties": {"paper_id": {"type": "string"}}, "required": ["paper_id"]}
    tools = [{"name": "list_papers", "description": "List all stored papers", "inputSchema": {"type": "object"}},
             {"name": "read_paper", "description": "Read the full content of a stored paper", "inputSchema": pid},
             {"name": "download_paper", "description": "Download a paper", "inputSchema": pid}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    # after the paper was read, the next turn goes on from that read, not from where its ID was first seen
    after_read = [s.turns[2].user for s in scenarios if len(s.turns) == 3 and s.turns[1].calls == [1]
                  and [c.tool for c in s.calls] == ["list_papers", "read_paper", "download_paper"]]
    assert after_read and not any(re.search(r"the paper (list|details)", t) for t in after_read), after_read


def test_a_follow_up_on_a_querys_rows_asks_about_the_row_on_top():
    from engines.offline.prose import rows_follow_up

    rng = random.Random(2)
    counted = {"columns": ["status", "total"], "rows": [{"status": "open", "total": 312}, {"status": "closed", "total": 40}],
               "row_count": 2}
    for _ in range(4):
        asked = rows_follow_up([counted], rng)
        assert "`open`" in asked and "312" in asked and "312 total" not in asked, asked
    assert rows_follow_up([{"columns": ["p.name"], "rows": [], "row_count": 0}], rng) == "Why did that come back empty?"
    assert "`Ana Ruiz`" in rows_follow_up([{"columns": ["p.name"], "rows": [{"p.name": "Ana Ruiz"}]}], rng)
    assert rows_follow_up([{"id": 4, "status": "open"}], rng) is None  # no rows: no question about them


def test_no_follow_up_asks_about_the_state_of_what_was_just_deleted():
    from engines.offline.prose import Step, follow_up, grounded_follow_up
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="delete_index", functionality="Delete an index", action=Action.delete,
                            entity="index", parameters=[{"name": "indexName", "role": "identifier", "entity": "index",
                                                         "required": True}],
                            required_parameters=["indexName"], use_cases=["x"], tags=["general"], produces=[])
    step = Step("delete_index", it, {"indexName": "menus"}, ())
    shown = [{"name": "menus", "status": "ScalingDown", "dimension": 1536}]
    for seed in range(10):
        assert grounded_follow_up(step, shown, random.Random(seed)) is None
        assert "scaling" not in follow_up(step, random.Random(seed), shown).lower()


def test_a_cap_on_how_many_come_back_is_not_said_in_the_place_of_a_noun():
    from engines.offline.own_words import stated_action
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="search_trials_by_acronym", functionality="Search clinical trials by study acronym",
                            action=Action.search, entity="trial", parameters=[
                                {"name": "acronyms", "role": "other", "required": True},
                                {"name": "max_studies", "role": "pagination", "required": False}],
                            required_parameters=["acronyms"], use_cases=["x"], tags=["general"], produces=[])
    said, used = stated_action(it, {"acronyms": ["TETON"], "max_studies": 10})
    assert "10" not in (said or "") and "max_studies" not in used


def test_a_random_getter_is_asked_to_pick_one():
    """`random-pokemon-by-type(type=water)`: "pick a random pokemon with type water", not "read the pokemon"."""
    from engines.offline import prose
    from engines.offline.interpret import interpret_tool
    from schemas import Tool

    tool = Tool(name="random-pokemon-by-type", description="Get a random Pokémon of a specific type", spec="s",
                input_schema={"type": "object", "properties": {"type": {"type": "string"}}, "required": ["type"]})
    said = prose.clause(prose.Step(tool.name, interpret_tool(tool), {"type": "water"}, ()), [], {})
    assert said.startswith("pick a random pokemon") and "water" in said, said


def test_a_point_is_said_where_it_is_not_as_two_parameters():
    """`get-forecast(latitude=37.5665, longitude=126.978)` "Get weather forecast for a location": "get weather
    forecast at Seoul (37.5665, 126.978)", not "… for a location with latitude 37.5665 and longitude 126.978"; a
    point no known city is at is said as its two numbers."""
    from engines.offline import prose
    from engines.offline.interpret import interpret_tool
    from schemas import Tool

    point = {"latitude": {"type": "number"}, "longitude": {"type": "number"}}
    tool = Tool(name="get-forecast", description="Get weather forecast for a location", spec="s",
                input_schema={"type": "object", "properties": point, "required": ["latitude", "longitude"]})
    it = interpret_tool(tool)
    said = prose.clause(prose.Step(tool.name, it, {"latitude": 37.5665, "longitude": 126.978}, ()), [], {})
    assert "at Seoul (37.5665, 126.978)" in said and "latitude" not in said and "a location" not in said, said
    said = prose.clause(prose.Step(tool.name, it, {"latitude": 12.5, "longitude": 45.25}, ()), [], {})
    assert "at 12.5, 45.25" in said and "latitude" not in said, said


def test_a_state_switch_is_a_listing_s_filter_and_what_a_write_makes_the_record(tmp_path):
    """`isCompleted: false` on a listing is asked as "not completed", `archived: true` on an update as "marked
    archived", never "with is completed off"; the grounding check reads both forms."""
    import json

    from actors.local import generate_local
    from evaluation.scenario_checks import unstated_values
    from schemas import RunConfig
    from specs import load_suite

    flag = {"type": "boolean", "description": "Filter by completion status"}
    tools = [{"name": "list_tasks", "description": "List the tasks.",
              "inputSchema": {"type": "object", "properties": {"isCompleted": flag}, "required": ["isCompleted"]}},
             {"name": "update_task", "description": "Update a task.",
              "inputSchema": {"type": "object", "properties": {"taskId": {"type": "string"}, "archived": {
                  "type": "boolean"}}, "required": ["taskId", "archived"]}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    said = {"list_tasks": {True: "completed only", False: "not completed"},
            "update_task": {True: "marked archived", False: "marked not archived"}}
    seen = set()
    for s in scenarios:
        assert unstated_values(s) == [], s.instruction
        assert not re.search(r"\bwith (?:is completed|archived) (?:on|off)\b", s.instruction), s.instruction
        for c in s.calls:
            value = c.arguments["isCompleted" if c.tool == "list_tasks" else "archived"]
            assert said[c.tool][value] in s.instruction, s.instruction
            seen.add((c.tool, value))
    assert {t for t, _ in seen} == {"list_tasks", "update_task"}


def test_a_turn_after_a_create_says_what_the_new_record_shows():
    """"Done: `r1` is there (queued, branch main)." where the created record showed anything, not only its ID."""
    from engines.offline.prose import lead

    for seed in range(6):
        said = lead("r1", "the run you created", random.Random(seed), used=True, made=True, shown="queued, branch main")
        assert "`r1`" in said and "queued, branch main" in said, said
        bare = lead("r1", "the run you created", random.Random(seed), used=True, made=True)
        assert "`r1`" in bare and "None" not in bare, bare

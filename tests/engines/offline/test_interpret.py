import pytest

from schemas import Action, ParameterRole


def _it(pipeline, spec, tool):
    return pipeline(spec).interpretations[tool]


def _role(it, name):
    return next(p for p in it.parameters if p.name == name)


def test_git_commit_creates_a_commit(pipeline):
    for spec in ("git", "git-reference"):
        it = _it(pipeline, spec, "git_commit")
        assert (it.action, it.entity) == (Action.create, "commit")
        assert _role(it, "message").role is ParameterRole.content


def test_read_text_file_reads_a_file_named_by_path(pipeline):
    it = _it(pipeline, "filesystem", "read_text_file")
    assert (it.action, it.entity) == (Action.read, "file")
    path = _role(it, "path")
    assert path.role is ParameterRole.identifier and path.entity == "file" and path.required
    assert it.required_parameters == ["path"]
    assert "filesystem" in it.tags


def test_redis_set_and_hset_take_an_expiration_option(pipeline):
    its = pipeline("redis").interpretations
    assert _role(its["set"], "expiration").role is ParameterRole.option
    assert _role(its["hset"], "expire_seconds").role is ParameterRole.option
    assert its["set"].action is Action.create and its["delete"].action is Action.delete
    assert _role(its["set"], "key").role is ParameterRole.identifier


def test_repository_paths_are_suite_context(pipeline):
    assert _role(_it(pipeline, "git-reference", "git_status"), "repo_path").role is ParameterRole.context
    assert _role(_it(pipeline, "git", "git_log"), "path").role is ParameterRole.context
    assert _role(_it(pipeline, "github", "create_issue"), "owner").role is ParameterRole.context


def test_list_and_delete_and_pagination(pipeline):
    its = pipeline("filesystem").interpretations
    assert its["list_directory"].action is Action.list and "file" in its["list_directory"].produces
    # the directories the server may access are directories: no file path is taken from that listing
    assert its["list_allowed_directories"].produces == ["directory"]
    assert its["move_file"].action is Action.update
    assert _role(its["move_file"], "destination").role is ParameterRole.target
    gh = pipeline("github").interpretations
    assert _role(gh["list_issues"], "perPage").role is ParameterRole.pagination
    assert gh["delete_file"].action is Action.delete


def test_every_tool_of_every_spec_gets_a_complete_interpretation(pipeline):
    from tests.conftest import DEV_SPECS
    names = sorted(p.stem for p in DEV_SPECS.glob("*.json"))
    assert len(names) >= 19
    total = 0
    for name in names:
        pipe = pipeline(name)
        for tool in pipe.suite.tools:
            it = pipe.interpretations[tool.name]
            total += 1
            assert it.entity and it.tags and 1 <= len(it.use_cases) <= 4
            assert {p.name for p in it.parameters} == set(tool.input_schema.get("properties") or {})
            assert set(it.required_parameters) == set(tool.input_schema.get("required") or [])
    assert total >= 950


def test_the_path_a_search_runs_in_is_a_directory(pipeline):
    # the real filesystem server answers ENOTDIR when search_files is given a file (seer verify)
    its = pipeline("filesystem").interpretations
    assert _role(its["search_files"], "path").entity == "directory"
    assert _role(its["read_text_file"], "path").entity == "file"


def test_staging_files_updates_existing_files_instead_of_creating_them(pipeline):
    # with git_add read as a create, scenarios staged files nobody had written (seer verify: git exit 128)
    its = pipeline("git-reference").interpretations
    assert its["git_add"].action is Action.update
    assert its["git_commit"].action is Action.create


def test_an_enum_naming_one_of_a_closed_set_of_things_is_an_identifier_but_a_style_is_an_option(pipeline):
    from engines.offline.roles import param_role
    app = {"type": "string", "enum": ["photoshop", "illustrator"], "description": "Adobe application to check"}
    assert param_role("app", app, Action.read) is ParameterRole.identifier
    assert _role(_it(pipeline, "illustrator", "set_workflow"), "workflow").role is ParameterRole.option
    assert _role(_it(pipeline, "illustrator", "create_crop_marks"), "style").role is ParameterRole.option


def _interpret(name: str, description: str = "", props: dict | None = None, annotations: dict | None = None,
               req: tuple[str, ...] = ()):
    from engines.offline.interpret import interpret_tool
    from schemas import Tool

    return interpret_tool(Tool(name=name, description=description, spec="s", annotations=annotations,
                               input_schema={"type": "object", "properties": props or {}, "required": list(req)}))


def test_a_getter_of_a_plural_noun_lists_and_a_bare_noun_reads():
    assert _interpret("get_players", "", {"sport": {"type": "string"}}).action is Action.list
    assert _interpret("getAllWorkspaces").action is Action.list
    for one in ("get_player", "get_news", "get_details", "get_status", "get_player_stats"):
        assert _interpret(one).action is Action.read, one
    # a tool named by a noun alone answers with that thing; it does not "run the education"
    assert _interpret("education", "Anirudh's education.").action is Action.read
    assert _interpret("favorite_movies", "").action is Action.read
    assert _interpret("purge", "", annotations={"destructiveHint": True}).action is not Action.read
    # an unknown verb that acts on something it is given is not a read; known moderation verbs change state
    assert _interpret("frobnicate_widget", "", {"widget_id": {"type": "string"}}, req=("widget_id",)).action is Action.execute
    for name in ("kick_member", "acknowledge_alert", "unpin_message", "archive_cards"):
        assert _interpret(name, "", {"id": {"type": "string"}}).action is Action.update, name


def test_a_nullable_flag_is_an_option_and_a_moment_a_filter_whatever_they_are_named():
    """OpenAPI 3.1 writes nullable types as `["boolean", "null"]`: `hasUserId` is a flag, not a user's ID; and
    `minDateLastSavedForUser` (a date-time) narrows a listing, it names no user."""
    from engines.offline.roles import param_role, schema_type

    assert schema_type({"type": ["boolean", "null"]}) == {"boolean"}
    assert param_role("hasUserId", {"type": ["boolean", "null"]}, Action.list) is ParameterRole.option
    items = {"type": ["array", "null"], "items": {"type": "object", "properties": {"Id": {"type": "string"}}}}
    assert param_role("ArtistItems", items, Action.update) is ParameterRole.content
    moment = {"type": ["string", "null"], "format": "date-time"}
    assert param_role("minDateLastSavedForUser", moment, Action.list) is ParameterRole.filter


@pytest.mark.parametrize("name,description,action", [
    ("get_table_list", "List all tables in the specified database.", "list"),
    ("getUserList", "Get the users of the account.", "list"),
    ("getCardByList", "Get a card by list ID.", "read"),  # "by list" names the criterion, not the result
    ("getCardsByList", "Get cards by list ID.", "list"),  # (many cards, whatever they are found by)
    ("get_users_by_email", "Get users by e-mail address.", "list"),
    ("fetch_news_headlines_by_query", "Fetch news headlines by query.", "search"),
    ("get_user_by_id", "Get a user by ID.", "read"),
    ("get_email_list", "Get details of a specific email list.", "read"),
    ("get_stations_near", "Get a list of stations within a radius from a location.", "list"),
    ("GroceryList_DeleteItemByGuid", "Delete an item from the grocery list.", "delete"),  # the list is the owner
    ("GroceryList_AddItem", "Add an item to the grocery list.", "create"),
])
def test_a_getter_named_for_a_list_of_things_lists_them(name, description, action):
    assert _interpret(name, description).action.value == action


def test_things_found_near_a_place_are_those_things():
    assert _interpret("get_stations_near", "Get stations within a radius.").entity == "station"
    assert _interpret("find_restaurants_near_location", "Find restaurants.").entity == "restaurant"


@pytest.mark.parametrize("name, props, action, entity, owner", [
    ("getSchoolsForDistrict", {"id": {"type": "string"}}, Action.list, "school", "district"),
    ("getDistrictForSchool", {"id": {"type": "string"}}, Action.read, "district", "school"),
    ("listConnectionsForWorkspace", {"workspaceId": {"type": "string"}}, Action.list, "connection", "workspace"),
    ("get_comments_for_issue", {"issue_id": {"type": "string"}}, Action.list, "comment", "issue"),
])
def test_things_for_an_owner_are_those_things_and_the_id_names_the_owner(name, props, action, entity, owner):
    """`getSchoolsForDistrict(id)` lists schools of the district `id` names, not a `school_district` read by
    its own ID; `getDistrictForSchool(id)` reads the district of a school."""
    it = _interpret(name, "", props)
    assert (it.action, it.entity) == (action, entity)
    assert [p.entity for p in it.parameters if p.role is ParameterRole.identifier] == [owner]


def test_a_name_with_of_and_no_owner_parameter_keeps_its_words():
    assert _interpret("getWordOfTheDay", "", {"date": {"type": "string"}}).entity != "word"
    assert _interpret("getPasswordForgotten", "", {"email": {"type": "string"}}).entity == "password_forgotten"


def test_a_kind_the_description_qualifies_is_read_with_its_qualifier():
    """"Get historical weather observations": the records are weather observations (with temperatures and
    conditions), not bare `observation`s nothing is known of; a qualifier that names no known kind is left out."""
    assert _interpret("get_historical_observations", "Get historical weather observations for a station.").entity \
        == "weather_observation"
    assert _interpret("list_entries", "List journal entries.").entity == "entry"


def test_a_search_named_by_its_verb_finds_what_its_description_says_and_a_run_together_name_is_split():
    found = _interpret("search", "Searches for flights. Use this tool only for new searches.",
                       {"session_id": {"type": "string"}, "to_airport": {"type": "string"}}, req=("session_id",))
    assert found.entity == "flight"
    assert _interpret("getsession", "Starts a unique session on the server.").entity == "session"
    # (split into `send` + `offer`; "a flight offer" then names the known kind before it, as "weather observations")
    assert _interpret("sendoffer", "Sends a flight offer to the customer by e-mail.").entity == "flight_offer"
    assert _interpret("devicelist", "Lists the devices.").entity != "list"  # no verb at its start: as it is


def test_what_a_tool_gets_from_a_source_is_its_kind_not_the_source():
    alerts = _interpret("get_alerts_from_pcap_file", "Processes a PCAP file with Suricata and returns the alerts.",
                        {"pcap_file": {"type": "string"}}, req=("pcap_file",))
    assert (alerts.entity, alerts.action) == ("alert", Action.list)
    assert _interpret("get_text_from_image").entity == "text"
    assert _interpret("unsubscribe_from_list").entity != "from"


def test_what_a_conversion_is_into_is_an_option_and_a_request_says_the_tool_s_task_without_its_pitch():
    from engines.offline.own_words import described_action

    it = _interpret("text-translation", "Translate text quickly and easily with JigsawStack, we support 180+ pairs.",
                    {"text": {"type": "string"}, "target_language": {"type": "string"},
                     "output_format": {"type": "string"}}, req=("text", "target_language"))
    roles = {p.name: p.role for p in it.parameters}
    assert roles["target_language"] is ParameterRole.option and roles["output_format"] is ParameterRole.option
    assert described_action(it) == "translate text"
    moved = _interpret("move_file", "Move a file.", {"source": {"type": "string"}, "destination": {"type": "string"}})
    assert {p.name: p.role for p in moved.parameters}["destination"] is ParameterRole.target  # a place stays one


@pytest.mark.parametrize("name, props, action, entity", [
    ("logs-time-range", {"startTime": {"type": "string"}, "endTime": {"type": "string"}}, Action.list, "log"),
    ("natural-language-trace-query", {"query": {"type": "string"}}, Action.search, "trace"),
    ("natural-language-metrics-query", {"query": {"type": "string"}}, Action.search, "metric"),
    ("traces", {"limit": {"type": "integer"}}, Action.list, "trace"),
    ("papers-search-basic", {"query": {"type": "string"}}, Action.search, "paper"),  # (a basic search of papers)
    ("paper-search-advanced", {"query": {"type": "string"}}, Action.search, "paper"),
])
def test_how_a_tool_is_asked_or_over_what_span_is_no_kind(name, props, action, entity):
    """`natural language` and `time range` say how a tool is asked or over what span, not what it works on;
    a name that is one plural noun lists those things; `trace_query` ends on its verb."""
    it = _interpret(name, "", props, req=tuple(props))
    assert (it.action, it.entity) == (action, entity)


def test_the_thing_made_or_listed_is_the_one_named_before_the_verb_or_in_the_description():
    """`service_create_from_image` makes a service (from an image); `project_environments` "List all
    environments in a project" lists environments; `targetPort` is the number a domain is set to."""
    s = {"type": "string"}
    made = _interpret("service_create_from_image", "Create a new service from a Docker image.",
                      {"image": s, "projectId": s}, req=("image", "projectId"))
    assert (made.action, made.entity) == (Action.create, "service")
    listed = _interpret("project_environments", "List all environments in a project.", {"projectId": s}, req=("projectId",))
    assert (listed.action, listed.entity) == (Action.list, "environment")
    port = _interpret("domain_update", "Update a domain's configuration.",
                      {"id": s, "targetPort": {"type": "number"}}, req=("id", "targetPort"))
    assert _role(port, "targetPort").role is ParameterRole.content


def test_a_crypto_token_s_name_is_no_secret():
    """`tokenName`/`token_address` say which token; `access_token`, `refresh_token` and a bare `token` are secrets."""
    from engines.offline.roles import param_role

    s = {"type": "string"}
    for name in ("tokenName", "tokenTicker", "token_address"):
        assert param_role(name, s, Action.read) is not ParameterRole.credential, name
    for name in ("token", "access_token", "refresh_token", "token_secret_name"):
        assert param_role(name, s, Action.read) is ParameterRole.credential, name


@pytest.mark.parametrize("name, description, action, entity", [
    ("install-app", "Install an app", Action.create, "app"),
    ("terminate-simulator-session", "Terminate a simulator session", Action.delete, "simulator_session"),
    ("detect_language", "Detect the language of a text", Action.analyze, "language"),
    ("register_webhook", "Register a webhook", Action.create, "webhook"),
    ("detect", "MCP Tool: Detect language of the input text.", Action.analyze, "language"),  # (after its label)
    ("discover-attributes", "Discover attributes", Action.list, "attribute"),
])
def test_a_verb_a_tool_name_opens_with_is_no_part_of_its_thing(name, description, action, entity):
    """`install_app` installs an app; it does not act on an "install_app"."""
    it = _interpret(name, description, {"id": {"type": "string"}}, req=("id",))
    assert (it.action, it.entity) == (action, entity)


@pytest.mark.parametrize("name, description, action, entity", [
    ("get_latest_from_category", "Gets the most recently submitted papers from a specific arXiv category.",
     Action.list, "paper"),
    ("fetch_recent_in_channel", "Fetch recent messages in a Slack channel", Action.list, "message"),
    ("RemoveFromPlaylist", "Removes items from a playlist.", Action.delete, "item"),
    # "resolve X to Y" looks Y up; "resolve an incident" closes one
    ("resolve-name", "Resolve an ENS name to an Ethereum address", Action.read, "name"),
    ("resolve_incident", "Resolve an incident", Action.update, "incident"),
])
def test_a_name_that_says_only_which_ones_and_where_from_acts_on_what_its_description_names(name, description,
                                                                                             action, entity):
    """`get_latest_from_category` lists the papers its description names, not a record called "latest";
    `RemoveFromPlaylist` removes items, it does not delete the playlist."""
    it = _interpret(name, description, {"category": {"type": "string"}})
    assert (it.action, it.entity) == (action, entity)


@pytest.mark.parametrize("name, entity", [
    ("get analytics child content published", "child_content"),
    ("get_shared_drives", "drive"),
    ("get_completed_tasks", "task"),
])
def test_what_was_done_to_a_thing_is_no_part_of_its_kind(name, entity):
    """`get analytics content published` is about content: a verb's past participle names no thing."""
    assert _interpret(name).entity == entity


def test_a_product_s_name_is_not_what_its_tool_works_on_the_description_s_object_is():
    """`qdrant_retrieve` "Retrieves semantically similar documents from … collections based on multiple queries":
    documents, searched for; a word no dictionary knows (`qdrant`) names the product."""
    queries = {"query": {"type": "array", "items": {"type": "string"}}, "collectionNames": {"type": "array"}}
    it = _interpret("qdrant_retrieve", "Retrieves semantically similar documents from multiple Qdrant vector store "
                    "collections based on multiple queries", queries)
    assert (it.action, it.entity) == (Action.search, "document")
    # a word the dictionary knows keeps its sense: a canvas is what `canvas_get` reads
    it = _interpret("canvas_get", "Get the current canvas as a PNG image")
    assert it.entity == "canvas"


def test_the_text_a_search_is_given_is_what_it_looks_for():
    import random

    from engines.offline.roles import param_role
    from engines.offline.values import ValueGenerator
    from engines.offline.world import make_org
    from schemas import Action, ParameterRole

    assert param_role("text", {"type": "string"}, Action.search) is ParameterRole.filter
    assert param_role("text", {"type": "string"}, Action.create) is not ParameterRole.filter  # a message's text
    for seed in range(8):
        said = ValueGenerator(make_org(seed), random.Random(seed)).value({"type": "string"}, name="text", role="filter")
        assert not said.endswith(("?", ".")) and len(said.split()) <= 4, said  # a few words, not a chat message


def test_a_tool_named_without_a_verb_is_about_what_comes_before_its_by_or_from():
    """`random-pokemon-from-region` gets a pokemon (the region is where it is from), as `get_pokemon_from_region`
    would; `random-pokemon-by-type` too."""
    region = {"region": {"type": "string", "description": "The region (e.g., kanto, johto, hoenn, etc.)"}}
    assert _interpret("random-pokemon-from-region", "Get a random Pokémon from a specific region", region,
                      req=("region",)).entity == "pokemon"
    assert _interpret("random-pokemon-by-type", "Get a random Pokémon of a specific type",
                      {"type": {"type": "string"}}, req=("type",)).entity == "pokemon"

"""Tools that declare no output and whose kind no other tool describes still answer with the fields
records of that kind carry (an article's title and source, a forecast's temperature), and a search's
hits are about what was searched for, scored by rank."""

from __future__ import annotations

import json
import re

from engines.offline import kind_fields, kinds
from engines.offline.pipeline import Pipeline, cover_suite
from engines.offline.spec_org import org_for
from evaluation import scenario_checks as q
from specs import load_suite


def _tool(name: str, description: str, props: dict, required: list[str] = ()) -> dict:
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": props, "required": list(required)}}


NEWS = [
    _tool("search_news", "Search recent news articles by keyword.", {"keyword": {"type": "string"}}, ["keyword"]),
    _tool("get_forecast", "Get the weather forecast for a city.", {"city": {"type": "string"}}, ["city"]),
    _tool("get_coin", "Get a cryptocurrency by its symbol.", {"symbol": {"type": "string"}}, ["symbol"]),
]


def _outputs(tmp_path, tools: list[dict], tool: str) -> list[tuple[dict, list[dict]]]:
    path = tmp_path / "spec.json"
    path.write_text(json.dumps({"tools": tools}))
    pipe = Pipeline(load_suite([path]))
    return [(c.arguments, q.output_objects(c.output, max_depth=2)) for seed in range(3)
            for s in cover_suite(pipe, seed)[0] for c in s.calls if c.tool == tool]


def test_search_hits_are_about_the_query_and_scored_by_rank(tmp_path):
    calls = _outputs(tmp_path, NEWS, "search_news")
    assert calls
    for args, objects in calls:
        hits = [o for o in objects if "score" in o]
        assert len(hits) >= 2, objects  # a search finds more than the one thing the workflow is after
        assert len({h["id"] for h in hits}) == len(hits)
        scores = [h["score"] for h in hits]
        assert scores == sorted(scores, reverse=True) and all(0 < s <= 1 for s in scores)
        for hit in hits:  # an article: its title is about the keyword, its link on the outlet's own site
            assert args["keyword"].lower() in hit["title"].lower(), hit
            assert {"source", "published_at", "url"} <= set(hit), hit
            assert hit["url"].split("/")[2].endswith(kinds.outlet_site(hit["source"])), hit


def test_a_forecast_and_a_coin_carry_the_fields_of_their_kind(tmp_path):
    forecasts = [o for _, objs in _outputs(tmp_path, NEWS, "get_forecast") for o in objs]
    days = [d for o in forecasts for d in o.get("days", [])]
    assert days and all(-60 < d["low_c"] < d["high_c"] < 60 and d["conditions"] for d in days)
    coins = [o for _, objs in _outputs(tmp_path, NEWS, "get_coin") for o in objs]
    assert coins and all(o["market_cap_usd"] > 1_000_000 and o["price_usd"] > 0 for o in coins)


def test_the_spec_s_own_fields_win_over_the_common_kind(tmp_path):
    tools = NEWS + [_tool("create_article", "Publish an article.",
                          {"headline": {"type": "string"}, "section": {"type": "string", "enum": ["sport", "arts"]}}),
                    _tool("get_article", "Get an article.", {"article_id": {"type": "string"}}, ["article_id"])]
    reads = [o for _, objs in _outputs(tmp_path, tools, "get_article") for o in objs]
    assert reads
    for rec in reads:
        assert "section" in rec and "source" not in rec, rec


def test_a_common_record_is_the_same_for_the_same_key_and_counts_span_magnitudes():
    org = org_for(5)
    one = kinds.record("video", org, "5:video:v1", "river cleanup")
    assert one == kinds.record("video", org, "5:video:v1", "river cleanup")
    views = {kinds.record("video", org, f"5:video:v{i}", "river cleanup")["views"] for i in range(40)}
    assert min(views) < 10_000 < max(views)
    assert kinds.fields_of("live temp") is kinds.fields_of("forecast")
    assert kinds.fields_of("widget frobnicator") is None


def test_a_clock_reads_now_and_a_duration_named_time_is_no_clock():
    org = org_for(5)
    assert kinds.fields_of("current time") is kinds.fields_of("datetime") is kinds.fields_of("time") is not None
    assert kinds.fields_of("lap time") is None and kinds.fields_of("response time") is None
    now = kinds.record("current_time", org, "5:current_time:x", "Asia/Tokyo")
    assert now["timezone"] == "Asia/Tokyo" and now["datetime"].startswith("2026-03-16T") and now["datetime"].endswith("+09:00")


def test_a_search_of_public_sources_asks_about_the_world_not_the_organisation(tmp_path):
    from engines.offline.values_vocab import PUBLIC_TOPICS

    calls = _outputs(tmp_path, NEWS, "search_news")
    assert calls and all(args["keyword"] in PUBLIC_TOPICS for args, _ in calls)
    for args, _ in calls:
        org = org_for(0)
        assert not any(noun in args["keyword"] for noun in org.nouns)


TRANSIT = [
    _tool("station_transfers", "Find all train line transfer options at a subway station, with walking times.",
          {"station": {"type": "string", "description": "Station name"}}, ["station"]),
    _tool("service_status", "Service status with delays, crowding levels and on-time rates for each train line.",
          {"line": {"type": "string", "description": "Train line"}}),
    _tool("subway_alerts", "Service alerts with affected stations, impact analysis and estimated resolution times.",
          {"severity": {"type": "string", "enum": ["CRITICAL", "WARNING", "INFO"]}}, ["severity"]),
    _tool("find_station", "Search subway stations by name, with accessibility information and nearby amenities.",
          {"query": {"type": "string"}}, ["query"]),
    _tool("next_trains", "Real-time train arrivals at a station with delay predictions and crowding levels.",
          {"station": {"type": "string", "description": "Station name"}}, ["station"]),
    _tool("line_timetable", "Timetable of a train line: first and last trains, frequency and platform at each "
          "station, accessibility and amenity changes.", {"line": {"type": "string", "description": "Train line"}}),
    _tool("station_amenities", "Amenities and accessibility of a station: elevators, platform access, restrooms.",
          {"station": {"type": "string", "description": "Station name"}}, ["station"]),
]


def test_a_word_of_two_senses_borrows_no_other_domain_s_fields(tmp_path):
    """A subway's station transfers are no payments and its service status no cloud server: a kind whose
    words name two kinds, or a software kind in a spec not about software, borrows fields only where the
    spec speaks of them. An unambiguous kind (a weather forecast) still gets its own."""
    said = lambda field: False  # noqa: E731
    assert not kinds.borrowable("station_transfer", said) and not kinds.borrowable("service", said, technical=False)
    assert kinds.borrowable("weather", said) and kinds.borrowable("service", said, technical=True)
    assert kinds.borrowable("station_transfer", lambda f: f == "amount")  # a spec that speaks of amounts
    objects = [o for name in ("station_transfers", "service_status") for _, objs in _outputs(tmp_path, TRANSIT, name)
               for o in objs]
    assert objects and not any({"amount", "currency", "region"} & set(o) for o in objects), objects


def test_a_filter_the_call_was_made_with_is_what_the_answer_shows(tmp_path):
    calls = [(a, objs) for a, objs in _outputs(tmp_path, TRANSIT, "subway_alerts") if "severity" in a]
    assert calls
    for args, objects in calls:
        assert all(o.get("severity", args["severity"]) == args["severity"] for o in objects), (args, objects)


def test_a_search_for_places_finds_places_not_articles_about_them(tmp_path):
    calls = _outputs(tmp_path, TRANSIT, "find_station")
    assert calls
    for _, objects in calls:
        hits = [o for o in objects if "score" in o]
        assert hits and not any("snippet" in h or str(h.get("title", "")).endswith("an overview") for h in hits), hits


def test_a_record_nothing_else_describes_has_the_fields_its_tool_s_description_lists(tmp_path):
    """"Service disruptions with impact analysis, alternative routes and estimated resolution times": with no
    declared output and no known kind, that is what the answer holds, each valued by what it is."""
    from engines.offline.listed import listed_fields
    assert listed_fields("Real-time arrivals with delay predictions, crowding levels, and service alerts.") == \
        ("delay_predictions", "crowding_levels", "service_alerts")
    assert listed_fields("Returns the user's profile including name, email, and avatar URL.") == \
        ("name", "email", "avatar_url")
    assert listed_fields("Search repositories with filters, sorting and pagination.") == ()  # how, not what
    assert listed_fields("Get workout data with optional date range and limit") == ()  # what it is given
    assert listed_fields("Get sleep data with date range and limit") == ()
    # kinds of one thing a verb lists before it: one field each ("Create, update, or delete tasks" lists acts)
    assert listed_fields("Returns current, minimum and maximum temperatures for a city") == \
        ("current_temperature", "minimum_temperature", "maximum_temperature")
    assert listed_fields("Create, update, or delete tasks") == ()
    tools = TRANSIT + [_tool("service_disruptions", "Service disruptions with impact analysis, alternative routes, "
                             "crowding levels and estimated resolution times.", {})]
    records = [o for _, objs in _outputs(tmp_path, tools, "service_disruptions") for o in objs]
    assert records
    for rec in records:
        assert {"impact_analysis", "alternative_routes", "crowding_levels", "estimated_resolution_times"} <= set(rec)
        assert isinstance(rec["alternative_routes"], list) and rec["crowding_levels"] in ("low", "moderate", "high")


def test_a_tool_that_summarises_or_repairs_a_text_answers_with_the_text_it_made(tmp_path):
    text = {"input_text": {"type": "string", "description": "The transcript text to process"}}
    tools = [_tool("repair_text", "Repair a raw transcript.", text, ["input_text"]),
             _tool("summarize_text", "Summarize a transcript.", text, ["input_text"]),
             _tool("format_transcript", "Format a transcript into lines.", text, ["input_text"])]
    made = {"repair_text": "repaired_text", "summarize_text": "summary", "format_transcript": "formatted_text"}
    for name, field in made.items():
        calls = _outputs(tmp_path, tools, name)
        assert calls
        for args, objects in calls:
            rec = objects[0]
            assert field in rec and "input_text" not in rec, rec  # the result, not an echo of the input
            first = args["input_text"].split()[0].rstrip(".,;:")
            assert first.lower() in rec[field].lower(), (args, rec)
    summaries = [objs[0]["summary"] for a, objs in _outputs(tmp_path, tools, "summarize_text")]
    assert all(len(s.split()) <= 13 for s in summaries)


def test_a_listing_by_country_shows_records_of_that_country(tmp_path):
    tools = [_tool("search_stations_by_country_code", "Search radio stations by country code.",
                   {"country_code": {"type": "string", "description": "ISO country code, e.g. IN"}}, ["country_code"]),
             _tool("get_station", "Get a station.", {"station_id": {"type": "string"}}, ["station_id"])]
    calls = _outputs(tmp_path, tools, "search_stations_by_country_code")
    assert calls
    for args, objects in calls:
        rows = [o for o in objects if "score" in o]
        assert rows and all(r.get("country", args["country_code"]) == args["country_code"] for r in rows), rows


def test_a_kind_word_with_two_senses_borrows_its_fields_only_where_the_spec_means_that_sense():
    from engines.offline import kinds

    weather = {"weather", "city"}
    assert kinds.borrowable("forecast", lambda n: all(w in weather for w in n.split("_")))
    assert kinds.borrowable("weather_forecast", lambda n: False)
    assert not kinds.borrowable("forecast", lambda n: False)  # a statistics spec's forecast is no weather
    assert not kinds.borrowable("block", lambda n: False)  # a page's block is no blockchain block
    # a train's or a concert's ticket is no support ticket; a help desk's, whose spec speaks of priorities, is
    assert not kinds.borrowable("ticket", lambda n: n in {"station", "date", "train"})
    assert kinds.borrowable("ticket", lambda n: n in {"priority", "status"})
    # an API gateway's route is no trip; a directions spec's, whose text speaks of distance and duration, is
    assert not kinds.borrowable("route", lambda n: n in {"path", "service", "host"})
    assert kinds.borrowable("route", lambda n: all(w in {"distance", "duration", "minutes"} for w in n.split("_")))
    # a swap's quote is no stock quote; a market spec's, which speaks of volume and change, is
    assert not kinds.borrowable("quote", lambda n: n in {"amount", "asset", "slippage"})
    assert kinds.borrowable("quote", lambda n: all(w in {"price", "volume", "change", "percent"} for w in n.split("_")))
    # a machine's status is how it is now; a job's is how far it has got
    assert set(kinds.fields_of("machine status")) == set(kinds.fields_of("status")) and \
        "progress_percent" not in kinds.fields_of("status")
    assert "progress_percent" in kinds.fields_of("export status") and "progress_percent" in kinds.fields_of("progress")
    # a game's card search speaks of its query and the cards' type: no BI card's display and query type
    assert not kinds.borrowable("card", lambda n: all(w in {"query", "type", "card"} for w in n.split("_")))


def test_a_listing_filtered_by_a_place_or_a_day_shows_things_there_on_that_day(tmp_path):
    spec = [_tool("search_trains", "Find trains between two stations on a day.",
                  {"from_station": {"type": "string"}, "to_station": {"type": "string"}, "date": {"type": "string"}},
                  ["from_station", "to_station", "date"])]
    found = [(args, objs) for args, objs in _outputs(tmp_path, spec, "search_trains")]
    assert found
    for args, objs in found:
        rows = [o for o in objs if "score" in o or "id" in o or "name" in o]
        assert rows and all(o.get("date") == args["date"] and o.get("to_station") == args["to_station"] for o in rows)


OBSERVABILITY = [
    _tool("query-logs", "", {"filter": {"type": "string"}}, ["filter"]),
    _tool("query-metrics", "", {"filter": {"type": "string"}, "startTime": {"type": "string"}}, ["filter"]),
    _tool("list-traces", "", {"projectId": {"type": "string"}}, ["projectId"]),
]


def test_logs_metrics_and_traces_read_like_what_a_service_records(tmp_path):
    """A log line found has a level that fits its message and no article's title; a metric is a series in its
    own unit; a trace has a service and a duration. None of them was observed after now."""
    logs = [o for _, objs in _outputs(tmp_path, OBSERVABILITY, "query-logs") for o in objs if "message" in o]
    assert logs and all("title" not in o and "snippet" not in o and o["service"] for o in logs)
    assert all(o["level"] == ("error" if "503" in o["message"] or "refused" in o["message"] else
                              "warning" if "retrying" in o["message"] else "info") for o in logs)
    assert all(o["timestamp"] < "2026-03-16T09:30:00Z" for o in logs)
    metrics = [o for _, objs in _outputs(tmp_path, OBSERVABILITY, "query-metrics") for o in objs if "points" in o]
    assert metrics
    for m in metrics:
        moments = [p["timestamp"] for p in m["points"]]
        assert moments == sorted(moments) and len(set(moments)) == len(moments) >= 4
        assert m["unit"] != "percent" or all(0 <= p["value"] <= 100 for p in m["points"])
    traces = [o for _, objs in _outputs(tmp_path, OBSERVABILITY, "list-traces") for o in objs if "duration_ms" in o]
    assert traces and all(o["service"] and o["started_at"] < "2026-03-16T09:30:00Z" for o in traces)


def test_a_language_detected_is_the_text_s_and_a_language_has_its_name(tmp_path):
    """"MCP Tool: Detect language of the input text." answers the language of the English sentence it is
    given, by code and name, not a timestamp beside the text."""
    tools = [_tool("detect", "MCP Tool: Detect language of the input text.", {"text": {"type": "string"}}, ["text"])]
    found = [o for _, objs in _outputs(tmp_path, tools, "detect") for o in objs]
    assert found and all(o["code"] == "en" and o["name"] == "English" for o in found), found
    assert kind_fields.language_of("今日は晴れです") == "ja" and kind_fields.language_of("two words") is None


def test_a_figure_worked_out_from_figures_is_named_as_what_was_asked(tmp_path):
    """`calculate-bmi(weightKg, heightCm)` answers a `bmi`, not a timestamp beside its arguments; a person's
    height in centimetres and weight are a person's."""
    tools = [_tool("calculate-bmi", "", {"weightKg": {"type": "number"}, "heightCm": {"type": "number"}},
                   ["weightKg", "heightCm"])]
    found = [(args, o) for args, objs in _outputs(tmp_path, tools, "calculate-bmi") for o in objs]
    assert found and all(isinstance(o.get("bmi"), float) and "updated_at" not in o for _, o in found), found
    assert all(140 < args["heightCm"] < 200 and 40 < args["weightKg"] < 120 for args, _ in found), found


def test_an_image_url_and_markdown_listed_together_show_one_picture():
    """"Get LGTM image and show markdown code and imageurl": the Markdown embeds the URL the answer gives."""
    import random

    from engines.offline.listed import listed_fields, listed_value

    said = listed_fields("Get LGTM image and show markdown code and imageurl.")
    assert said == ("markdown_code", "imageurl")
    org, rng = org_for(7), random.Random(3)
    got = {f: listed_value(f, org, rng, "lgtm", said) for f in said}
    assert got["imageurl"].startswith("https://") and got["imageurl"].endswith(".png")
    assert got["markdown_code"] == f"![lgtm]({got['imageurl']})"


def test_an_api_key_is_a_credential_and_a_key_of_a_store_is_an_entry():
    import random

    from engines.offline.usual import extras

    org = org_for(7)
    api = extras("api_key", org, random.Random(1))
    assert str(api.get("prefix", "")).startswith("sk_") and "ttl" not in api
    assert "ttl" in extras("key", org, random.Random(1))


def test_a_picture_of_something_is_a_picture_whose_address_is_its_file(tmp_path):
    """An author's photo or a product's thumbnail answers with a picture's fields, its URL a file in its format,
    not `{updated_at}` because the words before `photo` name another kind."""
    tools = [_tool("get_author_photo", "Get the URL for an author's photo using their OLID.",
                   {"olid": {"type": "string"}}, ["olid"]),
             _tool("get_product_thumbnail", "Get a product's thumbnail.", {"sku": {"type": "string"}}, ["sku"])]
    for tool in ("get_author_photo", "get_product_thumbnail"):
        shown = [o for _, objs in _outputs(tmp_path, tools, tool) for o in objs]
        assert shown, tool
        for o in shown:
            ext = {"jpeg": "jpg"}.get(o.get("format"), o.get("format"))
            assert {"url", "width", "height", "format"} <= o.keys() and o["url"].endswith(f".{ext}"), (tool, o)


def test_a_search_given_several_queries_finds_hits_about_the_first(tmp_path):
    tools = [_tool("search_news_batch", "Search recent news articles for several keywords at once.",
                   {"keywords": {"type": "array", "items": {"type": "string"}, "minItems": 1}}, ["keywords"])]
    calls = _outputs(tmp_path, tools, "search_news_batch")
    assert calls
    for args, objects in calls:
        hits = [o for o in objects if "score" in o]
        assert hits and all(args["keywords"][0].lower() in h["title"].lower() for h in hits), (args, hits)


def test_players_are_the_public_known_by_full_names_under_ids_not_the_organisation_s_logins(tmp_path):
    tools = [_tool("get_players", "Get player information for a specific sport",
                   {"sport": {"type": "string", "enum": ["nba", "nfl"]}}, ["sport"]),
             _tool("get_player", "Get one player", {"playerId": {"type": "string"}}, ["playerId"])]
    staff = {p.username for seed in range(3) for p in org_for(seed).people}
    rows = [o for _, objs in _outputs(tmp_path, tools, "get_players") for o in objs]
    assert rows
    for o in rows:
        assert re.fullmatch(r"[A-Z][a-z'-]+(?: [A-Z][a-z'.-]+)+", o.get("name", "")), o
        assert str(o.get("id")) not in staff and o.get("name") not in staff, o


def test_news_narrowed_to_a_sport_or_a_category_is_about_it_not_the_world_s_headlines(tmp_path):
    tools = [_tool("get_sport_news", "Get news for a specific sport",
                   {"sport": {"type": "string", "enum": ["nba", "mlb"]},
                    "category": {"type": "string", "enum": ["injury", "trade"]}}, ["sport"])]
    calls = _outputs(tmp_path, tools, "get_sport_news")
    assert calls
    for args, objects in calls:
        titled = [o for o in objects if "title" in o]
        assert titled and all(args["sport"].upper() in o["title"] for o in titled), (args, titled)


def test_a_tool_described_as_getting_one_thing_of_a_record_answers_with_it(tmp_path):
    """"Get the name of the current avatar": a name (`Avatar Nova`), not only `{updated_at}`."""
    from engines.offline.listed import listed_fields
    assert listed_fields("Get the name of the current avatar") == ("name",)
    assert listed_fields("Returns the URL for a book's cover image.") == ("url",)
    assert listed_fields("Get the weather for a city") == ()
    tools = [_tool("get_avatar_name", "Get the name of the current avatar", {})]
    records = [o for _, objs in _outputs(tmp_path, tools, "get_avatar_name") for o in objs]
    assert records and all(re.fullmatch(r"Avatar [A-Z][a-z]+", o.get("name", "")) for o in records), records


def test_a_card_is_no_bi_question_unless_the_spec_speaks_of_questions_and_an_id_named_before_its_kind_reads_it(tmp_path):
    """A Trello card looked up by `idCard` is that card (its own ID), with no Metabase `display`/`query_type`."""
    cards = [_tool("getCardById", "Get a Trello card by its ID",
                   {"idCard": {"type": "string", "description": "The ID of the Trello card to retrieve"}}, ["idCard"]),
             _tool("getCardByLink", "Get a Trello card by its link",
                   {"link": {"type": "string", "format": "uri", "description": "The link of the Trello card"}}, ["link"])]
    calls = _outputs(tmp_path, cards, "getCardById")
    assert calls
    for args, objects in calls:
        assert not any({"display", "query_type"} & set(o) for o in objects), objects
        assert any(str(o.get("id")) == args["idCard"] for o in objects), (args, objects)
    questions = [_tool("get_card", "Get a saved question (card) by ID, with its query and visualization",
                       {"card_id": {"type": "integer"}}, ["card_id"])]
    objects = [o for _, objs in _outputs(tmp_path, questions, "get_card") for o in objs]
    assert objects and all("display" in o for o in objects)  # a BI tool's card is a question: its chart type


def test_links_described_as_one_products_things_are_on_that_products_site(tmp_path):
    """"The link of the Trello card": the card's links are trello.com's, not the fictional organisation's."""
    cards = [_tool("getCardById", "Get a Trello card by its ID",
                   {"idCard": {"type": "string", "description": "The ID of the Trello card to retrieve"}}, ["idCard"]),
             _tool("getCardByLink", "Get a Trello card by its link",
                   {"link": {"type": "string", "format": "uri", "description": "The link of the Trello card"}}, ["link"])]
    links = [args["link"] for args, _ in _outputs(tmp_path, cards, "getCardByLink")]
    assert links and all(re.fullmatch(r"https://www\.trello\.com/cards/\d{8}", link) for link in links), links


def test_weather_has_the_season_and_latitude_of_the_city_asked_about_and_rain_falls_in_damp_air():
    """In mid-March (the workflow's now) Stockholm is cold and Singapore hot (a reviewer saw 32.7 °C in Berlin and
    showers at 26% humidity); rain, showers and snow come with humid air, and it feels near what it is."""
    org = org_for(3)
    north = [kinds.record("weather", org, f"k{i}", "Stockholm") for i in range(40)]
    south = [kinds.record("weather", org, f"k{i}", "Singapore") for i in range(40)]
    assert all(-6 <= r["temperature_c"] <= 14 for r in north), [r["temperature_c"] for r in north]
    assert all(22 <= r["temperature_c"] <= 34 for r in south), [r["temperature_c"] for r in south]
    wet = [r for r in north + south if r["conditions"] in ("light rain", "showers", "snow")]
    assert wet and all(r["humidity_percent"] >= 70 for r in wet)
    assert all(abs(r["feels_like_c"] - r["temperature_c"]) <= 4 for r in north + south)


def test_a_text_reversed_or_upper_cased_is_answered_changed_not_echoed(tmp_path):
    tools = [_tool("reverse_text_tool", "MCP aracı: gelen metni ters çevirir.", {"text": {"type": "string"}}, ["text"]),
             _tool("uppercase_text", "", {"text": {"type": "string"}}, ["text"])]
    for tool, field, change in (("reverse_text_tool", "reversed_text", lambda t: t[::-1]),
                                ("uppercase_text", "uppercase_text", str.upper)):
        calls = _outputs(tmp_path, tools, tool)
        assert calls
        for args, objects in calls:
            assert objects[0][field] == change(args["text"]), objects[0]
            assert args["text"] not in json.dumps(objects[0], ensure_ascii=False), objects[0]


def test_a_chart_or_diagram_made_is_answered_with_its_picture_and_a_coin_s_market_chart_is_no_picture(tmp_path):
    """`generate_bar_chart` and `render_chart` hand back the picture they made (its URL ending in its format,
    its size), not `{"status": "completed"}`; a coin's `market_chart` is its price history, no picture."""
    rows = {"type": "array", "items": {"type": "object", "additionalProperties": True}}
    tools = [_tool("generate_bar_chart", "Generate a bar chart from data.", {"data": rows}, ["data"]),
             _tool("render_diagram", "Render a Mermaid diagram.", {"code": {"type": "string"}}, ["code"])]
    for tool in ("generate_bar_chart", "render_diagram"):
        calls = _outputs(tmp_path, tools, tool)
        assert calls
        for _, objects in calls:
            picture = objects[0]
            assert picture["url"].endswith("." + picture["format"]) and picture["width"] > 0, picture
            assert "status" not in picture and "finished_at" not in picture, picture
    assert kinds.is_artifact("bar_chart") and not kinds.is_artifact("market_chart")
    assert "url" not in (kinds.fields_of("market_chart") or {})


def test_holidays_rankings_and_prompts_carry_their_own_fields():
    org = org_for(2)
    holiday = kinds.record("public_holiday", org, "h1", "holidays")
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", holiday["date"]) and holiday["name"] and holiday["type"]
    ranked = kinds.record("leaderboard", org, "r1", "ranking")
    assert ranked["rank"] >= 1 and ranked["score"] > 0 and ranked["name"]
    prompt = kinds.record("prompt", org, "p1", "release notes")
    assert "{" in prompt["template"] and "release notes" in prompt["template"], prompt


def test_a_forecast_is_periods_ahead_of_now_and_a_point_given_by_coordinates_is_its_city_s_weather(tmp_path):
    """A reviewer read "the forecast tool returns a single current observation": a forecast is days ahead (hours
    for an hourly one), each with a high above its low and a chance of rain that agrees with its sky; a forecast
    asked at Singapore's coordinates is tropical."""
    org = org_for(4)
    for i in range(10):
        daily = kinds.record("weather_forecast", org, f"f{i}", "Stockholm")
        dates = [d["date"] for d in daily["days"]]
        assert len(dates) == 3 and dates == sorted(dates) and dates[0] == "2026-03-16", daily
        for d in daily["days"]:
            assert d["high_c"] > d["low_c"] and d["high_c"] < 20, d
            assert (d["precipitation_chance"] >= 55) == (d["conditions"] in ("light rain", "showers", "snow")), d
        hourly = kinds.record("hourly_forecast", org, f"h{i}", "Stockholm")
        assert len(hourly["hours"]) == 6 and "temperature_c" not in hourly
    tools = [_tool("get_forecast", "Get the weather forecast for a location.",
                   {"latitude": {"type": "number"}, "longitude": {"type": "number"}}, ["latitude", "longitude"])]
    from engines.offline.values_standard import CITY_COORDS
    for args, objects in _outputs(tmp_path, tools, "get_forecast"):
        days = objects[0]["days"]
        if (args["latitude"], args["longitude"]) == CITY_COORDS["Singapore"]:
            assert all(d["high_c"] > 22 for d in days), days
        assert [d["date"] for d in days] == sorted(d["date"] for d in days)


def test_a_job_s_progress_agrees_with_its_state():
    from engines.offline import kinds
    from engines.offline.world import make_org
    org = make_org(7)
    records = [kinds.record("export_status", org, f"job{k}", "export") for k in range(60)]
    assert {r["state"] for r in records} >= {"completed", "pending", "in_progress"}
    for r in records:  # (no "completed" at 12 %, no "pending" at 21 %, nothing in progress at 100 %)
        expected = {"completed": 100, "pending": 0}.get(r["state"])
        assert r["progress_percent"] == expected if expected is not None else r["progress_percent"] < 100, r


def test_a_flight_found_has_a_flight_number_a_price_and_no_times_of_its_own():
    from engines.offline.world import make_org

    for key in ("a", "b", "c"):
        rec = kinds.record("flight_departure", make_org(3), key, "YYZ")
        assert re.fullmatch(r"[A-Z]{2}\d{2,4}", rec["flight_number"]) and rec["price"] > 0 and rec["stops"] in (0, 1, 2)
        assert not any(k.endswith(("_at", "_time", "date")) for k in rec), rec  # (the dates asked for are its own)

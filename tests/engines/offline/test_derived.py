"""Fields that follow from others in one record agree with them: a 16:9 picture is 16 wide for 9 high."""

from __future__ import annotations

import json
import re

from actors.local import generate_local
from engines.offline.derived import figure, in_proportion, in_zone, summarised
from schemas import RunConfig
from specs import load_suite


def test_a_height_follows_the_width_and_the_aspect_ratio():
    assert in_proportion({"aspectRatio": "16:9", "width": 1920, "height": 1920}) == \
        {"aspectRatio": "16:9", "width": 1920, "height": 1080}
    assert in_proportion([{"ratio": "3x4", "image_width": 900, "image_height": 5}])[0]["image_height"] == 1200
    odd = {"aspect_ratio": "wide", "width": 10, "height": 3}  # no ratio it can read: left alone
    assert in_proportion(odd) == odd and in_proportion({"aspectRatio": "1:1", "width": True, "height": 4})["height"] == 4


def test_generated_pictures_are_as_tall_as_their_ratio_says(tmp_path):
    ratio = {"type": "string", "enum": ["1:1", "16:9", "9:16", "4:3", "3:4"], "description": "Aspect ratio"}
    schema = {"type": "object", "required": ["prompt"],
              "properties": {"prompt": {"type": "string", "description": "What the image shows"}, "aspectRatio": ratio}}
    tools = [{"name": "generate_image", "description": "Generate an image from a text prompt.", "inputSchema": schema}]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 7}),
                                         str(tmp_path / "h"))
    assert manifest.failures == []
    checked = 0
    for sc in scenarios:
        for c in sc.calls:
            out = json.loads(c.output)
            if {"aspectRatio", "width", "height"} <= out.keys():
                a, b = map(int, re.split(r"[:x]", out["aspectRatio"]))
                assert abs(out["height"] - out["width"] * b / a) <= 1, out
                checked += 1
    assert checked


def test_a_summary_beside_figures_speaks_of_those_figures():
    rec = {"city": "Madrid", "temperature_c": 18.7, "humidity_percent": 61, "conditions": "clear",
           "formatted_summary": "Invoice sync stalls after deploy"}
    assert summarised(rec)["formatted_summary"] == "Madrid: clear, temperature 18.7 °C, humidity 61%"
    assert summarised([{"summary": "x", "cpu_pct": 40, "memory_mb": 512}])[0]["summary"] == "Cpu 40%, memory 512 MB"
    # a state and one count is no set of figures: an issue keeps the summary its text slot drew
    issue = {"title": "Fix login", "state": "open", "comments": 3, "summary": "Login fails after the upgrade"}
    assert summarised(issue) == issue


def test_a_figure_is_said_with_the_unit_its_name_ends_in():
    assert figure("temperature_c", 13.8) == ("temperature", "13.8 °C")
    assert figure("windSpeedKmh", 12) == ("wind speed", "12 km/h")
    assert figure("percent", 3) is None and figure("pages", 3) is None


def test_a_clock_is_read_in_the_time_zone_it_was_asked_for():
    rec = {"datetime": "2026-03-16T05:32:16-04:00", "timezone": "America/New_York", "timezone_name": "Asia/Tokyo"}
    assert in_zone(rec) == {"datetime": "2026-03-16T18:32:16+09:00", "timezone": "Asia/Tokyo",
                            "timezone_name": "Asia/Tokyo"}
    assert in_zone({"datetime": "2026-03-16T05:32:16Z", "timezone": "Europe/Berlin"})["datetime"] == \
        "2026-03-16T06:32:16+01:00"
    plain = {"created_at": "2026-03-16T05:32:16Z", "timezone": "Europe/Berlin"}  # a record's dates are no clock
    assert in_zone(plain) == plain


def test_a_weather_and_clock_spec_answers_with_its_own_figures_and_the_zone_asked_for(tmp_path):
    city = {"type": "string", "description": "The name of the city to fetch weather information for"}
    tools = [{"name": "get_current_weather", "description": "Get current weather information for a specified city. "
              "Returns a formatted summary.", "inputSchema": {"type": "object", "properties": {"city": city},
                                                               "required": ["city"]}},
             {"name": "get_current_datetime", "description": "Get current time in specified timezone",
              "inputSchema": {"type": "object", "required": ["timezone_name"], "properties": {"timezone_name": {
                  "type": "string", "description": "IANA timezone name (e.g., 'America/New_York', 'Europe/London')"}}}}]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 7}),
                                         str(tmp_path / "h"))
    assert manifest.failures == []
    from datetime import datetime
    summaries = clocks = observed = 0
    for sc in scenarios:
        for c in sc.calls:
            out = json.loads(c.output)
            if c.tool == "get_current_weather" and "observed_at" in out:  # a current reading is taken now
                from engines.offline.values_formats import EPOCH
                taken = datetime.fromisoformat(out["observed_at"].replace("Z", "+00:00"))
                assert abs((taken - EPOCH).total_seconds()) < 3600, out
                observed += 1
            if c.tool == "get_current_weather" and "formatted_summary" in out:
                assert out["formatted_summary"].startswith(f"{c.arguments['city']}: ") and "°C" in out["formatted_summary"]
                summaries += 1
            if c.tool == "get_current_datetime":
                from zoneinfo import ZoneInfo
                zone = c.arguments["timezone_name"]
                moment = datetime.fromisoformat(out["datetime"].replace("Z", "+00:00"))
                assert moment.utcoffset() == moment.astimezone(ZoneInfo(zone)).utcoffset(), (zone, out)
                assert out.get("timezone", zone) == zone
                clocks += 1
    assert summaries and clocks and observed
    # a figure's unit is said after its value: "a temperature of 13.8 °C", not "a temperature c of 13.8"
    figures = [sc.follow_up for sc in scenarios if sc.follow_up and re.search(r"\d (°C|%|km/h)", sc.follow_up)]
    assert figures and not [f for f in (sc.follow_up for sc in scenarios) if f and re.search(r" (c|percent|kmh) of ", f)]


def test_a_picture_whose_size_says_256x256_is_that_wide_and_high():
    assert in_proportion({"size": "256x256", "width": 1920, "height": 480}) == {"size": "256x256", "width": 256,
                                                                                "height": 256}
    assert in_proportion({"resolution": "1280×720", "width": 10, "height": 10})["height"] == 720
    odd = {"size": "large", "width": 10, "height": 3}
    assert in_proportion(odd) == odd


def test_a_reading_of_what_holds_now_was_observed_now():
    from datetime import datetime, timezone

    from engines.offline.derived import observed_now
    now = datetime(2026, 3, 16, 9, 30, tzinfo=timezone.utc)
    out = observed_now({"temperature_c": 3.1, "observed_at": "2026-01-28T19:50:00Z", "created_at": "2025-01-01T00:00:00Z"},
                       now)
    assert out["observed_at"].startswith("2026-03-16T09:2") and out["created_at"] == "2025-01-01T00:00:00Z"

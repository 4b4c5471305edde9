"""A call's unit arguments are its answer's units; a picture saved at a path is of that path's format; a prompt
is for a picture only where the tool makes pictures (not where a code agent can also read them), and a code
agent is asked, and answers, about work on code."""

from __future__ import annotations

import json
import random

from engines.offline import kinds
from engines.offline.units import in_units
from engines.offline.values import ValueGenerator
from engines.offline.world import make_org

_WEATHER = json.dumps({"temperature_c": 20.0, "feels_like_c": 18.5, "wind_speed_kmh": 36.0, "precipitation_mm": 25.4,
                       "hourly": [{"temperature_c": 10.0}], "city": "Oslo"})


def test_unit_arguments_convert_the_fields_of_their_measure_only():
    got = json.loads(in_units(_WEATHER, {"temperature_unit": "fahrenheit", "wind_speed_unit": "ms"}))
    assert got["temperature_f"] == 68.0 and got["feels_like_f"] == 65.3 and got["hourly"][0]["temperature_f"] == 50.0
    assert got["wind_speed_ms"] == 10.0 and got["precipitation_mm"] == 25.4 and "temperature_c" not in got
    every = json.loads(in_units(_WEATHER, {"units": "imperial"}))
    assert every["temperature_f"] == 68.0 and every["wind_speed_mph"] == 22.4 and every["precipitation_in"] == 1.0
    assert in_units(_WEATHER, {"temperature_unit": "celsius", "wind_speed_unit": "kmh"}) == _WEATHER
    assert in_units("not json", {"units": "imperial"}) == "not json"


def test_a_picture_saved_at_a_path_is_of_the_path_s_format():
    rec = {"url": "https://x.co/media/ab12.webp", "format": "webp", "width": 640}
    assert kinds.as_file(rec, "/srv/a/assets/hero.png") == {"url": "https://x.co/media/ab12.png", "format": "png",
                                                            "width": 640}
    assert kinds.as_file(rec, "/srv/a/assets/hero.jpg")["format"] == "jpeg"
    assert kinds.as_file(rec, "img_123") is rec and kinds.as_file({"url": "u"}, "/a/b.png") == {"url": "u"}


def _prompts(about: str) -> set[str]:
    out = set()
    for s in range(8):
        gen = ValueGenerator(make_org(s), random.Random(s))
        gen.about = about
        out.add(gen.value({"type": "string", "description": "The prompt"}, name="prompt", role="content"))
    return out


def test_a_prompt_is_a_picture_where_the_tool_makes_one_and_a_code_task_for_a_code_agent():
    pictures = _prompts("generate_image Generate an image from a text prompt.")
    agent = _prompts("claude_code Your assistant for code, file, Git and terminal operations.\n"
                     "File ops: create, read, edit files, analyze/ocr images")
    assert pictures.isdisjoint(agent)
    assert all(not p.startswith(("A watercolor", "A flat vector", "An isometric", "A photorealistic")) for p in agent)
    assert any(w in " ".join(agent) for w in ("tests", "Refactor", "Commit", "README"))


def _answer(prompt: str) -> str:
    from datetime import datetime, timezone

    from engines.offline.yields import outcome
    from schemas import Action, ToolInterpretation

    it = ToolInterpretation(tool="ask_model", functionality="Ask the AI model a question.", action=Action.execute,
                            entity="answer", parameters=[], required_parameters=[], use_cases=["x"], tags=["general"],
                            produces=[])
    got = outcome("ask_model", it, {"prompt": prompt}, make_org(3), random.Random(3),
                  datetime(2026, 3, 16, tzinfo=timezone.utc))
    return got["text"]


def test_a_model_answers_what_it_was_asked_in_the_form_asked():
    assert "the that" not in _answer("A photorealistic close-up of fresh croissants")
    done = _answer("Refactor the invoice export code into its own module.")
    assert done.startswith("Done:") and "files changed" in done


def test_a_thing_counted_by_no_number_is_never_a_few(tmp_path):
    from actors.local import generate_local
    from schemas import RunConfig
    from specs import load_suite

    city = {"city": {"type": "string", "description": "City name"}}
    tools = [{"name": n, "description": d, "inputSchema": {"type": "object", "properties": city, "required": ["city"]}}
             for n, d in (("get_weather", "Get current weather for a city"),
                          ("get_weather_by_city", "Get weather for the city by name"))]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    said = " ".join(s.instruction for seed in range(8) for s in generate_local(
        load_suite([tmp_path / "s.json"]), RunConfig(seed=seed, batch_size=40, complex_ratio=0.8), str(tmp_path / f"h{seed}"))[1])
    assert "compare the weather" in said and "a few weather" not in said

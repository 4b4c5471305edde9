"""The extension examples ARCHITECTURE.md shows (examples/extensions/) work as it says: importing one registers it,
and generation, grading and loading then use it by name."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import anyio

from actors.local import generate_local
from common.files import load_harness
from harness.agents import make_agent
from harness.runner import run_harness
from harness.validate import validate_harness
from schemas import RunConfig
from specs import load_suite
from tests.conftest import EXAMPLES

ROOT = Path(__file__).resolve().parents[1]
EXTENSIONS = ROOT / "examples" / "extensions"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"seer_example_{name}", EXTENSIONS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _code(path: Path) -> str:
    """A module's text after its docstring."""
    return path.read_text().split('"""', 2)[2].strip()


def test_architecture_md_shows_each_example_as_it_is_and_each_is_short():
    import re

    doc = (ROOT / "ARCHITECTURE.md").read_text()
    blocks = [b.strip() for b in re.findall(r"```python\n(.*?)```", doc, re.S)]
    assert blocks == [_code(EXTENSIONS / f"{n}.py") for n in ("engine", "strategy", "grader", "input_format")]
    for block in blocks:
        assert len([line for line in block.splitlines() if line.strip()]) <= 12


def test_architecture_md_lists_the_layers_the_layering_test_checks():
    import re

    from tests.test_layers import LAYERS

    doc = (ROOT / "ARCHITECTURE.md").read_text()
    assert tuple(re.findall(r"^\| `(\w+)/` \|", doc, re.M)) == LAYERS


def test_the_engine_example_makes_every_scenario_one_turn(tmp_path):
    from engines.registry import ENGINES

    _load("engine")
    try:
        cfg = RunConfig(engines={"expand": "single-turn"}, seed=1)
        manifest, scenarios = generate_local(load_suite([EXAMPLES / "memory.json"]), cfg, str(tmp_path / "h"))
    finally:
        ENGINES["expand"].unregister("single-turn")
    assert manifest.coverage.ratio == 1.0 and manifest.generator.engines["expand"] == "single-turn"
    assert scenarios and all(len(s.turns) == 1 for s in scenarios)  # the one turn holding every call
    assert any(len(s.calls) > 1 for s in scenarios)
    assert validate_harness(tmp_path / "h").ok
    _, default = generate_local(load_suite([EXAMPLES / "memory.json"]), RunConfig(seed=1), str(tmp_path / "d"))
    assert any(len(s.turns) > 1 for s in default)  # what the built-in expander would have made


def test_the_strategy_example_is_found_by_name_and_covers_every_tool(tmp_path):
    from coordinator.samplers import STRATEGIES

    _load("strategy")
    try:
        manifest, scenarios = generate_local(load_suite([EXAMPLES / "memory.json"]),
                                             RunConfig(strategy="alphabetical", seed=1), str(tmp_path / "h"))
    finally:
        STRATEGIES.unregister("alphabetical")
    assert manifest.coverage.ratio == 1.0 and manifest.generator.strategy == "alphabetical"
    tools = sorted(t.name for t in load_suite([EXAMPLES / "memory.json"]).tools)
    assert [s.meta["focus"] for s in scenarios[:len(tools)]] == [[t] for t in tools]  # every tool once, in order


def test_the_grader_example_scores_the_oracle_1_and_an_agent_that_skips_a_call_0(tmp_path):
    from evaluation.grading import GRADERS, load_transcripts

    generate_local(load_suite([EXAMPLES / "memory.json"]), RunConfig(seed=1), str(tmp_path / "h"))
    harness = load_harness(tmp_path / "h")
    for agent in ("oracle", "faulty:skipped_call"):
        anyio.run(lambda: run_harness(harness, make_agent(agent, harness, seed=1), tmp_path / agent))
    _load("grader")
    try:
        grade = GRADERS.get("tools-in-order")
        oracle = grade(harness, load_transcripts(tmp_path / "oracle"))
        skipped = grade(harness, load_transcripts(tmp_path / "faulty:skipped_call"))
    finally:
        GRADERS.unregister("tools-in-order")
    assert {r.score for r in oracle.records} == {1.0}
    assert 0.0 in {r.score for r in skipped.records}


def test_the_input_format_example_reads_gemini_declarations(tmp_path):
    from specs.formats import FORMATS

    decls = {"function_declarations": [{"name": "get_weather", "description": "Current weather in a city.",
                                        "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                                                       "required": ["city"]}}]}
    (tmp_path / "decls.json").write_text(json.dumps(decls))
    _load("input_format")
    try:
        suite = load_suite([tmp_path / "decls.json"])
    finally:
        FORMATS.unregister("gemini")
    [tool] = suite.tools
    assert tool.name == "get_weather" and tool.input_schema["required"] == ["city"]
    assert [s.kind for s in suite.sources] == ["gemini"]

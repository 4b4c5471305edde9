"""`seer generate` at the CLI edge (in-process runs; the Ray path is tests/integration/test_ray_*.py)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from schemas.errors import SeerError
from tests.conftest import EXAMPLES

FS = str(EXAMPLES / "filesystem.json")


def invoke(*args: str):
    return CliRunner().invoke(app, ["generate", *args])


def test_generates_a_complete_harness_and_a_json_summary(tmp_path):
    out = tmp_path / "h"
    r = invoke(FS, "--out", str(out), "--in-process", "--json", "--no-progress", "--strategy", "graph-walk")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["partial"] is False and summary["coverage"]["ratio"] == 1.0
    h = load_harness(out)
    assert len(h.scenarios) == summary["counts"]["scenarios"] > 0
    assert h.manifest.generator.strategy == "graph-walk"
    assert {c.tool for s in h.scenarios for c in s.calls} == {t.name for t in h.tools}


def test_the_human_summary_says_where_the_harness_is(tmp_path):
    out = tmp_path / "h"
    r = invoke(str(EXAMPLES / "illustrator.json"), "--out", str(out), "--in-process", "--no-progress",
               "--max-scenarios", "3")
    assert r.exit_code == 0, r.output
    assert str(out) in r.stdout and "PARTIAL" not in r.stdout
    assert "budget: max_scenarios (3) requested" in r.stdout and "uncovered" in r.stdout


def test_flags_override_the_config_file(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("seed: 3\nstrategy: cluster\nbatch_size: 4\n")
    r = invoke(FS, "--out", str(tmp_path / "h"), "--in-process", "--json", "--no-progress", "-c", str(cfg),
               "--seed", "9")
    assert r.exit_code == 0, r.output
    gen = json.loads(r.stdout)["generator"]
    assert (gen["seed"], gen["strategy"]) == (9, "cluster")


def test_bad_input_raises_one_line_errors_naming_the_problem(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("workers: {scenario: 0}\n")
    broken = tmp_path / "broken.yaml"
    broken.write_text("seed: 1\nworkers: {scenario: 2\nstrategy: cluster\n")
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("x")
    cases = [
        ([FS, "--strategy", "best"], "busy", "unknown sampling strategy 'best'"),
        ([FS, "--engine", "magic"], "busy", "--engine: unknown engine 'magic'"),
        ([FS, "-c", str(cfg)], "busy", "workers.scenario"),
        ([FS, "-c", str(broken)], "busy", "broken.yaml: line 3, column 9: invalid YAML"),
        ([str(tmp_path / "missing.json")], "busy", "missing.json"),
        ([FS, "--resume"], "fresh", "no interrupted run to resume"),
        ([FS], "busy", "notes.txt"),
    ]
    for args, out, message in cases:
        r = invoke(*args, "--out", str(tmp_path / out), "--in-process", "--no-progress")
        assert isinstance(r.exception, SeerError), (args, r.exception)
        assert message in str(r.exception) and "\n" not in str(r.exception)
    assert (tmp_path / "busy" / "notes.txt").read_text() == "x"


def test_the_command_exits_2_with_one_stderr_line_on_bad_input(tmp_path):
    r = subprocess.run([sys.executable, "-m", "cli", "generate", FS, "--out", str(tmp_path / "h"),
                        "--strategy", "best"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "error: strategy: unknown sampling strategy 'best'; known: uniform, least-covered, graph-walk, cluster, or FILE.py:CLASS"]


def test_the_ctrl_c_message_suggests_resume_only_for_a_partial_harness(tmp_path):
    from cli.generate import interrupted_message

    assert "nothing to resume" in interrupted_message(tmp_path / "never-written")
    out = tmp_path / "h"
    res = invoke(str(EXAMPLES / "memory.json"), "--out", str(out), "--in-process", "--no-progress")
    assert res.exit_code == 0
    assert "is complete (nothing to resume)" in interrupted_message(out)
    manifest = json.loads((out / "manifest.json").read_text())
    (out / "manifest.json").write_text(json.dumps({**manifest, "partial": True}))
    assert interrupted_message(out).endswith("plus --resume")


def test_the_run_stays_in_process_unless_ray_is_asked_for():
    from cli.generate import runtime_choice
    from schemas import RunConfig

    plain, on_ray, joins = RunConfig(), RunConfig(runtime="ray"), RunConfig(address="auto")
    choose = lambda cfg, **kw: runtime_choice(cfg, **{"ray": False, "address": None, "in_process": False,  # noqa: E731
                                                      "env_address": None, **kw})
    assert choose(plain) == (False, None)
    assert choose(plain, ray=True) == (True, None)  # a private local instance
    assert choose(plain, address="10.0.0.1:6379") == (True, "10.0.0.1:6379")
    assert choose(plain, env_address="auto") == (True, "auto")
    assert choose(on_ray) == (True, None) and choose(joins) == (True, "auto")
    # --in-process wins over the environment and the config, which the command line does not show
    assert choose(joins, in_process=True, env_address="auto") == (False, None)
    assert choose(on_ray, in_process=True) == (False, None)
    for contradiction in ({"ray": True}, {"address": "auto"}):
        try:
            choose(plain, in_process=True, **contradiction)
        except SeerError as e:
            assert "--in-process and --" in str(e) and "choose one" in str(e)
        else:
            raise AssertionError(f"--in-process with {contradiction} was accepted")


def test_the_default_command_never_imports_ray(tmp_path):
    code = ("import sys; from cli import app; sys.argv = ['seer', 'generate', sys.argv[1], '--out', sys.argv[2], "
            "'--no-progress', '--json']\ntry:\n    app.main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "print('ray' in sys.modules, file=sys.stderr)")
    r = subprocess.run([sys.executable, "-c", code, FS, str(tmp_path / "h")], capture_output=True, text=True, timeout=120,
                       env={k: v for k, v in __import__("os").environ.items() if k != "RAY_ADDRESS"})
    assert r.returncode == 0, r.stderr[-800:]
    assert json.loads(r.stdout)["coverage"]["ratio"] == 1.0
    assert r.stderr.strip().splitlines()[-1] == "False"


def _seer_generate(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", "generate", *args], capture_output=True, text=True,
                          timeout=300, **kw)


def test_a_spec_without_tools_exits_2_and_writes_nothing(tmp_path):
    spec = tmp_path / "none.json"
    spec.write_text('{"tools": []}')
    r = _seer_generate(str(spec), "--out", str(tmp_path / "h"), "--no-progress")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [f"error: {spec}: no tools in this spec"]
    assert not (tmp_path / "h").exists()


def test_a_skipped_tool_is_a_warning_and_the_summary_says_coverage_leaves_it_out(tmp_path):
    spec = json.loads((EXAMPLES / "memory.json").read_text())
    spec["tools"].append({"name": "broken", "inputSchema": {"type": "object", "properties": {
        "x": {"type": "string", "minLength": 5, "maxLength": 2}}}})
    (tmp_path / "s.json").write_text(json.dumps(spec))
    r = _seer_generate(str(tmp_path / "s.json"), "--out", str(tmp_path / "h"), "--no-progress")
    assert r.returncode == 0, r.stderr
    assert r.stderr.splitlines() == [
        "warning: skipped s/'broken' at tools[9].inputSchema.properties.x: unsatisfiable: minLength 5 > maxLength 2"]
    assert "skipped    1 tool(s) of the spec not loaded (first: broken)" in r.stdout
    as_json = _seer_generate(str(tmp_path / "s.json"), "--out", str(tmp_path / "h2"), "--no-progress", "--json")
    assert json.loads(as_json.stdout)["skipped_tools"] == 1


def test_a_run_where_every_model_request_fails_exits_1_naming_the_first_failure(tmp_path):
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cfg = tmp_path / "c.yaml"
    cfg.write_text("llm: {transport_retries: 0, max_retries: 0}\n")
    out = tmp_path / "h"
    r = _seer_generate(str(EXAMPLES / "memory.json"), "--out", str(out), "--engine", "llm", "--model", "openai/m",
                       "--api-base", f"http://127.0.0.1:{port}/v1", "--no-cache", "--no-progress", "-c", str(cfg),
                       env={**__import__("os").environ, "XDG_CACHE_HOME": str(tmp_path)})
    assert r.returncode == 1, r.stderr[-800:]
    [line] = r.stderr.strip().splitlines()
    assert line.startswith("error: no scenario was generated; first failure: interpret ")
    assert "Connection error" in line and line.endswith(f"are in {out / 'manifest.json'}")
    assert "seer validate" not in r.stdout  # no "next:" advice for a run that made nothing
    assert json.loads((out / "manifest.json").read_text())["counts"]["scenarios"] == 0


def test_a_harness_made_from_other_specs_or_settings_is_replaced_only_with_force(tmp_path):
    out = tmp_path / "h"
    mem = str(EXAMPLES / "memory.json")
    assert invoke(mem, "--out", str(out), "--no-progress").exit_code == 0
    first = (out / "scenarios.jsonl").read_bytes()
    assert invoke(mem, "--out", str(out), "--no-progress", "--workers", "2").exit_code == 0  # the same run again
    assert (out / "scenarios.jsonl").read_bytes() == first
    for other in ([FS], [mem, "--seed", "3"]):
        r = invoke(*other, "--out", str(out), "--no-progress")
        assert isinstance(r.exception, SeerError), other
        assert str(r.exception).startswith(f"{out}: holds a harness made from other specs or settings (run-")
        assert str(r.exception).endswith("pass --force to replace it or choose another --out")
        assert (out / "scenarios.jsonl").read_bytes() == first  # untouched
    (out / "notes.txt").write_text("mine")
    r = invoke(FS, "--out", str(out), "--no-progress", "--force")
    assert "notes.txt" in str(r.exception)  # --force replaces a harness, never other files
    (out / "notes.txt").unlink()
    r = invoke(FS, "--out", str(out), "--no-progress", "--force", "--json")
    assert r.exit_code == 0, r.output
    assert load_harness(out).manifest.sources[0].name == "filesystem"
    r = invoke(FS, "--out", str(out), "--no-progress", "--force", "--resume")
    assert "--force and --resume: choose one" in str(r.exception)


def test_force_replaces_an_unfinished_run_that_resume_would_refuse(tmp_path):
    out = tmp_path / "h"
    assert invoke(str(EXAMPLES / "memory.json"), "--out", str(out), "--no-progress").exit_code == 0
    (out / ".seer-run").mkdir()  # as another run killed before it finished leaves it
    (out / ".seer-run" / "run.json").write_text(json.dumps({"fingerprint": "0" * 64}))
    r = invoke(FS, "--out", str(out), "--no-progress")
    assert "holds an unfinished run; pass --resume to continue it, --force to replace it" in str(r.exception)
    r = invoke(FS, "--out", str(out), "--no-progress", "--force")
    assert r.exit_code == 0, r.output
    assert not (out / ".seer-run").exists() and load_harness(out).manifest.partial is False


def test_a_budget_that_stops_a_run_short_of_coverage_says_so_on_stderr(tmp_path):
    ill = str(EXAMPLES / "illustrator.json")
    r = _seer_generate(ill, "--out", str(tmp_path / "h"), "--max-rounds", "1", "--no-progress", "--json")
    assert r.returncode == 0, r.stderr
    [line] = r.stderr.strip().splitlines()
    assert re.fullmatch(r"warning: the budget stopped the run: max_rounds \(1\) reached, with \d+ of 64 tool\(s\) "
                        r"uncovered; raise or lift it with --max-rounds", line), line
    assert json.loads(r.stdout)["warnings"] == [line.removeprefix("warning: ")]
    r = _seer_generate(ill, "--out", str(tmp_path / "h2"), "--max-scenarios", "2", "--no-progress")
    assert "raise or lift it with --max-scenarios" in r.stderr and "warning" not in r.stdout
    r = _seer_generate(ill, "--out", str(tmp_path / "h3"), "--no-progress")  # covered: nothing to say
    assert r.returncode == 0 and r.stderr == ""


def test_the_round_cap_scales_with_the_spec_unless_set(tmp_path):
    from coordinator.coordinator import MAX_FOCUS_ATTEMPTS, Coordinator
    from schemas import RunConfig
    from specs import load_suite

    tools = [{"name": f"get_item_{i}", "description": "Get an item.", "inputSchema": {
        "type": "object", "properties": {"item_id": {"type": "string"}}, "required": ["item_id"]}} for i in range(3000)]
    (tmp_path / "big.json").write_text(json.dumps({"tools": tools}))
    big, small = load_suite([tmp_path / "big.json"]), load_suite([FS])
    assert Coordinator(small, RunConfig()).max_rounds == 200
    assert Coordinator(big, RunConfig()).max_rounds == 2 * 3000 * MAX_FOCUS_ATTEMPTS * 2 // 16
    assert Coordinator(big, RunConfig(min_per_tool=2, batch_size=64, complex_ratio=0)).max_rounds == \
        2 * -(-3000 * 2 * MAX_FOCUS_ATTEMPTS // 64)
    assert Coordinator(big, RunConfig(max_rounds=7)).max_rounds == 7


def test_engine_choices_come_from_the_registry():
    """`--engine NAME` takes an engine every stage has, a registered plugin engine included."""
    from cli.generate import _config
    from engines import registry
    from schemas import STAGES
    from schemas.config import ConfigError

    with pytest.raises(ConfigError, match=r"--engine: unknown engine 'echo'; known: ") as err:
        _config(None, "echo", {})
    assert {"llm", "offline"} <= set(str(err.value).split("known: ")[1].split(", "))  # (other tests register more)
    for stage in STAGES:
        registry.register(stage, "echo", lambda ctx: None)
    try:
        assert _config(None, "echo", {}).engines.as_dict() == dict.fromkeys(STAGES, "echo")
    finally:
        for stage in STAGES:
            registry.ENGINES[stage].unregister("echo")

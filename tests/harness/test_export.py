"""`seer export`: the oracle trajectories as OpenAI chat fine-tuning data and as a Hugging Face dataset."""

from __future__ import annotations

import json

import anyio
import pytest
from pydantic import TypeAdapter
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from harness.agents import OracleAgent
from harness.export import chat_records, export
from harness.runner import run_scenario
from schemas.errors import SeerError
from tests.cli.test_app import _seer
from tests.conftest import EXAMPLES
from tests.harness.builders import write_harness


@pytest.fixture
def harness(tmp_path):
    return load_harness(write_harness(tmp_path / "h"))


@pytest.fixture(params=["hand-written", "filesystem example"])
def any_harness(request, tmp_path):
    """The hand-written harness, and the filesystem example's generated one."""
    if request.param == "hand-written":
        return load_harness(write_harness(tmp_path / "h"))
    made = CliRunner().invoke(app, ["generate", str(EXAMPLES / "filesystem.json"), "--out", str(tmp_path / "g"),
                                    "--in-process", "--no-progress"])
    assert made.exit_code == 0, made.output
    return load_harness(tmp_path / "g")


def _oracle_messages(harness, scenario) -> list[dict]:
    """The messages `seer run --agent oracle` exchanges on one scenario."""
    captured: list[list[dict]] = []

    class Capturing:
        name = "oracle"

        def episode(self, s):
            inner = OracleAgent().episode(s)

            class Episode:
                faults = inner.faults

                async def reply(self, messages, tools):
                    captured.append(messages)  # the runner's own list, complete once the run ends
                    return await inner.reply(messages, tools)
            return Episode()

    anyio.run(lambda: run_scenario(harness, scenario, Capturing(), max_steps=12))
    return captured[-1]


def test_chat_jsonl_lines_are_openai_chat_records_of_the_oracle_trajectories(any_harness, tmp_path):
    from openai.types.chat import ChatCompletionFunctionToolParam, ChatCompletionMessageParam

    harness = any_harness

    [path] = export(harness, "chat-jsonl", tmp_path / "out")
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert len(lines) == len(harness.scenarios) and lines == chat_records(harness)
    messages_type = TypeAdapter(list[ChatCompletionMessageParam])
    tools_type = TypeAdapter(list[ChatCompletionFunctionToolParam])
    for line, scenario in zip(lines, harness.scenarios):
        assert set(line) == {"messages", "tools", "parallel_tool_calls"}
        messages_type.validate_python(line["messages"], strict=True)
        tools_type.validate_python(line["tools"], strict=True)
        assert [t["function"]["name"] for t in line["tools"]] == [t.name for t in harness.tools]
        # the same exchange as the oracle's run, turn closings apart (they restate the last result)
        ran = _oracle_messages(harness, scenario)
        closing = [i for i, m in enumerate(ran) if m["role"] == "assistant" and not m.get("tool_calls")]
        assert [m for i, m in enumerate(line["messages"]) if i not in closing] == [
            m for i, m in enumerate(ran) if i not in closing]
        assert [line["messages"][i]["role"] for i in closing] == ["assistant"] * len(scenario.turns)

def test_a_turn_closes_with_an_answer_restating_its_last_result(harness, tmp_path):
    lines = chat_records(harness)
    files = lines[0]["messages"]
    assert files[-1]["content"] == "Done. list_directory returned:\n[FILE] notes.md\n[FILE] readme.md"
    assert lines[1]["messages"][-1]["content"].startswith("Done. get_issue returned:\n{")


def test_hf_dataset_holds_the_same_records(harness, tmp_path):
    datasets = pytest.importorskip("datasets")  # a test dependency; the skip is for installs without the extra

    [path] = export(harness, "hf", tmp_path / "out")
    ds = datasets.load_from_disk(str(path))
    records = chat_records(harness)
    assert ds["scenario_id"] == [s.id for s in harness.scenarios]
    for row, record in zip(ds, records):
        assert json.loads(row["tools"]) == record["tools"]
        assert [{k: v for k, v in m.items() if v is not None} for m in row["messages"]] == [
            {k: v for k, v in m.items() if v is not None} for m in record["messages"]]


def test_export_refuses_an_unknown_format_and_an_output_that_is_a_file(harness, tmp_path):
    with pytest.raises(SeerError, match="--format csv: unknown format; choose one of chat-jsonl, hf, inspect"):
        export(harness, "csv", tmp_path / "out")
    (tmp_path / "f").write_text("x")
    with pytest.raises(SeerError, match="is not a directory"):
        export(harness, "chat-jsonl", tmp_path / "f")


def test_cli_export_prints_what_it_wrote_and_fails_in_one_line(harness, tmp_path):
    ok = CliRunner().invoke(app, ["export", str(harness.root), "--format", "chat-jsonl", "--out", str(tmp_path / "o")])
    assert ok.exit_code == 0 and json.loads(ok.stdout) == {
        "format": "chat-jsonl", "scenarios": 2, "written": [str(tmp_path / "o" / "chat.jsonl")]}
    bad = _seer("export", str(harness.root), "--format", "csv", "--out", str(tmp_path / "o"))
    assert (bad.returncode, bad.stdout, bad.stderr) == (
        2, "", "error: --format csv: unknown format; choose one of chat-jsonl, hf, inspect\n")

"""`seer export`: a harness in the formats other tools read.

- `chat-jsonl`: the oracle trajectories as chat fine-tuning data in OpenAI's format, one line per scenario in
  harness order: `{"messages": [...], "tools": [...], "parallel_tool_calls": false}`. The messages are exactly
  what `seer run --agent oracle` exchanges (the same system prompt, tool names and tool texts), except that each
  turn ends in an answer that restates what its last call returned rather than the oracle agent's "Done.".
- `hf`: the same records as a Hugging Face `datasets` dataset saved to disk (when `datasets` is installed, e.g.
  `pip install agent-seer[export]`): columns `scenario_id`, `messages` (role, content, tool_calls, tool_call_id)
  and `tools` (the function tools as JSON text, since their schemas share no one type).

- `inspect`: an Inspect AI task (`task.py` and `dataset.jsonl`): a sample per scenario, multi-turn where the
  scenario is, tools served by `seer serve` over MCP, scored by our deterministic grader; `--model seer/oracle`
  replays the oracle (evaluation/inspect_task.py holds the Inspect side).

Each format is one function `(harness, out_dir) -> paths written` in the FORMATS registry; an installed package
adds one under the entry-point group `agent_seer.export_formats`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from common.files import Harness, write_text
from common.json_values import text_of
from common.registry import Registry
from harness.agents import openai_tools
from harness.runner import SYSTEM_PROMPT, tool_text
from schemas import Scenario, ToolCallRecord
from schemas.errors import SeerError

Exporter = Callable[[Harness, Path], list[Path]]
ANSWER_CHARS = 600  # an answer restates a result; a long listing is cut, as a person would summarise it


class ExportError(SeerError):
    """An export that cannot be written (a missing optional library, an unusable output directory)."""


def chat_records(harness: Harness) -> list[dict[str, Any]]:
    """One OpenAI chat fine-tuning record per scenario, in harness order."""
    functions, names = openai_tools(harness.tools)
    function_of = {tool: fn for fn, tool in names.items()}
    return [{"messages": _messages(s, function_of), "tools": functions, "parallel_tool_calls": False}
            for s in harness.scenarios]


def _messages(scenario: Scenario, function_of: dict[str, str]) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM_PROMPT}]
    for t, turn in enumerate(scenario.turns or scenario.single_turn()):
        messages.append({"role": "user", "content": turn.user})
        last: tuple[str, ToolCallRecord] | None = None
        for k, i in enumerate(turn.calls):
            call = scenario.calls[i]
            record = ToolCallRecord(tool=call.tool, arguments=call.arguments, output=call.output,
                                    is_error=call.is_error, error=text_of(call.output) if call.is_error else None)
            call_id = f"call_{t}_{k}"  # as the oracle agent names its calls
            messages.append({"role": "assistant", "content": None, "tool_calls": [{
                "id": call_id, "type": "function",
                "function": {"name": function_of[call.tool], "arguments": json.dumps(call.arguments, ensure_ascii=False)}}]})
            messages.append({"role": "tool", "tool_call_id": call_id, "content": tool_text(record)})
            last = (call.tool, record)
        messages.append({"role": "assistant", "content": _answer(last)})
    return messages


def _answer(last: tuple[str, ToolCallRecord] | None) -> str:
    """The turn's closing answer, grounded in its last result (what the user asked to see or to have done)."""
    if last is None:
        return "There was nothing to look up or change for that."
    tool, record = last
    out = record.output
    if isinstance(out, dict) and len(out) == 1 and isinstance(next(iter(out.values())), str):
        out = next(iter(out.values()))  # {"content": "..."}: the text is the answer, not its wrapper
    text = (tool_text(record) if record.is_error or not isinstance(out, str) else out).strip()
    if len(text) > ANSWER_CHARS:
        text = text[:ANSWER_CHARS].rsplit("\n", 1)[0].rstrip() + "\n…"
    if record.is_error:
        return f"That did not work: {tool} answered\n{text}"
    return f"Done. {tool} returned:\n{text}"


def export_chat_jsonl(harness: Harness, out: Path) -> list[Path]:
    target = out / "chat.jsonl"
    write_text(target, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in chat_records(harness)))
    return [target]


def export_hf(harness: Harness, out: Path) -> list[Path]:
    try:
        import datasets
    except ImportError:
        raise ExportError("--format hf needs the `datasets` library: pip install datasets "
                          "(or use --format chat-jsonl, which `datasets.load_dataset('json', ...)` reads)") from None
    # Arrow wants one type per column: every message gets the same four keys (tool-call arguments are JSON text
    # already), while tool schemas, which differ from tool to tool, travel as JSON text.
    keys = ("role", "content", "tool_calls", "tool_call_id")
    rows = [{"scenario_id": s.id, "messages": [{k: m.get(k) for k in keys} for m in r["messages"]],
             "tools": json.dumps(r["tools"], ensure_ascii=False)}
            for s, r in zip(harness.scenarios, chat_records(harness))]
    target = out / "hf"
    datasets.disable_progress_bars()  # our output is the JSON line the command prints
    datasets.Dataset.from_list(rows).save_to_disk(str(target))
    return [target]


_TASK_FILE = '''"""Inspect AI task for the Agent Seer harness {harness} (written by `seer export --format inspect`).

    inspect eval task.py --model seer/oracle     # replays the oracle: scores 1.0
    inspect eval task.py --model openai/gpt-4o   # any model Inspect supports
(from {where}, or with the path to this file relative to where you are: Inspect refuses an absolute one)
"""

from pathlib import Path

from inspect_ai import task

from evaluation.inspect_task import harness_task

HARNESS = {harness!r}


@task
def seer_harness():
    return harness_task(HARNESS, Path(__file__).with_name("dataset.jsonl"))
'''


def export_inspect(harness: Harness, out: Path) -> list[Path]:
    """An Inspect AI task file and its dataset: one sample per scenario, its user turns and its oracle plan."""
    rows = [{"id": s.id, "title": s.title, "complexity": s.complexity,
             "turns": [t.user for t in s.turns or s.single_turn()],
             "plan": [[{"tool": s.calls[i].tool, "arguments": s.calls[i].arguments} for i in t.calls]
                      for t in s.turns or s.single_turn()]}
            for s in harness.scenarios]
    dataset, task_file = out / "dataset.jsonl", out / "task.py"
    write_text(dataset, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    write_text(task_file, _TASK_FILE.format(harness=str(harness.root.resolve()), where=out))
    return [task_file, dataset]


FORMATS: Registry[Exporter] = Registry("export format", {
    "chat-jsonl": f"{__name__}:export_chat_jsonl", "hf": f"{__name__}:export_hf", "inspect": f"{__name__}:export_inspect",
}, group="agent_seer.export_formats")


def export(harness: Harness, fmt: str, out: Path) -> list[Path]:
    """Write `harness` in format `fmt` under directory `out` (created); the paths written."""
    if fmt not in FORMATS:
        raise ExportError(f"--format {fmt}: unknown format; choose one of {', '.join(FORMATS.names())}")
    if out.exists() and not out.is_dir():
        raise ExportError(f"--out {out}: exists and is not a directory")
    out.mkdir(parents=True, exist_ok=True)
    return FORMATS.get(fmt)(harness, out)

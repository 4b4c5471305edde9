"""`seer run`: the tool-calling agent loop over every task of a harness.

For each scenario: a fresh MockWorld; for each user turn, ask the agent for a reply, execute its
tool calls against the world, feed the results back, until it answers in text or the step limit.
Scenarios run concurrently; each finished transcript is appended to RUN_DIR/transcripts.jsonl at
once (so an interrupted run resumes where it stopped) and the file is rewritten in harness order
when the run completes.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from common.files import Harness, append_jsonl, iter_jsonl, write_json, write_jsonl
from harness.agents import Agent, AgentReply, ToolCall, openai_tools
from harness.offscript import mocker_for
from harness.world import MockWorld, UnknownToolError
from schemas import Scenario, ToolCallRecord, Transcript, TranscriptTurn
from schemas.errors import SeerError

TRANSCRIPTS = "transcripts.jsonl"
RUN_INFO = "run.json"
SYSTEM_PROMPT = (
    "You are an assistant that completes the user's requests by calling the available tools. "
    "Call tools with exactly the arguments the request needs; when the request is done, answer in plain text."
)


@dataclass(frozen=True)
class RunOptions:
    concurrency: int = 4
    max_steps: int = 12
    seed: int = 0
    resume: bool = False
    scenarios: tuple[str, ...] = ()


def _execute(world: MockWorld, call: ToolCall) -> ToolCallRecord:
    try:
        args = json.loads(call.raw_arguments) if call.raw_arguments.strip() else {}
    except json.JSONDecodeError as e:
        return ToolCallRecord(tool=call.name, raw_arguments=call.raw_arguments, is_error=True,
                              error=f"arguments are not valid JSON: {e.msg}")
    if not isinstance(args, dict):
        return ToolCallRecord(tool=call.name, raw_arguments=call.raw_arguments, is_error=True,
                              error="arguments are not a JSON object")
    try:
        r = world.call(call.name, args)
    except UnknownToolError:
        return ToolCallRecord(tool=call.name, arguments=args, is_error=True, error=f"Unknown tool: {call.name}")
    return ToolCallRecord(tool=call.name, arguments=args, output=r.output, is_error=r.is_error, error=r.error,
                          oracle_index=r.oracle_index)


def tool_text(rec: ToolCallRecord) -> str:
    """A call's result as the model reads it (and as `seer export` writes it): an error marked as one."""
    if rec.is_error and rec.error:
        # the model sees no isError flag, so the text says it; a tool's own "Error: ENOENT ..." says it already
        return rec.error if rec.error.startswith("Error") else f"Error: {rec.error}"
    return rec.output if isinstance(rec.output, str) else json.dumps(rec.output, ensure_ascii=False)


async def run_scenario(harness: Harness, scenario: Scenario, agent: Agent, *, max_steps: int,
                       functions: list[dict[str, Any]] | None = None, mocker: Any = None) -> Transcript:
    """One scenario, every user turn, against a fresh world. Agent errors end it with `error` set."""
    world = MockWorld(scenario, harness.tool_map(), {i.tool: i for i in harness.interpretations},
                      mocker=mocker)
    functions = functions if functions is not None else openai_tools(harness.tools)[0]
    episode = agent.episode(scenario)
    messages: list[dict[str, Any]] = [{"role": "system", "content": SYSTEM_PROMPT}]
    transcript = Transcript(scenario_id=scenario.id, agent=agent.name, turns=[], faults=list(episode.faults))
    for turn in scenario.turns or scenario.single_turn():
        record = TranscriptTurn(user=turn.user)
        transcript.turns.append(record)
        messages.append({"role": "user", "content": turn.user})
        while True:
            if record.steps >= max_steps:
                record.stopped = "step_limit"
                break
            record.steps += 1
            try:
                reply: AgentReply = await episode.reply(messages, functions)
            except Exception as e:  # a provider failure ends this scenario, not the run
                record.stopped = "error"
                transcript.error = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
                return transcript
            transcript.prompt_tokens += reply.prompt_tokens
            transcript.completion_tokens += reply.completion_tokens
            if not reply.tool_calls:
                record.answer = reply.text or ""
                messages.append({"role": "assistant", "content": record.answer})
                break
            messages.append({"role": "assistant", "content": reply.text, "tool_calls": [
                {"id": c.id, "type": "function", "function": {"name": c.function or c.name, "arguments": c.raw_arguments}}
                for c in reply.tool_calls]})
            for call in reply.tool_calls:
                try:
                    rec = _execute(world, call)
                except Exception as e:  # a mock-world bug ends this scenario visibly, not the whole run
                    record.stopped = "error"
                    transcript.error = f"mock world failed on {call.name}: {type(e).__name__}: {e}"
                    return transcript
                record.calls.append(rec)
                messages.append({"role": "tool", "tool_call_id": call.id, "content": tool_text(rec)})
    return transcript


def _done_ids(path: Path) -> dict[str, Transcript]:
    """Finished transcripts already in the run directory (a torn last line is dropped; errored ones rerun)."""
    done: dict[str, Transcript] = {}
    if path.exists():
        for _, obj in iter_jsonl(path, tolerate_torn_tail=True):
            t = Transcript.model_validate(obj)
            if t.error is None:
                done[t.scenario_id] = t
    return done


def _check_resumable(info_path: Path, before: dict[str, Any], now: dict[str, Any]) -> None:
    """A resumed run must be the same run: the same harness, agent and settings, or its transcripts would mix."""
    same_harness = (before.get("harness_run_id") == now["harness_run_id"] if before.get("harness_run_id") and now["harness_run_id"]
                    else Path(before.get("harness", "")).resolve() == Path(now["harness"]).resolve())
    if not same_harness:
        raise SeerError(f"{info_path}: run was made on harness {before.get('harness')!r} "
                        f"(run id {before.get('harness_run_id')}), not {now['harness']!r} (run id {now['harness_run_id']})")
    for key, what in (("agent", "agent"), ("seed", "--seed"), ("max_steps", "--max-steps")):
        if before.get(key) != now[key]:
            raise SeerError(f"{info_path}: run was made with {what} {before.get(key)!r}, not {now[key]!r}; "
                            "resume with the same settings or choose another --out")


async def run_harness(harness: Harness, agent: Agent, out: Path, options: RunOptions = RunOptions(),
                      *, progress: bool = False) -> dict[str, Any]:
    """Run every selected scenario (skipping finished ones with `resume`); returns a summary."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / TRANSCRIPTS
    if path.exists() and path.stat().st_size and not options.resume:
        raise SeerError(f"{path}: the run directory already has transcripts; pass --resume or choose another --out")
    info = {"harness": str(harness.root), "harness_run_id": harness.manifest.generator.run_id or None,
            "agent": agent.name, "seed": options.seed, "max_steps": options.max_steps}
    info_path = out / RUN_INFO
    if options.resume and info_path.exists():
        _check_resumable(info_path, json.loads(info_path.read_text(encoding="utf-8")), info)
    write_json(info_path, info)
    wanted = [s for s in harness.scenarios if not options.scenarios or s.id in options.scenarios]
    unknown = sorted(set(options.scenarios) - {s.id for s in harness.scenarios})
    if unknown:
        raise SeerError(f"{harness.root}: no scenario with id {', '.join(unknown)}")
    done = _done_ids(path) if options.resume else {}
    write_jsonl(path, [done[s.id] for s in harness.scenarios if s.id in done])  # drop torn/errored lines
    todo = [s for s in wanted if s.id not in done]
    functions = openai_tools(harness.tools)[0]
    mocker = mocker_for(harness.tools, {i.tool: i for i in harness.interpretations})
    limiter = anyio.CapacityLimiter(options.concurrency)
    results: dict[str, Transcript] = dict(done)
    bar = _Progress.on_terminal(len(todo), agent.name) if progress else None

    async def one(s: Scenario) -> None:
        async with limiter:
            t = await run_scenario(harness, s, agent, max_steps=options.max_steps, functions=functions, mocker=mocker)
        append_jsonl(path, t)
        results[s.id] = t
        if bar is not None:
            bar.advance(t)

    try:
        async with anyio.create_task_group() as tg:
            for s in todo:
                tg.start_soon(one, s)
    finally:
        if bar is not None:
            bar.close()
    write_jsonl(path, [results[s.id] for s in harness.scenarios if s.id in results])
    ran = [results[s.id] for s in todo]
    return {"out": str(out), "agent": agent.name, "scenarios": len(wanted), "ran": len(todo),
            "skipped": len(wanted) - len(todo), "errors": sum(t.error is not None for t in ran),
            "calls": sum(len(turn.calls) for t in ran for turn in t.turns)}


class _Progress:
    """A rich progress bar on stderr (stdout stays clean for the summary)."""

    def __init__(self, total: int, agent: str):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._p = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                           TextColumn("{task.fields[errors]} errors"), console=Console(file=sys.stderr))
        self._p.start()
        self._task = self._p.add_task(f"run {agent}", total=total, errors=0)
        self._errors = 0

    @classmethod
    def on_terminal(cls, total: int, agent: str) -> "_Progress | None":
        """A bar only when stderr is a terminal (as for `seer generate`): piped stderr carries logs, not redraws."""
        from rich.console import Console

        return cls(total, agent) if Console(file=sys.stderr).is_terminal else None

    def advance(self, t: Transcript) -> None:
        self._errors += t.error is not None
        self._p.update(self._task, advance=1, errors=self._errors)

    def close(self) -> None:
        self._p.stop()

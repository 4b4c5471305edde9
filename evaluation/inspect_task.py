"""The Inspect AI side of `seer export --format inspect`: a task over a harness, its dialogue solver, our
deterministic grader as its scorer, and `seer/oracle`, a model that replays the oracle calls.

Imported only by Inspect (the exported task file, and Inspect's `inspect_ai` entry point for the model): the
rest of Agent Seer never imports inspect_ai.

Each sample is one scenario. Its tools are `seer serve HARNESS --scenario ID` over stdio, one server process per
sample held open for the whole dialogue, so the world carries from turn to turn as in `seer run`. The solver
sends the scenario's user turns one by one, each followed by Inspect's tool-calling loop; the scorer rebuilds
the transcript from the messages and grades it against the oracle as `seer grade` does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessageAssistant,
    ChatMessageTool,
    ChatMessageUser,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
    modelapi,
)
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import Generate, TaskState, solver
from inspect_ai.tool import mcp_connection, mcp_server_stdio
from inspect_ai.util import store

from common.files import load_harness
from evaluation.grader import grade_record
from schemas import ToolCallRecord, Transcript, TranscriptTurn

PLAN = "seer/plan"  # the store key the solver fills with the oracle plan, for the `seer/oracle` model


def harness_task(harness_dir: str, dataset: Path) -> Task:
    """The Inspect task: samples from the exported dataset, tools from `seer serve`, our grader as scorer."""
    samples = []
    for line in dataset.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        samples.append(Sample(id=row["id"], input=row["turns"][0], target=row["id"], metadata=row))
    return Task(dataset=MemoryDataset(samples, name=Path(harness_dir).name), solver=seer_dialogue(harness_dir),
                scorer=seer_grader(harness_dir), config=GenerateConfig(parallel_tool_calls=False))


@solver
def seer_dialogue(harness_dir: str):
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        meta = state.metadata
        store().set(PLAN, meta["plan"])
        server = mcp_server_stdio(name="seer", command=sys.executable,
                                  args=["-m", "cli", "serve", harness_dir, "--scenario", meta["id"]])
        async with mcp_connection([server]):  # one server, one world, for every turn of the dialogue
            state.tools = await server.tools()
            for i, turn in enumerate(meta["turns"]):
                if i:  # the first turn is the sample's input, already in the messages
                    state.messages.append(ChatMessageUser(content=turn))
                state = await generate(state, tool_calls="loop")
        return state

    return solve


def transcript_of(scenario_id: str, messages: list[Any]) -> Transcript:
    """The agent's side of an Inspect conversation as a `seer run` transcript: a turn per user message."""
    turns: list[TranscriptTurn] = []
    pending: dict[str, ToolCallRecord] = {}
    for m in messages:
        if isinstance(m, ChatMessageUser):
            turns.append(TranscriptTurn(user=m.text))
        elif isinstance(m, ChatMessageAssistant) and turns:
            for call in m.tool_calls or []:
                record = ToolCallRecord(tool=call.function, arguments=call.arguments if isinstance(call.arguments, dict)
                                        else None)
                turns[-1].calls.append(record)
                pending[call.id] = record
            if not m.tool_calls:
                turns[-1].answer = m.text
        elif isinstance(m, ChatMessageTool) and m.tool_call_id in pending:
            record = pending.pop(m.tool_call_id)
            record.output = m.text
            record.is_error = m.error is not None
            record.error = m.error.message if m.error is not None else None
    return Transcript(scenario_id=scenario_id, agent="inspect", turns=turns)


@scorer(metrics=[mean()])
def seer_grader(harness_dir: str):
    harness = load_harness(harness_dir)
    tools = harness.tool_map()

    async def score(state: TaskState, target: Target) -> Score:
        scenario = harness.scenario(state.metadata["id"])
        record = grade_record(scenario, transcript_of(scenario.id, state.messages), tools)
        return Score(value=record.score, explanation=record.rationale,
                     metadata={"dimensions": record.dimensions, "subdimensions": record.subdimensions})

    return score


@modelapi(name="seer")
def _seer_models():
    return OracleReplay


class OracleReplay(ModelAPI):
    """`seer/oracle`: each turn, the scenario's oracle calls one per reply, then an answer in text."""

    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig = GenerateConfig(), **model_args: Any) -> None:
        super().__init__(model_name, base_url, api_key, [], config)

    async def generate(self, input: list[Any], tools: list[Any], tool_choice: Any, config: GenerateConfig) -> ModelOutput:
        plan = store().get(PLAN) or []
        turn = sum(isinstance(m, ChatMessageUser) for m in input) - 1
        last_user = max(i for i, m in enumerate(input) if isinstance(m, ChatMessageUser))
        done = sum(isinstance(m, ChatMessageAssistant) for m in input[last_user:])
        calls = plan[turn] if 0 <= turn < len(plan) else []
        if done < len(calls):
            call = calls[done]
            out = ModelOutput.for_tool_call(self.model_name, call["tool"], call["arguments"],
                                            tool_call_id=f"call_{turn}_{done}")
        else:
            out = ModelOutput.from_content(self.model_name, "Done.")
        out.usage = ModelUsage(input_tokens=0, output_tokens=0, total_tokens=0)  # (no tokenizer download offline)
        return out

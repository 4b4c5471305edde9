"""Engines per stage, each stage a Registry: name -> factory(EngineContext) -> stage object.

An installed package adds an engine under `[project.entry-points."agent_seer.engines.STAGE"]`
(`mine = "pkg.mod:MyWriter"`); `--engine mine` takes it when every stage has one.
"""

from __future__ import annotations

from typing import Any, Callable

from common.registry import Registry
from engines.base import EngineContext
from schemas import STAGES

Factory = Callable[[EngineContext], Any]

_CLASSES = {"interpret": "Interpreter", "scenario": "ScenarioWriter", "mock": "Mocker", "expand": "Expander"}
ENGINES: dict[str, Registry[Factory]] = {
    stage: Registry(f"{stage} engine", {"offline": f"engines.offline:Offline{_CLASSES[stage]}",
                                        "llm": f"engines.llm:LLM{_CLASSES[stage]}"},
                    group=f"agent_seer.engines.{stage}")
    for stage in STAGES
}


def register(stage: str, name: str, factory: Factory) -> None:
    """Register an engine for a stage in this process (plugins loaded by hand and tests use this)."""
    ENGINES[stage].register(name, factory)


def engine_names(stage: str) -> list[str]:
    return ENGINES[stage].names()


def build(stage: str, name: str, ctx: EngineContext) -> Any:
    """Build the engine `name` for `stage`; an unknown name raises KeyError listing the known ones."""
    return ENGINES[stage].get(name)(ctx)


def factory(stage: str, name: str) -> Factory:
    """The factory behind (stage, name), to ship to another process (a Ray worker) and build the engine there:
    a built-in or installed engine comes back as a picklable lazy reference, imported only where it is built."""
    return ENGINES[stage].ref(name)

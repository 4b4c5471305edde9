"""Engine registry: (stage, engine name) -> factory(EngineContext) -> stage object."""

from __future__ import annotations

import importlib
from typing import Any, Callable

from engines.base import EngineContext

Factory = Callable[[EngineContext], Any]

# Lazy "module:attribute" references keep heavy engines (litellm) out of processes that do not use them.
_BUILTIN: dict[tuple[str, str], str] = {
    ("interpret", "offline"): "engines.offline:OfflineInterpreter",
    ("scenario", "offline"): "engines.offline:OfflineScenarioWriter",
    ("mock", "offline"): "engines.offline:OfflineMocker",
    ("expand", "offline"): "engines.offline:OfflineExpander",
    ("interpret", "llm"): "engines.llm:LLMInterpreter",
    ("scenario", "llm"): "engines.llm:LLMScenarioWriter",
    ("mock", "llm"): "engines.llm:LLMMocker",
    ("expand", "llm"): "engines.llm:LLMExpander",
}
_EXTRA: dict[tuple[str, str], Factory] = {}


def register(stage: str, name: str, factory: Factory) -> None:
    """Register an engine for a stage (plugins and tests use this)."""
    _EXTRA[(stage, name)] = factory


def engine_names(stage: str) -> list[str]:
    return sorted({n for (s, n) in list(_BUILTIN) + list(_EXTRA) if s == stage})


def build(stage: str, name: str, ctx: EngineContext) -> Any:
    """Build the engine `name` for `stage`; unknown names raise KeyError listing the known ones."""
    if (stage, name) in _EXTRA:
        return _EXTRA[(stage, name)](ctx)
    ref = _BUILTIN.get((stage, name))
    if ref is None:
        raise KeyError(f"unknown {stage} engine {name!r}; known: {', '.join(engine_names(stage))}")
    module, attr = ref.split(":")
    return getattr(importlib.import_module(module), attr)(ctx)


def factory(stage: str, name: str) -> Factory:
    """The factory behind (stage, name), to ship to another process (a Ray worker) and build the engine there.

    Built-in engines come back as a picklable lazy reference, so the heavy module is imported
    only in the process that builds the engine.
    """
    if (stage, name) in _EXTRA:
        return _EXTRA[(stage, name)]
    ref = _BUILTIN.get((stage, name))
    if ref is None:
        raise KeyError(f"unknown {stage} engine {name!r}; known: {', '.join(engine_names(stage))}")
    return _Lazy(ref)


class _Lazy:
    def __init__(self, ref: str):
        self.ref = ref

    def __call__(self, ctx: EngineContext) -> Any:
        module, attr = self.ref.split(":")
        return getattr(importlib.import_module(module), attr)(ctx)

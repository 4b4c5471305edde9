"""The stage actor: one engine for one stage behind a uniform call. The interpreter, scenario, mock and expander
actors are this class over their stage's engine (one class, since they differ only in the engine method called);
actors/local.py runs it in this process, actors/ray_runtime.py as a Ray actor."""

from __future__ import annotations

from typing import Any, Callable

from coordinator.coordinator import Coordinator
from engines.base import EngineContext, Outcome, StageError
from schemas import Failure

METHODS = {"interpret": "interpret", "scenario": "write", "mock": "mock", "expand": "expand"}


def _item(payload: Any) -> str:
    return getattr(payload, "id", None) or getattr(payload, "name", None) or "?"


class StageWorker:
    """One engine for one stage behind a uniform call; engine exceptions become recorded failures."""

    def __init__(self, stage: str, factory: Callable[[EngineContext], Any], ctx: EngineContext):
        self.stage = stage
        self.engine = factory(ctx)
        self._call = getattr(self.engine, METHODS[stage])

    def run(self, payload: Any) -> Outcome:
        try:
            out = self._call(payload)
        except StageError as e:
            return Outcome(None, [Failure(stage=self.stage, item=_item(payload), reason=e.reason, path=e.path)])
        except Exception as e:  # an engine bug must not take the run down; it is recorded instead
            return Outcome(None, [Failure(stage=self.stage, item=_item(payload), reason=f"{type(e).__name__}: {e}")])
        if not isinstance(out, Outcome):
            return Outcome(None, [Failure(stage=self.stage, item=_item(payload),
                                          reason=f"engine returned {type(out).__name__}, not an Outcome")])
        return out


def stage_context(coord: Coordinator, stage: str) -> EngineContext:
    if stage == "interpret":
        return EngineContext(suite=coord.suite, config=coord.config)
    return coord.engine_context()

"""Engines: the pure logic of each stage (interpret, write scenarios, mock, expand), offline or by a model, found
through the registry; `actors` runs them, in this process or as Ray actors."""

from engines.base import (
    EngineContext,
    Expander,
    Interpreter,
    Mocker,
    Outcome,
    ScenarioWriter,
    StageError,
)
from engines.registry import build, engine_names, register

__all__ = [
    "EngineContext", "Expander", "Interpreter", "Mocker", "Outcome", "ScenarioWriter", "StageError",
    "build", "engine_names", "register",
]

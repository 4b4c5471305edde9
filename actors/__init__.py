"""Stage workers: pure logic and engines for interpretation, scenarios, mocks, expansion and judging."""

from actors.base import (
    EngineContext,
    Expander,
    Interpreter,
    Mocker,
    Outcome,
    ScenarioWriter,
    StageError,
)
from actors.registry import build, engine_names, register

__all__ = [
    "EngineContext", "Expander", "Interpreter", "Mocker", "Outcome", "ScenarioWriter", "StageError",
    "build", "engine_names", "register",
]

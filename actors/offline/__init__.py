"""The `offline` engine: deterministic interpretation, scenarios, mocks and dialogues, no model needed.

Names are re-exported lazily so that `common.graph` (which reads the interpreter's tables)
and the engines can import each other's modules without an import cycle.
"""

from __future__ import annotations

from schemas._lazy import lazy_exports

_EXPORTS = {
    "OfflineInterpreter": "actors.offline.interpret",
    "interpret_tool": "actors.offline.interpret",
    "OfflineScenarioWriter": "actors.offline.scenario",
    "OfflineMocker": "actors.offline.mock",
    "mock_call": "actors.offline.mock",
    "OfflineExpander": "actors.offline.expand",
    "interpret_suite": "actors.offline.pipeline",
    "Pipeline": "actors.offline.pipeline",
    "cover_suite": "actors.offline.pipeline",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)

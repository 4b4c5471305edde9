"""The `offline` engine: deterministic interpretation, scenarios, mocks and dialogues, no model needed.

Names are re-exported lazily so that `common.graph` (which reads the interpreter's tables)
and the engines can import each other's modules without an import cycle.
"""

from __future__ import annotations

from schemas._lazy import lazy_exports

_EXPORTS = {
    "OfflineInterpreter": "engines.offline.interpret",
    "interpret_tool": "engines.offline.interpret",
    "OfflineScenarioWriter": "engines.offline.scenario",
    "OfflineMocker": "engines.offline.mock",
    "mock_call": "engines.offline.mock",
    "OfflineExpander": "engines.offline.expand",
    "interpret_suite": "engines.offline.pipeline",
    "Pipeline": "engines.offline.pipeline",
    "cover_suite": "engines.offline.pipeline",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)

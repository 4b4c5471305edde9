"""Coordination of generation: coverage, sampling, tool graph, workflow state, checkpoints, the Ray runtime, the CLI.

Names are re-exported lazily so that `import coordinator.cli` stays cheap and ray is imported only
by code that uses `run_ray`.
"""

from __future__ import annotations

import os
import sys


def interrupted_while_starting() -> None:
    """Ctrl-C while `seer` is still importing (its first half second), before main() can catch it: one line
    and exit 130 rather than a traceback. This package is the first of ours that `seer` imports."""
    sys.stderr.write("interrupted while starting: nothing was done\n")
    sys.stderr.flush()
    # Straight out: unwinding from inside the import machinery could meet the interrupt again on the way and
    # end the interpreter by SIGINT instead (exit -2 to a caller, the line above then the only sign of it).
    os._exit(130)


try:
    from schemas._lazy import lazy_exports
except KeyboardInterrupt:
    interrupted_while_starting()

_EXPORTS = {
    "Coordinator": "coordinator.coordinator",
    "Progress": "coordinator.tasks",
    "Task": "coordinator.tasks",
    "CoverageTracker": "coordinator.coverage",
    "Sampler": "coordinator.samplers",
    "SamplingContext": "coordinator.samplers",
    "build_sampler": "coordinator.samplers",
    "register_sampler": "coordinator.samplers",
    "sampler_names": "coordinator.samplers",
    "WorkflowStateStore": "coordinator.state",
    "Checkpoint": "coordinator.checkpoint",
    "StageWorker": "coordinator.pipeline",
    "run_local": "coordinator.pipeline",
    "generate_local": "coordinator.pipeline",
    "run_ray": "coordinator.runtime",
    "ToolGraph": "coordinator.graph",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)

"""Coordination of generation: coverage, sampling, tool graph, workflow state, checkpoints, the Ray runtime.

Names are re-exported lazily so that importing one module stays cheap and ray is imported only
by code that uses `run_ray`.
"""

from __future__ import annotations

from schemas._lazy import lazy_exports

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
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)

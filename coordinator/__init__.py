"""Coordination of generation: what to ask for next (coverage, sampling, targets), the workflow state and the
checkpoint. The Coordinator is an event-driven state machine blind to what runs its tasks (actors/ does).

Names are re-exported lazily so that importing one module stays cheap.
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
    "STRATEGIES": "coordinator.samplers",
    "WorkflowStateStore": "coordinator.state",
    "Checkpoint": "coordinator.checkpoint",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)

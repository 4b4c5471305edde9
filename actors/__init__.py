"""What runs the stages: the stage actor (stage.py: one engine behind a uniform call), run in this process
(local.py) or as Ray actors with the coordinator hosted beside them (ray_runtime.py; the LLM gateway and judges
as actors in ray_services.py; Ray started and stopped by ray_start.py: the only three modules that import ray).

Names are re-exported lazily so that ray is imported only by code that uses `run_ray`.
"""

from __future__ import annotations

from schemas._lazy import lazy_exports

_EXPORTS = {
    "StageWorker": "actors.stage",
    "run_local": "actors.local",
    "generate_local": "actors.local",
    "run_ray": "actors.ray_runtime",
}

__all__ = sorted(_EXPORTS)
__getattr__ = lazy_exports(__name__, _EXPORTS)

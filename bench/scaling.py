"""Parallel scaling of the Ray pipeline when every stage call waits 200 ms (a stand-in for LLM latency).

Each stage engine is the offline engine behind a 200 ms sleep ("sleepy", registered here and shipped
to the workers by value). The workload is fixed: the filesystem example, one round of 256 scenario
requests (14 interpretations + 256 writes + 256 mocks + 256 expansions; `--scenarios` changes it). With N workers per stage,
a stage runs N calls at once (threaded actors: `workers.per_actor = N`, one process per stage).

Time is the span of stage work (first call start to last call end, stamped by the engines), which
leaves out the constant start-up of Ray and of the worker processes; wall time of the whole run is
reported beside it. Efficiency(N) = T(1) / (N x T(N)).

Usage: python bench/scaling.py [--workers 1 2 4 8 16] [--scenarios 256]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

os.environ.setdefault("RAY_AUTH_MODE", "disabled")

from actors import ray_runtime, ray_start  # noqa: E402
from coordinator.logs import configure_logging  # noqa: E402
from engines.registry import build, register  # noqa: E402
from schemas import RunConfig  # noqa: E402
from specs import load_suite  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DELAY_S = 0.2
METHODS = {"interpret": "interpret", "scenario": "write", "mock": "mock", "expand": "expand"}


def sleepy(stage: str):
    class Sleepy:
        def __init__(self, ctx):
            self.inner = getattr(build(stage, "offline", ctx), METHODS[stage])

        def call(self, item):
            start = time.time()
            time.sleep(DELAY_S)
            out = self.inner(item)
            with open(os.environ["SEER_BENCH_TIMES"], "a") as f:
                f.write(f"{start} {time.time()}\n")
            return out

    setattr(Sleepy, METHODS[stage], Sleepy.call)
    Sleepy.__name__ = f"Sleepy_{stage}"
    return Sleepy


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4, 8, 16])
    ap.add_argument("--scenarios", type=int, default=256)
    a = ap.parse_args()
    configure_logging("console", "warning")
    for stage in METHODS:
        register(stage, "sleepy", sleepy(stage))
    tmp = Path(tempfile.mkdtemp(prefix="seer-scaling-"))
    os.environ["SEER_BENCH_TIMES"] = str(tmp / "times")  # set before Ray starts: the workers inherit it
    ray_start.init(num_cpus=2)
    suite = load_suite([ROOT / "examples" / "filesystem.json"])
    base = None
    first_harness = None
    print("| workers | calls | span of stage work (s) | efficiency | wall time of the run (s) | harness = 1-worker harness |")
    print("|---|---|---|---|---|---|")
    for n in a.workers:
        cfg = RunConfig.model_validate({
            "engines": {s: "sleepy" for s in METHODS}, "min_per_tool": 1000, "batch_size": a.scenarios,
            "budget": {"max_scenarios": a.scenarios},
            "workers": {"interpret": n, "scenario": n, "mock": n, "expand": n, "per_actor": n},
        })
        out = tmp / f"h{n}"
        t0 = time.perf_counter()
        ray_runtime.run_ray(suite, cfg, str(out))
        wall = time.perf_counter() - t0
        # Every run's workers append to the one file named when Ray started; it is emptied after each run.
        stamps = [tuple(map(float, line.split())) for line in (tmp / "times").read_text().split("\n") if line]
        (tmp / "times").write_text("")
        span = max(e for _, e in stamps) - min(s for s, _ in stamps)
        base = base or span
        harness = (out / "scenarios.jsonl").read_bytes()
        first_harness = first_harness or harness
        print(f"| {n} | {len(stamps)} | {span:.2f} | {base / (n * span):.2f} | {wall:.2f} | "
              f"{'yes' if harness == first_harness else 'NO'} |", flush=True)
    ray_start.shutdown()


if __name__ == "__main__":
    main()

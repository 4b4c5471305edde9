"""Scenarios to 100% of each coverage dimension: a coverage-aware run against uniform sampling (issue: coverage
experiments). Numbers for bench/RESULTS.md.

- aware: `least-covered` with `--cover tools,params,enums` (once tools are covered, each request aims at a
  parameter or enum value still missing; what stays missing after three tries is given up with the reason).
- uniform: `uniform` sampling told to call every tool `--uniform-min` times, so that it runs long enough to
  show how many scenarios it needs to reach each dimension by chance (or that it does not within its run).

Per spec, seed 0..N-1, each dimension: scenarios until every reachable key was reached (the aware run's
given-up keys are left out of both sides' target), mean and bootstrap 95% interval over seeds.

Usage: python bench/coverage_dimensions.py [--specs illustrator azure synthetic] [--seeds 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from statistics import fmean

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from offline_speed import synthetic_suite  # noqa: E402

from coordinator.logs import configure_logging  # noqa: E402
from evaluation.coverage_compare import DIMENSIONS, run_one  # noqa: E402
from evaluation.stats import bootstrap_ci  # noqa: E402
from specs import load_suite  # noqa: E402

SPECS = {"illustrator": lambda: load_suite([ROOT / "examples" / "illustrator.json"]),
         "azure": lambda: load_suite([ROOT / "bench" / "dev-specs" / "azure.json"]),
         "synthetic": lambda: synthetic_suite(1000)}
UNIFORM_MIN = {"illustrator": 150, "azure": 40, "synthetic": 10}


def needed(curve: list[int], target: int) -> int | None:
    return next((i + 1 for i, c in enumerate(curve) if c >= target), None)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--specs", nargs="+", default=list(SPECS))
    ap.add_argument("--seeds", type=int, default=5)
    a = ap.parse_args()
    configure_logging("console", "warning")
    print("| spec | dimension | size | aware: scenarios to 100% of reachable (mean [95% CI]) | uniform: scenarios "
          "to the same | uniform/aware | given up by aware (mean) |")
    print("|---|---|---|---|---|---|---|")
    for name in a.specs:
        suite = SPECS[name]()
        rows: dict[str, list[tuple[int | None, int | None, int]]] = {d: [] for d in DIMENSIONS}
        edges: dict[str, list[float]] = {"aware": [], "uniform": []}
        sizes: dict[str, int] = {}
        t0 = time.perf_counter()
        for seed in range(a.seeds):
            aware = run_one(name, suite, "least-covered", seed, cover=("tools", "params", "enums"))
            uniform = run_one(name, suite, "uniform", seed, min_per_tool=UNIFORM_MIN[name])
            for d in DIMENSIONS:
                sizes[d] = aware.totals[d]
                reachable = aware.curves[d][-1] if aware.curves[d] else 0  # what the aware run reached in the end
                rows[d].append((needed(aware.curves[d], reachable), needed(uniform.curves[d], reachable),
                                aware.totals[d] - reachable))
            edges["aware"].append(aware.final("edges"))
            edges["uniform"].append(uniform.final("edges"))
            print(f"  {name} seed {seed}: aware {len(aware.curves['tools'])} scenarios ({aware.seconds} s), uniform "
                  f"{len(uniform.curves['tools'])} ({uniform.seconds} s)", file=sys.stderr, flush=True)
        for d in ("tools", "params", "enums"):
            aw = [r[0] for r in rows[d] if r[0] is not None]
            un = [r[1] for r in rows[d] if r[1] is not None]
            missed = sum(r[1] is None for r in rows[d])
            ca = bootstrap_ci(aw)
            cu = bootstrap_ci(un) if un else None
            ratio = f"{fmean(un) / fmean(aw):.2f}x" if un and not missed else "—"
            un_text = (f"{cu.mean:.0f} [{cu.low:.0f}, {cu.high:.0f}]" if cu else "never") + (
                f" ({len(un)}/{len(rows[d])} seeds; not within the others' runs)" if missed and un else "")
            print(f"| {name} | {d} | {sizes[d]:,} | {ca.mean:.0f} [{ca.low:.0f}, {ca.high:.0f}] | {un_text} | {ratio} "
                  f"| {fmean(r[2] for r in rows[d]):.1f} |", flush=True)
        print(f"| {name} | edges (not aimed at) | {sizes['edges']:,} | {fmean(edges['aware']):.1%} at the end | "
              f"{fmean(edges['uniform']):.1%} at the end | — | — |", flush=True)
        print(f"  ({name}: {time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()

"""Tool coverage versus scenarios generated, per sampling strategy (numbers for bench/RESULTS.md, PNG curves).

Specs: illustrator (64 tools), azure (235) and the synthetic 1,000-tool spec. Each run is the real
coordinator with the offline engine, in process (the harness is the same with Ray, see
tests/integration/test_ray_coordinator.py), min_per_tool 1, expansion off (it does not change which
tools are called). The curve is covered tools after each kept scenario in request order; "needed"
is the first scenario count at which every tool is covered.

Usage: python bench/coverage_curves.py [--specs illustrator azure synthetic] [--png bench/coverage_curves.png]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from offline_speed import synthetic_suite  # noqa: E402

from actors.local import run_local  # noqa: E402
from coordinator.coordinator import Coordinator  # noqa: E402
from coordinator.logs import configure_logging  # noqa: E402
from schemas import RunConfig, ToolSuite  # noqa: E402
from specs import load_suite  # noqa: E402

STRATEGIES = ("uniform", "least-covered", "graph-walk", "cluster")


def suites(names: list[str]) -> dict[str, ToolSuite]:
    out = {}
    for n in names:
        if n == "illustrator":
            out["illustrator (64)"] = load_suite([ROOT / "examples" / "illustrator.json"])
        elif n == "azure":
            out["azure (235)"] = load_suite([ROOT / "bench" / "dev-specs" / "azure.json"])
        elif n == "synthetic":
            out["synthetic (1,000)"] = synthetic_suite(1000)
    return out


def curve(suite: ToolSuite, strategy: str, seed: int) -> dict:
    cfg = RunConfig(strategy=strategy, seed=seed, expand=False, max_rounds=5000)
    t0 = time.perf_counter()
    coord = Coordinator(suite, cfg)
    manifest = run_local(coord)
    seconds = time.perf_counter() - t0
    seen: set[str] = set()
    points = []
    for s in coord.scenarios():
        seen.update(s.tools)
        points.append(len(seen))
    total = len(suite.tools)
    needed = next((i + 1 for i, c in enumerate(points) if c == total), None)
    return {"strategy": strategy, "tools": total, "scenarios": len(points), "needed": needed,
            "coverage": manifest.coverage.ratio, "rounds": max((s.meta["round"] for s in coord.scenarios()), default=0),
            "failures": len(manifest.failures), "seconds": round(seconds, 1), "curve": points}


def plot(results: dict[str, list[dict]], png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(5 * len(results), 4), squeeze=False)
    for ax, (spec, runs) in zip(axes[0], results.items()):
        for r in runs:
            total = r["tools"]
            ax.plot(range(1, len(r["curve"]) + 1), [100 * c / total for c in r["curve"]],
                    label=f"{r['strategy']} ({r['needed']})")
        ax.set_title(spec)
        ax.set_xlabel("scenarios")
        ax.set_ylabel("tools covered (%)")
        ax.set_xscale("log")
        ax.grid(alpha=0.3)
        ax.legend(title="strategy (scenarios to 100%)", fontsize=8)
    fig.tight_layout()
    fig.savefig(png, dpi=110)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--specs", nargs="+", default=["illustrator", "azure", "synthetic"])
    ap.add_argument("--strategies", nargs="+", default=list(STRATEGIES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--png", type=Path, default=ROOT / "bench" / "coverage_curves.png")
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args()
    configure_logging("console", "warning")
    results: dict[str, list[dict]] = {}
    print("| spec | strategy | scenarios to 100% | scenarios generated | rounds | coverage | failures | time (s) |")
    print("|---|---|---|---|---|---|---|---|")
    for spec, suite in suites(a.specs).items():
        results[spec] = []
        for strategy in a.strategies:
            r = curve(suite, strategy, a.seed)
            results[spec].append(r)
            print(f"| {spec} | {strategy} | {r['needed']} | {r['scenarios']} | {r['rounds']} | {r['coverage']:.0%} "
                  f"| {r['failures']} | {r['seconds']} |", flush=True)
    plot(results, a.png)
    if a.json:
        a.json.write_text(json.dumps(results))
    print(f"curves: {a.png}")


if __name__ == "__main__":
    main()

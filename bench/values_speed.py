"""Speed of the offline value generator: argument objects per second, per spec, on one core.

Usage: python bench/values_speed.py [--seeds N] [--specs DIR]

For each spec every tool gets one arguments object per seed (a fresh organisation and
random stream per seed, as a scenario would), with optional properties on for half of
the seeds. A first untimed pass warms the validator caches, as a long run would.
args/s and ms/args are CPU time of this process (`time.process_time`), so other load on
a shared machine inflates them less; "wall ms" is wall-clock time for comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from engines.offline.values import ValueGenerator, is_valid
from engines.offline.world import make_org

DEFAULT_SPECS = Path(__file__).resolve().parent / "dev-specs"


def run(tools: list[dict], seeds: range) -> tuple[int, float, float]:
    count, start, wall = 0, time.process_time(), time.perf_counter()
    for seed in seeds:
        gen = ValueGenerator(make_org(seed), random.Random(seed))
        optional = (lambda _name: True) if seed % 2 else None
        for tool in tools:
            gen.arguments(tool["inputSchema"], optional=optional)
            count += 1
    return count, time.process_time() - start, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--specs", type=Path, default=DEFAULT_SPECS)
    args = parser.parse_args()
    total_n, total_t, total_w = 0, 0.0, 0.0
    print(f"{'spec':24} {'tools':>5} {'args':>6} {'args/s':>8} {'ms/args':>8} {'wall ms':>8}")
    for path in sorted(args.specs.glob("*.json")):
        tools = json.loads(path.read_text())["tools"]
        run(tools, range(1000, 1002))  # warm caches
        n, t, w = run(tools, range(args.seeds))
        total_n, total_t, total_w = total_n + n, total_t + t, total_w + w
        print(f"{path.stem:24} {len(tools):5d} {n:6d} {n / t:8.0f} {1000 * t / n:8.3f} {1000 * w / n:8.3f}")
    print(f"{'all':24} {'':5} {total_n:6d} {total_n / total_t:8.0f} {1000 * total_t / total_n:8.3f} "
          f"{1000 * total_w / total_n:8.3f}")
    # a check that the numbers are for valid output, not for something faster but wrong
    tools = json.loads((args.specs / "illustrator.json").read_text())["tools"]
    gen = ValueGenerator(make_org(1), random.Random(1))
    assert all(is_valid(t["inputSchema"], gen.arguments(t["inputSchema"], optional=lambda _n: True)) for t in tools)


if __name__ == "__main__":
    main()

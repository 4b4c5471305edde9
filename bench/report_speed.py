"""`seer report` wall time and peak memory on large harnesses (synthetic, like the 235-tool Azure spec).

    python bench/report_speed.py [--tools 235] [--scenarios 1000] [--records 1000]

Builds a harness with `tests/evaluation/report_fixture.write_synthetic` plus a score set, then times
`build_report` with every default section. Numbers go to bench/RESULTS.md ("Report").
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common.files import load_harness, write_jsonl  # noqa: E402
from evaluation.report import build_report  # noqa: E402
from schemas import RecordScore  # noqa: E402
from tests.evaluation.report_fixture import write_synthetic  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools", type=int, default=235)
    ap.add_argument("--scenarios", type=int, default=1000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = write_synthetic(Path(tmp) / "h", tools=args.tools, groups=max(3, args.tools // 5),
                               scenarios=args.scenarios, seed=1)
        rng = random.Random(1)
        recs = [RecordScore(scenario_id=s.id, spec="big", complexity=s.complexity, judge="deterministic",
                            score=rng.random(), dimensions={"usage": 1.0, "selection": rng.random()},
                            subdimensions={"selection.correctness": rng.random()})
                for s in load_harness(root).scenarios]
        write_jsonl(Path(tmp) / "scores.jsonl", recs)
        start = time.perf_counter()
        res = build_report([root], Path(tmp) / "out", [Path(tmp) / "scores.jsonl"])
        wall = time.perf_counter() - start
        html_kb = res.html.stat().st_size / 1024
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"tools={args.tools} scenarios={args.scenarios} records={len(recs)} wall={wall:.1f}s "
              f"figures={len(res.figures)} html={html_kb:.0f}KB peak_rss={peak_mb:.0f}MB")


if __name__ == "__main__":
    main()

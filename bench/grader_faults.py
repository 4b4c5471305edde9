"""Fault-injection check of the deterministic grader over offline harnesses from several real specs.

For each spec: generate a harness in-process with the offline engine, run the oracle agent and
the faulty agent with each single fault kind against the mock world (harness.runner.run_scenario),
grade every transcript, and print the fault kind x dimension table (evaluation.faultcheck).

    /work/venv/bin/python bench/grader_faults.py [--specs filesystem memory git redis github]
        [--min-per-tool 6] [--seed 0] [--json out.json]

Exit status 1 when any expectation is violated (an unrelated dimension below 1.0, or a fault
that moved nothing it should).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from actors.local import generate_local  # noqa: E402
from common.files import load_harness  # noqa: E402
from evaluation.faultcheck import fault_table, grade_faults, markdown  # noqa: E402
from schemas import load_config  # noqa: E402
from specs.loader import load_suite  # noqa: E402

SPECS = ROOT / "bench" / "dev-specs"


def build(spec: str, root: Path, min_per_tool: int, seed: int):
    suite = load_suite([SPECS / f"{spec}.json"])
    config = load_config(None, seed=seed, min_per_tool=min_per_tool, **{"budget.max_scenarios": 80})
    generate_local(suite, config, out=str(root / spec))
    return load_harness(root / spec)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--specs", nargs="+", default=["filesystem", "memory", "git", "redis", "github"])
    ap.add_argument("--min-per-tool", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    logging.disable(logging.WARNING)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        harnesses = [build(spec, Path(tmp), args.min_per_tool, args.seed) for spec in args.specs]
        generated = time.perf_counter()
        run = grade_faults(harnesses, seed=args.seed)
    graded, crashes = run.graded, run.crashes
    scenarios = sum(len(h.scenarios) for h in harnesses)
    rows = fault_table(graded)
    seconds = time.perf_counter() - started
    print(f"{scenarios} scenarios from {len(args.specs)} specs ({', '.join(args.specs)}); "
          f"generated in {generated - started:.1f} s; {sum(len(v) for v in graded.values())} transcripts run and "
          f"graded in {seconds - (generated - started):.1f} s (grader alone {run.grade_seconds:.1f} s, "
          f"{1000 * run.grade_seconds / max(1, sum(len(v) for v in graded.values())):.2f} ms per transcript)\n")
    print(markdown(rows))
    problems = run.violations
    for p in problems[:20]:
        print("violation:", p)
    for c in crashes[:20]:
        print("runner crash (not graded):", c)
    print(f"\n{len(problems)} violations, {len(crashes)} runner crashes")
    if args.json:
        args.json.write_text(json.dumps({"scenarios": scenarios, "specs": args.specs, "seconds": seconds,
                                         "rows": [r.__dict__ for r in rows], "violations": problems,
                                         "crashes": crashes}, indent=1))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

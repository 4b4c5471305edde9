"""Quality of the offline engine over every spec in bench/dev-specs (numbers go to bench/RESULTS.md).

For each spec: the uncovered-tools loop until every tool is used, then as many extra requests
again (complex ones naming the three least-used tools, as the coordinator does; simple ones one). Checks: arguments and outputs
valid against their schemas, coverage, data flow and ID mismatches in complex scenarios,
multi-turn expansion with quoted values, duplicate (tool sequence, instruction) pairs,
categories and the Gini coefficient of tool usage.

Usage: python bench/offline_quality.py [--specs DIR] [--seed N] [spec names...]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from actors.offline import quality as q
from actors.offline.pipeline import Pipeline, cover_suite
from schemas import Scenario, ScenarioRequest
from specs import load_suite

DEFAULT_SPECS = Path(__file__).resolve().parent / "dev-specs"


def extra(pipe: Pipeline, scenarios: list[Scenario], seed: int, n: int, failures: list) -> list[Scenario]:
    usage = Counter(c.tool for s in scenarios for c in s.calls)
    names = [t.name for t in pipe.suite.tools]
    out = []
    for k in range(n):
        # Like the coordinator: complex requests name the three least-used tools, simple ones one.
        ranked = sorted(names, key=lambda t: (usage[t], names.index(t)))
        focus = ranked[:3] if k % 2 == 0 else ranked[:1]
        index = len(scenarios) + k + 100_000
        req = ScenarioRequest(id=f"x{k:05d}", index=index, seed=seed * 1_000_003 + index,
                              complexity="complex" if k % 2 == 0 else "simple", focus_tools=focus)
        s = pipe.run(req, failures)
        usage.update(focus)  # a focus that fails still moves on
        if s is not None:
            out.append(s)
            usage.update(c.tool for c in s.calls)
    return out


def measure(path: Path, seed: int) -> dict:
    suite = load_suite([path])
    t0 = time.perf_counter()
    pipe = Pipeline(suite)
    scenarios, failures = cover_suite(pipe, seed)
    scenarios += extra(pipe, scenarios, seed, len(suite.tools), failures)
    elapsed = time.perf_counter() - t0
    tools = suite.by_name()
    its = pipe.interpretations
    calls = sum(len(s.calls) for s in scenarios)
    in_err = [e for s in scenarios for e in q.input_errors(s, tools)]
    with_schema = sum(1 for s in scenarios for c in s.calls if tools[c.tool].output_schema is not None)
    out_err = [e for s in scenarios for e in q.output_errors(s, tools)]
    used = Counter(c.tool for s in scenarios for c in s.calls)
    cx = [s for s in scenarios if s.complexity == "complex"]
    fed = [q.fed_calls(s) for s in cx]
    mism = [e for s in cx for e in q.id_mismatches(s, its)]
    src_err = [e for s in scenarios for e in q.source_errors(s)]
    multi = [s for s in cx if len(s.turns) >= 2]
    turn_err = [e for s in scenarios for e in q.turn_errors(s)]
    unstated = [e for s in scenarios for e in q.unstated_values(s)]
    keys = Counter((tuple(s.tools), s.instruction) for s in scenarios)
    return {
        "spec": path.stem, "tools": len(tools), "scenarios": len(scenarios), "complex": len(cx),
        "failures": len(failures), "calls": calls,
        "input_valid": 1 - len(in_err) / max(calls, 1), "output_checked": with_schema,
        "output_valid": 1 - len(out_err) / max(with_schema, 1),
        "coverage": sum(1 for t in tools if used[t]) / len(tools),
        "fed": sum(f for f, _ in fed) / max(sum(n for _, n in fed), 1), "mismatches": len(mism),
        "fed_n": (sum(f for f, _ in fed), sum(n for _, n in fed)), "multi_n": (len(multi), len(cx)),
        "source_errors": len(src_err), "multi_turn": len(multi) / max(len(cx), 1), "turn_errors": len(turn_err), "unstated": len(unstated),
        "duplicates": sum(n - 1 for n in keys.values()), "categories": len({s.category for s in scenarios}),
        "gini": q.gini([used[t] for t in tools]), "seconds": elapsed,
        "examples": (in_err + out_err + mism + src_err + turn_err + unstated + [f.reason for f in failures])[:3],
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*")
    ap.add_argument("--specs", type=Path, default=DEFAULT_SPECS)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    paths = sorted(p for p in a.specs.glob("*.json") if not a.names or p.stem in a.names)
    cols = ("spec", "tools", "scenarios", "complex", "failures", "input_valid", "output_valid", "coverage", "fed",
            "mismatches", "source_errors", "multi_turn", "turn_errors", "unstated", "duplicates", "categories", "gini")
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    ok = True
    fed = [0, 0]
    multi = [0, 0]
    t0 = time.perf_counter()
    for p in paths:
        r = measure(p, a.seed)
        fed = [fed[0] + r["fed_n"][0], fed[1] + r["fed_n"][1]]
        multi = [multi[0] + r["multi_n"][0], multi[1] + r["multi_n"][1]]
        cells = [f"{r[c]:.3f}" if isinstance(r[c], float) else str(r[c]) for c in cols]
        print("| " + " | ".join(cells) + " |", flush=True)
        bad = (r["input_valid"] < 1 or r["output_valid"] < 1 or r["coverage"] < 1 or r["fed"] < 0.6
               or r["mismatches"] or r["source_errors"] or r["multi_turn"] < 0.5 or r["turn_errors"] or r["duplicates"]
               or r["unstated"])
        if bad:
            ok = False
            for e in r["examples"]:
                print(f"  ! {e}", file=sys.stderr)
    print(f"\nall specs: complex calls after the first fed from an earlier output {fed[0]}/{fed[1]} = "
          f"{fed[0] / max(fed[1], 1):.3f}; complex scenarios in >= 2 turns {multi[0]}/{multi[1]} = "
          f"{multi[0] / max(multi[1], 1):.3f}; {time.perf_counter() - t0:.1f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

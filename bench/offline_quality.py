"""Quality of the offline engine over a whole corpus of real specs (numbers go to bench/RESULTS.md).

Each spec is generated as `seer generate SPEC --seed N --in-process` would (the real coordinator,
default settings), then its scenarios are measured:

- structure: coverage, failures (by reason), arguments and outputs valid against their schemas, ID
  mismatches and wrong `sources` in complex scenarios, turn errors, values an agent could only guess;
- realism: the share of generic output objects (only id/name/timestamps and echoes of the arguments),
  timestamp contradictions inside one record, instructions dictating >= 3 backticked values, the most
  repeated instruction opening, and the share of complex-scenario calls fed by an earlier output.

Specs run in `--jobs` worker processes, each with an address-space cap and a per-spec time limit; a
spec that fails to load, crashes or runs out of time is reported as such, never dropped.

Usage:
  python bench/offline_quality.py                       # bench/corpus (1,019 MCP servers + 81 OpenAPI)
  python bench/offline_quality.py --sample 60           # a sample stratified by domain
  python bench/offline_quality.py bench/dev-specs        # any folders or spec files
  python bench/offline_quality.py --out q.jsonl          # one JSON line per spec, for later reading
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import random
import re
import resource
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "bench" / "corpus"
# The engine of the tree this file sits in, not whichever checkout is installed: a second worktree of an older
# commit measures that commit (the spawned workers run this line too).
sys.path.insert(0, str(ROOT))


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise _Timeout()


def _init_worker(memory_gb: float) -> None:
    cap = int(memory_gb * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    signal.signal(signal.SIGALRM, _on_alarm)


def corpus_specs(root: Path) -> list[tuple[Path, str]]:
    """(path, domain) of every spec of the corpus, the domain from its index.json."""
    out = []
    for sub in ("mcp", "openapi"):
        index = root / sub / "index.json"
        domains = {e["file"]: e.get("domain") or e.get("category") or sub
                   for e in json.loads(index.read_text())} if index.exists() else {}
        for p in sorted((root / sub).glob("*.json")):
            if p.name != "index.json":
                out.append((p, f"{sub}:{domains.get(p.name, 'other')}"))
    return out


def stratified(specs: list[tuple[Path, str]], n: int, seed: int) -> list[tuple[Path, str]]:
    """`n` specs drawn round-robin over domains (seeded), so that thin domains are in the sample."""
    rng = random.Random(seed)
    by: dict[str, list] = {}
    for s in specs:
        by.setdefault(s[1], []).append(s)
    for group in by.values():
        rng.shuffle(group)
    out: list = []
    while len(out) < n and any(by.values()):
        for d in sorted(by):
            if by[d] and len(out) < n:
                out.append(by[d].pop())
    return sorted(out)


def measure(path: Path, domain: str, seed: int, limit_s: int) -> dict:
    """Generate one spec in process and measure its scenarios; errors come back as a field."""
    from actors.local import generate_local
    from engines.offline.model import SpecModel
    from evaluation import scenario_checks as q
    from schemas import RunConfig, ToolInterpretation
    from specs import load_suite

    row: dict = {"spec": path.stem, "domain": domain}
    t0 = time.perf_counter()
    signal.alarm(limit_s)
    try:
        suite = load_suite([path])
        if not suite.tools:
            return {**row, "error": "no tools: the spec lists none"}
        with tempfile.TemporaryDirectory() as out:
            manifest, scenarios = generate_local(suite, RunConfig(seed=seed), out)
            its = {i.tool: i for i in map(ToolInterpretation.model_validate_json,
                                          (Path(out) / "interpretations.jsonl").read_text().splitlines())}
    except _Timeout:
        return {**row, "error": f"timeout after {limit_s} s"}
    except MemoryError:
        return {**row, "error": "out of memory"}
    except Exception as e:  # a crash is a finding: keep its type and first line
        return {**row, "error": f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"}
    finally:
        signal.alarm(0)
    tools = suite.by_name()
    used = Counter(c.tool for s in scenarios for c in s.calls)
    cx = [s for s in scenarios if s.complexity == "complex"]
    fed = [q.fed_calls(s) for s in cx]
    generic = [q.generic_objects(s) for s in scenarios]
    records = [q.generic_objects(s, max_depth=1) for s in scenarios]
    openings = Counter(q.opening(s.instruction) for s in scenarios)
    reasons = Counter(f.stage + ": " + _reason_class(f.reason) for f in manifest.failures)
    with_schema = [(s, c) for s in scenarios for c in s.calls if tools[c.tool].output_schema is not None]
    spoken = SpecModel.build(suite, its).vocabulary
    borrowed = [q.borrowed_values(s, frozenset(w for w in org_words(s.seed or 0)
                                               if not all(t in spoken for t in re.split(r"[- ]", w)))) for s in scenarios]
    placeholders = [q.placeholder_values(s) for s in scenarios]
    row.update({
        "tools": len(tools), "scenarios": len(scenarios), "complex": len(cx),
        "covered": sum(1 for t in tools if used[t]), "failures": len(manifest.failures),
        "failure_reasons": dict(reasons.most_common(5)),
        "calls": sum(len(s.calls) for s in scenarios),
        "input_errors": sum(len(q.input_errors(s, tools)) for s in scenarios),
        "output_checked": len(with_schema), "output_errors": sum(len(q.output_errors(s, tools)) for s in scenarios),
        "source_errors": sum(len(q.source_errors(s)) for s in scenarios),
        "turn_errors": sum(len(q.turn_errors(s)) for s in scenarios),
        "mismatches": sum(len(q.id_mismatches(s, its)) for s in cx),
        "unstated": sum(len(q.unstated_values(s)) for s in scenarios),
        "multi_turn": sum(1 for s in cx if len(s.turns) >= 2),
        "duplicates": sum(n - 1 for n in Counter((tuple(s.tools), s.instruction) for s in scenarios).values()),
        "gini": round(q.gini([used[t] for t in tools]), 3),
        "fed": sum(f for f, _ in fed), "fed_of": sum(n for _, n in fed),
        "generic": sum(g for g, _ in generic), "objects": sum(n for _, n in generic),
        "generic_records": sum(g for g, _ in records), "records": sum(n for _, n in records),
        "time_contradictions": sum(len(q.timestamp_contradictions(s)) for s in scenarios),
        "renamed": sum(len(q.renamed_records(s)) for s in scenarios),
        "out_of_window": sum(len(q.out_of_window(s)) for s in scenarios),
        "out_of_scope": sum(len(q.out_of_scope(s)) for s in scenarios),
        "twin_rows": sum(len(q.twin_rows(s)) for s in scenarios),
        "borrowed": sum(b for b, _ in borrowed), "strings": sum(n for _, n in borrowed),
        "placeholders": sum(p for p, _ in placeholders), "arg_strings": sum(n for _, n in placeholders),
        "dictated3": sum(1 for s in scenarios if q.dictated_values(s.instruction) >= 3),
        "top_opening": openings.most_common(1)[0] if openings else ["", 0],
        "seconds": round(time.perf_counter() - t0, 2),
        "examples": [e for s in scenarios for e in q.timestamp_contradictions(s)][:2],
    })
    return row


def org_words(seed: int) -> set[str]:
    """The fixed vocabulary of the scenario's organisation (its industry nouns, teams and topics) and the design
    asset names the engine knows."""
    from engines.offline.spec_org import org_for
    from engines.offline.values_vocab import DESIGN

    org = org_for(seed)
    return {*org.nouns, *org.teams, "retry", "timeout", "pagination", "export", "audit-log", "rate-limit", "cache",
            "search", "audit log", "rate limit", *(d.lower() for d in DESIGN)}


def _reason_class(reason: str) -> str:
    """A failure reason without its particular values, so that like failures count together."""
    return re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", reason)[:90]


def _run_one(args: tuple) -> dict:
    return measure(*args)


def summary(rows: list[dict]) -> str:
    ok = [r for r in rows if "error" not in r]
    tot = lambda k: sum(r[k] for r in ok)  # noqa: E731
    share = lambda a, b: a / b if b else 0.0  # noqa: E731
    full = sum(1 for r in ok if r["covered"] == r["tools"])
    openings = Counter()
    for r in ok:
        openings[r["top_opening"][0]] += r["top_opening"][1]
    lines = [
        f"specs: {len(rows)} ({len(rows) - len(ok)} errors: "
        + ", ".join(f"{k} {n}" for k, n in Counter(r['error'].split(':')[0] for r in rows if 'error' in r).most_common()) + ")",
        f"tools covered: {tot('covered')}/{tot('tools')} = {share(tot('covered'), tot('tools')):.3f}; "
        f"specs at 100%: {full}/{len(ok)}",
        f"scenarios: {tot('scenarios')} ({tot('complex')} complex); mock/stage failures: {tot('failures')} "
        f"in {sum(1 for r in ok if r['failures'])} specs",
        f"input errors: {tot('input_errors')}/{tot('calls')} calls; output errors: {tot('output_errors')}/"
        f"{tot('output_checked')} with outputSchema; source errors: {tot('source_errors')}; turn errors: {tot('turn_errors')}; "
        f"ID mismatches: {tot('mismatches')}; unstated values: {tot('unstated')}; duplicates: {tot('duplicates')}",
        f"complex scenarios in >= 2 turns: {tot('multi_turn')}/{tot('complex')} = {share(tot('multi_turn'), tot('complex')):.3f}",
        f"generic output records: {tot('generic_records')}/{tot('records')} = "
        f"{share(tot('generic_records'), tot('records')):.3f}; all objects, parts of records too: "
        f"{tot('generic')}/{tot('objects')} = {share(tot('generic'), tot('objects')):.3f}",
        f"timestamp contradictions: {tot('time_contradictions')} in {sum(1 for r in ok if r['time_contradictions'])} specs",
        f"records shown under one ID with two titles or names: {tot('renamed')} in "
        f"{sum(1 for r in ok if r.get('renamed'))} specs; records dated outside the span a call asked for: "
        f"{tot('out_of_window')} in {sum(1 for r in ok if r.get('out_of_window'))} specs; records listed for a "
        f"scope named by ID that carry another ID in that field: {tot('out_of_scope')} in "
        f"{sum(1 for r in ok if r.get('out_of_scope'))} specs; rows of one listing that are two records under one "
        f"name or title: {tot('twin_rows')} in {sum(1 for r in ok if r.get('twin_rows'))} specs",
        f"values borrowed from the fixed vocabulary (a word the spec never uses): {tot('borrowed')}/{tot('strings')} = "
        f"{share(tot('borrowed'), tot('strings')):.4f}",
        f"argument values that are only the field's name and a digit (`place-4`): {tot('placeholders')}/"
        f"{tot('arg_strings')} = {share(tot('placeholders'), tot('arg_strings')):.4f}",
        f"instructions with >= 3 dictated values: {tot('dictated3')}/{tot('scenarios')} = "
        f"{share(tot('dictated3'), tot('scenarios')):.3f}",
        f"complex calls fed by an earlier output: {tot('fed')}/{tot('fed_of')} = {share(tot('fed'), tot('fed_of')):.3f}",
        "most repeated openings (summed over each spec's top one): "
        + "; ".join(f"'{o}' {n}" for o, n in openings.most_common(5)),
    ]
    reasons = Counter()
    for r in ok:
        reasons.update(r["failure_reasons"])
    lines.append("top failure reasons: " + "; ".join(f"{k} ({n})" for k, n in reasons.most_common(6)))
    return "\n".join(lines)


COLUMNS = ("spec", "tools", "covered", "scenarios", "complex", "failures", "generic", "objects", "time_contradictions",
           "dictated3", "fed", "fed_of", "mismatches", "source_errors", "turn_errors", "unstated", "gini")


def table(rows: list[dict]) -> str:
    """One Markdown row per spec (for a handful of specs)."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for r in sorted(rows, key=lambda r: r["spec"]):
        lines.append("| " + " | ".join(str(r.get(c, r.get("error", ""))) for c in COLUMNS) + " |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", type=Path, help="spec files or folders (default: bench/corpus)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sample", type=int, default=0, help="a domain-stratified sample of this many specs")
    ap.add_argument("--sample-seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--memory-gb", type=float, default=4.0, help="address-space cap per worker")
    ap.add_argument("--limit-s", type=int, default=300, help="time limit per spec")
    ap.add_argument("--out", type=Path, help="write one JSON line per spec here")
    a = ap.parse_args()
    specs: list[tuple[Path, str]] = []
    for p in a.paths or [CORPUS]:
        if (p / "mcp").is_dir() or (p / "openapi").is_dir():
            specs += corpus_specs(p)
        elif p.is_dir():
            specs += [(f, p.name) for f in sorted(p.glob("*.json")) if f.name != "index.json"]
        else:
            specs.append((p, p.parent.name))
    if a.sample:
        specs = stratified(specs, a.sample, a.sample_seed)
    t0 = time.perf_counter()
    rows: list[dict] = []
    sink = a.out.open("w") if a.out else None
    jobs = [(p, d, a.seed, a.limit_s) for p, d in specs]
    with mp.get_context("spawn").Pool(a.jobs, _init_worker, (a.memory_gb,), maxtasksperchild=20) as pool:
        for r in pool.imap_unordered(_run_one, jobs):
            rows.append(r)
            if sink:
                sink.write(json.dumps(r) + "\n")
                sink.flush()
            flag = r.get("error") or (f"{r['covered']}/{r['tools']} covered, {r['failures']} failures"
                                      if r["covered"] < r["tools"] or r["failures"] else "")
            print(f"[{len(rows)}/{len(jobs)}] {r['spec']}" + (f": {flag}" if flag else ""), file=sys.stderr, flush=True)
    if len(rows) <= 40:
        print(table(rows) + "\n")
    print(summary(rows))
    print(f"{time.perf_counter() - t0:.0f} s for {len(rows)} specs, seed {a.seed}, {a.jobs} workers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

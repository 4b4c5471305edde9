"""Speed and memory of the offline engine (numbers go to bench/RESULTS.md).

1. Stage logic (write + mock + expand) on one core over the 64-tool illustrator spec:
   scenarios per second, after the engines are built (interpretation, graph and the spec's lexicon
   timed apart).
2. A synthetic 1,000-tool spec (20 services x 50 tools over shared entity kinds) end to end:
   interpretation, graph, the uncovered-tools loop to full coverage; peak RSS.

Usage: python bench/offline_speed.py [--n 400] [--tools 1000]
"""

from __future__ import annotations

import argparse
import random
import resource
import time
from pathlib import Path

from engines.offline.pipeline import Pipeline, cover_suite
from engines.offline.spec_org import org_for
from schemas import ScenarioRequest, Tool, ToolSuite
from specs import load_suite

SPECS = Path(__file__).resolve().parent / "dev-specs"
_VERBS = ("list", "get", "create", "update", "delete", "search", "run", "export", "archive", "validate")
_NOUNS = ("project", "ticket", "invoice", "deployment", "bucket", "user", "report", "pipeline", "dataset",
          "webhook", "alert", "dashboard", "secret", "queue", "topic", "cluster", "snapshot", "policy", "role", "job")


def synthetic_suite(n: int, seed: int = 0) -> ToolSuite:
    """n tools in services of 50: verb_noun names, id parameters, some output schemas."""
    rng = random.Random(seed)
    tools = []
    for i in range(n):
        service = f"svc{i // 50:02d}"
        verb, noun = _VERBS[i % len(_VERBS)], _NOUNS[(i // len(_VERBS)) % len(_NOUNS)]
        props: dict = {"project_id": {"type": "string", "description": "Project that owns the resource."}}
        required = ["project_id"]
        if verb in ("get", "update", "delete", "run", "export", "archive", "validate"):
            props[f"{noun}_id"] = {"type": "string", "pattern": "^[a-z0-9_-]{3,40}$"}
            required.append(f"{noun}_id")
        if verb in ("create", "update"):
            props["name"] = {"type": "string", "minLength": 3, "maxLength": 60}
            props["labels"] = {"type": "array", "items": {"type": "string"}, "maxItems": 5}
            props["priority"] = {"type": "string", "enum": ["low", "medium", "high"]}
        if verb in ("list", "search"):
            props["query"] = {"type": "string"}
            props["limit"] = {"type": "integer", "minimum": 1, "maximum": 100}
        out = None
        if rng.random() < 0.4:
            out = {"type": "object", "properties": {f"{noun}s": {"type": "array", "items": {
                "type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
                "required": ["id"]}}, "message": {"type": "string"}}, "required": ["message"]}
        tools.append(Tool.model_validate({
            "name": f"{service}_{verb}_{noun}_{i}", "description": f"{verb.capitalize()} a {noun} in {service}.",
            "inputSchema": {"type": "object", "properties": props, "required": required},
            "outputSchema": out, "spec": "synthetic"}))
    return ToolSuite(tools=tools)


def stage_speed(n: int) -> dict:
    suite = load_suite([SPECS / "illustrator.json"])
    t0 = time.perf_counter()
    pipe = Pipeline(suite)
    org_for(0, suite)  # the spec's own words (its lexicon), read once per spec and process, like the graph
    built = time.perf_counter() - t0
    names = [t.name for t in suite.tools]
    reqs = [ScenarioRequest(id=f"b{i}", index=i, seed=i, complexity="complex" if i % 2 else "simple",
                            focus_tools=[names[i % len(names)]]) for i in range(n)]
    t0, c0 = time.perf_counter(), time.process_time()
    kept = sum(pipe.run(r) is not None for r in reqs)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    # CPU time is the figure to compare: the machine is shared, so wall time includes waiting.
    return {"spec": "illustrator", "tools": len(names), "build_s": built, "scenarios": kept,
            "seconds": dt, "per_second": kept / dt, "cpu_seconds": cpu, "per_cpu_second": kept / cpu}


def large(n_tools: int) -> dict:
    t0 = time.perf_counter()
    suite = synthetic_suite(n_tools)
    pipe = Pipeline(suite)
    built = time.perf_counter() - t0
    scenarios, failures = cover_suite(pipe, seed=1)
    used = {c.tool for s in scenarios for c in s.calls}
    return {"tools": n_tools, "edges": pipe.writer.graph.nx.number_of_edges(), "build_s": built,
            "scenarios": len(scenarios), "failures": len(failures), "coverage": len(used) / n_tools,
            "seconds": time.perf_counter() - t0,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--tools", type=int, default=1000)
    a = ap.parse_args()
    print(stage_speed(a.n), flush=True)
    if a.tools:  # (`--tools 0`: the stage speed alone)
        print(large(a.tools), flush=True)


if __name__ == "__main__":
    main()

"""A small harness written by hand for the report tests: known tool sequences, turns, tiers and usage."""

from __future__ import annotations

from pathlib import Path

from common.files import MANIFEST, SCENARIOS, TASKS, TOOLS, write_json, write_jsonl
from schemas import (
    Call,
    Coverage,
    Failure,
    GeneratorInfo,
    Manifest,
    RecordScore,
    Scenario,
    SpecSource,
    StageUsage,
    Task,
    Turn,
    UncoveredTool,
    Usage,
)

# name -> (top-level parameters, required ones)
TOOL_PARAMS = {
    "alpha_list": (["page", "limit"], []),
    "alpha_get": (["id"], ["id"]),
    "beta_create": (["name", "body", "tags", "draft"], ["name"]),
    "beta_update": (["id", "body"], ["id", "body"]),
    "gamma_delete": (["id", "force", "reason"], ["id"]),
    "gamma_export": (["id", "format"], ["id"]),  # never called; the manifest says why
    "zeta_ping": ([], []),  # never called; no reason recorded anywhere
}

# Free text reaches the page: a category that would run script if the report did not escape it.
INJECTED = "cleanup <img src=x onerror=\"console.error('injected')\">"

# id, complexity, category, tool sequence, turn split (indices of each turn's first call), tiers
SCENARIOS_SPEC = [
    ("s1", "simple", "browse", ["alpha_list", "alpha_get"], [0], ["high", "high"]),
    ("s2", "simple", "browse", ["alpha_get"], [0], ["medium"]),
    ("s3", "complex", "edit", ["alpha_list", "alpha_get", "beta_update", "alpha_get"], [0, 2], ["high", "low", "low", "high"]),
    ("s4", "complex", "edit", ["beta_create", "beta_create", "beta_update", "alpha_get"], [0], ["low", "low", None, "medium"]),
    ("s5", "complex", INJECTED, ["alpha_list", "gamma_delete", "beta_create"], [0, 1, 2], ["high", "medium", "low"]),
]


def tools_doc(extra_params: int = 0) -> list[dict]:
    """The tools; `extra_params` adds that many optional parameters to each (a more complex spec)."""
    out = []
    for name, (params, required) in TOOL_PARAMS.items():
        params = params + [f"opt{i}" for i in range(extra_params)]
        out.append({"name": name, "description": f"{name} <b>bold</b> & co",
                    "inputSchema": {"type": "object", "properties": {p: {"type": "string"} for p in params},
                                    "required": required}})
    return out


def scenarios(spec: str = "toy") -> list[Scenario]:
    out = []
    for sid, complexity, category, seq, starts, tiers in SCENARIOS_SPEC:
        calls = [Call(tool=t, arguments={}, explanation=f"step {i}", output={"ok": i}, grounding=g)
                 for i, (t, g) in enumerate(zip(seq, tiers))]
        bounds = starts + [len(seq)]
        turns = [Turn(user=f"turn {k}", calls=list(range(bounds[k], bounds[k + 1]))) for k in range(len(starts))]
        out.append(Scenario(id=sid, title=f"<script>alert('{sid}')</script>", complexity=complexity,
                            category=category, instruction="do it", novelty_reason="-", follow_up="-",
                            calls=calls, turns=turns, specs=[spec]))
    return out


def manifest(scens: list[Scenario], spec: str = "toy") -> Manifest:
    per_tool: dict[str, int] = {}
    for s in scens:
        for c in s.calls:
            per_tool[c.tool] = per_tool.get(c.tool, 0) + 1
    return Manifest(
        generator=GeneratorInfo(version="test", engines={"scenario": "hand"}, seed=7, strategy="hand"),
        sources=[SpecSource(name=spec, kind="mcp", location=f"{spec}.json", sha256="0" * 64, tool_count=len(TOOL_PARAMS))],
        coverage=Coverage(total_tools=len(TOOL_PARAMS), covered_tools=len(per_tool), ratio=len(per_tool) / len(TOOL_PARAMS),
                          per_tool=per_tool,
                          uncovered=[UncoveredTool(tool="gamma_export", reason="budget exhausted after 3 rounds")]),
        usage=Usage(stages={"scenario": StageUsage(requests=5, prompt_tokens=1000, completion_tokens=200, cost_usd=0.01),
                            "mock": StageUsage(requests=3, cache_hits=1, prompt_tokens=300, completion_tokens=100,
                                               cost_usd=0.002)}),
        failures=[Failure(stage="expand", item="s2", reason="single-turn expansion discarded")],
    )


def write_fixture(root: Path, spec: str = "toy", extra_params: int = 0) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    scens = scenarios(spec)
    write_json(root / TOOLS, {"tools": tools_doc(extra_params)})
    write_jsonl(root / SCENARIOS, scens)
    write_jsonl(root / TASKS, [Task.from_scenario(s) for s in scens])
    write_json(root / MANIFEST, manifest(scens, spec).model_dump(mode="json", by_alias=True))
    return root


def write_scores(path: Path, scores: dict[str, float], judge: str = "deterministic", spec: str = "toy",
                 coherence: bool = False) -> Path:
    """A scores JSONL: one RecordScore per scenario id with the given overall score (and coherence scores)."""
    complexity = {sid: c for sid, c, *_ in SCENARIOS_SPEC}
    recs = [RecordScore(scenario_id=sid, spec=spec, complexity=complexity.get(sid, "simple"), judge=judge, score=v,
                        dimensions={"usage": 1.0, "selection": v, "ordering": None, "arguments": v},
                        subdimensions={"selection.correctness": v, "arguments.value": min(1.0, v + 0.1)},
                        coherence={"logical_flow": v, "completeness": 1.0} if coherence else None)
            for sid, v in scores.items()]
    path.parent.mkdir(parents=True, exist_ok=True)
    write_jsonl(path, recs)
    return path


def write_synthetic(root: Path, *, tools: int, groups: int, scenarios: int, seed: int) -> Path:
    """A large harness: `tools` tools named `g<k>_op<i>` in `groups` prefixes, random workflows mostly
    inside one group (like real suites), a few tools never called."""
    import random

    rng = random.Random(seed)
    names = [f"g{i % groups}_op{i}" for i in range(tools)]
    by_group: dict[str, list[str]] = {}
    for n in names:
        by_group.setdefault(n.split("_")[0], []).append(n)
    called = names[: tools - 3]
    scens = []
    for i in range(scenarios):
        complex_ = rng.random() < 0.6
        pool = [n for n in rng.choice(list(by_group.values())) if n in called] + rng.sample(called, 3)
        seq = [rng.choice(pool) for _ in range(rng.randint(3, 8) if complex_ else rng.randint(1, 2))]
        calls = [Call(tool=t, arguments={}, explanation="x", output={}, grounding=rng.choice(["high", "low"]))
                 for t in seq]
        scens.append(Scenario(id=f"s{i}", title="t", complexity="complex" if complex_ else "simple",
                              category=f"cat{rng.randint(0, 40)}", instruction="i", novelty_reason="n", follow_up="f",
                              calls=calls, turns=[Turn(user="u", calls=list(range(len(seq))))]))
    root.mkdir(parents=True, exist_ok=True)
    doc = [{"name": n, "description": n, "inputSchema": {"type": "object", "properties": {}}} for n in names]
    write_json(root / TOOLS, {"tools": doc})
    write_jsonl(root / SCENARIOS, scens)
    covered = len({c.tool for s in scens for c in s.calls})
    m = Manifest(generator=GeneratorInfo(version="test", engines={"scenario": "hand"}, seed=seed, strategy="hand"),
                 sources=[SpecSource(name="big", kind="mcp", location="big.json", sha256="0" * 64, tool_count=tools)],
                 coverage=Coverage(total_tools=tools, covered_tools=covered, ratio=covered / tools))
    write_json(root / MANIFEST, m.model_dump(mode="json", by_alias=True))
    return root

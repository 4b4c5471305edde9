"""`seer generate SPEC... --out DIR`: specs in, harness directory out.

Flags override the config file, which overrides the defaults. Environment variables
(RAY_ADDRESS) are read here, at the CLI edge, and nowhere else.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import typer

from schemas import STAGES, Manifest, RunConfig
from schemas.config import ConfigError, load_config

def _config(config_file: Path | None, engine: str | None, overrides: dict) -> RunConfig:
    if engine is not None:
        from engines.registry import engine_names

        # an engine for --engine is one every stage has (a registered plugin engine included)
        known = sorted(set.intersection(*(set(engine_names(stage)) for stage in STAGES)))
        if engine not in known:
            raise ConfigError(f"--engine: unknown engine {engine!r}; known: {', '.join(known)}")
        for stage in STAGES:
            overrides[f"engines.{stage}"] = engine
    cfg = load_config(config_file, **overrides)
    from coordinator.samplers import build_sampler
    from engines.registry import factory

    path, _, cls = cfg.strategy.rpartition(":")
    if path.endswith(".py") and Path(path).is_file():  # a strategy file: found by absolute path wherever it runs
        cfg = cfg.model_copy(update={"strategy": f"{Path(path).resolve()}:{cls}"})
    build_sampler(cfg.strategy)
    for stage, name in cfg.engines.as_dict().items():
        try:
            factory(stage, name)
        except KeyError as e:
            raise ConfigError(f"engines.{stage}: {e.args[0]}") from None
    return cfg


def generate(
    ctx: typer.Context,
    specs: list[Path] = typer.Argument(None, help="Spec files: MCP tools/list JSON, OpenAPI 3.x, OpenAI function lists.",
                                       show_default=False),
    out: Path = typer.Option(..., "--out", "-o", help="Harness directory to write (created; one made from other specs or settings needs --force)."),
    server: list[str] = typer.Option([], "--server", help='A live MCP server to read tools from, "CMD ARGS" (repeatable).'),
    config_file: Path = typer.Option(None, "--config", "-c", help="A YAML preset, e.g. configs/llm.yaml."),
    engine: str = typer.Option(None, "--engine", help="Engine for every stage: offline (default) or llm."),
    model: str = typer.Option(None, "--model", help="litellm model string for the llm engine, or local/smollm2."),
    api_base: str = typer.Option(None, "--api-base", help="OpenAI-compatible server for the llm engine (vLLM, llama.cpp, Ollama)."),
    concurrency: int = typer.Option(None, "--concurrency", help="LLM requests in flight at most (default 8)."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Bypass the LLM response cache."),
    max_cost: float = typer.Option(None, "--max-cost", help="Stop dispatching LLM requests after this many US dollars."),
    max_calls: int = typer.Option(None, "--max-calls", help="Stop dispatching after this many LLM requests."),
    fallback: str = typer.Option(None, "--fallback", help="offline: the offline engine produces items the LLM failed on."),
    seed: int = typer.Option(None, "--seed", help="Run seed (default 0): same specs + seed give the same harness."),
    strategy: str = typer.Option(None, "--strategy", help="uniform, least-covered (default), graph-walk, cluster, an installed one, or FILE.py:CLASS (your own)."),
    min_per_tool: int = typer.Option(None, "--min-per-tool", help="Calls each tool needs to count as covered (default 1)."),
    cover: str = typer.Option(None, "--cover", help="Coverage dimensions the run must reach, comma-separated: tools "
                              "(default), params, enums, edges; what cannot be reached is given up with the reason."),
    max_scenarios: int = typer.Option(None, "--max-scenarios", help="Stop after requesting this many scenarios."),
    batch_size: int = typer.Option(None, "--batch-size", help="Scenarios requested per coverage round (default 16)."),
    max_rounds: int = typer.Option(None, "--max-rounds", help="Coverage rounds at most (default: scaled to the spec)."),
    workers: int = typer.Option(None, "--workers", help="Workers for every stage."),
    interpret_workers: int = typer.Option(None, "--interpret-workers", help="Interpreter workers (overrides --workers)."),
    scenario_workers: int = typer.Option(None, "--scenario-workers", help="Scenario-writer workers (overrides --workers)."),
    mock_workers: int = typer.Option(None, "--mock-workers", help="Mock workers (overrides --workers)."),
    expand_workers: int = typer.Option(None, "--expand-workers", help="Expander workers (overrides --workers)."),
    resume: bool = typer.Option(False, "--resume", help="Continue an interrupted run in --out (same specs and settings)."),
    force: bool = typer.Option(False, "--force", help="Replace a harness or unfinished run in --out made from other specs or settings."),
    ray: bool = typer.Option(False, "--ray", help="Run the stages as Ray actors on a private local Ray instance (same harness)."),
    address: str = typer.Option(None, "--address", help="Run on this Ray cluster (also RAY_ADDRESS)."),
    in_process: bool = typer.Option(False, "--in-process", help="Run in this process even if RAY_ADDRESS or the config names Ray (the default)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON on stdout."),
    no_progress: bool = typer.Option(False, "--no-progress", help="No progress bars on stderr."),
) -> None:
    """Generate an evaluation harness: interpret tools, write scenarios until every tool is covered, mock, expand."""
    started = time.perf_counter()
    overrides: dict = {
        "llm.model": model, "seed": seed, "strategy": strategy, "min_per_tool": min_per_tool,
        "cover": [c.strip() for c in cover.split(",") if c.strip()] if cover is not None else None,
        "budget.max_scenarios": max_scenarios, "batch_size": batch_size, "max_rounds": max_rounds,
        "llm.api_base": api_base, "llm.concurrency": concurrency, "llm.cache": False if no_cache else None,
        "budget.max_cost": max_cost, "budget.max_llm_calls": max_calls, "llm.fallback": fallback,
    }
    for stage, n in (("interpret", interpret_workers), ("scenario", scenario_workers), ("mock", mock_workers),
                     ("expand", expand_workers)):
        overrides[f"workers.{stage}"] = n if n is not None else workers
    cfg = _config(config_file, engine, overrides)
    use_ray, address = runtime_choice(cfg, ray=ray, address=address, in_process=in_process,
                                      env_address=os.environ.get("RAY_ADDRESS"))

    from cli.inspect import warn_loaded
    from specs import load_suite

    if force and resume:
        raise ConfigError("--force and --resume: choose one")
    suite = load_suite(list(specs or []), list(server))
    warn_loaded(suite)
    if not resume:
        from coordinator.checkpoint import Checkpoint, fingerprint
        from coordinator.tasks import generation_settings

        Checkpoint(out).claim(fingerprint(suite, generation_settings(cfg)), force=force)
    log_level = (ctx.parent.params.get("log_level") if ctx.parent else None) or "warning"

    from coordinator.progress import ProgressDisplay

    display = ProgressDisplay(enabled=not no_progress)
    nodes: dict[str, dict[str, int]] = {}  # on Ray: node id -> stage -> calls its workers finished
    try:
        with display:
            manifest = _run(suite, cfg, str(out), resume, address, use_ray, display, log_level, nodes)
    except KeyboardInterrupt:
        typer.echo(interrupted_message(out), err=True)
        raise typer.Exit(130)
    seconds = time.perf_counter() - started
    warnings = budget_warnings(cfg, manifest)
    stopped = budget_stop_warning(manifest)
    if stopped:  # on stderr in both modes: a run that looks finished but is not must not pass unnoticed
        typer.echo(f"warning: {stopped}", err=True)
    if as_json:
        typer.echo(json.dumps({**summary_dict(manifest, out, seconds), "warnings": warnings + [stopped] * bool(stopped),
                               **({"nodes": nodes} if nodes else {})}, indent=2))
    else:
        print_summary(manifest, out, seconds, warnings, nodes)
    if manifest.counts.scenarios == 0:
        typer.echo(f"error: {nothing_generated(manifest, out)}", err=True)
        raise typer.Exit(1)


def nothing_generated(m: Manifest, out: Path) -> str:
    """The one line for a run that wrote no scenario: the first thing that went wrong, and where the rest is."""
    first = next((f for f in m.failures if f.recovered_by is None), None)
    if first is None:
        why = f"stopped: {m.stop_reason}"
    else:
        where = f"{first.stage} {first.item}"
        why = "first failure: " + (first.reason if first.reason.startswith(where) else f"{where}: {first.reason}").rstrip(".")
    return f"no scenario was generated; {why}; all {len(m.failures)} failure(s) are in {out / 'manifest.json'}"


def runtime_choice(cfg: RunConfig, *, ray: bool, address: str | None, in_process: bool,
                   env_address: str | None) -> tuple[bool, str | None]:
    """(run on Ray, the cluster address or None for a private instance).

    On one machine a private Ray instance only costs: seconds to start and stop, for the same harness.
    So the run stays in this process unless the user asks for Ray: `--ray`, a cluster address (flag,
    RAY_ADDRESS or config) or `runtime: ray` in a config. `--in-process` overrides the environment and
    the config, but contradicting a flag on the same command line is an error, not a silent choice.
    """
    if in_process:
        if ray or address:
            raise ConfigError(f"--in-process and {'--ray' if ray else '--address'}: choose one")
        return False, None
    address = address or env_address or cfg.address
    return bool(ray or address or cfg.runtime == "ray"), address


def _run(suite, cfg: RunConfig, out: str, resume: bool, address: str | None, use_ray: bool, display, log_level,
         nodes: dict[str, dict[str, int]]):
    if not use_ray:
        from actors.local import run_local
        from coordinator.coordinator import Coordinator

        from llm_client.gateway import LLMGateway

        try:
            # LLM stages wait on the network: run them on threads (the harness is the same whatever the threads)
            threads = max((cfg.stage_workers(s)[0] for s in cfg.engines.llm_stages()), default=1)
            return run_local(Coordinator(suite, cfg, out=out, resume=resume), threads=threads, on_progress=display.update)
        finally:
            LLMGateway.close_shared()  # the in-process LLM gateway (and a local model server it started)
    from actors import ray_runtime, ray_start

    started = ray_start.init(address)
    try:
        return ray_runtime.run_ray(suite, cfg, out, resume=resume, on_progress=display.update, log_level=log_level,
                               on_placement=nodes.update)
    finally:
        if started:
            ray_start.shutdown()


def interrupted_message(out: Path) -> str:
    """What Ctrl-C left in `out`: the advice to resume only when there is a partial run to resume.

    A Ctrl-C can land before anything was written (Ray still starting) or after the coordinator wrote
    the complete harness; `--resume` refuses both, so the message must not suggest it.
    """
    from common.files import MANIFEST, RUN_DIR
    from coordinator.checkpoint import RUN_META

    try:
        partial = Manifest.model_validate_json((out / MANIFEST).read_text(encoding="utf-8")).partial
    except (OSError, ValueError):
        partial = None
    if partial is None and not (out / RUN_DIR / RUN_META).is_file():
        return f"interrupted before any harness was written to {out}; nothing to resume, run the command again"
    if partial is False:
        return f"interrupted after the run finished: the harness in {out} is complete (nothing to resume)"
    return f"interrupted: partial harness in {out}; continue with the same command plus --resume"


def budget_warnings(cfg: RunConfig, m: Manifest) -> list[str]:
    """Caps the run could not enforce: a cost cap means nothing for a model without a known price."""
    total = m.usage.total
    if cfg.budget.max_cost is not None and total.requests and total.cost_usd is None:
        return [f"--max-cost {cfg.budget.max_cost:g} was not enforced: no price is known for {cfg.llm.model}; set "
                "llm.input_cost_per_million and llm.output_cost_per_million in a config file, or cap --max-calls"]
    return []


_LIFTED_BY = {"max_scenarios": "--max-scenarios", "max_rounds": "--max-rounds", "max_llm_calls": "--max-calls",
              "max_cost": "--max-cost", "max_tokens": "budget.max_tokens in a config"}


def budget_stop_warning(m: Manifest) -> str | None:
    """When a budget, not the spec, ended the run before every tool was covered: which one, how many tools
    are left, and what lifts it. (A run the user capped on purpose still hears it: coverage is the point.)"""
    reason = m.stop_reason or ""
    left = m.coverage.total_tools - m.coverage.covered_tools
    if not reason.startswith("budget:") or left <= 0:
        return None
    name = reason.removeprefix("budget:").split("(")[0].strip()
    return (f"the budget stopped the run: {reason.removeprefix('budget: ')}, with {left} of "
            f"{m.coverage.total_tools} tool(s) uncovered; raise or lift it with {_LIFTED_BY.get(name, name)}")


def summary_dict(m: Manifest, out: Path, seconds: float) -> dict:
    return {
        "out": str(out), "partial": m.partial, "stop_reason": m.stop_reason, "seconds": round(seconds, 2),
        "counts": m.counts.model_dump(), "coverage": {
            "ratio": m.coverage.ratio, "covered": m.coverage.covered_tools, "total": m.coverage.total_tools,
            "uncovered": [u.model_dump() for u in m.coverage.uncovered],
        },
        "skipped_tools": len(m.skipped_tools), "failures": len(m.failures), "usage": m.usage.total.model_dump(), "generator": m.generator.model_dump(),
    }


def print_summary(m: Manifest, out: Path, seconds: float, warnings: list[str] = (),
                  nodes: dict[str, dict[str, int]] | None = None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(stderr=False)
    if not console.is_terminal:  # piped or captured: keep each line whole (paths, reasons)
        console = Console(stderr=False, width=max(console.width, 200))
    c, cov = m.counts, m.coverage
    t = Table(show_header=False, box=None, pad_edge=False)
    t.add_column(style="bold")
    t.add_column()
    t.add_row("harness", f"{Path(out).resolve()}  ({'PARTIAL, ' if m.partial else ''}{m.stop_reason})")
    t.add_row("scenarios", f"{c.scenarios}: {c.simple} simple, {c.complex} complex, {c.multi_turn} multi-turn; {c.calls} calls")
    t.add_row("coverage", f"{cov.covered_tools}/{cov.total_tools} tools ({cov.ratio:.0%}) with >= {cov.min_per_tool} call(s); "
                          f"strategy {m.generator.strategy}, seed {m.generator.seed}")
    for u in cov.uncovered[:5]:
        t.add_row("", f"[yellow]uncovered[/] {u.tool}: {u.reason}")
    if len(cov.uncovered) > 5:
        t.add_row("", f"... {len(cov.uncovered) - 5} more in manifest.json")
    if m.skipped_tools:  # coverage counts only the tools loaded: say what it leaves out
        t.add_row("skipped", f"[yellow]{len(m.skipped_tools)} tool(s) of the spec not loaded[/] "
                             f"(first: {m.skipped_tools[0].tool}); reasons in manifest.json skipped_tools")
    by_stage: dict[str, int] = {}
    for f in m.failures:
        by_stage[f.stage] = by_stage.get(f.stage, 0) + 1
    t.add_row("failures", ", ".join(f"{k} {v}" for k, v in sorted(by_stage.items())) or "none")
    total = m.usage.total
    if total.requests or total.cache_hits:
        from coordinator.progress import usage_note

        t.add_row("LLM usage", usage_note(total))
    engines = sorted(set(m.generator.engines.values()))
    t.add_row("engine", ", ".join(engines) + (f" ({m.generator.model})" if m.generator.model else ""))
    if nodes:  # a cluster run: where the stage calls ran (node ids shortened as `ray status` does not, 8 digits)
        t.add_row("nodes", "; ".join(f"{node[:8]}: " + ", ".join(f"{s} {n}" for s, n in per.items() if n)
                                     for node, per in sorted(nodes.items())))
    t.add_row("time", f"{seconds:.1f} s")
    console.print(t)
    for w in warnings:
        console.print(f"warning: {w}", style="yellow", markup=False)
    if m.partial:
        console.print(f"continue with: seer generate ... --out {out} --resume", style="yellow")
    elif c.scenarios:
        console.print(f"next: seer validate {out}  ·  seer serve {out}", style="dim")
    sys.stdout.flush()

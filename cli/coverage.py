"""`seer coverage SPEC...`: sampling strategies compared on every coverage dimension."""

from pathlib import Path

import typer


def coverage(
    specs: list[Path] = typer.Argument(..., help="Spec files to generate for."),
    strategies: str = typer.Option("uniform,least-covered,graph-walk,cluster", "--strategies",
                                   help="Comma-separated strategies: built-in names, installed ones, FILE.py:CLASS."),
    seeds: int = typer.Option(5, "--seeds", min=1, help="Seeds per strategy: 0..N-1."),
    out: Path = typer.Option(..., "--out", help="Directory (created): coverage.html, coverage.csv, summary.json, figures/."),
    cover: str = typer.Option("tools", "--cover", help="What each run must reach before it stops, as for `seer generate`."),
    engine: str = typer.Option("offline", "--engine", help="Engine for every stage (offline: no model, seconds per run)."),
) -> None:
    """Compare sampling strategies: coverage of tools, parameters, enum values and graph edges per scenario."""
    import json

    from common.files import InterruptedAfterWriting
    from coordinator.samplers import build_sampler
    from evaluation.coverage_compare import compare
    from evaluation.coverage_page import CSV, write
    from schemas import load_config
    from specs import load_suite

    chosen = [s.strip() for s in strategies.split(",") if s.strip()]
    dims = [c.strip() for c in cover.split(",") if c.strip()]
    load_config(None, cover=dims)  # a bad --cover fails here, in one line, before any run
    for name in chosen:
        build_sampler(name)
    suites = {Path(p).stem: load_suite([p]) for p in specs}
    total = len(suites) * len(chosen) * seeds
    done = []

    def progress(run) -> None:
        done.append(run)
        typer.echo(f"[{len(done)}/{total}] {run.spec} {run.strategy} seed {run.seed}: {len(run.curves['tools'])} "
                   f"scenarios, {run.seconds} s", err=True)

    try:
        result = compare(suites, chosen, list(range(seeds)), engine=engine, cover=dims, progress=progress)
        written = write(result, out)
    except KeyboardInterrupt as e:
        kept = "complete" if isinstance(e, InterruptedAfterWriting) else "left as it was"
        typer.echo(f"interrupted after {len(done)} of {total} runs: {out} {kept}; run the command again", err=True)
        raise typer.Exit(130)
    typer.echo(json.dumps({"html": str(written.html), "csv": str(out / CSV), "summary": str(written.summary),
                           "runs": len(result.runs)}))

"""`seer grade|report|diff|coverage`: grading lives in evaluation/grade_cmd.py, the other commands here."""

from pathlib import Path

import typer

from evaluation.grade_cmd import grade  # re-exported for the CLI wiring

__all__ = ["coverage", "diff", "grade", "report"]


def report(
    dirs: list[Path] = typer.Argument(..., help="Harness directories (paths after --scores that are not harnesses are score sets)."),
    scores: list[Path] = typer.Option([], "--scores", help="Graded records: `seer grade --out` directory or a scores JSONL."
                                      " `--scores A B` and `--scores A --scores B` both work."),
    out: Path = typer.Option(..., "--out", help="Report directory (created): report.html, figures/*.png, summary.json."),
) -> None:
    """Write an HTML report with figures and summary.json: generation, scores and schema complexity."""
    import json

    from harness.io import InterruptedAfterWriting

    written = False
    try:
        from evaluation.report import build_report, split_inputs  # matplotlib: a second or two

        harness_dirs, score_paths = split_inputs(dirs, scores)
        result = build_report(harness_dirs, out, score_paths)
        written = True
        typer.echo(json.dumps({"report": str(result.html), "summary": str(result.summary),
                               "figures": [str(p) for p in result.figures]}))
    except KeyboardInterrupt as e:  # typer would exit 130 silently; the files are written together at the end
        if written or isinstance(e, InterruptedAfterWriting):
            typer.echo(f"interrupted after the report was written: {out} is complete", err=True)
        else:
            typer.echo(f"interrupted: no report written, {out} left as it was; run the command again", err=True)
        raise typer.Exit(130)


def diff(
    baseline: Path = typer.Argument(..., help="Baseline scores: a `seer grade --out` directory or its scores JSONL."),
    candidate: Path = typer.Argument(..., help="Candidate scores, graded on the same harness."),
    fail_on: str | None = typer.Option(None, "--fail-on", help="`regression`: exit 1 when the candidate's mean score "
                                       "is lower than the baseline's with the whole 95% interval below zero."),
    out: Path | None = typer.Option(None, "--out", help="Also write the Markdown summary to this file."),
    as_json: bool = typer.Option(False, "--json", help="Print the comparison as JSON instead of Markdown."),
    seed: int = typer.Option(0, "--seed", help="Bootstrap seed."),
    resamples: int = typer.Option(2000, "--resamples", min=100, help="Bootstrap resamples."),
) -> None:
    """Compare two score sets per scenario and dimension, with a paired bootstrap interval on the difference."""
    import json

    from evaluation.diff import diff as compare
    from evaluation.diff import markdown
    from evaluation.grading import load_scores
    from harness.io import write_text
    from schemas.errors import SeerError

    if fail_on not in (None, "regression"):
        raise SeerError(f"--fail-on {fail_on}: the one condition is `regression`")
    result = compare(load_scores(baseline), load_scores(candidate), baseline_name=str(baseline),
                     candidate_name=str(candidate), seed=seed, resamples=resamples)
    text = markdown(result)
    if out is not None:
        write_text(out, text)
    typer.echo(json.dumps(result.to_dict(), indent=2) if as_json else text, nl=False if not as_json else True)
    if fail_on == "regression" and result.verdict == "regression":
        raise typer.Exit(1)


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

    from coordinator.samplers import build_sampler
    from evaluation.coverage_compare import compare
    from evaluation.coverage_page import CSV, write
    from harness.io import InterruptedAfterWriting
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

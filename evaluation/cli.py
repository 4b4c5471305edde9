"""`seer grade|report|diff`: grading lives in evaluation/grade_cmd.py, the report and diff commands here."""

from pathlib import Path

import typer

from evaluation.grade_cmd import grade  # re-exported for the CLI wiring

__all__ = ["diff", "grade", "report"]


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

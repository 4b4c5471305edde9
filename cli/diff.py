"""`seer diff BASELINE CANDIDATE`: two score sets compared per scenario and dimension."""

from pathlib import Path

import typer


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

    from common.files import write_text
    from evaluation.diff import diff as compare
    from evaluation.diff import markdown
    from evaluation.grading import load_scores
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

"""`seer report DIR... --out OUT`: an HTML report with figures and summary.json."""

from pathlib import Path

import typer


def report(
    dirs: list[Path] = typer.Argument(..., help="Harness directories (paths after --scores that are not harnesses are score sets)."),
    scores: list[Path] = typer.Option([], "--scores", help="Graded records: `seer grade --out` directory or a scores JSONL."
                                      " `--scores A B` and `--scores A --scores B` both work."),
    out: Path = typer.Option(..., "--out", help="Report directory (created): report.html, figures/*.png, summary.json."),
    sections: str | None = typer.Option(None, "--sections", help="Sections to write, comma-separated, in order (default "
                                        "all): generation, scores, agreement, complexity, verification, installed ones."),
) -> None:
    """Write an HTML report with figures and summary.json: generation, scores and schema complexity."""
    import json

    from common.files import InterruptedAfterWriting
    from schemas.errors import SeerError

    written = False
    try:
        from evaluation.report import build_report, default_sections, split_inputs  # matplotlib: a second or two

        try:
            builders = default_sections([n.strip() for n in sections.split(",") if n.strip()] if sections else None)
        except KeyError as e:
            raise SeerError(f"--sections: {e}") from None
        harness_dirs, score_paths = split_inputs(dirs, scores)
        result = build_report(harness_dirs, out, score_paths, builders=builders)
        written = True
        typer.echo(json.dumps({"report": str(result.html), "summary": str(result.summary),
                               "figures": [str(p) for p in result.figures]}))
    except KeyboardInterrupt as e:  # typer would exit 130 silently; the files are written together at the end
        if written or isinstance(e, InterruptedAfterWriting):
            typer.echo(f"interrupted after the report was written: {out} is complete", err=True)
        else:
            typer.echo(f"interrupted: no report written, {out} left as it was; run the command again", err=True)
        raise typer.Exit(130)

"""`seer validate DIR`: check a harness against its own tools."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from schemas.errors import SeerError


def validate(
    harness_dir: Path = typer.Argument(..., help="Harness directory to check."),
) -> None:
    """Check a harness against its own tools; print a JSON report; exit 0 when clean, 1 otherwise."""
    from harness.validate import validate_harness

    if not harness_dir.is_dir():  # nothing to report on: a usage error, not a harness with problems
        what = "is not a directory" if harness_dir.exists() else "does not exist"
        raise SeerError(f"{harness_dir}: {what}; pass a harness directory written by seer generate")
    report = validate_harness(harness_dir)
    typer.echo(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    raise typer.Exit(0 if report.ok else 1)

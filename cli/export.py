"""`seer export DIR --format F --out OUT`: a harness in a format other tools read."""

from __future__ import annotations

import json
from pathlib import Path

import typer


def export(
    harness_dir: Path = typer.Argument(..., help="Harness directory to export."),
    fmt: str = typer.Option(..., "--format", help="chat-jsonl (OpenAI chat fine-tuning data), hf (a Hugging Face "
                            "dataset on disk) or inspect (an Inspect AI task); hf and inspect need the export extra."),
    out: Path = typer.Option(..., "--out", help="Output directory (created); the files are written inside it."),
) -> None:
    """Write a harness in a format other tools read; print the paths written as JSON."""
    from common.files import load_harness
    from harness.export import export as write_export

    harness = load_harness(harness_dir)
    if harness.partial_warning():
        typer.echo(harness.partial_warning(), err=True)
    written = write_export(harness, fmt, out)
    typer.echo(json.dumps({"format": fmt, "scenarios": len(harness.scenarios), "written": [str(p) for p in written]}))

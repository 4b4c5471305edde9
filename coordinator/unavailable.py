"""Placeholder for subcommands whose implementation has not landed: says so plainly and exits 3."""

import typer


def not_available(command: str) -> None:
    typer.echo(f"error: `seer {command}` is not available yet in this version", err=True)
    raise typer.Exit(3)

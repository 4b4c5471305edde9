"""`seer inspect`: the schema-complexity profile of specs and live servers."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from specs.loader import DEFAULT_SERVER_TIMEOUT, load_suite
from specs.profile import SpecProfile, profile

_COLUMNS = ("spec", "kind", "tools", "params/tool", "optional", "depth", "enum", "anyOf", "oneOf", "$ref", "outSchema", "annot", "skipped")


def _row(p: SpecProfile) -> list[str]:
    f = p.features
    return [
        p.name, p.kind or "mixed", str(p.tools), f"{p.params_per_tool:.2f}", f"{p.optional_ratio:.2f}", str(p.max_depth),
        str(f["enum"]), str(f["anyOf"]), str(f["oneOf"]), str(f["$ref"]),
        str(p.with_output_schema), str(p.with_annotations), str(p.skipped),
    ]


def _table(prof: SpecProfile) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Schema-complexity profile", title_justify="left")
    for i, c in enumerate(_COLUMNS):
        table.add_column(c, justify="left" if i < 2 else "right", no_wrap=True)
    for p in prof.specs:
        table.add_row(*_row(p))
    if len(prof.specs) > 1:
        table.add_section()
        table.add_row(*_row(prof), style="bold")
    console = Console()
    if not console.is_terminal:  # piped or captured: do not squeeze the table into 80 columns
        console = Console(width=max(console.width, 160))
    console.print(table)


def inspect(
    specs: list[Path] = typer.Argument(
        None, help="Spec files: MCP tools/list JSON, OpenAPI 3.0/3.1 (JSON or YAML), OpenAI function lists.",
        show_default=False,
    ),
    server: list[str] = typer.Option(
        [], "--server", help='A live MCP server to start over stdio, as one command line "CMD ARGS" (repeatable).'
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the profile, sources, skipped tools and renames as JSON on stdout."),
    timeout: float = typer.Option(
        DEFAULT_SERVER_TIMEOUT, "--timeout", min=0.1, help="Seconds to wait for each live server's tool list."
    ),
) -> None:
    """Load specs and print their schema-complexity profile (tools, parameters, nesting, keywords)."""
    suite = load_suite(list(specs or []), list(server), server_timeout=timeout)
    prof = profile(suite)
    if as_json:
        out = {
            "profile": prof.model_dump(mode="json"),
            "sources": [s.model_dump(mode="json") for s in suite.sources],
            "skipped": [s.model_dump(mode="json") for s in suite.skipped],
            "name_map": suite.name_map,
        }
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    warn_loaded(suite)
    _table(prof)


def warn_loaded(suite) -> None:
    """On stderr, what loading changed: every tool skipped (with where and why) and the renames. Every
    command that reads specs says it, so that a skipped tool is never a silent gap in what follows."""
    for s in suite.skipped:
        typer.echo(f"warning: skipped {s.spec}/{s.tool!r} at {s.path}: {s.reason}", err=True)
    if suite.name_map:
        typer.echo(f"note: {len(suite.name_map)} tools renamed as spec__tool (names shared by several specs)", err=True)

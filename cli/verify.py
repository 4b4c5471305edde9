"""`seer verify DIR --server CMD`: replay a harness against the real MCP server."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import typer


def verify(
    harness_dir: Path = typer.Argument(..., help="Harness directory to replay."),
    server: str = typer.Option(..., "--server", help='The real MCP server, "CMD ARGS" over stdio; {sandbox} is replaced.'),
    setup: str | None = typer.Option(None, "--setup", help="Shell command run in each fresh sandbox first ({sandbox} replaced)."),
    sandbox: Path | None = typer.Option(None, "--sandbox", help="Keep per-scenario sandboxes under this directory."),
    out: Path | None = typer.Option(None, "--out", help="Where to write the report (default DIR/verification.json)."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON on stdout instead of a table."),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds for the server to start and for each call."),
    scenario: list[str] = typer.Option([], "--scenario", help="Verify only these scenario ids (repeatable)."),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Verify at most this many scenarios."),
) -> None:
    """Replay a harness against the real MCP server: executability and mock fidelity per tool."""
    if timeout <= 0:
        raise typer.BadParameter("must be positive", param_hint="--timeout")
    target = out or harness_dir / "verification.json"  # harness.verify.FILE_NAME, known before that import
    state = SimpleNamespace(verified=0, written=False)
    try:
        _verify(harness_dir, server, setup, sandbox, target, as_json, timeout, scenario, limit, state)
    except KeyboardInterrupt:  # typer would exit 130 silently; the report is written only at the end
        if state.written:
            typer.echo(f"interrupted after the report was written: {target} is complete", err=True)
        else:
            kept = (f"; the sandboxes so far are kept in {sandbox}: empty it or give another --sandbox"
                    if sandbox is not None and sandbox.is_dir() and any(sandbox.iterdir()) else "")
            typer.echo(f"interrupted after verifying {state.verified} scenario(s): no report written, {target} left as it "
                       f"was; run the command again{kept}", err=True)
        raise typer.Exit(130)


def _verify(harness_dir: Path, server: str, setup: str | None, sandbox: Path | None, target: Path, as_json: bool,
            timeout: float, scenario: list[str], limit: int | None, state: SimpleNamespace) -> None:
    from rich.console import Console

    from common.files import load_harness, write_json
    from harness.verify import VerifyOptions, verify_harness
    from harness.verify_report import render_table

    options = VerifyOptions(server=server, setup=setup, sandbox=sandbox, timeout=timeout,
                            scenarios=tuple(scenario), limit=limit)
    err = Console(stderr=True)

    def progress(rec: dict) -> None:
        state.verified += 1
        ok = sum(1 for c in rec["calls"] if c["ok"])
        err.print(f"{rec['id']}: {ok}/{len(rec['calls'])} calls ok" + (f" — {rec['error']}" if rec["error"] else ""))

    report = verify_harness(load_harness(harness_dir), options, progress=progress)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_json(target, report)  # atomic: an interrupt leaves the previous report or none
    state.written = True
    if as_json:
        typer.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        Console(width=None if sys.stdout.isatty() else 160).print(render_table(report))
        err.print(f"report written to {target}")

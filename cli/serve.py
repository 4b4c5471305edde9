"""`seer serve DIR`: a harness as an MCP server (stdio or streamable HTTP). mcp and uvicorn are imported inside."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from schemas.errors import SeerError


def serve(
    harness_dir: Path = typer.Argument(..., help="Harness directory to serve."),
    transport: str = typer.Option("stdio", "--transport", help="stdio or http (streamable HTTP at /mcp)."),
    host: str = typer.Option("127.0.0.1", "--host", help="HTTP bind address."),
    port: int = typer.Option(8765, "--port", min=0, max=65535, help="HTTP port (0 picks a free one; the URL is printed on stderr)."),
    scenario: str | None = typer.Option(None, "--scenario", help="Scenario id served when a request names none."),
    transcript: Path | None = typer.Option(
        None, "--transcript", help="Append every request to this JSONL file (one ServerEvent per line)."
    ),
    max_sessions: int = typer.Option(1000, "--max-sessions", min=1,
                                     help="Live worlds (one per session and scenario) kept at most; more get an error."),
    idle_timeout: float = typer.Option(1800.0, "--idle-timeout", min=1.0,
                                       help="Seconds after which an unused session's world is forgotten."),
    max_world_mb: float = typer.Option(64.0, "--max-world-mb", min=0.001,
                                       help="MiB of call arguments one world takes at most; more get an error."),
) -> None:
    """Serve a harness as an MCP server whose tools answer from the mocks."""
    if transport not in ("stdio", "http"):
        raise typer.BadParameter("must be stdio or http", param_hint="--transport")
    try:
        _serve(harness_dir, transport, host, port, scenario, transcript, max_sessions, idle_timeout, max_world_mb)
    except KeyboardInterrupt:
        # Ctrl-C is how a server is stopped: a clean stop, exit 0 (like `python -m http.server`). The event loop
        # turns SIGINT into a cancellation, so every transcript line was written whole before this point.
        kept = f"; the transcript in {transcript} is complete" if transcript is not None else ""
        typer.echo(f"seer serve stopped (Ctrl-C){kept}", err=True)


def _serve(harness_dir: Path, transport: str, host: str, port: int, scenario: str | None,
           transcript: Path | None, max_sessions: int = 1000, idle_timeout: float = 1800.0,
           max_world_mb: float = 64.0) -> None:
    import anyio

    from common.files import load_harness
    from harness.server import MockService, build_server
    from harness.transports import serve_http, serve_stdio

    harness = load_harness(harness_dir)
    if harness.partial_warning():
        typer.echo(harness.partial_warning(), err=True)
    if scenario is not None:
        try:
            harness.scenario(scenario)
        except KeyError:
            raise SeerError(f"{harness_dir}: no scenario with id {scenario!r}") from None
    if transcript is not None:
        transcript.parent.mkdir(parents=True, exist_ok=True)
    service = MockService(harness, scenario_id=scenario, transcript=transcript, max_worlds=max_sessions,
                          idle_s=idle_timeout, max_world_bytes=int(max_world_mb * 2 ** 20))
    server = build_server(service)

    def ready(url: str) -> None:
        print(f"serving {harness_dir} at {url}", file=sys.stderr, flush=True)

    async def http() -> None:
        try:
            await serve_http(server, host, port, on_ready=ready, service=service)
        except OSError as e:
            raise SeerError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None

    if transport == "stdio":
        anyio.run(serve_stdio, server)
    else:
        anyio.run(http)

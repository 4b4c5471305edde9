"""`seer validate|serve|run|verify`. Heavy imports (mcp, uvicorn, litellm) happen inside the commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from coordinator.unavailable import not_available
from schemas.errors import SeerError


def validate(
    harness_dir: Path = typer.Argument(..., help="Harness directory to check."),
) -> None:
    """Check a harness against its own tools; print a JSON report; exit 0 when clean, 1 otherwise."""
    from harness.validate import validate_harness

    report = validate_harness(harness_dir)
    typer.echo(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    raise typer.Exit(0 if report.ok else 1)


def serve(
    harness_dir: Path = typer.Argument(..., help="Harness directory to serve."),
    transport: str = typer.Option("stdio", "--transport", help="stdio or http (streamable HTTP at /mcp)."),
    host: str = typer.Option("127.0.0.1", "--host", help="HTTP bind address."),
    port: int = typer.Option(8765, "--port", help="HTTP port (0 picks a free one; the URL is printed on stderr)."),
    scenario: str | None = typer.Option(None, "--scenario", help="Scenario id served when a request names none."),
    transcript: Path | None = typer.Option(
        None, "--transcript", help="Append every request to this JSONL file (one ServerEvent per line)."
    ),
) -> None:
    """Serve a harness as an MCP server whose tools answer from the mocks."""
    import anyio

    from harness.io import load_harness
    from harness.server import MockService, build_server, serve_http, serve_stdio

    if transport not in ("stdio", "http"):
        raise typer.BadParameter("must be stdio or http", param_hint="--transport")
    harness = load_harness(harness_dir)
    if scenario is not None:
        try:
            harness.scenario(scenario)
        except KeyError:
            raise SeerError(f"{harness_dir}: no scenario with id {scenario!r}") from None
    if transcript is not None:
        transcript.parent.mkdir(parents=True, exist_ok=True)
    server = build_server(MockService(harness, scenario_id=scenario, transcript=transcript))
    if transport == "stdio":
        anyio.run(serve_stdio, server)
        return

    def ready(url: str) -> None:
        print(f"serving {harness_dir} at {url}", file=sys.stderr, flush=True)

    try:
        anyio.run(lambda: serve_http(server, host, port, on_ready=ready))
    except OSError as e:
        raise SeerError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None


def run(
    harness_dir: Path = typer.Argument(..., help="Harness directory."),
    agent: str = typer.Option(
        ..., "--agent", help="A litellm model string, local/smollm2, `oracle`, or `faulty:KIND[,KIND...]`."
    ),
    out: Path = typer.Option(..., "--out", help="Run directory: transcripts.jsonl and run.json are written here."),
    concurrency: int = typer.Option(4, "--concurrency", min=1, help="Scenarios run at the same time."),
    max_steps: int = typer.Option(12, "--max-steps", min=1, help="Model round trips allowed per user turn."),
    seed: int = typer.Option(0, "--seed", help="Seed for faulty agents and for models that accept one."),
    api_base: str | None = typer.Option(None, "--api-base", help="OpenAI-compatible endpoint for the model."),
    resume: bool = typer.Option(False, "--resume", help="Keep transcripts already in --out and run the rest."),
    scenario: list[str] = typer.Option([], "--scenario", help="Run only these scenario ids (repeatable)."),
    temperature: float = typer.Option(0.0, "--temperature", help="Model sampling temperature."),
    no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar on stderr."),
) -> None:
    """Run an agent on every task of a harness and write its transcripts."""
    import anyio

    from harness.agents import make_agent
    from harness.io import load_harness
    from harness.runner import RunOptions, run_harness

    harness = load_harness(harness_dir)
    options = RunOptions(concurrency=concurrency, max_steps=max_steps, seed=seed, resume=resume,
                         scenarios=tuple(scenario))
    chosen = make_agent(agent, harness, seed=seed, api_base=api_base, temperature=temperature)
    try:
        summary = anyio.run(lambda: run_harness(harness, chosen, out, options, progress=not no_progress))
    finally:
        close = getattr(chosen, "close", None)
        if close is not None:
            close()  # e.g. stop the local model server
    typer.echo(json.dumps(summary, indent=2))


def verify() -> None:
    """Replay a harness against the real MCP server (not available yet)."""
    not_available("verify")

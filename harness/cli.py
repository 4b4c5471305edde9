"""`seer validate|serve|run|verify|export`. Heavy imports (mcp, uvicorn, litellm) happen inside the commands."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

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

    from harness.io import load_harness
    from harness.server import MockService, build_server, serve_http, serve_stdio

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
    repeat: int = typer.Option(1, "--repeat", min=1, help="Run every scenario K times (seeds SEED..SEED+K-1, into "
                               "OUT/repeat-1..K) and report pass^k and pass@k by the deterministic grader."),
    no_progress: bool = typer.Option(False, "--no-progress", help="No progress bar on stderr."),
) -> None:
    """Run an agent on every task of a harness and write its transcripts."""
    import anyio

    from harness.agents import make_agent
    from harness.io import REPEATS, load_harness, write_json
    from harness.runner import RunOptions, run_harness

    harness = load_harness(harness_dir)
    if harness.partial_warning():
        typer.echo(harness.partial_warning(), err=True)
    runs = [(out, seed)] if repeat == 1 else [(out / f"repeat-{r}", seed + r - 1) for r in range(1, repeat + 1)]
    if repeat > 1:  # written first: a run cut short is still graded and resumed as the repeats it is
        out.mkdir(parents=True, exist_ok=True)
        write_json(out / REPEATS, {"repeats": repeat, "agent": agent, "seed": seed, "runs": [p.name for p, _ in runs]})
    summaries = []
    for run_out, run_seed in runs:
        options = RunOptions(concurrency=concurrency, max_steps=max_steps, seed=run_seed, resume=resume,
                             scenarios=tuple(scenario))
        chosen = make_agent(agent, harness, seed=run_seed, api_base=api_base, temperature=temperature)
        try:
            summaries.append(anyio.run(lambda: run_harness(harness, chosen, run_out, options, progress=not no_progress)))
        except KeyboardInterrupt:  # typer would exit 130 silently; say what is kept and how to go on
            typer.echo(f"interrupted: finished transcripts are kept in {out}; continue with the same command plus "
                       "--resume", err=True)
            raise typer.Exit(130)
        finally:
            close = getattr(chosen, "close", None)
            if close is not None:
                close()  # e.g. stop the local model server
    if repeat == 1:
        typer.echo(json.dumps(summaries[0], indent=2))
        return
    typer.echo(json.dumps({"out": str(out), "agent": summaries[0]["agent"], "repeats": repeat, "runs": summaries,
                           **_pass_k(harness, out)}, indent=2))


def _pass_k(harness, out: Path) -> dict:
    """pass^k and pass@k of a repeated run by the deterministic grader (what `seer grade` reports for it)."""
    from evaluation.grading import grade_transcripts, load_transcripts, run_dirs
    from evaluation.stats import pass_k

    records = [r.model_copy(update={"repeat": repeat}) for repeat, path in run_dirs(out)
               for r in grade_transcripts(harness, load_transcripts(path)).records]
    result = pass_k(records)
    return {"pass_hat_k": result.pass_hat_k, "pass_at_k": result.pass_at_k} if result else {}


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

    from harness.io import load_harness, write_json
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


def export(
    harness_dir: Path = typer.Argument(..., help="Harness directory to export."),
    fmt: str = typer.Option(..., "--format", help="chat-jsonl (OpenAI chat fine-tuning data), hf (a Hugging Face "
                            "dataset on disk) or inspect (an Inspect AI task); hf and inspect need the export extra."),
    out: Path = typer.Option(..., "--out", help="Output directory (created); the files are written inside it."),
) -> None:
    """Write a harness in a format other tools read; print the paths written as JSON."""
    from harness.export import export as write_export
    from harness.io import load_harness

    harness = load_harness(harness_dir)
    if harness.partial_warning():
        typer.echo(harness.partial_warning(), err=True)
    written = write_export(harness, fmt, out)
    typer.echo(json.dumps({"format": fmt, "scenarios": len(harness.scenarios), "written": [str(p) for p in written]}))

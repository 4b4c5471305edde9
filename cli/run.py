"""`seer run DIR --agent A --out RUN`: an agent on every task of a harness. litellm is imported inside."""

from __future__ import annotations

import json
from pathlib import Path

import typer


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

    from common.files import REPEATS, load_harness, write_json
    from harness.agents import make_agent
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

"""`seer grade`: score a run against a harness's oracle, or a harness's own scenarios with an LLM judge.

    seer grade DIR RUN_DIR [--judge deterministic|MODEL] --out SCORES   (RUN_DIR may hold `seer run --repeat` runs)
    seer grade DIR --unsupervised --judge MODEL [--out SCORES]

Writes SCORES/scores.jsonl (one RecordScore per record) and SCORES/summary.json (ScoreSummary);
SCORES may also be a `.jsonl` file, with summary.json beside it. Prints the summary's headline
as JSON on stdout.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import typer

from schemas.errors import SeerError


def _check_same_harness(harness_dir: Path, run_id: str | None, run_dir: Path) -> None:
    """Refuse a run made on another harness: its scenario ids repeat, so it would be graded silently and wrongly."""
    info_path = (run_dir if run_dir.is_dir() else run_dir.parent) / "run.json"
    try:
        info = json.loads(info_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return  # not a `seer run` directory (e.g. a `seer serve --transcript` file): nothing to check against
    ran_on = info.get("harness_run_id") if isinstance(info, dict) else None
    if run_id and ran_on and ran_on != run_id:
        raise SeerError(f"{run_dir}: the run was made on harness {info.get('harness')} (run_id {ran_on}), "
                        f"not on {harness_dir} (run_id {run_id})")


def _default_out(harness_dir: Path, run_dir: Path | None, judge: str) -> Path:
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", judge).strip("-") or "judge"
    return (run_dir if run_dir is not None and run_dir.is_dir() else harness_dir) / f"grades-{slug}"


def grade(
    harness_dir: Path = typer.Argument(..., help="Harness directory (the oracle)."),
    run_dir: Path | None = typer.Argument(None, help="Run directory written by `seer run` (or its transcripts JSONL)."),
    judge: str = typer.Option("deterministic", "--judge", help="`deterministic` (or an installed grader), or a litellm "
                              "model string for an LLM judge."),
    unsupervised: bool = typer.Option(False, "--unsupervised", help="Judge the harness's own scenarios, reference-free (needs an LLM --judge, no RUN_DIR)."),
    out: Path | None = typer.Option(None, "--out", help="Scores directory (scores.jsonl + summary.json) or a .jsonl file. Default: RUN_DIR/grades-JUDGE."),
    seed: int = typer.Option(0, "--seed", help="Bootstrap seed (and the judge's sampling seed)."),
    resamples: int = typer.Option(2000, "--resamples", min=100, help="Bootstrap resamples per interval."),
    api_base: str | None = typer.Option(None, "--api-base", help="OpenAI-compatible endpoint for the judge model."),
    concurrency: int = typer.Option(8, "--concurrency", min=1, help="Judge requests in flight."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Bypass the judge response cache."),
    max_retries: int = typer.Option(2, "--max-retries", min=0, help="Retries of an invalid judge reply."),
    workers: int = typer.Option(0, "--workers", min=0, help="Judge actors on Ray (0: judge in this process, in threads)."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster to join for --workers (default: a local instance)."),
    pass_score: float = typer.Option(1.0, "--pass-score", min=0.0, max=1.0, help="A record passes (for pass^k and pass@k over `seer run --repeat` runs) when its score is at least this."),
    compare: list[Path] = typer.Option([], "--compare", help="Other score sets (scores dir or JSONL) to measure agreement with: Pearson r per record, Spearman rho of spec rankings, mean shift with CI."),
) -> None:
    """Grade agent transcripts against the oracle (deterministic or LLM judge), or judge scenarios reference-free."""
    from common.files import InterruptedAfterWriting, load_harness
    from evaluation.grading import GRADERS

    deterministic = judge in GRADERS  # a grader that needs no model; any other --judge is the LLM judge's model
    if unsupervised and (deterministic or run_dir is not None):
        raise SeerError("--unsupervised judges the harness's scenarios themselves: give --judge MODEL and no RUN_DIR")
    if not unsupervised and run_dir is None:
        raise SeerError("RUN_DIR is required (or pass --unsupervised --judge MODEL to judge the scenarios themselves)")
    out = out or _default_out(harness_dir, run_dir, judge)
    written = False
    try:
        from evaluation.grading import load_scores, load_transcripts, missing_note, run_dirs, write_scores
        from evaluation.stats import agreement, pass_k, summarize

        harness = load_harness(harness_dir)
        if harness.partial_warning():
            typer.echo(harness.partial_warning(), err=True)
        others = [load_scores(p) for p in compare]  # read before grading: a bad path fails fast
        missing: list[str] = []
        records = []
        run_id = harness.manifest.generator.run_id or None
        for repeat, one_run in run_dirs(run_dir) if run_dir is not None else [(None, None)]:
            if deterministic:
                graded = GRADERS.get(judge)(harness, load_transcripts(one_run))
                got, lacking = graded.records, graded.missing
            else:
                got, lacking = _judge(harness, one_run, judge, api_base=api_base, concurrency=concurrency,
                                      cache=not no_cache, max_retries=max_retries, seed=seed, workers=workers,
                                      address=address)
            if one_run is not None:
                _check_same_harness(harness_dir, run_id, Path(one_run))
            records += [r.model_copy(update={"repeat": repeat}) for r in got]
            missing += [m for m in lacking if m not in missing]
        records = [r.model_copy(update={"harness": run_id}) for r in records]  # tells apart equal ids of other harnesses
        summary = summarize(records, judge, seed=seed, resamples=resamples).model_copy(update={
            "ungraded": missing,
            "agreement": [agreement(other, records, seed=seed, resamples=resamples) for other in others],
            "pass_k": pass_k(records, pass_score),
        })
        scores_path, summary_path = write_scores(out, records, summary)
        written = True
        note = missing_note(missing)
        if note:
            typer.echo(f"warning: {note}", err=True)
        typer.echo(json.dumps({
            "scores": str(scores_path), "summary": str(summary_path), "judge": judge, "records": summary.records,
            "errors": summary.errors, "ungraded": len(missing), "overall": summary.overall,
            "dimensions": {k: round(v.mean, 4) for k, v in summary.dimensions.items()},
            "agreement": [{"with": a.a, "pearson_r": a.pearson_r, "spearman_rho": a.spearman_rho,
                           "mean_shift": a.mean_shift.mean if a.mean_shift else None} for a in summary.agreement],
            **({"pass_hat_k": summary.pass_k.pass_hat_k, "pass_at_k": summary.pass_k.pass_at_k}
               if summary.pass_k else {}),
        }, indent=2))
    except KeyboardInterrupt as e:  # typer would exit 130 silently; say what is kept and how to go on
        typer.echo(interrupted_message(out, written or isinstance(e, InterruptedAfterWriting),
                                       cached=not deterministic and not no_cache), err=True)
        raise typer.Exit(130)


def interrupted_message(out: Path, written: bool, cached: bool) -> str:
    """One line for Ctrl-C: scores are written only at the end, both files together, so either the new pair
    is complete or the old one (or none) is untouched. Imports nothing new: the Ctrl-C may have cut an import
    short, and importing again would trip over the half-initialised module."""
    if written:  # evaluation.grading is loaded: it wrote them
        from evaluation.grading import output_paths

        return "interrupted after grading finished: {} and {} are complete".format(*output_paths(out))
    again = "run the command again" + (" (judge replies received so far are cached, not asked again)" if cached else "")
    return f"interrupted: no scores written, {out} left as it was; {again}"


def _judge(harness, run_dir: Path | None, model: str, *, api_base: str | None, concurrency: int, cache: bool,
           max_retries: int, seed: int, workers: int, address: str | None):
    from evaluation.grading import as_graded, load_transcripts
    from schemas import LLMSettings

    settings = LLMSettings(model=model, api_base=api_base, temperature=0.0, concurrency=concurrency, cache=cache)
    missing: list[str] = []
    if run_dir is None:
        items: list[tuple] = [(s,) for s in harness.scenarios]
    else:
        transcripts = load_transcripts(run_dir)
        unknown = sorted(set(transcripts) - {s.id for s in harness.scenarios})
        if unknown:
            raise SeerError(f"{run_dir}: transcripts for scenarios not in {harness.root}: {', '.join(unknown[:5])}")
        items = [(as_graded(s, transcripts[s.id]), transcripts[s.id]) for s in harness.scenarios if s.id in transcripts]
        missing = [s.id for s in harness.scenarios if s.id not in transcripts]
    kw = dict(temperature=0.0, max_retries=max_retries, seed=seed)
    from evaluation.judge import Judge, judge_many

    if workers:
        from actors import ray_services, ray_start

        started = ray_start.init(address)
        try:
            return ray_services.judge_on_ray(Judge, settings, harness.tool_map(), items, workers=workers, **kw), missing
        finally:
            if started:
                ray_start.shutdown()
    from llm_client import LLMGateway

    with LLMGateway(settings) as gateway:
        judge = Judge(gateway, harness.tool_map(), **kw)
        return judge_many(lambda item: judge.judge(*item), items, concurrency), missing

"""`seer diff BASELINE CANDIDATE`: did a change make the agent better or worse, with run-to-run noise counted.

Both sides are score sets of `seer grade` on the same harness, each from one run or from `seer run --repeat K`.
Per scenario, and per dimension, a side's value is the mean over its runs; a scenario is *flaky* when its
baseline runs already disagree (the baseline alone cannot tell a change from noise there), else *improved*,
*regressed* or *unchanged* by the sign of candidate − baseline. The overall difference is the mean over
scenarios of candidate − baseline with a paired, two-level bootstrap interval: scenarios are resampled, and
within each its baseline and its candidate runs, so that both the choice of scenarios and the runs' own
variation widen it. A regression is a difference whose whole interval is below zero.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

import numpy as np

from evaluation.stats import CONFIDENCE, RESAMPLES
from schemas import DIMENSIONS, Interval, RecordScore
from schemas.errors import SeerError

EPS = 1e-6  # scores are means of fractions: differences below this are rounding
VERDICTS = ("improved", "regressed", "unchanged", "flaky")


@dataclass
class ScenarioDiff:
    scenario: str
    baseline: float
    candidate: float
    verdict: str
    dimensions: dict[str, str] = field(default_factory=dict)  # dimension -> verdict

    @property
    def delta(self) -> float:
        return self.candidate - self.baseline


@dataclass
class Diff:
    baseline: str
    candidate: str
    scenarios: list[ScenarioDiff]
    overall: Interval  # of candidate - baseline
    baseline_mean: float
    candidate_mean: float
    only_baseline: list[str]
    only_candidate: list[str]
    repeats: tuple[int, int]  # most runs per scenario on each side

    @property
    def verdict(self) -> str:
        if self.overall.high < -EPS:
            return "regression"
        if self.overall.low > EPS:
            return "improvement"
        return "no significant change"

    def counts(self) -> dict[str, dict[str, int]]:
        """score and each dimension -> verdict -> scenarios."""
        table = {"score": {v: 0 for v in VERDICTS}} | {d: {v: 0 for v in VERDICTS} for d in DIMENSIONS}
        for s in self.scenarios:
            table["score"][s.verdict] += 1
            for d, v in s.dimensions.items():
                table[d][v] += 1
        return {k: v for k, v in table.items() if sum(v.values())}

    def to_dict(self) -> dict[str, Any]:
        return {"baseline": self.baseline, "candidate": self.candidate, "verdict": self.verdict,
                "baseline_mean": self.baseline_mean, "candidate_mean": self.candidate_mean,
                "difference": self.overall.model_dump(), "repeats": list(self.repeats), "counts": self.counts(),
                "scenarios": [{"scenario": s.scenario, "baseline": s.baseline, "candidate": s.candidate,
                               "delta": s.delta, "verdict": s.verdict, "dimensions": s.dimensions}
                              for s in self.scenarios],
                "only_baseline": self.only_baseline, "only_candidate": self.only_candidate}


def _runs(records: list[RecordScore]) -> dict[str, list[RecordScore]]:
    by: dict[str, list[RecordScore]] = defaultdict(list)
    for r in records:
        by[r.scenario_id].append(r)
    return by


def _verdict(base: list[float], cand: list[float]) -> str:
    if max(base) - min(base) > EPS:
        return "flaky"
    delta = fmean(cand) - fmean(base)
    return "improved" if delta > EPS else "regressed" if delta < -EPS else "unchanged"


def _harness_of(records: list[RecordScore], name: str) -> str | None:
    ids = {r.harness for r in records if r.harness}
    if len(ids) > 1:
        raise SeerError(f"{name}: the score set grades {len(ids)} harnesses; diff score sets of one harness")
    return next(iter(ids), None)


def diff(baseline: list[RecordScore], candidate: list[RecordScore], *, baseline_name: str = "baseline",
         candidate_name: str = "candidate", seed: int = 0, resamples: int = RESAMPLES) -> Diff:
    if not baseline or not candidate:
        raise SeerError(f"{baseline_name if not baseline else candidate_name}: no graded records")
    hb, hc = _harness_of(baseline, baseline_name), _harness_of(candidate, candidate_name)
    if hb and hc and hb != hc:
        raise SeerError(f"{candidate_name}: graded against harness {hc}, not {hb} as {baseline_name} was; "
                        "compare runs on the same harness")
    b_runs, c_runs = _runs(baseline), _runs(candidate)
    shared = [sid for sid in b_runs if sid in c_runs]
    if not shared:
        raise SeerError(f"{candidate_name}: no scenario in common with {baseline_name}")
    scenarios = []
    for sid in shared:
        b, c = b_runs[sid], c_runs[sid]
        dims = {}
        for d in DIMENSIONS:
            bd = [r.dimensions[d] for r in b if r.dimensions.get(d) is not None]
            cd = [r.dimensions[d] for r in c if r.dimensions.get(d) is not None]
            if bd and cd:
                dims[d] = _verdict(bd, cd)
        bs, cs = [r.score for r in b], [r.score for r in c]
        scenarios.append(ScenarioDiff(sid, fmean(bs), fmean(cs), _verdict(bs, cs), dims))
    overall = _paired_bootstrap([[r.score for r in b_runs[s]] for s in shared],
                                [[r.score for r in c_runs[s]] for s in shared], seed=seed, resamples=resamples)
    return Diff(baseline_name, candidate_name, scenarios, overall, fmean(s.baseline for s in scenarios),
                fmean(s.candidate for s in scenarios), [s for s in b_runs if s not in c_runs],
                [s for s in c_runs if s not in b_runs],
                (max(map(len, b_runs.values())), max(map(len, c_runs.values()))))


def _paired_bootstrap(base: list[list[float]], cand: list[list[float]], *, seed: int, resamples: int) -> Interval:
    """Mean over scenarios of (candidate − baseline) with a two-level percentile bootstrap interval."""
    rng = np.random.Generator(np.random.PCG64(seed))
    n = len(base)
    mean = fmean(fmean(c) - fmean(b) for b, c in zip(base, cand))
    if n == 1 and len(base[0]) == len(cand[0]) == 1:
        return Interval(mean=mean, low=mean, high=mean, n=1)
    # Level 2 first: each scenario's resampled run means, one per bootstrap replicate (rows: scenarios).
    deltas = np.stack([rng.choice(np.asarray(c, float), size=(resamples, len(c))).mean(axis=1)
                       - rng.choice(np.asarray(b, float), size=(resamples, len(b))).mean(axis=1)
                       for b, c in zip(base, cand)])
    # Level 1: each replicate draws n scenarios with replacement and averages their deltas of that replicate.
    picked = rng.integers(0, n, size=(resamples, n))
    stats = deltas[picked, np.arange(resamples)[:, None]].mean(axis=1)
    alpha = (1.0 - CONFIDENCE) / 2.0
    low, high = np.quantile(stats, [alpha, 1.0 - alpha])
    return Interval(mean=mean, low=float(min(low, mean)), high=float(max(high, mean)), n=n)


def markdown(d: Diff, *, top: int = 15) -> str:
    """A summary fit for a pull-request comment."""
    lines = [f"## seer diff: {d.candidate} vs {d.baseline}", "",
             f"**{d.verdict}**: mean score {d.baseline_mean:.3f} → {d.candidate_mean:.3f} "
             f"({d.overall.mean:+.3f}; 95% CI {d.overall.low:+.3f} … {d.overall.high:+.3f}, "
             f"{d.overall.n} scenarios, {d.repeats[0]} vs {d.repeats[1]} run(s) each)", "",
             "| | " + " | ".join(VERDICTS) + " |", "|---|" + "---:|" * len(VERDICTS)]
    for name, counts in d.counts().items():
        lines.append(f"| {name} | " + " | ".join(str(counts[v]) for v in VERDICTS) + " |")
    for verdict in ("regressed", "improved"):
        moved = sorted((s for s in d.scenarios if s.verdict == verdict), key=lambda s: (s.delta, s.scenario),
                       reverse=verdict == "improved")
        if moved:
            lines += ["", f"### {verdict.capitalize()} ({len(moved)})", "", "| scenario | baseline | candidate | Δ |",
                      "|---|---:|---:|---:|"]
            lines += [f"| {s.scenario} | {s.baseline:.3f} | {s.candidate:.3f} | {s.delta:+.3f} |" for s in moved[:top]]
            if len(moved) > top:
                lines.append(f"| … {len(moved) - top} more | | | |")
    flaky = [s.scenario for s in d.scenarios if s.verdict == "flaky"]
    if flaky:
        lines += ["", f"Flaky in the baseline (its runs disagree; not counted as moved): {', '.join(flaky[:top])}"
                  + (" …" if len(flaky) > top else "")]
    for side, ids in ((d.baseline, d.only_baseline), (d.candidate, d.only_candidate)):
        if ids:
            lines += ["", f"Only in {side}: {len(ids)} scenario(s), not compared"]
    return "\n".join(lines) + "\n"

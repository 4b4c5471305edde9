"""Aggregation and statistics over graded records: the paper's analyses, built in.

- `aggregate`: arithmetic, harmonic (0 when any value is 0) and minimum of a list of scores.
- `bootstrap_ci`: percentile 95% interval of the mean, 2,000 resamples, seeded (numpy PCG64), so the
  same records and seed give the same interval on every machine.
- `summarize`: a `ScoreSummary` with the overall aggregates, per-dimension, per-sub-dimension,
  per-complexity and per-spec (x complexity) intervals, coherence intervals, the failure-mode
  table (records with a sub-dimension below 1.0) and mean diagnostics.
- `pass_k`: pass^k and pass@k over the repeated runs of each scenario (unbiased estimators from n runs with c
  passed: C(c,k)/C(n,k) and 1 - C(n-c,k)/C(n,k), averaged over scenarios).
- `agreement`: two score sets compared record by record (Pearson r), by spec ranking (Spearman rho
  of the spec means) and by mean shift (b - a) with a bootstrap interval.
"""

from __future__ import annotations

from collections import defaultdict
from math import comb
from statistics import fmean
from typing import Iterable, Literal, Sequence

import numpy as np
from scipy import stats as sps

from schemas import DIMENSIONS, Agreement, Interval, PassK, RecordScore, ScoreSummary

Aggregation = Literal["arithmetic", "harmonic", "minimum"]
AGGREGATIONS: tuple[Aggregation, ...] = ("arithmetic", "harmonic", "minimum")
RESAMPLES = 2000
CONFIDENCE = 0.95


def aggregate(values: Sequence[float], how: Aggregation = "arithmetic") -> float:
    """Arithmetic mean, harmonic mean (0 when any value is 0), or minimum; ValueError when empty."""
    if not values:
        raise ValueError("nothing to aggregate")
    if how == "arithmetic":
        return fmean(values)
    if how == "harmonic":
        return 0.0 if min(values) <= 0 else len(values) / sum(1.0 / v for v in values)
    if how == "minimum":
        return min(values)
    raise ValueError(f"unknown aggregation {how!r}; expected one of {', '.join(AGGREGATIONS)}")


def bootstrap_ci(values: Sequence[float], *, resamples: int = RESAMPLES, seed: int = 0,
                 confidence: float = CONFIDENCE) -> Interval:
    """Mean with a percentile bootstrap interval. One value gives a zero-width interval."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        raise ValueError("no values for a confidence interval")
    mean = float(data.mean())
    if data.size == 1:
        return Interval(mean=mean, low=mean, high=mean, n=1)
    rng = np.random.Generator(np.random.PCG64(seed))
    means = data[rng.integers(0, data.size, size=(resamples, data.size))].mean(axis=1)
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(means, [alpha, 1.0 - alpha])
    return Interval(mean=mean, low=float(min(low, mean)), high=float(max(high, mean)), n=int(data.size))


def passed(record: RecordScore, pass_score: float = 1.0) -> bool:
    return record.error is None and record.score >= pass_score - 1e-9  # (a mean of 1.0s may round below 1)


def pass_k(records: Iterable[RecordScore], pass_score: float = 1.0) -> PassK | None:
    """pass^k and pass@k for k = 1..n over records of repeated runs; None when no record comes from a repeat."""
    records = list(records)
    if not any(r.repeat is not None for r in records):
        return None
    runs: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        runs[r.scenario_id if r.harness is None else f"{r.harness}/{r.scenario_id}"].append(passed(r, pass_score))
    most = max(len(v) for v in runs.values())
    hat: dict[str, float] = {}
    at: dict[str, float] = {}
    for k in range(1, most + 1):
        # a scenario with fewer than k runs (a repeat that missed it) says nothing about k runs: left out
        counted = [(len(v), sum(v)) for v in runs.values() if len(v) >= k]
        hat[str(k)] = fmean(comb(c, k) / comb(n, k) for n, c in counted)
        at[str(k)] = fmean(1 - comb(n - c, k) / comb(n, k) for n, c in counted)
    return PassK(repeats=most, scenarios=len(runs), pass_score=pass_score, pass_hat_k=hat, pass_at_k=at,
                 passed={sid: [sum(v), len(v)] for sid, v in runs.items()})


def _ci_map(groups: dict[str, list[float]], seed: int, resamples: int) -> dict[str, Interval]:
    return {k: bootstrap_ci(v, seed=seed, resamples=resamples) for k, v in sorted(groups.items()) if v}


def failure_modes(records: Iterable[RecordScore]) -> dict[str, int]:
    """Sub-dimension -> number of records where it is below 1.0 (most frequent first)."""
    counts: dict[str, int] = defaultdict(int)
    for r in records:
        for k, v in r.subdimensions.items():
            if v < 1.0:
                counts[k] += 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _scored(r: RecordScore) -> bool:
    return bool(r.turns) or not r.error


def summarize(records: Sequence[RecordScore], judge: str, *, seed: int = 0, resamples: int = RESAMPLES) -> ScoreSummary:
    """The summary JSON of a score set (records that were never scored count only in `errors`)."""
    given = list(records)
    # A record with an error and no turns was never scored (its judge gave no valid verdict): it is
    # counted in `errors` and left out of every statistic instead of entering as a 0.
    records = [r for r in given if _scored(r)]
    scores = [r.score for r in records]
    dims: dict[str, list[float]] = defaultdict(list)
    subs: dict[str, list[float]] = defaultdict(list)
    coh: dict[str, list[float]] = defaultdict(list)
    by_cx: dict[str, list[float]] = defaultdict(list)
    by_spec: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    diag: dict[str, list[float]] = defaultdict(list)
    for r in records:
        dims["score"].append(r.score)
        for d in DIMENSIONS:
            if r.dimensions.get(d) is not None:
                dims[d].append(float(r.dimensions[d]))
        for k, v in r.subdimensions.items():
            subs[k].append(v)
        for k, v in (r.coherence or {}).items():
            coh[k].append(v)
        for k, v in r.diagnostics.items():
            diag[k].append(v)
        by_cx[r.complexity or "unknown"].append(r.score)
        spec = by_spec[r.spec or "unknown"]
        spec["all"].append(r.score)
        spec[r.complexity or "unknown"].append(r.score)
    fm = failure_modes(records)
    return ScoreSummary(
        judge=judge,
        records=len(records),
        overall={how: aggregate(scores, how) for how in AGGREGATIONS} if scores else {},
        dimensions=_ci_map(dims, seed, resamples),
        by_spec={s: _ci_map(g, seed, resamples) for s, g in sorted(by_spec.items())},
        failure_modes=fm,
        subdimensions=_ci_map(subs, seed, resamples),
        by_complexity=_ci_map(by_cx, seed, resamples),
        coherence=_ci_map(coh, seed, resamples),
        failure_rates={k: n / len(records) for k, n in fm.items()},
        diagnostics={k: fmean(v) for k, v in sorted(diag.items())},
        errors=sum(1 for r in given if r.error),
        resamples=resamples,
        seed=seed,
    )


def _corr(fn, x: Sequence[float], y: Sequence[float]) -> tuple[float | None, float | None]:
    """A correlation and its p-value; None when undefined (fewer than 3 pairs or a constant side)."""
    if len(x) < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return None, None
    res = fn(x, y)
    return float(res.statistic), float(res.pvalue)


def pearson(x: Sequence[float], y: Sequence[float]) -> tuple[float | None, float | None]:
    """Pearson r and its two-sided p; (None, None) with fewer than three pairs or a constant side."""
    return _corr(sps.pearsonr, x, y)


def agreement(a: Sequence[RecordScore], b: Sequence[RecordScore], *, seed: int = 0,
              resamples: int = RESAMPLES) -> Agreement:
    """Compare two score sets over the records they share (matched by spec and scenario id)."""
    left = {(r.spec, r.scenario_id): r for r in a if _scored(r)}
    right = {(r.spec, r.scenario_id): r for r in b if _scored(r)}
    keys = sorted(left.keys() & right.keys())
    xa = [left[k].score for k in keys]
    xb = [right[k].score for k in keys]
    r, rp = pearson(xa, xb)
    spec_a: dict[str, list[float]] = defaultdict(list)
    spec_b: dict[str, list[float]] = defaultdict(list)
    for k in keys:
        spec_a[k[0]].append(left[k].score)
        spec_b[k[0]].append(right[k].score)
    specs = sorted(spec_a)
    rho, rhop = _corr(sps.spearmanr, [fmean(spec_a[s]) for s in specs], [fmean(spec_b[s]) for s in specs])
    per_dim = {}
    for d in DIMENSIONS:
        pairs = [(left[k].dimensions.get(d), right[k].dimensions.get(d)) for k in keys]
        pairs = [(p, q) for p, q in pairs if p is not None and q is not None]
        per_dim[d] = pearson([p for p, _ in pairs], [q for _, q in pairs])[0]
    judge = lambda rs: rs[0].judge if rs else ""  # noqa: E731
    return Agreement(
        a=judge(list(a)), b=judge(list(b)), records=len(keys), pearson_r=r, pearson_p=rp,
        specs=len(specs), spearman_rho=rho, spearman_p=rhop,
        mean_shift=bootstrap_ci([q - p for p, q in zip(xa, xb)], seed=seed, resamples=resamples) if keys else None,
        dimensions=per_dim,
    )

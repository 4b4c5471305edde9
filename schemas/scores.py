"""Grading results: per-turn and per-record scores, and their summary."""

from __future__ import annotations

from pydantic import Field

from schemas._base import Contract

DIMENSIONS = ("usage", "selection", "ordering", "arguments")
COHERENCE = ("logical_flow", "completeness", "conciseness", "topic_relevance", "context_retention")


class TurnScore(Contract):
    turn: int = Field(ge=0)
    dimensions: dict[str, float | None] = Field(
        description="usage, selection, ordering (null for single-tool turns), arguments; each 0-1."
    )
    subdimensions: dict[str, float] = Field(default_factory=dict, description="e.g. `arguments.value` -> 0-1.")
    diagnostics: dict[str, float | int | str] = Field(default_factory=dict, description="e.g. overuse; not aggregated.")
    score: float = Field(ge=0.0, le=1.0, description="Arithmetic mean of the non-null dimensions.")


class RecordScore(Contract):
    scenario_id: str
    spec: str = ""
    harness: str | None = Field(
        default=None, description="The graded harness's generator run_id: scenario ids are unique only within a harness."
    )
    complexity: str = ""
    judge: str = Field(description="`deterministic` or the judge model.")
    turns: list[TurnScore] = Field(default_factory=list)
    dimensions: dict[str, float | None] = Field(default_factory=dict, description="Mean over turns.")
    subdimensions: dict[str, float] = Field(default_factory=dict)
    coherence: dict[str, float] | None = Field(default=None, description="Coherence rubric scores, normalised 0-1.")
    score: float = Field(ge=0.0, le=1.0)
    rationale: str | None = None
    error: str | None = None
    diagnostics: dict[str, float] = Field(
        default_factory=dict, description="Turn diagnostics summed over turns (overuse, missing_calls, ...); not aggregated."
    )
    repeat: int | None = Field(
        default=None, ge=1, description="Which run of `seer run --repeat K` (1..K) the record grades; null for a single run."
    )


class Interval(Contract):
    mean: float
    low: float
    high: float
    n: int


class PassK(Contract):
    """How reliably an agent solves each scenario over repeated runs (`seer run --repeat K`)."""

    repeats: int = Field(description="Runs per scenario (the most any scenario has).")
    scenarios: int
    pass_score: float = Field(description="A record passes when it has no error and its score is at least this.")
    pass_hat_k: dict[str, float] = Field(
        description="k -> mean over scenarios of C(c,k)/C(n,k): the chance that k runs all pass (pass^k; n runs, c passed).")
    pass_at_k: dict[str, float] = Field(
        description="k -> mean over scenarios of 1 - C(n-c,k)/C(n,k): the chance that at least one of k runs passes.")
    passed: dict[str, list[int]] = Field(description="scenario id -> [runs passed, runs].")


class ScoreSummary(Contract):
    judge: str
    records: int
    overall: dict[str, float] = Field(description="arithmetic, harmonic, minimum aggregation of record scores.")
    dimensions: dict[str, Interval] = Field(default_factory=dict)
    by_spec: dict[str, dict[str, Interval]] = Field(default_factory=dict, description="spec -> complexity|all -> CI.")
    failure_modes: dict[str, int] = Field(default_factory=dict, description="sub-dimension -> records below 1.0.")
    subdimensions: dict[str, Interval] = Field(default_factory=dict, description="`dimension.sub` -> CI over records.")
    by_complexity: dict[str, Interval] = Field(default_factory=dict, description="simple|complex -> CI of record scores.")
    coherence: dict[str, Interval] = Field(default_factory=dict, description="Coherence criterion -> CI (0-1).")
    failure_rates: dict[str, float] = Field(default_factory=dict, description="sub-dimension -> share of records below 1.0.")
    diagnostics: dict[str, float] = Field(default_factory=dict, description="Mean per record of each diagnostic.")
    errors: int = Field(default=0, description="Records with an error (no transcript, judge failure...).")
    ungraded: list[str] = Field(default_factory=list, description="Scenario ids of the harness the run has no transcript for.")
    resamples: int = Field(default=0, description="Bootstrap resamples behind every interval.")
    seed: int | None = Field(default=None, description="Bootstrap seed.")
    agreement: list["Agreement"] = Field(
        default_factory=list, description="Agreement with other score sets given to `seer grade --compare`."
    )
    pass_k: PassK | None = Field(default=None, description="Over the repeats of a `seer run --repeat K` directory.")


class Agreement(Contract):
    """How far two score sets (two judges, or a judge and the deterministic grader) agree."""

    a: str = Field(description="Judge of the first score set.")
    b: str = Field(description="Judge of the second score set.")
    records: int = Field(description="Records present in both sets.")
    pearson_r: float | None = Field(default=None, description="Pearson r of paired record scores; null when undefined.")
    pearson_p: float | None = None
    specs: int = Field(default=0, description="Specs ranked by mean score in both sets.")
    spearman_rho: float | None = Field(default=None, description="Spearman rho of the two spec rankings.")
    spearman_p: float | None = None
    mean_shift: Interval | None = Field(default=None, description="Mean of (b - a) per record with a bootstrap CI.")
    dimensions: dict[str, float | None] = Field(default_factory=dict, description="Pearson r per dimension.")


ScoreSummary.model_rebuild()

"""What an HTML report shows, as data: assembled from the store, drawn by `render_report`.

Everything here is plain numbers and text (JSON-able once dumped), so a web app can build
it once and render it as often as it likes, or serve the per-trial details one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ...gate import GateReport, LayerStatus
from ...predictability import PredictabilityReport
from ...reliability import ReliabilityPanel
from ...robustness import RobustnessReport
from ...runs import Layer
from ...safety import SafetyReport, SeverityDelta
from ...stats import ConsistencyRow, Movement
from ...summary import CostSummary, ReviewSummary

__all__ = [
    "CalibrationView",
    "CheckStats",
    "ComparisonView",
    "ConsistencyLine",
    "Distribution",
    "ForestRow",
    "LayerCard",
    "LayerChange",
    "ReportData",
    "RunInfo",
    "StratumStats",
]


@dataclass(frozen=True)
class RunInfo:
    """A run as the report's header names it (never its configuration, which may hold keys)."""

    id: str
    suite: str
    agent_version: str
    started_at: str
    """ISO time, UTC."""
    ended_at: str | None
    status: str
    seed: int
    package_version: str
    git_sha: str | None
    trials: int
    cases: int
    repeats: int
    """The most repeats of any case."""
    regraded_from: str | None = None
    """The run whose traces this run graded again (`fourfold regrade`), if any."""


@dataclass(frozen=True)
class LayerChange:
    """A layer's move against the baseline: the paired difference and its verdict."""

    base: float | None
    """The baseline's pass rate (or 0.5 for a win rate)."""
    cand: float | None
    """This run's."""
    diff: float | None
    """``cand - base``."""
    low: float | None
    """Lower bound of the difference's interval (None when not computed)."""
    high: float | None
    margin: float | None
    """The noise margin the move is held against."""
    p_holm: float | None
    movement: Movement
    metric: str = "pass_rate"
    """``pass_rate`` or ``win_rate``."""
    confidence: float = 0.95
    """The interval's coverage, not adjusted for the Holm family (the card says so)."""
    detectable: float | None = None
    """The drop the layer's test would detect with 80% power (`LayerDelta.detectable`)."""


@dataclass(frozen=True)
class LayerCard:
    """One layer's verdict, with the numbers behind it."""

    layer: Layer
    status: LayerStatus
    critical: bool
    rule: str
    """The rule in words."""
    trials: int
    passed: int
    failed: int
    check_errors: int
    pass_rate: float | None
    low: float | None
    """Lower bound of the pass rate's interval (a bootstrap over cases)."""
    high: float | None
    confidence: float
    mean_score: float | None
    judge_mean: float | None
    judge_scores: int
    reasons: list[str]
    """Why the layer failed (one line per broken rule), then why it asks for review."""
    change: LayerChange | None = None
    not_run: tuple[str, ...] = ()
    """What the run's selection left out of the layer (`fourfold.gate.LayerVerdict.not_run`)."""


@dataclass(frozen=True)
class CheckStats:
    """One check's results over the run: statuses counted and every score."""

    check: str
    layer: Layer
    counts: dict[str, int]
    """``pass``, ``fail``, ``skip``, ``error`` counts."""
    scores: list[float]
    """Scores of decided results (pass or fail)."""


@dataclass(frozen=True)
class StratumStats:
    """One stratum (``key=value``): its cases and each layer's pass rate on them."""

    key: str
    value: str
    cases: int
    pass_rates: dict[str, float | None]
    """Per layer: share of decided trials that passed (None: no decided trial)."""
    trials: dict[str, int]
    """Per layer: decided trials."""


@dataclass(frozen=True)
class ForestRow:
    """One row of the forest plot: a paired difference against the baseline."""

    label: str
    group: Literal["layer", "check", "stratum"]
    metric: str
    """``pass`` (a pass rate) or ``score`` (the check's own scale)."""
    diff: float | None
    low: float | None
    high: float | None
    margin: float | None
    """The noise margin (layers only)."""
    movement: Movement
    tested: bool
    n_cases: int
    p_holm: float | None


@dataclass(frozen=True)
class ConsistencyLine:
    """pass^k and pass@k of one layer for k = 1..K."""

    layer: Layer
    rows: list[ConsistencyRow]
    n_cases: int
    flaky: int
    """Cases that passed some repeats and failed others."""


@dataclass(frozen=True)
class Distribution:
    """Values of one per-trial quantity (latency, cost, tokens), with the baseline's."""

    name: str
    unit: str
    values: list[float]
    baseline: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class CalibrationView:
    """A judge's confusion matrix against human labels, with the calibration's verdict."""

    criterion: str
    slice: str
    """``all`` or ``held_out``."""
    labels: list[str]
    """The scale, lowest first."""
    matrix: list[list[int]]
    """Rows: human label; columns: the judge's."""
    kappa: float | None
    statistic: str
    verdict: str
    reason: str


@dataclass(frozen=True)
class ComparisonView:
    """What comparing with the baseline decided."""

    decision: str
    reasons: list[str]
    improvements: list[str]
    notes: list[str]
    shared: int
    added: int
    removed: int
    edited: int
    flips: int
    regressed: int
    fixed: int
    family: str
    safety: list[SeverityDelta] = field(default_factory=list)
    """Violation rates by severity and the weighted rate, each side and the change."""


@dataclass(frozen=True)
class ReportData:
    """Everything one report page shows.

    Build it with `load_report` (from a store) or `build_report` (from runs in memory);
    draw it with `render_report`. `index` is the case table's data and `details` each
    trial's detail, keyed like the table's rows (``t0``, ``t1``... for this run's trials,
    ``b0``... for the baseline's trials the flipped cases show).
    """

    title: str
    run: RunInfo
    baseline: RunInfo | None
    gate: GateReport
    costs: CostSummary
    layers: list[LayerCard]
    comparison: ComparisonView | None
    checks: list[CheckStats]
    strata: list[StratumStats]
    forest: list[ForestRow]
    consistency: list[ConsistencyLine]
    distributions: list[Distribution]
    calibrations: list[CalibrationView]
    index: dict[str, Any]
    """The case table: ``{"layers", "strata", "rows", "flips", "base_rows"}`` (see
    `fourfold.report.html.TrialRow` for a row)."""
    details: dict[str, dict[str, Any]]
    """Per trial key, its detail (see `trial_detail`)."""
    generated_at: str
    """ISO time the data was assembled."""
    notes: list[str] = field(default_factory=list)
    """What the reader must know (e.g. no noise margin measured)."""
    robustness: RobustnessReport | None = None
    """Verdicts on perturbed variants against their originals', when the run has both."""
    forecast: list[str] = field(default_factory=list)
    """The run's forecast beside what happened, a line a quantity (`ForecastCheck.lines`);
    empty when the run stored none (a resumed run, or one made before forecasts)."""
    reviews: ReviewSummary | None = None
    """What people's reviews of judge scores changed: counts, the judges' own decision and
    each override beside the judge's score (None: nothing was reviewed)."""
    reliability: ReliabilityPanel | None = None
    """The four dimensions of reliability, each with its interval (`fourfold.reliability`)."""
    predictability: PredictabilityReport | None = None
    """Brier score, calibration error and AUROC per layer, with the reliability diagram."""
    safety: SafetyReport | None = None
    """Policy violations by severity, with rates and the severity-weighted rate."""

"""Comparing two runs case by case: which layer moved, by how much, beyond noise or not.

`compare` is a pure function of two stored runs (no I/O). Trials are paired by case id;
a case whose content changed between the runs (its content hash differs) is reported
as edited and left out, as are cases only one run has, so a changed case set is never
silently compared.

**What is compared.** Per layer, per check and per stratum (each ``key=value`` of the
cases' strata, per layer), the same paired comparison (`fourfold.stats.paired_difference`):
each side's mean, the difference (candidate minus baseline) with a bootstrap interval
that resamples *cases*, a paired test and an effect size. A layer's value for a trial is
1 when the trial passes the layer (`fourfold.runs.decided_in`), 0 when it fails it;
errored trials and undecided layers are left out. A check is compared on its scores
when it gives any (a judge's 0-3, a precision), else on pass/fail. Repeats of a case are
averaged first: cases are the clusters, so the test counts cases, not trials. The test is
exact McNemar for pass/fail with one trial per case, else Wilcoxon's signed-rank test on
per-case means with the paired t-test beside it. Pairwise judges' results are left out of
the per-check rows: each run's pairwise scores are against its own baseline.

**Multiple comparisons.** Every test in the report belongs to one of two families, and
p-values are Holm-corrected within each: the *layers* (at most four tests; the decision
rests on them alone) and the *breakdown* (every check and every stratum row with at least
`min_cases` shared cases; rows with fewer are described, untested, and collapsed in the
terminal). One family over everything would make a layer's verdict depend on how many
strata the cases happen to carry: tagging the cases with one more stratum could turn a
blocking regression into noise. A stratum holding every shared case repeats the layer's
row and is left out. The per-check and per-stratum rows say where a layer moved; they do
not decide.

**Noise.** Each layer's move is held against a measured noise margin: split-half from
the baseline's repeats, or an A/A pair (another run of the baseline's version, `aa=`),
or margins the caller measured (`noise=`). Never from the candidate's repeats: a noisier
candidate would widen its own margin and hide its regressions. Without a margin (one
repeat and no A/A run) any significant move counts, and the comparison says so.

**Verdicts.** A layer *regressed* when the candidate is worse by more than its margin
and the Holm-corrected p is below alpha; *improved* symmetrically; else the move is
*noise*. A regression in a critical layer blocks, one in a non-critical layer asks for
review, else deploy; criticality comes from the gate's rules (`config`). Results that
could not decide (check and judge errors) are left out of the pass rates, so a side whose
errors in a layer pass the gate's tolerance for that layer, or whose checks there never
decided, asks for review: errors on the cases that regressed would otherwise hide the
regression (see `fourfold.runs.count_errors`).

**Intervals and power.** The bootstrap intervals are at `confidence` (95%) and are not
adjusted for the Holm family the decision's tests belong to, so the views mark them
"unadjusted": an interval clear of zero beside a Holm p above alpha is that difference,
not a contradiction. Beside a move that did not decide (noise, not significant,
underpowered) each layer gives the drop its test would have detected with 80% power at
the decision's level (`LayerDelta.detectable`, `fourfold.power`).

**Flips.** Per case and layer, the repeats of a run add up to one status: ``pass`` when
every repeat passed, ``fail`` when none did, ``flaky`` in between. A case *regressed* in
a layer when it passed every repeat in the baseline and not in the candidate, and was
*fixed* the other way round; the flips are listed regressions first, by layer severity.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Literal, cast

import numpy as np
from pydantic import BaseModel, ConfigDict

from ._flips import Flip, case_flips, case_status
from ._format import pct
from ._lazy import publish
from .cases import Case
from .gate import EXIT_CODES, Decision, GateConfig
from .power import detectable_between
from .rubrics import RubricDelta, rubric_deltas
from .runs import (
    LAYERS,
    PAIRWISE_SCORES,
    Layer,
    RunData,
    Trial,
    TrialCount,
    count_errors,
    layer_values,
    on_checks_both_ran,
)
from .safety import SeverityDelta, severity_deltas
from .stats import (
    Movement,
    NoiseMargin,
    PairedDifference,
    holm,
    movement,
    noise_margin,
    paired_difference,
    smallest_p,
)
from .summary import incomplete_reason, review_notes, reviewed_gate

__all__ = [
    "NO_NOISE_MARGIN",
    "CaseSetChange",
    "CheckDelta",
    "Comparison",
    "Flip",
    "LayerDelta",
    "StratumDelta",
    "compare",
    "describe_layer",
    "detectable_words",
    "noise_margins",
]

NoiseSource = Literal["split_half", "aa_pair", "given", "not_measured"]

NO_NOISE_MARGIN = (
    "noise margin not measured: run with repeats ≥ 2 or pass --aa; "
    "any significant move is treated as real"
)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CaseSetChange(_Model):
    """How the two runs' case sets differ."""

    shared: int
    """Cases in both runs with the same content: the ones compared."""
    added: list[str]
    """In the candidate only."""
    removed: list[str]
    """In the baseline only."""
    edited: list[str]
    """In both, with different content (input, expected outcome, ground truth...)."""

    @property
    def changed(self) -> bool:
        """True when the runs were not made on the same cases."""
        return bool(self.added or self.removed or self.edited)


class LayerDelta(_Model):
    """One layer on the shared cases, both sides: the paired comparison and its verdict."""

    layer: Layer
    base_pass_rate: float | None
    """Share of the baseline's decided trials that passed the layer."""
    cand_pass_rate: float | None
    """The same for the candidate."""
    base_trials: int
    cand_trials: int
    regressed: int
    """Shared cases that passed every repeat in the baseline and not in the candidate."""
    fixed: int
    """Shared cases that passed every repeat in the candidate and not in the baseline."""
    critical: bool = True
    """From the gate's rules: a regression here blocks (else it asks for review)."""
    difference: PairedDifference | None = None
    """Means over cases of per-case pass shares, their difference with a case-cluster
    bootstrap interval, the paired test and the effect size; None when no shared case has
    a decided trial on both sides."""
    p_holm: float | None = None
    """The test's p-value, Holm-corrected over the report's family."""
    noise: NoiseMargin | None = None
    """The noise margin the move is held against (its `margin` None when not measured)."""
    verdict: Movement = "no_data"
    """``regression``, ``improvement``, ``noise``, ``underpowered`` (a drop beyond the noise
    margin on too few cases for any test to tell it from chance), or ``no_data``."""
    undecided: list[str] = []
    """Why the comparison of this layer cannot be trusted as it stands: results on the
    shared cases that could not decide, above the gate's tolerance, on either side."""
    detectable: float | None = None
    """The smallest drop this layer's test would detect with 80% power on these cases at
    the level the decision holds it to (alpha over the layer tests, Holm's strictest
    step), with the two runs' measured discordance as noise (`fourfold.power`); None when
    none up to the pass rate is. What a ``noise``, ``not_significant`` or
    ``underpowered`` verdict could have seen."""

    @property
    def delta(self) -> float | None:
        """Candidate minus baseline pass rate (of trials)."""
        if self.base_pass_rate is None or self.cand_pass_rate is None:
            return None
        return self.cand_pass_rate - self.base_pass_rate


class CheckDelta(_Model):
    """One check (criterion) on the shared cases: scores when it gives any, else pass/fail."""

    check: str
    layer: Layer
    metric: Literal["score", "pass"]
    """``score``: the check's own scale; ``pass``: share of trials it passed."""
    difference: PairedDifference
    tested: bool
    """False when fewer than `Comparison.min_cases` cases have values on both sides: the
    row is described but not tested, and not part of the Holm family."""
    p_holm: float | None = None
    """Holm-corrected p (None when untested)."""
    movement: Movement = "noise"
    """``regression`` / ``improvement`` when Holm p < alpha (no noise margin per check)."""


class StratumDelta(_Model):
    """One layer on the shared cases of one stratum (``key=value``)."""

    key: str
    value: str
    layer: Layer
    difference: PairedDifference
    tested: bool
    """As in `CheckDelta`."""
    p_holm: float | None = None
    movement: Movement = "noise"
    """``regression`` / ``improvement`` when Holm p < alpha (no noise margin per stratum)."""


class Comparison(_Model):
    """Two runs of a suite, side by side on their shared cases, and what follows."""

    base_run: str
    cand_run: str
    base_label: str
    cand_label: str
    case_set: CaseSetChange
    layers: list[LayerDelta]
    flips: list[Flip]
    """Regressions first, by layer severity (policy, trajectory, grounding, outcome)."""
    checks: list[CheckDelta] = []
    """Per check, in layer order then by name."""
    strata: list[StratumDelta] = []
    """Per stratum and layer, by key, value and layer."""
    decision: Decision = "deploy"
    """``block`` (a critical layer regressed, or the candidate's own gate blocks), ``review``
    (another layer regressed, or the candidate's own gate asks for review) or ``deploy``: the
    stricter of what moved and the candidate's own gate, as ``fourfold run --baseline``."""
    candidate_gate: Decision | None = None
    """The candidate run's own gate decision, as stored with it (None: not stored)."""
    reasons: list[str] = []
    """Why the decision is not ``deploy``."""
    improvements: list[str] = []
    """Layers that improved beyond noise, one line each."""
    alpha: float = 0.05
    """Significance level the Holm-corrected p-values are held to."""
    confidence: float = 0.95
    """Coverage of the bootstrap intervals and the noise margins."""
    n_resamples: int = 2000
    """Bootstrap resamples per interval."""
    seed: int | None = None
    """The seed of the random generator behind the intervals and margins."""
    min_cases: int = 5
    """Checks and strata with fewer shared cases are described, not tested."""
    family: str = ""
    """Which tests each Holm correction runs over, in words."""
    n_layer_tests: int = 0
    """Tests in the layers' family (the layers with shared data)."""
    n_breakdown_tests: int = 0
    """Tests in the breakdown's family (tested checks and strata rows)."""
    noise_source: NoiseSource = "not_measured"
    """Where the noise margins come from."""
    aa_run: str | None = None
    """The A/A run the margins were measured against, if any."""
    notes: list[str] = []
    """What the reader must know to read the numbers (e.g. no noise margin)."""
    rubrics: list[RubricDelta] = []
    """Each weighted rubric of the candidate's gate, per dimension and overall: each
    side's mean, standard deviation and 5th percentile, and the paired difference (Holm
    within the rubric rows; they describe, they do not decide)."""
    safety: list[SeverityDelta] = []
    """Policy violation rates by severity and the severity-weighted rate on the shared
    cases, each side's and the paired difference (`fourfold.safety`); they describe."""

    @property
    def exit_code(self) -> int:
        """0 deploy, 1 block, 3 review."""
        return EXIT_CODES[self.decision]

    def layer(self, layer: Layer) -> LayerDelta:
        """The row of `layer`."""
        return next(d for d in self.layers if d.layer == layer)


def noise_margins(
    base: RunData,
    aa: RunData | None = None,
    *,
    rng: np.random.Generator,
    cases: Iterable[str] | None = None,
    confidence: float = 0.95,
    n_resamples: int = 2000,
) -> dict[Layer, NoiseMargin]:
    """Measure each layer's noise margin: split-half of `base`'s repeats, or the A/A pair.

    Args:
        base: the baseline run.
        aa: another run of the baseline's version on the same cases; when given, the
            margin is the half-width of the A/A difference's interval on the cases both
            ran unchanged, else split-half on `base`'s repeats.
        rng: the random generator.
        cases: measure on these case ids only (default: every case).
        confidence: share of chance moves the margin covers.
        n_resamples: random splits or bootstrap resamples.

    Returns:
        A margin per layer with data (its `margin` is None when it could not be measured).
    """
    keep = set(cases) if cases is not None else {c.id for c in base.cases} or None
    if aa is not None:
        same = _unchanged(base.cases, aa.cases)
        keep = same if keep is None else keep & same
    out: dict[Layer, NoiseMargin] = {}
    for layer in LAYERS:
        values = layer_values(base.trials, layer, cases=keep)
        if not values:
            continue
        rerun = None if aa is None else layer_values(aa.trials, layer, cases=keep)
        out[layer] = noise_margin(
            values, rerun, confidence=confidence, n_resamples=n_resamples, rng=rng
        )
    return out


def compare(
    base: RunData,
    cand: RunData,
    *,
    rng: np.random.Generator | None = None,
    seed: int = 0,
    alpha: float = 0.05,
    noise: Mapping[Layer, NoiseMargin] | None = None,
    aa: RunData | None = None,
    config: GateConfig | None = None,
    min_cases: int = 5,
) -> Comparison:
    """Pair two runs by case and say, per layer, check and stratum, what moved beyond noise.

    Judged results count as people's reviews leave them (`RunData.reviewed`), and the
    notes name each override beside the judge's score; give the runs as stored
    (`fourfold.store.load_run` reads their reviews).

    Args:
        base: the baseline run.
        cand: the candidate run.
        rng: the random generator behind every interval and margin (default: one made
            from `seed`); the same seed gives the same comparison.
        seed: the seed `rng` was made from (or is made from), recorded in the comparison.
        alpha: significance level for the Holm-corrected p-values.
        noise: noise margins per layer measured by the caller (e.g. `noise_margins`);
            by default they are measured here, from `aa` or from `base`'s repeats.
        aa: another run of the baseline's version: margins from the A/A pair.
        config: the gate's rules, for which layers are critical (default: the defaults).
        min_cases: checks and strata with fewer shared cases are not tested.

    Returns:
        The comparison, with its decision.
    """
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1 (e.g. 0.05), got {alpha}")
    config = config or GateConfig()
    rng = rng if rng is not None else np.random.default_rng(seed)
    # Judged results count as people's reviews leave them, on both sides; the candidate's
    # own gate is judged again when a review changed a score (read before the swap: a
    # review is matched against the judge's score as stored).
    own = _own_gate(cand)
    reviewed = review_notes("baseline", base) + review_notes("candidate", cand)
    base, cand = base.reviewed(), cand.reviewed()
    base, cand, not_compared = on_checks_both_ran(base, cand)
    case_set, same = _case_set(base, cand)
    keep = set(same)

    notes: list[str] = [*reviewed, *not_compared]
    source: NoiseSource
    if noise is not None:
        margins, source = dict(noise), "given"
    elif aa is not None:
        margins, source = noise_margins(base, aa, rng=rng, cases=keep), "aa_pair"
    else:
        margins, source = noise_margins(base, rng=rng, cases=keep), "split_half"
    if not any(m.margin is not None for m in margins.values()):
        source = "not_measured" if source != "given" else source
        notes.append(NO_NOISE_MARGIN)

    layers = [_layer_delta(layer, base, cand, same, config, margins, rng) for layer in LAYERS]
    checks = _check_deltas(base, cand, keep, rng, min_cases)
    strata = _stratum_deltas(base, cand, same, rng, min_cases)
    # After every other draw from rng, so a suite without rubrics compares as it did.
    rubric_rows = rubric_deltas(
        config.rubrics, base.trials, cand.trials, keep, rng=rng, alpha=alpha, min_cases=min_cases
    )

    # Two families, each Holm-corrected: the layers (the decision rests on them) and the
    # breakdown (checks and strata). One family over everything would let the number of
    # strata the cases carry decide whether a layer's regression blocks.
    layer_tests = [
        (i, d.difference.test.p_value)
        for i, d in enumerate(layers)
        if d.difference is not None and d.difference.test.p_value is not None
    ]
    level = alpha / max(1, len(layer_tests))
    for (i, _), p in zip(layer_tests, _holm([p for _, p in layer_tests]), strict=True):
        d = layers[i]
        b, c = (layer_values(x.trials, d.layer, cases=same) for x in (base, cand))
        layers[i] = d.model_copy(
            update={
                "p_holm": p,
                "verdict": _verdict(d, p, alpha),
                "detectable": detectable_between(b, c, alpha=level),
            }
        )
    rows: list[CheckDelta | StratumDelta] = [*checks, *strata]
    breakdown = [
        (i, r.difference.test.p_value)
        for i, r in enumerate(rows)
        if r.tested and r.difference.test.p_value is not None
    ]
    for (i, _), p in zip(breakdown, _holm([p for _, p in breakdown]), strict=True):
        rows[i] = rows[i].model_copy(
            update={"p_holm": p, "movement": movement(rows[i].difference.diff, p, alpha)}
        )
    checks = [r for r in rows if isinstance(r, CheckDelta)]
    strata = [r for r in rows if isinstance(r, StratumDelta)]
    n_checks = sum(1 for i, _ in breakdown if isinstance(rows[i], CheckDelta))
    family = (
        f"Holm within two families: the {len(layer_tests)} layer tests (the decision), and "
        f"the {len(breakdown)} breakdown tests ({n_checks} checks, "
        f"{len(breakdown) - n_checks} strata rows with ≥ {min_cases} shared cases)"
    )

    decision: Decision = "deploy"
    reasons: list[str] = []
    improvements: list[str] = []
    if case_set.shared == 0:
        # Nothing was compared: "deploy" would claim the candidate was checked and held.
        decision = "review"
        reasons.append(
            "the runs share no unchanged case, so nothing could be compared "
            f"({len(case_set.added)} only in the candidate, {len(case_set.removed)} only in "
            f"the baseline, {len(case_set.edited)} edited); compare runs of the same cases"
        )
    for side, data in (("baseline", base), ("candidate", cand)):
        # A run without a verdict of its own gives none to a comparison either.
        missing = incomplete_reason(data.run, TrialCount.of(data.run, data.cases, data.trials))
        if missing is not None:
            decision = "review"
            reasons.append(f"the {side} run {data.run.id} is {missing}")
    for d in layers:
        if d.verdict == "regression":
            if d.critical:
                decision = "block"
                reasons.append(f"{d.layer} regressed ({_describe(d)}) and is critical")
            else:
                decision = "review" if decision == "deploy" else decision
                reasons.append(f"{d.layer} regressed ({_describe(d)}); not critical, so review")
        elif d.verdict == "improvement":
            improvements.append(f"{d.layer} improved ({_describe(d)})")
        elif d.verdict == "underpowered" and d.difference is not None:
            decision = "review" if decision == "deploy" else decision
            n = d.difference.n_cases
            reasons.append(
                f"{d.layer} fell ({_describe(d)}) on only {n} shared case"
                f"{'s' if n != 1 else ''}: the smallest p-value {n} case"
                f"{'s' if n != 1 else ''} can give is {smallest_p(n):.2g}, so no test can tell "
                f"this from chance at alpha {alpha:g}; review it, and add cases"
            )
        if d.undecided:
            decision = "review" if decision == "deploy" else decision
            reasons.extend(f"{d.layer}: {why}" for why in d.undecided)
    if own is not None and _STRICTNESS[own[0]] > _STRICTNESS[decision]:
        # Nothing moving is no reason to ship a candidate that fails its own rules.
        decision = own[0]
        reasons.append(
            f"the candidate's own gate says {own[0]}" + (f": {'; '.join(own[1])}" if own[1] else "")
        )

    return Comparison(
        base_run=base.run.id,
        cand_run=cand.run.id,
        base_label=base.run.agent_version,
        cand_label=cand.run.agent_version,
        case_set=case_set,
        layers=layers,
        flips=case_flips(base, cand, same),
        checks=checks,
        strata=strata,
        decision=decision,
        candidate_gate=own[0] if own is not None else None,
        reasons=reasons,
        improvements=improvements,
        alpha=alpha,
        seed=seed,
        min_cases=min_cases,
        family=family,
        n_layer_tests=len(layer_tests),
        n_breakdown_tests=len(breakdown),
        noise_source=source,
        aa_run=aa.run.id if aa is not None and noise is None else None,
        notes=notes,
        rubrics=rubric_rows,
        # Last of all the draws from rng, so every figure above compares as it did.
        safety=severity_deltas(base.trials, cand.trials, cases=keep, rng=rng),
    )


_STRICTNESS: dict[str, int] = {"deploy": 0, "review": 1, "block": 2}


def _own_gate(data: RunData) -> tuple[Decision, list[str]] | None:
    """The decision (and its reasons) of the run's own gate, if it stored one.

    When people overrode judge scores of the run, its gate is judged again on its own
    rules with the reviewed scores (without drop rules: the comparison measures the move).
    """
    reviewed = reviewed_gate(data) if data.run.summary is not None else None
    if reviewed is not None:
        return reviewed.decision, list(reviewed.reasons)
    gate = (data.run.summary or {}).get("gate")
    if not isinstance(gate, dict):
        return None
    decision = gate.get("decision")
    if decision not in _STRICTNESS:
        return None
    reasons = [str(r) for r in gate.get("reasons") or [] if isinstance(r, str)]
    return cast("Decision", decision), reasons


def describe_layer(d: LayerDelta) -> str:
    """A layer's move in one line: means, difference with interval, margin and p."""
    return _describe(d)


def _describe(d: LayerDelta) -> str:
    diff = d.difference
    if diff is None or diff.diff is None:
        return "no shared data"
    ci = diff.interval
    interval = (
        ""
        if ci.low is None or ci.high is None
        else f", unadjusted {ci.confidence:.0%} CI {_pts(ci.low)} to {_pts(ci.high)}"
    )
    margin = (
        "noise margin not measured"
        if d.noise is None or d.noise.margin is None
        else f"noise margin ±{abs(d.noise.margin) * 100:.1f} points"
    )
    p = "—" if d.p_holm is None else f"{d.p_holm:.3g}"
    could = (
        f", {detectable_words(d.detectable)}"
        if d.verdict in ("noise", "not_significant", "underpowered")
        else ""
    )
    return (
        f"pass rate {pct(diff.base_mean)} → {pct(diff.cand_mean)} "
        f"({_pts(diff.diff)} points{interval}), {margin}, Holm p = {p}{could}"
    )


def detectable_words(drop: float | None) -> str:
    """What a not-significant move could have seen, in words (`LayerDelta.detectable`).

    Examples:
        >>> detectable_words(0.142), detectable_words(None)
        ('detectable drop 14.2 points (80% power)', 'no drop detectable on so few cases')
    """
    if drop is None:
        return "no drop detectable on so few cases"
    return f"detectable drop {drop * 100:.1f} points (80% power)"


def _pts(value: float) -> str:
    return f"{value * 100:+.1f}"


def _verdict(d: LayerDelta, p_holm: float, alpha: float) -> Movement:
    diff = d.difference
    if diff is None:
        return "no_data"
    margin = d.noise.margin if d.noise is not None else None
    return movement(diff.diff, p_holm, alpha, margin=margin, n_cases=diff.n_cases)


def _holm(p_values: list[float]) -> list[float]:
    return holm(p_values) if p_values else []


def _unchanged(a: list[Case], b: list[Case]) -> set[str]:
    hashes = {c.id: c.content_hash for c in b}
    return {c.id for c in a if hashes.get(c.id) == c.content_hash}


def _case_set(base: RunData, cand: RunData) -> tuple[CaseSetChange, list[str]]:
    base_cases = {c.id: c for c in base.cases}
    cand_cases = {c.id: c for c in cand.cases}
    shared_ids = [c.id for c in base.cases if c.id in cand_cases]
    edited = [i for i in shared_ids if base_cases[i].content_hash != cand_cases[i].content_hash]
    edited_set = set(edited)
    same = [i for i in shared_ids if i not in edited_set]
    change = CaseSetChange(
        shared=len(same),
        added=[c.id for c in cand.cases if c.id not in base_cases],
        removed=[c.id for c in base.cases if c.id not in cand_cases],
        edited=edited,
    )
    return change, same


def _layer_delta(
    layer: Layer,
    base: RunData,
    cand: RunData,
    same: list[str],
    config: GateConfig,
    margins: Mapping[Layer, NoiseMargin],
    rng: np.random.Generator,
) -> LayerDelta:
    b = layer_values(base.trials, layer, cases=same)
    c = layer_values(cand.trials, layer, cases=same)
    regressed = fixed = 0
    for case_id in same:
        if case_id in b and case_id in c:
            b_status, c_status = case_status(_share(b[case_id])), case_status(_share(c[case_id]))
            regressed += b_status == "pass" and c_status != "pass"
            fixed += b_status != "pass" and c_status == "pass"
    paired = any(k in b for k in c)
    keep = set(same)
    tolerance = config.error_tolerance(layer)
    undecided = [
        f"in the {side}, {why}"
        for side, run in (("candidate", cand), ("baseline", base))
        for why in count_errors((t for t in run.trials if t.case_id in keep), layer).reasons(
            tolerance
        )
    ]
    return LayerDelta(
        layer=layer,
        base_pass_rate=_rate(b),
        cand_pass_rate=_rate(c),
        base_trials=sum(len(v) for v in b.values()),
        cand_trials=sum(len(v) for v in c.values()),
        regressed=regressed,
        fixed=fixed,
        critical=config.rule(layer).critical,
        difference=paired_difference(b, c, rng=rng) if paired else None,
        noise=margins.get(layer),
        undecided=undecided,
    )


def _check_values(
    trials: list[Trial], keep: set[str]
) -> tuple[dict[str, Layer], dict[str, dict[str, list[float]]], dict[str, dict[str, list[float]]]]:
    """Per check: its layer, its pass values per case and its scores per case."""
    layers: dict[str, Layer] = {}
    passes: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    scores: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for trial in trials:
        if trial.status != "ok" or trial.case_id not in keep:
            continue
        for r in trial.results:
            if r.status not in ("pass", "fail") or r.metadata.get("verdict") in PAIRWISE_SCORES:
                continue
            layers.setdefault(r.check, r.layer)
            passes[r.check][trial.case_id].append(1.0 if r.status == "pass" else 0.0)
            if r.score is not None:
                scores[r.check][trial.case_id].append(r.score)
    return layers, passes, scores


def _check_deltas(
    base: RunData, cand: RunData, keep: set[str], rng: np.random.Generator, min_cases: int
) -> list[CheckDelta]:
    b_layers, b_pass, b_scores = _check_values(base.trials, keep)
    c_layers, c_pass, c_scores = _check_values(cand.trials, keep)
    names = [n for n in b_layers if n in c_layers and b_layers[n] == c_layers[n]]
    names.sort(key=lambda n: (LAYERS.index(b_layers[n]), n))
    out = []
    for name in names:
        scored = name in b_scores or name in c_scores
        b = b_scores[name] if scored else b_pass[name]
        c = c_scores[name] if scored else c_pass[name]
        if not any(k in b for k in c):
            continue
        diff = paired_difference(b, c, rng=rng)
        out.append(
            CheckDelta(
                check=name,
                layer=b_layers[name],
                metric="score" if scored else "pass",
                difference=diff,
                tested=diff.n_cases >= min_cases,
            )
        )
    return out


def _stratum_deltas(
    base: RunData, cand: RunData, same: list[str], rng: np.random.Generator, min_cases: int
) -> list[StratumDelta]:
    by_id = {c.id: c for c in base.cases}
    members: dict[tuple[str, str], list[str]] = defaultdict(list)
    for case_id in same:
        for key, value in by_id[case_id].strata.items():
            members[(key, value)].append(case_id)
    values = {
        layer: (layer_values(base.trials, layer, cases=same), layer_values(cand.trials, layer))
        for layer in LAYERS
    }
    out = []
    for (key, value), ids in sorted(members.items()):
        if len(ids) == len(same):
            continue  # the stratum is every shared case: the layer's own row
        for layer in LAYERS:
            b_all, c_all = values[layer]
            b = {i: b_all[i] for i in ids if i in b_all}
            c = {i: c_all[i] for i in ids if i in c_all}
            if not any(k in b for k in c):
                continue
            diff = paired_difference(b, c, rng=rng)
            out.append(
                StratumDelta(
                    key=key,
                    value=value,
                    layer=layer,
                    difference=diff,
                    tested=diff.n_cases >= min_cases,
                )
            )
    return out


def _share(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _rate(values: Mapping[str, list[float]]) -> float | None:
    decided = sum(len(v) for v in values.values())
    return sum(sum(v) for v in values.values()) / decided if decided else None


publish(__name__, ["Flip"])  # defined in _flips, reported as fourfold.compare's

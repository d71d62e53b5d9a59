"""Calibration: does a judge agree with people as well as people agree with each other?

Human–human agreement comes first: it is the ceiling. Two labellers who agree 70% of the
time wrote to an ambiguous rubric, and no judge can be expected to beat them. Then each
human label is compared with the judge's score on the same trial. Both are computed on
every labelled item and on the held-out slice (`is_held_out`), every figure with a
bootstrap interval from the seed.

The verdict is read on the held-out slice, with one primary statistic: Cohen's kappa,
quadratic-weighted on scales of three or more levels (unweighted on two, where the two
are equal). Kappa rather than exact agreement, because exact agreement rewards a judge
that gives everyone the common score; quadratic weights, because on an ordinal scale a
one-point slip is a smaller error than a three-point one, and the gate reads mean scores,
which quadratic weights track. The judge ``may_gate`` when its kappa on the held-out
slice is within `margin` of the human ceiling (the held-out ceiling when at least
`min_items` held-out items have two labels, else the ceiling on all items); otherwise
the criterion stays under ``human_review``. Fewer than `min_items` held-out items with a
judge score and a human label give ``insufficient_labels``. A judge that failed on more
than `MAX_ERROR_SHARE` of the trials it was asked about stays under ``human_review``
whatever its agreement: its failures are left out of the agreement, so the agreement says
nothing about them, and a judge that answers only sometimes cannot decide a release. The
reason says plainly, first, whether the judge may gate.

Labels on a case rather than a repeat apply to repeat 0 (the trial a labeller of a
one-repeat run saw); a label of the same labeller on repeat 0 itself wins over it.
Results whose judge errored (or skipped) have no score and are left out, and counted.

Disagreements are listed from the tuning slice only (the held-out ones are counted, not
shown): reading them is how a rubric gets revised, and the held-out slice must stay
untouched by that. They are grouped by criterion, score pair and case stratum, biggest
cluster first, because disagreements cluster, and a cluster usually names a missing
anchor rather than a defective judge.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from ..cases import Case
from ..runs import Label, Review, Trial, review_labels
from ..stats import (
    AgreementReport,
    Interval,
    agreement_report,
    bootstrap_ci,
    krippendorff_alpha_ci,
    pairwise_agreement,
)
from ..store import Store
from ._items import JudgedTrial, Scale, judged_trials, resolve_criterion, scale_of
from ._labels import trial_labels
from ._sample import is_held_out

__all__ = [
    "ANALYSIS_KIND",
    "MAX_ERROR_SHARE",
    "MIN_ITEMS",
    "CalibrationReport",
    "CalibrationVerdict",
    "Disagreement",
    "DisagreementCluster",
    "HumanAgreement",
    "PrimaryStatistic",
    "SliceAgreement",
    "calibrate",
    "calibration_report",
]

ANALYSIS_KIND = "calibration"
"""The kind under which calibrations are kept with their run (the key is the criterion)."""

MIN_ITEMS = 20
"""Held-out items (with a judge score and a human label) the verdict needs, and items
with two labels the human ceiling needs."""

MAX_ERROR_SHARE = 0.05
"""The share of its trials (skips aside) a judge may fail on and still gate."""

LOW_CEILING = 0.6
"""Below this the humans' own kappa says the rubric is ambiguous (a note, not a verdict)."""

CalibrationVerdict = Literal["may_gate", "human_review", "insufficient_labels"]
"""``may_gate``: the judge may decide alone; ``human_review``: people must check its
scores; ``insufficient_labels``: too few labels to say."""

PrimaryStatistic = Literal["weighted_kappa", "kappa"]
"""The statistic the verdict compares: quadratic-weighted kappa on three or more levels."""

Key = tuple[str, int]
_NO_STRATUM = "(no strata)"
_MAX_NOTES = 5
_STAT_WORDS = {"weighted_kappa": "κw", "kappa": "κ"}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class HumanAgreement(_Model):
    """How well the labellers agree with each other: the ceiling for any judge."""

    items: int
    """Items labelled by at least two people."""
    labellers: int
    """People who labelled those items."""
    pairwise_exact: Interval
    """Share of agreeing pairs among all pairs of labels on the same item (MT-Bench's
    human–human agreement), with an interval over items."""
    pairs: int
    """Pairs of labels compared."""
    pair: tuple[str, str] | None
    """The two labellers with the most items in common."""
    pair_agreement: AgreementReport | None
    """Their agreement: kappa (unweighted and quadratic), exact, within-one, confusion."""
    alpha: Interval | None
    """Krippendorff's alpha (ordinal) over every labeller, when there are more than two."""


class SliceAgreement(_Model):
    """Agreement on one slice of the labelled items: all of them, or the held-out ones."""

    slice: Literal["all", "held_out"]
    """Which items."""
    labelled_items: int
    """Trials in the slice with at least one human label."""
    judged_items: int
    """Of those, trials with a judge score: the items judge–human agreement is over."""
    human_human: HumanAgreement | None
    """Agreement among the labellers (None without an item labelled twice)."""
    judge_human: AgreementReport | None
    """Each human label against the judge's score on the same trial (None without any)."""


class Disagreement(_Model):
    """A human label that differs from the judge's score."""

    case_id: str
    """The case."""
    repeat: int
    """The repeat."""
    judge_score: float
    """What the judge gave."""
    human_score: float
    """What the labeller gave."""
    labeller: str
    """Who."""
    note: str | None
    """The labeller's note."""
    stratum: str
    """The case's strata (``category=returns``), or ``(no strata)``."""
    held_out: bool
    """Whether the case is held out (listed only when asked for)."""


class DisagreementCluster(_Model):
    """Disagreements with the same criterion, score pair and stratum."""

    criterion: str
    """The check."""
    judge_score: float
    """The judge's score."""
    human_score: float
    """The human's score."""
    stratum: str
    """The case stratum."""
    count: int
    """Disagreements in the cluster."""
    items: list[str]
    """The trials, as ``case#repeat``."""
    notes: list[str]
    """Labellers' notes in the cluster (up to five): what the anchor is missing."""


class CalibrationReport(_Model):
    """A judge's agreement with human labels on one criterion of one run, and the verdict."""

    run_id: str
    """The run."""
    criterion: str
    """The check calibrated (``rubric:grounding``)."""
    seed: int
    """The seed of the bootstrap intervals."""
    margin: float
    """How far below the human ceiling the judge may be and still gate."""
    min_items: int
    """Held-out items the verdict needs (and items with two labels the ceiling needs)."""
    confidence: float
    """Coverage of the intervals."""
    n_resamples: int
    """Bootstrap resamples per interval."""
    scale: list[float]
    """The scale's levels, lowest first."""
    primary: PrimaryStatistic
    """The statistic the verdict compares."""
    trials: int
    """Trials with a result on the criterion."""
    judge_errors: int
    """Of those, results where the judge errored: no score, left out."""
    judge_skips: int
    """Results where the criterion did not apply: left out."""
    labels: int
    """Human labels of the run on the criterion (reviews counted as labels among them)."""
    labellers: list[str]
    """Who labelled."""
    case_labels: int
    """Labels on a case rather than a repeat, applied to repeat 0."""
    unmatched_labels: int
    """Labels on trials without a judge score (it errored or skipped, or the trial is not
    in the run): left out of judge–human agreement."""
    all_items: SliceAgreement
    """Agreement on every labelled item."""
    held_out: SliceAgreement
    """Agreement on the held-out slice: what the verdict reads."""
    judge_statistic: float | None
    """The judge's primary statistic on the held-out slice."""
    ceiling: float | None
    """The humans' primary statistic (between the two labellers with most overlap)."""
    ceiling_slice: Literal["held_out", "all"] | None
    """Which items the ceiling is from."""
    verdict: CalibrationVerdict
    """``may_gate``, ``human_review`` or ``insufficient_labels``."""
    reason: str
    """The verdict in words, with the figures behind it."""
    notes: list[str]
    """What else to know (a low ceiling, labels left out)."""
    disagreements: list[Disagreement]
    """Judge–human disagreements on the tuning slice, largest first."""
    held_out_disagreements: int
    """Disagreements on the held-out slice (not listed, so the rubric is not tuned on them,
    unless asked for)."""
    clusters: list[DisagreementCluster]
    """The listed disagreements grouped by criterion, score pair and stratum, biggest first."""
    review_labels: int = 0
    """Of `labels`, reviews from the viewer counted as labels: an override is the reviewer's
    score of the trial, an accept their score equal to the judge's. The judge's original
    score is what is compared with them."""


def calibrate(
    store: Store,
    run_id: str,
    criterion: str,
    *,
    seed: int | None = None,
    margin: float = 0.05,
    min_items: int = MIN_ITEMS,
    include_held_out: bool = False,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    save: bool = True,
) -> CalibrationReport:
    """Calibrate a run's judge on one criterion against the run's human labels.

    The report is kept with the run (``store.get_analysis(run, "calibration",
    criterion)``) unless `save` is False.

    Args:
        store: the run store.
        run_id: the run (a unique prefix or ``latest`` works).
        criterion: the check (``rubric:grounding``, or ``grounding``).
        seed: the seed of the bootstrap intervals (default: the run's).
        margin: how far below the human ceiling the judge may be and still gate.
        min_items: held-out items the verdict needs.
        include_held_out: list held-out disagreements too (do not revise the rubric
            from them).
        n_resamples: bootstrap resamples.
        confidence: coverage of the intervals.
        save: keep the report with the run.

    Raises:
        ConfigError: the run has no result of the criterion.
    """
    run = store.get_run(run_id)
    trials = store.trials(run.id)
    name = resolve_criterion(criterion, {r.check for t in trials for r in t.results})
    report = calibration_report(
        trials,
        trial_labels(store, run, criterion=name),
        name,
        reviews=store.reviews(run.id),
        run_id=run.id,
        cases=store.cases(run.id),
        seed=run.seed if seed is None else seed,
        margin=margin,
        min_items=min_items,
        include_held_out=include_held_out,
        n_resamples=n_resamples,
        confidence=confidence,
    )
    if save:
        store.save_analysis(run.id, ANALYSIS_KIND, name, report.model_dump(mode="json"))
    return report


def calibration_report(
    trials: Sequence[Trial],
    labels: Sequence[Label],
    criterion: str,
    *,
    run_id: str,
    reviews: Sequence[Review] = (),
    cases: Sequence[Case] = (),
    seed: int,
    scale: Scale | None = None,
    margin: float = 0.05,
    min_items: int = MIN_ITEMS,
    include_held_out: bool = False,
    n_resamples: int = 2000,
    confidence: float = 0.95,
) -> CalibrationReport:
    """The calibration report from a run's trials and labels (no I/O).

    Args:
        trials: the run's trials.
        labels: human labels; those of other criteria or runs are ignored.
        reviews: people's reviews of the run's judged results. The judge is the
            instrument calibrated, so its original score (as in `trials`) is compared,
            and each review in force on the criterion counts as one more human label by
            its reviewer (`fourfold.runs.review_labels`), unless that person labelled the
            trial already (their label stands).
        criterion: the check, as results name it (``rubric:grounding``).
        run_id: the run.
        cases: the run's cases, for the strata disagreements are grouped by.
        seed: the seed of the bootstrap intervals.
        scale: the criterion's (low, high) scale (default: as its results record it).
        margin: how far below the human ceiling the judge may be and still gate.
        min_items: held-out items the verdict needs.
        include_held_out: list held-out disagreements too.
        n_resamples: bootstrap resamples.
        confidence: coverage of the intervals.

    Raises:
        ValueError: `margin` is negative or `min_items` below 1.
    """
    if margin < 0:
        raise ValueError(f"margin must be 0 or more, got {margin}")
    if min_items < 1:
        raise ValueError(f"min_items must be at least 1, got {min_items}")
    judged = {(j.case_id, j.repeat): j for j in judged_trials(trials, criterion)}
    scores = {key: j.score for key, j in judged.items() if j.score is not None}
    # A label without a run is not of this run's outputs: another run's agent may have
    # answered differently.
    own = [lb for lb in labels if lb.criterion == criterion and lb.run_id == run_id]
    labelled = {(lb.case_id, lb.repeat, lb.labeller) for lb in own}
    from_reviews = [
        lb
        for lb in review_labels(trials, reviews, criterion)
        if lb.run_id == run_id and (lb.case_id, lb.repeat, lb.labeller) not in labelled
    ]
    own += from_reviews
    humans = _labels_by_item(own)
    scale = scale or scale_of(list(judged.values()))
    levels = _levels(scale, scores, humans)
    primary: PrimaryStatistic = "weighted_kappa" if len(levels) >= 3 else "kappa"
    strata = {c.id: _stratum(c) for c in cases}
    context = _Context(
        levels=levels,
        seed=seed,
        n_resamples=n_resamples,
        confidence=confidence,
    )

    def held(key: Key) -> bool:
        return is_held_out(key[0], criterion)

    all_items = _slice("all", humans, scores, context, lambda key: True)
    held_out = _slice("held_out", humans, scores, context, held)
    judge_stat, ceiling, ceiling_slice, verdict, reason = _verdict(
        all_items, held_out, primary, margin, min_items
    )
    judge_errors = sum(j.result.status == "error" for j in judged.values())
    asked = sum(j.result.status != "skip" for j in judged.values())
    if asked and judge_errors / asked > MAX_ERROR_SHARE:
        verdict = "human_review"
        reason = _failing_judge(list(judged.values()), judge_errors, asked)
    reason = _PLAIN[verdict] + reason
    case_labels = sum(lb.repeat is None for lb in own)
    unmatched = sum(len(by) for key, by in humans.items() if key not in scores)
    notes = _notes(
        ceiling,
        ceiling_slice,
        primary,
        judge_errors=judge_errors,
        case_labels=case_labels,
        unmatched=unmatched,
    )
    if from_reviews:
        notes.append(
            f"{len(from_reviews)} of the labels are reviews made in the viewer, with the "
            "judge's score in view (an accept agrees with it by construction); labels drawn "
            "blind (`fourfold sample`) measure the judge more fairly"
        )
    disagreements = [
        Disagreement(
            case_id=key[0],
            repeat=key[1],
            judge_score=scores[key],
            human_score=human.value,
            labeller=labeller,
            note=human.note,
            stratum=strata.get(key[0], _NO_STRATUM),
            held_out=held(key),
        )
        for key, by in humans.items()
        if key in scores
        for labeller, human in sorted(by.items())
        if human.value != scores[key]
    ]
    disagreements.sort(
        key=lambda d: (-abs(d.judge_score - d.human_score), d.case_id, d.repeat, d.labeller)
    )
    shown = [d for d in disagreements if include_held_out or not d.held_out]
    return CalibrationReport(
        run_id=run_id,
        criterion=criterion,
        seed=seed,
        margin=margin,
        min_items=min_items,
        confidence=confidence,
        n_resamples=n_resamples,
        scale=levels,
        primary=primary,
        trials=len(judged),
        judge_errors=judge_errors,
        judge_skips=sum(j.result.status == "skip" for j in judged.values()),
        labels=len(own),
        labellers=sorted({lb.labeller for lb in own}),
        case_labels=case_labels,
        unmatched_labels=unmatched,
        all_items=all_items,
        held_out=held_out,
        judge_statistic=judge_stat,
        ceiling=ceiling,
        ceiling_slice=ceiling_slice,
        verdict=verdict,
        reason=reason,
        notes=notes,
        disagreements=shown,
        held_out_disagreements=sum(d.held_out for d in disagreements),
        clusters=_clusters(criterion, shown),
        review_labels=len(from_reviews),
    )


class _Context:
    """What every slice's statistics share: the scale and the bootstrap settings."""

    def __init__(self, *, levels: list[float], seed: int, n_resamples: int, confidence: float):
        self.levels = levels
        self.seed = seed
        self.n_resamples = n_resamples
        self.confidence = confidence

    def rng(self, *part: int) -> np.random.Generator:
        """A generator per statistic: adding one never shifts another's interval."""
        return np.random.default_rng(np.random.SeedSequence([self.seed % 2**64, *part]))


def _labels_by_item(labels: Sequence[Label]) -> dict[Key, dict[str, Label]]:
    """Labels by trial and labeller; a case label goes to repeat 0 unless one is there."""
    by_item: dict[Key, dict[str, Label]] = {}
    for label in sorted(labels, key=lambda lb: lb.repeat is not None):
        # Case labels first, so a label on repeat 0 itself overwrites one on the case.
        key = (label.case_id, 0 if label.repeat is None else label.repeat)
        by_item.setdefault(key, {})[label.labeller] = label
    return dict(sorted(by_item.items()))


def _levels(
    scale: Scale | None, scores: Mapping[Key, float], humans: Mapping[Key, Mapping[str, Label]]
) -> list[float]:
    seen = set(scores.values()) | {lb.value for by in humans.values() for lb in by.values()}
    if scale is not None:
        seen |= {float(v) for v in range(scale[0], scale[1] + 1)}
    return sorted(seen)


def _slice(
    name: Literal["all", "held_out"],
    humans: Mapping[Key, Mapping[str, Label]],
    scores: Mapping[Key, float],
    ctx: _Context,
    keep: Callable[[Key], bool],
) -> SliceAgreement:
    part = 0 if name == "all" else 1
    items = {key: by for key, by in humans.items() if keep(key)}
    judge: list[float] = []
    human: list[float] = []
    for key, by in items.items():
        if key in scores:
            for _, label in sorted(by.items()):
                judge.append(scores[key])
                human.append(label.value)
    judge_human = (
        agreement_report(
            judge,
            human,
            labels=ctx.levels,
            ordinal=True,
            rng=ctx.rng(part, 0),
            n_resamples=ctx.n_resamples,
            confidence=ctx.confidence,
        )
        if judge
        else None
    )
    return SliceAgreement(
        slice=name,
        labelled_items=len(items),
        judged_items=sum(key in scores for key in items),
        human_human=_human_agreement(items, ctx, part),
        judge_human=judge_human,
    )


def _human_agreement(
    items: Mapping[Key, Mapping[str, Label]], ctx: _Context, part: int
) -> HumanAgreement | None:
    multi = [{who: lb.value for who, lb in by.items()} for by in items.values() if len(by) >= 2]
    if not multi:
        return None
    counts = [pairwise_agreement({0: list(values.values())}) for values in multi]
    agree = np.array([c.agree for c in counts], dtype=float)
    total = np.array([c.total for c in counts], dtype=float)

    def pair_rate(index: np.ndarray) -> float:
        chosen = index.astype(int)
        return float(agree[chosen].sum() / total[chosen].sum())

    indices = np.arange(len(multi), dtype=float)
    pairwise_exact = _interval(indices, pair_rate, ctx, part, 1)
    overlap: Counter[tuple[str, str]] = Counter()
    for values in multi:
        overlap.update(itertools.combinations(sorted(values), 2))
    pair, _ = min(overlap.items(), key=lambda kv: (-kv[1], kv[0]))
    both = [values for values in multi if pair[0] in values and pair[1] in values]
    pair_agreement = agreement_report(
        [values[pair[0]] for values in both],
        [values[pair[1]] for values in both],
        labels=ctx.levels,
        ordinal=True,
        rng=ctx.rng(part, 2),
        n_resamples=ctx.n_resamples,
        confidence=ctx.confidence,
    )
    people = sorted({who for values in multi for who in values})
    alpha = None
    if len(people) > 2:
        data = [[values.get(who) for who in people] for values in multi]
        alpha = krippendorff_alpha_ci(
            data,
            level="ordinal",
            rng=ctx.rng(part, 3),
            n_resamples=ctx.n_resamples,
            confidence=ctx.confidence,
        )
    return HumanAgreement(
        items=len(multi),
        labellers=len(people),
        pairwise_exact=pairwise_exact,
        pairs=int(total.sum()),
        pair=pair,
        pair_agreement=pair_agreement,
        alpha=alpha,
    )


def _interval(
    indices: np.ndarray,
    statistic: Callable[[np.ndarray], float],
    ctx: _Context,
    part: int,
    which: int,
) -> Interval:
    """A bootstrap interval over items: `statistic` takes the indices of a resample."""
    return bootstrap_ci(
        indices,
        statistic,
        n_resamples=ctx.n_resamples,
        confidence=ctx.confidence,
        rng=ctx.rng(part, which),
    )


def _primary(report: AgreementReport | None, primary: PrimaryStatistic) -> float | None:
    if report is None:
        return None
    interval = report.weighted_kappa if primary == "weighted_kappa" else report.kappa
    return None if interval is None else interval.estimate


def _verdict(
    all_items: SliceAgreement,
    held_out: SliceAgreement,
    primary: PrimaryStatistic,
    margin: float,
    min_items: int,
) -> tuple[
    float | None,
    float | None,
    Literal["held_out", "all"] | None,
    CalibrationVerdict,
    str,
]:
    word = _STAT_WORDS[primary]
    n_held = held_out.judged_items
    judge = _primary(held_out.judge_human, primary)
    hh_held = held_out.human_human
    hh_all = all_items.human_human
    ceiling_slice: Literal["held_out", "all"] | None = None
    ceiling = None
    ceiling_items = 0
    for name, hh in (("held_out", hh_held), ("all", hh_all)):
        if hh is not None and hh.pair_agreement is not None and hh.pair_agreement.n >= min_items:
            ceiling_slice = "held_out" if name == "held_out" else "all"
            ceiling = _primary(hh.pair_agreement, primary)
            ceiling_items = hh.pair_agreement.n
            break
    if n_held < min_items:
        return (
            judge,
            ceiling,
            ceiling_slice,
            "insufficient_labels",
            f"only {n_held} held-out items have both a judge score and a human label; "
            f"the verdict needs at least {min_items} (label {min_items - n_held} more of the "
            "rows marked held_out in the sample file)",
        )
    if ceiling_slice is None:
        twice = hh_all.pair_agreement.n if hh_all and hh_all.pair_agreement else 0
        return (
            judge,
            None,
            None,
            "insufficient_labels",
            f"no human ceiling: the two labellers with most items in common share {twice} "
            f"items, and the ceiling needs at least {min_items} labelled by both (sample "
            "with --labellers 2)",
        )
    if judge is None:
        return (
            None,
            ceiling,
            ceiling_slice,
            "insufficient_labels",
            f"judge–human {word} is undefined on the {n_held} held-out items (every judge "
            "score and label is the same); label items across the scale",
        )
    if ceiling is None:
        return (
            judge,
            None,
            ceiling_slice,
            "insufficient_labels",
            f"the human ceiling {word} is undefined on {ceiling_items} items (both "
            "labellers gave every item the same score); label items across the scale",
        )
    where = "held-out items" if ceiling_slice == "held_out" else "labelled items of both slices"
    if judge >= ceiling - margin:
        return (
            judge,
            ceiling,
            ceiling_slice,
            "may_gate",
            f"judge–human {word} {judge:.2f} on {n_held} held-out items is within "
            f"{margin:.2f} of the human ceiling {ceiling:.2f} (from {ceiling_items} {where})",
        )
    return (
        judge,
        ceiling,
        ceiling_slice,
        "human_review",
        f"judge–human {word} {judge:.2f} is {ceiling - judge:.2f} below the human ceiling "
        f"{ceiling:.2f} on {n_held} held-out items (the margin is {margin:.2f}; ceiling "
        f"from {ceiling_items} {where})",
    )


_PLAIN: dict[CalibrationVerdict, str] = {
    "may_gate": "The judge may gate on its own: ",
    "human_review": "The judge may not gate; people must check its scores: ",
    "insufficient_labels": "The judge may not gate yet: ",
}


def _failing_judge(judged: Sequence[JudgedTrial], errors: int, asked: int) -> str:
    causes = Counter(
        str(j.result.metadata.get("error_category") or "check_error")
        for j in judged
        if j.result.status == "error"
    )
    listed = ", ".join(f"{cause} {count}" for cause, count in causes.most_common())
    return (
        f"it failed on {errors} of the {asked} trials it was asked about ({errors / asked:.0%}: "
        f"{listed}), more than the {MAX_ERROR_SHARE:.0%} a gating judge may fail on; its "
        "agreement with people is measured only where it answered. Fix what the error "
        "categories name (a runaway judge wants a lower max_tokens or a shorter prompt) "
        "and calibrate a new run"
    )


def _notes(
    ceiling: float | None,
    ceiling_slice: str | None,
    primary: PrimaryStatistic,
    *,
    judge_errors: int,
    case_labels: int,
    unmatched: int,
) -> list[str]:
    notes: list[str] = []
    word = _STAT_WORDS[primary]
    if ceiling is not None and ceiling < LOW_CEILING:
        notes.append(
            f"the labellers agree only {word} {ceiling:.2f} with each other: the rubric is "
            "ambiguous; fix its anchors (the disagreement clusters point at them) before "
            "trusting any judge on it"
        )
    if ceiling_slice == "all":
        notes.append(
            "the human ceiling is from all labelled items: too few held-out items have two labels"
        )
    if judge_errors:
        notes.append(f"{judge_errors} results where the judge errored are left out")
    if case_labels:
        notes.append(f"{case_labels} labels on a whole case are applied to its repeat 0")
    if unmatched:
        notes.append(
            f"{unmatched} labels are on trials without a judge score (it errored or "
            "skipped, or the trial is not in the run): left out of judge–human agreement"
        )
    return notes


def _stratum(case: Case) -> str:
    if not case.strata:
        return _NO_STRATUM
    return ", ".join(f"{k}={v}" for k, v in sorted(case.strata.items()))


def _clusters(criterion: str, disagreements: Sequence[Disagreement]) -> list[DisagreementCluster]:
    groups: dict[tuple[float, float, str], list[Disagreement]] = {}
    for d in disagreements:
        groups.setdefault((d.judge_score, d.human_score, d.stratum), []).append(d)
    clusters = [
        DisagreementCluster(
            criterion=criterion,
            judge_score=judge,
            human_score=human,
            stratum=stratum,
            count=len(members),
            items=sorted({f"{d.case_id}#{d.repeat}" for d in members}),
            notes=[d.note for d in members if d.note][:_MAX_NOTES],
        )
        for (judge, human, stratum), members in groups.items()
    ]
    clusters.sort(
        key=lambda c: (
            -c.count,
            -abs(c.judge_score - c.human_score),
            c.judge_score,
            c.human_score,
            c.stratum,
        )
    )
    return clusters

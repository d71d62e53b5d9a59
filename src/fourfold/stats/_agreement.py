"""Agreement between raters: a judge and humans, or humans among themselves.

Cohen's kappa, Krippendorff's alpha, exact and within-one agreement, rank
correlations, the confusion matrix, pair counting as MT-Bench does it, and
`agreement_report`, which bundles them with bootstrap intervals over items.

Labels are any hashable values (``1..5``, ``"A"``/``"B"``/``"tie"``, ``True``/``False``).
Their order matters for weighted kappa, within-one agreement and the correlations; it
is the order of `labels` when given, else the sorted labels seen.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt
from scipy import stats as sps

from ._bootstrap import Interval, interval_from_replicates, resample_indices
from ._result import (
    FloatArray,
    _Result,
    as_floats,
    check_confidence,
    check_same_length,
    finite_or_none,
)

__all__ = [
    "AgreementReport",
    "Correlation",
    "Label",
    "PairCounts",
    "agreement_report",
    "cohen_kappa",
    "confusion_matrix",
    "cross_agreement",
    "exact_match_rate",
    "kendall",
    "krippendorff_alpha",
    "pairwise_agreement",
    "spearman",
    "within_one_rate",
]

Label = bool | int | float | str
"""A rating as stored in a report: a score, a verdict, a preference."""

KappaWeights = Literal["linear", "quadratic"] | None
IntArray = npt.NDArray[np.int64]


class Correlation(_Result):
    """A rank correlation with its p-value (scipy's)."""

    statistic: float | None
    """Spearman's rho or Kendall's tau-b; None when undefined (a constant side, n < 2)."""
    p_value: float | None
    """Two-sided p-value against no association; None when undefined."""
    n: int
    """Pairs used."""
    method: Literal["spearman", "kendall_tau_b"]
    """Which correlation."""


class PairCounts(NamedTuple):
    """Agreeing pairs out of all pairs compared."""

    agree: int
    total: int

    @property
    def rate(self) -> float | None:
        """``agree / total``, or None when no pair was compared."""
        return self.agree / self.total if self.total else None


class AgreementReport(_Result):
    """How well a judge agrees with human labels, each figure with a bootstrap interval.

    Intervals resample items (indices into the paired labels) with the caller's
    generator; every figure is computed from the same draws.
    """

    n: int
    """Items with both a judge label and a human label."""
    labels: list[Label]
    """The label scale, in order (lowest first when ordinal)."""
    ordinal: bool
    """Whether the labels are ordered (a score scale) rather than categories."""
    exact: Interval
    """Share of items where the judge gave the human's label."""
    within_one: Interval | None
    """Share within one step of the scale (ordinal only)."""
    kappa: Interval
    """Cohen's kappa, unweighted."""
    weighted_kappa: Interval | None
    """Cohen's kappa with quadratic weights (ordinal only)."""
    spearman: Interval | None
    """Spearman's rho between the scale positions (ordinal with at least 3 levels)."""
    spearman_p: float | None
    """Its p-value on the full sample."""
    kendall: Interval | None
    """Kendall's tau-b between the scale positions (ordinal with at least 3 levels)."""
    kendall_p: float | None
    """Its p-value on the full sample."""
    confusion: list[list[int]]
    """Counts: one row per human label, one column per judge label, in `labels` order."""


def cohen_kappa(
    a: Sequence[Hashable],
    b: Sequence[Hashable],
    *,
    weights: KappaWeights = None,
    labels: Sequence[Hashable] | None = None,
) -> float | None:
    """Cohen's kappa: agreement between two raters beyond what chance would give.

    ``kappa = 1 - sum(w * observed) / sum(w * expected)`` over the confusion matrix,
    with ``w`` 0 on the diagonal and 1 elsewhere (unweighted), ``|i - j|`` (linear)
    or ``(i - j)**2`` (quadratic) for label positions ``i``, ``j``.

    Kappa is undefined when chance agreement is certain: both raters gave one and
    the same label to every item (or there are no items). scikit-learn's
    ``cohen_kappa_score`` then warns and returns NaN; this returns None, because
    NaN would poison every mean and comparison downstream while None must be
    handled (see the None policy in `fourfold.stats`).

    Args:
        a: One rater's labels.
        b: The other rater's labels, paired with `a` by position.
        weights: None (nominal), ``linear`` or ``quadratic`` (ordinal scales).
        labels: The label scale in order; by default the sorted labels seen.

    Returns:
        Kappa in [-1, 1], or None when undefined.

    Examples:
        >>> cohen_kappa(["yes", "yes", "no", "no"], ["yes", "no", "no", "no"])
        0.5
        >>> cohen_kappa([3, 3, 3], [3, 3, 3]) is None
        True
    """
    check_same_length(a, b)
    order = _label_order(labels, a, b)
    ca, cb = _codes(a, order, "a"), _codes(b, order, "b")
    matrix = _confusion(ca[None, :], cb[None, :], len(order))
    return finite_or_none(_kappas(matrix, _weights(len(order), weights))[0])


def confusion_matrix(
    a: Sequence[Hashable], b: Sequence[Hashable], labels: Sequence[Hashable]
) -> list[list[int]]:
    """Counts of label pairs: row = `a`'s label, column = `b`'s label, in `labels` order.

    The same layout as scikit-learn's ``confusion_matrix(y_true=a, y_pred=b)``.

    Args:
        a: Labels giving the rows (e.g. the human's).
        b: Labels giving the columns (e.g. the judge's), paired with `a`.
        labels: Every label, in the order of rows and columns.

    Returns:
        A ``len(labels)`` by ``len(labels)`` matrix of counts.

    Examples:
        >>> confusion_matrix(["pass", "fail", "pass"], ["pass", "pass", "pass"], ["pass", "fail"])
        [[2, 0], [1, 0]]
    """
    check_same_length(a, b)
    order = _label_order(labels, a, b)
    matrix = _confusion(_codes(a, order, "a")[None, :], _codes(b, order, "b")[None, :], len(order))
    return [[int(v) for v in row] for row in matrix[0]]


def exact_match_rate(a: Sequence[Hashable], b: Sequence[Hashable]) -> float | None:
    """Share of pairs with the same label, or None without pairs.

    Examples:
        >>> exact_match_rate([1, 2, 3, 4], [1, 2, 4, 4])
        0.75
    """
    check_same_length(a, b)
    if not a:
        return None
    return sum(x == y for x, y in zip(a, b, strict=True)) / len(a)


def within_one_rate(
    a: Sequence[Hashable], b: Sequence[Hashable], *, labels: Sequence[Hashable] | None = None
) -> float | None:
    """Share of pairs at most one step apart on an ordinal scale, or None without pairs.

    Without `labels` the ratings must be numbers and a step is 1 (``|a - b| <= 1``);
    with `labels`, a step is one position in `labels`.

    Args:
        a: One rater's ratings.
        b: The other rater's, paired with `a`.
        labels: The scale in order, when the ratings are not numbers one apart.

    Returns:
        The share, or None without pairs.

    Examples:
        >>> within_one_rate([1, 2, 5], [2, 2, 3])
        0.6666666666666666
        >>> within_one_rate(["low", "high"], ["mid", "mid"], labels=["low", "mid", "high"])
        1.0
    """
    check_same_length(a, b)
    if not a:
        return None
    if labels is None:
        x, y = as_floats(_numbers(a, "a")), as_floats(_numbers(b, "b"))
    else:
        order = _label_order(labels, a, b)
        x, y = _codes(a, order, "a").astype(float), _codes(b, order, "b").astype(float)
    return float(np.mean(np.abs(x - y) <= 1))


def spearman(a: Sequence[float], b: Sequence[float]) -> Correlation:
    """Spearman's rank correlation (``scipy.stats.spearmanr``), ties given mean ranks.

    Undefined (None) with fewer than two pairs or when either side is constant, where
    scipy warns and returns NaN.

    Examples:
        >>> result = spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])
        >>> round(result.statistic, 3), round(result.p_value, 3)
        (0.8, 0.104)
    """
    x, y = _paired_floats(a, b)
    if _constant(x) or _constant(y):
        return Correlation(statistic=None, p_value=None, n=len(x), method="spearman")
    result = sps.spearmanr(x, y)
    return Correlation(
        statistic=finite_or_none(result.statistic),
        p_value=finite_or_none(result.pvalue),
        n=len(x),
        method="spearman",
    )


def kendall(a: Sequence[float], b: Sequence[float]) -> Correlation:
    """Kendall's tau-b (``scipy.stats.kendalltau``), which corrects for ties.

    The p-value is scipy's default: exact for small samples without ties, else the
    normal approximation. Undefined (None) as for `spearman`.

    Examples:
        >>> result = kendall([1, 2, 3, 4, 5], [2, 1, 4, 3, 5])
        >>> result.statistic, round(result.p_value, 3)
        (0.6, 0.233)
    """
    x, y = _paired_floats(a, b)
    if _constant(x) or _constant(y):
        return Correlation(statistic=None, p_value=None, n=len(x), method="kendall_tau_b")
    result = sps.kendalltau(x, y)
    return Correlation(
        statistic=finite_or_none(result.statistic),
        p_value=finite_or_none(result.pvalue),
        n=len(x),
        method="kendall_tau_b",
    )


def krippendorff_alpha(
    data: Sequence[Sequence[Hashable | None]],
    *,
    level: Literal["nominal", "ordinal", "interval"] = "nominal",
) -> float | None:
    """Krippendorff's alpha for any number of raters, with missing ratings.

    ``alpha = 1 - (n - 1) * sum(o * d) / sum(n_c * n_k * d)`` over the coincidence
    matrix ``o`` of pairable values (Krippendorff 2011, "Computing Krippendorff's
    Alpha-Reliability"), with ``d`` the squared distance of the level: 0/1 for
    nominal, ``(c - k)**2`` for interval, and for ordinal the squared count of values
    between ``c`` and ``k`` (``sum(n_g, g=c..k) - (n_c + n_k) / 2``).

    Only items with at least two ratings count. Alpha is undefined (None) when fewer
    than two distinct values are pairable, where the ``krippendorff`` package raises
    ValueError.

    Args:
        data: One list per item of the ratings it received, None where a rater
            did not rate it. Raters need not line up across items.
        level: ``nominal`` (categories), ``ordinal`` (ordered; values must sort)
            or ``interval`` (numbers).

    Returns:
        Alpha (1 is perfect agreement, 0 is chance), or None when undefined.

    Examples:
        >>> data = [[1, 1, None], [2, 2, 2], [3, 3, 1], [None, 2, 2]]
        >>> round(krippendorff_alpha(data), 3), round(krippendorff_alpha(data, level="ordinal"), 3)
        (0.71, 0.277)
    """
    units = [[v for v in item if v is not None] for item in data]
    units = [u for u in units if len(u) >= 2]
    seen = {v for u in units for v in u}
    if len(seen) < 2:
        return None
    values = _sorted_labels(seen, "ratings") if level != "nominal" else _stable_labels(units)
    index = {v: i for i, v in enumerate(values)}
    k = len(values)
    coincidence = np.zeros((k, k))
    for unit in units:
        counts = np.bincount([index[v] for v in unit], minlength=k).astype(float)
        coincidence += (np.outer(counts, counts) - np.diag(counts)) / (len(unit) - 1)
    totals = coincidence.sum(axis=1)
    n = totals.sum()
    if level == "nominal":
        delta = 1 - np.eye(k)
    elif level == "interval":
        numbers = as_floats(_numbers(values, "ratings"), name="ratings")
        delta = np.subtract.outer(numbers, numbers) ** 2
    elif level == "ordinal":
        cumulative = np.cumsum(totals)
        lo = np.minimum.outer(np.arange(k), np.arange(k))
        hi = np.maximum.outer(np.arange(k), np.arange(k))
        between = cumulative[hi] - cumulative[lo] + totals[lo]
        delta = (between - np.add.outer(totals, totals) / 2) ** 2
    else:
        raise ValueError(f"level must be nominal, ordinal or interval, got {level!r}")
    expected = float(np.sum(np.outer(totals, totals) * delta))
    if expected == 0:
        return None
    return float(1 - (n - 1) * np.sum(coincidence * delta) / expected)


def pairwise_agreement(
    votes_by_item: Mapping[Any, Sequence[Hashable]], *, exclude: Collection[Hashable] = ()
) -> PairCounts:
    """Agreement among raters of the same kind, over all unordered pairs of votes per item.

    This is how MT-Bench computes human–human agreement (Zheng et al. 2023, Table 5):
    every item contributes one comparison per unordered pair of its votes; a pair where
    either vote is in `exclude` is skipped (``exclude={"tie"}`` gives the "without
    ties" figure). Items with fewer than two votes contribute nothing.

    Args:
        votes_by_item: The votes each item received.
        exclude: Labels whose pairs are not compared.

    Returns:
        Agreeing pairs and pairs compared.

    Examples:
        >>> counts = pairwise_agreement({"q1": ["A", "A", "B"], "q2": ["tie", "B"]})
        >>> counts, counts.rate
        (PairCounts(agree=1, total=4), 0.25)
        >>> pairwise_agreement({"q1": ["A", "A", "B"], "q2": ["tie", "B"]}, exclude={"tie"})
        PairCounts(agree=1, total=3)
    """
    agree = total = 0
    for votes in votes_by_item.values():
        for x, y in itertools.combinations(votes, 2):
            if x in exclude or y in exclude:
                continue
            total += 1
            agree += x == y
    return PairCounts(agree, total)


def cross_agreement(
    a_by_item: Mapping[Any, Sequence[Hashable]],
    b_by_item: Mapping[Any, Sequence[Hashable]],
    *,
    exclude: Collection[Hashable] = (),
) -> PairCounts:
    """Agreement between two groups of raters: every vote of `a` against every vote of `b`.

    This is how MT-Bench computes judge–human agreement: on each item both groups
    rated, each human vote is compared with the judge's vote. Pairs where either vote
    is in `exclude` are skipped.

    Args:
        a_by_item: Votes of the first group (e.g. the judge's, one per item).
        b_by_item: Votes of the second group (e.g. the humans').
        exclude: Labels whose pairs are not compared.

    Returns:
        Agreeing pairs and pairs compared.

    Examples:
        >>> cross_agreement({"q1": ["A"], "q2": ["B"]}, {"q1": ["A", "B"], "q3": ["A"]})
        PairCounts(agree=1, total=2)
    """
    agree = total = 0
    for item, a_votes in a_by_item.items():
        for x, y in itertools.product(a_votes, b_by_item.get(item, ())):
            if x in exclude or y in exclude:
                continue
            total += 1
            agree += x == y
    return PairCounts(agree, total)


def agreement_report(
    judge: Sequence[Label | None],
    human: Sequence[Label | None],
    *,
    labels: Sequence[Label],
    ordinal: bool,
    rng: np.random.Generator,
    n_resamples: int = 2000,
    confidence: float = 0.95,
) -> AgreementReport:
    """Judge–human agreement on one criterion, every figure with a bootstrap interval.

    Items where either label is None (not rated) are left out. Exact agreement and
    unweighted kappa always; for ordinal scales also within-one agreement and
    quadratic-weighted kappa; with at least three ordinal levels also Spearman's rho
    and Kendall's tau-b between scale positions. Intervals resample items with `rng`,
    all figures from the same draws (percentile method).

    Args:
        judge: The judge's label per item.
        human: The human label per item, paired with `judge` by position.
        labels: The label scale, in order when `ordinal`.
        ordinal: Whether the labels are ordered.
        rng: The random generator; the same seed gives the same intervals.
        n_resamples: Bootstrap resamples.
        confidence: Nominal coverage of the intervals.

    Returns:
        The report.

    Examples:
        >>> import numpy as np
        >>> report = agreement_report(
        ...     [1, 2, 3, 3, 2, 1, 3], [1, 2, 3, 2, 2, 1, 3],
        ...     labels=[1, 2, 3], ordinal=True, rng=np.random.default_rng(0),
        ... )
        >>> round(report.exact.estimate, 3), round(report.kappa.estimate, 3)
        (0.857, 0.788)
        >>> report.within_one.estimate, report.confusion
        (1.0, [[2, 0, 0], [0, 2, 1], [0, 0, 2]])
    """
    check_same_length(judge, human, "judge and human")
    check_confidence(confidence, n_resamples)
    order = _label_order(labels, [], [])
    pairs = [(j, h) for j, h in zip(judge, human, strict=True) if j is not None and h is not None]
    j_codes = _codes([j for j, _ in pairs], order, "judge")
    h_codes = _codes([h for _, h in pairs], order, "human")
    n, k = len(pairs), len(order)
    correlations = ordinal and k >= 3

    names = ["exact", "kappa"]
    names += ["within_one", "weighted_kappa"] if ordinal else []
    names += ["spearman", "kendall"] if correlations else []
    if n:
        full = _metrics(j_codes[None, :], h_codes[None, :], k, ordinal, correlations)
    else:
        full = {name: np.full(1, np.nan) for name in names}
    if n >= 2:
        draws = resample_indices(n, n_resamples, rng)
        resampled = _metrics(j_codes[draws], h_codes[draws], k, ordinal, correlations)
    else:
        resampled = {name: np.full(n_resamples, np.nan) for name in names}

    def interval(name: str) -> Interval:
        estimate = finite_or_none(full[name][0])
        return interval_from_replicates(estimate, resampled[name], n=n, confidence=confidence)

    h_labels = [order[c] for c in h_codes]
    j_labels = [order[c] for c in j_codes]
    rho = spearman(h_codes.tolist(), j_codes.tolist()) if correlations else None
    tau = kendall(h_codes.tolist(), j_codes.tolist()) if correlations else None
    return AgreementReport(
        n=n,
        labels=list(labels),
        ordinal=ordinal,
        exact=interval("exact"),
        within_one=interval("within_one") if ordinal else None,
        kappa=interval("kappa"),
        weighted_kappa=interval("weighted_kappa") if ordinal else None,
        spearman=interval("spearman") if correlations else None,
        spearman_p=rho.p_value if rho else None,
        kendall=interval("kendall") if correlations else None,
        kendall_p=tau.p_value if tau else None,
        confusion=confusion_matrix(h_labels, j_labels, order),
    )


def _metrics(
    judge: IntArray, human: IntArray, k: int, ordinal: bool, correlations: bool
) -> dict[str, FloatArray]:
    """Every figure of the report for each row of (resampled) codes; NaN = undefined."""
    matrices = _confusion(human, judge, k)
    out: dict[str, FloatArray] = {
        "exact": np.mean(judge == human, axis=1, dtype=float),
        "kappa": _kappas(matrices, _weights(k, None)),
    }
    if ordinal:
        out["within_one"] = np.mean(np.abs(judge - human) <= 1, axis=1, dtype=float)
        out["weighted_kappa"] = _kappas(matrices, _weights(k, "quadratic"))
    if correlations:
        out["spearman"] = _spearman_rows(judge, human)
        out["kendall"] = np.array([_kendall_value(j, h) for j, h in zip(judge, human, strict=True)])
    return out


def _confusion(rows: IntArray, cols: IntArray, k: int) -> FloatArray:
    """Confusion matrices, one per row of codes: shape (r, k, k)."""
    r = rows.shape[0]
    flat = rows * k + cols + (np.arange(r) * k * k)[:, None]
    counts = np.bincount(flat.ravel(), minlength=r * k * k)
    return counts.reshape(r, k, k).astype(float)


def _weights(k: int, weights: KappaWeights) -> FloatArray:
    positions = np.arange(k)
    distance = np.abs(np.subtract.outer(positions, positions)).astype(float)
    if weights is None:
        return (distance > 0).astype(float)
    if weights == "linear":
        return distance
    if weights == "quadratic":
        return distance**2
    raise ValueError(f"weights must be None, 'linear' or 'quadratic', got {weights!r}")


def _kappas(matrices: FloatArray, weights: FloatArray) -> FloatArray:
    """Kappa of each confusion matrix; NaN where chance agreement is certain."""
    n = matrices.sum(axis=(1, 2))
    rows, cols = matrices.sum(axis=2), matrices.sum(axis=1)
    expected = rows[:, :, None] * cols[:, None, :] / np.where(n > 0, n, 1)[:, None, None]
    den = np.sum(weights * expected, axis=(1, 2))
    num = np.sum(weights * matrices, axis=(1, 2))
    defined = den > 0
    out = np.full(len(matrices), np.nan)
    out[defined] = 1 - num[defined] / den[defined]
    return out


def _spearman_rows(a: IntArray, b: IntArray) -> FloatArray:
    """Spearman's rho per row: Pearson's r of mean ranks; NaN where a row is constant."""
    ra = sps.rankdata(a, axis=1)
    rb = sps.rankdata(b, axis=1)
    ra -= ra.mean(axis=1, keepdims=True)
    rb -= rb.mean(axis=1, keepdims=True)
    den = np.sqrt(np.sum(ra**2, axis=1) * np.sum(rb**2, axis=1))
    defined = den > 0
    out = np.full(len(a), np.nan)
    out[defined] = np.clip(np.sum(ra * rb, axis=1)[defined] / den[defined], -1, 1)
    return out


def _kendall_value(a: IntArray, b: IntArray) -> float:
    if _constant(a) or _constant(b):
        return np.nan
    return float(sps.kendalltau(a, b).statistic)


def _constant(x: npt.NDArray[Any]) -> bool:
    return len(x) < 2 or bool(np.all(x == x[0]))


def _paired_floats(a: Sequence[float], b: Sequence[float]) -> tuple[FloatArray, FloatArray]:
    check_same_length(a, b)
    return as_floats(a, name="a"), as_floats(b, name="b")


def _label_order(
    labels: Sequence[Hashable] | None, a: Sequence[Hashable], b: Sequence[Hashable]
) -> list[Hashable]:
    if labels is None:
        return _sorted_labels({*a, *b}, "labels")
    order = list(labels)
    if len(set(order)) != len(order):
        raise ValueError(f"labels must not repeat, got {order!r}")
    return order


def _sorted_labels(values: Collection[Hashable], what: str) -> list[Hashable]:
    try:
        return sorted(values)  # type: ignore[type-var]
    except TypeError:
        raise ValueError(
            f"the {what} {sorted(map(repr, values))} cannot be sorted; pass labels= in the "
            "order of the scale"
        ) from None


def _stable_labels(units: Sequence[Sequence[Hashable]]) -> list[Hashable]:
    seen = dict.fromkeys(v for unit in units for v in unit)
    try:
        return sorted(seen)  # type: ignore[type-var]
    except TypeError:
        return list(seen)


def _codes(values: Sequence[Hashable], order: Sequence[Hashable], name: str) -> IntArray:
    index = {label: i for i, label in enumerate(order)}
    try:
        return np.array([index[v] for v in values], dtype=np.int64)
    except KeyError as exc:
        raise ValueError(
            f"{name} has the label {exc.args[0]!r}, which is not among the labels "
            f"{list(order)!r}; add it to labels= or fix the rating"
        ) from None


def _numbers(values: Sequence[Any], name: str) -> list[float]:
    if not all(isinstance(v, int | float) for v in values):
        raise ValueError(
            f"{name} must be numbers for this measure; pass labels= to rate on positions"
        )
    return [float(v) for v in values]

"""Agreement between raters: a judge and humans, or humans among themselves.

Cohen's kappa, exact and within-one agreement, rank
correlations, the confusion matrix, pair counting as MT-Bench does it, and
`agreement_report`, which bundles them with bootstrap intervals over items.
Krippendorff's alpha, for any number of raters with gaps, is in `_krippendorff`.

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
    "pairwise_agreement",
    "spearman",
    "within_one_rate",
]

Label = bool | int | float | str
"""A rating as stored in a report: a score, a verdict, a preference."""

KappaWeights = Literal["linear", "quadratic"] | None
IntArray = npt.NDArray[np.int64]

# Upper bound on the numbers one block of resamples holds in memory at once.
_BLOCK = 1 << 22


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
    from scipy import stats as sps  # ~1 s to import: only here

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
    from scipy import stats as sps  # ~1 s to import: only here

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
        full = _metrics(j_codes, h_codes, np.arange(n)[None, :], k, ordinal, correlations)
    else:
        full = {name: np.full(1, np.nan) for name in names}
    if n >= 2:
        draws = resample_indices(n, n_resamples, rng)
        # In blocks of resamples, so the (block, k, k) confusion matrices stay small;
        # every figure is computed row by row, so the blocks do not change a result.
        step = max(1, _BLOCK // (n + k * k))
        blocks = [
            _metrics(j_codes, h_codes, draws[i : i + step], k, ordinal, correlations)
            for i in range(0, n_resamples, step)
        ]
        resampled = {name: np.concatenate([b[name] for b in blocks]) for name in names}
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
    judge: IntArray, human: IntArray, draws: IntArray, k: int, ordinal: bool, correlations: bool
) -> dict[str, FloatArray]:
    """Every figure of the report for each resample (row of `draws`); NaN = undefined.

    All but Spearman's rho come from the resamples' integer confusion matrices; the
    shares are counts over n, the very division the mean of 0/1 flags performs.
    """
    r, n = draws.shape
    cells = (human * k + judge)[draws]
    counts = np.bincount(
        (cells + (np.arange(r) * k * k)[:, None]).ravel(), minlength=r * k * k
    ).reshape(r, k, k)
    matrices = counts.astype(float)
    positions = np.arange(k)
    steps = np.abs(np.subtract.outer(positions, positions))
    out: dict[str, FloatArray] = {
        "exact": np.sum(counts[:, steps == 0], axis=1) / n,
        "kappa": _kappas(matrices, _weights(k, None)),
    }
    if ordinal:
        out["within_one"] = np.sum(counts[:, steps <= 1], axis=1) / n
        out["weighted_kappa"] = _kappas(matrices, _weights(k, "quadratic"))
    if correlations:
        out["spearman"] = _spearman_rows(judge[draws], human[draws], counts)
        out["kendall"] = _kendall_rows(counts)
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


def _spearman_rows(a: IntArray, b: IntArray, counts: IntArray) -> FloatArray:
    """Spearman's rho per row: Pearson's r of mean ranks; NaN where a row is constant.

    `counts` are the rows' confusion matrices (`b`'s codes down, `a`'s across), from
    which each row's ranks are read instead of sorting it.
    """
    ra = _mean_ranks(a, counts.sum(axis=1))
    rb = _mean_ranks(b, counts.sum(axis=2))
    ra -= ra.mean(axis=1, keepdims=True)
    rb -= rb.mean(axis=1, keepdims=True)
    den = np.sqrt(np.sum(ra**2, axis=1) * np.sum(rb**2, axis=1))
    defined = den > 0
    out = np.full(len(a), np.nan)
    out[defined] = np.clip(np.sum(ra * rb, axis=1)[defined] / den[defined], -1, 1)
    return out


def _mean_ranks(codes: IntArray, counts: IntArray) -> FloatArray:
    """``scipy.stats.rankdata(codes, axis=1)`` from each row's count of every code.

    Ties get the mean of the ranks they span: ``below + (count + 1) / 2`` for a code
    with `below` smaller values in its row. Ranks are whole or half numbers, exact in
    floating point, so they equal scipy's to the bit without sorting each row.
    """
    below = np.cumsum(counts, axis=1) - counts
    rank_of_code = below + (counts + 1) / 2
    ranks: FloatArray = np.ascontiguousarray(np.take_along_axis(rank_of_code, codes, axis=1))
    return ranks


def _kendall_rows(counts: IntArray) -> FloatArray:
    """Kendall's tau-b per row, as ``scipy.stats.kendalltau(a, b)`` computes it.

    `counts` are the rows' confusion matrices, `b`'s codes down, `a`'s across. scipy
    counts tied and discordant pairs as integers and then computes
    ``(tot - xtie - ytie + ntie - 2 * dis) / sqrt(tot - xtie) / sqrt(tot - ytie)``,
    clipped to [-1, 1]; the same integers come from the confusion matrix (pairs
    within a row, a column or a cell are ties; a pair in cells strictly below-left of
    each other is discordant), and the same floating-point operations follow, so the
    result is scipy's to the bit. NaN where a side is constant.
    """
    counts = counts.astype(np.int64)
    n = counts.sum(axis=(1, 2))
    tot = n * (n - 1) // 2
    a_counts = counts.sum(axis=1)  # per code of `a` (x in scipy)
    b_counts = counts.sum(axis=2)  # per code of `b` (y in scipy)
    xtie = np.sum(a_counts * (a_counts - 1) // 2, axis=1)
    ytie = np.sum(b_counts * (b_counts - 1) // 2, axis=1)
    ntie = np.sum(counts * (counts - 1) // 2, axis=(1, 2))
    # Pairs below (larger b) and to the left (smaller a) of each cell: discordant.
    below = np.cumsum(counts[:, ::-1, :], axis=1)[:, ::-1, :] - counts
    below_left = np.cumsum(below, axis=2) - below
    dis = np.sum(counts * below_left, axis=(1, 2))
    con_minus_dis = tot - xtie - ytie + ntie - 2 * dis
    out = np.full(len(counts), np.nan)
    defined = (xtie != tot) & (ytie != tot)
    tau = (
        con_minus_dis[defined].astype(float)
        / np.sqrt((tot - xtie)[defined].astype(float))
        / np.sqrt((tot - ytie)[defined].astype(float))
    )
    out[defined] = np.minimum(1.0, np.maximum(-1.0, tau))
    return out


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

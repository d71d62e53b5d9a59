"""Agreement statistics against scikit-learn, krippendorff and scipy; MT-Bench's figures."""

from __future__ import annotations

import json
import warnings
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import krippendorff
import numpy as np
import pytest

from fourfold.stats import (
    PairCounts,
    agreement_report,
    bootstrap_ci,
    cohen_kappa,
    confusion_matrix,
    cross_agreement,
    exact_match_rate,
    kendall,
    krippendorff_alpha,
    krippendorff_alpha_ci,
    pairwise_agreement,
    spearman,
    within_one_rate,
)

# The reference implementations (scipy, scikit-learn) are imported inside the tests that use them:
# they take seconds to import, which every xdist worker would pay collecting this file.


def _ratings(seed: int, n: int, levels: int, noise: float = 0.6) -> tuple[list[int], list[int]]:
    """Two correlated raters on a 1..levels scale."""
    rng = np.random.default_rng(seed)
    truth = rng.integers(1, levels + 1, n)
    other = np.clip(truth + np.round(rng.normal(0, noise * levels / 3, n)).astype(int), 1, levels)
    return truth.tolist(), other.tolist()


GENERATED = [
    _ratings(seed, n, levels)
    for seed, n, levels in [(0, 50, 5), (1, 200, 3), (2, 12, 4), (3, 80, 2), (4, 30, 10)]
]


# --- Cohen's kappa ------------------------------------------------------------------


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
@pytest.mark.parametrize(("a", "b"), GENERATED)
def test_kappa_matches_sklearn(a, b, weights) -> None:
    from sklearn.metrics import cohen_kappa_score

    assert cohen_kappa(a, b, weights=weights) == pytest.approx(
        cohen_kappa_score(a, b, weights=weights), abs=1e-12
    )


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_kappa_with_an_unused_label_matches_sklearn(weights) -> None:
    from sklearn.metrics import cohen_kappa_score

    a, b = [1, 2, 2, 4, 4, 1], [1, 2, 4, 4, 2, 2]
    labels = [1, 2, 3, 4]  # 3 never used, but it sets the distance between 2 and 4
    assert cohen_kappa(a, b, weights=weights, labels=labels) == pytest.approx(
        cohen_kappa_score(a, b, weights=weights, labels=labels), abs=1e-12
    )


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (["x", "y", "x"], ["x", "y", "x"], 1.0),  # perfect
        (["x", "x", "x"], ["y", "y", "y"], 0.0),  # each rater constant, different labels
        (["x", "y", "x", "y"], ["x", "x", "x", "x"], 0.0),  # one rater uses one class
        (["x", "y"], ["y", "x"], -1.0),  # perfect disagreement
        ([True, False, True, True], [True, False, False, True], 0.5),
    ],
)
def test_kappa_edge_cases_match_sklearn(a, b, expected) -> None:
    from sklearn.metrics import cohen_kappa_score

    assert cohen_kappa(a, b) == pytest.approx(expected)
    assert cohen_kappa_score(a, b) == pytest.approx(expected)


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_kappa_undefined_is_none_where_sklearn_gives_nan(weights) -> None:
    from sklearn.metrics import cohen_kappa_score

    # Both raters gave one and the same label: chance agreement is certain.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert np.isnan(cohen_kappa_score([2, 2, 2], [2, 2, 2], weights=weights))
    assert cohen_kappa([2, 2, 2], [2, 2, 2], weights=weights) is None
    assert cohen_kappa([], [], weights=weights) is None


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cohen_kappa([1, 2], [1]), "same length"),
        (lambda: cohen_kappa([1, 5], [1, 2], labels=[1, 2]), "not among the labels"),
        (lambda: cohen_kappa([1, 2], [1, 2], labels=[1, 1, 2]), "must not repeat"),
        (lambda: cohen_kappa([1, "a"], [1, "a"]), "cannot be sorted"),
        (lambda: cohen_kappa([1, 2], [1, 2], weights="cubic"), "weights"),  # type: ignore[arg-type]
    ],
)
def test_kappa_refuses_bad_input(call, message) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_kappa_with_labels_accepts_unsortable_labels() -> None:
    assert cohen_kappa([1, "a"], [1, "a"], labels=[1, "a"]) == 1.0


# --- confusion matrix, exact and within-one rates -----------------------------------


@pytest.mark.parametrize(("a", "b"), GENERATED)
def test_confusion_matrix_matches_sklearn(a, b) -> None:
    from sklearn.metrics import confusion_matrix as sk_confusion_matrix

    labels = sorted(set(a) | set(b) | {0})
    expected = sk_confusion_matrix(a, b, labels=labels).tolist()
    assert confusion_matrix(a, b, labels) == expected


def test_confusion_matrix_rows_are_the_first_argument() -> None:
    assert confusion_matrix(["A", "A", "B"], ["A", "B", "B"], ["A", "B"]) == [[1, 1], [0, 1]]


@pytest.mark.parametrize(
    ("a", "b", "exact", "within_one"),
    [
        ([1, 2, 3, 4], [1, 2, 3, 4], 1.0, 1.0),
        ([1, 2, 3, 4], [2, 3, 4, 5], 0.0, 1.0),
        ([1, 5], [3, 5], 0.5, 0.5),
        ([0.0, 0.5], [1.0, 2.0], 0.0, 0.5),
        ([], [], None, None),
    ],
)
def test_exact_and_within_one(a, b, exact, within_one) -> None:
    assert exact_match_rate(a, b) == exact
    assert within_one_rate(a, b) == within_one


def test_within_one_on_label_positions() -> None:
    scale = ["poor", "fair", "good", "great"]
    assert within_one_rate(["poor", "good"], ["fair", "poor"], labels=scale) == 0.5


def test_within_one_needs_numbers_or_labels() -> None:
    with pytest.raises(ValueError, match="labels="):
        within_one_rate(["a"], ["b"])


# --- correlations -------------------------------------------------------------------


@pytest.mark.parametrize(("a", "b"), GENERATED)
def test_correlations_match_scipy(a, b) -> None:
    from scipy import stats as sps

    rho, tau = spearman(a, b), kendall(a, b)
    ref_rho, ref_tau = sps.spearmanr(a, b), sps.kendalltau(a, b)
    assert (rho.statistic, rho.p_value) == pytest.approx((ref_rho.statistic, ref_rho.pvalue))
    assert (tau.statistic, tau.p_value) == pytest.approx((ref_tau.statistic, ref_tau.pvalue))
    assert rho.n == tau.n == len(a)


@pytest.mark.parametrize(
    ("a", "b"),
    [([], []), ([1.0], [2.0]), ([1, 1, 1], [1, 2, 3]), ([1, 2, 3], [4, 4, 4])],
)
@pytest.mark.parametrize("correlation", [spearman, kendall])
def test_correlation_undefined_is_none(a, b, correlation) -> None:
    result = correlation(a, b)
    assert (result.statistic, result.p_value) == (None, None)


def test_spearman_of_two_pairs_has_no_p_value() -> None:
    result = spearman([1, 2], [1, 2])
    assert result.statistic == pytest.approx(1.0)
    assert result.p_value is None


# --- Krippendorff's alpha -----------------------------------------------------------


def _reliability(seed: int, raters: int, units: int, levels: int, missing: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    truth = rng.integers(1, levels + 1, units)
    noise = rng.integers(-1, 2, (raters, units)) * (rng.uniform(size=(raters, units)) < 0.4)
    data = np.clip(truth + noise, 1, levels).astype(float)
    data[rng.uniform(size=data.shape) < missing] = np.nan
    return data


def _per_item(data: np.ndarray) -> list[list[float | None]]:
    return [[None if np.isnan(v) else float(v) for v in column] for column in data.T]


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
@pytest.mark.parametrize(
    ("seed", "raters", "units", "levels", "missing"),
    [
        (0, 2, 40, 3, 0.0),
        (1, 3, 60, 5, 0.2),
        (2, 5, 25, 4, 0.4),
        (3, 4, 100, 2, 0.1),
        (4, 3, 8, 7, 0.3),
    ],
)
def test_alpha_matches_krippendorff(level, seed, raters, units, levels, missing) -> None:
    data = _reliability(seed, raters, units, levels, missing)
    expected = krippendorff.alpha(reliability_data=data, level_of_measurement=level)
    assert krippendorff_alpha(_per_item(data), level=level) == pytest.approx(expected, abs=1e-10)


def test_alpha_nominal_on_strings_equals_coded_numbers() -> None:
    words = [["a", "a", None], ["b", "b", "c"], ["c", None, "c"], ["a", "b", "a"]]
    codes = {"a": 1.0, "b": 2.0, "c": 3.0}
    numbers = [[None if v is None else codes[v] for v in item] for item in words]
    assert krippendorff_alpha(words) == pytest.approx(krippendorff_alpha(numbers))


@pytest.mark.parametrize(
    "data",
    [
        [[1, 1], [1, 1, 1]],  # one value only: the krippendorff package raises ValueError
        [[1, None], [2], [None, None]],  # no item with two ratings
        [],
    ],
)
@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
def test_alpha_undefined_is_none(data, level) -> None:
    assert krippendorff_alpha(data, level=level) is None


def test_alpha_ignores_items_with_a_single_rating() -> None:
    base = [[1, 1], [2, 2], [1, 2]]
    assert krippendorff_alpha([*base, [3], [None, 5]]) == krippendorff_alpha(base)


def test_alpha_perfect_agreement_is_one() -> None:
    assert krippendorff_alpha([[1, 1, None], [2, 2, 2], [3, None, 3]], level="ordinal") == 1.0


# --- pair counting (MT-Bench) -------------------------------------------------------


@pytest.mark.parametrize(
    ("votes", "exclude", "expected"),
    [
        ({"q": ["A", "A", "A"]}, (), PairCounts(3, 3)),
        ({"q": ["A", "B"]}, (), PairCounts(0, 1)),
        ({"q": ["A"], "r": []}, (), PairCounts(0, 0)),
        ({"q": ["A", "tie", "A", "B"]}, {"tie"}, PairCounts(1, 3)),
        ({"q": ["tie", "tie"]}, (), PairCounts(1, 1)),
        ({"q": ["tie", "tie"]}, {"tie"}, PairCounts(0, 0)),
    ],
)
def test_pairwise_agreement(votes, exclude, expected) -> None:
    assert pairwise_agreement(votes, exclude=exclude) == expected


def test_pair_rate() -> None:
    assert PairCounts(3, 4).rate == 0.75
    assert PairCounts(0, 0).rate is None


@pytest.mark.parametrize(
    ("a", "b", "exclude", "expected"),
    [
        ({"q": ["A"]}, {"q": ["A", "A", "B"]}, (), PairCounts(2, 3)),
        ({"q": ["A"]}, {"r": ["A"]}, (), PairCounts(0, 0)),
        ({"q": ["tie"], "r": ["B"]}, {"q": ["tie"], "r": ["B", "tie"]}, {"tie"}, PairCounts(1, 1)),
    ],
)
def test_cross_agreement(a, b, exclude, expected) -> None:
    assert cross_agreement(a, b, exclude=exclude) == expected


def _mt_bench_votes(
    folder: Path, name: str, turn: int, judges: str
) -> dict[tuple[int, str, str], list[str]]:
    votes: dict[tuple[int, str, str], list[str]] = defaultdict(list)
    for line in (folder / name).read_text().splitlines():
        row = json.loads(line)
        if row["turn"] != turn or not row["judge"].startswith(judges):
            continue
        a, b = row["model_a"], row["model_b"]
        winner = "tie" if "tie" in row["winner"] else row[row["winner"]]
        votes[(row["question_id"], *sorted((a, b)))].append(winner)
    return votes


def test_reproduces_mt_bench_agreement_table(shared: Callable[..., Path]) -> None:
    # Zheng et al. 2023, Table 5, first turn: G4-H 66% / 85%, H-H 63% / 81%.
    folder = shared("mt-bench-human-judgments")
    human = _mt_bench_votes(folder, "human.jsonl", 1, "expert_")
    gpt4 = _mt_bench_votes(folder, "gpt4_pair.jsonl", 1, "gpt4_pair")
    assert pairwise_agreement(human) == (454, 721)
    assert pairwise_agreement(human, exclude={"tie"}) == (388, 479)
    assert cross_agreement(gpt4, human) == (886, 1343)
    assert cross_agreement(gpt4, human, exclude={"tie"}) == (727, 859)


# --- the agreement report -----------------------------------------------------------


@pytest.mark.parametrize(("judge", "human"), GENERATED)
def test_report_estimates_are_the_standalone_figures(judge, human) -> None:
    labels = sorted(set(judge) | set(human))
    report = agreement_report(
        judge, human, labels=labels, ordinal=True, rng=np.random.default_rng(0), n_resamples=200
    )
    assert report.n == len(judge)
    assert report.exact.estimate == pytest.approx(exact_match_rate(judge, human))
    assert report.kappa.estimate == pytest.approx(cohen_kappa(judge, human))
    assert report.weighted_kappa.estimate == pytest.approx(
        cohen_kappa(judge, human, weights="quadratic")
    )
    assert report.within_one.estimate == pytest.approx(within_one_rate(human, judge, labels=labels))
    assert report.confusion == confusion_matrix(human, judge, labels)
    if len(labels) >= 3:
        assert report.spearman.estimate == pytest.approx(spearman(judge, human).statistic)
        assert report.kendall.estimate == pytest.approx(kendall(judge, human).statistic)
        assert report.spearman_p == pytest.approx(spearman(judge, human).p_value)
        assert report.kendall_p == pytest.approx(kendall(judge, human).p_value)
    else:
        assert report.spearman is report.kendall is report.spearman_p is None
    for interval in (report.exact, report.kappa, report.weighted_kappa, report.within_one):
        assert interval.low <= interval.estimate <= interval.high
        assert interval.n == len(judge)


@pytest.mark.parametrize(
    ("figure", "score"),
    [
        ("exact", lambda j, h: exact_match_rate(j, h)),
        ("kappa", lambda j, h: cohen_kappa(j, h, labels=[1, 2, 3, 4, 5])),
        (
            "weighted_kappa",
            lambda j, h: cohen_kappa(j, h, labels=[1, 2, 3, 4, 5], weights="quadratic"),
        ),
        ("spearman", lambda j, h: spearman(j, h).statistic),
        ("kendall", lambda j, h: kendall(j, h).statistic),
    ],
)
def test_report_intervals_resample_items(figure, score) -> None:
    # Recompute every resample with the standalone function over the same draws.
    judge, human = _ratings(7, 25, 5)
    report = agreement_report(
        judge,
        human,
        labels=[1, 2, 3, 4, 5],
        ordinal=True,
        rng=np.random.default_rng(3),
        n_resamples=300,
    )
    draws = np.random.default_rng(3).integers(0, 25, size=(300, 25))
    values = [score([judge[i] for i in row], [human[i] for i in row]) for row in draws]
    defined = [v for v in values if v is not None]
    interval = getattr(report, figure)
    assert interval.undefined == len(values) - len(defined)
    assert (interval.low, interval.high) == pytest.approx(
        tuple(np.quantile(defined, [0.025, 0.975]))
    )


def test_report_counts_resamples_where_kappa_is_undefined() -> None:
    # Mostly one label: some resamples contain only it, where kappa is undefined.
    judge = ["pass"] * 9 + ["fail"]
    human = ["pass"] * 9 + ["fail"]
    report = agreement_report(
        judge,
        human,
        labels=["fail", "pass"],
        ordinal=False,
        rng=np.random.default_rng(0),
        n_resamples=500,
    )
    assert report.kappa.estimate == 1.0
    assert 0 < report.kappa.undefined < 500
    assert report.kappa.low == report.kappa.high == 1.0


def test_nominal_report_has_no_ordinal_figures() -> None:
    report = agreement_report(
        ["A", "B", "tie", "A"],
        ["A", "B", "A", "A"],
        labels=["A", "B", "tie"],
        ordinal=False,
        rng=np.random.default_rng(0),
        n_resamples=100,
    )
    assert report.within_one is report.weighted_kappa is report.spearman is report.kendall is None
    assert report.exact.estimate == 0.75
    assert report.confusion == [[2, 0, 1], [0, 1, 0], [0, 0, 0]]


def test_report_drops_unrated_items() -> None:
    report = agreement_report(
        [1, None, 2, 3],
        [1, 2, None, 3],
        labels=[1, 2, 3],
        ordinal=True,
        rng=np.random.default_rng(0),
        n_resamples=100,
    )
    assert report.n == 2
    assert report.exact.estimate == 1.0


@pytest.mark.parametrize(("judge", "human", "n"), [([], [], 0), ([2], [3], 1)])
def test_report_on_no_or_one_item(judge, human, n) -> None:
    report = agreement_report(
        judge, human, labels=[1, 2, 3], ordinal=True, rng=np.random.default_rng(0), n_resamples=100
    )
    assert report.n == n
    expected = None if n == 0 else 0.0
    assert report.exact.estimate == report.exact.low == report.exact.high == expected
    assert report.kappa.estimate == cohen_kappa(judge, human, labels=[1, 2, 3])
    assert report.kappa.low == report.kappa.high == report.kappa.estimate
    assert report.spearman.estimate is None


def test_report_is_reproducible_by_seed() -> None:
    judge, human = _ratings(5, 40, 4)
    make = lambda seed: agreement_report(  # noqa: E731
        judge,
        human,
        labels=[1, 2, 3, 4],
        ordinal=True,
        rng=np.random.default_rng(seed),
        n_resamples=200,
    )
    assert make(1) == make(1)
    assert make(1).kappa != make(2).kappa
    assert make(1).model_dump_json() == make(1).model_dump_json()


def test_report_refuses_labels_outside_the_scale() -> None:
    with pytest.raises(ValueError, match="not among the labels"):
        agreement_report(
            [1, 4], [1, 2], labels=[1, 2, 3], ordinal=True, rng=np.random.default_rng(0)
        )


# --- every resample, to the bit -------------------------------------------------------


def _standalone_interval(figure, judge, human, labels, n_resamples, seed):
    """The report's interval recomputed resample by resample with the public functions."""
    # The report's confusion matrices have the human's labels down the rows, so kappa
    # is taken with the human first: the same sums in the same order.
    score = {
        "exact": lambda j, h: exact_match_rate(j, h),
        "within_one": lambda j, h: within_one_rate(h, j, labels=labels),
        "kappa": lambda j, h: cohen_kappa(h, j, labels=labels),
        "weighted_kappa": lambda j, h: cohen_kappa(h, j, labels=labels, weights="quadratic"),
        "kendall": lambda j, h: kendall(j, h).statistic,
    }[figure]
    n = len(judge)
    draws = np.random.default_rng(seed).integers(0, n, size=(n_resamples, n))
    values = [score([judge[i] for i in row], [human[i] for i in row]) for row in draws]
    defined = np.array([v for v in values if v is not None])
    alpha = (1 - 0.95) / 2  # as the interval computes it (not quite 0.025)
    return tuple(np.quantile(defined, [alpha, 1 - alpha])), len(values) - len(defined)


# Spearman's rho per resample is Pearson's r of ranks, not scipy.stats.spearmanr's own
# arithmetic: it agrees to rounding (test_report_intervals_resample_items), not the bit.
FIGURES = ["exact", "within_one", "kappa", "weighted_kappa", "kendall"]


@pytest.mark.parametrize("figure", FIGURES)
@pytest.mark.parametrize(
    ("seed", "n", "levels", "noise"),
    [(11, 30, 5, 0.6), (12, 8, 3, 1.5), (13, 60, 4, 0.1), (14, 40, 10, 0.8)],
)
def test_report_intervals_equal_the_standalone_figures_exactly(
    figure, seed, n, levels, noise
) -> None:
    # Not approximately: the same numbers, so a seed gives the same report as before the
    # figures were computed for all resamples at once (Kendall's tau as scipy counts it).
    judge, human = _ratings(seed, n, levels, noise)
    labels = list(range(1, levels + 1))
    report = agreement_report(
        judge, human, labels=labels, ordinal=True, rng=np.random.default_rng(seed), n_resamples=250
    )
    (low, high), undefined = _standalone_interval(figure, judge, human, labels, 250, seed)
    interval = getattr(report, figure)
    assert (interval.low, interval.high, interval.undefined) == (low, high, undefined)


@pytest.mark.parametrize(("judge", "human"), [*GENERATED, _ratings(15, 9, 6, 2.0)])
def test_report_correlation_estimates_are_scipys_exactly(judge, human) -> None:
    from scipy import stats as sps

    labels = sorted(set(judge) | set(human))
    if len(labels) < 3:
        labels = [*labels, max(labels) + 1, max(labels) + 2]
    report = agreement_report(
        judge, human, labels=labels, ordinal=True, rng=np.random.default_rng(0), n_resamples=20
    )
    positions = {label: i for i, label in enumerate(labels)}
    j = [positions[v] for v in judge]
    h = [positions[v] for v in human]
    assert report.kendall.estimate == float(sps.kendalltau(j, h).statistic)
    assert report.spearman.estimate == pytest.approx(float(sps.spearmanr(j, h).statistic))


def test_report_kendall_is_undefined_on_a_constant_resample() -> None:
    # Ten items, nine of them tied: some resamples hold only the tied ones.
    judge = [3] * 9 + [1]
    human = [2] * 9 + [3]
    report = agreement_report(
        judge, human, labels=[1, 2, 3], ordinal=True, rng=np.random.default_rng(4), n_resamples=400
    )
    (_, _), undefined = _standalone_interval("kendall", judge, human, [1, 2, 3], 400, 4)
    assert 0 < report.kendall.undefined == undefined


@pytest.mark.slow
def test_report_over_several_blocks_of_resamples_equals_one_block() -> None:
    # 3,000 items x 2,000 resamples are computed in blocks; a block boundary must not
    # show: the first 300 resamples are the same with 300 or 2,000 drawn.
    judge, human = _ratings(16, 3000, 5)
    labels = [1, 2, 3, 4, 5]
    big = agreement_report(
        judge, human, labels=labels, ordinal=True, rng=np.random.default_rng(1), n_resamples=2000
    )
    (low, high), undefined = _standalone_interval("kendall", judge[:40], human[:40], labels, 5, 1)
    assert big.kendall.undefined == 0 and undefined == 0
    assert big.kendall.low < big.kendall.estimate < big.kendall.high
    assert big == agreement_report(
        judge, human, labels=labels, ordinal=True, rng=np.random.default_rng(1), n_resamples=2000
    )


# --- Krippendorff's alpha with an interval --------------------------------------------


def _alpha_by_bootstrap_ci(data, level, n_resamples, seed):
    def alpha_of(index: np.ndarray) -> float:
        value = krippendorff_alpha([data[i] for i in index.astype(int)], level=level)
        return np.nan if value is None else value

    return bootstrap_ci(
        np.arange(len(data), dtype=float),
        alpha_of,
        n_resamples=n_resamples,
        rng=np.random.default_rng(seed),
    )


def _reliability_items(seed, raters, units, levels, missing):
    data = _reliability(seed, raters, units, levels, missing)
    return [[None if np.isnan(v) else int(v) for v in item] for item in data.T]


@pytest.mark.parametrize("level", ["nominal", "ordinal", "interval"])
@pytest.mark.parametrize(
    ("seed", "raters", "units", "levels", "missing"),
    [
        (0, 2, 40, 5, 0.0),
        (1, 3, 60, 4, 0.2),
        (2, 4, 30, 3, 0.0),  # thirds: coincidences that do not add exactly
        (1, 4, 40, 3, 0.0),
        (3, 5, 25, 7, 0.4),  # rare values: some resamples lack them
        (4, 3, 12, 2, 0.5),  # items with one rating, resamples with one value
    ],
)
def test_alpha_interval_equals_the_bootstrap_of_alpha(
    level, seed, raters, units, levels, missing
) -> None:
    data = _reliability_items(seed, raters, units, levels, missing)
    ours = krippendorff_alpha_ci(data, level=level, n_resamples=300, rng=np.random.default_rng(8))
    reference = _alpha_by_bootstrap_ci(data, level, 300, 8)
    assert ours.model_dump_json() == reference.model_dump_json()
    assert ours.estimate == krippendorff_alpha(data, level=level)


def test_alpha_interval_with_unsortable_categories() -> None:
    data = [[1, "a", None], ["a", "a", 1], [1, 1, 1], ["a", None, "a"], [2.5, "a", 2.5]] * 4
    ours = krippendorff_alpha_ci(data, n_resamples=200, rng=np.random.default_rng(0))
    assert (
        ours.model_dump_json() == _alpha_by_bootstrap_ci(data, "nominal", 200, 0).model_dump_json()
    )


@pytest.mark.parametrize(
    ("data", "estimate", "n"),
    [([], None, 0), ([[1, 2]], 0.0, 1), ([[1, 1], [1, 1, None]], None, 2)],
)
def test_alpha_interval_degenerate(data, estimate, n) -> None:
    rng = np.random.default_rng(0)
    ci = krippendorff_alpha_ci(data, rng=rng)
    assert (ci.estimate, ci.low, ci.high, ci.n) == (estimate, estimate, estimate, n)
    assert (
        ci.model_dump_json() == _alpha_by_bootstrap_ci(data, "nominal", 2000, 0).model_dump_json()
    )


def test_alpha_interval_differs_with_the_seed() -> None:
    data = _reliability_items(5, 3, 50, 5, 0.1)
    a = krippendorff_alpha_ci(data, level="ordinal", n_resamples=300, rng=np.random.default_rng(1))
    b = krippendorff_alpha_ci(data, level="ordinal", n_resamples=300, rng=np.random.default_rng(2))
    assert a.estimate == b.estimate and (a.low, a.high) != (b.low, b.high)


@pytest.mark.parametrize(
    ("data", "kwargs", "message"),
    [
        ([[1, 2], [2, 3]], {"level": "ratio"}, "level must be"),
        ([["a", "b"], ["b", "b"]], {"level": "interval"}, "must be numbers"),
        ([[1, "a"], ["a", "a"]], {"level": "ordinal"}, "cannot be sorted"),
        ([[1, 2], [2, 3]], {"confidence": 1.0}, "confidence"),
    ],
)
def test_alpha_interval_refuses_bad_input(data, kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        krippendorff_alpha_ci(data, rng=np.random.default_rng(0), **kwargs)

"""Consistency over repeats: pass^k, pass@k, outcome consistency, variance, flaky cases.

A case run ``n`` times with ``c`` successes is summarised as the pair ``(c, n)``.
Both pass^k and pass@k are unbiased estimates from those counts: of the chance that
``k`` fresh runs *all* succeed (pass^k, what a user who asks k times experiences) and
that *at least one* of ``k`` succeeds (pass@k, what a best-of-k system gets).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from ._base import _Result

__all__ = [
    "ConsistencyRow",
    "Successes",
    "case_variance",
    "consistency_table",
    "count_successes",
    "flaky_cases",
    "outcome_consistency",
    "pass_at_k",
    "pass_hat_k",
]

K = TypeVar("K", bound=Hashable)

Successes = Mapping[Any, tuple[int, int]] | Sequence[tuple[int, int]]
"""``(successes, trials)`` per case: a sequence, or a mapping from case to the pair."""


class ConsistencyRow(_Result):
    """pass^k and pass@k at one k."""

    k: int
    """Runs per draw."""
    pass_hat_k: float | None
    """Chance that k runs of a case all succeed, averaged over cases."""
    pass_at_k: float | None
    """Chance that at least one of k runs succeeds, averaged over cases."""
    n_cases: int
    """Cases with at least k trials (the others cannot say anything about k)."""


def pass_hat_k(successes: Successes, k: int) -> float | None:
    """pass^k: the mean over cases of ``C(c, k) / C(n, k)`` (Yao et al. 2024, τ-bench).

    ``C(c, k) / C(n, k)`` is the chance that k of the case's n runs, drawn without
    replacement, are all successes: an unbiased estimate of ``p**k`` for the case's
    success rate p. Cases with fewer than k trials are excluded (their estimate is
    undefined, not zero); with no case left the result is None. With the same n for
    every case this is exactly τ-bench's ``display_metrics``.

    Args:
        successes: ``(c, n)`` per case: successes and trials.
        k: Runs that must all succeed (at least 1).

    Returns:
        pass^k, or None when no case has k trials.

    Examples:
        >>> pass_hat_k([(4, 4), (2, 4), (0, 4)], 1)
        0.5
        >>> round(pass_hat_k([(4, 4), (2, 4), (0, 4)], 2), 4)
        0.3889
    """
    pairs = _pairs(successes, k)
    if not pairs:
        return None
    return math.fsum(math.comb(c, k) / math.comb(n, k) for c, n in pairs) / len(pairs)


def pass_at_k(successes: Successes, k: int) -> float | None:
    """pass@k: the mean over cases of ``1 - C(n - c, k) / C(n, k)`` (Chen et al. 2021).

    The unbiased estimator of the chance that at least one of k runs succeeds,
    from n >= k runs with c successes. Cases with fewer than k trials are excluded;
    with no case left the result is None.

    Args:
        successes: ``(c, n)`` per case: successes and trials.
        k: Runs of which one must succeed (at least 1).

    Returns:
        pass@k, or None when no case has k trials.

    Examples:
        >>> round(pass_at_k([(4, 4), (2, 4), (0, 4)], 2), 4)
        0.6111
    """
    pairs = _pairs(successes, k)
    if not pairs:
        return None
    return math.fsum(1 - math.comb(n - c, k) / math.comb(n, k) for c, n in pairs) / len(pairs)


def consistency_table(
    successes: Successes, ks: Iterable[int] | None = None
) -> list[ConsistencyRow]:
    """pass^k and pass@k for each k (by default 1 up to the most trials of any case).

    Examples:
        >>> [(row.k, row.pass_hat_k, row.n_cases) for row in consistency_table([(2, 2), (1, 2)])]
        [(1, 0.75, 2), (2, 0.5, 2)]
    """
    counts = list(successes.values()) if isinstance(successes, Mapping) else list(successes)
    if ks is None:
        ks = range(1, max((n for _, n in counts), default=0) + 1)
    return [
        ConsistencyRow(
            k=k,
            pass_hat_k=pass_hat_k(counts, k),
            pass_at_k=pass_at_k(counts, k),
            n_cases=len(_pairs(counts, k)),
        )
        for k in ks
    ]


def count_successes(outcomes_by_case: Mapping[K, Sequence[bool]]) -> dict[K, tuple[int, int]]:
    """``(successes, trials)`` per case from the pass/fail outcomes of its repeats.

    Examples:
        >>> count_successes({"a": [True, False, True], "b": [False]})
        {'a': (2, 3), 'b': (0, 1)}
    """
    return {
        case: (sum(bool(o) for o in outs), len(outs)) for case, outs in outcomes_by_case.items()
    }


def flaky_cases(successes: Mapping[K, tuple[int, int]]) -> list[K]:
    """Cases that neither always nor never succeed (``0 < c < n``), in mapping order.

    Examples:
        >>> flaky_cases({"a": (3, 3), "b": (1, 3), "c": (0, 3)})
        ['b']
    """
    for c, n in successes.values():
        _check_pair(c, n)
    return [case for case, (c, n) in successes.items() if 0 < c < n]


def outcome_consistency(outcomes_by_case: Mapping[K, Sequence[Hashable]]) -> dict[K, float]:
    """Per case, the share of repeats that reached the case's most common outcome.

    An outcome is anything comparable for equality: pass/fail, a final database state
    hash, the chosen answer. 1.0 means every repeat ended the same way; with r
    repeats the lowest possible value is 1/r. Cases without repeats are left out.

    Examples:
        >>> outcome_consistency({"a": ["refund", "refund", "deny"], "b": ["x"], "c": []})
        {'a': 0.6666666666666666, 'b': 1.0}
    """
    return {
        case: Counter(outs).most_common(1)[0][1] / len(outs)
        for case, outs in outcomes_by_case.items()
        if len(outs)
    }


def case_variance(
    scores_by_case: Mapping[K, Sequence[float]], *, ddof: int = 1
) -> dict[K, float | None]:
    """Per case, the variance of its repeated scores (sample variance by default).

    None for a case with no more than `ddof` scores, where the variance is undefined.

    Examples:
        >>> case_variance({"a": [1.0, 2.0, 3.0], "b": [2.0]})
        {'a': 1.0, 'b': None}
    """
    out: dict[K, float | None] = {}
    for case, scores in scores_by_case.items():
        out[case] = _variance(_finite(scores, name=f"scores of {case!r}"), ddof)
    return out


def _finite(values: Iterable[float], *, name: str) -> list[float]:
    """`values` as floats, or ValueError for a NaN or an infinity (`as_floats`'s rule)."""
    floats = [float(v) for v in values]
    if not all(map(math.isfinite, floats)):
        raise ValueError(
            f"{name} contains NaN or infinity; drop the missing values before calling "
            "(fourfold.stats never guesses what a missing value means)"
        )
    return floats


def _variance(x: list[float], ddof: int) -> float | None:
    """The variance with `ddof` degrees of freedom taken off (None with too few values).

    Two passes, as numpy's `var` makes them; a run's end needs no arrays (nor numpy's
    import) for a few repeats a case.
    """
    if len(x) <= ddof:
        return None
    mean = math.fsum(x) / len(x)
    return math.fsum((v - mean) ** 2 for v in x) / (len(x) - ddof)


def _pairs(successes: Successes, k: int) -> list[tuple[int, int]]:
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    counts = successes.values() if isinstance(successes, Mapping) else successes
    for c, n in counts:
        _check_pair(c, n)
    return [(c, n) for c, n in counts if n >= k]


def _check_pair(c: int, n: int) -> None:
    if not 0 <= c <= n:
        raise ValueError(
            f"successes must be (c, n) with 0 <= c <= n, got ({c}, {n}); "
            "pass (successes, trials) per case"
        )

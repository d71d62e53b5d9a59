"""The noise margin: how far a layer's pass rate (or mean score) moves by chance.

An agent gives a different answer every time, so two runs of the *same* version on
the same cases differ. A move smaller than that is noise; the gate calls a drop a
regression only when it is larger. The margin is measured from the data, two ways:

* **split-half**, from the repeats of one run: shuffle each case's repeats, split
  them into two halves and take the difference of the two halves' layer means;
  over many draws, the `confidence` quantile of the absolute difference is the
  margin. A half has half the repeats of a run, so each case's half-difference is
  scaled by ``sqrt(h / r)`` (``h = r // 2`` repeats per half, ``r`` in the run): the
  variance of a difference of means falls with the number of repeats, and the
  scaled figure is what a rerun of the whole run would move, not a half-run.
* **A/A**, from two runs of the same version: the half-width of the bootstrap
  interval of their paired difference (cases resampled), as `paired_difference`
  computes it.

Both measure only the run-to-run noise of the agent (and its judges) on a fixed
case set, which is what a paired comparison of two versions on that case set is
exposed to. Layer means are means over cases of per-case means, as in
`paired_difference`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np

from ._paired import paired_difference
from ._result import (
    FloatArray,
    IntArray,
    _Result,
    check_confidence,
    exact_integers,
    flat_floats,
    rows_of_length,
)

__all__ = ["NoiseMargin", "noise_margin"]

# Upper bound on random numbers drawn per block of split-half resamples (memory).
_BLOCK = 2_000_000

# Most repeats per case whose shuffle places are found by comparing keys (r(r-1)/2
# comparisons), not by sorting them.
_RANKED = 8


class NoiseMargin(_Result):
    """How far a layer's mean moves by chance between two runs of the same version."""

    margin: float | None
    """A move of at most this much (in the layer's units: pass rate or score) is
    noise at the stated confidence; None when it could not be measured."""
    method: Literal["split_half", "aa_pair"]
    """``split_half``: from repeats within one run; ``aa_pair``: from two runs of the
    same version."""
    n_cases: int
    """Cases the margin was measured on."""
    k: int
    """Repeats per case (the smallest, when cases differ)."""
    confidence: float
    """Share of chance moves that stay within the margin."""
    n_resamples: int
    """Random draws behind the margin."""

    def exceeds(self, shift: float) -> bool:
        """Whether a move of `shift` (either direction) is larger than noise.

        Without a measured margin any nonzero move counts: nothing is called noise
        that was not measured to be.
        """
        if self.margin is None:
            return shift != 0
        return abs(shift) > self.margin


def noise_margin(
    run: Mapping[Any, Sequence[float]],
    rerun: Mapping[Any, Sequence[float]] | None = None,
    *,
    confidence: float = 0.95,
    n_resamples: int = 2000,
    rng: np.random.Generator,
) -> NoiseMargin:
    """Measure the noise margin of a layer, from repeats (split-half) or an A/A pair.

    Args:
        run: Values (1/0 pass/fail, or scores) per case and repeat of one run.
        rerun: A second run of the same version on the same cases; when given, the
            margin is the A/A interval half-width, else split-half on `run`'s repeats
            (cases with fewer than two repeats cannot be split and are left out).
        confidence: Share of chance moves the margin covers.
        n_resamples: Random splits (split-half) or bootstrap resamples (A/A).
        rng: The random generator; the same seed gives the same margin.

    Returns:
        The margin, None when no case could be used.

    Examples:
        >>> import numpy as np
        >>> run = {f"case{i}": [1, 0, 1, 1] if i % 2 else [1, 1, 1, 1] for i in range(40)}
        >>> noise = noise_margin(run, rng=np.random.default_rng(0))
        >>> noise.method, noise.n_cases, noise.k, round(noise.margin, 3)
        ('split_half', 40, 4, 0.071)
        >>> noise.exceeds(-0.15), noise.exceeds(0.05)
        (True, False)
    """
    check_confidence(confidence, n_resamples)
    if rerun is not None:
        return _aa_margin(run, rerun, confidence, n_resamples, rng)
    keys = _sorted_keys(run)
    flat, lengths = flat_floats([run[key] for key in keys], lambda i: f"values of {keys[i]!r}")
    split = lengths[lengths >= 2]
    if not len(split):
        return NoiseMargin(
            margin=None,
            method="split_half",
            n_cases=0,
            k=0,
            confidence=confidence,
            n_resamples=n_resamples,
        )
    total = np.zeros(n_resamples)
    for r in np.unique(split):
        _, group = rows_of_length(flat, lengths, int(r))
        total += _split_half_sums(group, n_resamples, rng)
    shifts = np.abs(total / len(split))
    return NoiseMargin(
        margin=float(np.quantile(shifts, confidence)),
        method="split_half",
        n_cases=len(split),
        k=int(split.min()),
        confidence=confidence,
        n_resamples=n_resamples,
    )


def _split_half_sums(group: FloatArray, n_resamples: int, rng: np.random.Generator) -> FloatArray:
    """Per draw, the sum over the group's cases of their scaled half-differences.

    Each draw shuffles every case's repeats by sorting ``rng.random`` keys, one row of
    keys per case (a (draws, cases, repeats) matrix per block of draws); the first
    `h` shuffled repeats are one half, the next `h` the other, and the half means are
    ``sum / h`` with the sum added up in shuffled order, as ``np.mean`` adds it.

    The keys and the sums are the same on every path; what differs is how much work
    finds them. With at most `_RANKED` repeats, each repeat's place in the shuffle is
    its rank among its case's keys, counted by comparing keys (cheaper than sorting
    each row), and a half's sum is added from those places: whenever the order of
    addition cannot change a sum, that is when the values add exactly (pass/fail,
    whole or half points: `exact_integers`) or a half has at most two repeats
    (``a + b == b + a``). Otherwise the keys are sorted and the shuffled repeats summed
    in order.
    """
    m, r = group.shape
    h = r // 2
    scale = np.sqrt(h / r)
    exact = exact_integers(group.ravel(), r * float(np.max(np.abs(group))))
    ranked = r <= _RANKED and (exact is not None or h <= 2)
    out = np.empty(n_resamples)
    step = max(1, _BLOCK // (m * r))
    for start in range(0, n_resamples, step):
        size = min(step, n_resamples - start)
        keys = rng.random((size, m, r))
        if ranked:
            first, second = _ranked_half_sums(keys, group, h, exact)
        else:
            first, second = _sorted_half_sums(keys, group, h)
        halves = first / h - second / h
        out[start : start + size] = np.ascontiguousarray(halves).sum(axis=1) * scale
    return out


def _ranked_half_sums(
    keys: FloatArray, group: FloatArray, h: int, exact: tuple[IntArray, int] | None
) -> tuple[FloatArray, FloatArray]:
    """The two halves' sums per (draw, case), from each repeat's rank among the keys.

    A repeat's rank is how many keys of its case are smaller (ties, which a 53-bit
    random key all but never has, go to the earlier repeat, as a stable sort would).
    """
    size, m, r = keys.shape
    ranks = np.zeros((r, size, m), dtype=np.int8)
    for i in range(r):
        for j in range(i + 1, r):
            later_smaller = keys[..., j] < keys[..., i]
            ranks[i] += later_smaller
            ranks[j] += ~later_smaller
    in_first = ranks < h
    in_second = (ranks >= h) & (ranks < 2 * h)
    if exact is not None:
        integers, exponent = exact
        small = np.abs(integers).max() <= np.iinfo(np.int8).max  # pass/fail: 8 times less memory
        values = integers.astype(np.int8 if small else np.int64).reshape(m, r).T[:, None, :]
        sums = [np.sum(half * values, axis=0, dtype=np.int64) for half in (in_first, in_second)]
        first, second = (np.ldexp(total.astype(np.float64), -exponent) for total in sums)
        return first, second
    # At most two repeats per half: the one addition of the two is the same either way
    # round, and adding the zeros of the repeats not in the half changes nothing.
    floats = group.T[:, None, :]
    first = np.zeros((size, m))
    second = np.zeros((size, m))
    for i in range(r):
        first += np.where(in_first[i], floats[i], 0.0)
        second += np.where(in_second[i], floats[i], 0.0)
    return first, second


def _sorted_half_sums(keys: FloatArray, group: FloatArray, h: int) -> tuple[FloatArray, FloatArray]:
    """The two halves' sums per (draw, case), from the repeats in shuffled order."""
    size, m, r = keys.shape
    order = np.argsort(keys, axis=2)
    flat = np.ascontiguousarray(group).ravel()
    shuffled = flat[order + (np.arange(m) * r)[:, None]]
    if h < 8:
        # np.mean adds fewer than eight numbers one after another (from 0.0: only the
        # sign of a zero sum can differ, and the margin takes absolute values).
        first, second = shuffled[..., 0], shuffled[..., h]
        for p in range(1, h):
            first = first + shuffled[..., p]
            second = second + shuffled[..., h + p]
        return first, second
    return shuffled[..., :h].sum(axis=2), shuffled[..., h : 2 * h].sum(axis=2)


def _aa_margin(
    run: Mapping[Any, Sequence[float]],
    rerun: Mapping[Any, Sequence[float]],
    confidence: float,
    n_resamples: int,
    rng: np.random.Generator,
) -> NoiseMargin:
    pair = paired_difference(run, rerun, rng=rng, n_resamples=n_resamples, confidence=confidence)
    shared = [key for key in run if key in rerun and len(run[key]) and len(rerun[key])]
    return NoiseMargin(
        margin=pair.interval.half_width if pair.n_cases >= 2 else None,
        method="aa_pair",
        n_cases=pair.n_cases,
        k=min((min(len(run[key]), len(rerun[key])) for key in shared), default=0),
        confidence=confidence,
        n_resamples=n_resamples,
    )


def _sorted_keys(mapping: Mapping[Any, Any]) -> list[Any]:
    keys = list(mapping)
    try:
        return sorted(keys)
    except TypeError:
        return keys

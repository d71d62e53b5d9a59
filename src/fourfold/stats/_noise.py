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
from ._result import FloatArray, _Result, as_floats, check_confidence

__all__ = ["NoiseMargin", "noise_margin"]

# Upper bound on random numbers drawn per block of split-half resamples (memory).
_BLOCK = 2_000_000


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
    cases = [as_floats(run[key], name=f"values of {key!r}") for key in _sorted_keys(run)]
    cases = [c for c in cases if len(c) >= 2]
    if not cases:
        return NoiseMargin(
            margin=None,
            method="split_half",
            n_cases=0,
            k=0,
            confidence=confidence,
            n_resamples=n_resamples,
        )
    total = np.zeros(n_resamples)
    for r in sorted({len(c) for c in cases}):
        group = np.array([c for c in cases if len(c) == r])
        total += _split_half_sums(group, n_resamples, rng)
    shifts = np.abs(total / len(cases))
    return NoiseMargin(
        margin=float(np.quantile(shifts, confidence)),
        method="split_half",
        n_cases=len(cases),
        k=min(len(c) for c in cases),
        confidence=confidence,
        n_resamples=n_resamples,
    )


def _split_half_sums(group: FloatArray, n_resamples: int, rng: np.random.Generator) -> FloatArray:
    """Per draw, the sum over the group's cases of their scaled half-differences."""
    m, r = group.shape
    h = r // 2
    scale = np.sqrt(h / r)
    out = np.empty(n_resamples)
    step = max(1, _BLOCK // (m * r))
    for start in range(0, n_resamples, step):
        size = min(step, n_resamples - start)
        order = np.argsort(rng.random((size, m, r)), axis=2)
        shuffled = np.take_along_axis(np.broadcast_to(group, (size, m, r)), order, axis=2)
        halves = shuffled[..., :h].mean(axis=2) - shuffled[..., h : 2 * h].mean(axis=2)
        out[start : start + size] = halves.sum(axis=1) * scale
    return out


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

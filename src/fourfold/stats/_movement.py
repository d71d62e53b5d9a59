"""Which way a measured difference moved: the one vocabulary of the gate, compare and the views.

A difference (candidate minus baseline) is a ``regression`` or an ``improvement`` only when
its test is significant after Holm *and* it is beyond the noise margin (any nonzero move
when no margin was measured). ``noise`` is reserved for a move inside the measured noise
margin: nothing is called noise that was not measured to be. A move beyond the margin whose
test is not significant after Holm is ``not_significant`` (the views give its p-value); a
drop beyond the margin on so few cases that no exact paired test could reach ``alpha`` is
``underpowered``: calling either noise would say the data showed no change when they did
not show that. No difference at all (no shared case decided on both sides) is ``no_data``.
"""

from __future__ import annotations

from typing import Literal, get_args

__all__ = ["MOVEMENTS", "Movement", "movement", "smallest_p"]

Movement = Literal[
    "regression", "improvement", "noise", "not_significant", "underpowered", "no_data"
]
MOVEMENTS: tuple[Movement, ...] = get_args(Movement)


def movement(
    diff: float | None,
    p_holm: float | None,
    alpha: float,
    *,
    margin: float | None = None,
    n_cases: int | None = None,
) -> Movement:
    """How `diff` moved, as the module's docstring defines it.

    Args:
        diff: candidate minus baseline; None when nothing was compared.
        p_holm: the test's Holm-corrected p-value; None when untested.
        alpha: the significance level.
        margin: the noise margin; None when not measured (any nonzero move is beyond it).
        n_cases: the cases tested; given, a drop beyond the margin that no exact paired test
            on so few cases could find significant is ``underpowered``. Without it such a
            drop is ``not_significant`` (per-check and per-stratum rows, which do not decide).

    Examples:
        >>> movement(-0.3, 0.01, 0.05), movement(0.3, 0.01, 0.05, margin=0.4)
        ('regression', 'noise')
        >>> movement(-0.118, 0.125, 0.05, margin=0.0, n_cases=40)
        'not_significant'
        >>> movement(-0.5, 0.5, 0.05, n_cases=3), movement(None, None, 0.05)
        ('underpowered', 'no_data')
    """
    if diff is None:
        return "no_data"
    beyond = diff != 0 if margin is None else abs(diff) > margin
    if p_holm is not None and p_holm < alpha and beyond:
        return "regression" if diff < 0 else "improvement"
    if beyond and diff < 0 and n_cases is not None and smallest_p(n_cases) >= alpha:
        return "underpowered"
    return "not_significant" if beyond else "noise"


def smallest_p(n_cases: int) -> float:
    """The smallest two-sided p-value an exact paired test on `n_cases` cases can reach.

    That is when every case moves the same way: 2 / 2**n, for McNemar and Wilcoxon alike.

    Examples:
        >>> smallest_p(4), smallest_p(6)
        (0.125, 0.03125)
    """
    return min(1.0, 2.0 / 2.0**n_cases)

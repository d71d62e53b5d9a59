"""Numbers in words, one way everywhere: a share as a percent, a count with its noun.

Every surface that shows a share or a count (the gate's reasons, compare, the terminal,
the viewer, the checks' messages, the commands' summaries) formats it here, so "0.125"
reads "12%" and "1 traces" never appears.
"""

from __future__ import annotations

import math

__all__ = ["count_of", "pct", "plural"]

MISSING = "—"
"""What a value that is not there (None, NaN, infinity) shows as."""


def pct(value: float | None, digits: int = 0) -> str:
    """A share (0.0-1.0) as a percent with `digits` decimals; `MISSING` when there is none.

    Examples:
        >>> pct(0.875), pct(1), pct(0.8751, 1), pct(None), pct(float("nan"))
        ('88%', '100%', '87.5%', '—', '—')
    """
    if value is None or not math.isfinite(value):
        return MISSING
    return f"{value:.{digits}%}"


def plural(n: int, noun: str, plural: str | None = None) -> str:
    """`noun` as fits `n` of it: the singular for 1, else `plural` (``noun + "s"``).

    Examples:
        >>> plural(1, "case"), plural(0, "case"), plural(2, "repeat", "repeats")
        ('case', 'cases', 'repeats')
    """
    return noun if n == 1 else (plural or noun + "s")


def count_of(n: int, noun: str, plural_form: str | None = None) -> str:
    """`n` and its noun: ``1 case``, ``3 cases``, ``2 categories``.

    Examples:
        >>> count_of(1, "trace"), count_of(3, "trace"), count_of(2, "category", "categories")
        ('1 trace', '3 traces', '2 categories')
    """
    return f"{n} {plural(n, noun, plural_form)}"

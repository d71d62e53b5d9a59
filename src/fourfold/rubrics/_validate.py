"""A suite's rubrics checked against the checks it runs, when the suite loads.

Every dimension must read a rubric judge the suite runs, all on one scale, and each rule
must be on that scale: a typo would otherwise switch a rule off, and a weighted mean of
scores on different scales means nothing.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from pathlib import Path

from .._yaml import Lines
from ..checks import Check
from ..errors import ConfigError
from ..judges import SCALE_ATTRIBUTE
from ._config import RubricConfig

__all__ = ["check_rubrics"]


def check_rubrics(
    rubrics: Mapping[str, RubricConfig], checks: list[Check], path: Path, lines: Lines
) -> None:
    """Every rubric dimension must name a rubric judge the suite runs, all on one scale.

    A weighted mean of scores on different scales (0-3 and 1-5) means nothing, and a rule
    off the scale could never hold (or never fail), so both are refused here.

    Raises:
        ConfigError: at the dimension's (or rule's) line, with the judges the suite has.
    """
    scales: dict[str, tuple[int, int]] = {
        c.name: getattr(c.fn, SCALE_ATTRIBUTE)
        for c in checks
        if getattr(c.fn, SCALE_ATTRIBUTE, None) is not None
    }
    for name, rubric in rubrics.items():
        where = ("gate", "rubrics", name)
        seen: dict[tuple[int, int], str] = {}
        for dim, entry in rubric.dimensions.items():
            check = rubric.check_of(dim)
            line = lines.line_of((*where, "dimensions", dim))
            if check not in scales:
                close = difflib.get_close_matches(check, list(scales), n=1, cutoff=0.6)
                what = (
                    "a check the suite runs, but not a rubric judge (only rubric judges "
                    "give scores on a scale)"
                    if any(c.name == check for c in checks)
                    else "not a check of this suite"
                )
                default = (
                    ""
                    if entry.check
                    else f" (a dimension's check is rubric:{dim} unless it says check:)"
                )
                raise ConfigError(
                    f"rubric {name!r}: dimension {dim!r} reads {check!r}, which is {what}"
                    + default,
                    file=path,
                    line=line,
                    hint=(f"did you mean {close[0]!r}? " if close else "")
                    + f"the suite's rubric judges: {', '.join(scales) or 'none'}; add one, "
                    f"e.g. - rubric: {{criterion: criteria/{dim}.yaml}}, or give check: "
                    "rubric:<criterion name>",
                )
            scale = scales[check]
            if seen and scale not in seen:
                (other_scale, other), *_ = seen.items()
                raise ConfigError(
                    f"rubric {name!r}: dimension {dim!r} ({check}) is scored "
                    f"{scale[0]}-{scale[1]}, but {other} is scored "
                    f"{other_scale[0]}-{other_scale[1]}: a weighted mean across scales means "
                    "nothing",
                    file=path,
                    line=line,
                    hint="put every dimension's criterion on the same scale",
                )
            seen.setdefault(scale, dim)
            _on_scale(
                entry.min_mean,
                scale,
                f"rubric {name!r}: {dim}'s min_mean",
                path,
                lines.line_of((*where, "dimensions", dim, "min_mean")),
            )
        (scale,) = seen
        _on_scale(
            rubric.overall,
            scale,
            f"rubric {name!r}: overall",
            path,
            lines.line_of((*where, "overall")),
        )


def _on_scale(
    value: float | None, scale: tuple[int, int], what: str, path: Path, line: int | None
) -> None:
    lo, hi = scale
    if value is not None and not lo < value <= hi:
        raise ConfigError(
            f"{what} is {value:g}, off the judges' scale {lo}-{hi}: the rule would "
            + ("always fail" if value > hi else "never fail"),
            file=path,
            line=line,
            hint=f"give a mean above {lo} and at most {hi}",
        )

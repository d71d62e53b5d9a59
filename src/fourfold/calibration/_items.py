"""What a run holds about one criterion: the judge's score per trial, the scale, the anchors.

Shared by labelling samples and calibration. A criterion is named as results name their
check (``rubric:grounding``); the bare criterion name (``grounding``) is accepted when the
run has a rubric check of that name.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import ConfigError
from ..judges import Criterion, builtin_criteria, load_criterion
from ..runs import CheckResult, Run, Trial

__all__ = [
    "JudgedTrial",
    "builtin_scales",
    "criterion_definition",
    "judged_trials",
    "resolve_criterion",
    "scale_of",
]

RUBRIC_PREFIX = "rubric:"

Scale = tuple[int, int]


@dataclass(frozen=True, slots=True)
class JudgedTrial:
    """One trial's result on the criterion."""

    case_id: str
    repeat: int
    result: CheckResult

    @property
    def score(self) -> float | None:
        """The judge's value: its score, else 1/0 for pass/fail; None for a skip or error."""
        if self.result.status in ("skip", "error"):
            return None
        if self.result.score is not None:
            return float(self.result.score)
        return 1.0 if self.result.status == "pass" else 0.0


def resolve_criterion(name: str, checks: Iterable[str]) -> str:
    """The check name results carry for `name`: itself, or ``rubric:<name>``.

    Raises:
        ConfigError: the run has no result of that check; the ones it has are listed.
    """
    known = sorted(set(checks))
    if name in known:
        return name
    if RUBRIC_PREFIX + name in known:
        return RUBRIC_PREFIX + name
    close = difflib.get_close_matches(name, known, n=2, cutoff=0.5)
    hint = f"did you mean {' or '.join(repr(c) for c in close)}? " if close else ""
    shown = ", ".join(known[:20]) + (" ..." if len(known) > 20 else "")
    raise ConfigError(
        f"the run has no result of the check {name!r}",
        hint=hint + (f"its checks: {shown}" if known else "the run has no results yet"),
    )


def judged_trials(trials: Sequence[Trial], criterion: str) -> list[JudgedTrial]:
    """Each trial's first result of the check `criterion`, in the run's trial order."""
    found: list[JudgedTrial] = []
    for trial in trials:
        for result in trial.results:
            if result.check == criterion:
                found.append(JudgedTrial(trial.case_id, trial.repeat, result))
                break
    return found


def scale_of(judged: Sequence[JudgedTrial]) -> Scale | None:
    """The criterion's scale as its results record it (``metadata["scale"]``), if they do."""
    for item in judged:
        scale = item.result.metadata.get("scale")
        if (
            isinstance(scale, list | tuple)
            and len(scale) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in scale)
        ):
            return int(scale[0]), int(scale[1])
    return None


def builtin_scales() -> dict[str, Scale]:
    """The scales of the built-in rubric criteria, by check name (``rubric:grounding``)."""
    scales: dict[str, Scale] = {}
    for name in builtin_criteria():
        criterion = load_criterion(name)
        if isinstance(criterion, Criterion):
            scales[RUBRIC_PREFIX + criterion.name] = criterion.scale
    return scales


def criterion_definition(run: Run, criterion: str) -> Criterion | None:
    """The rubric criterion behind the check `criterion` of `run`, for its anchors.

    Looked up in the run's resolved checks (a criterion file is read relative to the
    suite's folder), else among the built-ins; None when it cannot be found (a file since
    moved) or the check is not a rubric.
    """
    if not criterion.startswith(RUBRIC_PREFIX):
        return None
    base = Path(run.suite_path).parent if run.suite_path else None
    specs = run.config.get("checks_resolved") or []
    for spec in specs:
        if not isinstance(spec, dict) or spec.get("name") != "rubric":
            continue
        if spec.get("label") not in (None, criterion):
            continue
        arg = (spec.get("args") or {}).get("criterion")
        if not isinstance(arg, str):
            continue
        try:
            loaded = load_criterion(arg, base_dir=base)
        except ConfigError:
            continue
        if isinstance(loaded, Criterion) and RUBRIC_PREFIX + loaded.name == criterion:
            return loaded
    name = criterion.removeprefix(RUBRIC_PREFIX)
    if name in builtin_criteria():
        builtin = load_criterion(name)
        if isinstance(builtin, Criterion):
            return builtin
    return None

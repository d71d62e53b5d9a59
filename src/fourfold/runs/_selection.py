"""Which of a suite's checks a run ran, and which it left out (cadences, tags, layers).

Not every check runs every time. Deterministic checks cost nothing and run on every
commit; model-graded judges cost money and time, and run on a schedule (nightly, weekly).
A run made with ``--cadence commit`` (or ``--checks TAG``, ``--layer L``) runs a part of
its suite, and stores what it left out (`RunSelection`, under ``config["selection"]``), so
that the gate, ``compare``, the reports and ``export`` say what was not run rather than
reading a judge that did not run as a judge that passed, failed, or dropped.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ._data import RunData
from ._model import Trial
from ._result import Layer

__all__ = [
    "CADENCES",
    "SELECTION_KEY",
    "Cadence",
    "RunSelection",
    "SkippedCheck",
    "describe_skipped",
    "on_checks_both_ran",
    "selection_of",
    "without_checks",
]

Cadence = Literal["commit", "scheduled"]
"""How often a check runs: ``commit`` (every change: cheap, deterministic) or
``scheduled`` (the fuller runs, nightly or weekly: the judges)."""

CADENCES: tuple[Cadence, ...] = ("commit", "scheduled")

SELECTION_KEY = "selection"
"""The key of a run's ``config`` under which its `RunSelection` is stored."""


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SkippedCheck(_Record):
    """A check of the suite that a run did not run, and why."""

    check: str
    """The check's name, as its results would carry it."""
    layer: Layer
    """The layer its results would have counted towards."""
    model_graded: bool
    """It calls a model (a judge)."""
    reason: str
    """Why it was left out, in words (``cadence commit``, ``not tagged smoke``,
    ``layer not selected``)."""


class RunSelection(_Record):
    """What a run was asked to run, and the checks of its suite it therefore left out."""

    cadence: Cadence | None = None
    """``commit``: only the checks of the commit cadence; ``scheduled`` (or None): all."""
    checks: list[str] = Field(default_factory=list)
    """Only checks with one of these names or tags (all when empty)."""
    layers: list[Layer] = Field(default_factory=list)
    """Only checks of these layers (all when empty)."""
    skipped: list[SkippedCheck] = Field(default_factory=list)
    """The suite's checks the run did not run."""

    def describe(self) -> str:
        """The selection in words (``cadence commit, checks smoke``), or ``all checks``."""
        parts = []
        if self.cadence is not None:
            parts.append(f"cadence {self.cadence}")
        if self.checks:
            parts.append(f"checks {' '.join(self.checks)}")
        if self.layers:
            parts.append(f"layers {' '.join(self.layers)}")
        return ", ".join(parts) or "all checks"

    def skipped_names(self) -> set[str]:
        """The names of the checks left out."""
        return {s.check for s in self.skipped}


def selection_of(config: Mapping[str, Any]) -> RunSelection | None:
    """The selection a run stored in its config (None: it ran every check of its suite).

    A selection that does not read (a run stored by a later fourfold, edited by hand) is
    None too: the run is then read as it always was, on the results it holds.
    """
    raw = config.get(SELECTION_KEY)
    if not isinstance(raw, dict):
        return None
    try:
        return RunSelection.model_validate(raw)
    except ValidationError:
        return None


def describe_skipped(skipped: Iterable[SkippedCheck]) -> str:
    """Checks not run, counted and named with why; the empty string for none.

    Examples:
        >>> describe_skipped([SkippedCheck(check="rubric:x", layer="policy",
        ...     model_graded=True, reason="cadence commit")])
        '1 judge check not run (cadence commit): rubric:x'
    """
    items = list(skipped)
    if not items:
        return ""
    judges = all(s.model_graded for s in items)
    what = "judge check" if judges else "check"
    reasons = sorted({s.reason for s in items})
    names = ", ".join(s.check for s in items)
    plural = "s" if len(items) != 1 else ""
    return f"{len(items)} {what}{plural} not run ({'; '.join(reasons)}): {names}"


def without_checks(trials: Sequence[Trial], names: Collection[str]) -> list[Trial]:
    """The trials with the results of the checks `names` taken out (as they are for none)."""
    if not names:
        return list(trials)
    return [
        t.model_copy(update={"results": [r for r in t.results if r.check not in names]})
        for t in trials
    ]


def on_checks_both_ran(base: RunData, cand: RunData) -> tuple[RunData, RunData, list[str]]:
    """Both runs without the results of checks that either run's selection left out.

    A commit-cadence run has no judge results: compared with a full run as they are, its
    layers would be read on fewer checks than the other's, and a judge that did not run
    would read as a move. Both sides are compared on the checks both ran; the notes say
    which run left out what.
    """
    notes: list[str] = []
    left_out: set[str] = set()
    for side, data in (("baseline", base), ("candidate", cand)):
        selection = selection_of(data.run.config)
        if selection is None or not selection.skipped:
            continue
        left_out |= selection.skipped_names()
        notes.append(
            f"compared on the checks both runs ran: the {side} run {data.run.id} "
            f"({selection.describe()}) did not run {describe_skipped(selection.skipped)}"
        )
    if not left_out:
        return base, cand, notes
    return (
        RunData(base.run, base.cases, without_checks(base.trials, left_out)),
        RunData(cand.run, cand.cases, without_checks(cand.trials, left_out)),
        notes,
    )

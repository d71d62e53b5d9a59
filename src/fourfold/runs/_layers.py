"""How a trial reads in one layer: the one tally every decision and view shares.

A trial's results in a layer add up to one status (`layer_status`): any failure fails it,
else a result that could not decide leaves it undecided, else any pass passes it, else it
was skipped. The gate, the comparison of two runs, the monitor's windows and the reports
all read trials through these functions, so "passed the policy layer" means one thing
everywhere.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from ._model import Trial
from ._result import MODEL_CALLS_KEY, CheckResult, Layer

__all__ = [
    "PAIRWISE_KIND",
    "PAIRWISE_SCORES",
    "LayerReading",
    "decided_in",
    "is_model_graded",
    "is_pairwise",
    "layer_status",
    "layer_values",
    "pairwise_values",
]

PAIRWISE_SCORES: dict[str, float] = {"candidate": 1.0, "tie": 0.5, "baseline": 0.0}
"""A pairwise verdict (``metadata["verdict"]`` of a pairwise result) as a win score."""
PAIRWISE_KIND = "pairwise"
"""``metadata["judge_kind"]`` of every pairwise result, decided or not."""


def layer_status(results: Iterable[CheckResult]) -> Literal["pass", "fail", "error", "skip"]:
    """One trial's status in one layer.

    ``fail`` if any result fails, else ``error`` if a check could not decide, else
    ``pass`` if any passed, else ``skip``.
    """
    statuses = {r.status for r in results}
    for status in ("fail", "error", "pass"):
        if status in statuses:
            return status
    return "skip"


def is_model_graded(result: CheckResult) -> bool:
    """Whether a model graded this result (it lists its model calls, as judges' results do)."""
    return MODEL_CALLS_KEY in result.metadata


@dataclass(frozen=True, slots=True)
class LayerReading:
    """One trial as a layer decided it: passed or failed, and on which results."""

    trial: Trial
    passed: bool
    results: tuple[CheckResult, ...]
    """The trial's results in the layer that were counted."""

    @property
    def failing(self) -> list[str]:
        """The checks that failed the trial in the layer, in result order (empty on a pass)."""
        return [r.check for r in self.results if r.status == "fail"]


def decided_in(
    trials: Iterable[Trial],
    layer: Layer,
    *,
    cases: Iterable[str] | None = None,
    counts: Callable[[CheckResult], bool] | None = None,
) -> Iterator[LayerReading]:
    """Each trial that `layer` decided, in the order given: the tally every view shares.

    Errored trials are skipped (an agent failure is never a layer's fail), and so are
    trials whose results in the layer could not decide (`layer_status` ``error``) or were
    all skipped. Pass rates, flips, control charts and consistency all count these.

    Args:
        trials: the trials of a run (or a window).
        layer: the layer.
        cases: keep only these case ids (all when None).
        counts: keep only the results this returns True for (the gate's
            ``pass_rate_of: deterministic`` leaves out model-graded results).

    Examples:
        >>> from datetime import datetime, UTC
        >>> now = datetime(2026, 1, 1, tzinfo=UTC)
        >>> t = Trial(case_id="a", status="ok", started_at=now, ended_at=now,
        ...           results=[CheckResult(check="x", layer="policy", status="fail")])
        >>> [(r.trial.case_id, r.passed, r.failing) for r in decided_in([t], "policy")]
        [('a', False, ['x'])]
        >>> list(decided_in([t], "outcome"))
        []
    """
    keep = None if cases is None else set(cases)
    for trial in trials:
        if trial.status != "ok" or (keep is not None and trial.case_id not in keep):
            continue
        results = tuple(
            r for r in trial.results if r.layer == layer and (counts is None or counts(r))
        )
        status = layer_status(results)
        if status in ("pass", "fail"):
            yield LayerReading(trial, status == "pass", results)


def layer_values(
    trials: Iterable[Trial], layer: Layer, *, cases: Iterable[str] | None = None
) -> dict[str, list[float]]:
    """Per case, 1.0 for each repeat that passed `layer` and 0.0 for each that failed it.

    Errored trials and trials the layer could not decide (check errors, skips) are left
    out, as in the gate's pass rates. The values feed `fourfold.stats` directly.

    Args:
        trials: the trials of a run.
        layer: the layer.
        cases: keep only these case ids (all when None).

    Examples:
        >>> from datetime import datetime, UTC
        >>> now = datetime(2026, 1, 1, tzinfo=UTC)
        >>> t = Trial(case_id="a", status="ok", started_at=now, ended_at=now,
        ...           results=[CheckResult(check="x", layer="policy", status="fail")])
        >>> layer_values([t], "policy"), layer_values([t], "outcome")
        ({'a': [0.0]}, {})
    """
    values: dict[str, list[float]] = defaultdict(list)
    for reading in decided_in(trials, layer, cases=cases):
        values[reading.trial.case_id].append(1.0 if reading.passed else 0.0)
    return dict(values)


def is_pairwise(result: CheckResult) -> bool:
    """Whether a pairwise judge gave this result (decided or not)."""
    meta = result.metadata
    return meta.get("judge_kind") == PAIRWISE_KIND or meta.get("verdict") in PAIRWISE_SCORES


def pairwise_values(trials: Iterable[Trial], layer: Layer = "outcome") -> dict[str, list[float]]:
    """Per case, the win score (1 won, 0.5 tie, 0 lost) of each decided pairwise result.

    Pairwise results are recognised by their verdict (``metadata["verdict"]``); errored
    and skipped ones are left out, as in `fourfold.judges.summarize_pairwise`.
    """
    values: dict[str, list[float]] = defaultdict(list)
    for trial in trials:
        if trial.status != "ok":
            continue
        for r in trial.results:
            verdict = r.metadata.get("verdict")
            if r.layer == layer and r.status in ("pass", "fail") and verdict in PAIRWISE_SCORES:
                values[trial.case_id].append(PAIRWISE_SCORES[str(verdict)])
    return dict(values)

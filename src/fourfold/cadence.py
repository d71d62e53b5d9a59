"""Cadences and tags: which of a suite's checks a run runs.

The articles the project grew from run an agent's evaluation at three speeds: every
production execution (``fourfold monitor``: the deterministic checks on every trace, the
judges on a share); every pull request, with the curated cases and the deterministic
checks only (cheap, fast, no model to pay); and a scheduled run (nightly, weekly) with the
judges too, of which a share goes to human review. A check's *cadence* says which of the
two suite runs it belongs to:

* ``commit``: every run, the commit runs included. Deterministic checks default to it.
* ``scheduled``: the full runs only. Checks that call a model (judges: ``rubric``,
  ``pairwise``) default to it.

A suite entry overrides the default (``cadence: commit`` on a judge cheap enough to run
on every change; ``cadence: scheduled`` on a slow deterministic check) and may carry
free ``tags:`` (``[smoke]``). ``fourfold run --cadence commit`` runs the commit checks;
``--cadence scheduled`` runs them all (a scheduled run is the full run); ``--checks TAG``
runs the checks with that name or tag; ``--layer L`` the checks of that layer; given
together, a check must pass every filter. What is left out is stored with the run
(`fourfold.runs.RunSelection`) so the gate decides each layer on what ran and says so.

A check of the suite's own that calls a model without declaring it (through
``ctx.models`` with no ``MODELS_ATTRIBUTE``) is not known to be a judge: give it
``cadence: scheduled`` in the suite, or a commit run will call its model.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .checks import MODELS_ATTRIBUTE, Check
from .errors import ConfigError
from .runs import Cadence, Layer, RunSelection, SkippedCheck

__all__ = [
    "CheckPlan",
    "apply_selection",
    "default_cadence",
    "is_judge",
    "plan_of",
    "select_checks",
]


@dataclass(frozen=True)
class CheckPlan:
    """When a check of a suite runs: its cadence and its tags."""

    cadence: Cadence
    tags: tuple[str, ...] = ()
    judge: bool = False
    """It calls a model (see `is_judge`)."""


def is_judge(check: Check) -> bool:
    """Whether the check declares the models it calls (every built-in judge does)."""
    return bool(getattr(check.fn, MODELS_ATTRIBUTE, ()))


def default_cadence(check: Check) -> Cadence:
    """``scheduled`` for a check that calls a model, ``commit`` for the rest."""
    return "scheduled" if is_judge(check) else "commit"


def plan_of(check: Check, plans: Mapping[str, CheckPlan]) -> CheckPlan:
    """The suite's plan for `check`, or the default of its kind."""
    found = plans.get(check.name)
    if found is not None:
        return found
    return CheckPlan(cadence=default_cadence(check), judge=is_judge(check))


def select_checks(
    checks: Sequence[Check],
    plans: Mapping[str, CheckPlan],
    *,
    cadence: Cadence | None = None,
    names: Sequence[str] = (),
    layers: Sequence[Layer] = (),
) -> tuple[list[Check], RunSelection | None]:
    """The checks to run, and what was selected and left out (None: every check runs).

    Args:
        checks: the suite's checks.
        plans: each check's cadence and tags by check name (a check missing from it gets
            the default of its kind).
        cadence: ``commit``: the commit checks only; ``scheduled``: every check.
        names: check names or tags; a check runs when it has one of them.
        layers: a check runs when its results count towards one of these.

    Raises:
        ConfigError: a name is neither a check nor a tag of the suite, or nothing is left
            to run.
    """
    if cadence is None and not names and not layers:
        return list(checks), None
    every_plan = {c.name: plan_of(c, plans) for c in checks}
    known = {c.name for c in checks} | {t for p in every_plan.values() for t in p.tags}
    unknown = [n for n in names if n not in known]
    if unknown:
        close = difflib.get_close_matches(unknown[0], sorted(known), n=1, cutoff=0.6)
        tags = sorted({t for p in every_plan.values() for t in p.tags})
        raise ConfigError(
            f"--checks {unknown[0]!r} is neither a check nor a tag of the suite",
            hint=(f"did you mean {close[0]!r}? " if close else "")
            + f"its checks: {', '.join(c.name for c in checks) or 'none'}; "
            + f"its tags: {', '.join(tags) or 'none (add tags: [smoke] to a check entry)'}",
        )
    ran: list[Check] = []
    skipped: list[SkippedCheck] = []
    for chk in checks:
        plan = every_plan[chk.name]
        reason = _left_out(chk, plan, cadence, names, layers)
        if reason is None:
            ran.append(chk)
        else:
            skipped.append(
                SkippedCheck(
                    check=chk.name, layer=chk.layer, model_graded=plan.judge, reason=reason
                )
            )
    selection = RunSelection(
        cadence=cadence, checks=list(names), layers=list(layers), skipped=skipped
    )
    if not ran:
        raise ConfigError(
            f"the selection ({selection.describe()}) leaves no check of the suite to run",
            hint="widen it: --cadence scheduled runs every check; `fourfold checks` and the "
            "suite's tags: name what --checks takes",
        )
    return ran, selection


def apply_selection(checks: Sequence[Check], selection: RunSelection | None) -> list[Check]:
    """The checks a stored selection ran (to resume a run as it started)."""
    if selection is None:
        return list(checks)
    left_out = selection.skipped_names()
    return [c for c in checks if c.name not in left_out]


def _left_out(
    check: Check,
    plan: CheckPlan,
    cadence: Cadence | None,
    names: Sequence[str],
    layers: Sequence[Layer],
) -> str | None:
    """Why `check` is left out by the selection, or None when it runs."""
    if cadence == "commit" and plan.cadence != "commit":
        return "cadence commit"
    if names and check.name not in names and not set(plan.tags) & set(names):
        return f"not among --checks {' '.join(names)}"
    if layers and check.layer not in layers:
        return f"layer not among --layer {' '.join(layers)}"
    return None

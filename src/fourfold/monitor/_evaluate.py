"""One monitored trace into one trial: the checks it gets, and a skip for the judges it does not.

The monitor (`Monitor`) and a backfill (`backfill`) evaluate a trace alike, here: a trace
that carries an error is an errored trial; any other is checked with `checks` (the
suite's deterministic checks, and its judges when the trace is judged), and every check
of the suite it did not get is stored as a ``skip`` result saying why. The trace keeps
where it came from and whether it was judged in ``metadata["monitor"]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from .._engine import TrialContext, check_trace
from ..cases import Case
from ..checks import Check
from ..models import Model
from ..runs import CheckResult, Trial
from ..suite import LoadedSuite
from ._traffic import Arrival

__all__ = ["evaluate_arrival"]


async def evaluate_arrival(
    loaded: LoadedSuite,
    arrival: Arrival,
    case: Case,
    checks: Sequence[Check],
    *,
    models: Mapping[str, Model],
    started: datetime,
    clock: Callable[[], datetime],
    judged: bool,
    why: str | None = None,
) -> Trial:
    """The trial of one trace: checked with `checks`, the suite's other checks skipped.

    Args:
        loaded: the suite (its resources, and all its checks, for the skips).
        arrival: the trace and where it came from.
        case: the case it answers.
        checks: the checks it gets.
        models: the judges' models.
        started: the trial's start (when the trace was taken up).
        clock: the time, read for the trial's end.
        judged: whether `checks` include the judges (recorded on the trace).
        why: why a check the trace did not get was not run (the skip's explanation).
    """
    trace = arrival.trace.model_copy(
        update={
            "metadata": {
                **arrival.trace.metadata,
                "monitor": {"origin": arrival.origin, "judged": judged},
            }
        }
    )
    if trace.error is not None:
        return Trial(
            case_id=arrival.case_id,
            repeat=arrival.repeat,
            status="error",
            error=trace.error,
            trace=trace,
            started_at=started,
            ended_at=started,
            latency_s=trace.latency_s,
        )
    context = TrialContext(repeat=arrival.repeat, models=models)
    got = await check_trace(list(checks), case, trace, loaded.resources, context=context)
    by_name = {r.check: r for r in got}
    results = [
        by_name.get(c.name)
        or CheckResult(
            check=c.name,
            layer=c.layer,
            status="skip",
            explanation=f"not judged: {why or 'no judges for this trace'}",
        )
        for c in loaded.checks
    ]
    return Trial(
        case_id=arrival.case_id,
        repeat=arrival.repeat,
        status="ok",
        trace=trace,
        results=results,
        started_at=started,
        ended_at=clock(),
        latency_s=trace.latency_s,
    )

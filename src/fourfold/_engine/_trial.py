"""One trial: the agent on a case, then every check on the trace it left.

`run_trial` is what every executor runs for each (case, repeat), in whichever process it
runs trials (`fourfold._engine._executor`); `check_trace` is also how a regrade and the
monitor grade a stored or received trace.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from ..agents import Agent
from ..cases import Case
from ..checks import Check, CheckContext
from ..models import Model
from ..resources import Resources
from ..runs import CheckResult, Trial
from ..suite import LoadedSuite
from ..trace import Trace

__all__ = ["TrialContext", "check_trace", "close_models", "run_trial"]


@dataclass(frozen=True)
class TrialContext:
    """What a trial's checks see besides the case, the trace and the resources."""

    repeat: int = 0
    models: Mapping[str, Model] = field(default_factory=dict)
    baseline: Trace | None = None
    use_cache: bool = True
    simulate_users: bool = True
    """Play a case's simulated user against the agent (False for a replay agent, whose
    recorded trace of such a case is already the whole dialogue)."""


async def check_trace(
    checks: list[Check],
    case: Case,
    trace: Trace,
    resources: Resources,
    *,
    context: TrialContext | None = None,
) -> list[CheckResult]:
    """Run every check on one trace: plain checks inline, async ones concurrently."""
    extra = context or TrialContext()
    ctx = CheckContext(
        case=case,
        trace=trace,
        resources=resources,
        repeat=extra.repeat,
        models=extra.models,
        baseline=extra.baseline,
        use_cache=extra.use_cache,
    )
    results: list[CheckResult | None] = [None] * len(checks)
    pending: list[tuple[int, Check]] = []
    for i, chk in enumerate(checks):
        if inspect.iscoroutinefunction(chk.fn):
            pending.append((i, chk))
        else:
            try:
                results[i] = chk.run(ctx)
            except TypeError:  # returned an awaitable without being a coroutine function
                pending.append((i, chk))
    if len(pending) == 1:
        # One async check (a suite's lone judge) is awaited in this task: a gather of one
        # would make it a task of its own, and a future, for nothing.
        i, chk = pending[0]
        results[i] = await chk.run_async(ctx)
    elif pending:
        done = await asyncio.gather(*(chk.run_async(ctx) for _, chk in pending))
        for (i, _), result in zip(pending, done, strict=True):
            results[i] = result
    return [r for r in results if r is not None]


async def run_trial(
    agent: Agent, loaded: LoadedSuite, case: Case, seed: int, context: TrialContext
) -> Trial:
    """Run one trial: the agent on the case (or its simulated user's dialogue), then the checks.

    This is the one per-trial function: the local executor calls it in its event loop, a
    Ray worker in its own. An agent's failure is the trial's error, never an exception;
    so is a ``sys.exit`` that got past the adapters.
    """
    started = datetime.now(UTC)
    try:
        return await _trial(agent, loaded, case, seed, context, started)
    except SystemExit as exc:
        # Adapters and checks turn a SystemExit into the trial's error or the check's; one
        # that gets past them is still this trial's failure, never the process's exit code.
        return Trial(
            case_id=case.id,
            repeat=context.repeat,
            status="error",
            error=f"user code called sys.exit({exc.code!r}) during the trial",
            started_at=started,
            ended_at=datetime.now(UTC),
        )


async def _trial(
    agent: Agent,
    loaded: LoadedSuite,
    case: Case,
    seed: int,
    context: TrialContext,
    started: datetime,
) -> Trial:
    repeat = context.repeat
    checked = case
    if case.user is not None and context.simulate_users:
        from ..simulation import dialogue_case  # only a case with a simulated user needs it

        trace = await _dialogue(agent, case, seed, context)
        checked = dialogue_case(case, trace)
    else:
        trace = await agent.run(case, seed=seed, repeat=repeat)
    if trace.error is not None:
        return Trial(
            case_id=case.id,
            repeat=repeat,
            status="error",
            error=trace.error,
            trace=trace,
            started_at=started,
            ended_at=datetime.now(UTC),
            latency_s=trace.latency_s,
        )
    results = await check_trace(loaded.checks, checked, trace, loaded.resources, context=context)
    return Trial(
        case_id=case.id,
        repeat=repeat,
        status="ok",
        trace=trace,
        results=results,
        started_at=started,
        ended_at=datetime.now(UTC),
        latency_s=trace.latency_s,
    )


async def _dialogue(agent: Agent, case: Case, seed: int, context: TrialContext) -> Trace:
    """Play the case's simulated user against the agent (see `fourfold.simulation`)."""
    from ..simulation import run_dialogue

    assert case.user is not None
    model = context.models.get(case.user.model)
    if model is None:  # a resumed run's stored case may name a model the suite dropped
        return Trace(
            error=f"the simulated user's model {case.user.model!r} is not among the suite's "
            f"models ({', '.join(context.models) or 'none'}); define it under 'models:'"
        )
    return await run_dialogue(
        agent, case, model, seed=seed, repeat=context.repeat, use_cache=context.use_cache
    )


async def close_models(models: Mapping[str, Model]) -> None:
    """Close every model (each flushes the cache's buffered calls)."""
    for model in models.values():
        await model.aclose()

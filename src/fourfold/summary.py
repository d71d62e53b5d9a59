"""What a finished run stores about itself: the gate's report and what the run cost.

A run that is not finished, or whose stored trials are fewer than its cases × repeats,
has no verdict: its summary, however its trials so far look, is never ``deploy``
(`stored_summary`).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .checks import Check
from .gate import GateConfig, GateReport, evaluate_gate
from .judges import PairwiseSummary, summarize_pairwise
from .runs import MODEL_CALLS_KEY, Run, Trial, TrialCount, selection_of

__all__ = [
    "CostSummary",
    "RunSummary",
    "incomplete_gate",
    "incomplete_reason",
    "stored_summary",
    "summarize_costs",
    "summarize_run",
]


class CostSummary(BaseModel):
    """Tokens and money, with the agent and the judges kept apart."""

    model_config = ConfigDict(extra="forbid")

    agent_cost_usd: float | None = None
    """What the agent's own model calls cost (from the traces; None when no trace says)."""
    agent_tokens: int = 0
    """Input plus output tokens of the agent's model calls, over the traces that recorded
    them."""
    agent_tokens_unrecorded: int = 0
    """Traces whose usage is unknown (imported spans without token counts): their tokens
    are not in `agent_tokens`."""
    judge_cost_usd: float = 0.0
    """What the model-graded checks cost (cache hits cost what the original call cost)."""
    judge_calls: int = 0
    """Model calls made by judges."""
    judge_cached_calls: int = 0
    """Judge calls served from the cache (no request was sent)."""
    judge_tokens: int = 0
    """Input plus output tokens of the judge calls."""


class RunSummary(BaseModel):
    """A finished run's summary, stored with the run."""

    model_config = ConfigDict(extra="forbid")

    gate: GateReport
    """The per-layer verdicts and the decision."""
    costs: CostSummary = Field(default_factory=CostSummary)
    """Agent and judge cost, apart."""
    baseline_run: str | None = None
    """The run pairwise judges compared against, if any."""
    pairwise: dict[str, PairwiseSummary] = Field(default_factory=dict)
    """Per pairwise check: the candidate's wins, losses, ties (with the position-inconsistent
    pairs among them) and win rate against the baseline."""


def summarize_costs(trials: list[Trial]) -> CostSummary:
    """Add up the agent's usage from the traces and the judges' from their results."""
    agent_cost: float | None = None
    agent_tokens = unrecorded = judge_calls = judge_cached = judge_tokens = 0
    judge_cost = 0.0
    for trial in trials:
        if trial.trace is not None:
            usage = trial.trace.usage
            agent_tokens += usage.total_tokens
            unrecorded += not usage.known
            if usage.cost_usd is not None:
                agent_cost = (agent_cost or 0.0) + usage.cost_usd
        for result in trial.results:
            calls = result.metadata.get(MODEL_CALLS_KEY)
            if not isinstance(calls, list):
                continue
            for call in calls:
                if not isinstance(call, dict):
                    continue
                judge_calls += 1
                judge_cached += bool(call.get("cached"))
                judge_tokens += int(call.get("input_tokens") or 0) + int(
                    call.get("output_tokens") or 0
                )
                judge_cost += float(call.get("cost_usd") or 0.0)
    return CostSummary(
        agent_cost_usd=agent_cost,
        agent_tokens=agent_tokens,
        agent_tokens_unrecorded=unrecorded,
        judge_cost_usd=judge_cost,
        judge_calls=judge_calls,
        judge_cached_calls=judge_cached,
        judge_tokens=judge_tokens,
    )


def summarize_run(
    trials: list[Trial],
    checks: list[Check],
    gate: GateReport | None = None,
    *,
    baseline_run: str | None = None,
) -> RunSummary:
    """Summarize a run: the gate, the costs, and a pairwise summary per pairwise check.

    Args:
        trials: every trial of the run.
        checks: the checks the run ran (pairwise ones are summarized).
        gate: the gate's report (judged with the default rules when None).
        baseline_run: the run pairwise judges compared against.
    """
    pairwise = {
        chk.name: summarize_pairwise(r for t in trials for r in t.results if r.check == chk.name)
        for chk in checks
        if chk.spec.name == "pairwise"
    }
    return RunSummary(
        gate=gate if gate is not None else evaluate_gate(trials, GateConfig()),
        costs=summarize_costs(trials),
        pairwise=pairwise,
        baseline_run=baseline_run,
    )


def stored_summary(run: Run, trials: list[Trial], count: TrialCount) -> RunSummary:
    """The summary of a stored run, as `fourfold show` and the reports show it.

    A finished run's stored summary; for a run still running or interrupted, the gate
    judged on the trials stored so far, by the run's own rules. Either way, a run with
    trials missing (or interrupted before its verdict) gets `incomplete_gate`: never
    ``deploy``.

    Args:
        run: the run.
        trials: its stored trials (all of them).
        count: its trials against its cases × repeats (`Store.trial_count`,
            `TrialCount.of`).
    """
    summary: RunSummary | None = None
    if run.summary is not None:
        try:
            summary = RunSummary.model_validate(run.summary)
        except ValidationError:
            summary = None
    if summary is None:
        try:
            config = GateConfig.model_validate(run.config.get("gate") or {})
        except ValidationError:
            config = GateConfig()
        selection = selection_of(run.config)
        gate = evaluate_gate(trials, config, not_run=selection.skipped if selection else ())
        summary = RunSummary(gate=gate, costs=summarize_costs(trials))
    return summary.model_copy(update={"gate": incomplete_gate(summary.gate, run, count)})


def incomplete_gate(gate: GateReport, run: Run, count: TrialCount) -> GateReport:
    """The gate of a run with trials missing (see `incomplete_reason`): never ``deploy``.

    The gate is returned as it is when the run has its verdict. Otherwise a block found in
    the trials so far stays a block, and anything else becomes ``review``, as what was not
    run was not checked; the first reason says how many trials there are.

    Examples:
        >>> from datetime import datetime, UTC
        >>> run = Run(id="r", suite="s", agent_version="v", package_version="0",
        ...           started_at=datetime(2026, 1, 1, tzinfo=UTC), status="interrupted")
        >>> gate = incomplete_gate(evaluate_gate([], GateConfig()), run, TrialCount(3, 8))
        >>> gate.decision, gate.reasons[0]
        ('review', 'incomplete: 3 of 8 trials (the run was interrupted: resume it to run the rest)')
    """
    reason = incomplete_reason(run, count)
    if reason is None:
        return gate
    decision = "block" if gate.decision == "block" else "review"
    return gate.model_copy(update={"decision": decision, "reasons": [reason, *gate.reasons]})


def incomplete_reason(run: Run, count: TrialCount) -> str | None:
    """Why `run` has no verdict; None when it has one.

    A run has a verdict when every case has all its repeats, unless it was interrupted
    before computing it. A run still running with every trial in has its verdict already
    (and so does a run built in memory, whose status is ``running`` by default).
    """
    if count.complete:
        if run.status != "interrupted":
            return None
        return (
            f"not finished: all {count.stored} trials are stored, but the run was interrupted "
            "before its verdict: resume it"
        )
    if run.status == "running":
        return f"{count.describe()} so far (the run is still running)"
    if run.status == "interrupted":
        return f"{count.describe()} (the run was interrupted: resume it to run the rest)"
    return f"{count.describe()}, though the run is marked finished (by an older fourfold)"

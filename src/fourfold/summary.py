"""What a finished run stores about itself: the gate's report and what the run cost."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .checks import MODEL_CALLS_KEY, Check
from .gate import GateConfig, GateReport, evaluate_gate
from .judges import PairwiseSummary, summarize_pairwise
from .store import Trial

__all__ = ["CostSummary", "RunSummary", "summarize_costs", "summarize_run"]


class CostSummary(BaseModel):
    """Tokens and money, with the agent and the judges kept apart."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    agent_cost_usd: float | None = None
    """What the agent's own model calls cost (from the traces; None when no trace says)."""
    agent_tokens: int = 0
    """Input plus output tokens of the agent's model calls."""
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

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

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
    agent_tokens = judge_calls = judge_cached = judge_tokens = 0
    judge_cost = 0.0
    for trial in trials:
        if trial.trace is not None:
            usage = trial.trace.usage
            agent_tokens += usage.total_tokens
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

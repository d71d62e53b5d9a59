"""What a finished run stores about itself: the gate's report and what the run cost.

A run that is not finished, or whose stored trials are fewer than its cases × repeats,
has no verdict: its summary, however its trials so far look, is never ``deploy``
(`stored_summary`).
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .cases import Case
from .checks import Check
from .gate import Decision, GateConfig, GateReport, evaluate_gate
from .judges import PairwiseSummary, summarize_pairwise
from .runs import (
    MODEL_CALLS_KEY,
    Review,
    Run,
    RunData,
    Status,
    Trial,
    TrialCount,
    latest_reviews,
    review_of,
    reviewed_trials,
    selection_of,
    tally_reviews,
)

__all__ = [
    "CostSummary",
    "ReviewSummary",
    "ReviewedScore",
    "RunSummary",
    "baseline_trials",
    "incomplete_gate",
    "incomplete_reason",
    "review_notes",
    "reviewed_gate",
    "stored_summary",
    "summarize_costs",
    "summarize_reviews",
    "summarize_run",
]

OVERRIDES_NAMED = 5
"""Overrides a comparison names per run (the rest are counted)."""


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


class ReviewedScore(BaseModel):
    """One judged result a person overrode: their score beside the judge's, who, when, why."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    case_id: str
    repeat: int
    check: str
    """The judge's check (``rubric:grounding``)."""
    layer: str
    judge_score: float | None
    """The judge's original score (None when it gave none)."""
    judge_status: Status
    """The judge's original status."""
    score: float | None
    """The reviewer's score, the one that counts."""
    status: Status
    """The status the reviewer's score earns on the judge's rule."""
    reviewer: str
    at: str | None = None
    """When the review was stored (ISO 8601)."""
    reason: str | None = None
    """Why, in the reviewer's words."""


class ReviewSummary(BaseModel):
    """How many of a run's judged results people reviewed, and what that changed."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    overridden: int = 0
    """Judged results whose score a person replaced (the replacement counts)."""
    accepted: int = 0
    """Judged results whose score a person confirmed."""
    stale: int = 0
    """Reviews of a score the result no longer has (it was graded again since): not
    counted."""
    judge_decision: Decision | None = None
    """The gate's decision on the judges' own scores, kept beside the one that counts."""
    overrides: list[ReviewedScore] = Field(default_factory=list)
    """Every override in force, in trial order."""


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
    reviews: ReviewSummary | None = None
    """What people's reviews of the judged results changed (None: nothing was reviewed).
    With reviews, `gate` and `pairwise` count the reviewed scores."""


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


def summarize_reviews(
    trials: Sequence[Trial], reviews: Sequence[Review], judge_decision: Decision | None = None
) -> ReviewSummary:
    """Count the reviews in force on `trials` and list the overrides with the judges' scores.

    Args:
        trials: the run's trials as stored (the judges' results).
        reviews: the reviews of its judged results, oldest first.
        judge_decision: the gate's decision on the judges' own scores.
    """
    tally = tally_reviews(trials, reviews)
    overrides: list[ReviewedScore] = []
    for trial in reviewed_trials(trials, reviews):
        for result in trial.results:
            note = review_of(result)
            if note is None or note.get("action") != "override":
                continue
            overrides.append(
                ReviewedScore(
                    case_id=trial.case_id,
                    repeat=trial.repeat,
                    check=result.check,
                    layer=result.layer,
                    judge_score=note.get("judge_score"),
                    judge_status=note.get("judge_status") or result.status,
                    score=result.score,
                    status=result.status,
                    reviewer=str(note.get("reviewer") or ""),
                    at=note.get("at"),
                    reason=note.get("reason"),
                )
            )
    return ReviewSummary(
        overridden=tally.overridden,
        accepted=tally.accepted,
        stale=tally.stale,
        judge_decision=judge_decision,
        overrides=overrides,
    )


def stored_summary(
    run: Run,
    trials: list[Trial],
    count: TrialCount,
    reviews: Sequence[Review] = (),
    *,
    baseline: Sequence[Trial] | None = None,
) -> RunSummary:
    """The summary of a stored run, as `fourfold show` and the reports show it.

    A finished run's stored summary; for a run still running or interrupted, the gate
    judged on the trials stored so far, by the run's own rules. Either way, a run with
    trials missing (or interrupted before its verdict) gets `incomplete_gate`: never
    ``deploy``.

    With reviews in force, the gate is judged again, by the run's own rules, on the
    reviewed results (`fourfold.runs.effective_result`), and so are the pairwise
    summaries; `RunSummary.reviews` counts the reviews and keeps the judges' own decision
    beside the new one. The summary stored with the run is not changed: the judges'
    results and the reviews are both kept, and this is computed from them.

    Args:
        run: the run.
        trials: its stored trials (all of them).
        count: its trials against its cases × repeats (`Store.trial_count`,
            `TrialCount.of`).
        reviews: the reviews of its judged results, oldest first (`Store.reviews`).
        baseline: the trials of the run's baseline run (``summary.baseline_run``) on the
            cases both share unchanged, for the drop rules when the gate is judged again
            (`baseline_trials`); without them a gate judged again has no drop rule.
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
    if latest_reviews(reviews):
        summary = _reviewed(summary, run, trials, reviews, baseline)
    return summary.model_copy(update={"gate": incomplete_gate(summary.gate, run, count)})


def _reviewed(
    summary: RunSummary,
    run: Run,
    trials: list[Trial],
    reviews: Sequence[Review],
    baseline: Sequence[Trial] | None,
) -> RunSummary:
    """`summary` with the gate and the pairwise summaries judged on the reviewed results.

    Only an override changes a result; accepted and stale reviews are counted, and the
    gate stays as the judges' scores gave it.
    """
    tally = summarize_reviews(trials, reviews, summary.gate.decision)
    if not tally.overridden:
        return summary.model_copy(update={"reviews": tally})
    counted = reviewed_trials(trials, reviews)
    selection = selection_of(run.config)
    rng = None
    if baseline is not None:  # numpy here: a summary without a baseline draws nothing
        import numpy as np

        rng = np.random.default_rng(run.seed)
    gate = evaluate_gate(
        counted,
        _gate_config(run),
        baseline=baseline,
        rng=rng,
        not_run=selection.skipped if selection else (),
    )
    pairwise = {
        name: summarize_pairwise(r for t in counted for r in t.results if r.check == name)
        for name in summary.pairwise
    }
    return summary.model_copy(
        update={
            "gate": gate,
            "pairwise": pairwise,
            "reviews": tally,
        }
    )


def _gate_config(run: Run) -> GateConfig:
    try:
        return GateConfig.model_validate(run.config.get("gate") or {})
    except ValidationError:
        return GateConfig()


def baseline_trials(
    cases: Sequence[Case], base_cases: Sequence[Case], base_trials: Sequence[Trial]
) -> list[Trial]:
    """The baseline run's trials of the cases whose content is unchanged in `cases`.

    The trials the drop rules compare against, as ``fourfold run --baseline`` chose them.
    """
    same = {c.id: c.content_hash for c in cases}
    unchanged = {c.id for c in base_cases if same.get(c.id) == c.content_hash}
    return [t for t in base_trials if t.case_id in unchanged]


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


def reviewed_gate(data: RunData) -> GateReport | None:
    """The run's gate judged again on its own rules with the reviewed scores.

    None when people overrode no judge score of the run (its stored gate stands). Without
    the baseline's trials, so without drop rules: `fourfold.compare` measures the move.
    """
    if not tally_reviews(data.trials, data.reviews).overridden:
        return None
    return evaluate_gate(data.trials, _gate_config(data.run), reviews=data.reviews)


def review_notes(side: str, data: RunData, *, named: int = OVERRIDES_NAMED) -> list[str]:
    """What people's reviews of `data`'s judge scores change, in lines for a comparison.

    A line with the counts, then each override (up to `named`) with the judge's score
    beside the reviewer's, who, when and why; nothing when the run has no review in force.

    Args:
        side: ``baseline`` or ``candidate``.
        data: the run as stored (the judges' results and the reviews).
        named: overrides named; the rest are counted.
    """
    tally = summarize_reviews(data.trials, data.reviews)
    if not (tally.overridden or tally.accepted):
        return []
    notes = [
        f"the {side} run {data.run.id} counts {tally.overridden} judge score"
        f"{'s' if tally.overridden != 1 else ''} people overrode ({tally.accepted} "
        "accepted as the judge gave them); the judges' own scores are kept with the run"
    ]
    for o in tally.overrides[:named]:
        judge = "none" if o.judge_score is None else f"{o.judge_score:g}"
        score = "none" if o.score is None else f"{o.score:g}"
        when = (o.at or "")[:16].replace("T", " ")
        notes.append(
            f"  {side} {o.case_id}#{o.repeat} {o.check}: the judge's {judge} "
            f"({o.judge_status}) overridden to {score} ({o.status}) by {o.reviewer}"
            + (f" on {when}" if when else "")
            + (f": {o.reason}" if o.reason else "")
        )
    if len(tally.overrides) > named:
        notes.append(f"  ... and {len(tally.overrides) - named} more")
    return notes

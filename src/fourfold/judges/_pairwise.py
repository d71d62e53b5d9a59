"""The ``pairwise`` check: a model compares the candidate's answer with the baseline's.

Judges favour whichever answer they read first, so every pair is judged twice, with the
positions swapped, and the two calls run at the same time. When the two orders agree the
verdict stands; when they disagree in any way (one says A and the other A again, or one
says a winner and the other a tie) the pair is a tie, marked ``position_inconsistent``.
Both raw replies are kept on the result.

The reply schema bounds the rationale and the decisive quote (`RATIONALE_CHARS`,
`QUOTE_CHARS`): an endpoint that constrains its output to the schema stops a small model's
paragraph there, which on a CPU is most of a call's time; the prompt is unchanged, and an
endpoint that does not constrain its output reads the bounds as guidance.

With ``decide="log_odds"`` the judge is also asked for the log-probabilities of its reply,
and a pair whose two orders disagree is not simply a tie: it is decided by the candidate's
log-odds over the baseline at the token where each order writes its winner, added over
the two orders (`winner_log_odds`). A judge's lean towards a position adds as much to one
order as it takes from the other, so it cancels, and what is left says which order the
judge was surer in. Within ``margin`` of even the pair stays a tie. Orders that agree
stand as they are. An endpoint that reports no log-probabilities leaves the votes to
decide, and the result says so (flag ``no_log_odds``).

`summarize_pairwise` turns a run's pairwise results into the win rate a report shows,
with the ties and the position-inconsistent pairs beside it.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..checks import (
    LABEL_ATTRIBUTE,
    LAYER_ATTRIBUTE,
    MODELS_ATTRIBUTE,
    CheckContext,
    CheckFn,
    check,
)
from ..errors import ConfigError
from ..runs import MODEL_CALLS_KEY, PAIRWISE_SCORES, CheckResult, Evidence, Verdict
from ._call import Answer, ask, error_verdict, judge_model, judge_request
from ._criterion import PairwiseCriterion, load_criterion
from ._log_odds import TOP_LOGPROBS, winner_log_odds
from ._prompt import Source, build_pairwise_messages, pairwise_shape, pairwise_sources
from ._reply import PairwiseReply, ParseFailure, parse_pairwise_reply
from ._rubric import evidence_for

__all__ = [
    "LOG_ODDS_MARGIN",
    "PairwiseSummary",
    "decide_pair",
    "pairwise",
    "pairwise_schema",
    "summarize_pairwise",
]

Side = Literal["candidate", "baseline", "tie"]
Decide = Literal["votes", "log_odds"]

LOG_ODDS_MARGIN = 0.5
"""How far from even (in nats, over both orders) the candidate's log-odds must be for
``decide="log_odds"`` to call a winner of a pair whose orders disagree. Chosen on
`make validate-local`'s tuning pairs (LLMBar Adversarial and LLMEval², not the held-out
Natural set; docs/validation.md): 0.25 and 0.5 read best there, and of the two the wider
margin decides fewer pairs on thin evidence."""

RATIONALE_CHARS = 160
"""The longest rationale the reply schema allows (about 25 words). A small model asked for
a short rationale writes a paragraph anyway, and every token of it costs time on a CPU;
an endpoint that constrains its output to the schema stops it here, one that does not
reads the bound as guidance. The reply is read whatever its length."""
QUOTE_CHARS = 120
"""The longest decisive quote the schema allows: a few words, not the whole answer. A
quote cut at the bound is still a piece of the answer, so it is still found in it."""
_CUT_QUOTE_MIN_WORDS = 4
"""A quote that ran to `QUOTE_CHARS` is looked for again without its last word only when at
least this many words are left: a word or two could be found in almost any answer."""

PAIRWISE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "decisive_quote": {"type": ["string", "null"], "maxLength": QUOTE_CHARS},
        "rationale": {"type": "string", "maxLength": RATIONALE_CHARS},
        "winner": {"type": "string", "enum": ["A", "B", "TIE"]},
    },
    "required": ["decisive_quote", "rationale", "winner"],
    "additionalProperties": False,
}


def pairwise_schema(*, ties: bool = True) -> dict[str, Any]:
    """The JSON schema of a pairwise judge's reply (without `ties`, the winner is A or B)."""
    if ties:
        return dict(PAIRWISE_SCHEMA)
    properties = {**PAIRWISE_SCHEMA["properties"], "winner": {"type": "string", "enum": ["A", "B"]}}
    return {**PAIRWISE_SCHEMA, "properties": properties}


def _side(winner: str, *, candidate_first: bool) -> Side:
    if winner == "TIE":
        return "tie"
    candidate_letter = "A" if candidate_first else "B"
    return "candidate" if winner == candidate_letter else "baseline"


def _criterion(name: str) -> PairwiseCriterion:
    loaded = load_criterion(name)
    if not isinstance(loaded, PairwiseCriterion):
        raise ConfigError(
            f"criterion {loaded.name!r} is a rubric criterion; the pairwise check needs a "
            "pairwise criterion (kind: pairwise, with 'decides')",
            hint=f"use the rubric check for it: - rubric: {{criterion: {name}}}",
            path=("args", "criterion"),
        )
    return loaded


@check(layer="outcome")
def pairwise(
    criterion: str = "outcome_preference",
    model: str = "judge",
    decide: Decide = "votes",
    margin: float = LOG_ODDS_MARGIN,
) -> CheckFn:
    """Have a model say whether the candidate's answer beats the baseline run's, both ways round.

    Needs a baseline run (``fourfold run SUITE --baseline RUN_ID``); without one the check
    is skipped. The score is 1 when the candidate wins, 0.5 for a tie and 0 when the
    baseline wins; the result passes unless the candidate loses. A judge error in either
    order gives an ``error`` result.

    Args:
        criterion: a built-in pairwise criterion (``outcome_preference``,
            ``helpfulness_preference``) or the path of a criterion YAML file.
        model: the suite model that judges.
        decide: ``votes`` (the two orders must agree, else a tie) or ``log_odds`` (orders
            that disagree are decided by the candidate's log-odds at the winner token,
            added over both orders; for small models whose votes follow the position, on
            an endpoint that reports log-probabilities: see the module's docstring).
        margin: with ``log_odds``, how far from even (in nats) a disagreeing pair must be
            to have a winner.

    Raises:
        ConfigError: no such criterion, or it is not a pairwise one; an unknown `decide`
            or a negative `margin`.
    """
    crit = _criterion(criterion)
    if decide not in ("votes", "log_odds"):
        raise ConfigError(
            f"decide must be 'votes' or 'log_odds', not {decide!r}", path=("args", "decide")
        )
    if margin < 0:
        raise ConfigError(f"margin must be 0 or more, not {margin}", path=("args", "margin"))
    schema = pairwise_schema(ties=crit.ties)
    shape = pairwise_shape(ties=crit.ties)

    def parse(text: str | None) -> PairwiseReply | ParseFailure:
        return parse_pairwise_reply(text, ties=crit.ties)

    async def run(ctx: CheckContext) -> Verdict:
        baseline = ctx.baseline
        if baseline is None:
            return Verdict(status="skip", explanation="no baseline run; pass --baseline RUN_ID")
        if baseline.error is not None:
            return Verdict(
                status="skip",
                explanation=f"the baseline run's trial of this case failed: {baseline.error}",
            )
        # Marked as pairwise even when it errs, so the gate knows the win rate went unmeasured.
        base: dict[str, Any] = {"criterion": crit.name, "judge": model, "judge_kind": "pairwise"}
        judge = judge_model(ctx, model, base)
        if isinstance(judge, Verdict):
            return judge
        orders = [(ctx.trace, baseline), (baseline, ctx.trace)]
        answers: list[Answer[PairwiseReply]] = await asyncio.gather(
            *(
                ask(
                    judge,
                    judge_request(
                        judge,
                        build_pairwise_messages(crit, ctx.case, first, second),
                        schema=schema,
                        schema_name="pairwise_reply",
                        repeat=ctx.repeat,
                        top_logprobs=TOP_LOGPROBS if decide == "log_odds" else None,
                    ),
                    parse,
                    shape=shape,
                    use_cache=ctx.use_cache,
                )
                for first, second in orders
            )
        )
        calls = [call for a in answers for call in a.calls]
        replies = [a.last_raw for a in answers]
        cost = sum(a.cost_usd for a in answers)
        for answer in answers:
            if answer.reply is None:
                verdict = error_verdict(answer, base, replies=replies)
                metadata = {**verdict.metadata, MODEL_CALLS_KEY: calls, "judge_cost_usd": cost}
                return verdict.model_copy(update={"metadata": metadata})
        first_reply, second_reply = (a.reply for a in answers)
        assert first_reply is not None and second_reply is not None
        sides = [
            _side(first_reply.winner, candidate_first=True),
            _side(second_reply.winner, candidate_first=False),
        ]
        inconsistent = sides[0] != sides[1]
        odds: list[float | None] = []
        candidate_odds: float | None = None
        if decide == "log_odds":
            odds = [winner_log_odds(a.logprobs) for a in answers]
            if odds[0] is not None and odds[1] is not None:
                candidate_odds = odds[0] - odds[1]  # the candidate is A, then B
        verdict_side = decide_pair(sides, candidate_odds, margin)
        # The odds decided the pair (to a winner, or a tie within the margin).
        odds_decided = None
        if inconsistent and candidate_odds is not None:
            odds_decided = (candidate_odds, margin)
        quote = _deciding_quote(verdict_side, sides, [first_reply, second_reply])
        sources = pairwise_sources(crit.inputs, ctx.case, ctx.trace, baseline)
        evidence, flags = _quoted_evidence(quote, sources)
        if decide == "log_odds" and candidate_odds is None:
            flags.append("no_log_odds")
        explanation = _explain(
            verdict_side,
            inconsistent,
            first_reply,
            second_reply,
            flags,
            odds=odds_decided,
        )
        return Verdict(
            status="fail" if verdict_side == "baseline" else "pass",
            score=PAIRWISE_SCORES[verdict_side],
            evidence=evidence,
            explanation=explanation,
            metadata={
                **base,
                "verdict": verdict_side,
                "position_inconsistent": inconsistent,
                "verdicts": sides,
                **(
                    {"decided_by": "log_odds" if odds_decided is not None else "votes"}
                    if decide == "log_odds"
                    else {}
                ),
                **({"log_odds": odds, "candidate_log_odds": candidate_odds} if odds else {}),
                "flags": flags,
                "replies": replies,
                MODEL_CALLS_KEY: calls,
                "judge_cost_usd": cost,
            },
        )

    setattr(run, LAYER_ATTRIBUTE, crit.layer)
    setattr(run, LABEL_ATTRIBUTE, f"pairwise:{crit.name}")
    setattr(run, MODELS_ATTRIBUTE, (model,))
    return run


def decide_pair(
    votes: Sequence[Side], candidate_log_odds: float | None, margin: float = LOG_ODDS_MARGIN
) -> Side:
    """A pair's verdict from its two orders' votes and, if known, its log-odds.

    Votes that agree stand. Votes that disagree make a tie, unless the candidate's
    log-odds over the baseline, added over both orders, are known and more than `margin`
    from even. It is the pairwise check's rule, so a stored result (its ``verdicts`` and
    ``candidate_log_odds``) can be decided again at another margin without asking the
    judge again.

    Examples:
        >>> decide_pair(["candidate", "candidate"], None)
        'candidate'
        >>> decide_pair(["candidate", "baseline"], None)
        'tie'
        >>> decide_pair(["candidate", "baseline"], -2.5), decide_pair(["tie", "baseline"], 0.4)
        ('baseline', 'tie')
    """
    first, second = votes
    if first == second:
        return first
    if candidate_log_odds is None or abs(candidate_log_odds) <= margin:
        return "tie"
    return "candidate" if candidate_log_odds > 0 else "baseline"


def _quoted_evidence(quote: str | None, sources: list[Source]) -> tuple[list[Evidence], list[str]]:
    """The evidence of a quote, forgiving the last word of one that ran to `QUOTE_CHARS`.

    As the schema's bound closes the string, a small model fills the last characters with
    whatever the grammar still allows ("...carbon pricing. Carbon定价"): a quote copied
    right up to the bound then fails on its cut word alone. Such a quote is looked for
    again without that word; every word before it must still be found as it is.
    """
    evidence, flags = evidence_for(quote, sources)
    if "evidence_not_found" in flags and quote is not None and len(quote) >= QUOTE_CHARS:
        head = quote.rstrip().rsplit(None, 1)[0]
        if head != quote and len(head.split()) >= _CUT_QUOTE_MIN_WORDS:
            evidence, flags = evidence_for(head, sources)
    return evidence, flags


def _deciding_quote(verdict: Side, sides: list[Side], replies: list[PairwiseReply]) -> str | None:
    """The quote of the first order whose verdict is the pair's (the first order's for a tie)."""
    for side, reply in zip(sides, replies, strict=True):
        if side == verdict and reply.decisive_quote:
            return reply.decisive_quote
    return replies[0].decisive_quote


_WORDS: dict[Side, str] = {
    "candidate": "the candidate's answer wins",
    "baseline": "the baseline's answer wins",
    "tie": "a tie",
}


def _explain(
    verdict: Side,
    inconsistent: bool,
    first: PairwiseReply,
    second: PairwiseReply,
    flags: list[str],
    *,
    odds: tuple[float, float] | None = None,
) -> str:
    if odds is not None:
        candidate_odds, margin = odds
        head = (
            f"{_WORDS[verdict]} by log-odds: the two orders disagree (candidate first: "
            f"{first.winner}; baseline first: {second.winner}), and the candidate's log-odds "
            f"added over both are {candidate_odds:+.2f} (margin {margin:g})"
        )
    elif inconsistent:
        head = (
            "a tie: the two orders disagree (candidate first: "
            f"{first.winner}; baseline first: {second.winner})"
        )
    else:
        head = _WORDS[verdict] + " in both orders"
    text = f"{head}. {first.rationale.strip()}".strip()
    if "evidence_not_found" in flags:
        text += " [the decisive quote does not occur in either answer or the inputs]"
    return text


class PairwiseSummary(BaseModel):
    """The pairwise results of a run, counted: what a report shows beside the win rate."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    n: int
    """Pairs judged or attempted (skipped results are not counted)."""
    wins: int
    """Pairs the candidate won in both orders."""
    losses: int
    """Pairs the baseline won in both orders."""
    ties: int
    """Ties, including the position-inconsistent pairs."""
    inconsistent: int
    """Ties whose two orders disagreed (counted among the ties)."""
    by_log_odds: int = 0
    """Pairs whose two orders disagreed that their log-odds decided (``decide="log_odds"``;
    counted among the wins and losses)."""
    errors: int
    """Pairs the judge could not decide."""
    win_rate: float | None
    """``(wins + ties / 2) / (wins + losses + ties)``; None when no pair was decided."""
    error_categories: dict[str, int] = Field(default_factory=dict)
    """The undecided pairs by cause (``unparseable``, ``server``, ``config``...), most
    frequent first: a win rate of None beside 20 errors is a judge that never answered."""


def summarize_pairwise(results: Iterable[CheckResult]) -> PairwiseSummary:
    """Count a run's pairwise results.

    Args:
        results: the results of one pairwise check (skipped ones are left out).

    Raises:
        ValueError: a passing or failing result carries no pairwise verdict.

    Examples:
        >>> from fourfold.checks import CheckResult
        >>> def r(verdict):
        ...     return CheckResult(status="pass", check="pairwise", layer="outcome",
        ...                        metadata={"verdict": verdict})
        >>> summarize_pairwise([r("candidate"), r("tie"), r("baseline"), r("candidate")]).win_rate
        0.625
    """
    wins = losses = ties = inconsistent = by_odds = errors = n = 0
    won = 0.0
    causes: Counter[str] = Counter()
    for result in results:
        if result.status == "skip":
            continue
        n += 1
        if result.status == "error":
            errors += 1
            causes[str(result.metadata.get("error_category") or "check_error")] += 1
            continue
        verdict = result.metadata.get("verdict")
        if verdict == "candidate":
            wins += 1
        elif verdict == "baseline":
            losses += 1
        elif verdict == "tie":
            ties += 1
        else:
            raise ValueError(
                f"a result of check {result.check!r} has no pairwise verdict; pass only the "
                "results of a pairwise check"
            )
        won += PAIRWISE_SCORES[verdict]
        if result.metadata.get("position_inconsistent"):
            if verdict == "tie":
                inconsistent += 1
            else:
                by_odds += 1
    decided = wins + losses + ties
    return PairwiseSummary(
        n=n,
        wins=wins,
        losses=losses,
        ties=ties,
        inconsistent=inconsistent,
        by_log_odds=by_odds,
        errors=errors,
        win_rate=won / decided if decided else None,
        error_categories=dict(causes.most_common()),
    )

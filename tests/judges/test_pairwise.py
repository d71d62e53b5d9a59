"""The pairwise check: both orders, disagreement as a tie, and the win-rate summary."""

from __future__ import annotations

import asyncio
import re

import pytest

from fourfold.checks import CheckResult, create_check
from fourfold.errors import ConfigError, RateLimitError
from fourfold.judges import PairwiseSummary, pairwise, summarize_pairwise
from fourfold.models import ModelRequest
from tests.helpers import make_case, make_trace
from tests.helpers.judging import judge_context, mock_judge, preference, run_judge

CANDIDATE = make_trace(output="Orders can be returned within 30 days; yours is 45 days old.")
BASELINE = make_trace(output="Sure, just send it back!")
CASE = make_case(input="Can I return a 45-day-old order?", expected="Explains the 30-day window")


def answer(request: ModelRequest, label: str) -> str:
    """The text of answer `label` (A or B) in a pairwise request."""
    content = request.messages[1].content or ""
    match = re.search(
        rf"^<<<ANSWER_{label} (\w+)>>>\n(.*?)\n<<<END ANSWER_{label} \1>>>$",
        content,
        re.MULTILINE | re.DOTALL,
    )
    assert match is not None
    return match[2]


def fair_judge(request: ModelRequest) -> str:
    """Prefers the answer that mentions the 30-day window, wherever it is shown."""
    a = answer(request, "A")
    if "30 days" in a:
        return preference("A", "Orders can be returned within 30 days")
    if "30 days" in answer(request, "B"):
        return preference("B", "Orders can be returned within 30 days")
    return preference("TIE")


def run(outputs, baseline=BASELINE, **kwargs):  # type: ignore[no-untyped-def]
    model, provider = mock_judge(outputs)
    ctx = judge_context(model, trace=CANDIDATE, case=CASE, baseline=baseline, **kwargs)
    return run_judge(pairwise(), ctx), provider


@pytest.mark.parametrize(
    ("order1", "order2", "verdict", "status", "score", "inconsistent"),
    [
        ("A", "B", "candidate", "pass", 1.0, False),  # the candidate wins in both orders
        ("B", "A", "baseline", "fail", 0.0, False),  # the baseline wins in both orders
        ("TIE", "TIE", "tie", "pass", 0.5, False),
        ("A", "A", "tie", "pass", 0.5, True),  # always the first: position bias
        ("B", "B", "tie", "pass", 0.5, True),  # always the second
        ("A", "TIE", "tie", "pass", 0.5, True),  # a win one way, a tie the other
        ("TIE", "A", "tie", "pass", 0.5, True),
    ],
)
def test_both_orders_decide(
    order1: str, order2: str, verdict: str, status: str, score: float, inconsistent: bool
) -> None:
    replies = [preference(order1, "Orders can be returned"), preference(order2)]
    result, provider = run(replies)
    assert (result.status, result.score) == (status, score)
    assert result.metadata["verdict"] == verdict
    assert result.metadata["position_inconsistent"] is inconsistent
    assert result.metadata["replies"] == replies
    assert len(result.metadata["model_calls"]) == 2 and provider.calls == 2
    assert result.layer == "outcome" and result.check == "pairwise:outcome_preference"


def test_the_two_calls_swap_the_positions() -> None:
    result, provider = run(fair_judge)
    assert result.metadata["verdict"] == "candidate"
    assert result.metadata["position_inconsistent"] is False
    first, second = provider.requests
    assert answer(first, "A") == CANDIDATE.output and answer(first, "B") == BASELINE.output
    assert answer(second, "A") == BASELINE.output and answer(second, "B") == CANDIDATE.output
    assert first.cache_salt == second.cache_salt == "repeat=0"
    assert first.response_schema is not None
    assert first.response_schema["properties"]["winner"]["enum"] == ["A", "B", "TIE"]


def test_the_decisive_quote_is_evidence() -> None:
    result, _ = run(fair_judge)
    [evidence] = result.evidence
    assert evidence.where == "output"
    assert evidence.text == "Orders can be returned within 30 days"
    assert result.metadata["flags"] == []


def test_a_quote_from_the_baseline_points_there() -> None:
    result, _ = run([preference("B", "just send it back"), preference("A", "just send it back")])
    assert result.metadata["verdict"] == "baseline"
    assert [e.where for e in result.evidence] == ["baseline.output"]


def test_an_invented_quote_is_flagged() -> None:
    result, _ = run([preference("A", "We refund anything"), preference("B", "We refund anything")])
    assert result.metadata["flags"] == ["evidence_not_found"]
    assert "does not occur" in result.explanation


def test_the_two_calls_run_concurrently() -> None:
    in_flight = most = 0

    async def respond(request: ModelRequest) -> str:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0.05)
        in_flight -= 1
        return fair_judge(request)

    run(respond)
    assert most == 2


@pytest.mark.parametrize(
    ("outputs", "category"),
    [
        ([preference("A"), RateLimitError("slow down")], "rate_limit"),
        ([RateLimitError("slow down"), preference("A")], "rate_limit"),
        ([preference("A"), "no idea", "still no idea"], "unparseable"),
    ],
)
def test_either_call_failing_is_an_error(outputs: list[object], category: str) -> None:
    result, _ = run(outputs)
    assert result.status == "error" and result.score is None
    assert result.metadata["error_category"] == category
    assert len(result.metadata["replies"]) == 2


@pytest.mark.parametrize(
    ("baseline", "words"),
    [
        (None, "no baseline run; pass --baseline RUN_ID"),
        (
            make_trace(output=None, error="agent crashed"),
            "baseline run's trial of this case failed",
        ),
    ],
)
def test_without_a_usable_baseline_it_is_skipped(baseline: object, words: str) -> None:
    result, provider = run([preference("A")], baseline=baseline)
    assert result.status == "skip" and words in result.explanation
    assert provider.calls == 0


def test_pairwise_arguments() -> None:
    assert create_check("pairwise", {}).spec.args == {}
    assert create_check("pairwise", {"criterion": "helpfulness_preference"}).layer == "outcome"
    with pytest.raises(ConfigError, match="is a rubric criterion"):
        create_check("pairwise", {"criterion": "grounding"})


def _result(status: str, verdict: str | None = None, inconsistent: bool = False) -> CheckResult:
    metadata: dict[str, object] = {}
    if verdict:
        metadata = {"verdict": verdict, "position_inconsistent": inconsistent}
    return CheckResult(status=status, check="pairwise", layer="outcome", metadata=metadata)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("results", "summary"),
    [
        (
            [],
            PairwiseSummary(n=0, wins=0, losses=0, ties=0, inconsistent=0, errors=0, win_rate=None),
        ),
        (
            [_result("pass", "candidate"), _result("fail", "baseline")],
            PairwiseSummary(n=2, wins=1, losses=1, ties=0, inconsistent=0, errors=0, win_rate=0.5),
        ),
        (
            [
                _result("pass", "candidate"),
                _result("pass", "candidate"),
                _result("pass", "tie", inconsistent=True),
                _result("pass", "tie"),
                _result("fail", "baseline"),
                _result("error"),
                _result("skip"),
            ],
            PairwiseSummary(
                n=6,
                wins=2,
                losses=1,
                ties=2,
                inconsistent=1,
                errors=1,
                win_rate=0.6,
                error_categories={"check_error": 1},
            ),
        ),
        (
            [_result("error"), _result("skip")],
            PairwiseSummary(
                n=1,
                wins=0,
                losses=0,
                ties=0,
                inconsistent=0,
                errors=1,
                win_rate=None,
                error_categories={"check_error": 1},
            ),
        ),
    ],
)
def test_summarize_pairwise(results: list[CheckResult], summary: PairwiseSummary) -> None:
    assert summarize_pairwise(results) == summary


def test_summarize_refuses_results_of_other_checks() -> None:
    with pytest.raises(ValueError, match="no pairwise verdict"):
        summarize_pairwise([_result("pass")])


def test_summarize_real_results() -> None:
    wins, _ = run(fair_judge)
    inconsistent, _ = run([preference("A"), preference("A")])
    assert summarize_pairwise([wins, inconsistent]) == PairwiseSummary(
        n=2, wins=1, losses=0, ties=1, inconsistent=1, errors=0, win_rate=0.75
    )

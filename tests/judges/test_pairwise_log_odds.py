"""The pairwise check's ``decide="log_odds"``, against a real local OpenAI-compatible server.

The server answers each order with a reply and the log-probabilities of its tokens, as
llama.cpp and OpenAI send them; the check reads the log-odds of A over B where each
reply writes its winner and decides the pair by the candidate's, added over both orders.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterator
from typing import Any

import pytest

from fourfold.checks import CheckResult, create_check
from fourfold.errors import ConfigError
from fourfold.judges import (
    LOG_ODDS_MARGIN,
    TOP_LOGPROBS,
    PairwiseSummary,
    pairwise,
    summarize_pairwise,
    winner_log_odds,
)
from fourfold.models import MemoryCache, TokenLogprob, get_model
from tests.helpers import make_case, make_trace
from tests.helpers.judging import judge_context, preference
from tests.helpers.model_builders import config_for
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply, token_logprobs

CANDIDATE = make_trace(output="Orders can be returned within 30 days; yours is 45 days old.")
BASELINE = make_trace(output="Sure, just send it back!")
CASE = make_case(input="Can I return a 45-day-old order?")


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as running:
        yield running


def voted(winner: str, a: float, b: float) -> Reply:
    """A pairwise reply voting `winner`, with log P(A) = `a` and log P(B) = `b` where it
    writes the winner (split into tokens as a llama.cpp server does)."""
    text = preference(winner, None, "A is clearer.")
    head, tail = text.rsplit(f'"{winner}"', 1)
    top = {"A": a, "B": b, "T": min(a, b) - 3.0}
    tokens = token_logprobs(head.rstrip(), ' "', (winner[0], top), '"' + tail)
    return chat_reply(text, logprobs=tokens)


def judge(
    server: OpenAIServer, *replies: Reply, cache: MemoryCache | None = None, **args: Any
) -> CheckResult:
    server.script(*replies)
    settings = {"api_key_env": "", "max_retries": 0, "timeout": 5.0}
    model = get_model(config_for(server, "openai-compatible/judge", **settings), cache=cache)

    async def go() -> CheckResult:
        try:
            ctx = judge_context(model, trace=CANDIDATE, case=CASE, baseline=BASELINE)
            return await pairwise(**{"decide": "log_odds", **args}).run_async(ctx)
        finally:
            await model.aclose()

    return asyncio.run(go())


def test_it_asks_for_log_probabilities_only_when_deciding_by_them(server: OpenAIServer) -> None:
    judge(server, voted("A", -0.1, -3.0), voted("B", -3.0, -0.1))
    assert all(b["logprobs"] is True for b in server.bodies)
    assert all(b["top_logprobs"] == TOP_LOGPROBS for b in server.bodies)
    server.reset()
    judge(server, voted("A", -0.1, -3.0), voted("B", -3.0, -0.1), decide="votes")
    assert not any("logprobs" in b or "top_logprobs" in b for b in server.bodies)


def test_orders_that_disagree_are_decided_by_the_surer_one(server: OpenAIServer) -> None:
    # A judge that always picks A: sure of it with the candidate first (A 4 nats above
    # B), barely with the baseline first (0.5 nats): the candidate's log-odds add to +3.5.
    result = judge(server, voted("A", -0.02, -4.02), voted("A", -0.5, -1.0))
    meta = result.metadata
    assert (result.status, result.score, meta["verdict"]) == ("pass", 1.0, "candidate")
    assert meta["position_inconsistent"] is True and meta["verdicts"] == ["candidate", "baseline"]
    assert meta["decided_by"] == "log_odds"
    assert meta["log_odds"] == pytest.approx([4.0, 0.5])
    assert meta["candidate_log_odds"] == pytest.approx(3.5)
    assert result.explanation == (
        "the candidate's answer wins by log-odds: the two orders disagree (candidate first: "
        "A; baseline first: A), and the candidate's log-odds added over both are +3.50 "
        "(margin 0.5). A is clearer."
    )


def test_the_baseline_can_win_a_disagreement_too(server: OpenAIServer) -> None:
    result = judge(server, voted("A", -0.6, -0.8), voted("A", -0.01, -5.01))
    assert (result.status, result.score, result.metadata["verdict"]) == ("fail", 0.0, "baseline")
    assert result.metadata["candidate_log_odds"] == pytest.approx(0.2 - 5.0)


@pytest.mark.parametrize(
    ("first", "second", "margin", "verdict"),
    [
        (("A", -0.3, -1.2), ("A", -0.4, -1.0), LOG_ODDS_MARGIN, "tie"),  # +0.9 - 0.6 = 0.3
        (("A", -0.3, -1.2), ("A", -0.4, -1.0), 0.2, "candidate"),  # past a smaller margin
        (("A", -0.3, -1.2), ("TIE", -1.0, -1.0), 0.5, "candidate"),  # a win and a tie
        (("A", -0.1, -0.9), ("B", -0.7, -0.5), LOG_ODDS_MARGIN, "candidate"),  # agree: +0.6
        (("B", -0.9, -0.1), ("A", -0.5, -0.7), LOG_ODDS_MARGIN, "baseline"),  # agree: -0.6
        (("TIE", -2.0, -6.0), ("TIE", -2.0, -6.0), LOG_ODDS_MARGIN, "tie"),  # agree: +0
    ],
)
def test_disagreeing_orders_within_the_margin_of_even_are_a_tie_agreeing_ones_stand(
    server: OpenAIServer,
    first: tuple[str, float, float],
    second: tuple[str, float, float],
    margin: float,
    verdict: str,
) -> None:
    result = judge(server, voted(*first), voted(*second), margin=margin)
    assert result.metadata["verdict"] == verdict
    agreed = first[0] == second[0].translate(str.maketrans("AB", "BA"))
    assert result.metadata["decided_by"] == ("votes" if agreed else "log_odds")
    assert result.metadata["position_inconsistent"] is not agreed
    assert ("by log-odds" in result.explanation) is not agreed


def test_an_endpoint_without_log_probabilities_is_decided_by_the_votes(
    server: OpenAIServer,
) -> None:
    result = judge(server, chat_reply(preference("A")), chat_reply(preference("A")))
    meta = result.metadata
    assert (meta["verdict"], meta["decided_by"]) == ("tie", "votes")
    assert meta["log_odds"] == [None, None] and meta["candidate_log_odds"] is None
    assert "no_log_odds" in meta["flags"]
    assert result.explanation.startswith("a tie: the two orders disagree")


def test_a_cached_reply_is_decided_as_the_fresh_one_was(server: OpenAIServer) -> None:
    cache = MemoryCache()
    replies = (voted("A", -0.02, -4.02), voted("A", -0.5, -1.0))
    fresh = judge(server, *replies, cache=cache)
    again = judge(server, cache=cache)
    assert len(server.requests) == 2
    assert again.metadata["verdict"] == fresh.metadata["verdict"] == "candidate"
    assert again.metadata["log_odds"] == fresh.metadata["log_odds"]


@pytest.mark.parametrize(
    ("args", "field"), [({"decide": "logits"}, "decide"), ({"margin": -1.0}, "margin")]
)
def test_a_bad_setting_is_a_config_error_naming_it(args: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigError) as caught:
        pairwise(**args)
    assert caught.value.path == ("args", field)


# winner_log_odds on its own


def tokens(*items: str | tuple[str, dict[str, float]]) -> list[TokenLogprob]:
    return [
        TokenLogprob(token=t, logprob=0.0, top={t: 0.0})
        if isinstance(t, str)
        else TokenLogprob(token=t[0], logprob=t[1][t[0]], top=t[1])
        for t in items
    ]


def test_the_letter_may_share_its_token_with_the_opening_quote() -> None:
    written = tokens('{"winner":', (' "B', {' "B': -0.2, ' "A': -1.9, ' "T': -4.0}), '"}')
    assert winner_log_odds(written) == pytest.approx(-1.7)


def test_a_letter_not_reported_counts_as_likely_as_the_least_likely_reported() -> None:
    written = tokens('{"winner": "', ("A", {"A": -0.01, "T": -5.0, "{": -7.0}), '"}')
    assert winner_log_odds(written) == pytest.approx(-0.01 + 7.0)


def test_the_ways_of_writing_a_letter_add_up_and_words_do_not_count() -> None:
    top = {"A": math.log(0.4), 'A"': math.log(0.2), "Answer": -1.0, "B": math.log(0.3)}
    written = tokens('{"winner": "', ("A", top), '"}')
    assert winner_log_odds(written) == pytest.approx(math.log(0.6) - math.log(0.3))


def test_the_last_winner_written_is_the_one_read() -> None:
    # The rationale may mention the key; only the real key is followed by its value.
    written = tokens(
        '{"rationale": "a \\"winner\\" is named", "winner": "',
        ("B", {"B": -0.1, "A": -2.1}),
        '"}',
    )
    assert winner_log_odds(written) == pytest.approx(-2.0)


@pytest.mark.parametrize(
    "written",
    [
        None,
        [],
        tokens('{"rationale": "no verdict"}'),
        tokens('{"winner": "', ("TIE", {"TIE": -0.1, "The": -3.0}), '"}'),
    ],
)
def test_no_odds_without_a_winner_or_without_either_letter(
    written: list[TokenLogprob] | None,
) -> None:
    assert winner_log_odds(written) is None


def test_a_suite_names_it_in_the_check_s_arguments() -> None:
    check = create_check("pairwise", {"decide": "log_odds", "margin": 0.5})
    assert check.spec.args == {"decide": "log_odds", "margin": 0.5}
    with pytest.raises(ConfigError, match="'votes' or 'log_odds'"):
        create_check("pairwise", {"decide": "logit"})


def test_the_summary_counts_disagreements_decided_by_log_odds_apart_from_ties(
    server: OpenAIServer,
) -> None:
    decided = judge(server, voted("A", -0.02, -4.02), voted("A", -0.5, -1.0))
    server.reset()
    undecided = judge(server, voted("A", -0.3, -1.2), voted("A", -0.4, -1.0))
    summary = summarize_pairwise([decided, undecided])
    assert (summary.wins, summary.ties) == (1, 1)
    assert (summary.inconsistent, summary.by_log_odds) == (1, 1)
    assert summary.win_rate == 0.75


def test_the_run_summary_line_names_the_pairs_log_odds_decided() -> None:
    from fourfold.report._terminal import _pairwise

    summary = PairwiseSummary(
        n=4, wins=2, losses=1, ties=1, inconsistent=1, by_log_odds=2, errors=0, win_rate=0.625
    )
    line = _pairwise("pairwise:outcome_preference", summary, "run-1").plain
    assert "1 tied (1 of them position-inconsistent), 2 decided by log-odds, 0 judge" in line
    plain = _pairwise("p", summary.model_copy(update={"by_log_odds": 0}), "run-1").plain
    assert "log-odds" not in plain

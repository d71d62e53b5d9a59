"""What a small model does to a judge, over real HTTP: a capped reply, a loop, copied
scaffolding, a hedged TIE. (The figures on a real small model are in docs/validation.md.)"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fourfold.checks import Check, CheckResult
from fourfold.judges import (
    JUDGE_MAX_TOKENS,
    PairwiseCriterion,
    ParseFailure,
    load_criterion,
    pairwise,
    pairwise_schema,
    parse_pairwise_reply,
    rubric,
)
from fourfold.judges._pairwise import QUOTE_CHARS, RATIONALE_CHARS
from fourfold.models import Model, ModelConfig, get_model
from fourfold.trace import Trace
from tests.helpers import make_case, make_trace
from tests.helpers.judging import judge_context, preference, reply
from tests.helpers.openai_server import OpenAIServer, chat_reply, stream_reply

OUTPUT = "Refunds take 30 days under §4.2."
TRACE = make_trace(output=OUTPUT, passages=[("4.2", "Refunds are issued within 30 days.")])
BASELINE = make_trace(output="Send it back whenever you like.")
LOOP = '{"evidence": null, "rationale": "' + "The answer is grounded in the passage. " * 40


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as running:
        yield running


def model_on(server: OpenAIServer, model: str = "openai-compatible/m", **fields: Any) -> Model:
    settings: dict[str, Any] = {"max_retries": 2, "timeout": 5.0, **fields}
    config = ModelConfig.model_validate(
        {"model": model, "base_url": server.base_url, "api_key_env": "", **settings}
    )
    return get_model(config)


def judge(model: Model, check: Check, baseline: Trace | None = None) -> CheckResult:
    async def go() -> CheckResult:
        try:
            return await check.run_async(judge_context(model, trace=TRACE, baseline=baseline))
        finally:
            await model.aclose()

    return asyncio.run(go())


@pytest.mark.parametrize(
    ("config", "sent"),
    [
        ({}, JUDGE_MAX_TOKENS),  # a judge's reply is short: it gets a tighter cap
        ({"max_tokens": 3000}, 3000),  # the config's own cap wins (a reasoning model)
        ({"max_tokens": None}, None),  # and null sends none
    ],
)
def test_a_judge_caps_its_reply(server: OpenAIServer, config: dict[str, Any], sent: Any) -> None:
    server.handler = lambda _: chat_reply(reply(3, "Refunds take 30 days"))
    judge(model_on(server, **config), rubric("grounding"))
    assert server.bodies[0].get("max_tokens") == sent
    assert JUDGE_MAX_TOKENS == 512


def test_a_judge_that_loops_at_the_cap_is_a_runaway_error_asked_once(
    server: OpenAIServer,
) -> None:
    server.handler = lambda _: chat_reply(LOOP, finish_reason="length", usage=(700, 512))
    result = judge(model_on(server), rubric("grounding"))
    assert result.status == "error" and result.score is None
    assert result.metadata["error_category"] == "runaway"
    assert len(server.requests) == 1  # neither retried nor sent a repair request
    assert "ran away" in result.explanation and "lower max_tokens" in result.explanation
    assert "raise timeout" not in result.explanation
    [call] = result.metadata["model_calls"]
    assert (call["error"], call["attempts"]) == ("runaway", 1)
    assert result.metadata["raw_reply"].startswith('{"evidence": null, "rationale": "The answer')


def test_a_streamed_loop_is_stopped_early_and_recorded(server: OpenAIServer) -> None:
    deltas = ['{"decisive_quote": null, "rationale": "', *["A is better. "] * 1000]
    server.handler = lambda _: stream_reply(*deltas, event_delay_s=0.002)
    result = judge(model_on(server, "llamacpp/small"), pairwise(), baseline=BASELINE)
    assert result.status == "error" and result.metadata["error_category"] == "runaway"
    assert "fourfold stopped the stream" in result.explanation
    assert len(server.requests) == 2  # one per order, none retried
    assert all(sent < 100 for sent in server.events_sent)  # of 1,000 deltas each


@pytest.mark.parametrize(
    "quote",
    [
        "<<<AGENT_OUTPUT 3d06e03d>>>\nRefunds take 30 days under §4.2.",
        "The agent's answer: Refunds take 30 days",
        "refunds take 30 DAYS",
    ],
)
def test_a_quote_with_the_prompts_scaffolding_is_found(server: OpenAIServer, quote: str) -> None:
    server.handler = lambda _: chat_reply(reply(3, quote))
    result = judge(model_on(server), rubric("grounding"))
    assert result.metadata["flags"] == []
    [evidence] = result.evidence
    assert evidence.where == "output" and OUTPUT.startswith(evidence.text)


def test_a_decisive_quote_labelled_with_its_answer_is_found(server: OpenAIServer) -> None:
    server.handler = lambda _: chat_reply(preference("TIE", "Answer B: Send it back whenever"))
    result = judge(model_on(server), pairwise(), baseline=BASELINE)
    assert result.metadata["flags"] == []
    assert [(e.where, e.text) for e in result.evidence] == [
        ("baseline.output", "Send it back whenever")
    ]


def test_the_pairwise_reply_is_bounded(server: OpenAIServer) -> None:
    """The schema bounds the rationale and the quote: an endpoint that constrains its output
    to the schema (llama.cpp does) stops a rambling small model there, and a quote cut at the
    bound, even inside a word, is still a piece of the answer, so it is still evidence."""
    long_answer = "Refunds are issued within thirty days of the return, " * 4
    cut = long_answer[:QUOTE_CHARS]
    assert not cut.endswith(" ") and cut != long_answer.strip()
    server.handler = lambda _: chat_reply(preference("B", cut))
    result = judge(model_on(server), pairwise(), baseline=make_trace(output=long_answer))
    schema = server.bodies[0]["response_format"]["json_schema"]["schema"]
    # The quote still comes before the verdict (and before the rationale).
    assert list(schema["properties"]) == ["decisive_quote", "rationale", "winner"]
    assert schema["properties"]["rationale"]["maxLength"] == RATIONALE_CHARS
    assert schema["properties"]["decisive_quote"]["maxLength"] == QUOTE_CHARS
    assert pairwise_schema(ties=False)["properties"]["rationale"]["maxLength"] == RATIONALE_CHARS
    assert result.metadata["flags"] == []
    assert [(e.where, e.text) for e in result.evidence] == [("baseline.output", cut)]


def test_a_quote_garbled_at_the_bound_is_found_without_its_cut_word(
    server: OpenAIServer,
) -> None:
    long_answer = "Refunds are issued within thirty days of the return, " * 4
    # What a small model wrote as the bound closed the string: a garbled last word.
    garbled = (long_answer[: QUOTE_CHARS - 6].rstrip() + " th定价价")[:QUOTE_CHARS]
    garbled = garbled.ljust(QUOTE_CHARS, "价")
    server.handler = lambda _: chat_reply(preference("B", garbled))
    result = judge(model_on(server), pairwise(), baseline=make_trace(output=long_answer))
    assert result.metadata["flags"] == []
    [evidence] = result.evidence
    assert evidence.where == "baseline.output" and garbled.startswith(evidence.text)
    assert len(evidence.text) > QUOTE_CHARS - 20
    # Short of the bound, the last word is not forgiven: the quote was not cut.
    short = long_answer[:40].rstrip() + " th定价"
    server.handler = lambda _: chat_reply(preference("B", short))
    result = judge(model_on(server), pairwise(), baseline=make_trace(output=long_answer))
    assert result.metadata["flags"] == ["evidence_not_found"]
    # At the bound, a changed word before the last one is still a paraphrase.
    changed = garbled.replace("thirty", "forty", 1)
    server.handler = lambda _: chat_reply(preference("B", changed))
    result = judge(model_on(server), pairwise(), baseline=make_trace(output=long_answer))
    assert result.metadata["flags"] == ["evidence_not_found"]


def test_a_paraphrase_is_still_not_evidence(server: OpenAIServer) -> None:
    server.handler = lambda _: chat_reply(reply(3, "Answer A: refunds are paid within 30 days"))
    result = judge(model_on(server), rubric("grounding"))
    assert result.metadata["flags"] == ["evidence_not_found"]


NO_TIES = """\
kind: pairwise
name: right_total
layer: outcome
description: Which answer states the right order total?
decides: The answer whose total is correct wins.
ties: false
"""


def test_a_criterion_without_ties_asks_for_a_or_b(server: OpenAIServer, tmp_path: Path) -> None:
    path = tmp_path / "right_total.yaml"
    path.write_text(NO_TIES)
    crit = load_criterion(path)
    assert isinstance(crit, PairwiseCriterion) and crit.ties is False

    # The judge hedges with TIE when the candidate is shown first; the repair request
    # tells it there is no tie, and it picks the candidate, as it does in the other order.
    def hedging(body: Any) -> Any:
        user = body["messages"][1]["content"]
        candidate = "A" if user.index("30 days") < user.index("<<<ANSWER_B") else "B"
        if candidate == "A" and len(body["messages"]) == 2:
            return chat_reply(preference("TIE"))
        return chat_reply(preference(candidate, "Refunds take 30 days"))

    server.handler = hedging
    result = judge(model_on(server), pairwise(str(path)), baseline=BASELINE)
    assert result.metadata["verdict"] == "candidate"
    assert result.metadata["position_inconsistent"] is False
    first, *_ = server.bodies
    winner = first["response_format"]["json_schema"]["schema"]["properties"]["winner"]
    assert winner == {"type": "string", "enum": ["A", "B"]}
    system = first["messages"][0]["content"]
    assert '3. winner: "A" or "B".' in system and "TIE" not in system
    [repair] = [b for b in server.bodies if len(b["messages"]) == 4]
    assert "one right answer, so there is no tie" in repair["messages"][-1]["content"]


def test_ties_stay_allowed_by_default() -> None:
    crit = load_criterion("outcome_preference")
    assert isinstance(crit, PairwiseCriterion) and crit.ties is True
    assert not isinstance(parse_pairwise_reply(preference("TIE")), ParseFailure)
    failure = parse_pairwise_reply(preference("TIE"), ties=False)
    assert isinstance(failure, ParseFailure) and failure.repairable


def test_the_prompt_is_short(server: OpenAIServer) -> None:
    """What the prompt adds to the material it shows, in characters (about 4 a token)."""
    server.handler = lambda _: chat_reply(preference("A", "Refunds take 30 days"))
    case = make_case(input="Can I get a refund?")
    judge_on = model_on(server)

    async def go() -> None:
        try:
            ctx = judge_context(judge_on, trace=TRACE, case=case, baseline=BASELINE)
            await pairwise("helpfulness_preference").run_async(ctx)
        finally:
            await judge_on.aclose()

    asyncio.run(go())
    messages = server.bodies[0]["messages"]
    material = len(case.input) + len(TRACE.text) + len(BASELINE.text)
    overhead = sum(len(m["content"]) for m in messages) - material
    assert overhead < 1400, overhead
    assert messages[1]["content"].count("<<<") == 6  # three blocks, two lines each

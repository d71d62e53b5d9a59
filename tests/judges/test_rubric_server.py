"""Rubric and pairwise judges against a real local OpenAI-compatible HTTP server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from fourfold.checks import Check, CheckResult
from fourfold.judges import pairwise, rubric
from fourfold.models import MemoryCache, Model, ModelConfig, get_model
from fourfold.trace import Trace
from tests.helpers import make_case, make_trace
from tests.helpers.judging import judge_context, preference, reply
from tests.helpers.openai_server import OpenAIServer, chat_reply, error, garbage, truncated

OUTPUT = "Refunds take 30 days under §4.2."
TRACE = make_trace(output=OUTPUT, passages=[("4.2", "Refunds are issued within 30 days.")])


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer() as running:
        yield running


def judge_model(server: OpenAIServer, cache: MemoryCache | None = None, **config: Any) -> Model:
    settings: dict[str, Any] = {"max_retries": 1, "timeout": 5.0, **config}
    return get_model(
        ModelConfig(
            model="openai-compatible/judge-model",
            base_url=server.base_url,
            api_key_env="",
            **settings,
        ),
        cache=cache,
    )


def judge(
    model: Model, check: Check, *, repeat: int = 0, baseline: Trace | None = None
) -> CheckResult:
    async def go() -> CheckResult:
        try:
            ctx = judge_context(model, trace=TRACE, repeat=repeat, baseline=baseline)
            return await check.run_async(ctx)
        finally:
            await model.aclose()

    return asyncio.run(go())


def test_a_scored_reply(server: OpenAIServer) -> None:
    server.script(chat_reply(reply(3, "Refunds take 30 days", "Exact."), usage=(812, 40)))
    result = judge(judge_model(server), rubric("grounding"))
    assert result.status == "pass" and result.score == 3
    assert [(e.where, e.text) for e in result.evidence] == [("output", "Refunds take 30 days")]
    [call] = result.metadata["model_calls"]
    assert (call["input_tokens"], call["output_tokens"], call["attempts"]) == (812, 40, 1)
    [body] = server.bodies
    assert body["model"] == "judge-model" and body["temperature"] == 0.0
    schema = body["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["score"] == {"type": "integer", "minimum": 0, "maximum": 3}
    assert [m["role"] for m in body["messages"]] == ["system", "user"]


def test_a_quote_that_is_not_in_the_output_is_flagged(server: OpenAIServer) -> None:
    server.script(chat_reply(reply(3, "Refunds take 14 days", "Exact.")))
    result = judge(judge_model(server), rubric("grounding"))
    assert result.score == 3 and result.status == "pass"
    assert result.metadata["flags"] == ["evidence_not_found"]
    assert result.evidence == []
    assert "does not occur in what the judge was shown" in result.explanation


def test_a_server_error_then_a_good_reply_is_scored(server: OpenAIServer) -> None:
    server.script(error(500), chat_reply(reply(1, "§4.2")))
    result = judge(judge_model(server), rubric("grounding"))
    assert result.status == "fail" and result.score == 1
    assert result.metadata["model_calls"][0]["attempts"] == 2
    assert len(server.requests) == 2


def test_server_errors_to_the_end_are_an_error_with_no_score(server: OpenAIServer) -> None:
    server.handler = lambda _: error(500, "overloaded")
    result = judge(judge_model(server), rubric("grounding"))
    assert result.status == "error" and result.score is None
    assert result.metadata["error_category"] == "server"
    assert "gave up after 2 attempts" in result.explanation
    # The failed call is recorded with the attempts it took and the time they took in all.
    [call] = result.metadata["model_calls"]
    assert (call["error"], call["attempts"], call["input_tokens"]) == ("server", 2, 0)
    assert call["latency_s"] > 0 and call["cost_usd"] is None
    assert len(server.requests) == 2


@pytest.mark.parametrize(
    ("first", "category"),
    [
        (chat_reply(reply(5, "x")), "score_out_of_scale"),
        (chat_reply('{"evidence": "x", "rationale": "r", "sco'), "unparseable"),
    ],
)
def test_unusable_replies_are_errors(server: OpenAIServer, first: Any, category: str) -> None:
    server.script(first, chat_reply("I cannot answer in JSON."))
    result = judge(judge_model(server), rubric("grounding"))
    assert result.status == "error" and result.score is None
    assert result.metadata["error_category"] == category


@pytest.mark.parametrize("bad_body", [truncated(), garbage()])
def test_a_malformed_http_body_is_a_server_error(server: OpenAIServer, bad_body: Any) -> None:
    server.handler = lambda _: bad_body
    result = judge(judge_model(server, max_retries=0), rubric("grounding"))
    assert result.status == "error" and result.score is None
    assert result.metadata["error_category"] == "server"


@pytest.mark.parametrize("bad_body", [truncated(), garbage()])
def test_a_malformed_http_body_is_retried(server: OpenAIServer, bad_body: Any) -> None:
    server.script(bad_body, chat_reply(reply(3)))
    result = judge(judge_model(server, max_retries=2), rubric("grounding"))
    assert result.status == "pass" and result.score == 3
    assert len(server.requests) == 2


def test_a_prose_reply_is_repaired_over_http(server: OpenAIServer) -> None:
    server.script(chat_reply("The answer is well grounded, score 3."), chat_reply(reply(3)))
    result = judge(judge_model(server), rubric("grounding"))
    assert result.status == "pass" and result.score == 3
    assert len(result.metadata["model_calls"]) == 2
    second = server.bodies[1]
    assert [m["role"] for m in second["messages"]] == ["system", "user", "assistant", "user"]


def test_identical_calls_are_served_from_the_cache(server: OpenAIServer) -> None:
    cache = MemoryCache()
    server.handler = lambda _: chat_reply(reply(2, "Refunds take 30 days"))
    check = rubric("grounding")
    first = judge(judge_model(server, cache), check)
    second = judge(judge_model(server, cache), check)
    assert len(server.requests) == 1  # the second run made no request
    assert first.score == second.score == 2
    assert second.metadata["model_calls"][0]["cached"] is True
    assert second.metadata["model_calls"][0]["key"] == first.metadata["model_calls"][0]["key"]
    other_repeat = judge(judge_model(server, cache), check, repeat=1)
    assert len(server.requests) == 2
    assert other_repeat.metadata["model_calls"][0]["cached"] is False


def test_pairwise_over_http(server: OpenAIServer) -> None:
    def by_position(body: Any) -> Any:
        user = body["messages"][1]["content"]
        a_block = user[user.index("<<<ANSWER_A") : user.index("<<<ANSWER_B")]
        return chat_reply(preference("A" if "30 days" in a_block else "B", "Refunds take 30 days"))

    server.handler = by_position
    baseline = make_trace(output="Send it back whenever.")
    result = judge(judge_model(server), pairwise(), baseline=baseline)
    assert result.metadata["verdict"] == "candidate"
    assert result.metadata["position_inconsistent"] is False
    assert result.score == 1.0 and len(server.requests) == 2
    assert [json.loads(r)["winner"] for r in result.metadata["replies"]] == ["A", "B"]


def test_outcome_judge_sees_the_expected_outcome(server: OpenAIServer) -> None:
    server.script(chat_reply(reply(3)))
    model = judge_model(server)
    case = make_case(expected="Explains the 30-day window")

    async def go() -> CheckResult:
        try:
            return await rubric("outcome").run_async(judge_context(model, trace=TRACE, case=case))
        finally:
            await model.aclose()

    result = asyncio.run(go())
    assert result.status == "pass"
    assert "Explains the 30-day window" in server.bodies[0]["messages"][1]["content"]

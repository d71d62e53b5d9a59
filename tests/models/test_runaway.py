"""Runaway replies: the loop detector, the output cap, and a loop refused without a retry."""

from __future__ import annotations

import json

import pytest

from fourfold.errors import RunawayReplyError, ServerError
from fourfold.models import DEFAULT_MAX_TOKENS, ModelConfig, get_model
from fourfold.models._runaway import LoopWatch, find_loop
from tests.helpers.model_builders import ask, config_for, fast, run_one
from tests.helpers.openai_server import OpenAIServer, chat_reply, error, slow

# What the small local model wrote when it looped inside a judge's rationale.
RATIONALE_LOOP = (
    '{"decisive_quote": "Answer A lists five items.", "rationale": "Answer A is more helpful '
    "because it lists the items. "
    + "Answer A is more helpful because it lists the items needed for camping. "
    * 12
)
PROSE = (
    "Refunds for damaged items are issued in full when the damage is reported within 48 "
    "hours of delivery. The money goes back to the card that paid, and banks take three to "
    "five working days to show it. Orders paid with a gift card are refunded as store "
    "credit instead, which appears at once. If the item was part of a bundle, only its own "
    "price is refunded, and the rest of the bundle stays yours. Keep the packaging until "
    "the refund arrives, in case the courier asks to collect it."
)


@pytest.mark.parametrize(
    "text",
    [
        RATIONALE_LOOP,
        "The answer: " + "\n" * 300,  # a run of one character
        "Answer: " + "ok, " * 100,
        '{"evidence": "' + "\\n" * 200,  # escaped newlines inside a JSON string
        # repeats that are not back to back: the same sentences, one word changing
        " ".join(
            f"The rubric asks for the {w} answer, and the agent gave the answer it asks for."
            for w in ["right", "best", "short", "whole"] * 10
        ),
    ],
    ids=["clause", "newlines", "short-unit", "escaped", "varying-word"],
)
def test_loops_are_found(text: str) -> None:
    loop = find_loop(text)
    assert loop is not None
    assert loop.span >= 160
    assert "over and over" in loop.describe()


@pytest.mark.parametrize(
    "text",
    [
        PROSE,
        PROSE * 2,  # a paragraph repeated twice is not a loop (it needs three repeats)
        json.dumps([{"id": f"P-{i}", "name": f"item {i}", "price": 10 + i} for i in range(40)]),
        "| size | price |\n|---|---|\n"
        + "".join(f"| {s} | {p} |\n" for s, p in zip("SMLX", "1234", strict=True)),
        "=" * 100,  # a rule line: repeated, but shorter than a loop
        "",
    ],
    ids=["prose", "prose-twice", "json-list", "table", "rule", "empty"],
)
def test_ordinary_text_is_not_a_loop(text: str) -> None:
    assert find_loop(text) is None


def test_the_watch_finds_a_loop_as_it_grows_and_not_before() -> None:
    watch = LoopWatch()
    assert watch.feed(PROSE) is None
    found = [watch.feed("again and again and again. ") for _ in range(12)]
    assert found[0] is None and found[-1] is not None


def test_a_reply_cut_at_the_cap_in_a_loop_is_refused_and_not_retried(
    openai_server: OpenAIServer,
) -> None:
    openai_server.script(
        chat_reply(RATIONALE_LOOP, finish_reason="length", usage=(600, 512)),
        chat_reply("unused"),
    )
    model = fast(get_model(config_for(openai_server, max_retries=3, max_tokens=512)))
    with pytest.raises(RunawayReplyError) as caught:
        run_one(model, ask())
    error_ = caught.value
    assert error_.category == "runaway"
    assert len(openai_server.requests) == 1  # the same request would loop again
    message = str(error_)
    assert "ran away" in message and "Answer A is more helpful" in message
    assert "max_tokens=512" in message and "not retried" in message
    assert "lower max_tokens" in message and "longer timeout only lets the loop run" in message
    assert error_.partial == RATIONALE_LOOP
    assert (error_.attempts, model.usage().errors) == (1, 1)


def test_a_reply_that_stopped_by_itself_is_never_called_a_loop(
    openai_server: OpenAIServer,
) -> None:
    openai_server.script(chat_reply(RATIONALE_LOOP, finish_reason="stop"))
    response = run_one(get_model(config_for(openai_server)))
    assert response.text == RATIONALE_LOOP


def test_a_reply_cut_at_the_cap_without_a_loop_is_returned(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply(PROSE, finish_reason="length"))
    response = run_one(get_model(config_for(openai_server)))
    assert (response.text, response.finish_reason) == (PROSE, "length")


def test_every_call_gets_the_default_output_cap(openai_server: OpenAIServer) -> None:
    run_one(get_model(config_for(openai_server)))
    assert openai_server.bodies[0]["max_tokens"] == DEFAULT_MAX_TOKENS == 4096


def test_a_config_can_send_no_cap(openai_server: OpenAIServer) -> None:
    config = ModelConfig.model_validate(
        {"model": "openai-compatible/m", "base_url": openai_server.base_url, "max_tokens": None}
    )
    assert config.sets_max_tokens
    run_one(get_model(config))
    assert "max_tokens" not in openai_server.bodies[0]


@pytest.mark.slow
def test_the_latency_of_a_call_counts_every_attempt(openai_server: OpenAIServer) -> None:
    # Two failed attempts of 0.3s each, then a reply after 0.2s: the call took 0.8s at least.
    failing = error(503, "busy")
    failing.delay_s = 0.3
    openai_server.script(failing, failing, slow(0.2, chat_reply("done")))
    response = run_one(fast(get_model(config_for(openai_server, max_retries=2))))
    assert response.attempts == 3
    assert 0.8 <= response.latency_s < 3.0


@pytest.mark.slow
def test_a_failed_call_records_its_attempts_and_time(openai_server: OpenAIServer) -> None:
    failing = error(503, "busy")
    failing.delay_s = 0.2
    openai_server.handler = lambda body: failing
    with pytest.raises(ServerError) as caught:
        run_one(fast(get_model(config_for(openai_server, max_retries=1))))
    assert caught.value.attempts == 2
    assert caught.value.latency_s is not None and caught.value.latency_s >= 0.4
    assert "gave up after 2 attempts, 0." in str(caught.value)

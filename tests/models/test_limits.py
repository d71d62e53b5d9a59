"""The concurrency limit and the requests- and tokens-per-minute buckets."""

from __future__ import annotations

import time

import pytest

from fourfold.models import get_model
from tests.helpers.model_builders import ask, config_for, run_calls, run_in_turn
from tests.helpers.openai_server import OpenAIServer, chat_reply


@pytest.mark.parametrize("concurrency", [1, 4, 16])
def test_no_more_calls_in_flight_than_the_concurrency(
    openai_server: OpenAIServer, concurrency: int
) -> None:
    openai_server.latency = 0.05
    model = get_model(config_for(openai_server, concurrency=concurrency))
    outcomes = run_calls(model, *(ask(f"q{i}") for i in range(3 * concurrency)))
    assert all(not isinstance(o, BaseException) for o in outcomes)
    assert openai_server.max_in_flight == concurrency


def test_many_calls_at_once(openai_server: OpenAIServer) -> None:
    """64 at once with 200 ms each take about 200 ms, not 64 times that."""
    openai_server.latency = 0.2
    model = get_model(config_for(openai_server, concurrency=64))
    started = time.monotonic()
    outcomes = run_calls(model, *(ask(f"q{i}") for i in range(64)))
    assert all(not isinstance(o, BaseException) for o in outcomes)
    assert openai_server.max_in_flight == 64
    assert time.monotonic() - started < 3.0  # 64 in turn would take 12.8 s


@pytest.mark.parametrize(
    ("rpm", "spaced"), [pytest.param(600, True, marks=pytest.mark.slow), (None, False)]
)
def test_requests_per_minute(openai_server: OpenAIServer, rpm: float | None, spaced: bool) -> None:
    # 600 a minute: a burst of 10 (one second's worth), then one every 0.1 s.
    model = get_model(config_for(openai_server, rpm=rpm))
    run_calls(model, *(ask(f"q{i}") for i in range(15)))
    arrivals = sorted(r.received_at for r in openai_server.requests)
    span = arrivals[-1] - arrivals[0]
    if spaced:
        # One-sided bounds, so a loaded machine (which only delays arrivals) cannot fail
        # them: the 15th call is released 0.5 s after the first, and by 0.35 s at most
        # 10 + 3 calls can have been released.
        assert span >= 0.45
        assert sum(1 for t in arrivals if t < arrivals[0] + 0.35) <= 13
    else:
        assert span < 0.3


@pytest.mark.slow
def test_tokens_per_minute_are_estimated_before_and_corrected_after(
    openai_server: OpenAIServer,
) -> None:
    # 60,000 a minute: 1,000 a second, a bucket of 1,000. The first call is estimated at
    # about 26 tokens but uses 1,600, which the next call waits out (about 0.6 s).
    openai_server.script(chat_reply("x", usage=(1500, 100)), chat_reply("y", usage=(10, 10)))
    model = get_model(config_for(openai_server, tpm=60_000))
    run_in_turn(model, ask("a" * 100), ask("b" * 100))
    first, second = (r.received_at for r in openai_server.requests)
    assert 0.5 <= second - first < 1.2


@pytest.mark.parametrize(
    ("tpm", "spaced"), [pytest.param(60_000, True, marks=pytest.mark.slow), (None, False)]
)
def test_tokens_per_minute_space_big_prompts(
    openai_server: OpenAIServer, tpm: float | None, spaced: bool
) -> None:
    # Each prompt is about 500 tokens (2,000 characters); the replies report no usage, so
    # the estimates stand: two fit in the bucket, each next one waits 0.5 s.
    openai_server.handler = lambda body: chat_reply("ok", usage=None)
    model = get_model(config_for(openai_server, tpm=tpm))
    run_calls(model, *(ask("c" * 2000) for _ in range(4)))
    arrivals = sorted(r.received_at for r in openai_server.requests)
    if spaced:
        assert arrivals[-1] - arrivals[0] >= 0.9
    else:
        assert arrivals[-1] - arrivals[0] < 0.3

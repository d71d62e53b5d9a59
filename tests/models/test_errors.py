"""Every failure of a call is a ProviderError of its kind; the transient kinds are retried."""

from __future__ import annotations

import asyncio
import gzip
import random
import socket
import time
from collections.abc import Callable

import pytest

from fourfold.errors import (
    AuthError,
    BadRequestError,
    ModelTimeoutError,
    ProviderError,
    RateLimitError,
    ServerError,
    UnparseableReplyError,
)
from fourfold.models import Model, ModelConfig, _http, get_model
from tests.helpers.model_builders import KEY, KEY_VAR, config_for, fast, run_one
from tests.helpers.openai_server import (
    OpenAIServer,
    Reply,
    chat_reply,
    disconnect,
    error,
    garbage,
    http_date_in,
    slow,
    tool_call_reply,
    truncated,
)


@pytest.mark.parametrize(
    ("reply", "kind", "words"),
    [
        (error(401, "Incorrect API key provided"), AuthError, "Incorrect API key provided"),
        (error(403, "Project has no access"), AuthError, "HTTP 403"),
        (error(400, "Invalid 'messages': empty"), BadRequestError, "Invalid 'messages': empty"),
        (error(404, "The model `gpt-9` does not exist"), BadRequestError, "does not exist"),
        (error(422, "Unprocessable"), BadRequestError, "Unprocessable"),
        (Reply(400, {"detail": "a FastAPI-style message"}), BadRequestError, "FastAPI-style"),
        (Reply(400, text="plain text trouble"), BadRequestError, "plain text trouble"),
        (Reply(200, [1, 2]), UnparseableReplyError, "not an object"),
        (Reply(200, {"id": "x"}), UnparseableReplyError, "no choices"),
        (Reply(200, {"error": {"message": "quota gone"}}), UnparseableReplyError, "quota gone"),
        (Reply(200, {"choices": [{"index": 0}]}), UnparseableReplyError, "no message"),
        (chat_reply(None), UnparseableReplyError, "neither text nor tool calls"),
        (chat_reply(""), UnparseableReplyError, "neither text nor tool calls"),
    ],
)
def test_failures_that_are_not_retried(
    openai_server: OpenAIServer, reply: Reply, kind: type[ProviderError], words: str
) -> None:
    openai_server.script(reply, chat_reply("never reached"))
    model = get_model(config_for(openai_server, max_retries=3))
    with pytest.raises(kind) as caught:
        run_one(model)
    assert type(caught.value) is kind
    assert words in str(caught.value)
    assert len(openai_server.requests) == 1
    usage = model.usage()
    assert (usage.calls, usage.errors, usage.retries) == (1, 1, 0)


@pytest.mark.parametrize(
    "first",
    [
        error(500, "boom"),
        error(502),
        error(503),
        error(529, "overloaded"),
        error(409, "conflict"),
        error(429, "slow down"),
        error(408, "request timeout"),
        disconnect(),
        truncated(),
        garbage(),
        Reply(200, text=""),
    ],
    ids=[
        "500",
        "502",
        "503",
        "529",
        "409",
        "429",
        "408",
        "disconnect",
        "200-truncated",
        "200-html",
        "200-empty",
    ],
)
def test_transient_failures_are_retried(openai_server: OpenAIServer, first: Reply) -> None:
    openai_server.script(first, chat_reply("second time lucky"))
    model = fast(get_model(config_for(openai_server)))
    response = run_one(model)
    assert response.text == "second time lucky"
    assert response.attempts == 2
    assert len(openai_server.requests) == 2
    assert model.usage().retries == 1


def test_an_html_page_behind_200_is_a_server_error_after_every_retry(
    openai_server: OpenAIServer,
) -> None:
    openai_server.handler = lambda body: garbage("<html><body>502 Bad Gateway</body></html>")
    model = fast(get_model(config_for(openai_server, max_retries=2)))
    with pytest.raises(ServerError, match="gave up after 3 attempts") as caught:
        run_one(model)
    assert caught.value.category == "server"
    assert "HTTP 200" in str(caught.value) and "502 Bad Gateway" in str(caught.value)
    assert len(openai_server.requests) == 3


@pytest.mark.parametrize("compressed", [False, True], ids=["content-length", "gzip-bomb"])
def test_a_reply_larger_than_the_bound_is_refused(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch, compressed: bool
) -> None:
    monkeypatch.setattr(_http, "MAX_REPLY_BYTES", 100_000)
    body = chat_reply("x" * 1_000_000).payload()
    if compressed:  # 1 MB of reply in a few kB: only reading it shows its size
        reply = Reply(200, text=gzip.compress(body), headers={"Content-Encoding": "gzip"})
    else:
        reply = Reply(200, text=body)
    openai_server.script(reply, chat_reply("never reached"))
    model = get_model(config_for(openai_server, max_retries=3))
    with pytest.raises(UnparseableReplyError, match="larger than 0 MiB|larger than"):
        run_one(model)
    assert len(openai_server.requests) == 1


def test_a_lone_surrogate_in_a_reply_becomes_a_replacement_character(
    openai_server: OpenAIServer,
) -> None:
    body = chat_reply("PLACEHOLDER").payload().replace(b"PLACEHOLDER", b"bad \\ud800 text")
    openai_server.script(Reply(200, text=body))
    response = run_one(get_model(config_for(openai_server)))
    assert response.text == "bad \ufffd text"


def test_tool_arguments_nested_too_deeply_are_kept_raw(openai_server: OpenAIServer) -> None:
    deep = "[" * 50_000 + "]" * 50_000
    openai_server.script(tool_call_reply(("lookup", deep)))
    response = run_one(get_model(config_for(openai_server)))
    assert response.tool_calls[0].raw_arguments == deep
    assert response.tool_calls[0].arguments == {}


@pytest.mark.parametrize(
    ("reply", "kind"),
    [
        (error(500, "boom"), ServerError),
        (error(429, "slow down"), RateLimitError),
        pytest.param(slow(1.0), ModelTimeoutError, marks=pytest.mark.slow),
    ],
)
def test_a_failure_that_persists_is_raised_after_max_retries(
    openai_server: OpenAIServer, reply: Reply, kind: type[ProviderError]
) -> None:
    openai_server.handler = lambda body: reply
    model = fast(get_model(config_for(openai_server, max_retries=2, timeout=0.2)))
    with pytest.raises(kind, match="gave up after 3 attempts") as caught:
        run_one(model)
    assert type(caught.value) is kind
    assert len(openai_server.requests) == 3
    usage = model.usage()
    assert (usage.calls, usage.retries, usage.errors) == (1, 2, 1)


def test_no_retries_means_one_attempt(openai_server: OpenAIServer) -> None:
    openai_server.script(error(500), chat_reply("unused"))
    with pytest.raises(ServerError, match="gave up after 1 attempt, "):
        run_one(get_model(config_for(openai_server, max_retries=0)))
    assert len(openai_server.requests) == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("make_reply", "at_least"),
    [
        (lambda: error(429, retry_after=0.3), 0.3),
        (lambda: error(429, retry_after_ms=250), 0.25),
        # An HTTP date has whole seconds: two seconds ahead is more than one from now.
        (lambda: error(429, retry_after=http_date_in(2)), 1.0),
    ],
    ids=["seconds", "milliseconds", "http-date"],
)
def test_retry_after_is_honoured(
    openai_server: OpenAIServer, make_reply: Callable[[], Reply], at_least: float
) -> None:
    openai_server.script(make_reply(), chat_reply("done"))
    model = fast(get_model(config_for(openai_server)))
    started = time.monotonic()
    response = run_one(model)
    assert response.text == "done"
    first, second = openai_server.requests
    assert second.received_at - first.received_at >= at_least
    assert time.monotonic() - started < at_least + 2


def test_a_rate_limit_error_carries_the_wait_asked_for(openai_server: OpenAIServer) -> None:
    openai_server.handler = lambda body: error(429, "too many", retry_after=0.01)
    with pytest.raises(RateLimitError) as caught:
        run_one(fast(get_model(config_for(openai_server, max_retries=1))))
    assert caught.value.retry_after == pytest.approx(0.01)
    assert "asked to wait 0.01s" in str(caught.value)


def test_a_wait_too_long_to_honour_is_not_retried(openai_server: OpenAIServer) -> None:
    openai_server.script(error(429, retry_after=3600), chat_reply("unused"))
    started = time.monotonic()
    with pytest.raises(RateLimitError, match="not retried") as caught:
        run_one(get_model(config_for(openai_server)))
    assert caught.value.retry_after == 3600
    assert time.monotonic() - started < 2
    assert len(openai_server.requests) == 1


class _Highest(random.Random):
    """Full jitter that always draws the ceiling, so the waits are known."""

    def uniform(self, a: float, b: float) -> float:
        return b


@pytest.mark.slow
def test_backoff_doubles_up_to_the_cap(openai_server: OpenAIServer) -> None:
    openai_server.script(error(500), error(500), error(500), chat_reply("ok"))
    config = config_for(openai_server, max_retries=3)
    model = Model(config, get_model(config).provider, rng=_Highest())
    model.backoff_base_s, model.backoff_cap_s = 0.1, 0.25
    run_one(model)
    arrivals = [r.received_at for r in openai_server.requests]
    gaps = [later - earlier for earlier, later in zip(arrivals, arrivals[1:], strict=False)]
    # 0.1, then 0.2, then 0.25 (capped, not 0.4).
    for gap, wait in zip(gaps, [0.1, 0.2, 0.25], strict=True):
        assert wait <= gap < wait + 0.09


def test_a_timeout(openai_server: OpenAIServer) -> None:
    openai_server.script(slow(2.0))
    model = get_model(config_for(openai_server, timeout=0.2, max_retries=0))
    started = time.monotonic()
    with pytest.raises(
        ModelTimeoutError, match="did not finish within 0.2s; if the model is that slow"
    ):
        run_one(model)
    assert time.monotonic() - started < 1.5


def test_a_timeout_then_an_answer(openai_server: OpenAIServer) -> None:
    openai_server.script(slow(2.0), chat_reply("in time"))
    response = run_one(fast(get_model(config_for(openai_server, timeout=0.2))))
    assert (response.text, response.attempts) == ("in time", 2)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_server_that_is_not_there() -> None:
    port = _closed_port()
    config = ModelConfig(
        model="openai-compatible/m", base_url=f"http://127.0.0.1:{port}/v1", max_retries=1
    )
    with pytest.raises(ServerError, match=f"could not connect to http://127.0.0.1:{port}/v1"):
        run_one(fast(get_model(config)))


def test_a_missing_key_names_the_variable(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(KEY_VAR, raising=False)
    model = get_model(config_for(openai_server, api_key_env=KEY_VAR))  # no error yet
    with pytest.raises(AuthError, match=f"environment variable {KEY_VAR} is not set"):
        run_one(model)
    assert openai_server.requests == []


@pytest.mark.parametrize("var", ["OPENAI_API_KEY", "ANTHROPIC_API_KEY"])
def test_the_default_key_variables(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch, var: str
) -> None:
    monkeypatch.delenv(var, raising=False)
    provider = "openai" if var.startswith("OPENAI") else "anthropic"
    model = get_model(config_for(openai_server, f"{provider}/some-model"))
    with pytest.raises(AuthError, match=var):
        run_one(model)


def test_a_header_variable_that_is_not_set(openai_server: OpenAIServer) -> None:
    config = config_for(openai_server, headers={"X-Org": "${FOURFOLD_TEST_UNSET_VAR}"})
    with pytest.raises(AuthError, match="FOURFOLD_TEST_UNSET_VAR"):
        run_one(get_model(config))


def test_the_key_never_shows(
    openai_server: OpenAIServer, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FOURFOLD_TEST_SECRET_HEADER", "hdr-secret-0123456789")
    config = config_for(
        openai_server,
        api_key_env=KEY_VAR,
        headers={"X-Secret": "${FOURFOLD_TEST_SECRET_HEADER}", "X-Literal": "Token lit-9876543210"},
        max_retries=0,
    )
    secrets = [KEY, "hdr-secret-0123456789", "lit-9876543210"]
    # Servers echo keys back: OpenAI's 401 quotes the start of the key it refused.
    openai_server.script(
        error(401, f"Incorrect API key provided: {key}. Also hdr-secret-0123456789."),
        Reply(500, text=f"upstream said Token lit-9876543210 and {key}"),
        Reply(200, text=f"<html>{key}</html>"),
    )
    messages = []
    for expected in (AuthError, ServerError, ServerError):
        model = get_model(config)
        with pytest.raises(expected) as caught:
            run_one(model)
        messages.append(str(caught.value))
        messages.append(repr(model))
    messages.append(repr(config))
    assert "***" in messages[0]  # the server's echo of the key, blanked
    for text in messages:
        for secret in secrets:
            assert secret not in text, text


def test_a_model_can_be_used_again_from_a_new_event_loop(openai_server: OpenAIServer) -> None:
    model = get_model(config_for(openai_server))
    assert run_one(model).text == "ok"
    assert run_one(model).text == "ok"  # a second asyncio.run, after aclose


def test_errors_are_provider_errors_with_categories() -> None:
    assert [cls.category for cls in (AuthError, RateLimitError, ServerError)] == [
        "auth",
        "rate_limit",
        "server",
    ]
    assert issubclass(ModelTimeoutError, ProviderError)
    assert asyncio.TimeoutError is TimeoutError  # the model catches the builtin

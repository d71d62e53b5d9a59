"""Streamed replies: put back together, and stopped as soon as they loop."""

from __future__ import annotations

import json
import time

import pytest

from fourfold.errors import ModelTimeoutError, RunawayReplyError, ServerError
from fourfold.models import ModelConfig, get_model
from tests.helpers.model_builders import ask, config_for, fast, run_one
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply, stream_reply

LOOP_DELTA = "Answer A is more helpful because it lists the items. "


def streaming(server: OpenAIServer, **fields: object) -> ModelConfig:
    return config_for(server, "llamacpp/qwen2.5-coder-1.5b", **fields)


def test_local_servers_stream_and_the_reply_is_put_back_together(
    openai_server: OpenAIServer,
) -> None:
    openai_server.script(stream_reply('{"score": ', "3", "}", usage=(812, 40)))
    response = run_one(get_model(streaming(openai_server)), ask(response_schema={"type": "object"}))
    body = openai_server.bodies[0]
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True}
    assert (response.text, response.parsed) == ('{"score": 3}', {"score": 3})
    assert (response.input_tokens, response.output_tokens) == (812, 40)
    assert (response.finish_reason, response.model) == ("stop", "test-model")
    assert response.raw["streamed"] is True


def test_a_streamed_tool_call_is_put_back_together(openai_server: OpenAIServer) -> None:
    deltas = [
        {"index": 0, "id": "call_9", "type": "function", "function": {"name": "lookup"}},
        {"index": 0, "function": {"arguments": '{"order_id": '}},
        {"index": 0, "function": {"arguments": '"O-5003"}'}},
    ]
    openai_server.script(stream_reply(tool_calls=deltas, finish_reason="tool_calls"))
    response = run_one(get_model(streaming(openai_server)))
    [call] = response.tool_calls
    assert (call.id, call.name, call.arguments) == ("call_9", "lookup", {"order_id": "O-5003"})
    assert response.text is None


def test_a_looping_stream_is_stopped_as_soon_as_the_loop_shows(
    openai_server: OpenAIServer,
) -> None:
    # 2,000 events 5 ms apart: ten seconds if read to the end.
    openai_server.script(stream_reply(*[LOOP_DELTA] * 2000, event_delay_s=0.005))
    model = fast(get_model(streaming(openai_server, max_retries=3)))
    started = time.monotonic()
    with pytest.raises(RunawayReplyError) as caught:
        run_one(model)
    assert time.monotonic() - started < 3.0
    assert "fourfold stopped the stream" in str(caught.value)
    assert "lists the items" in str(caught.value)
    assert len(openai_server.requests) == 1  # not retried
    deadline = time.monotonic() + 2.0
    while not openai_server.events_sent and time.monotonic() < deadline:
        time.sleep(0.01)  # the server notices the hang-up at its next event
    assert openai_server.events_sent and openai_server.events_sent[0] < 50


@pytest.mark.slow
def test_a_slow_stream_without_a_loop_is_a_timeout(openai_server: OpenAIServer) -> None:
    words = [f"word{i} " for i in range(200)]
    openai_server.script(stream_reply(*words, event_delay_s=0.01))
    model = get_model(streaming(openai_server, timeout=0.5, max_retries=0))
    with pytest.raises(ModelTimeoutError) as caught:
        run_one(model)
    message = str(caught.value)
    assert "did not finish within 0.5s" in message and "characters of its reply had come" in message


def test_an_error_in_the_middle_of_a_stream(openai_server: OpenAIServer) -> None:
    failing = stream_reply("partial ", done=False)
    assert failing.events is not None
    failing.events.insert(2, b'data: {"error": {"message": "out of memory"}}\n\n')
    openai_server.script(failing)
    with pytest.raises(ServerError, match="in the middle of"):
        run_one(get_model(streaming(openai_server, max_retries=0)))


def test_a_server_that_does_not_stream_is_read_as_usual(openai_server: OpenAIServer) -> None:
    openai_server.script(chat_reply("whole"))
    assert run_one(get_model(streaming(openai_server))).text == "whole"


def test_a_streamed_error_status_is_translated(openai_server: OpenAIServer) -> None:
    openai_server.script(Reply(400, {"error": {"message": "bad schema"}}))
    with pytest.raises(Exception, match="bad schema"):
        run_one(get_model(streaming(openai_server)))


def test_streaming_can_be_turned_off(openai_server: OpenAIServer) -> None:
    run_one(get_model(streaming(openai_server, stream=False)))
    assert "stream" not in openai_server.bodies[0]
    run_one(get_model(config_for(openai_server, stream=True)))
    assert json.loads(openai_server.requests[1].body)["stream"] is True

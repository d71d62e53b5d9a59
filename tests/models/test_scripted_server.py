"""The scripted test server's Gemini API (``tests/helpers/openai_server.py``), over real HTTP:
what google-genai posts (``models/<model>:generateContent``, ``:streamGenerateContent?alt=sse``)
is answered in the Gemini API's shapes; its Bedrock Converse API
(``tests/helpers/scripted_bedrock.py``): what boto3 posts (``/model/<modelId>/converse``,
``/converse-stream``) is answered in Bedrock's JSON and AWS's binary event stream, and its
InvokeModel API (``tests/helpers/scripted_bedrock_invoke.py``: ``/invoke``,
``/invoke-with-response-stream``) in the model's own JSON (Claude's, Nova's) inside Bedrock's
envelope;
Ollama's native API (``/api/chat``, answered by ``tests/helpers/scripted_ollama.py``) in
Ollama's: JSON, or NDJSON lines when streamed; Cohere's v2 chat (``/v2/chat``, answered by
``tests/helpers/scripted_cohere.py``) in Cohere's: JSON, or named server-sent events when
streamed; and Mistral's chat replies (``tests/helpers/scripted_mistral.py``, on OpenAI's path
through the chat handler) in Mistral's."""

from __future__ import annotations

import base64
import json
import struct
import urllib.error
import urllib.request
import zlib
from typing import Any

from tests.helpers.openai_server import (
    OpenAIServer,
    Reply,
    chat_reply,
    gemini_reply,
    gemini_tool_reply,
)
from tests.helpers.scripted_bedrock import EVENT_STREAM, converse_reply, model_id
from tests.helpers.scripted_bedrock_invoke import (
    ANTHROPIC_VERSION,
    anthropic_invoke_reply,
    invoke_stream,
    nova_invoke_reply,
)
from tests.helpers.scripted_cohere import cohere_reply, cohere_tool_reply
from tests.helpers.scripted_cohere import weather_script as cohere_weather_script
from tests.helpers.scripted_mistral import weather_script as mistral_weather_script
from tests.helpers.scripted_ollama import ollama_reply, ollama_tool_reply, weather_script

ASK = {"contents": [{"role": "user", "parts": [{"text": "What is the weather in Paris?"}]}]}


def _post(server: OpenAIServer, path: str, body: Any = ASK) -> tuple[str, bytes]:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "x-goog-api-key": "test"},
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return response.headers.get("Content-Type", ""), response.read()


def _events(raw: bytes) -> list[dict[str, Any]]:
    """The JSON of each ``data:`` event of a server-sent-event body."""
    return [
        json.loads(line[len(b"data: ") :])
        for line in raw.split(b"\r\n")
        if line.startswith(b"data: ")
    ]


def test_generate_content_is_answered_with_a_gemini_response_by_default(
    openai_server: OpenAIServer,
) -> None:
    _, raw = _post(openai_server, "/v1beta/models/gemini-2.5-flash:generateContent")
    body = json.loads(raw)
    assert body["candidates"][0]["content"] == {"parts": [{"text": "ok"}], "role": "model"}
    assert body["candidates"][0]["finishReason"] == "STOP"
    assert body["usageMetadata"]["promptTokenCount"] == 10
    assert body["usageMetadata"]["candidatesTokenCount"] == 5
    assert body["usageMetadata"]["totalTokenCount"] == 15
    assert body["modelVersion"] == "gemini-2.5-flash"
    assert openai_server.requests[0].headers["x-goog-api-key"] == "test"


def test_a_tool_reply_holds_function_call_parts_with_an_id_only_when_given(
    openai_server: OpenAIServer,
) -> None:
    openai_server.script(
        gemini_tool_reply(
            ("get_weather", {"city": "Paris"}), ("get_weather", {"city": "Tokyo"}, "c2")
        )
    )
    _, raw = _post(openai_server, "/v1beta/models/gemini-2.5-flash:generateContent")
    candidate = json.loads(raw)["candidates"][0]
    assert candidate["content"]["parts"] == [
        {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}},
        {"functionCall": {"name": "get_weather", "args": {"city": "Tokyo"}, "id": "c2"}},
    ]
    assert candidate["finishReason"] == "STOP"  # as the API says for a turn of calls too


def test_a_streamed_reply_is_server_sent_chunks_the_last_with_the_finish_and_usage(
    openai_server: OpenAIServer,
) -> None:
    openai_server.gemini = lambda body, streamed: gemini_reply(
        "Paris is sunny.", usage=(61, 34), stream=streamed
    )
    path = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    kind, raw = _post(openai_server, path)
    chunks = _events(raw)
    assert kind == "text/event-stream"
    texts = [c["candidates"][0]["content"]["parts"][0]["text"] for c in chunks]
    assert "".join(texts) == "Paris is sunny." and len(texts) == 2
    assert "finishReason" not in chunks[0]["candidates"][0]
    assert "candidatesTokenCount" not in chunks[0]["usageMetadata"]
    assert chunks[-1]["candidates"][0]["finishReason"] == "STOP"
    assert chunks[-1]["usageMetadata"]["candidatesTokenCount"] == 34


def test_a_streamed_tool_reply_sends_the_calls_whole_in_one_chunk(
    openai_server: OpenAIServer,
) -> None:
    openai_server.script(gemini_tool_reply(("get_weather", {"city": "Paris"}), stream=True))
    path = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    chunks = _events(_post(openai_server, path)[1])
    assert [c["candidates"][0]["content"]["parts"] for c in chunks] == [
        [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]
    ]


def test_the_gemini_handler_gets_the_body_and_whether_it_streams(
    openai_server: OpenAIServer,
) -> None:
    seen: list[tuple[Any, bool]] = []

    def gemini(body: Any, streamed: bool) -> Reply:
        seen.append((body, streamed))
        return gemini_reply("hello", stream=streamed)

    openai_server.gemini = gemini
    openai_server.handler = lambda body: chat_reply("not for Gemini")
    _post(openai_server, "/v1/models/gemini-2.5-flash:generateContent")
    _post(openai_server, "/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse")
    assert seen == [(ASK, False), (ASK, True)]


# Bedrock's Converse API

CONVERSE = {"messages": [{"role": "user", "content": [{"text": "What is the weather in Paris?"}]}]}
MODEL_PATH = "/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0"


def _frames(raw: bytes) -> list[tuple[dict[str, str], Any]]:
    """The messages of an AWS event stream, read as AWS's format defines them (both CRC32
    checksums checked): each message's string headers and its JSON payload."""
    frames: list[tuple[dict[str, str], Any]] = []
    while raw:
        total, header_length = struct.unpack(">II", raw[:8])
        assert struct.unpack(">I", raw[8:12])[0] == zlib.crc32(raw[:8]), "prelude CRC"
        assert struct.unpack(">I", raw[total - 4 : total])[0] == zlib.crc32(raw[: total - 4])
        headers, at = {}, 12
        while at < 12 + header_length:
            name_length = raw[at]
            name = raw[at + 1 : at + 1 + name_length].decode()
            at += 1 + name_length
            assert raw[at] == 7, "a string header"
            (value_length,) = struct.unpack(">H", raw[at + 1 : at + 3])
            headers[name] = raw[at + 3 : at + 3 + value_length].decode()
            at += 3 + value_length
        frames.append((headers, json.loads(raw[12 + header_length : total - 4])))
        raw = raw[total:]
    return frames


def test_converse_is_answered_with_a_converse_response_by_default(
    openai_server: OpenAIServer,
) -> None:
    kind, raw = _post(openai_server, MODEL_PATH + "/converse", CONVERSE)
    assert kind == "application/json"
    assert json.loads(raw) == {
        "output": {"message": {"role": "assistant", "content": [{"text": "ok"}]}},
        "stopReason": "end_turn",
        "usage": {"inputTokens": 10, "outputTokens": 5, "totalTokens": 15},
        "metrics": {"latencyMs": 120},
    }
    assert model_id(openai_server.requests[0].path) == "us.anthropic.claude-sonnet-4-20250514-v1:0"


def test_a_converse_tool_reply_holds_tool_use_blocks_after_the_text_and_stops_for_them(
    openai_server: OpenAIServer,
) -> None:
    openai_server.bedrock = lambda body, streamed: converse_reply(
        None, calls=[("tooluse_w1", "get_weather", {"city": "Paris"})], usage=(61, 34)
    )
    body = json.loads(_post(openai_server, MODEL_PATH + "/converse", CONVERSE)[1])
    assert body["output"]["message"]["content"] == [
        {"toolUse": {"toolUseId": "tooluse_w1", "name": "get_weather", "input": {"city": "Paris"}}}
    ]
    assert body["stopReason"] == "tool_use"
    assert body["usage"] == {"inputTokens": 61, "outputTokens": 34, "totalTokens": 95}


def test_converse_stream_is_an_event_stream_of_the_reply_block_by_block(
    openai_server: OpenAIServer,
) -> None:
    openai_server.bedrock = lambda body, streamed: converse_reply(
        "Sunny.", calls=[("tooluse_w1", "get_weather", {"city": "Paris"})], stream=streamed
    )
    kind, raw = _post(openai_server, MODEL_PATH + "/converse-stream", CONVERSE)
    frames = _frames(raw)
    assert kind == EVENT_STREAM
    assert all(h[":message-type"] == "event" for h, _ in frames)
    assert all(h[":content-type"] == "application/json" for h, _ in frames)
    types = [h[":event-type"] for h, _ in frames]
    assert types == [
        "messageStart",
        *["contentBlockDelta"] * 2,
        "contentBlockStop",  # a text block has no contentBlockStart
        "contentBlockStart",
        *["contentBlockDelta"] * 2,
        "contentBlockStop",
        "messageStop",
        "metadata",
    ]
    payloads = [p for _, p in frames]
    assert "".join(p["delta"]["text"] for p in payloads[1:3]) == "Sunny."
    assert payloads[4] == {
        "contentBlockIndex": 1,
        "start": {"toolUse": {"toolUseId": "tooluse_w1", "name": "get_weather"}},
    }
    arguments = "".join(p["delta"]["toolUse"]["input"] for p in payloads[5:7])
    assert json.loads(arguments) == {"city": "Paris"}
    assert payloads[-2] == {"stopReason": "tool_use"}
    assert payloads[-1]["usage"] == {"inputTokens": 10, "outputTokens": 5, "totalTokens": 15}


def test_a_converse_reply_with_reasoning_starts_with_its_reasoning_block(
    openai_server: OpenAIServer,
) -> None:
    # Claude's extended thinking on Bedrock: reasoningContent first, streamed as text pieces
    # then the signature
    openai_server.bedrock = lambda body, streamed: converse_reply(
        "Sunny.", reasoning=("Think.", "sig"), stream=streamed
    )
    body = json.loads(_post(openai_server, MODEL_PATH + "/converse", CONVERSE)[1])
    assert body["output"]["message"]["content"] == [
        {"reasoningContent": {"reasoningText": {"text": "Think.", "signature": "sig"}}},
        {"text": "Sunny."},
    ]
    frames = _frames(_post(openai_server, MODEL_PATH + "/converse-stream", CONVERSE)[1])
    deltas = [p["delta"] for h, p in frames if h[":event-type"] == "contentBlockDelta"]
    assert deltas[:3] == [
        {"reasoningContent": {"text": "Thi"}},
        {"reasoningContent": {"text": "nk."}},
        {"reasoningContent": {"signature": "sig"}},
    ]
    assert "".join(d["text"] for d in deltas[3:]) == "Sunny."


def test_the_bedrock_handler_gets_the_body_and_whether_it_streams(
    openai_server: OpenAIServer,
) -> None:
    seen: list[tuple[Any, bool]] = []

    def bedrock(body: Any, streamed: bool) -> Reply:
        seen.append((body, streamed))
        return converse_reply("hello", stream=streamed)

    openai_server.bedrock = bedrock
    openai_server.handler = lambda body: chat_reply("not for Bedrock")
    _post(openai_server, MODEL_PATH + "/converse", CONVERSE)
    _post(openai_server, MODEL_PATH + "/converse-stream", CONVERSE)
    assert seen == [(CONVERSE, False), (CONVERSE, True)]


def test_another_bedrock_operation_or_a_broken_handler_answers_an_aws_error(
    openai_server: OpenAIServer,
) -> None:
    def broken(body: Any, streamed: bool) -> Reply:
        raise RuntimeError("no script")

    openai_server.bedrock = broken
    for path, status, kind in [
        (MODEL_PATH + "/count-tokens", 404, "UnknownOperationException"),
        (MODEL_PATH + "/converse", 500, "InternalServerException"),
    ]:
        try:
            _post(openai_server, path, CONVERSE)
        except urllib.error.HTTPError as failure:
            assert failure.code == status
            assert failure.headers["x-amzn-ErrorType"] == kind
            assert "message" in json.loads(failure.read())
        else:
            raise AssertionError(f"{path} answered 200")


# Bedrock's InvokeModel API: the model's own body (Claude's Messages API, Nova's Converse-like)

CLAUDE_INVOKE = {
    "anthropic_version": ANTHROPIC_VERSION,
    "max_tokens": 512,
    "messages": [{"role": "user", "content": "What is the weather in Paris?"}],
}
NOVA_INVOKE = {"schemaVersion": "messages-v1", **CONVERSE}


def _post_headers(server: OpenAIServer, path: str, body: Any) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(
        server.url + path, data=json.dumps(body).encode(), headers={"Accept": "*/*"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return dict(response.headers.items()), response.read()


def test_invoke_answers_a_claude_body_with_a_messages_api_message_and_the_token_headers(
    openai_server: OpenAIServer,
) -> None:
    headers, raw = _post_headers(openai_server, MODEL_PATH + "/invoke", CLAUDE_INVOKE)
    body = json.loads(raw)
    assert body["type"] == "message"
    assert body["role"] == "assistant"
    assert body["content"] == [{"type": "text", "text": "ok"}]
    assert body["stop_reason"] == "end_turn"
    assert body["usage"]["input_tokens"] == 10
    assert body["usage"]["output_tokens"] == 5
    assert headers["X-Amzn-Bedrock-Input-Token-Count"] == "10"
    assert headers["X-Amzn-Bedrock-Output-Token-Count"] == "5"
    assert "X-Amzn-Bedrock-Invocation-Latency" in headers


def test_the_invoke_handler_gets_the_model_the_body_and_whether_it_streams(
    openai_server: OpenAIServer,
) -> None:
    seen: list[tuple[str, Any, bool]] = []

    def invoke(model: str, body: Any, streamed: bool) -> Reply:
        seen.append((model, body, streamed))
        calls = [("toolu_w1", "get_weather", {"city": "Paris"})]
        reply = anthropic_invoke_reply("Let me look.", calls=calls, usage=(61, 34))
        return invoke_stream(_as_events(reply.body)) if streamed else reply

    openai_server.bedrock_invoke = invoke
    openai_server.bedrock = lambda body, streamed: converse_reply("not for InvokeModel")
    body = json.loads(_post(openai_server, MODEL_PATH + "/invoke", CLAUDE_INVOKE)[1])
    assert body["content"][1] == {
        "type": "tool_use",
        "id": "toolu_w1",
        "name": "get_weather",
        "input": {"city": "Paris"},
    }
    assert body["stop_reason"] == "tool_use"
    _post(openai_server, MODEL_PATH + "/invoke-with-response-stream", CLAUDE_INVOKE)
    model = "us.anthropic.claude-sonnet-4-20250514-v1:0"
    assert seen == [(model, CLAUDE_INVOKE, False), (model, CLAUDE_INVOKE, True)]


def _as_events(message: dict[str, Any]) -> Reply:
    """`message` as the Messages API streams it (one delta per block), server-sent events."""
    events: list[dict[str, Any]] = [
        {"type": "message_start", "message": {**message, "content": []}},
        {"type": "ping"},
    ]
    for index, block in enumerate(message["content"]):
        events.append({"type": "content_block_start", "index": index, "content_block": block})
        events.append({"type": "content_block_stop", "index": index})
    usage = {"output_tokens": message["usage"]["output_tokens"]}
    events.append({"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": usage})
    events.append({"type": "message_stop"})
    sse = [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events]
    return Reply(200, events=sse)


def test_invoke_with_response_stream_sends_each_claude_event_base64_in_a_chunk(
    openai_server: OpenAIServer,
) -> None:
    path = MODEL_PATH + "/invoke-with-response-stream"
    kind, raw = _post(openai_server, path, CLAUDE_INVOKE)
    frames = _frames(raw)
    assert kind == EVENT_STREAM
    assert {h[":event-type"] for h, _ in frames} == {"chunk"}
    events = [json.loads(base64.b64decode(p["bytes"])) for _, p in frames]
    assert [e["type"] for e in events] == [
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
    ]
    assert events[2]["delta"] == {"type": "text_delta", "text": "ok"}
    assert events[-1]["amazon-bedrock-invocationMetrics"]["inputTokenCount"] == 10
    assert events[-1]["amazon-bedrock-invocationMetrics"]["outputTokenCount"] == 5


def test_invoke_answers_a_nova_body_with_a_converse_shaped_reply(
    openai_server: OpenAIServer,
) -> None:
    headers, raw = _post_headers(openai_server, MODEL_PATH + "/invoke", NOVA_INVOKE)
    assert json.loads(raw) == {
        "output": {"message": {"role": "assistant", "content": [{"text": "ok"}]}},
        "stopReason": "end_turn",
        "usage": {"inputTokens": 10, "outputTokens": 5, "totalTokens": 15},
    }
    assert headers["X-Amzn-Bedrock-Output-Token-Count"] == "5"


def test_invoke_with_response_stream_sends_novas_converse_events_as_json_chunks(
    openai_server: OpenAIServer,
) -> None:
    def invoke(model: str, body: Any, streamed: bool) -> Reply:
        calls = [("tooluse_w1", "get_weather", {"city": "Paris"})]
        return nova_invoke_reply(None, calls=calls, usage=(61, 34), stream=streamed)

    openai_server.bedrock_invoke = invoke
    kind, raw = _post(openai_server, MODEL_PATH + "/invoke-with-response-stream", NOVA_INVOKE)
    frames = _frames(raw)
    assert kind == EVENT_STREAM
    assert {h[":event-type"] for h, _ in frames} == {"chunk"}
    events = [json.loads(base64.b64decode(p["bytes"])) for _, p in frames]
    assert [next(iter(e)) for e in events] == [
        "messageStart",
        "contentBlockStart",
        "contentBlockDelta",
        "contentBlockDelta",
        "contentBlockStop",
        "messageStop",
        "metadata",
    ]
    start = events[1]["contentBlockStart"]["start"]["toolUse"]
    assert start == {"toolUseId": "tooluse_w1", "name": "get_weather"}
    pieces = [e["contentBlockDelta"]["delta"]["toolUse"]["input"] for e in events[2:4]]
    assert json.loads("".join(pieces)) == {"city": "Paris"}
    assert events[5] == {"messageStop": {"stopReason": "tool_use"}}
    assert events[6]["metadata"]["usage"] == {
        "inputTokens": 61,
        "outputTokens": 34,
        "totalTokens": 95,
    }
    assert events[6]["amazon-bedrock-invocationMetrics"]["outputTokenCount"] == 34


def test_an_unknown_invoke_body_or_a_broken_invoke_handler_answers_an_aws_error(
    openai_server: OpenAIServer,
) -> None:
    for body, status, kind in [
        ({"prompt": "hi"}, 400, "ValidationException"),
        (CLAUDE_INVOKE, 500, "InternalServerException"),
    ]:
        if status == 500:
            openai_server.bedrock_invoke = lambda model, body, streamed: {}["no script"]
        try:
            _post(openai_server, MODEL_PATH + "/invoke", body)
        except urllib.error.HTTPError as failure:
            assert failure.code == status
            assert failure.headers["x-amzn-ErrorType"] == kind
        else:
            raise AssertionError(f"{body} answered 200")


OLLAMA_ASK = {
    "model": "llama3.2",
    "messages": [{"role": "user", "content": "What is the weather in Paris?"}],
    "stream": False,
}


def _lines(raw: bytes) -> list[dict[str, Any]]:
    """The JSON of each line of an NDJSON body."""
    return [json.loads(line) for line in raw.splitlines() if line.strip()]


def test_ollama_chat_is_answered_in_ollamas_shape_by_default(
    openai_server: OpenAIServer,
) -> None:
    openai_server.handler = lambda body: chat_reply("not for Ollama")
    kind, raw = _post(openai_server, "/api/chat", OLLAMA_ASK)
    body = json.loads(raw)
    assert kind == "application/json"
    assert body["message"] == {"role": "assistant", "content": "ok"}
    assert body["done"] is True and body["done_reason"] == "stop"
    assert (body["prompt_eval_count"], body["eval_count"]) == (10, 5)
    assert body["model"] == "llama3.2" and "choices" not in body


def test_an_ollama_tool_reply_holds_calls_with_object_arguments_and_no_ids(
    openai_server: OpenAIServer,
) -> None:
    openai_server.script(ollama_tool_reply(("get_weather", {"city": "Paris"}), usage=(61, 34)))
    message = json.loads(_post(openai_server, "/api/chat", OLLAMA_ASK)[1])["message"]
    assert message == {
        "role": "assistant",
        "content": "",
        "tool_calls": [{"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}],
    }


def test_an_ollama_request_without_stream_false_streams_ndjson_lines(
    openai_server: OpenAIServer,
) -> None:
    openai_server.ollama = lambda body, streamed: ollama_reply(
        "Paris is sunny.", usage=(61, 34), stream=streamed
    )
    kind, raw = _post(openai_server, "/api/chat", {**OLLAMA_ASK, "stream": True})
    lines = _lines(raw)
    assert kind == "application/x-ndjson"
    assert "".join(line["message"]["content"] for line in lines) == "Paris is sunny."
    assert [line["done"] for line in lines] == [False, False, True]
    assert "eval_count" not in lines[0]
    assert (lines[-1]["prompt_eval_count"], lines[-1]["eval_count"]) == (61, 34)
    without = {k: v for k, v in OLLAMA_ASK.items() if k != "stream"}
    assert _post(openai_server, "/api/chat", without)[0] == "application/x-ndjson"


def test_a_streamed_ollama_tool_reply_sends_the_calls_whole_in_one_line(
    openai_server: OpenAIServer,
) -> None:
    openai_server.script(ollama_tool_reply(("get_weather", {"city": "Paris"}), stream=True))
    lines = _lines(_post(openai_server, "/api/chat", {**OLLAMA_ASK, "stream": True})[1])
    assert [line["message"].get("tool_calls") for line in lines] == [
        [{"function": {"name": "get_weather", "arguments": {"city": "Paris"}}}],
        None,
    ]


def test_the_ollama_weather_script_calls_then_answers_by_turn_naming_the_asked_model(
    openai_server: OpenAIServer,
) -> None:
    openai_server.ollama = weather_script("Both done.", [(61, 34), (118, 21)])
    first = json.loads(_post(openai_server, "/api/chat", OLLAMA_ASK)[1])
    cities = [c["function"]["arguments"]["city"] for c in first["message"]["tool_calls"]]
    assert cities == ["Paris", "Tokyo"] and first["eval_count"] == 34
    history = [
        *OLLAMA_ASK["messages"],
        first["message"],
        {"role": "tool", "content": "sunny, 22 C", "tool_name": "get_weather"},
        {"role": "tool", "content": "rain, 17 C", "tool_name": "get_weather"},
    ]
    second = json.loads(
        _post(openai_server, "/api/chat", {**OLLAMA_ASK, "model": "qwen3", "messages": history})[1]
    )
    assert second["message"] == {"role": "assistant", "content": "Both done."}
    assert (second["prompt_eval_count"], second["model"]) == (118, "qwen3")


def test_the_ollama_weather_script_thinks_when_the_request_asks(
    openai_server: OpenAIServer,
) -> None:
    # a thinking model asked with "think": true writes message.thinking beside the content
    openai_server.ollama = weather_script("Done.", [(61, 34)], thoughts=["Hm.", "Both in."])
    plain = json.loads(_post(openai_server, "/api/chat", OLLAMA_ASK)[1])
    assert "thinking" not in plain["message"]
    asked = json.loads(_post(openai_server, "/api/chat", {**OLLAMA_ASK, "think": True})[1])
    assert asked["message"]["thinking"] == "Hm." and asked["message"]["content"] == ""
    lines = _lines(
        _post(openai_server, "/api/chat", {**OLLAMA_ASK, "think": True, "stream": True})[1]
    )
    assert "".join(line["message"].get("thinking", "") for line in lines) == "Hm."


def test_ollama_show_gives_the_context_length_and_other_api_paths_404(
    openai_server: OpenAIServer,
) -> None:
    _, raw = _post(openai_server, "/api/show", {"model": "llama3.2"})
    assert json.loads(raw)["modelinfo"]["llama.context_length"] == 131072
    try:
        _post(openai_server, "/api/pull", {"model": "llama3.2"})
    except urllib.error.HTTPError as error:
        assert error.code == 404 and "error" in json.loads(error.read())
    else:
        raise AssertionError("an unknown Ollama path was answered")


COHERE_ASK = {
    "model": "command-a-03-2025",
    "messages": [{"role": "user", "content": "What is the weather in Paris?"}],
}


def _named_events(raw: bytes) -> list[tuple[str, dict[str, Any]]]:
    """Each server-sent event of a body as (its ``event:`` name, its ``data:`` JSON)."""
    out = []
    for block in raw.decode().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "data" in lines:
            out.append((lines.get("event", ""), json.loads(lines["data"])))
    return out


def test_cohere_v2_chat_is_answered_in_cohere_shape_by_default(
    openai_server: OpenAIServer,
) -> None:
    openai_server.handler = lambda body: chat_reply("not for Cohere")
    kind, raw = _post(openai_server, "/v2/chat", COHERE_ASK)
    body = json.loads(raw)
    assert kind == "application/json"
    assert body["message"] == {"role": "assistant", "content": [{"type": "text", "text": "ok"}]}
    assert body["finish_reason"] == "COMPLETE" and "model" not in body and "choices" not in body
    assert body["usage"]["billed_units"] == {"input_tokens": 10, "output_tokens": 5}
    assert body["usage"]["tokens"]["input_tokens"] > 10  # the prompt template counted too


def test_a_cohere_tool_reply_holds_its_plan_and_calls_with_json_arguments(
    openai_server: OpenAIServer,
) -> None:
    call = ("get_weather", {"city": "Paris"}, "get_weather_p7k2m9x4q1zd")
    openai_server.script(cohere_tool_reply(call, plan="I will look it up."))
    body = json.loads(_post(openai_server, "/v2/chat", COHERE_ASK)[1])
    assert body["finish_reason"] == "TOOL_CALL"
    assert body["message"] == {
        "role": "assistant",
        "tool_plan": "I will look it up.",
        "tool_calls": [
            {
                "id": "get_weather_p7k2m9x4q1zd",
                "type": "function",
                "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
            }
        ],
    }


def test_a_streamed_cohere_reply_is_named_events_from_message_start_to_message_end(
    openai_server: OpenAIServer,
) -> None:
    openai_server.cohere = lambda body, streamed: cohere_reply(
        "Paris is sunny.", usage=(61, 34), stream=streamed
    )
    kind, raw = _post(openai_server, "/v2/chat", {**COHERE_ASK, "stream": True})
    events = _named_events(raw)
    assert kind == "text/event-stream"
    assert all(name == data["type"] for name, data in events)
    assert [name for name, _ in events] == [
        "message-start",
        "content-start",
        "content-delta",
        "content-delta",
        "content-end",
        "message-end",
    ]
    text = "".join(
        d["delta"]["message"]["content"]["text"] for n, d in events if n == "content-delta"
    )
    assert text == "Paris is sunny."
    end = events[-1][1]["delta"]
    assert end["finish_reason"] == "COMPLETE"
    assert end["usage"]["billed_units"] == {"input_tokens": 61, "output_tokens": 34}


def test_a_streamed_cohere_tool_turn_sends_the_plan_then_each_calls_arguments_in_pieces(
    openai_server: OpenAIServer,
) -> None:
    openai_server.cohere = cohere_weather_script("Both done.", [(61, 34), (118, 21)])
    events = _named_events(_post(openai_server, "/v2/chat", {**COHERE_ASK, "stream": True})[1])
    plan = "".join(d["delta"]["message"]["tool_plan"] for n, d in events if n == "tool-plan-delta")
    assert plan == "I will look up the weather in Paris and in Tokyo."
    starts = [d for n, d in events if n == "tool-call-start"]
    assert [d["delta"]["message"]["tool_calls"]["id"] for d in starts] == [
        "get_weather_p7k2m9x4q1zd",
        "get_weather_t3n8c5w0v6rb",
    ]
    first = "".join(
        d["delta"]["message"]["tool_calls"]["function"]["arguments"]
        for n, d in events
        if n == "tool-call-delta" and d["index"] == 0
    )
    assert json.loads(first) == {"city": "Paris"}
    assert events[-1][1]["delta"]["finish_reason"] == "TOOL_CALL"


def test_the_cohere_weather_script_answers_once_the_history_holds_the_turn(
    openai_server: OpenAIServer,
) -> None:
    openai_server.cohere = cohere_weather_script("Both done.", [(61, 34), (118, 21)])
    first = json.loads(_post(openai_server, "/v2/chat", COHERE_ASK)[1])
    history = [
        *COHERE_ASK["messages"],
        {"role": "assistant", **{k: v for k, v in first["message"].items() if k != "role"}},
        {"role": "tool", "tool_call_id": "get_weather_p7k2m9x4q1zd", "content": "sunny"},
        {"role": "tool", "tool_call_id": "get_weather_t3n8c5w0v6rb", "content": "rain"},
    ]
    second = json.loads(_post(openai_server, "/v2/chat", {**COHERE_ASK, "messages": history})[1])
    assert second["message"]["content"] == [{"type": "text", "text": "Both done."}]
    assert second["usage"]["billed_units"] == {"input_tokens": 118, "output_tokens": 21}


def test_a_broken_cohere_handler_answers_500_in_cohere_error_shape(
    openai_server: OpenAIServer,
) -> None:
    def broken(body: Any, streamed: bool) -> Reply:
        raise RuntimeError("no script")

    openai_server.cohere = broken
    try:
        _post(openai_server, "/v2/chat", COHERE_ASK)
    except urllib.error.HTTPError as error:
        assert error.code == 500 and "no script" in json.loads(error.read())["message"]
    else:
        raise AssertionError("a broken Cohere handler was answered")


MISTRAL_ASK = {
    "model": "mistral-small-latest",
    "messages": [{"role": "user", "content": "What is the weather in Paris and in Tokyo?"}],
    "tool_choice": "any",
}


def test_the_mistral_script_calls_with_nine_character_ids_naming_the_asked_model(
    openai_server: OpenAIServer,
) -> None:
    openai_server.handler = mistral_weather_script("Both done.", [(61, 34), (118, 21)])
    body = json.loads(_post(openai_server, "/v1/chat/completions", MISTRAL_ASK)[1])
    [choice] = body["choices"]
    calls = choice["message"]["tool_calls"]
    assert [(c["id"], c["index"]) for c in calls] == [("Wp4nR7kQ2", 0), ("Tk9vB3xM8", 1)]
    assert all(len(c["id"]) == 9 and c["id"].isalnum() for c in calls)
    assert choice["message"]["content"] == "" and choice["finish_reason"] == "tool_calls"
    assert body["model"] == "mistral-small-latest" and body["usage"]["prompt_tokens"] == 61


def test_a_streamed_mistral_reply_ends_on_one_chunk_with_the_calls_finish_and_usage(
    openai_server: OpenAIServer,
) -> None:
    openai_server.handler = mistral_weather_script("Both done.", [(61, 34), (118, 21)])
    kind, raw = _post(openai_server, "/v1/chat/completions", {**MISTRAL_ASK, "stream": True})
    assert kind == "text/event-stream" and raw.endswith(b"data: [DONE]\n\n")
    chunks = [
        json.loads(line[len(b"data: ") :])
        for line in raw.split(b"\n")
        if line.startswith(b"data: {")
    ]
    last = chunks[-1]
    assert last["choices"][0]["finish_reason"] == "tool_calls"
    assert [c["id"] for c in last["choices"][0]["delta"]["tool_calls"]] == [
        "Wp4nR7kQ2",
        "Tk9vB3xM8",
    ]
    assert last["usage"]["total_tokens"] == 95
    assert all("usage" not in c for c in chunks[:-1])

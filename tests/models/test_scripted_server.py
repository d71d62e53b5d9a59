"""The scripted test server's Gemini API (``tests/helpers/openai_server.py``), over real HTTP:
what google-genai posts (``models/<model>:generateContent``, ``:streamGenerateContent?alt=sse``)
is answered in the Gemini API's shapes."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.helpers.openai_server import (
    OpenAIServer,
    Reply,
    chat_reply,
    gemini_reply,
    gemini_tool_reply,
)

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

"""The scripted weather conversation in Anthropic's Messages API format (``POST /v1/messages``).

Used by ``validation/framework_traces.py`` (and the Node generator) to answer agents that run on
an Anthropic model through their framework's Anthropic provider, pointed at the local scripted
server. The conversation is the generator's (`framework_traces.SYSTEM`, ``USER``...), as Claude
writes it:

- turn 1: a short text (`PREAMBLE`), then two ``tool_use`` blocks in one turn (``get_weather``
  for Paris, id ``toolu_w1``, and for Tokyo, id ``toolu_w2``), ``stop_reason: tool_use``;
- the tool results come back as ``tool_result`` blocks inside a ``user`` message;
- turn 2: the answer as one ``text`` block, ``stop_reason: end_turn``;
- a request that marks a cache breakpoint (``cache_control`` anywhere in it) gets `CACHED` of
  its prompt tokens as ``cache_creation_input_tokens`` on turn 1 and as
  ``cache_read_input_tokens`` on turn 2, ``input_tokens`` the rest (11 and 68): the prompt is
  still 61 and 118 tokens;
- a request that enables extended thinking gets a ``thinking`` block (`THINKING`, with a
  ``signature``) before each turn's other blocks;
- `error_script` is the same conversation with a tool that fails on a misspelt city: turn 1
  asks for Paris and ``Tokio`` (``toolu_e1``), turn 2 for Tokyo again (``toolu_w2``), turn 3
  answers;
- `web_search_script` answers a request declaring Anthropic's server tool ``web_search`` in
  one turn, as the API answers it when it runs the search itself: a text, a
  ``server_tool_use`` block (``web_search``, `WEB_SEARCH_QUERY`), its
  ``web_search_tool_result`` block (`WEB_SEARCH_RESULTS`), then the answer as text blocks, the
  cited one with a ``web_search_result_location`` citation; ``stop_reason: end_turn``, the
  usage with ``server_tool_use.web_search_requests: 1`` (not streamed);
- every reply names the model `RESPONSE_MODEL` (the agents ask for `REQUEST_MODEL`); the usage is
  ``input_tokens``/``output_tokens`` with both cache counts 0, as the API reports them.

A request with ``stream: true`` gets the same turn as the API's server-sent events:
``message_start`` (the message with no content, the input usage and ``output_tokens: 1``),
``ping``, per block ``content_block_start`` / ``content_block_delta`` (``text_delta`` in two
halves, ``thinking_delta`` in two halves then one ``signature_delta``, or ``input_json_delta``
in two halves of the input's JSON) / ``content_block_stop``,
then ``message_delta`` (``stop_reason`` and the whole cumulative usage, input and cache counts
included, as the API now sends it) and ``message_stop``.

`RoutedServer` is the scripted server with a second handler for ``/v1/messages``: it answers
by request path, Anthropic's format there and the OpenAI-format handler elsewhere.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))

from openai_server import OpenAIServer, Received, Reply, assistant_turns  # noqa: E402  (stdlib-only helper)

REQUEST_MODEL = "claude-sonnet-4-5"
RESPONSE_MODEL = "claude-sonnet-4-5-20250929"
CALLS = [("toolu_w1", "Paris"), ("toolu_w2", "Tokyo")]
PREAMBLE = "I'll look up the weather in both cities."
MESSAGE_IDS = ["msg_01weather1", "msg_01weather2", "msg_01weather3"]
THINKING = [
    "Two cities: I call get_weather for Paris and for Tokyo.",
    "Both results are in: I summarise them.",
]
"""What the model thinks before each turn when the request enables extended thinking."""
SIGNATURE = "EqQBCkYIBxgCKkBfourfoldScriptedSignature"
CACHED = 50
"""The prompt tokens a request that marks a cache breakpoint (``cache_control``) writes to the
cache on turn 1 and reads from it on later turns: part of the turn's prompt, not added to it."""

AnthropicHandler = Callable[[Any], Reply]


def _usage(usage: tuple[int, int], cache: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    """The API's usage object; `cache` is (written, read) prompt tokens, which the API counts
    apart from ``input_tokens`` (the prompt is their sum)."""
    return {
        "input_tokens": usage[0] - sum(cache),
        "cache_creation_input_tokens": cache[0],
        "cache_read_input_tokens": cache[1],
        "output_tokens": usage[1],
        "service_tier": "standard",
    }


def _blocks(
    text: str | None, calls: list[tuple[str, str, dict[str, Any]]], thinking: str | None = None
) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    if thinking is not None:
        blocks.append({"type": "thinking", "thinking": thinking, "signature": SIGNATURE})
    if text is not None:
        blocks.append({"type": "text", "text": text})
    for call_id, name, arguments in calls:
        blocks.append({"type": "tool_use", "id": call_id, "name": name, "input": arguments})
    return blocks


def _event(kind: str, data: dict[str, Any]) -> bytes:
    return f"event: {kind}\ndata: {json.dumps({'type': kind, **data})}\n\n".encode()


def _halves(text: str) -> list[str]:
    return [text[: len(text) // 2], text[len(text) // 2 :]]


def messages_reply(
    text: str | None,
    calls: list[tuple[str, str, dict[str, Any]]],
    usage: tuple[int, int],
    *,
    stream: bool,
    message_id: str = "msg_01weather",
    model: str = RESPONSE_MODEL,
    thinking: str | None = None,
    cache: tuple[int, int] = (0, 0),
) -> Reply:
    """One assistant turn as the Messages API answers it: a ``thinking`` block when `thinking`
    is given, `text`, then a ``tool_use`` block per (id, name, input) call; streamed as the API's
    events when `stream`."""
    stop_reason = "tool_use" if calls else "end_turn"
    blocks = _blocks(text, calls, thinking)
    message = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": _usage(usage, cache),
    }
    if not stream:
        return Reply(200, message)
    start = {**message, "content": [], "stop_reason": None, "usage": _usage((usage[0], 1), cache)}
    events = [_event("message_start", {"message": start}), _event("ping", {})]
    for index, block in enumerate(blocks):
        if block["type"] == "text":
            empty: dict[str, Any] = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": part} for part in _halves(block["text"])]
        elif block["type"] == "thinking":
            empty = {"type": "thinking", "thinking": "", "signature": ""}
            deltas = [
                {"type": "thinking_delta", "thinking": part} for part in _halves(block["thinking"])
            ]
            deltas.append({"type": "signature_delta", "signature": block["signature"]})
        else:
            empty = {**block, "input": {}}
            deltas = [
                {"type": "input_json_delta", "partial_json": part}
                for part in _halves(json.dumps(block["input"]))
            ]
        events.append(_event("content_block_start", {"index": index, "content_block": empty}))
        events += [_event("content_block_delta", {"index": index, "delta": d}) for d in deltas]
        events.append(_event("content_block_stop", {"index": index}))
    events.append(
        _event(
            "message_delta",
            {
                "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                # the API's message_delta usage is cumulative and whole (input and cache counts
                # too); clients that read the usage from it alone (langchain-anthropic) need them
                "usage": {k: v for k, v in _usage(usage, cache).items() if k != "service_tier"},
            },
        )
    )
    events.append(_event("message_stop", {}))
    return Reply(200, headers={"Content-Type": "text/event-stream"}, events=events)


def _tool_name(body: dict[str, Any], wanted: str) -> str:
    """The name the framework gave the tool `wanted` in the request's ``tools``."""
    for spec in body.get("tools") or []:
        name = str(spec.get("name") or "")
        if name == wanted or name.endswith(wanted):
            return name
    return wanted


def _thinks(body: dict[str, Any]) -> bool:
    """Whether the request enables extended thinking (``thinking: {type: enabled, ...}``)."""
    thinking = body.get("thinking")
    return isinstance(thinking, dict) and thinking.get("type") in ("enabled", "adaptive")


def weather_script(answer: str, usages: list[tuple[int, int]]) -> AnthropicHandler:
    """The weather conversation: `PREAMBLE` and the two ``get_weather`` calls, then `answer`;
    turn n's usage is ``usages[n]``; a request that enables extended thinking gets turn n's
    `THINKING` as a ``thinking`` block (with a signature) first."""

    def handler(body: Any) -> Reply:
        turn = assistant_turns(body)
        stream = bool(body.get("stream"))
        usage = usages[min(turn, len(usages) - 1)]
        message_id = MESSAGE_IDS[min(turn, len(MESSAGE_IDS) - 1)]
        thinking = THINKING[min(turn, len(THINKING) - 1)] if _thinks(body) else None
        # a cache breakpoint: turn 1 writes CACHED prompt tokens, later turns read them
        cache = (
            ((CACHED, 0) if turn == 0 else (0, CACHED)) if "cache_control" in str(body) else (0, 0)
        )
        reply = {"stream": stream, "message_id": message_id, "thinking": thinking, "cache": cache}
        if turn == 0:
            name = _tool_name(body, "get_weather")
            calls = [(cid, name, {"city": city}) for cid, city in CALLS]
            return messages_reply(PREAMBLE, calls, usage, **reply)
        return messages_reply(answer, [], usage, **reply)

    return handler


ERROR_CALLS = [("toolu_w1", "Paris"), ("toolu_e1", "Tokio")]
"""The tool-error run's first turn: Paris, and a misspelt city the tool fails on."""
RETRY_CALL = ("toolu_w2", "Tokyo")
"""Its second turn: the city asked again."""


def error_script(answer: str, usages: list[tuple[int, int]]) -> AnthropicHandler:
    """The weather conversation with a failing tool: turn 1 is `PREAMBLE` and ``get_weather``
    for Paris (``toolu_w1``) and for ``Tokio`` (``toolu_e1``, which the tool fails on); turn 2
    asks again for Tokyo (``toolu_w2``, no text); turn 3 answers `answer`; turn n's usage is
    ``usages[n]``."""

    def handler(body: Any) -> Reply:
        turn = assistant_turns(body)
        stream = bool(body.get("stream"))
        usage = usages[min(turn, len(usages) - 1)]
        message_id = MESSAGE_IDS[min(turn, len(MESSAGE_IDS) - 1)]
        name = _tool_name(body, "get_weather")
        if turn == 0:
            calls = [(cid, name, {"city": city}) for cid, city in ERROR_CALLS]
            return messages_reply(PREAMBLE, calls, usage, stream=stream, message_id=message_id)
        if turn == 1:
            call = [(RETRY_CALL[0], name, {"city": RETRY_CALL[1]})]
            return messages_reply(None, call, usage, stream=stream, message_id=message_id)
        return messages_reply(answer, [], usage, stream=stream, message_id=message_id)

    return handler


WEB_SEARCH_QUESTION = "What is the weather in Paris today?"
WEB_SEARCH_QUERY = "Paris weather today"
WEB_SEARCH_TOOL_ID = "srvtoolu_01search1"
WEB_SEARCH_PREAMBLE = "I'll search for today's weather in Paris."
WEB_SEARCH_RESULTS = [
    ("https://weather.example.com/paris", "Paris weather today", "2 hours ago"),
    ("https://meteo.example.org/fr/paris", "Paris, France: forecast", "1 day ago"),
]
"""The search's results, each (url, title, page_age), as the ``web_search_tool_result`` lists
them (each with an opaque ``encrypted_content``)."""
WEB_SEARCH_CITED = "Paris is sunny today, around 22 C"
WEB_SEARCH_ANSWER = [WEB_SEARCH_CITED, ", with a light breeze in the afternoon."]
"""The answer's text blocks: the first cites the first result (its ``cited_text``), the second
cites nothing."""
WEB_SEARCH_USAGE = (2161, 96)


def web_search_script() -> AnthropicHandler:
    """One turn of Anthropic's server tool ``web_search`` (the API runs the search, no
    ``tool_result`` from the application): `WEB_SEARCH_PREAMBLE`, a ``server_tool_use`` block
    (id `WEB_SEARCH_TOOL_ID`, ``input: {query: WEB_SEARCH_QUERY}``), a
    ``web_search_tool_result`` block answering it (`WEB_SEARCH_RESULTS`), then
    `WEB_SEARCH_ANSWER`'s text blocks, the first with a ``web_search_result_location`` citation
    of the first result; ``stop_reason: end_turn``; the usage `WEB_SEARCH_USAGE` with
    ``server_tool_use: {web_search_requests: 1}``, as the API reports a search."""

    def handler(body: Any) -> Reply:
        results = [
            {
                "type": "web_search_result",
                "url": url,
                "title": title,
                "encrypted_content": f"EqgfCioIARgBIiQ{i}fourfoldScriptedPage",
                "page_age": age,
            }
            for i, (url, title, age) in enumerate(WEB_SEARCH_RESULTS)
        ]
        citation = {
            "type": "web_search_result_location",
            "url": WEB_SEARCH_RESULTS[0][0],
            "title": WEB_SEARCH_RESULTS[0][1],
            "encrypted_index": "EpMBCioIARgBIiQfourfoldScriptedIndex",
            "cited_text": "Today in Paris: sunny, 22 C, light breeze in the afternoon.",
        }
        blocks: list[dict[str, Any]] = [
            {"type": "text", "text": WEB_SEARCH_PREAMBLE},
            {
                "type": "server_tool_use",
                "id": WEB_SEARCH_TOOL_ID,
                "name": "web_search",
                "input": {"query": WEB_SEARCH_QUERY},
            },
            {
                "type": "web_search_tool_result",
                "tool_use_id": WEB_SEARCH_TOOL_ID,
                "content": results,
            },
            {"type": "text", "text": WEB_SEARCH_ANSWER[0], "citations": [citation]},
            {"type": "text", "text": WEB_SEARCH_ANSWER[1]},
        ]
        usage = {**_usage(WEB_SEARCH_USAGE), "server_tool_use": {"web_search_requests": 1}}
        message = {
            "id": "msg_01search1",
            "type": "message",
            "role": "assistant",
            "model": RESPONSE_MODEL,
            "content": blocks,
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": usage,
        }
        return Reply(200, message)

    return handler


class RoutedServer(OpenAIServer):
    """The scripted server answering by request path: ``.../messages`` with `anthropic`
    (Anthropic's Messages API; its query string aside: the anthropic SDK's beta messages post
    to ``/v1/messages?beta=true``), every other path as `OpenAIServer` does."""

    def __init__(self, handler: Callable[[Any], Reply], anthropic: AnthropicHandler) -> None:
        super().__init__(handler)
        self.anthropic = anthropic

    def _reply_for(self, received: Received) -> Reply:
        if received.path.split("?", 1)[0].rstrip("/").endswith("/messages"):
            try:
                return self.anthropic(received.json)
            except Exception as exc:  # noqa: BLE001 - a broken script answers 500, visibly
                error = {"type": "api_error", "message": f"test handler raised {exc!r}"}
                return Reply(500, {"type": "error", "error": error})
        return super()._reply_for(received)

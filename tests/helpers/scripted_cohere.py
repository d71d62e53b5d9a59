"""Cohere's v2 Chat API for the scripted test server (``tests/helpers/openai_server.py``).

What the ``cohere`` Python client's ``ClientV2.chat`` and ``chat_stream`` (and what is built on
them) post to Cohere, answered in Cohere's own shapes rather than OpenAI's:

- ``POST /v2/chat`` with ``{"model", "messages", "tools", "stream", ...}``; ``"stream": true``
  (``chat_stream``) is answered as server-sent events, each ``event: <type>`` and ``data:
  <json>`` with the same ``type`` inside: ``message-start``, then ``tool-plan-delta`` pieces and
  per call ``tool-call-start`` (its id, name and empty arguments), ``tool-call-delta`` pieces
  of the arguments' JSON and ``tool-call-end``, or per text ``content-start``,
  ``content-delta`` pieces and ``content-end``; last ``message-end`` with the finish reason and
  the usage;
- the reply is ``{"id", "finish_reason", "message", "usage"}``: ``finish_reason`` is
  ``TOOL_CALL`` for a turn of calls and ``COMPLETE`` for an answer; ``message`` is ``{"role":
  "assistant", "tool_plan", "tool_calls"}`` for a turn of calls (the model's plan before them,
  as Cohere's models write one, and each call ``{"id", "type": "function", "function": {"name",
  "arguments"}}``, the arguments JSON text, the id Cohere's ``<name>_<random>`` form) or
  ``{"role": "assistant", "content": [{"type": "text", "text"}]}``; a tool's result comes back
  as ``{"role": "tool", "tool_call_id", "content"}``;
- ``usage`` is ``{"billed_units": {"input_tokens", "output_tokens"}, "tokens": {"input_tokens",
  "output_tokens"}}``: the billed counts are the conversation's own, the tokens the model saw
  and wrote, Cohere's prompt template and tool plan included (more); the reply names no
  model.

The server hands every ``/v2/chat`` request to `answer`, with its ``server.cohere`` handler
``(body, streamed) -> Reply`` (default: `cohere_reply` of ``"ok"``); scripted replies
(``server.script``) still come first. `weather_script` is the generator's weather
conversation in this format (``validation/framework_traces.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING or __package__:
    from .openai_server import Received, Reply, assistant_turns
else:  # run from validation/, tests/helpers on the path: the same modules, not a package
    from openai_server import Received, Reply, assistant_turns

__all__ = [
    "CALL_IDS",
    "CITIES",
    "CohereHandler",
    "PLAN",
    "REQUEST_MODEL",
    "TEMPLATE_TOKENS",
    "answer",
    "cohere_reply",
    "cohere_tool_reply",
    "is_cohere",
    "weather_script",
]

REQUEST_MODEL = "command-a-03-2025"
"""The model the generator's runs ask for (Cohere's tool-calling Command A)."""
CITIES = ["Paris", "Tokyo"]
CALL_IDS = ["get_weather_p7k2m9x4q1zd", "get_weather_t3n8c5w0v6rb"]
"""The weather calls' ids, in Cohere's form: the tool's name, ``_``, twelve random characters."""
PLAN = "I will look up the weather in Paris and in Tokyo."
"""The tool plan Cohere's model writes before the weather calls."""
TEMPLATE_TOKENS = (1400, 30)
"""What ``usage.tokens`` counts beyond the billed units: Cohere's prompt template (input) and
the tool plan's and calls' formatting (output)."""
REPLY_ID = "c0e1a5d2-7b3f-4c8e-9a6d-2f4b8e1c3a70"

CohereHandler = Callable[[Any, bool], Reply]
"""Answers a ``/v2/chat`` request from (its JSON body, whether it streams)."""
Call = tuple[str, dict[str, Any], str]
"""A requested tool call: (function name, arguments, id)."""


def _usage(usage: tuple[int, int]) -> dict[str, Any]:
    """Cohere's ``usage``: the billed units `usage`, the tokens with `TEMPLATE_TOKENS` more."""
    tokens = (usage[0] + TEMPLATE_TOKENS[0], usage[1] + TEMPLATE_TOKENS[1])
    return {
        "billed_units": {"input_tokens": usage[0], "output_tokens": usage[1]},
        "tokens": {"input_tokens": tokens[0], "output_tokens": tokens[1]},
    }


def _event(body: dict[str, Any]) -> bytes:
    """One server-sent event of a streamed reply: its type as the event's name too."""
    return f"event: {body['type']}\ndata: {json.dumps(body)}\n\n".encode()


def _halves(text: str) -> list[str]:
    middle = len(text) // 2
    return [text[:middle], text[middle:]]


def cohere_reply(
    text: str | None = "ok",
    *,
    calls: list[Call] | None = None,
    plan: str | None = None,
    usage: tuple[int, int] = (10, 5),
    stream: bool = False,
) -> Reply:
    """A ``/v2/chat`` reply: with `calls` (each (name, arguments, id)) a turn of calls,
    ``finish_reason`` ``TOOL_CALL``, the `plan` as ``tool_plan``; else the `text` as one text
    content item, ``COMPLETE``. `usage` is the billed units (input, output).

    With `stream`, the reply as ``chat_stream`` gets it: server-sent events from
    ``message-start`` to ``message-end``, the plan, each call's arguments and the text each in
    two pieces.

    >>> cohere_reply("hi", usage=(3, 1)).body["message"]
    {'role': 'assistant', 'content': [{'type': 'text', 'text': 'hi'}]}
    >>> call = ("get_weather", {"city": "Paris"}, "get_weather_1")
    >>> body = cohere_reply(None, calls=[call], plan="Look it up.").body
    >>> body["finish_reason"], body["message"]["tool_plan"], body["usage"]["billed_units"]
    ('TOOL_CALL', 'Look it up.', {'input_tokens': 10, 'output_tokens': 5})
    >>> [e.split(b"\\n")[0] for e in cohere_reply("hi", stream=True).events or []]
    ... # doctest: +NORMALIZE_WHITESPACE
    [b'event: message-start', b'event: content-start', b'event: content-delta',
     b'event: content-delta', b'event: content-end', b'event: message-end']
    """
    message: dict[str, Any] = {"role": "assistant"}
    tool_calls = [
        {
            "id": call_id,
            "type": "function",
            "function": {"name": name, "arguments": json.dumps(arguments)},
        }
        for name, arguments, call_id in calls or []
    ]
    if tool_calls:
        if plan is not None:
            message["tool_plan"] = plan
        message["tool_calls"] = tool_calls
    elif text is not None:
        message["content"] = [{"type": "text", "text": text}]
    finish = "TOOL_CALL" if tool_calls else "COMPLETE"
    if not stream:
        body = {"id": REPLY_ID, "finish_reason": finish, "message": message}
        return Reply(200, {**body, "usage": _usage(usage)})
    start = {"role": "assistant", "content": [], "tool_plan": "", "tool_calls": [], "citations": []}
    events = [_event({"id": REPLY_ID, "type": "message-start", "delta": {"message": start}})]
    if tool_calls:
        for piece in _halves(plan) if plan else []:
            events.append(
                _event({"type": "tool-plan-delta", "delta": {"message": {"tool_plan": piece}}})
            )
        for index, call in enumerate(tool_calls):
            function = call["function"]
            opened = {**call, "function": {"name": function["name"], "arguments": ""}}
            events.append(
                _event(
                    {
                        "type": "tool-call-start",
                        "index": index,
                        "delta": {"message": {"tool_calls": opened}},
                    }
                )
            )
            for piece in _halves(function["arguments"]):
                delta = {"message": {"tool_calls": {"function": {"arguments": piece}}}}
                events.append(_event({"type": "tool-call-delta", "index": index, "delta": delta}))
            events.append(_event({"type": "tool-call-end", "index": index}))
    elif text is not None:
        opened = {"message": {"content": {"type": "text", "text": ""}}}
        events.append(_event({"type": "content-start", "index": 0, "delta": opened}))
        for piece in _halves(text):
            delta = {"message": {"content": {"text": piece}}}
            events.append(_event({"type": "content-delta", "index": 0, "delta": delta}))
        events.append(_event({"type": "content-end", "index": 0}))
    end = {"finish_reason": finish, "usage": _usage(usage)}
    events.append(_event({"id": REPLY_ID, "type": "message-end", "delta": end}))
    return Reply(200, headers={"Content-Type": "text/event-stream"}, events=events)


def cohere_tool_reply(
    *calls: Call,
    plan: str | None = None,
    usage: tuple[int, int] = (20, 8),
    stream: bool = False,
) -> Reply:
    """A ``/v2/chat`` reply calling tools, each (name, arguments, id), after the `plan`."""
    return cohere_reply(None, calls=list(calls), plan=plan, usage=usage, stream=stream)


def is_cohere(path: str) -> bool:
    """Whether a request path is Cohere's v2 chat.

    >>> is_cohere("/v2/chat"), is_cohere("/v1/chat/completions")
    (True, False)
    """
    return path.split("?", 1)[0].rstrip("/") == "/v2/chat"


def answer(received: Received, handler: CohereHandler | None) -> Reply:
    """The reply to a ``/v2/chat`` request by `handler` (default: `cohere_reply` of ``"ok"``),
    streamed when the body says ``"stream": true``; a handler that raises, a 500 in Cohere's
    error shape (``{"message": ...}``)."""
    body = received.json
    streamed = isinstance(body, dict) and body.get("stream") is True
    if handler is None:
        return cohere_reply("ok", stream=streamed)
    try:
        return handler(body, streamed)
    except Exception as exc:  # noqa: BLE001 - a broken handler answers 500, visibly
        return Reply(500, {"message": f"test handler raised {exc!r}"})


def weather_script(
    final: str,
    usages: list[tuple[int, int]],
    *,
    cities: list[str] = CITIES,
    ids: list[str] = CALL_IDS,
    plan: str = PLAN,
) -> CohereHandler:
    """The generator's weather conversation in Cohere's format: turn 1 the `plan` and a
    ``get_weather`` call for each of `cities` (``{"city": ...}``, ids `ids`), turn 2 answers
    `final`; turn n's billed units are ``usages[n]``; streamed when the request streams.

    >>> handler = weather_script("done", [(61, 34), (118, 21)])
    >>> [c["id"] for c in handler({"messages": []}, False).body["message"]["tool_calls"]]
    ['get_weather_p7k2m9x4q1zd', 'get_weather_t3n8c5w0v6rb']
    """

    def handler(body: Any, streamed: bool) -> Reply:
        turn = assistant_turns(body)
        usage = usages[min(turn, len(usages) - 1)]
        if turn == 0:
            calls = [
                ("get_weather", {"city": city}, call_id)
                for city, call_id in zip(cities, ids, strict=True)
            ]
            return cohere_reply(None, calls=calls, plan=plan, usage=usage, stream=streamed)
        return cohere_reply(final, usage=usage, stream=streamed)

    return handler

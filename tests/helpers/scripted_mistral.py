"""Mistral's chat API for the scripted test server (``tests/helpers/openai_server.py``).

What the ``mistralai`` Python client's ``chat.complete`` and ``chat.stream`` post (``POST
/v1/chat/completions``, the path of OpenAI's chat completions) is close to OpenAI's, and
answered by the server's chat handler (``server.handler``), so a Mistral script is such a
handler; it differs from OpenAI's replies (`chat_reply`, `stream_reply`) where Mistral's API
does:

- a tool call's id is nine letters and digits (Mistral's API rejects any other in a request's
  history), and each call carries its ``index``; the turn's ``content`` is ``""``, not null,
  and its ``finish_reason`` ``tool_calls``;
- ``model`` is the model the request named (Mistral answers with the name asked for);
- streamed (``"stream": true``), the calls come whole in the last chunk, which also holds the
  finish reason and the usage (no usage chunk of its own after it), then ``data: [DONE]``;
- ``tool_choice`` takes Mistral's ``any`` beside ``auto``, ``none`` and ``required``; the
  scripts answer whatever it says.

`mistral_reply` is one reply; `weather_script` the generator's weather conversation in this
format (``validation/framework_traces.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING or __package__:
    from .openai_server import Reply, assistant_turns
else:  # run from validation/, tests/helpers on the path: the same modules, not a package
    from openai_server import Reply, assistant_turns

__all__ = ["CALL_IDS", "CITIES", "REQUEST_MODEL", "mistral_reply", "weather_script"]

REQUEST_MODEL = "mistral-small-latest"
"""The model the generator's runs ask for (a Mistral model that calls tools)."""
CITIES = ["Paris", "Tokyo"]
CALL_IDS = ["Wp4nR7kQ2", "Tk9vB3xM8"]
"""The weather calls' ids, in Mistral's form: nine letters and digits."""
CREATED = 1_764_936_000
REPLY_ID = "cmpl-5e1f0a9c2b7d4e8f9a1c3b5d7e9f0a2c"

MistralHandler = Callable[[Any], Reply]
"""Answers a chat request from its JSON body (the server's ``handler``)."""
Call = tuple[str, dict[str, Any], str]
"""A requested tool call: (function name, arguments, id)."""


def _usage(usage: tuple[int, int]) -> dict[str, int]:
    return {"prompt_tokens": usage[0], "completion_tokens": usage[1], "total_tokens": sum(usage)}


def mistral_reply(
    text: str | None = "ok",
    *,
    calls: list[Call] | None = None,
    usage: tuple[int, int] = (10, 5),
    model: str = REQUEST_MODEL,
    stream: bool = False,
) -> Reply:
    """A Mistral chat reply: the `text` (``""`` for None) and a tool call per (name,
    arguments, id) in `calls` (the arguments JSON text, each call its ``index``);
    ``finish_reason`` ``tool_calls`` when it calls, else ``stop``; `usage` is (prompt,
    completion).

    With `stream`, server-sent events as Mistral sends them: a chunk with the role, the text
    in two halves, then one last chunk with the calls whole, the finish reason and the usage;
    ``data: [DONE]``.

    >>> mistral_reply("hi").body["choices"][0]["message"]
    {'role': 'assistant', 'content': 'hi'}
    >>> chunks = [e for e in mistral_reply("hi", stream=True).events or []]
    >>> last = json.loads(chunks[-2][len(b"data: "):])
    >>> last["choices"][0]["finish_reason"], last["usage"]["total_tokens"], chunks[-1]
    ('stop', 15, b'data: [DONE]\\n\\n')
    """
    tool_calls = [
        {
            "id": call_id,
            "type": "function",
            "function": {"name": name, "arguments": json.dumps(arguments)},
            "index": index,
        }
        for index, (name, arguments, call_id) in enumerate(calls or [])
    ]
    finish = "tool_calls" if tool_calls else "stop"
    head = {"id": REPLY_ID, "created": CREATED, "model": model}
    if not stream:
        message: dict[str, Any] = {"role": "assistant", "content": text or ""}
        if tool_calls:
            message["tool_calls"] = tool_calls
        choice = {"index": 0, "message": message, "finish_reason": finish}
        body = {**head, "object": "chat.completion", "choices": [choice], "usage": _usage(usage)}
        return Reply(200, body)

    def chunk(delta: dict[str, Any], finish_reason: str | None = None, **extra: Any) -> bytes:
        choice = {"index": 0, "delta": delta, "finish_reason": finish_reason}
        body = {**head, "object": "chat.completion.chunk", "choices": [choice], **extra}
        return f"data: {json.dumps(body)}\n\n".encode()

    events = [chunk({"role": "assistant", "content": ""})]
    if text:
        middle = len(text) // 2
        events += [chunk({"content": part}) for part in (text[:middle], text[middle:])]
    last: dict[str, Any] = {"content": ""}
    if tool_calls:
        last["tool_calls"] = tool_calls
    events.append(chunk(last, finish, usage=_usage(usage)))
    events.append(b"data: [DONE]\n\n")
    return Reply(200, headers={"Content-Type": "text/event-stream"}, events=events)


def weather_script(
    final: str,
    usages: list[tuple[int, int]],
    *,
    cities: list[str] = CITIES,
    ids: list[str] = CALL_IDS,
) -> MistralHandler:
    """The generator's weather conversation in Mistral's format: turn 1 calls ``get_weather``
    for each of `cities` (``{"city": ...}``, ids `ids`), turn 2 answers `final`; turn n's
    usage is ``usages[n]``; each reply names the model asked for; streamed when the request
    says ``"stream": true``.

    >>> handler = weather_script("done", [(61, 34), (118, 21)])
    >>> [c["id"] for c in handler({"messages": []}).body["choices"][0]["message"]["tool_calls"]]
    ['Wp4nR7kQ2', 'Tk9vB3xM8']
    """

    def handler(body: Any) -> Reply:
        turn = assistant_turns(body)
        usage = usages[min(turn, len(usages) - 1)]
        asked = body.get("model") if isinstance(body, dict) else None
        model = asked if isinstance(asked, str) else REQUEST_MODEL
        streamed = isinstance(body, dict) and body.get("stream") is True
        if turn == 0:
            calls = [
                ("get_weather", {"city": city}, call_id)
                for city, call_id in zip(cities, ids, strict=True)
            ]
            return mistral_reply(None, calls=calls, usage=usage, model=model, stream=streamed)
        return mistral_reply(final, usage=usage, model=model, stream=streamed)

    return handler

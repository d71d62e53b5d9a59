"""Ollama's native API for the scripted test server (``tests/helpers/openai_server.py``).

What the ``ollama`` Python client (and the frameworks' Ollama integrations built on it:
langchain-ollama's ``ChatOllama``, llama-index-llms-ollama's ``Ollama``) posts to a local
Ollama, answered in Ollama's own shapes rather than OpenAI's:

- ``POST /api/chat`` with ``{"model", "messages", "tools", "stream", "options"}``; a body
  without ``"stream": false`` streams (Ollama's default), as newline-delimited JSON
  (``application/x-ndjson``): one ``ChatResponse`` per line, ``"done": false`` on each piece
  and ``"done": true`` on the last, which carries the ``done_reason`` and the counts;
- the reply's ``message`` is ``{"role": "assistant", "content", "tool_calls"}``, each call
  ``{"function": {"name", "arguments"}}`` with the arguments an object (not JSON text) and no
  id (Ollama gives none; a client that needs one makes its own); a tool's result comes back as
  ``{"role": "tool", "content", "tool_name"}``;
- usage is ``prompt_eval_count`` (the prompt's tokens) and ``eval_count`` (the reply's), with
  durations in nanoseconds beside them; ``model`` is the model the request named (Ollama
  answers with the name it was asked for);
- ``POST /api/show`` (llama-index-llms-ollama asks it for the context window) answers the
  model's ``modelinfo``.

The server hands every ``/api/...`` request to `answer`, with its ``server.ollama`` handler
``(body, streamed) -> Reply`` (default: `ollama_reply` of ``"ok"``); scripted replies
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
    "CITIES",
    "CREATED_AT",
    "OllamaHandler",
    "REQUEST_MODEL",
    "answer",
    "is_ollama",
    "ollama_reply",
    "ollama_streams",
    "ollama_tool_reply",
    "weather_script",
]

REQUEST_MODEL = "llama3.2"
"""The model the generator's runs ask for (a tool-calling model Ollama's library serves)."""
CITIES = ["Paris", "Tokyo"]
CREATED_AT = "2026-12-05T12:00:00.000000Z"
"""Every reply's ``created_at`` (Ollama writes the time it made the reply, UTC)."""
CONTEXT_LENGTH = 131072

OllamaHandler = Callable[[Any, bool], Reply]
"""Answers an ``/api/chat`` request from (its JSON body, whether it streams)."""
Call = tuple[str, dict[str, Any]]
"""A requested tool call: (function name, arguments)."""


def _counts(usage: tuple[int, int]) -> dict[str, int]:
    """The counts and durations Ollama puts on a finished reply (durations in nanoseconds)."""
    return {
        "total_duration": 1_250_000_000,
        "load_duration": 25_000_000,
        "prompt_eval_count": usage[0],
        "prompt_eval_duration": 150_000_000,
        "eval_count": usage[1],
        "eval_duration": 1_000_000_000,
    }


def _line(body: dict[str, Any]) -> bytes:
    """One NDJSON line of a streamed reply."""
    return (json.dumps(body) + "\n").encode()


def ollama_reply(
    text: str | None = "ok",
    *,
    calls: list[Call] | None = None,
    usage: tuple[int, int] = (10, 5),
    model: str = REQUEST_MODEL,
    done_reason: str = "stop",
    thinking: str | None = None,
    stream: bool = False,
) -> Reply:
    """An ``/api/chat`` reply: the assistant's `text` (``""`` for None, as Ollama sends a turn
    of calls), its ``thinking`` when given (a thinking model asked with ``"think": true``
    writes its reasoning there, apart from the content) and a ``tool_calls`` entry per call in
    `calls`, given as (name, arguments), without ids; `usage` is (``prompt_eval_count``,
    ``eval_count``).

    With `stream`, the reply as Ollama streams it: NDJSON lines, the thinking in two halves
    (empty content), the text in two halves, the calls whole in a line of their own (empty
    content), then a last line with ``"done": true``, the `done_reason`, the counts and empty
    content.

    >>> ollama_reply("hi", usage=(3, 1)).body["message"]
    {'role': 'assistant', 'content': 'hi'}
    >>> [json.loads(e)["done"] for e in ollama_reply("hi", stream=True).events or []]
    [False, False, True]
    >>> ollama_reply("hi", thinking="hm").body["message"]
    {'role': 'assistant', 'content': 'hi', 'thinking': 'hm'}
    """
    message: dict[str, Any] = {"role": "assistant", "content": text or ""}
    if thinking is not None:
        message["thinking"] = thinking
    tool_calls = [{"function": {"name": name, "arguments": args}} for name, args in calls or []]
    if tool_calls:
        message["tool_calls"] = tool_calls
    head = {"model": model, "created_at": CREATED_AT}
    last = {**head, "done": True, "done_reason": done_reason, **_counts(usage)}
    if not stream:
        return Reply(200, {**head, "message": message, **last})
    pieces: list[dict[str, Any]] = []
    if thinking:
        middle = len(thinking) // 2
        pieces += [
            {"role": "assistant", "content": "", "thinking": part}
            for part in (thinking[:middle], thinking[middle:])
        ]
    if text:
        middle = len(text) // 2
        pieces += [
            {"role": "assistant", "content": part} for part in (text[:middle], text[middle:])
        ]
    if tool_calls:
        pieces.append({"role": "assistant", "content": "", "tool_calls": tool_calls})
    events = [_line({**head, "message": piece, "done": False}) for piece in pieces]
    events.append(_line({**head, "message": {"role": "assistant", "content": ""}, **last}))
    return Reply(200, headers={"Content-Type": "application/x-ndjson"}, events=events)


def ollama_tool_reply(
    *calls: Call,
    text: str | None = None,
    usage: tuple[int, int] = (20, 8),
    model: str = REQUEST_MODEL,
    stream: bool = False,
) -> Reply:
    """An ``/api/chat`` reply calling tools, each (name, arguments); Ollama's ``done_reason``
    is ``stop`` for a turn of calls too."""
    return ollama_reply(text, calls=list(calls), usage=usage, model=model, stream=stream)


def is_ollama(path: str) -> bool:
    """Whether a request path is Ollama's native API (``/api/chat``, ``/api/show``...).

    >>> is_ollama("/api/chat"), is_ollama("/v1/chat/completions")
    (True, False)
    """
    return path.split("?", 1)[0].startswith("/api/")


def ollama_streams(body: Any) -> bool:
    """Whether an ``/api/chat`` request streams: unless its body says ``"stream": false``
    (Ollama streams by default).

    >>> ollama_streams({"stream": False}), ollama_streams({})
    (False, True)
    """
    return not (isinstance(body, dict) and body.get("stream") is False)


def answer(received: Received, handler: OllamaHandler | None) -> Reply:
    """The reply to an ``/api/...`` request: ``/api/chat`` by `handler` (default: `ollama_reply`
    of ``"ok"``), streamed unless the body says not; ``/api/show`` the model's info; any other
    path a 404 in Ollama's error shape (``{"error": ...}``); a handler that raises, a 500."""
    path = received.path.split("?", 1)[0].rstrip("/")
    body = received.json
    if path == "/api/show":
        name = body.get("model") if isinstance(body, dict) else None
        info = {"general.architecture": "llama", "llama.context_length": CONTEXT_LENGTH}
        return Reply(
            200, {"modelinfo": info, "capabilities": ["completion", "tools"], "model": name}
        )
    if path != "/api/chat":
        return Reply(404, {"error": f"the test server has no route {received.path}"})
    streamed = ollama_streams(body)
    if handler is None:
        return ollama_reply("ok", stream=streamed)
    try:
        return handler(body, streamed)
    except Exception as exc:  # noqa: BLE001 - a broken handler answers 500, visibly
        return Reply(500, {"error": f"test handler raised {exc!r}"})


def weather_script(
    final: str,
    usages: list[tuple[int, int]],
    *,
    cities: list[str] = CITIES,
    model: str | None = None,
    thoughts: list[str] | None = None,
) -> OllamaHandler:
    """The generator's weather conversation in Ollama's format: turn 1 calls ``get_weather``
    for each of `cities` (``{"city": ...}``, no text, no ids), turn 2 answers `final`; turn
    n's counts are ``usages[n]``; each reply names `model` (default: the model the request
    asked for, as Ollama does); streamed when the request streams. With `thoughts`, a request
    that asks for thinking (``"think": true``) gets turn n's ``thoughts[n]`` as the message's
    ``thinking``.

    >>> handler = weather_script("done", [(61, 34), (118, 21)])
    >>> handler({"model": "llama3.2", "messages": [], "stream": False}, False).body["message"]
    ... # doctest: +NORMALIZE_WHITESPACE
    {'role': 'assistant', 'content': '', 'tool_calls':
     [{'function': {'name': 'get_weather', 'arguments': {'city': 'Paris'}}},
      {'function': {'name': 'get_weather', 'arguments': {'city': 'Tokyo'}}}]}
    """

    def handler(body: Any, streamed: bool) -> Reply:
        turn = assistant_turns(body)
        usage = usages[min(turn, len(usages) - 1)]
        asked = body.get("model") if isinstance(body, dict) else None
        named = model or (asked if isinstance(asked, str) else REQUEST_MODEL)
        thinks = bool(thoughts) and isinstance(body, dict) and bool(body.get("think"))
        said = thoughts[min(turn, len(thoughts) - 1)] if thoughts and thinks else None
        reply = {"usage": usage, "model": named, "thinking": said, "stream": streamed}
        if turn == 0:
            calls: list[Call] = [("get_weather", {"city": city}) for city in cities]
            return ollama_reply(None, calls=calls, **reply)
        return ollama_reply(final, **reply)

    return handler

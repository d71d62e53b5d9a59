"""A real local HTTP server that speaks the OpenAI chat-completions API (and Anthropic's
``/v1/messages`` enough for the Anthropic provider, and the Gemini API's ``generateContent``
as google-genai calls it), scripted per test.

It is an asyncio server on a free loopback port, run in a background thread, so the code
under test talks to it over real sockets with its real HTTP client. HTTP/1.1 with
keep-alive; hundreds of concurrent connections, each reply after its own delay.

Script it with a queue of replies (``server.script(reply, ...)``, consumed in order) or a
handler ``(request_json) -> Reply`` (``server.handler = ...``); with neither, it answers
every chat request with ``chat_reply("ok")`` (``anthropic_reply("ok")`` on
``/v1/messages``, ``gemini_reply("ok")`` on the Gemini API's paths). Every request it
received is kept in ``server.requests`` (method, path, headers, body), and
``server.max_in_flight`` is the most requests it held at once.

A reply can stream: ``stream_reply(*deltas)`` sends a chat reply as server-sent events,
one chunk per delta with ``event_delay_s`` between them, over chunked transfer encoding,
the way OpenAI-compatible servers answer ``stream: true``. The server stops sending when
the client hangs up; ``server.events_sent`` counts the events each streamed reply got out
(a client that stops a runaway reply early shows as far fewer events than scripted).

The Gemini API (google-genai with ``HttpOptions(base_url=server.url)``): ``POST
/<version>/models/<model>:generateContent`` answers a ``GenerateContentResponse`` and
``:streamGenerateContent?alt=sse`` the same reply as server-sent events of response chunks
(`gemini_reply`, `gemini_tool_reply`, with ``stream=True``). Whether a request streams is in
its path, not its body, so a Gemini script is its own handler, ``server.gemini = (body,
streamed) -> Reply``; scripted replies (``server.script``) still come first. Bedrock's
Converse API (``/model/<modelId>/converse``) is ``server.bedrock``: see ``scripted_bedrock.py``;
its InvokeModel (``/model/<modelId>/invoke``) ``server.bedrock_invoke``: see
``scripted_bedrock_invoke.py``;
Ollama's native API (``/api/chat``, ``/api/show``) is ``server.ollama``: see ``scripted_ollama``;
Cohere's v2 chat (``/v2/chat``) is ``server.cohere``: see ``scripted_cohere``. Mistral's chat API
is OpenAI's path, answered by the handler: ``scripted_mistral`` has its replies.

Run it alone for a benchmark (a fixed reply after a fixed latency)::

    python tests/helpers/openai_server.py --port 8765 --latency 0.2

It prints its base URL (``http://127.0.0.1:<port>/v1``; ``--port 0`` picks a free port) as
its first line on stdout once it listens. ``--rubric`` makes the fixed reply a rubric
judge's JSON (``{"evidence": <--quote>, "rationale": ..., "score": <--score>}``), which
fourfold's ``rubric`` check reads as a valid score.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from http import HTTPStatus
from typing import Any

__all__ = [
    "OpenAIServer",
    "Received",
    "Reply",
    "anthropic_reply",
    "anthropic_tool_reply",
    "assistant_turns",
    "chat_reply",
    "disconnect",
    "error",
    "gemini_reply",
    "gemini_streams",
    "gemini_tool_reply",
    "garbage",
    "http_date_in",
    "is_gemini",
    "serve_openai",
    "slow",
    "stream_reply",
    "token_logprobs",
    "tool_call_reply",
    "truncated",
]


@dataclass
class Reply:
    """What the server answers: a status, a JSON body (or raw text), headers, a delay."""

    status: int = 200
    body: Any = None
    """A JSON-serialisable body (ignored when `text` is given)."""
    text: str | bytes | None = None
    """A raw body, sent as it is (for malformed or truncated JSON)."""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    """Seconds to wait before answering (added to the server's `latency`)."""
    close: bool = False
    """Close the connection without answering (after the delay)."""
    events: list[bytes] | None = None
    """A streamed body: each item is sent as one chunk (chunked transfer encoding)."""
    event_delay_s: float = 0.0
    """Seconds between two events of a streamed body."""

    def payload(self) -> bytes:
        if self.text is not None:
            return self.text.encode() if isinstance(self.text, str) else self.text
        return b"" if self.body is None else json.dumps(self.body).encode()


@dataclass
class Received:
    """One request the server received."""

    method: str
    path: str
    headers: dict[str, str]
    """Header names lower-cased."""
    body: bytes
    received_at: float = 0.0
    """`time.monotonic()` when the request had arrived whole."""

    @property
    def json(self) -> Any:
        """The body parsed as JSON (None when it is not JSON)."""
        try:
            return json.loads(self.body)
        except ValueError:
            return None


Handler = Callable[[Any], Reply]


# Replies


def chat_reply(
    text: str | None = "ok",
    *,
    usage: tuple[int, int] | dict[str, int] | None = (10, 5),
    model: str = "test-model",
    finish_reason: str = "stop",
    tool_calls: list[dict[str, Any]] | None = None,
    delay_s: float = 0.0,
    headers: dict[str, str] | None = None,
    logprobs: list[dict[str, Any]] | None = None,
) -> Reply:
    """A chat-completions reply; `usage` is (prompt_tokens, completion_tokens) or the dict.

    `logprobs` is the choice's ``logprobs.content``: one ``{token, logprob, top_logprobs}``
    per output token (see `token_logprobs`).
    """
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if tool_calls:
        message["tool_calls"] = tool_calls
    choice: dict[str, Any] = {"index": 0, "message": message, "finish_reason": finish_reason}
    if logprobs is not None:
        choice["logprobs"] = {"content": logprobs}
    body: dict[str, Any] = {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 1_700_000_000,
        "model": model,
        "choices": [choice],
    }
    if isinstance(usage, tuple):
        body["usage"] = {
            "prompt_tokens": usage[0],
            "completion_tokens": usage[1],
            "total_tokens": usage[0] + usage[1],
        }
    elif usage is not None:
        body["usage"] = usage
    return Reply(200, body, headers=dict(headers or {}), delay_s=delay_s)


def tool_call_reply(
    *calls: tuple[str, dict[str, Any] | str] | tuple[str, dict[str, Any] | str, str],
    text: str | None = None,
    usage: tuple[int, int] = (20, 8),
) -> Reply:
    """A reply calling tools: each call is (name, arguments) or (name, arguments, id).

    Arguments given as a string are sent as they are (for malformed JSON).
    """
    tool_calls = []
    for i, call in enumerate(calls):
        name, arguments = call[0], call[1]
        call_id = call[2] if len(call) > 2 else f"call_{i}"  # type: ignore[misc]
        tool_calls.append(
            {
                "id": call_id,
                "type": "function",
                "function": {
                    "name": name,
                    "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
                },
            }
        )
    return chat_reply(text, usage=usage, finish_reason="tool_calls", tool_calls=tool_calls)


def stream_reply(
    *deltas: str,
    finish_reason: str = "stop",
    usage: tuple[int, int] | None = (10, 5),
    model: str = "test-model",
    tool_calls: list[dict[str, Any]] | None = None,
    event_delay_s: float = 0.0,
    done: bool = True,
    logprobs: list[list[dict[str, Any]]] | None = None,
) -> Reply:
    """A chat reply streamed as server-sent events: one chunk per text delta.

    With `logprobs` (one list per delta), each chunk carries its tokens' log-probabilities
    in its choice's ``logprobs.content``, as OpenAI streams them.

    Then the tool-call deltas (each given as OpenAI streams them, with its ``index``), a
    chunk with the finish reason, one with the usage (as OpenAI sends it with
    ``stream_options.include_usage``) and ``data: [DONE]`` (unless not `done`).
    """

    def event(
        delta: dict[str, Any] | None,
        finish: str | None = None,
        tokens: list[dict[str, Any]] | None = None,
        **extra: Any,
    ) -> bytes:
        choices: list[dict[str, Any]] = []
        if delta is not None:
            choices = [{"index": 0, "delta": delta, "finish_reason": finish}]
            if tokens is not None:
                choices[0]["logprobs"] = {"content": tokens}
        body = {"id": "chatcmpl-test", "object": "chat.completion.chunk", "created": 1_700_000_000}
        body["model"] = model  # every chunk carries its creation time, as OpenAI's do
        body.update(choices=choices, **extra)
        return f"data: {json.dumps(body)}\n\n".encode()

    per_delta = logprobs if logprobs is not None else [None] * len(deltas)
    events = [event({"role": "assistant", "content": ""})]
    events += [
        event({"content": text}, tokens=tokens)
        for text, tokens in zip(deltas, per_delta, strict=True)
    ]
    events += [event({"tool_calls": [call]}) for call in tool_calls or []]
    events.append(event({}, finish_reason))
    if usage is not None:
        events.append(
            event(
                None,
                usage={
                    "prompt_tokens": usage[0],
                    "completion_tokens": usage[1],
                    "total_tokens": sum(usage),
                },
            )
        )
    if done:
        events.append(b"data: [DONE]\n\n")
    return Reply(
        200,
        headers={"Content-Type": "text/event-stream"},
        events=events,
        event_delay_s=event_delay_s,
    )


def token_logprobs(*tokens: str | tuple[str, dict[str, float]]) -> list[dict[str, Any]]:
    """``logprobs.content`` for `tokens`: a plain string is a sure token (log-probability
    0); ``(token, {alternative: logprob, ...})`` gives the alternatives, the token's own
    log-probability among them."""
    content: list[dict[str, Any]] = []
    for item in tokens:
        token, top = (item, {item: 0.0}) if isinstance(item, str) else item
        content.append(
            {
                "token": token,
                "logprob": top[token],
                "top_logprobs": [{"token": t, "logprob": v} for t, v in top.items()],
            }
        )
    return content


def anthropic_reply(
    text: str | None = "ok",
    *,
    usage: tuple[int, int] = (10, 5),
    model: str = "claude-test",
    stop_reason: str = "end_turn",
    tool_uses: list[tuple[str, str, dict[str, Any]]] | None = None,
) -> Reply:
    """A Messages-API reply: text, then tool_use blocks given as (id, name, input)."""
    content: list[dict[str, Any]] = []
    if text is not None:
        content.append({"type": "text", "text": text})
    for call_id, name, arguments in tool_uses or []:
        content.append({"type": "tool_use", "id": call_id, "name": name, "input": arguments})
    return Reply(
        200,
        {
            "id": "msg_test",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": content,
            "stop_reason": stop_reason,
            "usage": {"input_tokens": usage[0], "output_tokens": usage[1]},
        },
    )


def anthropic_tool_reply(*calls: tuple[str, str, dict[str, Any]], text: str | None = None) -> Reply:
    """A Messages-API reply that calls tools, each given as (id, name, input)."""
    return anthropic_reply(text, tool_uses=list(calls), stop_reason="tool_use")


GEMINI_MODEL = "gemini-2.5-flash"


def _gemini_usage(usage: tuple[int, int], *, whole: bool = True) -> dict[str, Any]:
    """The Gemini API's ``usageMetadata``; not `whole` (a stream's early chunks): the prompt
    count only, as the API sends it before the reply is done."""
    prompt: dict[str, Any] = {
        "promptTokenCount": usage[0],
        "totalTokenCount": usage[0] + usage[1] if whole else usage[0],
        "promptTokensDetails": [{"modality": "TEXT", "tokenCount": usage[0]}],
    }
    if whole:
        prompt["candidatesTokenCount"] = usage[1]
    return prompt


def gemini_reply(
    text: str | None = "ok",
    *,
    calls: list[tuple[str, dict[str, Any]] | tuple[str, dict[str, Any], str]] | None = None,
    usage: tuple[int, int] = (10, 5),
    model: str = GEMINI_MODEL,
    finish_reason: str = "STOP",
    response_id: str = "gemini-response-1",
    stream: bool = False,
) -> Reply:
    """A Gemini API ``GenerateContentResponse``: ``candidates[0].content`` (role ``model``)
    holds a ``text`` part, then a ``functionCall`` part per call, given as (name, args) or
    (name, args, id) (the Gemini API itself sends no id); ``usageMetadata`` is
    (promptTokenCount, candidatesTokenCount) and their total; ``modelVersion`` is `model`.

    With `stream`, the reply as ``:streamGenerateContent?alt=sse`` sends it: server-sent
    events of response chunks, the text in two halves, the calls whole in one chunk, each
    chunk with the prompt's count, the last with the finish reason and the whole usage.
    """
    parts: list[dict[str, Any]] = [] if text is None else [{"text": text}]
    for call in calls or []:
        function: dict[str, Any] = {"name": call[0], "args": call[1]}
        if len(call) > 2:
            function["id"] = call[2]  # type: ignore[misc]
        parts.append({"functionCall": function})

    def response(
        chunk: list[dict[str, Any]], finish: str | None, *, whole: bool = True
    ) -> dict[str, Any]:
        candidate: dict[str, Any] = {"content": {"parts": chunk, "role": "model"}, "index": 0}
        if finish is not None:
            candidate["finishReason"] = finish
        return {
            "candidates": [candidate],
            "usageMetadata": _gemini_usage(usage, whole=whole),
            "modelVersion": model,
            "responseId": response_id,
        }

    if not stream:
        return Reply(200, response(parts, finish_reason))
    chunks: list[list[dict[str, Any]]] = []
    if text:
        middle = len(text) // 2
        chunks += [[{"text": text[:middle]}], [{"text": text[middle:]}]]
    if calls:
        chunks.append(parts[1:] if text is not None else parts)
    chunks = chunks or [[{"text": ""}]]
    bodies = [response(chunk, None, whole=False) for chunk in chunks[:-1]]
    bodies.append(response(chunks[-1], finish_reason))
    events = [f"data: {json.dumps(body)}\r\n\r\n".encode() for body in bodies]
    return Reply(200, headers={"Content-Type": "text/event-stream"}, events=events)


def gemini_tool_reply(
    *calls: tuple[str, dict[str, Any]] | tuple[str, dict[str, Any], str],
    text: str | None = None,
    usage: tuple[int, int] = (20, 8),
    model: str = GEMINI_MODEL,
    stream: bool = False,
) -> Reply:
    """A Gemini reply calling functions, each (name, args) or (name, args, id); its finish
    reason is ``STOP``, as the Gemini API says for a turn of function calls too."""
    return gemini_reply(text, calls=list(calls), usage=usage, model=model, stream=stream)


def assistant_turns(body: Any) -> int:
    """Which model turn a chat request is: the assistant messages it already holds.

    What every scripted conversation (``scripted_ollama``, ``scripted_mistral``,
    ``scripted_cohere``, the generator's) answers by.
    """
    messages = body.get("messages") if isinstance(body, dict) else None
    return sum(1 for m in messages or [] if isinstance(m, dict) and m.get("role") == "assistant")


def is_gemini(path: str) -> bool:
    """Whether a request path is the Gemini API's ``models/<model>:generateContent`` (or its
    streamed ``:streamGenerateContent``)."""
    return path.split("?", 1)[0].endswith(("GenerateContent", ":generateContent"))


def gemini_streams(path: str) -> bool:
    """Whether a Gemini API request path asks for a stream (``:streamGenerateContent``)."""
    return ":streamGenerateContent" in path.split("?", 1)[0]


GeminiHandler = Callable[[Any, bool], Reply]


def error(
    status: int,
    message: str = "something went wrong",
    *,
    retry_after: float | str | None = None,
    retry_after_ms: float | None = None,
    anthropic: bool = False,
) -> Reply:
    """An error reply in the provider's shape, with Retry-After headers when given."""
    headers: dict[str, str] = {}
    if retry_after is not None:
        headers["Retry-After"] = (
            f"{retry_after:g}" if isinstance(retry_after, float | int) else retry_after
        )
    if retry_after_ms is not None:
        headers["retry-after-ms"] = f"{retry_after_ms:g}"
    if anthropic:
        body: dict[str, Any] = {"type": "error", "error": {"type": "api_error", "message": message}}
    else:
        body = {"error": {"message": message, "type": "test_error", "code": None}}
    return Reply(status, body, headers=headers)


def http_date_in(seconds: float) -> str:
    """An HTTP date `seconds` from now (a Retry-After given as a date)."""
    return format_datetime(datetime.now(UTC) + timedelta(seconds=seconds), usegmt=True)


def truncated() -> Reply:
    """A 200 whose JSON body stops halfway."""
    return Reply(200, text='{"id": "chatcmpl-test", "choices": [{"index": 0, "message": {"ro')


def garbage(text: str = "<html>bad gateway</html>", status: int = 200) -> Reply:
    """A body that is not JSON at all."""
    return Reply(status, text=text, headers={"Content-Type": "text/html"})


def slow(seconds: float, reply: Reply | None = None) -> Reply:
    """`reply` (default: a chat reply) after `seconds`."""
    base = reply if reply is not None else chat_reply("slow ok")
    return Reply(base.status, base.body, base.text, dict(base.headers), seconds, base.close)


def disconnect(delay_s: float = 0.0) -> Reply:
    """Drop the connection without answering."""
    return Reply(close=True, delay_s=delay_s)


# The server


class OpenAIServer:
    """The scripted server: start it with ``with OpenAIServer() as server:``.

    Args:
        handler: answers each request from its JSON body (default: replies from the
            script queue, then ``chat_reply("ok")``).
        latency: seconds added before every reply.
    """

    def __init__(self, handler: Handler | None = None, *, latency: float = 0.0) -> None:
        self.handler = handler
        self.gemini: GeminiHandler | None = None
        """Answers the Gemini API's requests from (body, streamed); default `gemini_reply`."""
        self.bedrock: GeminiHandler | None = None
        """Answers Bedrock's Converse requests (body, streamed): ``scripted_bedrock.py``."""
        self.bedrock_invoke: Callable[[str, Any, bool], Reply] | None = None
        """Answers InvokeModel (model id, body, streamed): ``scripted_bedrock_invoke.py``."""
        self.ollama: Callable[[Any, bool], Reply] | None = None
        """Answers Ollama's ``/api/chat`` from (body, streamed); see ``scripted_ollama``."""
        self.cohere: Callable[[Any, bool], Reply] | None = None
        """Answers Cohere's ``/v2/chat`` from (body, streamed); see ``scripted_cohere``."""
        self.latency = latency
        self.requests: list[Received] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self.connections = 0
        self.events_sent: list[int] = []
        """For each streamed reply, how many of its events were sent before it ended."""
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._port: int | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None

    # Scripting

    def script(self, *replies: Reply) -> None:
        """Queue replies, answered in order before the handler or the default is used."""
        with self._lock:
            self._queue.extend(replies)

    @property
    def pending(self) -> int:
        """Scripted replies not used yet."""
        with self._lock:
            return len(self._queue)

    def reset(self) -> None:
        """Forget the requests received and the in-flight maximum."""
        with self._lock:
            self.requests.clear()
            self.max_in_flight = self.in_flight

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>``."""
        if self._port is None:
            raise RuntimeError("the server is not started")
        return f"http://127.0.0.1:{self._port}"

    @property
    def base_url(self) -> str:
        """The OpenAI-style base URL, ``http://127.0.0.1:<port>/v1``."""
        return self.url + "/v1"

    @property
    def bodies(self) -> list[Any]:
        """The JSON bodies of the requests received, in order of arrival."""
        return [r.json for r in list(self.requests)]

    # Life cycle

    def start(self) -> OpenAIServer:
        self._thread = threading.Thread(target=self._run, name="openai-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the test server did not start within 10 s")
        if self._failure is not None:
            raise RuntimeError(f"the test server failed to start: {self._failure}")
        return self

    def stop(self) -> None:
        if self._loop is not None and self._stop is not None and self._thread is not None:
            with contextlib.suppress(RuntimeError):  # the loop already ended
                self._loop.call_soon_threadsafe(self._stop.set)
            self._thread.join(10)
        self._thread = None

    def __enter__(self) -> OpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as exc:  # noqa: BLE001 - reported to start()
            self._failure = exc
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        tasks: set[asyncio.Task[None]] = set()

        async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            task = asyncio.current_task()
            assert task is not None
            tasks.add(task)
            try:
                await self._serve_connection(reader, writer)
            except asyncio.CancelledError:
                pass  # stopping; a cancelled callback task would be reported as an error
            finally:
                tasks.discard(task)

        server = await asyncio.start_server(on_connect, "127.0.0.1", 0, backlog=1024)
        self._port = server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            server.close()
            for task in list(tasks):
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await server.wait_closed()

    async def _serve_connection(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        with self._lock:
            self.connections += 1
        try:
            while True:
                received = await _read_request(reader)
                if received is None:
                    return
                with self._lock:
                    self.requests.append(received)
                    self.in_flight += 1
                    self.max_in_flight = max(self.max_in_flight, self.in_flight)
                try:
                    reply = self._reply_for(received)
                    delay = self.latency + reply.delay_s
                    if delay > 0:
                        await asyncio.sleep(delay)
                    if reply.close:
                        return
                    keep_alive = received.headers.get("connection", "").lower() != "close"
                    if reply.events is not None:
                        if not await self._stream(reply, reader, writer):
                            return
                        continue
                    writer.write(_response_bytes(reply, keep_alive))
                    await writer.drain()
                finally:
                    with self._lock:
                        self.in_flight -= 1
                if not keep_alive:
                    return
        except (ConnectionError, asyncio.IncompleteReadError):
            return
        finally:
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _stream(
        self, reply: Reply, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> bool:
        """Send a streamed reply event by event; False when the client hung up first."""
        assert reply.events is not None
        headers = {**reply.headers, "Transfer-Encoding": "chunked", "Connection": "keep-alive"}
        head = f"HTTP/1.1 {reply.status} {HTTPStatus(reply.status).phrase}\r\n" + "".join(
            f"{name}: {value}\r\n" for name, value in headers.items()
        )
        writer.write(head.encode("latin-1") + b"\r\n")
        sent = 0
        try:
            for i, event in enumerate(reply.events):
                if i and reply.event_delay_s:
                    await asyncio.sleep(reply.event_delay_s)
                if reader.at_eof() or writer.is_closing():
                    return False  # the client hung up: stop generating, as a server does
                writer.write(f"{len(event):x}\r\n".encode() + event + b"\r\n")
                await writer.drain()
                sent += 1
            writer.write(b"0\r\n\r\n")
            await writer.drain()
            return True
        finally:
            with self._lock:
                self.events_sent.append(sent)

    def _reply_for(self, received: Received) -> Reply:
        with self._lock:
            queued = self._queue.popleft() if self._queue else None
        if queued is not None:
            return queued
        if is_gemini(received.path):
            return self._gemini_reply(received)
        if received.path.startswith("/model/"):  # the Bedrock Runtime
            if received.path.split("?", 1)[0].split("/")[-1].startswith("invoke"):  # InvokeModel
                invoked: Reply = _scripted("scripted_bedrock_invoke").answer(
                    self.bedrock_invoke, received
                )
                return invoked
            reply: Reply = _scripted("scripted_bedrock").answer(self.bedrock, received)
            return reply
        if received.path.startswith("/api/"):  # Ollama's native API
            reply = _scripted("scripted_ollama").answer(received, self.ollama)
            return reply
        if received.path.startswith("/v2/chat"):  # Cohere's v2 chat
            reply = _scripted("scripted_cohere").answer(received, self.cohere)
            return reply
        handler = self.handler
        if handler is not None:
            try:
                return handler(received.json)
            except Exception as exc:  # noqa: BLE001 - a broken handler answers 500, visibly
                return Reply(500, {"error": {"message": f"test handler raised {exc!r}"}})
        if received.path.rstrip("/").endswith("/messages"):
            return anthropic_reply("ok")
        if received.path.rstrip("/").endswith("/chat/completions"):
            return chat_reply("ok")
        return error(404, f"the test server has no route {received.path}")

    def _gemini_reply(self, received: Received) -> Reply:
        streamed = gemini_streams(received.path)
        if self.gemini is None:
            return gemini_reply("ok", stream=streamed)
        try:
            return self.gemini(received.json, streamed)
        except Exception as exc:  # noqa: BLE001 - a broken handler answers 500, visibly
            body = {"error": {"code": 500, "message": f"test handler raised {exc!r}"}}
            return Reply(500, {**body, "status": "INTERNAL"})


def _scripted(name: str) -> Any:
    """A provider's protocol module beside this one (``scripted_bedrock``, ``scripted_ollama``...),
    imported when its first request comes: it imports `Reply` from here. As a package module
    (tests) or with tests/helpers on the path (validation/)."""
    return importlib.import_module(f"{__package__}.{name}" if __package__ else name)


async def _read_request(reader: asyncio.StreamReader) -> Received | None:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError:
        return None  # the client closed a kept-alive connection
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    if headers.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip().split(b";")[0], 16)
            if size == 0:
                await reader.readuntil(b"\r\n")
                break
            body += await reader.readexactly(size)
            await reader.readexactly(2)
    else:
        body = await reader.readexactly(int(headers.get("content-length", "0")))
    return Received(method, path, headers, body, time.monotonic())


def _response_bytes(reply: Reply, keep_alive: bool) -> bytes:
    payload = reply.payload()
    try:
        reason = HTTPStatus(reply.status).phrase
    except ValueError:
        reason = "Unknown"
    headers = {"Content-Type": "application/json", **reply.headers}
    headers["Content-Length"] = str(len(payload))
    headers["Connection"] = "keep-alive" if keep_alive else "close"
    head = f"HTTP/1.1 {reply.status} {reason}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in headers.items()
    )
    return head.encode("latin-1") + b"\r\n" + payload


@contextlib.contextmanager
def serve_openai(handler: Handler | None = None, *, latency: float = 0.0) -> Iterator[OpenAIServer]:
    """Start a server for the duration of a ``with`` block."""
    with OpenAIServer(handler, latency=latency) as server:
        yield server


def main() -> None:
    parser = argparse.ArgumentParser(description="a fixed-reply OpenAI-compatible test server")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--text", default="ok", help="the reply's text (without --rubric)")
    parser.add_argument(
        "--rubric", action="store_true", help="reply with a rubric judge's JSON instead of --text"
    )
    parser.add_argument(
        "--quote", default=None, help="with --rubric: the evidence quoted (default: null)"
    )
    parser.add_argument("--score", type=int, default=3, help="with --rubric: the score")
    parser.add_argument(
        "--usage",
        type=int,
        nargs=2,
        default=(10, 5),
        metavar=("PROMPT", "COMPLETION"),
        help="the token usage reported",
    )
    args = parser.parse_args()
    text = args.text
    if args.rubric:
        text = json.dumps(
            {
                "evidence": args.quote,
                "rationale": "The answer says what the user needs and stops.",
                "score": args.score,
            }
        )
    response = _response_bytes(chat_reply(text, usage=(args.usage[0], args.usage[1])), True)

    async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while await _read_request(reader) is not None:
                if args.latency:
                    await asyncio.sleep(args.latency)
                writer.write(response)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
            writer.close()

    async def run() -> None:
        server = await asyncio.start_server(on_connect, "127.0.0.1", args.port, backlog=1024)
        print(f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/v1", flush=True)
        async with server:
            await server.serve_forever()

    asyncio.run(run())


if __name__ == "__main__":
    main()

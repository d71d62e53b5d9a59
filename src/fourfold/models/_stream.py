"""A streamed chat-completions reply, read chunk by chunk and stopped when it loops.

With ``stream: true`` an OpenAI-compatible server sends the reply as server-sent events,
one ``data: {...}`` line per chunk of text (or of a tool call), then ``data: [DONE]``.
`read_chat_stream` puts the chunks back together into the body a non-streamed call would
have returned, so the provider reads both the same way, and watches the text as it comes:
when it ends in a loop (`LoopWatch`) the connection is closed at once, which stops the
server generating, and the call fails as a `RunawayReplyError`, long before the output
cap or the timeout would have ended it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import ModelTimeoutError, ServerError
from ._runaway import LoopWatch, runaway_error

if TYPE_CHECKING:
    import aiohttp

__all__ = ["ChatStream", "read_chat_stream"]


class ChatStream:
    """The chunks of one streamed reply, put back together."""

    def __init__(self) -> None:
        self.watch = LoopWatch()
        self.finish_reason: str | None = None
        self.usage: dict[str, Any] | None = None
        self.model: str | None = None
        self.id: str | None = None
        self._tools: dict[int, dict[str, Any]] = {}
        self._logprobs: list[Any] = []

    @property
    def text(self) -> str:
        """The reply's text so far."""
        return self.watch.text

    def feed(self, chunk: dict[str, Any]) -> None:
        """Add one chunk (a parsed ``data:`` line)."""
        if isinstance(chunk.get("model"), str):
            self.model = chunk["model"]
        if isinstance(chunk.get("id"), str):
            self.id = chunk["id"]
        if isinstance(chunk.get("usage"), dict):
            self.usage = chunk["usage"]  # OpenAI sends it last, with no choices
        choices = chunk.get("choices")
        if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
            return
        choice = choices[0]
        if isinstance(choice.get("finish_reason"), str):
            self.finish_reason = choice["finish_reason"]
        logprobs = choice.get("logprobs")
        if isinstance(logprobs, dict) and isinstance(logprobs.get("content"), list):
            self._logprobs.extend(logprobs["content"])
        delta = choice.get("delta")
        if not isinstance(delta, dict):
            return
        for call in delta.get("tool_calls") or []:
            if isinstance(call, dict):
                self._tool_delta(call)

    def text_delta(self, chunk: dict[str, Any]) -> str:
        """The text a chunk adds (empty when it adds none)."""
        choices = chunk.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            delta = choices[0].get("delta")
            if isinstance(delta, dict) and isinstance(delta.get("content"), str):
                return str(delta["content"])
        return ""

    def _tool_delta(self, call: dict[str, Any]) -> None:
        index = call.get("index") if isinstance(call.get("index"), int) else len(self._tools)
        assert isinstance(index, int)
        slot = self._tools.setdefault(index, {"id": None, "name": "", "arguments": ""})
        if isinstance(call.get("id"), str):
            slot["id"] = call["id"]
        function = call.get("function")
        if isinstance(function, dict):
            if isinstance(function.get("name"), str):
                slot["name"] += function["name"]
            if isinstance(function.get("arguments"), str):
                slot["arguments"] += function["arguments"]

    def body(self) -> dict[str, Any]:
        """The reply as a non-streamed chat completion."""
        message: dict[str, Any] = {"role": "assistant", "content": self.text or None}
        if self._tools:
            message["tool_calls"] = [
                {
                    "id": slot["id"],
                    "type": "function",
                    "function": {"name": slot["name"], "arguments": slot["arguments"]},
                }
                for _, slot in sorted(self._tools.items())
            ]
        choice: dict[str, Any] = {
            "index": 0,
            "message": message,
            "finish_reason": self.finish_reason,
        }
        if self._logprobs:
            choice["logprobs"] = {"content": self._logprobs}
        body: dict[str, Any] = {"object": "chat.completion", "choices": [choice], "streamed": True}
        if self.id is not None:
            body["id"] = self.id
        if self.model is not None:
            body["model"] = self.model
        if self.usage is not None:
            body["usage"] = self.usage
        return body


async def read_chat_stream(
    response: aiohttp.ClientResponse,
    *,
    model: str,
    label: str,
    timeout_message: Callable[[int], str],
) -> dict[str, Any]:
    """Read a streamed reply into a chat-completion body, stopping it if it loops.

    Args:
        response: the open 2xx response whose body is the event stream.
        model: the model's name, for messages.
        label: the provider's name, for messages.
        timeout_message: the message of a timeout, given the characters streamed by then.

    Raises:
        RunawayReplyError: the reply ended in a loop (the connection is closed at once).
        ModelTimeoutError: the timeout passed mid-stream.
        ServerError: the stream carried an error.
    """
    stream = ChatStream()
    try:
        async for raw in response.content:
            line = raw.decode("utf-8", "replace").strip()
            if not line.startswith("data:"):
                continue  # blank lines between events, comments, event names
            data = line[5:].strip()
            if data == "[DONE]":
                break
            try:
                chunk = json.loads(data)
            except ValueError:
                continue  # a keep-alive or a line we do not know; the rest still counts
            if not isinstance(chunk, dict):
                continue
            if "error" in chunk:
                raise ServerError(f"{label} failed in the middle of {model}'s reply: {chunk}")
            stream.feed(chunk)
            loop = stream.watch.feed(stream.text_delta(chunk))
            if loop is not None:
                response.close()  # dropping the connection stops the server generating
                raise runaway_error(
                    model,
                    loop,
                    stopped_by=f"fourfold stopped the stream (after {len(stream.text)} characters)",
                    partial=stream.text,
                )
    except TimeoutError as exc:
        raise ModelTimeoutError(timeout_message(len(stream.text))) from exc
    return stream.body()

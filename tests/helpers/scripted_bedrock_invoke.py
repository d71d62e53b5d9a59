"""The AWS Bedrock Runtime InvokeModel API for the scripted test server (``openai_server.py``).

boto3's ``bedrock-runtime`` client posts ``/model/<modelId>/invoke`` (the model's own JSON
body in, the model's own JSON body out) and ``/model/<modelId>/invoke-with-response-stream``
(the same body in; AWS's binary event stream out, each event a ``chunk`` whose payload is
``{"bytes": <base64 of one of the model's own stream events>}``); the server answers both here,
through its handler ``server.bedrock_invoke = (model_id, body, streamed) -> Reply`` (default:
``"ok"`` in the body's family). The Converse API of the same paths is ``scripted_bedrock.py``.

The bodies, as Bedrock's model parameters define them (the envelope is botocore's
``InvokeModel`` / ``InvokeModelWithResponseStream``, ``bedrock-runtime/2023-09-30``):

- Anthropic Claude (``anthropic_version: bedrock-2023-05-31``): the Messages API's request
  without ``model`` and ``stream`` (``messages``, ``system``, ``max_tokens``, ``tools``; the tool
  results as ``tool_result`` blocks of a ``user`` message), and its reply, a ``message``
  (`anthropic_invoke_reply`). Streamed, each chunk is one of the Messages API's stream events
  (``message_start`` ... ``message_stop``), the last with Bedrock's
  ``amazon-bedrock-invocationMetrics`` (`invoke_stream` re-frames a Messages API event stream).
- Amazon Nova (``schemaVersion: messages-v1``): the Converse API's shapes (``system`` and
  ``messages`` of ``{"text"}`` / ``toolUse`` / ``toolResult`` blocks, ``toolConfig``), and its
  reply is the ``ConverseResponse`` without ``metrics`` (`nova_invoke_reply`). Streamed, each
  chunk is one of the ``converse-stream`` events as JSON keyed by its type
  (``{"messageStart": {...}}``, ``{"contentBlockDelta": {...}}`` ... ``{"metadata": {...}}``), the
  last with ``amazon-bedrock-invocationMetrics``.

Every non-streamed reply carries Bedrock's ``X-Amzn-Bedrock-Input-Token-Count``,
``-Output-Token-Count`` and ``-Invocation-Latency`` headers.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

if __package__:  # imported as tests.helpers.scripted_bedrock_invoke
    from .openai_server import Received, Reply
    from .scripted_bedrock import (
        EVENT_STREAM,
        bedrock_error,
        converse_reply,
        event_message,
        stream_events,
    )
    from .scripted_bedrock import model_id as path_model
else:  # imported from tests/helpers on sys.path (validation/framework_traces.py)
    from openai_server import Received, Reply  # type: ignore[import-not-found,no-redef]
    from scripted_bedrock import (  # type: ignore[import-not-found,no-redef]
        EVENT_STREAM,
        bedrock_error,
        converse_reply,
        event_message,
        stream_events,
    )
    from scripted_bedrock import model_id as path_model  # type: ignore[import-not-found,no-redef]

__all__ = [
    "ANTHROPIC_VERSION",
    "InvokeHandler",
    "anthropic_invoke_reply",
    "answer",
    "from_messages",
    "invoke_stream",
    "invoke_streams",
    "is_invoke",
    "nova_invoke_reply",
]

InvokeHandler = Callable[[str, Any, bool], Reply]
"""Answers an InvokeModel request from (the model id, its JSON body, whether it streams)."""
ANTHROPIC_VERSION = "bedrock-2023-05-31"
"""The ``anthropic_version`` a Claude body on Bedrock names."""
Call = tuple[str, str, dict[str, Any]]
"""A tool use: (id, name, input)."""


def is_invoke(path: str) -> bool:
    """Whether `path` is the InvokeModel API's: ``/model/<modelId>/invoke`` or
    ``/model/<modelId>/invoke-with-response-stream``."""
    parts = path.split("?", 1)[0].strip("/").split("/")
    return (
        len(parts) == 3
        and parts[0] == "model"
        and parts[2] in ("invoke", "invoke-with-response-stream")
    )


def invoke_streams(path: str) -> bool:
    """Whether an InvokeModel request asks for a stream (``/invoke-with-response-stream``)."""
    return path.split("?", 1)[0].rstrip("/").endswith("/invoke-with-response-stream")


def _counted(reply: Reply, usage: tuple[int, int], latency_ms: int) -> Reply:
    """`reply` with Bedrock's token-count and latency headers."""
    headers = {
        "X-Amzn-Bedrock-Input-Token-Count": str(usage[0]),
        "X-Amzn-Bedrock-Output-Token-Count": str(usage[1]),
        "X-Amzn-Bedrock-Invocation-Latency": str(latency_ms),
    }
    return Reply(reply.status, reply.body, headers={**reply.headers, **headers})


def anthropic_invoke_reply(
    text: str | None = "ok",
    *,
    calls: list[Call] | None = None,
    usage: tuple[int, int] = (10, 5),
    model: str = "claude-sonnet-4-6",
    message_id: str = "msg_bdrk_01ok",
    latency_ms: int = 120,
) -> Reply:
    """A Claude reply to InvokeModel: the Messages API's ``message`` (`text` as a ``text``
    block unless None, then a ``tool_use`` block per (id, name, input) call; ``stop_reason``
    ``tool_use`` when there are calls, else ``end_turn``; `usage` (input, output) tokens).

    >>> anthropic_invoke_reply("hi").body["content"]
    [{'type': 'text', 'text': 'hi'}]
    """
    blocks: list[dict[str, Any]] = [] if text is None else [{"type": "text", "text": text}]
    for call_id, name, arguments in calls or []:
        blocks.append({"type": "tool_use", "id": call_id, "name": name, "input": arguments})
    message = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": blocks,
        "stop_reason": "tool_use" if calls else "end_turn",
        "stop_sequence": None,
        "usage": {
            "input_tokens": usage[0],
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
            "output_tokens": usage[1],
        },
    }
    return _counted(Reply(200, message), usage, latency_ms)


def nova_invoke_reply(
    text: str | None = "ok",
    *,
    calls: list[Call] | None = None,
    usage: tuple[int, int] = (10, 5),
    latency_ms: int = 120,
    stream: bool = False,
) -> Reply:
    """An Amazon Nova reply to InvokeModel: the Converse API's ``output.message``,
    ``stopReason`` and ``usage`` (no ``metrics``: the latency is a header).

    With `stream`, the reply as ``invoke-with-response-stream`` sends it: each of
    ``converse-stream``'s events (`stream_events`) as ``{<type>: <payload>}`` JSON, base64 in the
    ``bytes`` of an event-stream ``chunk``, the last (``metadata``) also carrying
    ``amazon-bedrock-invocationMetrics``.

    >>> nova_invoke_reply("hi").body["output"]["message"]["content"]
    [{'text': 'hi'}]
    >>> len(nova_invoke_reply("hi", stream=True).events or [])
    6
    """
    body = dict(converse_reply(text, calls=calls, usage=usage).body)
    body.pop("metrics", None)
    if not stream:
        return _counted(Reply(200, body), usage, latency_ms)
    amounts = body["usage"]
    said = stream_events(body["output"]["message"]["content"], body["stopReason"], amounts)
    chunks: list[bytes] = []
    for kind, payload in said:
        data: dict[str, Any] = {kind: payload}
        if kind == "metadata":
            data["amazon-bedrock-invocationMetrics"] = _metrics(usage, latency_ms)
        raw = base64.b64encode(json.dumps(data).encode()).decode()
        chunks.append(event_message("chunk", {"bytes": raw}))
    headers = {"Content-Type": EVENT_STREAM, "X-Amzn-Bedrock-Content-Type": "application/json"}
    return Reply(200, headers=headers, events=chunks)


def _metrics(usage: tuple[int, int], latency_ms: int) -> dict[str, int]:
    """Bedrock's ``amazon-bedrock-invocationMetrics`` on a stream's last chunk."""
    return {
        "inputTokenCount": usage[0],
        "outputTokenCount": usage[1],
        "invocationLatency": latency_ms,
        "firstByteLatency": latency_ms // 2,
    }


def invoke_stream(reply: Reply, *, latency_ms: int = 120) -> Reply:
    """A Messages API streamed reply (server-sent events, as ``scripted_anthropic`` sends
    them) as ``invoke-with-response-stream`` sends it: each event's JSON base64-encoded in the
    ``bytes`` of an event-stream ``chunk``, ``ping`` dropped (Bedrock sends none), and the
    ``message_stop`` event given ``amazon-bedrock-invocationMetrics`` (the tokens the
    ``message_start`` and ``message_delta`` usage counted).

    >>> sse = b'event: message_stop\\ndata: {"type": "message_stop"}\\n\\n'
    >>> len(invoke_stream(Reply(200, events=[sse])).events or [])
    1
    """
    counts = [0, 0]
    chunks: list[bytes] = []
    for event in reply.events or []:
        data = _sse_data(event)
        if data is None or data.get("type") == "ping":
            continue
        usage = (data.get("message") or {}).get("usage") or data.get("usage") or {}
        counts[0] = int(usage.get("input_tokens", counts[0]))
        counts[1] = int(usage.get("output_tokens", counts[1]))
        if data.get("type") == "message_stop":
            data["amazon-bedrock-invocationMetrics"] = _metrics((counts[0], counts[1]), latency_ms)
        raw = base64.b64encode(json.dumps(data).encode()).decode()
        chunks.append(event_message("chunk", {"bytes": raw}))
    headers = {"Content-Type": EVENT_STREAM, "X-Amzn-Bedrock-Content-Type": "application/json"}
    return Reply(reply.status, headers=headers, events=chunks)


def from_messages(reply: Reply) -> Reply:
    """A Messages API reply (``/v1/messages``'s, as ``scripted_anthropic`` makes it) as
    InvokeModel sends it: a streamed one through `invoke_stream`, a JSON one with Bedrock's
    token-count headers (the input counting the cached tokens too).

    >>> from_messages(anthropic_invoke_reply("hi")).headers["X-Amzn-Bedrock-Input-Token-Count"]
    '10'
    """
    if reply.events is not None:
        return invoke_stream(reply)
    usage = (reply.body or {}).get("usage") or {}
    prompt = sum(
        int(usage.get(key) or 0)
        for key in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    )
    return _counted(reply, (prompt, int(usage.get("output_tokens") or 0)), 120)


def _sse_data(event: bytes) -> dict[str, Any] | None:
    """The JSON of a server-sent event's ``data:`` line (None without one)."""
    for line in event.decode().splitlines():
        if line.startswith("data:"):
            data: dict[str, Any] = json.loads(line[5:])
            return data
    return None


def _default(_model: str, body: Any, streamed: bool) -> Reply:
    """``"ok"`` in the body's family: Claude's (``anthropic_version``) or Nova's."""
    if isinstance(body, dict) and "anthropic_version" in body:
        if not streamed:
            return anthropic_invoke_reply("ok")
        return invoke_stream(_anthropic_events(anthropic_invoke_reply("ok").body))
    if isinstance(body, dict) and "messages" in body:
        return nova_invoke_reply("ok", stream=streamed)
    return bedrock_error(400, "ValidationException", "the test server knows no such body")


def _anthropic_events(message: dict[str, Any]) -> Reply:
    """A text-only Claude `message` as the Messages API's server-sent events."""
    usage = message["usage"]
    start = {**message, "content": [], "stop_reason": None}
    text = "".join(block.get("text", "") for block in message["content"])
    events = [
        {"type": "message_start", "message": start},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
            "usage": {"output_tokens": usage["output_tokens"]},
        },
        {"type": "message_stop"},
    ]
    sse = [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events]
    return Reply(200, headers={"Content-Type": "text/event-stream"}, events=sse)


def answer(handler: InvokeHandler | None, received: Received) -> Reply:
    """The server's reply to an InvokeModel request: `handler`'s (default: ``"ok"`` in the
    body's family), a 500 when the handler raises."""
    streamed = invoke_streams(received.path)
    try:
        return (handler or _default)(path_model(received.path), received.json, streamed)
    except Exception as exc:  # noqa: BLE001 - a broken handler answers 500, visibly
        return bedrock_error(500, "InternalServerException", f"test handler raised {exc!r}")

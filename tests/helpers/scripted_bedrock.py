"""The AWS Bedrock Runtime Converse API for the scripted test server (``openai_server.py``).

boto3's ``bedrock-runtime`` client, given ``endpoint_url=server.url`` and any credentials,
posts ``/model/<modelId>/converse`` (JSON in, JSON out) and ``/model/<modelId>/converse-stream``
(JSON in, AWS's binary event stream out); the server answers both here, through its handler
``server.bedrock = (body, streamed) -> Reply`` (default: `converse_reply` of ``"ok"``). The
requests are signed (SigV4); the server does not check the signature.

The shapes, as botocore's service model (``bedrock-runtime/2023-09-30/service-2.json``) has
them:

- a ``ConverseResponse``: ``output.message`` (role ``assistant``, ``content`` a list of blocks:
  ``{"text": ...}``, ``{"toolUse": {"toolUseId", "name", "input"}}``, ``{"reasoningContent":
  {"reasoningText": {"text", "signature"}}}`` (a model's extended thinking)), ``stopReason``
  (``end_turn``, ``tool_use``...), ``usage`` (``inputTokens``, ``outputTokens``,
  ``totalTokens``) and ``metrics.latencyMs``. It names no model: the model is the one the path
  asked for.
- a ``ConverseStreamOutput``: one event-stream message per event, ``messageStart`` (the
  role), per block ``contentBlockStart`` (a tool use's id and name; a text block has none),
  ``contentBlockDelta`` (``delta.text``, ``delta.toolUse.input``: a piece of the input's
  JSON text, or ``delta.reasoningContent``: ``text`` pieces, then the ``signature``) and
  ``contentBlockStop``, each with its ``contentBlockIndex``; then
  ``messageStop`` (the ``stopReason``) and ``metadata`` (``usage`` and ``metrics``).
- an error: the status, an ``x-amzn-ErrorType`` header and ``{"message": ...}``.

An event-stream message (`event_message`) is a prelude (the total length and the headers'
length, 4 bytes each, big-endian) and its CRC32, the headers (each a 1-byte name length, the
name, the value type 7 for a string, a 2-byte value length, the value), the payload, and the
CRC32 of everything before it. Each event has the headers ``:event-type``,
``:content-type`` (``application/json``) and ``:message-type`` (``event``); its payload is the
event's JSON.
"""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

if __package__:  # imported as tests.helpers.scripted_bedrock
    from .openai_server import Received, Reply
else:  # imported from tests/helpers on sys.path (validation/framework_traces.py)
    from openai_server import Received, Reply  # type: ignore[import-not-found,no-redef]

__all__ = [
    "BedrockHandler",
    "EVENT_STREAM",
    "answer",
    "bedrock_error",
    "bedrock_streams",
    "converse_reply",
    "event_message",
    "is_bedrock",
    "model_id",
    "stream_events",
]

BedrockHandler = Callable[[Any, bool], Reply]
"""Answers a Converse request from (its JSON body, whether it asked for a stream)."""
EVENT_STREAM = "application/vnd.amazon.eventstream"
"""The content type of a ``converse-stream`` reply."""
Call = tuple[str, str, dict[str, Any]]
"""A tool use: (toolUseId, name, input)."""


def is_bedrock(path: str) -> bool:
    """Whether `path` is the Converse API's: ``/model/<modelId>/converse`` or
    ``/model/<modelId>/converse-stream``."""
    parts = path.split("?", 1)[0].strip("/").split("/")
    return len(parts) == 3 and parts[0] == "model" and parts[2] in ("converse", "converse-stream")


def bedrock_streams(path: str) -> bool:
    """Whether a Converse request asks for a stream (``/converse-stream``)."""
    return path.split("?", 1)[0].rstrip("/").endswith("/converse-stream")


def model_id(path: str) -> str:
    """The model id a Converse path names, decoded (boto3 quotes ``:`` as ``%3A``)."""
    return unquote(path.split("?", 1)[0].strip("/").split("/")[1])


def event_message(event_type: str, payload: dict[str, Any]) -> bytes:
    """One event of AWS's binary event stream: `payload` as the JSON of an ``event`` message
    of type `event_type`, framed with its prelude, headers and both CRC32 checksums."""
    headers = b""
    for name, value in (
        (":event-type", event_type),
        (":content-type", "application/json"),
        (":message-type", "event"),
    ):
        raw = value.encode()
        headers += bytes([len(name)]) + name.encode() + b"\x07" + struct.pack(">H", len(raw)) + raw
    body = json.dumps(payload).encode()
    prelude = struct.pack(">II", 12 + len(headers) + len(body) + 4, len(headers))
    message = prelude + struct.pack(">I", zlib.crc32(prelude)) + headers + body
    return message + struct.pack(">I", zlib.crc32(message))


def converse_reply(
    text: str | None = "ok",
    *,
    calls: list[Call] | None = None,
    usage: tuple[int, int] = (10, 5),
    stop_reason: str | None = None,
    latency_ms: int = 120,
    reasoning: tuple[str, str] | None = None,
    stream: bool = False,
) -> Reply:
    """A Converse reply: a ``reasoningContent`` block when `reasoning` is given (its text and
    signature, as Claude's extended thinking comes back on Bedrock), a ``text`` block (unless
    `text` is None), then a ``toolUse`` block per call (toolUseId, name, input); `usage` is
    (inputTokens, outputTokens); the stop reason is `stop_reason`, else ``tool_use`` when there
    are calls and ``end_turn`` when not.

    With `stream`, the same reply as ``converse-stream`` sends it: event-stream messages,
    the reasoning's text in two halves then its signature, the text in two halves, each call's
    input JSON in two halves after its ``contentBlockStart``, then ``messageStop`` and
    ``metadata``.

    >>> converse_reply("hi", reasoning=("hm", "sig")).body["output"]["message"]["content"]
    [{'reasoningContent': {'reasoningText': {'text': 'hm', 'signature': 'sig'}}}, {'text': 'hi'}]
    """
    stop = stop_reason or ("tool_use" if calls else "end_turn")
    amounts = {"inputTokens": usage[0], "outputTokens": usage[1], "totalTokens": sum(usage)}
    metrics = {"latencyMs": latency_ms}
    blocks: list[dict[str, Any]] = []
    if reasoning is not None:
        thought, signature = reasoning
        blocks.append(
            {"reasoningContent": {"reasoningText": {"text": thought, "signature": signature}}}
        )
    if text is not None:
        blocks.append({"text": text})
    for call_id, name, arguments in calls or []:
        blocks.append({"toolUse": {"toolUseId": call_id, "name": name, "input": arguments}})
    if not stream:
        message = {"role": "assistant", "content": blocks}
        body = {"output": {"message": message}, "stopReason": stop, "usage": amounts}
        return Reply(200, {**body, "metrics": metrics})
    said = stream_events(blocks, stop, amounts, latency_ms)
    events = [event_message(kind, payload) for kind, payload in said]
    return Reply(200, headers={"Content-Type": EVENT_STREAM}, events=events)


def stream_events(
    blocks: list[dict[str, Any]], stop: str, amounts: dict[str, int], latency_ms: int = 120
) -> list[tuple[str, dict[str, Any]]]:
    """A reply's content `blocks` as ``converse-stream``'s events, each (its type, its
    payload): ``messageStart``, per block its deltas in two halves (a tool use's after its
    ``contentBlockStart``) and ``contentBlockStop``, then ``messageStop`` (`stop`) and
    ``metadata`` (the usage `amounts`, the latency). Amazon Nova's InvokeModel stream sends the
    same events as JSON (``scripted_bedrock_invoke.nova_invoke_reply``).

    >>> [kind for kind, _ in stream_events([{"text": "hi"}], "end_turn", {})]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['messageStart', 'contentBlockDelta', 'contentBlockDelta', 'contentBlockStop',
     'messageStop', 'metadata']
    """
    events: list[tuple[str, dict[str, Any]]] = [("messageStart", {"role": "assistant"})]
    for index, block in enumerate(blocks):
        pieces: list[dict[str, Any]]
        if "text" in block:
            pieces = [{"text": half} for half in _halves(block["text"])]
        elif "reasoningContent" in block:
            said = block["reasoningContent"]["reasoningText"]
            pieces = [{"reasoningContent": {"text": half}} for half in _halves(said["text"])]
            pieces.append({"reasoningContent": {"signature": said["signature"]}})
        else:
            use = block["toolUse"]
            start = {"toolUse": {"toolUseId": use["toolUseId"], "name": use["name"]}}
            events.append(("contentBlockStart", _at(index, start=start)))
            pieces = [{"toolUse": {"input": half}} for half in _halves(json.dumps(use["input"]))]
        events += [("contentBlockDelta", _at(index, delta=p)) for p in pieces]
        events.append(("contentBlockStop", _at(index)))
    events.append(("messageStop", {"stopReason": stop}))
    events.append(("metadata", {"usage": amounts, "metrics": {"latencyMs": latency_ms}}))
    return events


def bedrock_error(status: int, kind: str, message: str) -> Reply:
    """An error as the Bedrock Runtime sends it: `status`, ``x-amzn-ErrorType`` `kind`
    (``ValidationException``, ``ThrottlingException``...), ``{"message": message}``."""
    return Reply(status, {"message": message}, headers={"x-amzn-ErrorType": kind})


def answer(handler: BedrockHandler | None, received: Received) -> Reply:
    """The server's reply to a request under ``/model/``: a Converse request answered by
    `handler` (default `converse_reply` of ``"ok"``), a 500 when the handler raises, a 404
    for any other Bedrock Runtime operation."""
    if not is_bedrock(received.path):
        return bedrock_error(404, "UnknownOperationException", f"no route {received.path}")
    streamed = bedrock_streams(received.path)
    if handler is None:
        return converse_reply("ok", stream=streamed)
    try:
        return handler(received.json, streamed)
    except Exception as exc:  # noqa: BLE001 - a broken handler answers 500, visibly
        return bedrock_error(500, "InternalServerException", f"test handler raised {exc!r}")


def _halves(text: str) -> list[str]:
    """`text` in two pieces (one when it is shorter than two characters)."""
    middle = len(text) // 2
    return [text[:middle], text[middle:]] if middle else [text]


def _at(index: int, **fields: Any) -> dict[str, Any]:
    """An event's payload for the content block at `index`."""
    return {"contentBlockIndex": index, **fields}

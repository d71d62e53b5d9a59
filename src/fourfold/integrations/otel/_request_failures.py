"""The failed tool results a model call's request body marks, given to its recorded messages.

OpenInference's ``llm.input_messages`` write a tool result as a plain role-``tool`` message,
with no mark of a failure; the request the call sent, in ``input.value``, may still say the
tool failed, each provider its own way:

- Anthropic's Messages API: a ``tool_result`` block with ``"is_error": true``;
- Bedrock's Converse API: a ``toolResult`` block with ``"status": "error"`` (the request's
  ``messages`` are Converse messages, their ``content`` Converse blocks:
  `._shapes.converse_blocks`);
- the Gemini API: a ``function_response`` whose ``response`` holds ``"error"`` (the request is
  google-genai's ``{"contents": [...]}``: `.._function_errors`).

A tool message of the recorded input with a call id takes the error of the request's result
with that id. The Gemini API names no calls: when neither side has ids, the recorded tool
messages and the request's results are the same results in the same order, so they pair by
position, when the two lists are as long and each pair names the same tool.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, try_json
from ._shapes import converse_blocks

__all__ = ["mark_failures"]


def mark_failures(inputs: list[Msg], request: Any) -> None:
    """Mark failed the tool messages of `inputs` that the request body `request` marks failed.

    Examples:
        >>> inputs = [Msg(role="tool", content="boom"), Msg(role="tool", content="sunny")]
        >>> sent = {"contents": [{"role": "user", "parts": [
        ...     {"function_response": {"name": "f", "response": {"error": "boom"}}},
        ...     {"function_response": {"name": "f", "response": {"result": "sunny"}}}]}]}
        >>> mark_failures(inputs, sent)
        >>> [m.error for m in inputs]
        ['boom', None]
    """
    tools = [m for m in inputs if m.role == "tool"]
    if request is None or not tools:
        return
    sent = [m for m in _request_messages(try_json(request)) if m.role == "tool"]
    if not any(m.error is not None for m in sent):
        return
    failed = {m.tool_call_id: m.error for m in sent if m.tool_call_id and m.error is not None}
    for msg in tools:
        if msg.error is None and msg.tool_call_id in failed:
            msg.error = failed[msg.tool_call_id]
    if len(sent) != len(tools) or any(m.tool_call_id for m in (*sent, *tools)):
        return
    for msg, answer in zip(tools, sent, strict=True):
        if msg.name and answer.name and msg.name != answer.name:
            return
    for msg, answer in zip(tools, sent, strict=True):
        if msg.error is None:
            msg.error = answer.error


def _request_messages(request: Any) -> list[Msg]:
    """The messages of a request body: google-genai's ``contents``, or Converse messages.

    Converse blocks are read as Anthropic's; anything else as `parse_messages` reads it.

    Examples:
        >>> [asked, answer] = _request_messages([
        ...     {"role": "assistant", "content": [
        ...         {"toolUse": {"toolUseId": "t1", "name": "f", "input": {}}}]},
        ...     {"role": "user", "content": [{"toolResult": {
        ...         "toolUseId": "t1", "status": "error", "content": [{"text": "boom"}]}}]}])
        >>> answer.role, answer.tool_call_id, answer.error
        ('tool', 't1', 'boom')
    """
    if isinstance(request, dict) and isinstance(request.get("contents"), list):
        return parse_messages(request["contents"])
    if isinstance(request, dict) and isinstance(request.get("messages"), list):
        request = request["messages"]
    if not isinstance(request, list):
        return parse_messages(request) if isinstance(request, dict) else []
    out: list[Msg] = []
    for message in request:
        blocks = converse_blocks(message.get("content")) if isinstance(message, dict) else None
        if blocks is not None:
            message = {**message, "content": blocks}
        out.extend(parse_messages(message))
    return out

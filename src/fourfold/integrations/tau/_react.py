"""Tool calls that τ-bench's act and ReAct agents write as text, read back as calls.

τ-bench's ``act`` and ``react`` agent strategies do not use the model's tool calling. Each
reply ends with ``Action:`` and a JSON object ``{"name": ..., "arguments": {...}}``; the
environment executes it and the agent gets the result back as a user message starting
``API output:`` (a reply to the user is the action ``respond``). In such a trajectory no
message carries ``tool_calls``, yet the calls were made: this module reads them, so the
checks see what was executed. A reply whose action is not valid JSON was a reply to the
user in τ-bench too, and stays one.
"""

from __future__ import annotations

import json
from typing import Any

from ...trace import ToolCall
from .._messages import Msg, result_value

__all__ = ["API_OUTPUT", "text_tool_calls"]

API_OUTPUT = "API output: "
"""How τ-bench's act and ReAct agents receive a tool's result."""

_ACTION = "Action:"
_RESPOND = "respond"


def text_tool_calls(messages: list[Msg]) -> list[ToolCall]:
    """The calls an act or ReAct trajectory made: each action with the output it got.

    Only actions answered by an ``API output:`` message count: that message is the
    environment's answer, so the call was executed. An output starting ``Error`` (or
    ``Unknown action``, τ-bench's answer to a tool it does not have) is the call's error,
    as for tool-calling trajectories.
    """
    calls: list[ToolCall] = []
    for msg, answer in zip(messages, messages[1:], strict=False):
        if msg.role != "assistant" or not msg.content or _ACTION not in msg.content:
            continue
        if answer.role != "user" or not (answer.content or "").startswith(API_OUTPUT):
            continue
        action = _action(msg.content)
        if action is None:
            continue
        name, arguments = action
        output = (answer.content or "")[len(API_OUTPUT) :]
        if output.startswith(("Error", "Unknown action")):
            calls.append(ToolCall(name=name, arguments=arguments, error=output))
        else:
            calls.append(ToolCall(name=name, arguments=arguments, result=result_value(output)))
    return calls


def _action(content: str) -> tuple[str, dict[str, Any]] | None:
    """The action after the last ``Action:``, as τ-bench parses it, unless it is a reply."""
    try:
        parsed = json.loads(content.split(_ACTION)[-1].strip())
    except json.JSONDecodeError:
        return None
    if not isinstance(parsed, dict) or not isinstance(parsed.get("name"), str):
        return None
    arguments = parsed.get("arguments")
    if parsed["name"] == _RESPOND or not isinstance(arguments, dict):
        return None
    return parsed["name"], arguments

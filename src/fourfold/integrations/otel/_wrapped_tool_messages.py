"""A LangChain.js tool run's outputs, ``{"output": <ToolMessage>}``, as the tool's result.

OpenInference's LangChain.js instrumentation, @arizeai/openinference-instrumentation-langchain
4.1.1 (@langchain/core 1.4), writes a TOOL span's ``output.value`` as the run's outputs
whole: the ``ToolMessage`` LangChain.js built from what the tool returned, inside the run's
``{"output": ...}`` (``{"output": {lc: 1, type: "constructor", id: ["langchain_core",
"messages", "ToolMessage"], kwargs: {content, tool_call_id, name, status}}}``). Python's
openinference-instrumentation-langchain (0.1.x) writes the message alone (``{"type": "tool",
"data": {...}}``), which the tool reader reads as such (`._shapes.langchain_tool_message`).

The rule, `wrapped_tool_message`: an object whose one key is ``output`` and whose value is a
serialised ``ToolMessage`` is that message (whose ``content`` is then the result and whose
``tool_call_id`` the call's id). So is one whose value is a LangGraph.js ``Command``
(``{lg_name: "Command", update, goto}``: @langchain/langgraph-supervisor 1.1.3's hand-off
tools return one), which `._command_results` reads as the tool message it carries. An
``output`` holding anything else is a tool's own result and stays as it is.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from ._command_results import is_command
from ._shapes import langchain_tool_message

__all__ = ["wrapped_tool_message"]


def wrapped_tool_message(value: Any) -> Any:
    """The ``ToolMessage`` or ``Command`` in a LangChain.js run's ``{"output": ...}``; else `value`.

    Examples:
        >>> message = {"lc": 1, "type": "constructor",
        ...            "id": ["langchain_core", "messages", "ToolMessage"],
        ...            "kwargs": {"content": "sunny", "tool_call_id": "call_1"}}
        >>> wrapped_tool_message({"output": message}) == message
        True
        >>> command = {"lg_name": "Command", "update": {"messages": [message]}, "goto": ["b"]}
        >>> wrapped_tool_message({"output": command}) == command
        True
        >>> wrapped_tool_message('{"output": "sunny"}')  # a tool's own result
        '{"output": "sunny"}'
        >>> wrapped_tool_message({"output": "content='sunny' tool_call_id='call_1'"})  # traceAI's
        "content='sunny' tool_call_id='call_1'"
        >>> wrapped_tool_message({"output": "content='sunny' name='x'"})  # no call id: a result
        {'output': "content='sunny' name='x'"}
    """
    parsed = try_json(value)
    if not (isinstance(parsed, dict) and set(parsed) == {"output"}):
        return value
    inner = parsed["output"]
    if isinstance(inner, dict) and (langchain_tool_message(inner) is not None or is_command(inner)):
        return inner
    if isinstance(inner, str) and langchain_tool_message(inner) is not None:
        return inner  # traceAI's: the message's str()
    return value

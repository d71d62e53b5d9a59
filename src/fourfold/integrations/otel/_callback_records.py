"""A LangChain callback's own record of a tool run, as a tool span's arguments and result.

An instrumentation that traces LangChain through its callbacks may record, as a tool span's
arguments and result, what the callback was handed rather than the tool's own input and
output (OpenLLMetry's LangChain instrumentation writes them so as
``gen_ai.tool.call.arguments`` / ``.result`` and ``traceloop.entity.input`` / ``.output``):

- ``on_tool_start``'s arguments: ``{"input_str": <the input as text>, "tags", "metadata",
  "inputs": <the arguments as an object>, "kwargs": {"tool_call_id", ...}}``: the arguments
  are ``inputs`` and the call's id ``kwargs.tool_call_id``;
- ``on_tool_end``'s: ``{"output": <what the tool returned>, "kwargs": {...}}``: the result is
  ``output`` (a serialised ``ToolMessage`` there is read as such by the tool reader).

Anything else is left as it is: a tool's own arguments or result that happen to be an
object are never these records (which carry the callback's keys, and only those).
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json

__all__ = ["callback_arguments", "callback_output"]

_START_KEYS = frozenset({"input_str", "tags", "metadata", "inputs", "kwargs"})
_END_KEYS = frozenset({"output", "kwargs"})


def callback_arguments(value: Any) -> tuple[Any, str | None]:
    """(the arguments, the call id) out of ``on_tool_start``'s record; else (`value`, None).

    Examples:
        >>> record = {"input_str": "{'city': 'Oslo'}", "tags": [], "metadata": {},
        ...           "inputs": {"city": "Oslo"}, "kwargs": {"tool_call_id": "call_1"}}
        >>> callback_arguments(record)
        ({'city': 'Oslo'}, 'call_1')
        >>> callback_arguments('{"input_str": "Oslo", "inputs": null, "kwargs": {}}')
        ('{"input_str": "Oslo", "inputs": null, "kwargs": {}}', None)
        >>> callback_arguments({"inputs": {"city": "Oslo"}})  # a tool's own argument
        ({'inputs': {'city': 'Oslo'}}, None)
    """
    parsed = try_json(value)
    if not (isinstance(parsed, dict) and {"input_str", "inputs"} <= set(parsed) <= _START_KEYS):
        return value, None
    if not isinstance(parsed["inputs"], dict):
        return value, None
    kwargs = parsed.get("kwargs")
    found = kwargs.get("tool_call_id") if isinstance(kwargs, dict) else None
    return parsed["inputs"], str(found) if found not in (None, "") else None


def callback_output(value: Any) -> Any:
    """What the tool returned, out of ``on_tool_end``'s record; else `value`.

    Examples:
        >>> callback_output({"output": "sunny", "kwargs": {"name": "get_weather"}})
        'sunny'
        >>> callback_output('{"output": {"lc": 1}, "kwargs": {}}')
        {'lc': 1}
        >>> callback_output({"output": "sunny"})  # a tool's own result
        {'output': 'sunny'}
    """
    parsed = try_json(value)
    if isinstance(parsed, dict) and set(parsed) == _END_KEYS and isinstance(parsed["kwargs"], dict):
        return parsed["output"]
    return value

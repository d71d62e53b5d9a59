"""AG2's tool execution as OpenInference's AG2 instrumentation records it.

``openinference-instrumentation-ag2`` (0.1.12) wraps ``ConversableAgent.execute_function``
in a ``TOOL`` span. Its ``input.value`` is the function call AG2 was handed, the OpenAI
``function_call`` shape ``{"name": <tool>, "arguments": <JSON text>}`` (the JSON of the
arguments inside a JSON object), and its ``output.value`` what ``execute_function`` returned,
the pair ``(is_exec_success, {"name": <tool>, "role": "function", "content": <text>})``
written as a JSON list ``[true, {...}]`` (the corpus's ``openinference-ag2-2026-12-07c``).

Neither is the tool's: the arguments are the JSON object inside (`function_call_arguments`),
the result the function message's ``content``, the text AG2 hands on as the call's tool
response (`function_result`). Both are read only when the record names the span's tool,
with exactly the shape's keys; a failed execution (``false``: AG2's ``Error: ...`` text) is
left as written, which no export here shows. AgentOps' AG2 instrumentation writes the
same execution's message alone, without the flag (its ``tool.status`` says it), as JSON
(`function_message_content`; its reader `._agentops_tools`).
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json

__all__ = ["function_call_arguments", "function_message_content", "function_result"]

_CALL_KEYS = frozenset({"name", "arguments"})
_MESSAGE_KEYS = frozenset({"name", "role", "content"})


def function_call_arguments(arguments: Any, name: str | None) -> dict[str, Any] | None:
    """The arguments inside a recorded ``{"name", "arguments": <JSON text>}`` call; else None.

    Examples:
        >>> function_call_arguments({"name": "w", "arguments": '{"city": "Paris"}'}, "w")
        {'city': 'Paris'}

        Not another tool's call, nor a tool whose own parameters are ``name`` and
        ``arguments`` holding something else, nor arguments not a JSON object:

        >>> function_call_arguments({"name": "x", "arguments": '{"city": "Paris"}'}, "w")
        >>> function_call_arguments({"name": "w", "arguments": "Paris"}, "w")
        >>> function_call_arguments({"name": "w", "arguments": '{"c": 1}', "id": "c1"}, "w")
    """
    if not isinstance(arguments, dict) or set(arguments) != _CALL_KEYS or name is None:
        return None
    inner = arguments["arguments"]
    parsed = try_json(inner) if isinstance(inner, str) else None
    if arguments["name"] != name or not isinstance(parsed, dict):
        return None
    return parsed


def function_result(result: Any, name: str | None) -> Any:
    """A successful ``[true, {"name", "role": "function", "content"}]`` as its content.

    Anything else is returned as it is.

    Examples:
        >>> ran = [True, {"name": "w", "role": "function", "content": "sunny"}]
        >>> function_result(ran, "w"), function_result('[true, {"name": "w", '
        ...     '"role": "function", "content": "rain"}]', "w")
        ('sunny', 'rain')

        Not a failed execution, another tool's message, nor a list a tool returned:

        >>> function_result([False, {"name": "w", "role": "function", "content": "Error"}], "w")
        [False, {'name': 'w', 'role': 'function', 'content': 'Error'}]
        >>> function_result(ran, "x")[0], function_result([True, "sunny"], "w")
        (True, [True, 'sunny'])
    """
    parsed = try_json(result) if isinstance(result, str) else result
    if not isinstance(parsed, list) or len(parsed) != 2 or parsed[0] is not True:
        return result
    message = parsed[1]
    return message["content"] if _is_function_message(message, name) else result


def function_message_content(result: Any, name: str | None) -> Any:
    """AG2's function message ``{"name", "role": "function", "content"}`` as its content.

    AgentOps' AG2 instrumentation writes what ``execute_function`` returned, without its
    success flag, as the message's JSON (`._agentops_tools`). Anything else is returned as it
    is.

    Examples:
        >>> function_message_content('{"name": "w", "role": "function", "content": "sunny"}',
        ...                          "w")
        'sunny'

        Not another tool's message, nor an object a tool returned with other keys:

        >>> function_message_content({"name": "x", "role": "function", "content": "s"}, "w")
        {'name': 'x', 'role': 'function', 'content': 's'}
        >>> function_message_content({"role": "function", "content": "s"}, "w")
        {'role': 'function', 'content': 's'}
    """
    parsed = try_json(result) if isinstance(result, str) else result
    return parsed["content"] if _is_function_message(parsed, name) else result


def _is_function_message(value: Any, name: str | None) -> bool:
    """Whether `value` is AG2's ``{"name", "role": "function", "content"}`` of tool `name`."""
    return (
        isinstance(value, dict)
        and set(value) == _MESSAGE_KEYS
        and value["role"] == "function"
        and name is not None
        and value["name"] == name
    )

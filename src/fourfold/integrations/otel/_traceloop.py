"""The spans of traceloop-sdk's decorators (OpenLLMetry's ``@workflow``, ``@agent``...).

The decorators are ``@workflow``, ``@agent``, ``@task`` and ``@tool``. Each decorated
function's call is a span named ``<name>.<kind>`` (scope ``traceloop.tracer``) that says what
it is only by ``traceloop.span.kind`` (``workflow``, ``agent``, ``task``, ``tool``) and
``traceloop.entity.name``, with no ``gen_ai.operation.name``; with content tracing on
(``TRACELOOP_TRACE_CONTENT``, its default) ``traceloop.entity.input`` holds the function's
arguments as JSON (``{"args": [...], "kwargs": {...}}``) and ``traceloop.entity.output`` its
return value as JSON. The SDK writes ``gen_ai.agent.name`` on every span started inside an
``@agent`` (its steps, tools and model calls too), so that key alone does not make a span an
agent run.

- ``agent`` is an agent run (``invoke_agent``), named by ``gen_ai.agent.name``, else its
  ``traceloop.entity.name``; ``workflow`` a workflow run (``invoke_workflow``); the return
  value of either is the run's result (`decorated_output`);
- ``tool`` a tool call (``execute_tool``): its arguments and result are read with every other
  tool span's (`._tools`), the call's keywords being its arguments (OpenLLMetry's MCP
  instrumentation marks its ``tools/call`` spans so too, with wrappers of its own:
  `._openllmetry_mcp`);
- ``task`` a step of the application's own (``execute_task``, as OpenLLMetry's LangChain
  instrumentation names its tasks): no run, no call; the model calls inside it are read from
  their own spans.

Spans that name their operation (OpenLLMetry's LangChain instrumentation writes
``traceloop.span.kind`` beside ``gen_ai.operation.name``, and its callback records as entity
input and output) are read by that operation, not here.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = [
    "decorated_agent_name",
    "decorated_input",
    "decorated_operation",
    "decorated_output",
]

_KIND = "traceloop.span.kind"
_OPERATIONS = {
    "workflow": "invoke_workflow",
    "agent": "invoke_agent",
    "tool": "execute_tool",
    "task": "execute_task",
}


def decorated_operation(attrs: dict[str, Any]) -> str | None:
    """The operation of a traceloop-sdk decorator's span; None for any other span.

    Examples:
        >>> decorated_operation({"traceloop.span.kind": "tool", "gen_ai.agent.name": "a"})
        'execute_tool'
        >>> decorated_operation({"traceloop.span.kind": "task", "gen_ai.agent.name": "a"})
        'execute_task'
        >>> decorated_operation({"traceloop.span.kind": "workflow", "gen_ai.operation.name": "x"})
    """
    if attrs.get("gen_ai.operation.name"):
        return None  # the span names its own operation
    return _OPERATIONS.get(str(attrs.get(_KIND) or ""))


def decorated_output(attrs: dict[str, Any]) -> Any:
    """What a decorated ``@agent`` or ``@workflow`` function returned (its JSON text), or None.

    Examples:
        >>> decorated_output({"traceloop.span.kind": "agent", "traceloop.entity.output": '"Hi"'})
        '"Hi"'
        >>> decorated_output({"traceloop.span.kind": "task", "traceloop.entity.output": "{}"})
    """
    if attrs.get(_KIND) not in ("agent", "workflow") or attrs.get("gen_ai.operation.name"):
        return None
    return attrs.get("traceloop.entity.output")


def decorated_agent_name(attrs: dict[str, Any]) -> str | None:
    """The name an ``@agent`` decorator gave the agent (``traceloop.entity.name``), or None.

    Examples:
        >>> decorated_agent_name({"traceloop.span.kind": "agent", "traceloop.entity.name": "a"})
        'a'
        >>> decorated_agent_name({"traceloop.span.kind": "task", "traceloop.entity.name": "t"})
    """
    name = attrs.get("traceloop.entity.name")
    if attrs.get(_KIND) != "agent" or name in (None, ""):
        return None
    return str(name)


def decorated_input(attrs: dict[str, Any]) -> str | None:
    """The one text a ``workflow`` or ``agent`` span's function was given, or None.

    ``traceloop.entity.input`` is the call's arguments as JSON: the decorators' ``{"args":
    [...], "kwargs": {...}}``, OpenLLMetry's LlamaIndex instrumentation's ``{parameter:
    value}`` (a query engine's ``{"str_or_query_bundle": "<question>"}``). When exactly one
    argument is given and it is a text, that text is what the run was asked; several
    arguments, or one that is not a text (a list of questions, an object), are the
    application's, not a question.

    Examples:
        >>> decorated_input({"traceloop.span.kind": "workflow",
        ...     "traceloop.entity.input": '{"str_or_query_bundle": "How long?"}'})
        'How long?'
        >>> decorated_input({"traceloop.span.kind": "agent",
        ...     "traceloop.entity.input": '{"args": ["Hi"], "kwargs": {}}'})
        'Hi'
        >>> decorated_input({"traceloop.span.kind": "workflow",
        ...     "traceloop.entity.input": '{"args": [["a", "b"]], "kwargs": {}}'})
        >>> decorated_input({"traceloop.span.kind": "task", "traceloop.entity.input": '{"q": "x"}'})
    """
    if attrs.get(_KIND) not in ("agent", "workflow") or attrs.get("gen_ai.operation.name"):
        return None
    raw = attrs.get("traceloop.entity.input")
    try:
        given = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if not isinstance(given, dict):
        return None
    if set(given) <= {"args", "kwargs"} and "args" in given:
        args, kwargs = given.get("args"), given.get("kwargs")
        values = [*(args if isinstance(args, list) else [args])]
        values += list(kwargs.values()) if isinstance(kwargs, dict) else []
    else:
        values = list(given.values())
    if len(values) != 1 or not isinstance(values[0], str) or not values[0].strip():
        return None
    return values[0]

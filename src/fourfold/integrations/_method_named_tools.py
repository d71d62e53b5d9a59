"""Which tool a TOOL span of MLflow's autologs ran, when the span is named after a method.

MLflow's autologs that patch a framework's classes name each span after the method they
patched, ``<Class>.<method>``: the smolagents autolog's TOOL spans are
``SimpleTool.__call__`` (the class smolagents' ``@tool`` makes of any function) and
``FinalAnswerTool.__call__``, a class's name and a method's, no tool's. A special method
(`METHOD_SPAN`) is never a tool's name; a plain one may be, and is kept: the DSPy autolog
names a tool's span ``Tool.<the tool's name>``. Where an autolog writes the tool's own
fields, they name it: a ``name`` attribute (the DSPy autolog's ``Tool.get_weather``, the
LlamaIndex one's ``FunctionTool.acall``), or the ``function`` attribute, ``{"name",
"description"}``, that the smolagents autolog writes of a tool whose fields it reads
(beside ``type`` ``function``). It writes the agent's fields on the agent's AGENT span, the
agent's tools in ``tools`` (`listed_tools`) in that form, ``[{"type": "function",
"function": {"name", ...}}, ...]``. MLflow 3.17.2's smolagents autolog reads the fields of
neither (it looks for attributes on the tools' dicts): its TOOL spans carry nothing but
their inputs and outputs, and the agent's tools are ``[{}, {}]``.

The rule (`tool_span_name`, `with_listed_tool_names`): a TOOL span named after a special
method, whose attributes name no tool, is the call of a tool the span does not name
(`ToolCall.name` None: the trace says a tool ran, with these arguments and this result,
not which). If the agent it runs in (its nearest AGENT span) lists one tool and names it,
the call is of that tool, the only one it can be; a list of several tools does not say
which ran, and empty objects name none: the call stays unnamed, unless a request with its
arguments names it (`._call_requests`). A TOOL span named otherwise (``get_weather``, the
function ``@mlflow.trace`` gave its name) is named by its name, as before.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ._literals import python_literal
from ._messages import try_json
from ._spans import Span, ancestors
from ._steps import Step, ToolRun

__all__ = ["METHOD_SPAN", "listed_tools", "tool_span_name", "with_listed_tool_names"]

METHOD_SPAN = re.compile(r"[A-Z]\w*\.__\w+__")
"""A span name that is a class's special method (``SimpleTool.__call__``), as MLflow's
autologs name the spans of the methods they patch: no tool's name."""

_TYPE = "mlflow.spanType"


def tool_span_name(span: Span) -> str | None:
    """The tool an MLflow TOOL span names: its fields' name, else its own name; or None.

    None for a span named after a special method whose attributes name no tool.

    Examples:
        >>> def span(span_name, **attrs):
        ...     return Span("t", "s", None, span_name, 0, 1, "ok", None, {
        ...         "mlflow.spanType": '"TOOL"', **attrs})
        >>> tool_span_name(span("get_weather")), tool_span_name(span("SimpleTool.__call__"))
        ('get_weather', None)
        >>> tool_span_name(span("Tool.get_weather", name='"get_weather"'))
        'get_weather'
        >>> tool_span_name(span("Tool.get_weather"))  # DSPy's Tool.<name>: kept as it was
        'Tool.get_weather'
        >>> tool_span_name(span("SimpleTool.__call__", function='{"name": "get_weather"}'))
        'get_weather'
    """
    attrs = span.attributes
    named = _tool_name(
        {"name": try_json(attrs.get("name")), "function": try_json(attrs.get("function"))}
    )
    if named is not None:
        return named
    if METHOD_SPAN.fullmatch(span.name or ""):
        return None
    return span.name or None


def listed_tools(span: Span) -> list[str | None] | None:
    """The tools an MLflow AGENT span lists in ``tools``, each its name or None; None: no list.

    The autologs write the list as its Python ``str()`` (JSON text of that text).

    Examples:
        >>> def agent(tools):
        ...     return Span("t", "a", None, "ToolCallingAgent.run", 0, 1, "ok", None,
        ...                 {"mlflow.spanType": '"AGENT"', "tools": tools})
        >>> listed_tools(agent('"[{}, {}]"'))
        [None, None]
        >>> listed_tools(agent('''"[{'type': 'function', 'function': {'name': 'get_weather'}}]"'''))
        ['get_weather']
        >>> listed_tools(agent('"not a list"')) is None
        True
    """
    value = try_json(span.attributes.get("tools"))
    if isinstance(value, str):
        value = python_literal(value)
    if not isinstance(value, list):
        return None
    return [_tool_name(entry) if isinstance(entry, dict) else None for entry in value]


def with_listed_tool_names(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, Step | None]:
    """`steps` with each call of an unnamed method's TOOL span named by its agent's one tool.

    `ordered`: the trace's spans; `steps`: what each is, by ``id(span)``; `by_id`: the spans
    by span id. Other steps are returned as they were.

    Examples:
        >>> from ..trace import ToolCall
        >>> def span(id, parent, name, kind, **attrs):
        ...     return Span("t", id, parent, name, 0, 1, "ok", None,
        ...                 {"mlflow.spanType": f'"{kind}"', **attrs})
        >>> agent = span("a", None, "ToolCallingAgent.run", "AGENT",
        ...              tools='''"[{'function': {'name': 'get_weather'}}]"''')
        >>> tool = span("b", "a", "SimpleTool.__call__", "TOOL")
        >>> steps = {id(agent): None, id(tool): ToolRun(tool, ToolCall(name=None))}
        >>> named = with_listed_tool_names([agent, tool], steps, {"a": agent, "b": tool})
        >>> named[id(tool)].call.name
        'get_weather'
    """
    for span in ordered:
        run = steps.get(id(span))
        if not isinstance(run, ToolRun) or run.call.name is not None:
            continue
        if _kind(span) != "TOOL" or tool_span_name(span) is not None:
            continue
        agent = next((a for a in ancestors(span, by_id) if _kind(a) == "AGENT"), None)
        listed = listed_tools(agent) if agent is not None else None
        if listed is not None and len(listed) == 1 and listed[0] is not None:
            steps[id(span)] = replace(run, call=run.call.model_copy(update={"name": listed[0]}))
    return steps


def _kind(span: Span) -> str:
    return str(try_json(span.attributes.get(_TYPE)) or "").upper()


def _tool_name(fields: dict[str, Any]) -> str | None:
    """The name a tool's fields give: ``name``, or ``function.name``; None when neither."""
    function = fields.get("function")
    for name in (fields.get("name"), function.get("name") if isinstance(function, dict) else None):
        if isinstance(name, str) and name.strip():
            return name
    return None

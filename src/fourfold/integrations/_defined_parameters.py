r"""A call given one bare value: that value under the one parameter its tool's definition names.

A tool span may record its arguments as a bare value, not an object: openlit's smolagents
instrumentation writes a ``CodeAgent``'s ``final_answer("...")`` as the JSON string alone
(``gen_ai.tool.call.arguments`` ``"\"Paris is sunny.\""``), and LangChain's TOOL spans the
tool's input string. The tool span reader keeps such a value as ``{"input": value}``
(`.otel._tools`): the span names no parameter. But the trace often holds the tool's
definition elsewhere: the tool definitions an agent or model span lists
(``gen_ai.tool.definitions``, semconv's ``[{type, name, description, parameters}]``, written on
openlit's ``invoke_agent`` spans; OpenInference's ``llm.tools.<i>.tool.json_schema``, the
OpenAI form ``{type, function: {name, parameters}}``), its ``parameters`` a JSON Schema or
smolagents' own ``{name: {type, description}}``.

The rule, `with_defined_parameters` (the contract's ``arguments``): a call whose span gave one
bare value (not recorded as an object, ``{"input": value}``) is that value under the name of
its tool's one parameter when the trace's definitions of that tool all name exactly that one
parameter; else it stays under ``input``: no name is made up that the trace does not give
(smolagents' ``python_interpreter``, which no definition lists, keeps ``{"input": code}``; a
tool defined with two parameters, or defined differently in two places, too). The call still
counts as not recorded as an object, so the arguments of the request it answers stand where
one does (`._tool_runs.attach_tool_runs`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ._messages import try_json
from ._spans import Span
from ._steps import Step, ToolRun

__all__ = ["defined_parameters", "parameter_names", "with_defined_parameters"]

_DEFINITIONS = "gen_ai.tool.definitions"
_OPENINFERENCE_TOOL = re.compile(r"^llm\.tools\.\d+\.tool\.json_schema$")
_BARE = "input"
"""The key the tool span reader keeps a bare value under (`._messages.parse_arguments`)."""


def with_defined_parameters(
    ordered: list[Span], steps: dict[int, Step | None]
) -> dict[int, Step | None]:
    """`steps` with each bare-value tool call bound to its tool's one defined parameter.

    `ordered`: the trace's spans; `steps`: what each is, by ``id(span)``. Other steps are
    returned as they were.

    Examples:
        >>> from ..trace import ToolCall
        >>> def span(id, attrs):
        ...     return Span("t", id, None, "execute_tool", 1, 2, "ok", None, attrs)
        >>> tools = '[{"name": "final_answer", "parameters": {"answer": {"type": "any"}}}]'
        >>> agent, tool = span("a", {"gen_ai.tool.definitions": tools}), span("b", {})
        >>> bare = ToolCall(name="final_answer", arguments={"input": "Rain."})
        >>> steps = {id(agent): None, id(tool): ToolRun(tool, bare, arguments_recorded=False)}
        >>> with_defined_parameters([agent, tool], steps)[id(tool)].call.arguments
        {'answer': 'Rain.'}
    """
    names = defined_parameters(s.attributes for s in ordered)
    if not names:
        return steps
    out = dict(steps)
    for span in ordered:
        run = steps.get(id(span))
        if not isinstance(run, ToolRun) or run.arguments_recorded:
            continue
        arguments, tool = run.call.arguments, run.call.name
        if set(arguments) != {_BARE} or tool not in names:
            continue
        call = run.call.model_copy(update={"arguments": {names[tool]: arguments[_BARE]}})
        out[id(span)] = replace(run, call=call)
    return out


def defined_parameters(attributes: Iterable[dict[str, Any]]) -> dict[str, str]:
    """Each tool's one parameter, by tool name, from the definitions the spans list.

    A tool defined with no parameter or several, or whose definitions disagree, is left out.

    Examples:
        >>> smol = '[{"name": "f", "parameters": {"answer": {"type": "any"}}}, '
        >>> smol += '{"name": "g", "parameters": {"a": {}, "b": {}}}]'
        >>> schema = '{"type": "function", "function": {"name": "h", "parameters": '
        >>> schema += '{"type": "object", "properties": {"q": {"type": "string"}}}}}'
        >>> defined_parameters([{"gen_ai.tool.definitions": smol},
        ...                     {"llm.tools.0.tool.json_schema": schema}])
        {'f': 'answer', 'h': 'q'}
        >>> defined_parameters([{"gen_ai.tool.definitions": '[{"name": "f", "parameters": '
        ...     '{"x": {}}}, {"name": "f", "parameters": {"y": {}}}]'}])
        {}
    """
    found: dict[str, set[tuple[str, ...]]] = {}
    for attrs in attributes:
        for name, params in _definitions(attrs):
            found.setdefault(name, set()).add(params)
    return {
        name: shapes.pop()[0]
        for name, shapes in found.items()
        if len(shapes) == 1 and len(next(iter(shapes))) == 1
    }


def _definitions(attrs: dict[str, Any]) -> list[tuple[str, tuple[str, ...]]]:
    """The (tool name, parameter names) of each tool definition a span's attributes list."""
    listed = try_json(attrs.get(_DEFINITIONS))
    items: list[Any] = list(listed) if isinstance(listed, list) else []
    items += [try_json(v) for k, v in attrs.items() if _OPENINFERENCE_TOOL.match(k)]
    out = []
    for item in items:
        if not isinstance(item, dict):
            continue
        function = item.get("function")
        tool = function if isinstance(function, dict) else item
        name = tool.get("name")
        if isinstance(name, str) and name and "parameters" in tool:
            out.append((name, parameter_names(tool["parameters"])))
    return out


def parameter_names(parameters: Any) -> tuple[str, ...]:
    """The parameter names a definition's ``parameters`` give.

    A JSON Schema's ``properties`` (an object schema without them names none), or
    smolagents' ``{name: {type, description}}``.
    """
    schema = try_json(parameters)
    if not isinstance(schema, dict):
        return ()
    if isinstance(schema.get("properties"), dict):
        return tuple(str(k) for k in schema["properties"])
    if schema.get("type") == "object":
        return ()
    return tuple(str(k) for k, v in schema.items() if isinstance(v, dict))

"""A Mastra agent network's call of one of its own tools, read from the step that ran it.

Mastra 1.x (measured on 1.71.0 with @mastra/otel-exporter 1.4.0, exported with
``includeInternalSpans``) runs ``agent.network()`` as the workflow ``agent-loop-main-workflow``.
Each iteration's ``workflow_step routing-agent-step`` writes the routing agent's decision as
its output (``mastra.workflow_step.output``): ``{task, primitiveType, primitiveId, prompt,
selectionReason, iteration, ...}``. When it chose a tool in the network's own ``tools``
(``primitiveType: "tool"``), the ``workflow_step tool-execution-step`` runs it, handed that
decision as its input (``mastra.workflow_step.input``, the routing step's output again): it
parses the ``prompt`` as the tool's JSON input, runs the tool and returns ``{task,
primitiveId, primitiveType, result, isComplete, iteration, toolCallId, toolName}``, the
``toolCallId`` a UUID Mastra generates for the execution. The network hands the tool no
tracing context, so no tool span records the call: the step is the call.

- name: the output's ``toolName`` (the tool's id), else the decision's ``primitiveId``;
- arguments: the decision's ``prompt`` parsed as JSON (``{"city": "Paris"}``, written as text);
- result: the output's ``result``, what the tool returned;
- id: the output's ``toolCallId``;
- error: a step that failed (status error, or ``mastra.workflow_step.status`` ``failed``: the
  tool threw, or the router named a tool the network lacks) is the call, failed: its
  ``exception`` event or status message, no result and no id (the output is not written).

Not a call: a step whose decision chose an agent or a workflow (``agent-execution-step``,
``workflow-execution-step``: their own spans record the calls they make), a step that ran no
tool (a prompt that is not JSON: Mastra returns an error text to the router, its output names
no tool; a step suspended for approval), and any other step. A tool span inside the step (a
release that hands the tool its tracing context) records the same call again: the step's call
stands and the inner record is its repeat (`.._repeated_tools`).
"""

from __future__ import annotations

from typing import Any

from ...trace import ToolCall
from .._messages import call_id, parse_arguments, result_value, try_json
from .._spans import Span, ns_to_datetime
from .._steps import ToolRun
from ._shapes import mastra_value
from ._tools import tool_error

__all__ = ["network_tool_run"]

_TOOL_STEP = "tool-execution-step"
"""The id of the network step that runs a tool the routing agent chose."""


def network_tool_run(span: Span) -> ToolRun | None:
    """The tool call a Mastra network's ``tool-execution-step`` span ran; None for any other span.

    Examples:
        >>> import json
        >>> decision = {"primitiveType": "tool", "primitiveId": "get_weather",
        ...             "prompt": json.dumps({"city": "Paris"})}
        >>> ran = {"primitiveType": "tool", "result": "sunny", "toolCallId": "u1",
        ...        "toolName": "get_weather"}
        >>> step = Span("t", "s", None, "workflow_step tool-execution-step", 1, 2, "ok", None, {
        ...     "mastra.span.type": "workflow_step",
        ...     "mastra.workflow_step.step_id": "tool-execution-step",
        ...     "mastra.workflow_step.input": json.dumps(decision),
        ...     "mastra.workflow_step.output": json.dumps(ran)})
        >>> call = network_tool_run(step).call
        >>> call.name, call.arguments, call.result, call.id
        ('get_weather', {'city': 'Paris'}, 'sunny', 'u1')
    """
    attrs = span.attributes
    if attrs.get("mastra.span.type") != "workflow_step":
        return None
    if attrs.get("mastra.workflow_step.step_id") != _TOOL_STEP:
        return None
    decision = _object(mastra_value(attrs, "input"))
    ran = _object(mastra_value(attrs, "output"))
    failed = span.status == "error" or attrs.get("mastra.workflow_step.status") == "failed"
    if failed:
        if decision.get("primitiveType") != "tool" or not _text(decision.get("primitiveId")):
            return None
        name = str(decision["primitiveId"])
    else:
        if ran.get("primitiveType") != "tool" or not _text(ran.get("toolName")):
            return None  # ran no tool: an agent's or a workflow's, or a prompt that is no JSON
        name = str(ran["toolName"])
    prompt = try_json(decision.get("prompt"))
    recorded = "result" in ran
    call = ToolCall(
        name=name,
        arguments=parse_arguments(prompt),
        result=result_value(ran.get("result")),
        error=(tool_error(span) or "failed") if failed else None,
        id=call_id(ran.get("toolCallId")),
        started_at=ns_to_datetime(span.start_ns),
        ended_at=ns_to_datetime(span.end_ns),
    )
    return ToolRun(
        span,
        call,
        arguments_recorded=isinstance(prompt, dict),
        result_recorded=recorded and not failed,
        run_by_step=True,
    )


def _object(value: Any) -> dict[str, Any]:
    """`value` (a step's input or output, JSON text) as an object; {} when it is none."""
    parsed = try_json(value)
    return parsed if isinstance(parsed, dict) else {}


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None

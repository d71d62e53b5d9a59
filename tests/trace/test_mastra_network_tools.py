"""A Mastra agent network's tool call, read from the workflow steps that chose and ran it.

Mastra 1.x's ``agent.network()`` exported with ``includeInternalSpans``
(`mastra/mastra-network-tool-2026-12-06.json`): the routing agent's decision is the output of
``workflow_step routing-agent-step``; a tool of the network's own ``tools`` is run by
``workflow_step tool-execution-step``, handed that decision as its input, with no tool span
(`fourfold.integrations.otel._network_tools`). Small spans written the way
@mastra/otel-exporter 1.4.0 writes them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
CALL_ID = "092c8229-d3a8-46cc-92dc-00676b03c6b8"

_STATE = {
    "task": "What is the weather in Paris?",
    "primitiveId": "",
    "primitiveType": "none",
    "iteration": -1,
    "threadId": "thread-1",
    "isOneOff": False,
}


def _mastra(
    n: int,
    name: str,
    kind: str,
    attrs: dict[str, Any],
    *,
    parent: int | None = None,
    start: float = 0.0,
) -> dict[str, Any]:
    """A span as @mastra/otel-exporter 1.x writes it: ``mastra.span.type`` beside the op name."""
    op = {"workflow_run": "invoke_workflow", "tool_call": "execute_tool"}.get(kind, kind)
    base = {"mastra.span.type": kind, "gen_ai.operation.name": op}
    return span(n, name, base | attrs, trace=TRACE, parent=parent, start=start, end=start + 0.05)


def _step(
    n: int, step_id: str, given: Any, out: Any, *, parent: int, start: float
) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "mastra.workflow_step.step_id": step_id,
        "mastra.workflow_step.input": json.dumps(given),
        "mastra.workflow_step.status": "success",
    }
    if out is not None:
        attrs["mastra.workflow_step.output"] = json.dumps(out)
    return _mastra(
        n, f"workflow_step {step_id}", "workflow_step", attrs, parent=parent, start=start
    )


def _decision(kind: str, primitive: str, prompt: str) -> dict[str, Any]:
    """The routing agent's decision, as routing-agent-step's output writes it."""
    return {
        **_STATE,
        "result": "",
        "primitiveId": primitive,
        "primitiveType": kind,
        "prompt": prompt,
        "isComplete": False,
        "selectionReason": f"{primitive} fits the task.",
        "iteration": 0,
    }


def _network(
    kind: str, primitive: str, prompt: str, execution: dict[str, Any] | None
) -> list[dict[str, Any]]:
    """The network loop: the outer workflow's routing step, then (inside the conditional that
    picks the primitive's execution step) `execution`, the step that ran what was chosen."""
    result = "" if execution is None else execution.get("result", "")
    done = {**_STATE, "primitiveId": primitive, "primitiveType": kind, "iteration": 0}
    done |= {"isComplete": True, "result": result}
    workflow = {
        "mastra.workflow_run.input": json.dumps(_STATE),
        "mastra.workflow_run.output": json.dumps(done),
        "mastra.workflow_run.status": "success",
    }
    decision = _decision(kind, primitive, prompt)
    spans = [
        _mastra(1, "invoke_workflow agent-loop-main-workflow", "workflow_run", workflow),
        _mastra(
            2,
            "invoke_workflow Agent-Network-Outer-Workflow",
            "workflow_run",
            workflow,
            parent=1,
            start=0.01,
        ),
        _step(3, "routing-agent-step", _STATE, decision, parent=2, start=0.02),
        _mastra(4, "conditional 4 conditions", "workflow_conditional", {}, parent=2, start=0.3),
    ]
    step_id = {"tool": "tool-execution-step", "agent": "agent-execution-step"}[kind]
    spans.append(_step(5, step_id, decision, execution, parent=4, start=0.31))
    return spans


def _ran(result: Any = "sunny, 22 C") -> dict[str, Any]:
    """tool-execution-step's output: the tool's result, its name and the id Mastra gave it."""
    return {
        "task": _STATE["task"],
        "primitiveId": "get_weather",
        "primitiveType": "tool",
        "result": result,
        "isComplete": False,
        "iteration": 0,
        "toolCallId": CALL_ID,
        "toolName": "get_weather",
    }


def _tool_span(n: int, parent: int, start: float) -> dict[str, Any]:
    """The tool's own span, as Mastra writes one for an agent's tool (``tool_call``)."""
    attrs = {
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": CALL_ID,
        "gen_ai.tool.call.arguments": '{"city":"Paris"}',
        "gen_ai.tool.call.result": "sunny, 22 C",
    }
    return _mastra(n, "execute_tool get_weather", "tool_call", attrs, parent=parent, start=start)


def _calls(imported: Any) -> list[tuple[Any, ...]]:
    return [(c.name, c.arguments, c.result, c.id, c.error) for c in imported.trace.tool_calls]


def test_a_network_tool_step_is_the_call_its_routing_step_chose(tmp_path: Path) -> None:
    """The call's name and id are the tool step's, its arguments the routing decision's
    prompt parsed as JSON, its result what the step returned; the steps are no messages."""
    imported = import_one(tmp_path, _network("tool", "get_weather", '{"city":"Paris"}', _ran()))
    assert _calls(imported) == [("get_weather", {"city": "Paris"}, "sunny, 22 C", CALL_ID, None)]
    assert imported.trace.messages == []
    assert imported.input == "What is the weather in Paris?"
    assert imported.trace.output == "sunny, 22 C"


def test_a_tool_result_object_is_kept_as_json(tmp_path: Path) -> None:
    reading = {"conditions": "sunny", "celsius": 22}
    spans = _network("tool", "get_weather", '{"city":"Paris"}', _ran(reading))
    [call] = import_one(tmp_path, spans).trace.tool_calls
    assert call.result == reading


def test_a_failed_tool_step_is_the_call_failed(tmp_path: Path) -> None:
    """The tool threw: the step ends in error with no output; the call is the decision's tool
    and prompt, its error the step's exception, with no result and no id."""
    spans = _network("tool", "get_weather", '{"city":"Tokio"}', None)
    spans[-1]["attributes"]["mastra.workflow_step.status"] = "failed"
    spans[-1]["status"] = {"code": "ERROR", "message": "unknown city: Tokio"}
    spans[-1]["events"] = [
        {
            "name": "exception",
            "attributes": {"exception.type": "Error", "exception.message": "unknown city: Tokio"},
        }
    ]
    [call] = import_one(tmp_path, spans).trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Tokio"},
        None,
        None,
    )
    assert call.error == "Error: unknown city: Tokio"
    assert import_one(tmp_path, spans).trace.messages == []  # no model was told of it


def test_a_prompt_that_is_no_json_runs_no_tool(tmp_path: Path) -> None:
    """Mastra answers the router with an error text without running the tool: the step's
    output names no tool and no call id, so there is no call."""
    refused = {k: v for k, v in _ran().items() if k not in ("toolCallId", "toolName")}
    refused["result"] = 'Error: The prompt provided for tool "get_weather" is not valid JSON.'
    spans = _network("tool", "get_weather", "Paris, please", refused)
    assert import_one(tmp_path, spans).trace.tool_calls == []


def test_a_tool_span_inside_the_step_is_no_second_call(tmp_path: Path) -> None:
    """Should the network hand the tool its tracing context, the tool's own span sits inside
    the step and records the same call: one call."""
    spans = _network("tool", "get_weather", '{"city":"Paris"}', _ran())
    spans.append(_tool_span(6, parent=5, start=0.32))
    imported = import_one(tmp_path, spans)
    assert _calls(imported) == [("get_weather", {"city": "Paris"}, "sunny, 22 C", CALL_ID, None)]
    assert imported.trace.messages == []


def test_a_tool_span_beside_the_step_is_no_second_call(tmp_path: Path) -> None:
    """The tool's own span, the same call id, recorded beside the step rather than inside it:
    one call."""
    spans = _network("tool", "get_weather", '{"city":"Paris"}', _ran())
    spans.append(_tool_span(6, parent=4, start=0.32))
    imported = import_one(tmp_path, spans)
    assert _calls(imported) == [("get_weather", {"city": "Paris"}, "sunny, 22 C", CALL_ID, None)]
    assert imported.trace.messages == []


def test_a_routing_step_that_chose_an_agent_gives_no_tool_call(tmp_path: Path) -> None:
    """Routing to an agent: agent-execution-step runs it (its calls, if any, in its own
    spans); neither the routing decision nor the execution step is a tool call."""
    answered = {
        "task": _STATE["task"],
        "primitiveId": "weather_agent",
        "primitiveType": "agent",
        "result": "Paris is sunny at 22 C.",
        "isComplete": False,
        "iteration": 0,
    }
    spans = _network("agent", "weather_agent", "Current weather in Paris?", answered)
    imported = import_one(tmp_path, spans)
    assert imported.trace.tool_calls == []
    assert imported.trace.output == "Paris is sunny at 22 C."

"""A TOOL span of MLflow's autologs named after the method it patched names no tool.

MLflow 3.17.2's smolagents autolog names its TOOL spans ``SimpleTool.__call__`` and
``FinalAnswerTool.__call__`` and writes the agent's tools as ``[{}, {}]``
(tests/data/traces/mlflow/mlflow-smolagents-2026-12-05.json): no tool's name is in the
trace, and the calls are unnamed (`ToolCall.name` None), their arguments and results kept.
The edges the rule must not fire on: a TOOL span with a name of its own (``Tool.get_weather``,
as the DSPy autolog writes it, too: only a special method such as ``__call__`` is surely no
tool's name), a method's span whose attributes name the tool, a method's span whose agent
lists its one tool by name; and a request with the call's arguments names it as it names any
span naming no tool.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, stepped_span
from tests.helpers.span_builders import mlflow_attributes as _attrs

TRACE = "5e" * 16
UNNAMED_TOOLS = "[{}, {}]"  # MLflow 3.17.2: it looks for attributes on the tools' dicts
ONE_TOOL = "[{'type': 'function', 'function': {'name': 'get_weather', 'description': 'W.'}}]"
TWO_TOOLS = (
    "[{'type': 'function', 'function': {'name': 'get_weather', 'description': 'W.'}}, "
    "{'type': 'function', 'function': {'name': 'final_answer', 'description': 'A.'}}]"
)


def _agent(n: int = 1, tools: str | None = UNNAMED_TOOLS, parent: int | None = None) -> Any:
    more: dict[str, Any] = {"name": "weather_agent", "agent_name": "ToolCallingAgent"}
    if tools is not None:
        more["tools"] = tools
    attrs = _attrs("AGENT", {"task": "Weather in Paris?"}, {"_value": "Sunny."}, **more)
    return stepped_span(n, "ToolCallingAgent.run", attrs, trace=TRACE, parent=parent)


def _tool(n: int, span_name: str, city: str, result: str, parent: int = 1, **more: Any) -> Any:
    inputs = {"sanitize_inputs_outputs": True, "kwargs": {"city": city}}
    attrs = _attrs("TOOL", inputs, {"_value": result}, **more)
    return stepped_span(n, span_name, attrs, trace=TRACE, parent=parent)


def _calls(tmp_path: Path, spans: list[Any]) -> list[tuple[str | None, dict[str, Any], Any]]:
    trace = import_one(tmp_path, spans).trace
    return [(c.name, c.arguments, c.result) for c in trace.tool_calls]


def test_the_smolagents_autologs_tool_spans_name_no_tool(tmp_path: Path) -> None:
    answer = _attrs(
        "TOOL",
        {"sanitize_inputs_outputs": True, "kwargs": {"answer": "Sunny."}},
        {"_value": "Sunny."},
    )
    spans = [
        _agent(),
        _tool(2, "SimpleTool.__call__", "Paris", "sunny, 22 C"),
        _tool(3, "SimpleTool.__call__", "Tokyo", "rain, 17 C"),
        stepped_span(4, "FinalAnswerTool.__call__", answer, trace=TRACE, parent=1),
    ]
    assert _calls(tmp_path, spans) == [
        (None, {"city": "Paris"}, "sunny, 22 C"),
        (None, {"city": "Tokyo"}, "rain, 17 C"),
        (None, {"answer": "Sunny."}, "Sunny."),
    ]


def test_a_tool_span_with_a_name_of_its_own_keeps_it(tmp_path: Path) -> None:
    spans = [_agent(), _tool(2, "get_weather", "Paris", "sunny, 22 C")]
    assert _calls(tmp_path, spans) == [("get_weather", {"city": "Paris"}, "sunny, 22 C")]


def test_a_span_named_after_a_plain_method_keeps_its_name(tmp_path: Path) -> None:
    # the DSPy autolog names a tool's span Tool.<the tool's name>: not a method to drop
    spans = [_agent(), _tool(2, "Tool.get_weather", "Paris", "sunny, 22 C")]
    assert [name for name, _, _ in _calls(tmp_path, spans)] == ["Tool.get_weather"]


def test_a_methods_span_whose_attributes_name_the_tool_is_that_tool(tmp_path: Path) -> None:
    # DSPy's autolog writes the tool's name; smolagents' would write {type, function} if it
    # read the tool's fields
    spans = [
        _agent(),
        _tool(2, "Tool.get_weather", "Paris", "sunny, 22 C", name="get_weather"),
        _tool(3, "SimpleTool.__call__", "Tokyo", "rain, 17 C", function={"name": "get_time"}),
    ]
    assert [name for name, _, _ in _calls(tmp_path, spans)] == ["get_weather", "get_time"]


def test_a_methods_span_whose_agent_lists_one_tool_by_name_is_that_tool(tmp_path: Path) -> None:
    spans = [_agent(tools=ONE_TOOL), _tool(2, "SimpleTool.__call__", "Paris", "sunny, 22 C")]
    assert _calls(tmp_path, spans) == [("get_weather", {"city": "Paris"}, "sunny, 22 C")]


def test_an_agent_listing_several_tools_does_not_say_which_one_ran(tmp_path: Path) -> None:
    spans = [_agent(tools=TWO_TOOLS), _tool(2, "SimpleTool.__call__", "Paris", "sunny, 22 C")]
    assert _calls(tmp_path, spans) == [(None, {"city": "Paris"}, "sunny, 22 C")]


def test_the_list_read_is_the_nearest_agents(tmp_path: Path) -> None:
    # a managed agent's tool: its own agent's list, not its manager's
    spans = [
        _agent(1, tools=ONE_TOOL),
        _agent(2, tools=UNNAMED_TOOLS, parent=1),
        _tool(3, "SimpleTool.__call__", "Paris", "sunny, 22 C", parent=2),
    ]
    assert [name for name, _, _ in _calls(tmp_path, spans)] == [None]


def test_a_request_with_the_calls_arguments_names_it(tmp_path: Path) -> None:
    requested = {
        "id": "call_w1",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
    }
    reply = {
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": None,
                                     "tool_calls": [requested]}}
        ]
    }  # fmt: skip
    model = _attrs(
        "CHAT_MODEL",
        {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "Weather in Paris?"}]},
        reply,
    )
    spans = [
        _agent(),
        stepped_span(2, "OpenAIModel.generate", model, trace=TRACE, parent=1),
        _tool(3, "SimpleTool.__call__", "Paris", "sunny, 22 C"),
    ]
    trace = import_one(tmp_path, spans).trace
    assert [(c.name, c.id) for c in trace.tool_calls] == [("get_weather", "call_w1")]

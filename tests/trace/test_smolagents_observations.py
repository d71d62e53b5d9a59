r"""smolagents' observations (smolagents 1.26.0 under openinference-instrumentation-smolagents):
a call no tool span records (a managed agent's, a ``CodeAgent``'s ``python_interpreter``
action) is answered in the next model input by a ``tool-response`` message, ``Observation:\n``
and what the step observed. The tool message is that text as written, what the model was
given; the call's result is the text after the label (`integrations/otel/_observations.py`).
A call a tool span records keeps the span's result, and an error observation, which has no
such label, is its own text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "5e" * 16

_MANAGED = "Here is the final answer from your managed agent 'weather_agent':\nA is sunny."


def _span(n: int, name: str, attrs: dict[str, Any], *, start: float) -> dict[str, Any]:
    parent = None if n == 1 else 1
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=start + 0.5)


def _llm(n: int, start: float, inputs: list[Any], outputs: list[Any]) -> dict[str, Any]:
    attrs = {"openinference.span.kind": "LLM", "llm.model_name": "m"}
    attrs |= openinference_messages("llm.input_messages", inputs) | openinference_messages(
        "llm.output_messages", outputs
    )
    return _span(n, "llm", attrs, start=start)


def _replayed(call_id: str, name: str, arguments: str) -> dict[str, str]:
    """smolagents' ``tool-call`` message: the step's request, a Python repr."""
    call = f"{{'id': '{call_id}', 'type': 'function', 'function': {{'name': '{name}', "
    return {"role": "tool-call", "content": f"Calling tools:\n[{call}'arguments': {arguments}}}}}]"}


_USER = {"role": "user", "content": "Weather in A?"}


def test_a_managed_agents_result_is_its_observation_without_the_label(tmp_path: Path) -> None:
    # a manager ToolCallingAgent calls its managed agent: no tool span records the call, the
    # managed agent's run is an AGENT span; the manager's next input answers call_m1
    asked = {"role": "assistant", "tool_calls": [("call_m1", "weather_agent", {"task": "A"})]}
    observed = f"Observation:\n{_MANAGED}"
    then = [
        _USER,
        _replayed("call_m1", "weather_agent", "{'task': 'A'}"),
        {"role": "tool-response", "content": observed},
    ]
    spans = [
        _span(1, "manager.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _llm(2, 0.1, [_USER], [asked]),
        _span(3, "weather_agent.run", {"openinference.span.kind": "AGENT"}, start=1.0),
        _llm(4, 2.0, then, [{"role": "assistant", "content": "A is sunny."}]),
    ]
    imported = import_one(tmp_path, spans)
    assert [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages] == [
        ("user", "Weather in A?", None),
        ("assistant", None, None),
        ("tool", observed, "call_m1"),  # what the model was given, label included
        ("assistant", "A is sunny.", None),
    ]
    assert [(c.name, c.id, c.result) for c in imported.trace.tool_calls] == [
        ("weather_agent", "call_m1", _MANAGED),
    ]


def test_a_code_actions_result_is_its_execution_logs(tmp_path: Path) -> None:
    # a CodeAgent's step: its python_interpreter call_1 is answered by the execution logs
    code = "Thought: go\n<code>\nprint(get_weather(city='A'))\n"
    logs = "Execution logs:\nsunny\nLast output from code snippet:\nNone"
    then = [
        _USER,
        {"role": "assistant", "content": code + "</code>"},
        _replayed("call_1", "python_interpreter", "\"print(get_weather(city='A'))\""),
        {"role": "tool-response", "content": f"Observation:\n{logs}"},
    ]
    bound = '{"args": [], "sanitize_inputs_outputs": false, "kwargs": {"city": "A"}}'
    tool = {"openinference.span.kind": "TOOL", "tool.name": "get_weather"}
    spans = [
        _span(1, "a.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _llm(2, 0.1, [_USER], [{"role": "assistant", "content": code}]),
        _span(3, "get_weather", tool | {"input.value": bound, "output.value": "sunny"}, start=1.0),
        _llm(4, 2.0, then, [{"role": "assistant", "content": "sunny"}]),
    ]
    imported = import_one(tmp_path, spans)
    tools = [(m.content, m.tool_call_id) for m in imported.trace.messages if m.role == "tool"]
    assert tools == [(f"Observation:\n{logs}", "call_1")]
    assert [(c.name, c.id, c.result) for c in imported.trace.tool_calls] == [
        ("python_interpreter", "call_1", logs),
        ("get_weather", None, "sunny"),  # the tool its code ran: its span's result
    ]


def test_a_call_a_tool_span_records_keeps_the_spans_result(tmp_path: Path) -> None:
    # a ToolCallingAgent's one call with its TOOL span: the span records what the tool
    # returned (here a JSON object), which stays the result; the observation the model was
    # given, as written, stays the tool message
    asked = {"role": "assistant", "tool_calls": [("call_w1", "get_weather", {"city": "A"})]}
    observed = "Observation:\nA: sunny"
    then = [
        _USER,
        _replayed("call_w1", "get_weather", "{'city': 'A'}"),
        {"role": "tool-response", "content": observed},
    ]
    tool = {"openinference.span.kind": "TOOL", "tool.name": "get_weather"}
    tool |= {"input.value": '{"city": "A"}', "output.value": '{"sky": "sunny"}'}
    spans = [
        _span(1, "a.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _llm(2, 0.1, [_USER], [asked]),
        _span(3, "get_weather", tool, start=1.0),
        _llm(4, 2.0, then, [{"role": "assistant", "content": "sunny"}]),
    ]
    imported = import_one(tmp_path, spans)
    tools = [(m.content, m.tool_call_id) for m in imported.trace.messages if m.role == "tool"]
    assert tools == [(observed, "call_w1")]
    assert [(c.name, c.id, c.result) for c in imported.trace.tool_calls] == [
        ("get_weather", "call_w1", {"sky": "sunny"}),
    ]


def test_an_observation_without_the_label_is_its_own_result(tmp_path: Path) -> None:
    # a text that does not start with smolagents' label (here another framework's words, or
    # a label not at the start) is the call's result as written
    asked = {"role": "assistant", "tool_calls": [("call_m1", "weather_agent", {"task": "A"})]}
    said = f"Execution logs:\nObservation:\n{_MANAGED}"
    then = [
        _USER,
        _replayed("call_m1", "weather_agent", "{'task': 'A'}"),
        {"role": "tool-response", "content": said},
    ]
    spans = [
        _span(1, "manager.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _llm(2, 0.1, [_USER], [asked]),
        _llm(4, 2.0, then, [{"role": "assistant", "content": "A is sunny."}]),
    ]
    imported = import_one(tmp_path, spans)
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [("call_m1", said)]


def test_a_turns_answers_made_from_its_spans_stand_in_the_order_asked(tmp_path: Path) -> None:
    # a ToolCallingAgent's two parallel calls, the second's span started first (smolagents
    # runs them at once); the next input gives one joined observation naming no call, so each
    # call's answer is made from its span: in the order the model asked, not the order started
    asked = {
        "role": "assistant",
        "tool_calls": [
            ("call_w1", "get_weather", {"city": "A"}),
            ("call_w2", "get_weather", {"city": "B"}),
        ],
    }
    calls = "[{'id': 'call_w1', 'type': 'function', 'function': {'name': 'get_weather', "
    calls += "'arguments': {'city': 'A'}}}, {'id': 'call_w2', 'type': 'function', "
    calls += "'function': {'name': 'get_weather', 'arguments': {'city': 'B'}}}]"
    then = [
        _USER,
        {"role": "tool-call", "content": f"Calling tools:\n{calls}"},
        {"role": "tool-response", "content": "Observation:\nsunny\nrain"},
    ]

    def tool(city: str, result: str) -> dict[str, Any]:
        attrs = {"openinference.span.kind": "TOOL", "tool.name": "get_weather"}
        return attrs | {"input.value": f'{{"city": "{city}"}}', "output.value": result}

    spans = [
        _span(1, "a.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _llm(2, 0.1, [_USER], [asked]),
        _span(3, "get_weather", tool("B", "rain"), start=1.0),
        _span(4, "get_weather", tool("A", "sunny"), start=1.1),
        _llm(5, 2.0, then, [{"role": "assistant", "content": "A sunny, B rain"}]),
    ]
    imported = import_one(tmp_path, spans)
    tools = [(m.content, m.tool_call_id) for m in imported.trace.messages if m.role == "tool"]
    assert tools == [("sunny", "call_w1"), ("rain", "call_w2")]

"""What a run span's own records add to the conversation its model calls record
(`fourfold.integrations._run_records`), on small spans written the way openlit's CrewAI
instrumentation writes them (tests/data/traces/openlit/openlit-crewai-*): an agent's task
span with the agent's backstory as its system instructions, CrewAI's ``AgentExecutor`` flow
returning ``completed``, and flow-method spans whose output is a coroutine's repr.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ef" * 16
BACKSTORY = "You look up the weather."
PROMPT = f"You are Researcher. {BACKSTORY}\nYour personal goal is: find the weather"
TASK = "Current Task: look up the weather in Paris"
COROUTINE = "<coroutine object Flow._execute_method at 0x7f246443f130>"


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None, at: float) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=at, end=at + 0.5)


def _said(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}]}


def _agent(n: int, parent: int | None, *, instructions: str | None, out: str) -> Any:
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "Researcher",
        "gen_ai.input.messages": json.dumps([_said("user", "look up the weather in Paris")]),
        "gen_ai.output.messages": json.dumps([_said("assistant", out)]),
    }
    if instructions is not None:
        attrs["gen_ai.system_instructions"] = json.dumps(
            [{"type": "text", "content": instructions}]
        )
    return _span(n, "invoke_agent Researcher", attrs, parent, 1.0)


def _output_only(n: int, op: str, name: str, out: str, parent: int, at: float) -> Any:
    attrs = {
        "gen_ai.operation.name": op,
        "gen_ai.output.messages": json.dumps([_said("assistant", out)]),
    }
    return _span(n, f"{op} {name}", attrs, parent, at)


def _chat(n: int, parent: int, system: str | None, at: float = 3.0) -> Any:
    inputs = ([_said("system", system)] if system else []) + [_said("user", TASK)]
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "m",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps([_said("assistant", "Sunny.")]),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 2,
    }
    return _span(n, "chat m", attrs, parent, at)


def _messages(tmp_path: Path, spans: list[Any]) -> list[tuple[str, str | None]]:
    imported = import_one(tmp_path, spans)
    return [(m.role, m.content) for m in imported.trace.messages]


def test_an_agents_instructions_its_model_calls_wrap_in_their_prompt_are_no_message(
    tmp_path: Path,
) -> None:
    # openlit's CrewAI task span gives the backstory; the chat inside sends CrewAI's prompt
    spans = [_agent(1, None, instructions=BACKSTORY, out="Sunny."), _chat(2, 1, PROMPT)]
    assert _messages(tmp_path, spans) == [
        ("system", PROMPT),
        ("user", TASK),
        ("assistant", "Sunny."),
    ]


def test_an_agents_instructions_are_its_system_prompt_when_no_call_inside_sends_one(
    tmp_path: Path,
) -> None:
    # a continuation whose recorded input leaves the instructions out: they are the prompt
    spans = [_agent(1, None, instructions=BACKSTORY, out="Sunny."), _chat(2, 1, None)]
    assert _messages(tmp_path, spans)[0] == ("system", BACKSTORY)


def test_an_agents_own_executor_workflow_returns_a_status_not_a_message(tmp_path: Path) -> None:
    # CrewAI 1.x's AgentExecutor flow under the agent's task span: it returns "completed"
    spans = [
        _agent(1, None, instructions=None, out="Sunny."),
        _output_only(2, "invoke_workflow", "AgentExecutor", "completed", 1, 2.0),
        _chat(3, 2, PROMPT),
    ]
    imported = import_one(tmp_path, spans)
    said = [m.content for m in imported.trace.messages if m.role == "assistant"]
    assert said == ["Sunny."]
    assert imported.trace.output == "Sunny."


def test_a_workflow_at_the_top_still_gives_what_it_said(tmp_path: Path) -> None:
    # a workflow inside no agent run is no agent's executor: its reply stays a message
    spans = [
        _output_only(1, "invoke_workflow", "crew", "Sunny, 22 C.", 0, 1.0),
        _chat(2, 1, PROMPT),
    ]
    spans[0]["parent_id"] = None
    said = [m.content for m in import_one(tmp_path, spans).trace.messages if m.role == "assistant"]
    assert said == ["Sunny.", "Sunny, 22 C."]


def test_an_outputs_object_repr_says_nothing(tmp_path: Path) -> None:
    # openlit wraps CrewAI's async Flow._execute_method as a sync one: the coroutine's repr
    spans = [
        _agent(1, None, instructions=None, out="Sunny."),
        _output_only(2, "invoke_workflow", "AgentExecutor", "completed", 1, 2.0),
        _output_only(3, "invoke_agent", "generate_plan", COROUTINE, 2, 2.1),
        _chat(4, 2, PROMPT),
        _output_only(5, "invoke_agent", "finalize", COROUTINE.replace("130", "6a0"), 2, 4.0),
    ]
    imported = import_one(tmp_path, spans)
    assert all("coroutine" not in str(m.content) for m in imported.trace.messages)
    assert imported.trace.output == "Sunny."
    assert imported.metadata.get("agent_name") == "Researcher"


def test_a_run_whose_only_answer_is_an_object_repr_has_none(tmp_path: Path) -> None:
    spans = [_output_only(1, "invoke_agent", "step", COROUTINE, 0, 1.0)]
    spans[0]["parent_id"] = None
    imported = import_one(tmp_path, spans)
    assert imported.trace.output is None
    assert imported.trace.messages == []


def test_an_agents_output_that_says_nothing_is_no_message(tmp_path: Path) -> None:
    # Semantic Kernel's handoff agent: its turn of calls ended its loop; the agent span
    # records it as an assistant message with empty content, the calls dropped
    call = _call("call_h1", "Handoff-transfer_to_weather_agent", {})
    agent = _agent(1, None, instructions=None, out="")
    empty = [{"role": "assistant", "content": "", "name": "Researcher"}]  # SK's own shape
    agent["attributes"]["gen_ai.output.messages"] = json.dumps(empty)
    spans = [
        agent,
        _turn(2, 1, 2.0, [_said("user", TASK)], call),
        _tool(3, 1, 2.5, "call_h1", "Handoff-transfer_to_weather_agent", "None"),
    ]
    said = [(m.role, m.content) for m in import_one(tmp_path, spans).trace.messages]
    assert ("assistant", "") not in said
    assert said[:2] == [("user", TASK), ("assistant", None)]


def _call(call_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    part = {"type": "tool_call", "id": call_id, "name": name, "arguments": json.dumps(arguments)}
    return {"role": "assistant", "parts": [part]}


def _result(call_id: str, text: str) -> dict[str, Any]:
    part = {"type": "tool_call_response", "id": call_id, "response": text}
    return {"role": "tool", "parts": [part]}


def _turn(n: int, parent: int, at: float, inputs: list[Any], output: Any) -> Any:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "m",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps([output]),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 2,
    }
    return _span(n, "chat m", attrs, parent, at)


def _tool(n: int, parent: int, at: float, call_id: str, name: str, result: str) -> Any:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": name,
        "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.call.result": result,
    }
    return _span(n, f"execute_tool {name}", attrs, parent, at)


def test_a_sub_agent_run_as_a_tool_says_its_own_output_in_its_own_conversation(
    tmp_path: Path,
) -> None:
    # Microsoft Agent Framework's agent.as_tool(): the sub-agent's invoke_agent span, inside
    # the tool's span, records its calls' results and its answer as its output, as its model
    # calls do, asked the tool's input in a conversation of its own: each once
    # (tests/data/traces/microsoft-agent-framework/agent-framework-as-tool-*)
    asked, sub_asked = _said("user", "Weather in Paris?"), _said("user", "Paris weather?")
    ask, look_up = (
        _call("call_a1", "ask", {"input": "Paris weather?"}),
        _call("call_w1", "get_weather", {"city": "Paris"}),
    )
    sub_said = [look_up, _result("call_w1", "sunny"), _said("assistant", "Sunny.")]
    sub_agent = _output_only(4, "invoke_agent", "weather_agent", "", 3, 1.3)
    sub_agent["attributes"]["gen_ai.output.messages"] = json.dumps(sub_said)
    spans = [
        _agent(1, None, instructions=None, out="Yes."),
        _turn(2, 1, 1.1, [asked], ask),
        _tool(3, 1, 1.2, "call_a1", "ask", "Sunny."),
        sub_agent,
        _turn(5, 4, 1.4, [sub_asked], look_up),
        _tool(6, 4, 1.5, "call_w1", "get_weather", "sunny"),
        _turn(7, 4, 1.6, [sub_asked, look_up, _result("call_w1", "sunny")], sub_said[2]),
        _turn(8, 1, 2.0, [asked, ask, _result("call_a1", "Sunny.")], _said("assistant", "Yes.")),
    ]
    assert _messages(tmp_path, spans) == [
        ("user", "Weather in Paris?"),
        ("assistant", None),
        ("tool", "Sunny."),
        ("assistant", "Yes."),
        ("user", "Paris weather?"),
        ("assistant", None),
        ("tool", "sunny"),
        ("assistant", "Sunny."),
    ]

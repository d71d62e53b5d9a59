"""A tool's ``Command`` for the graph it runs in, its tool message unnamed and no call id recorded.

Deep Agents' ``task`` tool (deepagents 0.7.32) hands a sub-agent's answer back as
``Command(update={"messages": [ToolMessage(<answer>, tool_call_id=<id>)]})``: LangGraph's
``ToolNode`` requires a Command for its own graph (``graph=None``) to carry the message that
answers the call, and names that message only after the tool returned, so the recorded output
holds it unnamed (``openinference-deepagents-subagent-2026-12-07h``). The call's result is that
message's content, its id the message's ``tool_call_id``, however the LangChain tracer writes
the Command: OpenInference's ``output.value`` (``{type, data}`` messages), OpenLLMetry's
``on_tool_end`` record (``dataclasses.asdict``, the messages LangChain's ``lc`` constructors),
openlit's ``str()`` (the repr leaves out ``graph=None``; its call id the run's), LangSmith's
``{"output": ...}`` (with the call's id). A hand-off to the parent graph, several tool messages,
one named as another tool, and LangGraph.js's ``toJSON`` (which writes no ``graph``) stay as
recorded (`otel/_command_results`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5d" * 16
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."
ARGS = {"description": "Weather in Paris and Tokyo?", "subagent_type": "weather_agent"}


def _wrapped(content: str = ANSWER, call: str = "call_t1", name: str | None = None) -> Any:
    """A ToolMessage as ``{type, data}`` (OpenInference), unnamed as the tool returned it."""
    data = {"content": content, "additional_kwargs": {}, "response_metadata": {}, "type": "tool"}
    return {"type": "tool", "data": {**data, "name": name, "tool_call_id": call}}


def _command(*messages: Any, graph: str | None = None) -> dict[str, Any]:
    return {"graph": graph, "update": {"messages": list(messages)}, "resume": None, "goto": []}


def _calls(tmp_path: Path, name: str, attrs: dict[str, Any]) -> list[Any]:
    return import_one(tmp_path, [span(1, name, attrs, trace=TRACE)]).trace.tool_calls


def _openinference(tmp_path: Path, output: Any) -> Any:
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": "task",
        "input.value": json.dumps(ARGS),
        "output.value": json.dumps(output),
    }
    [call] = _calls(tmp_path, "task", attrs)
    return call


def test_openinferences_task_command_is_the_answer_it_carries(tmp_path: Path) -> None:
    call = _openinference(tmp_path, _command(_wrapped()))
    assert (call.name, call.arguments, call.result, call.id) == ("task", ARGS, ANSWER, "call_t1")


def test_openllmetrys_callback_record_of_the_command_reads_the_same(tmp_path: Path) -> None:
    message = {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain", "schema", "messages", "ToolMessage"],
        "kwargs": {"content": ANSWER, "type": "tool", "tool_call_id": "call_t1"},
    }
    record = {"output": _command(message), "kwargs": {"tags": ["seq:step:1"], "name": "task"}}
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "task",
        "traceloop.span.kind": "tool",
        "gen_ai.tool.call.result": json.dumps(record),
    }
    [call] = _calls(tmp_path, "execute_tool task", attrs)
    assert (call.result, call.id) == (ANSWER, "call_t1")


def test_openlits_repr_of_the_command_reads_the_same(tmp_path: Path) -> None:
    # Command's repr leaves out its unset fields: graph=None is not written
    message = f"ToolMessage(content='{ANSWER}', tool_call_id='call_t1')"
    text = f"Command(update={{'messages': [{message}]}})"
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "task",
        "gen_ai.tool.call.id": "01a24cfe-a432-730c-b137-3ea91cb5fd9b",  # the run's, no call's
        "gen_ai.tool.call.arguments": json.dumps(ARGS),
        "gen_ai.tool.call.result": text,
    }
    [call] = _calls(tmp_path, "execute_tool task", attrs)
    assert (call.result, call.id) == (ANSWER, "call_t1")


def test_langsmiths_output_of_the_command_reads_the_same(tmp_path: Path) -> None:
    flat = {**_wrapped()["data"], "status": "success"}
    attrs = {
        "langsmith.span.kind": "tool",
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "task",
        "gen_ai.tool.call.id": "call_t1",
        "gen_ai.prompt": json.dumps(ARGS),
        "gen_ai.completion": json.dumps({"output": _command(flat)}),
    }
    [call] = _calls(tmp_path, "task", attrs)
    assert (call.result, call.id) == (ANSWER, "call_t1")


def test_a_hand_off_to_the_parent_graph_needs_no_message_for_the_call(tmp_path: Path) -> None:
    command = _command(_wrapped(), graph="__parent__")
    assert _openinference(tmp_path, command).result == command


def test_several_tool_messages_say_nothing_of_which_answers(tmp_path: Path) -> None:
    command = _command(_wrapped(), _wrapped("Earlier.", "call_t0"))
    assert _openinference(tmp_path, command).result == command


def test_a_message_named_as_another_tool_is_not_the_calls(tmp_path: Path) -> None:
    command = _command(_wrapped(name="get_weather"))
    assert _openinference(tmp_path, command).result == command


def test_a_command_with_no_tool_message_stays_as_recorded(tmp_path: Path) -> None:
    human = {"type": "human", "data": {"content": "Hi", "additional_kwargs": {}}}
    command = _command(human)
    assert _openinference(tmp_path, command).result == command


def test_langgraph_js_writes_no_graph_so_its_command_stays(tmp_path: Path) -> None:
    command = {"lg_name": "Command", "update": {"messages": [_wrapped()]}, "goto": []}
    assert _openinference(tmp_path, command).result == command

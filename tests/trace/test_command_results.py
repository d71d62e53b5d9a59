"""A LangGraph ``Command`` a tool returned, on small spans written the way Langfuse 5.2.0's
LangChain handler and openinference-instrumentation-langchain 0.1.80 write it
(tests/data/traces/langfuse/langfuse-v5-supervisor-2026-12-06.json,
tests/data/traces/langgraph/langgraph-supervisor-2026-12-02.json).

langgraph-supervisor's hand-off tool ``transfer_to_<agent>`` returns
``Command(graph=PARENT, goto=<agent>, update={"messages": [...]})``: the tracer records that
Command, the whole state update, as the tool's output. Before, the call's result was the
Command object; now it is the tool message the Command carries for the call (its
``tool_call_id`` the call's id, which Langfuse's handler records as ``metadata.tool_call_id``),
what the next model is given. A tool's plain result, a serialised ``ToolMessage``, and a
Command with no message for the call read as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._spans import Span
from fourfold.integrations.otel._command_results import command_tool_message
from fourfold.integrations.otel._langfuse import langfuse_tool_attributes
from tests.helpers.span_builders import import_one, span

TRACE = "3c" * 16
ASK = "What is the weather in Oslo?"
SYSTEM = "You are a supervisor."
DONE = "Successfully transferred to weather_agent"
ANSWER = "Oslo has snow at -3 C."
_CALL = {"name": "transfer_to_weather_agent", "args": {}, "id": "call_h1", "type": "tool_call"}


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _message(kind: str, content: str, *, wrapped: bool, **fields: Any) -> dict[str, Any]:
    """A LangChain message as ``model_dump()`` writes it (Langfuse), or ``{type, data}``."""
    data = {"content": content, "additional_kwargs": {}, "type": kind, **fields}
    return {"type": kind, "data": data} if wrapped else data


def _command(*, wrapped: bool = False, call: str = "call_h1") -> dict[str, Any]:
    """langgraph-supervisor's hand-off Command: the state so far, then the call's message."""
    return {
        "graph": "__parent__",
        "update": {
            "messages": [
                _message("human", ASK, wrapped=wrapped),
                _message("ai", "", wrapped=wrapped, name="supervisor", tool_calls=[_CALL]),
                _message(
                    "tool",
                    DONE,
                    wrapped=wrapped,
                    name="transfer_to_weather_agent",
                    tool_call_id=call,
                    status="success",
                ),
            ],
            "remaining_steps": 10006,
        },
        "resume": None,
        "goto": "weather_agent",
    }


def _langfuse(kind: str, input_: Any, output: Any, **extra: Any) -> dict[str, Any]:
    return {
        "langfuse.observation.type": kind,
        "langfuse.observation.input": json.dumps(input_),
        "langfuse.observation.output": json.dumps(output),
        **extra,
    }


def _supervisor(tmp_path: Path, tool_output: Any, *, call_id: str | None = "call_h1") -> Any:
    """Langfuse's handler over a supervisor: generation, hand-off tool, generation."""
    first = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    turn = {"role": "assistant", "content": "", "tool_calls": [_CALL]}
    meta = {} if call_id is None else {"langfuse.observation.metadata.tool_call_id": f'"{call_id}"'}
    reply = {"role": "tool", "content": DONE, "tool_call_id": "call_h1"}
    return import_one(
        tmp_path,
        [
            _span(1, "supervisor", _langfuse("agent", {"messages": [["user", ASK]]}, ANSWER)),
            _span(2, "ChatOpenAI", _langfuse("generation", first, turn), parent=1),
            _span(
                3,
                "transfer_to_weather_agent",
                _langfuse("tool", {}, tool_output, **meta),
                parent=1,
            ),
            _span(
                4,
                "ChatOpenAI",
                _langfuse("generation", [*first, turn, reply], {"content": ANSWER}),
                parent=1,
            ),
        ],
    )


def test_a_hand_off_commands_result_is_the_tool_message_it_carries(tmp_path: Path) -> None:
    [call] = _supervisor(tmp_path, _command()).trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id, call.error) == (
        "transfer_to_weather_agent",
        {},
        DONE,
        "call_h1",
        None,
    )


def test_the_message_is_the_calls_by_its_id_not_the_last(tmp_path: Path) -> None:
    # an update that also holds an earlier hand-off's message: the call's own is its result
    command = _command()
    earlier = _message(
        "tool", "Transferred earlier", wrapped=False, name="transfer_to_weather_agent"
    )
    command["update"]["messages"].append({**earlier, "tool_call_id": "call_h0"})
    [call] = _supervisor(tmp_path, command).trace.tool_calls
    assert (call.result, call.id) == (DONE, "call_h1")


def test_with_no_id_recorded_the_tools_own_last_message_is_read(tmp_path: Path) -> None:
    [call] = _supervisor(tmp_path, _command(), call_id=None).trace.tool_calls
    assert (call.result, call.id) == (DONE, "call_h1")


def test_a_command_with_no_message_for_the_call_stays_as_recorded(tmp_path: Path) -> None:
    command = _command(call="call_other")
    [call] = _supervisor(tmp_path, command).trace.tool_calls
    assert call.result == command


def test_the_same_command_under_openinference_reads_the_same(tmp_path: Path) -> None:
    # a TOOL span whose output.value is the Command, messages as {type, data}
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": "transfer_to_weather_agent",
        "input.value": "{}",
        "output.value": json.dumps(_command(wrapped=True)),
    }
    [call] = import_one(tmp_path, [_span(1, "transfer_to_weather_agent", attrs)]).trace.tool_calls
    assert (call.name, call.result, call.id) == ("transfer_to_weather_agent", DONE, "call_h1")


def test_a_tools_plain_results_are_not_changed(tmp_path: Path) -> None:
    # a ToolMessage, a text, and a dict that only has some of a Command's fields
    message = _message("tool", "snow, -3 C", wrapped=False, tool_call_id="call_h1")
    assert _supervisor(tmp_path, message).trace.tool_calls[0].result == "snow, -3 C"
    assert _supervisor(tmp_path, "snow").trace.tool_calls[0].result == "snow"
    partial = {"update": {"messages": [message]}, "goto": "x"}
    assert _supervisor(tmp_path, partial).trace.tool_calls[0].result == partial
    assert command_tool_message(partial, "call_h1", "get_weather") is None


def test_langfuses_metadata_call_id_is_the_calls_id() -> None:
    # the handler's metadata.tool_call_id (v5 writes it as JSON; v3 as it is) is the call's id
    for written in ('"call_h1"', "call_h1"):
        attrs = {
            "langfuse.observation.type": "tool",
            "langfuse.observation.metadata.tool_call_id": written,
        }
        found = langfuse_tool_attributes(
            Span(TRACE, "s", None, "f", None, None, "unset", None, attrs)
        )
        assert found["gen_ai.tool.call.id"] == "call_h1"
    bare = Span(
        TRACE, "s", None, "f", None, None, "unset", None, {"langfuse.observation.type": "tool"}
    )
    assert "gen_ai.tool.call.id" not in langfuse_tool_attributes(bare)

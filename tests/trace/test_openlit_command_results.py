"""openlit's hand-off tool returning a LangGraph Command, written as its Python repr.

openlit 1.8.3's LangChain instrumentation (``openlit-supervisor-2026-12-06o``, both blind
readings): the ``execute_tool transfer_to_<agent>`` span's result is ``str()`` of the
``Command`` and its ``gen_ai.tool.call.id`` LangChain's run id. The call's result is the
``ToolMessage`` the Command carries, its id that message's ``tool_call_id``
(`otel/_command_reprs`, `otel/_command_results`). A Command carrying no message of the tool
stays as recorded.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.span_builders import import_one, span

TRACE = "3c" * 16
RUN_ID = "01a24cfe-a432-730c-b137-3ea91cb5fd9b"


def _command(last: str) -> str:
    return (
        "Command(graph='__parent__', update={'messages': [HumanMessage(content='Weather?',"
        " additional_kwargs={}, response_metadata={}, id='m1'), " + last + "]},"
        " goto='weather_agent')"
    )


def _tool(result: str) -> list[dict[str, object]]:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "transfer_to_weather_agent",
        "gen_ai.tool.call.id": RUN_ID,
        "gen_ai.tool.call.arguments": "{}",
        "gen_ai.tool.call.result": result,
    }
    return [span(1, "execute_tool transfer_to_weather_agent", attrs, trace=TRACE)]


def test_a_commands_tool_message_is_the_result_and_names_the_call(tmp_path: Path) -> None:
    reply = (
        "ToolMessage(content='Successfully transferred to weather_agent',"
        " name='transfer_to_weather_agent', tool_call_id='call_h1')"
    )
    [call] = import_one(tmp_path, _tool(_command(reply))).trace.tool_calls
    assert (call.result, call.id) == ("Successfully transferred to weather_agent", "call_h1")


def test_a_command_with_no_message_of_the_tool_stays_as_recorded(tmp_path: Path) -> None:
    other = "AIMessage(content='Hi', additional_kwargs={}, response_metadata={})"
    [call] = import_one(tmp_path, _tool(_command(other))).trace.tool_calls
    assert call.result == _command(other)
    assert call.id == RUN_ID

"""A bare-value call takes its tool's one defined parameter, and only then (`_defined_parameters`).

openlit's smolagents ``CodeAgent`` (``openlit-smolagents-code-managed``): ``final_answer``'s
``execute_tool`` span records the answer alone, and the agent span's ``gen_ai.tool.definitions``
names its one parameter ``answer``. A tool no definition names, one defined with several
parameters or defined differently in two places, and a call recorded as an object, keep what
the span gave.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._defined_parameters import with_defined_parameters
from fourfold.integrations._spans import Span
from fourfold.integrations._steps import Step, ToolRun
from fourfold.trace import ToolCall
from tests.helpers.span_builders import import_one, stepped_span

TRACE = "5d" * 16


def _definitions(*tools: tuple[str, dict[str, Any]]) -> str:
    return json.dumps([{"type": "function", "name": n, "parameters": p} for n, p in tools])


def _bound(definitions: list[str], call: ToolCall, *, recorded: bool = False) -> dict[str, Any]:
    spans = [
        Span("t", f"a{i}", None, "invoke_agent", 1, 9, "ok", None, {"gen_ai.tool.definitions": d})
        for i, d in enumerate(definitions)
    ]
    tool = Span("t", "x", None, "execute_tool", 2, 3, "ok", None, {})
    steps: dict[int, Step | None] = {id(s): None for s in spans}
    steps[id(tool)] = ToolRun(tool, call, arguments_recorded=recorded)
    found = with_defined_parameters([*spans, tool], steps)[id(tool)]
    assert isinstance(found, ToolRun)
    return found.call.arguments


ANSWER = ("final_answer", {"answer": {"type": "any", "description": "The final answer"}})


def test_a_bare_value_is_under_the_tools_one_defined_parameter() -> None:
    call = ToolCall(name="final_answer", arguments={"input": "Rain."})
    assert _bound([_definitions(ANSWER)], call) == {"answer": "Rain."}


def test_a_tool_no_definition_names_keeps_input() -> None:
    call = ToolCall(name="python_interpreter", arguments={"input": "print(1)"})
    assert _bound([_definitions(ANSWER)], call) == {"input": "print(1)"}


def test_a_tool_defined_with_two_parameters_keeps_input() -> None:
    tools = _definitions(("lookup", {"city": {"type": "string"}, "unit": {"type": "string"}}))
    call = ToolCall(name="lookup", arguments={"input": "Paris"})
    assert _bound([tools], call) == {"input": "Paris"}


def test_a_tool_defined_differently_in_two_places_keeps_input() -> None:
    other = _definitions(("final_answer", {"result": {"type": "any"}}))
    call = ToolCall(name="final_answer", arguments={"input": "Rain."})
    assert _bound([_definitions(ANSWER), other], call) == {"input": "Rain."}


def test_a_call_recorded_as_an_object_is_kept() -> None:
    call = ToolCall(name="final_answer", arguments={"input": "Rain."})
    assert _bound([_definitions(ANSWER)], call, recorded=True) == {"input": "Rain."}


def test_a_json_schema_definition_names_its_properties() -> None:
    schema = {"type": "object", "properties": {"query": {"type": "string"}}}
    call = ToolCall(name="search", arguments={"input": "rain"})
    assert _bound([_definitions(("search", schema))], call) == {"query": "rain"}


def test_openlit_smolagents_final_answer_is_its_answer(tmp_path: Path) -> None:
    agent = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "manager_agent",
        "gen_ai.tool.definitions": _definitions(ANSWER),
    }
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "final_answer",
        "gen_ai.tool.call.id": "c1",
        "gen_ai.tool.call.arguments": json.dumps("Rain in Oslo."),
        "gen_ai.tool.call.result": "Rain in Oslo.",
    }
    spans = [
        stepped_span(1, "invoke_agent manager_agent", agent, trace=TRACE),
        stepped_span(2, "execute_tool final_answer", tool, trace=TRACE, parent=1),
    ]
    [call] = import_one(tmp_path, spans).trace.tool_calls
    assert call.arguments == {"answer": "Rain in Oslo."}

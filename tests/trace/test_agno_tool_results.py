"""Agno's ``FunctionExecutionResult`` written as its ``str()``: the tool's result, its error.

Shape from ``openllmetry/openllmetry-agno-2026-12-07.json`` (OpenLLMetry's Agno
instrumentation: a ``<tool>.tool`` span, ``traceloop.span.kind`` ``tool``, its
``traceloop.entity.output`` ``str()`` of what ``FunctionCall.execute()`` returned); and the
edges the rule must not fire on: a LangChain ``ToolMessage``'s ``str()`` with its ``status``,
a result that only starts like the object, plain text.
"""

from __future__ import annotations

import json
from pathlib import Path

from fourfold.trace import ToolCall
from tests.helpers.span_builders import import_one, stepped_span

_TRACE = "a9" * 16
_TAIL = " updated_session_state=None images=None videos=None audios=None files=None"


def _call(tmp_path: Path, output: str) -> ToolCall:
    attrs = {
        "gen_ai.system": "agno",
        "traceloop.span.kind": "tool",
        "traceloop.entity.name": "get_weather",
        "gen_ai.tool.name": "get_weather",
        "traceloop.entity.input": json.dumps({"city": "Paris"}),
        "traceloop.entity.output": output,
    }
    agent = {"gen_ai.system": "agno", "traceloop.span.kind": "agent"}
    agent["gen_ai.agent.name"] = "weather_agent"
    spans = [
        stepped_span(1, "get_weather.tool", attrs, trace=_TRACE, parent=9),
        stepped_span(9, "weather_agent.agent", agent, trace=_TRACE),
    ]
    [call] = import_one(tmp_path, spans).trace.tool_calls
    return call


def test_a_success_is_its_result(tmp_path: Path) -> None:
    call = _call(tmp_path, "status='success' result='sunny, 22 C' error=None" + _TAIL)
    assert (call.name, call.arguments, call.result, call.error) == (
        "get_weather",
        {"city": "Paris"},
        "sunny, 22 C",
        None,
    )


def test_a_returned_dict_is_the_result_as_json(tmp_path: Path) -> None:
    call = _call(tmp_path, "status='success' result={'temp': 22, 'sky': 'clear'} error=None")
    assert (call.result, call.error) == ({"temp": 22, "sky": "clear"}, None)


def test_a_failure_is_the_calls_error(tmp_path: Path) -> None:
    call = _call(tmp_path, "status='failure' result=None error='unknown city: Tokio'" + _TAIL)
    assert (call.result, call.error) == (None, "unknown city: Tokio")


def test_texts_that_are_not_the_object_stay_as_written(tmp_path: Path) -> None:
    for output in (
        "status: success, result: sunny",
        "status='ok' result='sunny' error=None",
        "status='success' result=Weather(temp=22) error=None",
        "sunny, 22 C",
    ):
        assert _call(tmp_path, output).result == output
    # a LangChain ToolMessage's str(), status and all, is its content, as before
    message = "content='sunny' name='get_weather' tool_call_id='c1' status='success'"
    call = _call(tmp_path, message)
    assert (call.result, call.id, call.error) == ("sunny", "c1", None)

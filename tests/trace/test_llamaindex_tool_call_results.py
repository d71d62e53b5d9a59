"""A LlamaIndex tool that raised: its result is the ``ToolCallResult`` its workflow passed on.

llama-index-core 0.14's agent workflows run a tool in a ``call_tool`` step (its input the
``ToolCall`` event's repr, with its ``tool_id``); a tool that raises leaves its
``FunctionTool.acall`` span in error with no ``output.value``, and the workflow hands the
model the exception's text as an error ``ToolOutput``, passed on as a ``ToolCallResult``
whose whole repr is the next step's (``aggregate_tool_results``) input
(openinference-instrumentation-llama-index 4.x). A ``CodeActAgent`` gives the model that text
in a user message, no tool message: the ``ToolCallResult`` is where the call's result is read.
The real exports: tests/data/traces/llamaindex/llamaindex-codeact-raise-2026-12-06.json (the
shape read), llamaindex-codeact-error-* (the runner caught the error: a result recorded) and
llamaindex-ollama-tool-error-* (a FunctionAgent: the tool message gives the result).
Rule: `integrations/_tool_call_results.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_chat, stepped_span

TRACE = "7c" * 16
ASK = "What is the weather in Tokyo?"
CODE = 'print(get_weather(city="Tokio"))'
TURN = f"I will look it up.\n<execute>\n{CODE}\n</execute>"
GIVEN = "Result of executing the code given:\n\n"
ERROR = "unknown city: Tokio"
ID = "2d6b40ac-8a3b-4523-acb6-63c2762138a5"


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = 1) -> dict[str, Any]:
    return stepped_span(n, name, attrs, trace=TRACE, parent=parent)


def _step(n: int, name: str, event: str, output: str | None = None) -> dict[str, Any]:
    """A workflow step's CHAIN span: its input the event's repr under ``ev``."""
    attrs = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps({"ctx": "<workflows.context.Context>", "ev": event}),
    }
    if output is not None:
        attrs["output.value"] = output
    return _span(n, f"BaseWorkflowAgent.{name}", attrs)


def _chat(n: int, said: list[tuple[str, str]], reply: str) -> dict[str, Any]:
    return _span(n, "OpenAI.astream_chat", openinference_chat(said, reply))


def _raised(n: int, parent: int) -> dict[str, Any]:
    """The ``execute`` tool's span, which raised: status error, an exception event, no output."""
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": "execute",
        "input.value": json.dumps({"kwargs": {"code": CODE}}),
    }
    record = _span(n, "FunctionTool.acall", attrs, parent=parent)
    event = {"name": "exception", "attributes": {"exception.type": "ValueError"}}
    event["attributes"]["exception.message"] = ERROR
    status = {"status_code": "ERROR", "description": f"ValueError: {ERROR}"}
    return {**record, "status": status, "events": [event]}


def _call(tool_id: str = ID) -> str:
    return f"ToolCall(tool_name='execute', tool_kwargs={{'code': {CODE!r}}}, tool_id={tool_id!r})"


def _result(tool_id: str = ID, tool: str = "execute") -> str:
    """The ``ToolCallResult`` repr, whole: the error ``ToolOutput`` the model was given."""
    output = (
        f"ToolOutput(blocks=[TextBlock(block_type='text', text={ERROR!r})], tool_name={tool!r}, "
        f"raw_input={{'code': {CODE!r}}}, raw_output={ERROR!r}, is_error=True)"
    )
    return (
        f"ToolCallResult(tool_name={tool!r}, tool_kwargs={{'code': {CODE!r}}}, "
        f"tool_id={tool_id!r}, tool_output={output}, return_direct=False)"
    )


def _codeact(aggregated: str | None, called: str | None = None) -> list[dict[str, Any]]:
    """A CodeActAgent's run whose code raised: the code turn, the failed ``execute`` under its
    ``call_tool`` step (its output the ``ToolCallResult`` cut short, as the instrumentation
    writes it), ``aggregate_tool_results`` given `aggregated`, the answer after the user
    message holding the error's text."""
    cut = "ToolCallResult(tool_name='execute', tool_kwargs={'code': 'print(get_w..."
    root = {"openinference.span.kind": "CHAIN", "input.value": "{}"}
    first = [("system", "Write code."), ("user", ASK)]
    then = [*first, ("assistant", TURN), ("user", GIVEN + ERROR)]
    spans = [
        _span(1, "CodeActAgent.run", root, parent=None),
        _chat(2, first, TURN),
        _step(3, "call_tool", called or _call(), cut),
        _raised(4, parent=3),
    ]
    if aggregated is not None:
        spans.append(_step(5, "aggregate_tool_results", aggregated))
    return [*spans, _chat(6, then, "Tokio is no city.")]


def test_a_raised_call_takes_the_result_its_workflow_passed_on(tmp_path: Path) -> None:
    """The ``ToolCallResult`` of the call's ``tool_id`` gives its result, the text the model
    got; the error stays the span's; the user message stays the conversation's (no tool
    message)."""
    imported = import_one(tmp_path, _codeact(_result()))
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.error) == (
        "execute",
        {"code": CODE},
        ERROR,
        f"ValueError: {ERROR}",
    )
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said[2:] == [
        ("assistant", TURN),
        ("user", GIVEN + ERROR),
        ("assistant", "Tokio is no city."),
    ]


def test_no_whole_result_of_that_call_gives_none(tmp_path: Path) -> None:
    """Only the ``call_tool`` output cut short, a result of another ``tool_id``, or one that
    names another tool: nothing is read, the call keeps no result."""
    for aggregated in (None, _result(tool_id="other"), _result(tool="get_weather")):
        [call] = import_one(tmp_path, _codeact(aggregated)).trace.tool_calls
        assert (call.result, call.error) == (None, f"ValueError: {ERROR}")


def test_a_step_given_no_tool_id_gives_none(tmp_path: Path) -> None:
    """The ``call_tool`` step's ``ToolCall`` repr carries no id: no result is matched to it."""
    called = "ToolCall(tool_name='execute', tool_kwargs={})"
    [call] = import_one(tmp_path, _codeact(_result(), called)).trace.tool_calls
    assert call.result is None


def test_a_recorded_result_is_kept(tmp_path: Path) -> None:
    """llamaindex-codeact-error's shape: the runner caught the error and returned it, the
    span's ``ToolOutput`` records it: that result stands, the call did not fail."""
    spans = _codeact(_result())
    printed = "Error: ValueError: unknown city: Tokio"
    output = {"blocks": [{"text": printed}], "tool_name": "execute", "raw_output": printed}
    output |= {"raw_input": {"args": [], "kwargs": {"code": CODE}}, "is_error": False}
    tool = {**spans[3], "status": {"status_code": "OK"}, "events": []}
    tool["attributes"] = {**tool["attributes"], "output.value": json.dumps(output)}
    spans[3] = tool
    [call] = import_one(tmp_path, spans).trace.tool_calls
    assert (call.result, call.error) == (printed, None)


def test_a_function_agents_tool_message_still_answers(tmp_path: Path) -> None:
    """llamaindex-ollama-tool-error's shape: a FunctionAgent's failed call is answered by the
    tool message of the next input, and its result is that message's text, as before."""
    spans = _codeact(_result())
    ask = [("system", "Help."), ("user", ASK)]
    request = {
        "llm.output_messages.0.message.content": "",
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "execute",
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": json.dumps(
            {"code": CODE}
        ),
    }
    first = _chat(2, ask, "")
    first["attributes"] |= request
    then = _chat(6, [*ask, ("assistant", ""), ("tool", ERROR)], "Tokio is no city.")
    then["attributes"] |= {
        "llm.input_messages.2.message.tool_calls.0.tool_call.function.name": "execute",
        "llm.input_messages.2.message.tool_calls.0.tool_call.function.arguments": json.dumps(
            {"code": CODE}
        ),
    }
    spans[1], spans[-1] = first, then
    imported = import_one(tmp_path, spans)
    [call] = imported.trace.tool_calls
    assert (call.result, call.error) == (ERROR, f"ValueError: {ERROR}")
    assert [m.content for m in imported.trace.messages if m.role == "tool"] == [ERROR]

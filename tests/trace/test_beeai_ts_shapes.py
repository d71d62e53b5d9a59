"""BeeAI's TypeScript framework as @arizeai/openinference-instrumentation-beeai 1.5.30 writes it
(beeai-framework 0.1.13; one span per emitter event: tests/data/traces/beeai/beeai-ts-*),
each rule on small spans written that way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "b7" * 16

_SYSTEM = {"role": "system", "content": [{"type": "text", "text": "Be brief."}]}
_USER = {"role": "user", "content": [{"type": "text", "text": "Weather in Paris?"}]}
_ASKED = {
    "role": "assistant",
    "content": [
        {"type": "tool-call", "toolCallId": "c1", "toolName": "get_weather", "args": {"city": "P"}}
    ],
}
_ANSWERED = {
    "role": "tool",
    "content": [
        {
            "type": "tool-result",
            "toolCallId": "c1",
            "toolName": "get_weather",
            "result": "sunny",
            "isError": False,
        }
    ],
}
_SAID = {"role": "assistant", "content": [{"type": "text", "text": "Sunny."}]}


def _event(n: int, name: str, attrs: dict[str, Any], start: float) -> dict[str, Any]:
    """An event span (``<path>.<event>-<n>``) under the run, zero length as the export's are."""
    return span(n, name, attrs, trace=TRACE, parent=1, start=start, end=start)


def _flat(key: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """``llm.<key>_messages`` as the instrumentation flattens them: the text parts only."""
    out: dict[str, Any] = {}
    for i, message in enumerate(messages):
        texts = [p["text"] for p in message["content"] if p["type"] == "text"]
        out[f"llm.{key}_messages.{i}.message.role"] = message["role"]
        out[f"llm.{key}_messages.{i}.message.content"] = "".join(texts)
    return out


def _chat(n: int, counter: int, given: list[dict[str, Any]], reply: dict[str, Any], start: float):
    llm = {"openinference.span.kind": "LLM", "llm.model_name": "m"}
    asked = {**llm, "input.value": json.dumps(given), **_flat("input", given)}
    answered = {**llm, "output.value": json.dumps([reply]), **_flat("output", [reply])}
    return [
        _event(n, f"backend.openai.chat.start-{counter}", asked, start),
        _event(n + 1, f"backend.openai.chat.success-{counter}", answered, start + 0.1),
    ]


def _tool_run(metadata: dict[str, Any] | None, output: str) -> list[dict[str, Any]]:
    tool: dict[str, Any] = {"openinference.span.kind": "TOOL", "tool.parameters": '{"city":"P"}'}
    if metadata is not None:
        tool["metadata"] = json.dumps(metadata)
    return [  # its success event written before its start, as the export has them
        _event(10, "tool.dynamic.getWeather.success-1", {**tool, "output.value": output}, 1.3),
        _event(11, "tool.dynamic.getWeather.start-1", tool, 1.31),
    ]


def _run(metadata: dict[str, Any] | None, output: str = '{"result":"sunny"}') -> list[Any]:
    root = {
        "openinference.span.kind": "AGENT",
        "input.value": "Weather in Paris?",
        "output.value": '{"role":"assistant","text":"Sunny."}',
    }
    return [
        span(1, "beeai-framework-main", root, trace=TRACE, start=1.0, end=2.0),
        *_chat(2, 1, [_SYSTEM, _USER], _ASKED, 1.1),
        *_tool_run(metadata, output),
        *_chat(20, 2, [_SYSTEM, _USER, _ASKED, _ANSWERED], _SAID, 1.5),
    ]


_STATE = {"state": {"memory": {"messages": []}}, "toolCallMsg": _ASKED["content"][0]}


def test_the_tool_parts_the_flattened_messages_lose_are_read_from_the_values_json(
    tmp_path: Path,
) -> None:
    messages = import_one(tmp_path, _run(_STATE)).trace.messages
    assert [(m.role, m.content, m.tool_call_id) for m in messages] == [
        ("system", "Be brief.", None),
        ("user", "Weather in Paris?", None),
        ("assistant", None, None),
        ("tool", "sunny", "c1"),
        ("assistant", "Sunny.", None),
    ]
    assert [(r.name, r.id) for r in messages[2].tool_calls] == [("get_weather", "c1")]


def test_a_tool_run_is_the_call_its_metadata_says_the_model_asked_for(tmp_path: Path) -> None:
    """Named as the model called it (not ``getWeather`` from the span's path), with its id."""
    calls = import_one(tmp_path, _run(_STATE)).trace.tool_calls
    assert [(c.name, c.id, c.arguments) for c in calls] == [("get_weather", "c1", {"city": "P"})]


def test_a_string_tool_outputs_result_is_the_text_the_model_was_given(tmp_path: Path) -> None:
    [call] = import_one(tmp_path, _run(_STATE)).trace.tool_calls
    assert call.result == "sunny"


def test_a_tool_span_with_no_request_in_its_metadata_keeps_its_output(tmp_path: Path) -> None:
    """Not this shape: the span's name and output as they are."""
    root = span(1, "run", {"openinference.span.kind": "AGENT"}, trace=TRACE)
    [call] = import_one(tmp_path, [root, *_tool_run(None, '{"result":"sunny"}')]).trace.tool_calls
    assert (call.name, call.id, call.result) == ("getWeather", None, {"result": "sunny"})


def test_flattened_messages_that_kept_more_than_text_are_read_as_they_are(
    tmp_path: Path,
) -> None:
    """A flattened turn holding its requests is not one that lost its parts."""
    root = span(1, "run", {"openinference.span.kind": "AGENT"}, trace=TRACE)
    asked, answered = _chat(2, 1, [_SYSTEM, _USER], _ASKED, 1.1)
    kept = "llm.output_messages.0.message.tool_calls.0.tool_call"
    answered["attributes"].update(
        {
            f"{kept}.id": "c9",
            f"{kept}.function.name": "get_weather",
            f"{kept}.function.arguments": '{"city": "P"}',
        }
    )
    messages = import_one(tmp_path, [root, asked, answered]).trace.messages
    assert [r.id for r in messages[2].tool_calls] == ["c9"]


def _asked(call: str, city: str) -> dict[str, Any]:
    return {
        "type": "tool-call",
        "toolCallId": call,
        "toolName": "get_weather",
        "args": {"city": city},
    }


def _weather(n: int, event: str, call: str, city: str, start: float, **more: Any) -> dict[str, Any]:
    """One event span of a get_weather run answering request `call` (its metadata says so)."""
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.parameters": json.dumps({"city": city}),
        "metadata": json.dumps({"state": "{}", "toolCallMsg": _asked(call, city)}),
        **more,
    }
    return _event(n, f"tool.dynamic.getWeather.{event}", attrs, start)


_RAISED = {
    "exception.type": "ToolError",
    "exception.message": 'Tool "get_weather" has occurred an error!',
}
_ERROR = 'ToolError: Tool "get_weather" has occurred an error!'
_STATUS = f"{_ERROR}\n    Error: unknown city: Tokio"


def _threw_between(*, metadata: bool = True, raised: bool = True) -> list[dict[str, Any]]:
    """Paris ran, Tokio threw, Tokyo ran: the events counted per event, so after the failure
    ``success-2`` is Tokyo's beside ``start-3`` (as beeai-ts-tool-error-2026-12-06f has them)."""
    failed = _weather(13, "error-1", "c2", "Tokio", 1.35, **(_RAISED if raised else {}))
    failed["status"] = {"status_code": "ERROR", "message": _STATUS}
    spans = [
        _weather(10, "success-1", "c1", "Paris", 1.3, **{"output.value": '{"result":"sunny"}'}),
        _weather(11, "start-1", "c1", "Paris", 1.31),
        _weather(12, "start-2", "c2", "Tokio", 1.33),
        failed,
        _weather(14, "finish-2", "c2", "Tokio", 1.34),
        _weather(15, "start-3", "c3", "Tokyo", 1.4),
        _weather(16, "success-2", "c3", "Tokyo", 1.41, **{"output.value": '{"result":"rain"}'}),
    ]
    if not metadata:
        for s in spans:
            del s["attributes"]["metadata"]
    root = span(1, "run", {"openinference.span.kind": "AGENT"}, trace=TRACE)
    return [root, *spans]


def test_a_run_that_threw_is_its_own_call_though_the_counters_part(tmp_path: Path) -> None:
    """Its ``error-1`` answers the second request, not Paris's ``start-1``: the runs are the
    requests the spans' metadata name. Before, Paris had the error and Tokio was lost."""
    calls = import_one(tmp_path, _threw_between()).trace.tool_calls
    assert [(c.id, c.arguments, c.result, c.error) for c in calls] == [
        ("c1", {"city": "Paris"}, "sunny", None),
        ("c2", {"city": "Tokio"}, None, _ERROR),
        ("c3", {"city": "Tokyo"}, "rain", None),
    ]


def test_the_exceptions_attributes_are_the_error_before_the_status_message(
    tmp_path: Path,
) -> None:
    """``exception.type: exception.message``, without the cause the status message adds; a
    failed span without them keeps its status message (the siblings' reading)."""
    [said] = [c.error for c in import_one(tmp_path, _threw_between()).trace.tool_calls if c.error]
    assert said == _ERROR
    calls = import_one(tmp_path, _threw_between(raised=False)).trace.tool_calls
    assert [c.error for c in calls if c.error] == [_STATUS]


def test_event_spans_naming_no_request_are_grouped_by_their_counter(tmp_path: Path) -> None:
    """Without a request in the metadata (the 2025 Python instrumentation's tool events) the
    counter still says the run: ``error-1`` joins ``start-1``, as before."""
    calls = import_one(tmp_path, _threw_between(metadata=False)).trace.tool_calls
    assert [c.error is not None for c in calls] == [True, False, False]

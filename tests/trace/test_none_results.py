"""A tool that returned nothing: its span records its input and no output, and the model was
given Python's ``str(None)``. The call's result is null; its tool message the text given."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, stepped_span

TRACE = "4e" * 16
QUESTION = "What time is it?"


def _spans(*, tool_input: bool = True, given: str = "None") -> list[dict[str, Any]]:
    turn = {"role": "assistant", "tool_calls": [("call_n1", "get_time", {})]}
    first = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        **openinference_messages("llm.input_messages", [{"role": "user", "content": QUESTION}]),
        **openinference_messages("llm.output_messages", [turn]),
    }
    tool = {"openinference.span.kind": "TOOL", "tool.name": "get_time"}
    if tool_input:
        tool["input.value"] = "{}"
    answer = {"role": "tool", "content": given, "tool_call_id": "call_n1"}
    second = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        **openinference_messages(
            "llm.input_messages", [{"role": "user", "content": QUESTION}, turn, answer]
        ),
        **openinference_messages(
            "llm.output_messages", [{"role": "assistant", "content": "I cannot tell."}]
        ),
    }
    return [
        stepped_span(1, "chat", first, trace=TRACE),
        stepped_span(2, "get_time", tool, trace=TRACE),
        stepped_span(3, "chat", second, trace=TRACE),
    ]


def test_a_span_with_its_input_and_no_output_answered_none_returned_nothing(
    tmp_path: Path,
) -> None:
    trace = import_one(tmp_path, _spans()).trace
    assert [(c.id, c.result) for c in trace.tool_calls] == [("call_n1", None)]
    assert [m.content for m in trace.messages if m.role == "tool"] == ["None"]


def test_the_text_stays_the_result_where_the_span_recorded_no_content(tmp_path: Path) -> None:
    trace = import_one(tmp_path, _spans(tool_input=False)).trace
    assert [(c.id, c.result) for c in trace.tool_calls] == [("call_n1", "None")]


def test_other_text_is_the_result(tmp_path: Path) -> None:
    trace = import_one(tmp_path, _spans(given="12:00")).trace
    assert [(c.id, c.result) for c in trace.tool_calls] == [("call_n1", "12:00")]

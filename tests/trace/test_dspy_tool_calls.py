"""DSPy's native function calling: the calls a reply requests, their results in a fresh prompt.

A ``dspy.Predict`` of a signature with a ``list[dspy.Tool]`` input and a ``dspy.ToolCalls``
output sends the tools as the request's ``tools`` (``JSONAdapter``'s default); DSPy's ``LM``
records the reply as ``{"text", "tool_calls"}``, which openinference-instrumentation-dspy writes
as the ``LM.__call__`` span's ``output.value`` and no ``llm.output_messages``. The program runs
the calls (TOOL spans ``<tool>.__call__``, no ids) and hands the results to the next module as
an input field of its own prompt (the real export: tests/data/traces/dspy/dspy-tool-calls-*);
each requested call still has its tool message, as the contract says of a call the next model
was told about another way. Rules: `integrations/otel/_lm_outputs.py`,
`integrations/_text_answers.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ef" * 16
ASK = "What is the weather in Oslo and in Rome?"
CALLS = [("call_a", "Oslo", "snow, -2 C"), ("call_b", "Rome", "sunny, 18 C")]


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = 1) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _lm(n: int, system: str, user: str, output: Any, reply: str | None) -> dict[str, Any]:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "llm.input_messages.0.message.role": "system",
        "llm.input_messages.0.message.content": system,
        "llm.input_messages.1.message.role": "user",
        "llm.input_messages.1.message.content": user,
        "output.value": json.dumps(output),
    }
    if reply is not None:  # a text reply: also llm.output_messages
        attrs["llm.output_messages.0.message.role"] = "assistant"
        attrs["llm.output_messages.0.message.content"] = reply
    return _span(n, "LM.__call__", attrs)


def _program() -> list[dict[str, Any]]:
    requests = [
        {
            "id": call_id,
            "type": "function",
            "function": {"name": "get_weather", "arguments": json.dumps({"city": city})},
        }
        for call_id, city, _ in CALLS
    ]
    results = [result for _, _, result in CALLS]
    root = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps({"question": ASK}),
        "output.value": json.dumps({"answer": "Snow in Oslo, sun in Rome."}),
    }
    tools = [
        _span(
            3 + i,
            "get_weather.__call__",
            {
                "openinference.span.kind": "TOOL",
                "input.value": json.dumps({"kwargs": {"city": city}}),
                "output.value": json.dumps(result),
            },
        )
        for i, (_, city, result) in enumerate(CALLS)
    ]
    answer = json.dumps({"answer": "Snow in Oslo, sun in Rome."})
    return [
        _span(1, "WeatherTools.forward", root, parent=None),
        _lm(2, "Call the tools.", ASK, [{"text": None, "tool_calls": requests}], None),
        *tools,
        _lm(5, "Answer from the observations.", f"{ASK}\n{json.dumps(results)}", [answer], answer),
    ]


def test_a_reply_recorded_as_dspy_lm_outputs_requests_its_calls(tmp_path: Path) -> None:
    """The ``{"text": null, "tool_calls": [...]}`` output is the assistant's turn requesting
    the calls, with their ids; the calls that ran take those ids. Before, the reply was lost
    and the calls had none."""
    trace = import_one(tmp_path, _program()).trace
    turn = next(m for m in trace.messages if m.role == "assistant" and m.tool_calls)
    assert [(r.name, r.arguments, r.id) for r in turn.tool_calls] == [
        ("get_weather", {"city": city}, call_id) for call_id, city, _ in CALLS
    ]
    assert [(c.id, c.result) for c in trace.tool_calls] == [(i, r) for i, _, r in CALLS]


def test_results_given_to_a_fresh_prompt_still_have_their_tool_messages(tmp_path: Path) -> None:
    """The requesting turn ends its prompt's history and the next prompt's user message
    quotes the results: the calls were requested as tool calls and ran, so each has its tool
    message after the turn, as when a framework tells the next model another way (the
    contract). Until 2026-12-06 none was added here."""
    trace = import_one(tmp_path, _program()).trace
    assert [m.role for m in trace.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "system",
        "user",
        "assistant",
    ]
    assert [m.tool_call_id for m in trace.messages if m.role == "tool"] == ["call_a", "call_b"]


def test_results_no_later_prompt_quotes_get_their_tool_messages(tmp_path: Path) -> None:
    """The same turn followed by a fresh prompt that does not quote the results: the calls
    ran and were answered somehow, as any executed call, so each gets its tool message."""
    spans = _program()
    spans[-1]["attributes"]["llm.input_messages.1.message.content"] = ASK
    trace = import_one(tmp_path, spans).trace
    assert [m.tool_call_id for m in trace.messages if m.role == "tool"] == ["call_a", "call_b"]

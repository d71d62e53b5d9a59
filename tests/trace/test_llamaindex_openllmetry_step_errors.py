"""LlamaIndex's FunctionAgent with a failing tool under OpenLLMetry's LlamaIndex instrumentation
(0.62.4), on small spans written the way tests/data/traces/openllmetry/
openllmetry-llamaindex-tool-error-2026-12-06g.json holds them: the chat spans give the calls
(GenAI parts), the ``call_tool`` step spans' ``traceloop.entity.output`` is the
``ToolCallResult`` as JSON, and the failing call has no ``FunctionTool.task`` span and no span
an error status.

- a step output whose ``tool_output`` has ``is_error: true`` fails the call with its
  ``tool_id``: the error the output's text, the result still what the model was given
  (`_step_tool_errors`);
- the siblings stand: an output with ``is_error: false`` (every other OpenLLMetry LlamaIndex
  export) marks nothing, nor one naming another tool or another id, nor an output that is no
  ``ToolOutput``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import ImportedTrace
from tests.helpers.span_builders import import_one, llamaindex_step, span

TRACE = "4f" * 16
SCOPE = "opentelemetry.instrumentation.llamaindex"
SYSTEM = "You are a weather assistant."
QUESTION = "What is the weather in Paris and in Tokio?"
ANSWER = "Paris is sunny at 22 C; I do not know Tokio."
FAILED = "unknown city: Tokio"


def _parts(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}]}


def _asked() -> dict[str, Any]:
    calls = [
        {"type": "tool_call", "name": "get_weather", "id": i, "arguments": {"city": city}}
        for i, city in (("call_w1", "Paris"), ("call_e1", "Tokio"))
    ]
    return {"role": "assistant", "parts": [{"type": "text", "content": ""}, *calls]}


def _answers() -> list[dict[str, Any]]:
    return [
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": i, "response": r}]}
        for i, r in (("call_w1", "sunny, 22 C"), ("call_e1", FAILED))
    ]


def _chat(n: int, given: list[Any], reply: dict[str, Any], *, start: float) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(given),
        "gen_ai.output.messages": json.dumps([reply]),
    }
    return span(n, "openai.chat", attrs, trace=TRACE, parent=n - 1, start=start, end=start + 1)


def _step(n: int, output: Any, *, start: float, **attrs: Any) -> dict[str, Any]:
    return llamaindex_step(n, output, trace=TRACE, start=start, **attrs)


def _result(tool_id: str, city: str, text: str, *, failed: bool, tool: str) -> dict[str, Any]:
    """The ``ToolCallResult`` a ``call_tool`` step returns, as OpenLLMetry writes it."""
    output = {
        "blocks": [{"block_type": "text", "text": text}],
        "tool_name": tool,
        "raw_input": {"city": city},
        "raw_output": text,
        "is_error": failed,
    }
    return {"tool_name": tool, "tool_kwargs": {"city": city}, "tool_id": tool_id,
            "tool_output": output, "return_direct": False}  # fmt: skip


def _run(*, failed: bool = True, tool: str = "get_weather", tool_id: str = "call_e1") -> list[Any]:
    """One turn asking for Paris and Tokio, the Tokio tool failing, then the answer."""
    asked = [_parts("system", SYSTEM), _parts("user", QUESTION)]
    tool_span = {
        "traceloop.span.kind": "task",
        "traceloop.entity.name": "FunctionTool.task",
        "traceloop.entity.input": json.dumps({"kwargs": {"city": "Paris"}}),
        "traceloop.entity.output": json.dumps(
            _result("call_w1", "Paris", "sunny, 22 C", failed=False, tool="get_weather")[
                "tool_output"
            ]
        ),
    }
    root = {"traceloop.span.kind": "workflow", "traceloop.entity.name": "FunctionAgent.workflow"}
    spans = [
        span(1, "FunctionAgent.workflow", root, trace=TRACE, start=0, end=20),
        _step(2, {"input": [], "current_agent_name": "weather_agent"}, start=1),
        _chat(3, asked, {**_asked(), "finish_reason": "tool_call"}, start=2),
        _step(4, _result("call_w1", "Paris", "sunny, 22 C", failed=False, tool="get_weather"),
              start=4, **{"tool.name": "get_weather", "tool.arguments": '{"city": "Paris"}'}),
        span(5, "FunctionTool.task", tool_span, trace=TRACE, parent=4, start=4.1, end=4.2),
        _step(6, _result(tool_id, "Tokio", FAILED, failed=failed, tool=tool), start=5,
              **{"tool.name": "get_weather", "tool.arguments": '{"city": "Tokio"}'}),
        _step(7, {"input": [], "current_agent_name": "weather_agent"}, start=6),
        _chat(8, [*asked, _asked(), *_answers()], {**_parts("assistant", ANSWER),
              "finish_reason": "stop"}, start=7),
    ]  # fmt: skip
    return [{**s, "instrumentation_scope": {"name": SCOPE}} for s in spans]


def _calls(tmp_path: Path, spans: list[Any]) -> list[tuple[str | None, Any, str | None]]:
    imported: ImportedTrace = import_one(tmp_path, spans)
    return [(c.id, c.result, c.error) for c in imported.trace.tool_calls]


def test_a_step_output_marked_is_error_fails_its_call(tmp_path: Path) -> None:
    assert _calls(tmp_path, _run()) == [
        ("call_w1", "sunny, 22 C", None),
        ("call_e1", FAILED, FAILED),
    ]


def test_an_output_not_marked_failed_marks_nothing(tmp_path: Path) -> None:
    assert _calls(tmp_path, _run(failed=False)) == [
        ("call_w1", "sunny, 22 C", None),
        ("call_e1", FAILED, None),
    ]


def test_an_output_for_another_tool_or_id_marks_nothing(tmp_path: Path) -> None:
    for spans in (_run(tool="get_time"), _run(tool_id="call_x9")):
        assert _calls(tmp_path, spans) == [
            ("call_w1", "sunny, 22 C", None),
            ("call_e1", FAILED, None),
        ]


def test_an_output_that_is_no_tool_output_marks_nothing(tmp_path: Path) -> None:
    spans = _run()
    attrs = spans[5]["attributes"]
    written = json.loads(attrs["traceloop.entity.output"])
    written["tool_output"] = {"text": FAILED, "is_error": True}
    attrs["traceloop.entity.output"] = json.dumps(written)
    assert _calls(tmp_path, spans)[1] == ("call_e1", FAILED, None)

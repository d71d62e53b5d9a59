"""LlamaIndex's FunctionAgent on ``GoogleGenAI`` under OpenLLMetry's LlamaIndex instrumentation
(0.62.4), on small spans written the way tests/data/traces/openllmetry/
openllmetry-llamaindex-google-2026-12-06.json holds them: the chat spans are
``GoogleGenAI.task`` tasks with both ``traceloop.entity.input`` (LlamaIndex ``ChatMessage``
JSON) and the semconv messages, whose parts lose Gemini's function calls.

- a turn of calls the semconv parts record empty (``parts: []``) takes the calls of the
  ``tool_call`` blocks of the entity input's message at its place (`otel._llamaindex_requests`);
  the tool's name GoogleGenAI writes as both calls' id is no id (`_name_ids`): the results
  answer by order, two calls;
- with no usage on any span, each reply's counts in its ``additional_kwargs`` are the usage,
  each reply once however often it is recorded (`_reply_counts`);
- a dump naming no scope reads the same (a traceloop entity's span);
- the siblings stand: another scope, entity messages that do not line up with the semconv
  ones, a real id, counts on the chat spans, more counted replies than calls.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import ImportedTrace
from tests.helpers.span_builders import import_one, llamaindex_step, span

TRACE = "3e" * 16
SCOPE = "opentelemetry.instrumentation.llamaindex"
SYSTEM = "You are a weather assistant."
QUESTION = "What is the weather in Paris and in Tokyo?"
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."


def _text(role: str, text: str, **kwargs: Any) -> dict[str, Any]:
    """A LlamaIndex ``ChatMessage`` of one text block, as OpenLLMetry writes it (JSON)."""
    return {
        "role": role,
        "additional_kwargs": kwargs,
        "blocks": [{"block_type": "text", "text": text}],
    }


def _turn(ids: tuple[str, str], **kwargs: Any) -> dict[str, Any]:
    """The assistant turn requesting get_weather for Paris and Tokyo, with the call ids `ids`."""
    blocks = [
        {"block_type": "tool_call", "tool_call_id": i, "tool_name": "get_weather",
         "tool_kwargs": {"city": city}}
        for i, city in zip(ids, ("Paris", "Tokyo"), strict=True)
    ]  # fmt: skip
    return {"role": "assistant", "additional_kwargs": kwargs, "blocks": blocks}


def _results(ids: tuple[str, str]) -> list[dict[str, Any]]:
    return [
        {"role": "tool", "additional_kwargs": {"tool_call_id": i},
         "blocks": [{"block_type": "text", "text": text}]}
        for i, text in zip(ids, ("sunny, 22 C", "rain, 17 C"), strict=True)
    ]  # fmt: skip


def _parts(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}]}


def _chat(
    n: int, given: list[dict[str, Any]], semconv: list[Any], reply: list[Any], *, start: float
) -> dict[str, Any]:
    attrs = {
        "traceloop.span.kind": "task",
        "traceloop.entity.name": "GoogleGenAI.task",
        "traceloop.entity.input": json.dumps({"messages": given, "kwargs": {}}),
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "genai",
        "gen_ai.input.messages": json.dumps(semconv),
        "gen_ai.output.messages": json.dumps(reply),
    }
    return span(n, "GoogleGenAI.task", attrs, trace=TRACE, parent=1, start=start, end=start + 1)


def _step(n: int, output: Any, *, start: float, **attrs: Any) -> dict[str, Any]:
    return llamaindex_step(n, output, trace=TRACE, start=start, **attrs)


def _run(
    ids: tuple[str, str] = ("get_weather", "get_weather"),
    *,
    scope: str | None = SCOPE,
    second: dict[str, Any] | None = None,
) -> list[Any]:
    """The agent's run: a chat call whose reply is ``parts: []``, two tools, a chat call."""
    counted = {"prompt_tokens": 61, "completion_tokens": 34}
    asked = [_text("system", SYSTEM), _text("user", QUESTION)]
    semconv = [_parts("system", SYSTEM), _parts("user", QUESTION)]
    answered = [
        {"role": "assistant", "parts": []},
        *({"role": "tool", "parts": [{"type": "tool_call_response", "id": i, "response": r}]}
          for i, r in zip(ids, ("sunny, 22 C", "rain, 17 C"), strict=True)),
    ]  # fmt: skip
    reply = _text("assistant", ANSWER, prompt_tokens=118, completion_tokens=21)
    root = {"traceloop.span.kind": "workflow", "traceloop.entity.name": "FunctionAgent.workflow"}
    spans = [
        span(1, "FunctionAgent.workflow", root, trace=TRACE, start=0, end=20),
        _chat(2, asked, semconv, [{"role": "assistant", "parts": [], "finish_reason": "stop"}],
              start=1),
        *(
            _step(3 + k, {"tool_name": "get_weather", "tool_id": i, "tool_output": {
                "blocks": [], "tool_name": "get_weather", "raw_output": r, "is_error": False}},
                start=3 + k, **{"tool.name": "get_weather", "tool.arguments": json.dumps(
                    {"city": city})})
            for k, (i, city, r) in enumerate(
                zip(ids, ("Paris", "Tokyo"), ("sunny, 22 C", "rain, 17 C"), strict=True))
        ),
        _chat(5, [*asked, _turn(ids, **counted) if second is None else second, *_results(ids)],
              [*semconv, *answered], [{**_parts("assistant", ANSWER), "finish_reason": "stop"}],
              start=6),
        _step(6, {"result": {"response": reply, "current_agent_name": "weather_agent"}}, start=8),
    ]  # fmt: skip
    if scope is None:  # a dump that names no scope
        return spans
    return [{**s, "instrumentation_scope": {"name": scope}} for s in spans]


def _imported(tmp_path: Path, spans: list[Any]) -> ImportedTrace:
    return import_one(tmp_path, spans)


def test_the_empty_turn_takes_the_calls_its_entity_input_records(tmp_path: Path) -> None:
    trace = _imported(tmp_path, _run()).trace
    roles = [(m.role, m.content) for m in trace.messages]
    assert roles == [
        ("system", SYSTEM),
        ("user", QUESTION),
        ("assistant", None),
        ("tool", "sunny, 22 C"),
        ("tool", "rain, 17 C"),
        ("assistant", ANSWER),
    ]
    turn = trace.messages[2]
    assert [(c.name, c.arguments, c.id) for c in turn.tool_calls or []] == [
        ("get_weather", {"city": "Paris"}, None),
        ("get_weather", {"city": "Tokyo"}, None),
    ]  # the tool's name, shared by both calls: no id
    assert [m.tool_call_id for m in trace.messages[3:5]] == [None, None]
    got = [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls]
    assert got == [
        ("get_weather", {"city": "Paris"}, "sunny, 22 C", None),
        ("get_weather", {"city": "Tokyo"}, "rain, 17 C", None),
    ]


def test_a_real_id_stands(tmp_path: Path) -> None:
    trace = _imported(tmp_path, _run(("c1", "c2"))).trace
    assert [c.id for c in trace.messages[2].tool_calls or []] == ["c1", "c2"]
    assert [(c.id, c.result) for c in trace.tool_calls] == [
        ("c1", "sunny, 22 C"),
        ("c2", "rain, 17 C"),
    ]


def test_each_replys_counts_are_the_usage_once(tmp_path: Path) -> None:
    usage = _imported(tmp_path, _run()).trace.usage
    assert (usage.known, usage.input_tokens, usage.output_tokens) == (True, 179, 55)


def test_a_dump_naming_no_scope_reads_as_the_export(tmp_path: Path) -> None:
    trace = _imported(tmp_path, _run(scope=None)).trace
    assert [c.arguments for c in trace.tool_calls] == [{"city": "Paris"}, {"city": "Tokyo"}]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (179, 55)


def test_another_scope_is_not_read_so(tmp_path: Path) -> None:
    trace = _imported(tmp_path, _run(scope="traceloop.tracer")).trace
    assert not trace.messages[2].tool_calls
    assert trace.tool_calls == []
    assert trace.usage.known is False


def test_entity_messages_that_do_not_line_up_give_no_calls(tmp_path: Path) -> None:
    trace = _imported(tmp_path, _run(second=_text("user", "again"))).trace
    assert not any(m.tool_calls for m in trace.messages)


def test_counts_on_the_chat_spans_are_the_usage(tmp_path: Path) -> None:
    spans = _run()
    for n in (1, 4):  # the two chat spans
        spans[n]["attributes"]["gen_ai.usage.input_tokens"] = 10
        spans[n]["attributes"]["gen_ai.usage.output_tokens"] = 1
    usage = _imported(tmp_path, spans).trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (20, 2)


def test_more_counted_replies_than_calls_are_no_usage(tmp_path: Path) -> None:
    spans = _run()
    extra = _text("assistant", "other", prompt_tokens=5, completion_tokens=5)
    spans.append(
        {**_step(7, {"response": extra}, start=9), "instrumentation_scope": {"name": SCOPE}}
    )
    assert _imported(tmp_path, spans).trace.usage.known is False

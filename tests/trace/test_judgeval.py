"""Judgment Labs' judgeval tracer (judgeval-openai-2026-12-07i): ``judgment.span_kind`` says
what a span is, a wrapped client's ``llm`` span holds its request and response whole
(`fourfold.integrations.otel._judgeval`), and a span exported again while it ran, each copy
numbered ``judgment.update_id``, is read once, from its last update
(`fourfold.integrations._span_updates`).

Spans that look alike are read as before: a GenAI span naming its operation beside
judgment keys, a request and response in ``gen_ai.prompt`` / ``gen_ai.completion`` with no
judgment kind, records under one span id with no update number.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.errors import ConfigError
from fourfold.integrations import SpanAssembler, from_otel, import_traces
from tests.helpers.span_builders import import_one, span

TRACE = "4b" * 16
SYSTEM = "You are a weather assistant."
QUESTION = "What is the weather in Paris?"
ANSWER = "Paris is sunny at 22 C."
ASKED = {
    "id": "call_w1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
}
PROMPT = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": QUESTION}]


def _jv(
    n: int, name: str, kind: str, parent: int | None, start: float, end: float, **attrs: Any
) -> dict[str, Any]:
    """A judgeval span of kind `kind`, `attrs` its other attributes."""
    return span(
        n, name, {"judgment.span_kind": kind, **attrs}, trace=TRACE, parent=parent, start=start,
        end=end,
    )  # fmt: skip


def _copy(n: int, name: str, kind: str, parent: int | None, start: float, update: int,
          end: float | None = None, **attrs: Any) -> dict[str, Any]:  # fmt: skip
    """A copy numbered `update`; with no `end`, one made while the span ran (ends at its start)."""
    return _jv(n, name, kind, parent, start, start if end is None else end,
               **{"judgment.update_id": update}, **attrs)  # fmt: skip


def _chat(
    n: int, start: float, given: list[Any], said: dict[str, Any], counts: tuple[int, int]
) -> dict[str, Any]:
    request = {"model": "gpt-4o-mini", "messages": given}
    response = {
        "object": "chat.completion",
        "model": "gpt-4o-mini-2024-07-18",
        "choices": [{"index": 0, "finish_reason": "stop", "message": said}],
    }
    return _copy(
        n, "OPENAI_API_CALL", "llm", 1, start, 0, start + 0.5,
        **{"gen_ai.prompt": json.dumps(request), "gen_ai.completion": json.dumps(response)},
        **{"judgment.usage.non_cached_input_tokens": counts[0]},
        **{"judgment.usage.cache_read_input_tokens": 0},
        **{"judgment.usage.output_tokens": counts[1]},
        **{"judgment.llm.model": "gpt-4o-mini-2024-07-18"},
    )  # fmt: skip


def _loop() -> list[dict[str, Any]]:
    """judgeval's export of a one-call tool loop: the root four times, the tool twice."""
    asked = {"judgment.input": json.dumps({"question": QUESTION})}
    turn = {"role": "assistant", "content": None, "tool_calls": [ASKED]}
    result = {"role": "tool", "tool_call_id": "call_w1", "content": "sunny, 22 C"}
    tool = {"judgment.input": '{"city":"Paris"}'}
    return [
        _copy(1, "weather_loop", "function", None, 1.0, 0, **asked),
        _copy(1, "weather_loop", "function", None, 1.0, 1, **asked),
        _chat(2, 1.1, PROMPT, turn, (20, 5)),
        _copy(3, "get_weather", "tool", 1, 1.7, 0, **tool),
        _copy(3, "get_weather", "tool", 1, 1.7, 1, 1.8, **tool,
              **{"judgment.output": "sunny, 22 C"}),
        _copy(1, "weather_loop", "function", None, 1.0, 2, **asked),
        _chat(4, 1.9, [*PROMPT, turn, result], {"role": "assistant", "content": ANSWER}, (40, 7)),
        _copy(1, "weather_loop", "function", None, 1.0, 3, 2.5, **asked,
              **{"judgment.output": ANSWER}),
    ]  # fmt: skip


def _said(trace: Any) -> list[tuple[str, str | None, list[str], str | None]]:
    return [
        (m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id) for m in trace.messages
    ]


@pytest.mark.parametrize("order", ["as exported", "reversed"])
def test_each_span_is_read_once_from_its_last_update(tmp_path: Path, order: str) -> None:
    spans = _loop() if order == "as exported" else _loop()[::-1]
    imported = import_one(tmp_path, spans)
    trace = imported.trace

    assert _said(trace) == [
        ("system", SYSTEM, [], None),
        ("user", QUESTION, [], None),
        ("assistant", None, ["call_w1"], None),
        ("tool", "sunny, 22 C", [], "call_w1"),
        ("assistant", ANSWER, [], None),
    ]
    assert [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny, 22 C", "call_w1")
    ]
    assert (imported.input, trace.output) == (QUESTION, ANSWER)
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 12)
    assert imported.metadata["model"] == "gpt-4o-mini"  # asked for, not the dated name
    assert imported.metadata.get("agent_name") is None  # the application's function
    assert trace.latency_s == pytest.approx(1.5)  # the root's ended copy, not its start


def test_spans_given_in_memory_are_read_once_from_their_last_update_too() -> None:
    # `from_otel` assembles without the SpanAssembler the files go through: the same rule.
    [imported] = from_otel(_loop()[::-1])
    assert imported.trace.output == ANSWER
    assert _said(imported.trace)[2:] == [
        ("assistant", None, ["call_w1"], None),
        ("tool", "sunny, 22 C", [], "call_w1"),
        ("assistant", ANSWER, [], None),
    ]
    assert len(imported.trace.tool_calls) == 1


def test_a_root_copy_made_while_it_ran_is_not_the_roots_arrival() -> None:
    """The monitor waits for the root's ended copy (or the timeout), not its first copy."""
    assembler = SpanAssembler(settle_s=1.0, timeout_s=30.0)
    spans = _loop()
    assembler.add(spans[:2], now=0.0)  # the root's copies made when it started
    assert assembler.due(now=5.0) == []  # a long model call: nothing arrives for seconds
    assembler.add(spans[2:], now=6.0)  # the rest, the root's ended copy last
    assert assembler.due(now=6.5) == []
    [imported] = assembler.due(now=7.0)
    assert imported.trace.output == ANSWER
    assert [c.result for c in imported.trace.tool_calls] == ["sunny, 22 C"]


def test_the_cached_and_uncached_input_add_up(tmp_path: Path) -> None:
    """judgeval takes the cached tokens out of OpenAI's prompt count: the input is both."""
    said = {"role": "assistant", "content": ANSWER}
    call = _chat(2, 1.1, PROMPT, said, (50, 5))
    call["attributes"]["judgment.usage.cache_read_input_tokens"] = 11
    root = _copy(1, "weather_loop", "function", None, 1.0, 0, 2.0, **{"judgment.output": ANSWER})
    usage = import_one(tmp_path, [root, call]).trace.usage

    assert (usage.input_tokens, usage.output_tokens) == (61, 5)


def test_an_anthropic_call_and_a_streamed_reply_are_read_in_their_shapes(tmp_path: Path) -> None:
    """Anthropic's request (its ``system`` apart, blocks) and response (a message of blocks);
    a streamed call's completion is the text its chunks said."""
    request = {
        "model": "claude-haiku-4-5",
        "system": SYSTEM,
        "messages": [{"role": "user", "content": QUESTION}],
    }
    response = {
        "type": "message",
        "role": "assistant",
        "model": "claude-haiku-4-5-20251001",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather",
                     "input": {"city": "Paris"}}],
    }  # fmt: skip
    replayed = [
        {"role": "assistant", "content": response["content"]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "sunny"}]},
    ]  # fmt: skip
    first = {"gen_ai.prompt": json.dumps(request), "gen_ai.completion": json.dumps(response)}
    second = {
        "gen_ai.prompt": json.dumps({**request, "messages": request["messages"] + replayed}),
        "gen_ai.completion": ANSWER,  # streamed: the text alone
    }
    spans = [
        _jv(1, "weather_loop", "function", None, 1.0, 3.0, **{"judgment.output": ANSWER}),
        _jv(2, "ANTHROPIC_API_CALL", "llm", 1, 1.1, 1.5, **first),
        _jv(3, "get_weather", "tool", 1, 1.6, 1.7, **{"judgment.input": '{"city": "Paris"}',
            "judgment.output": "sunny"}),
        _jv(4, "ANTHROPIC_API_CALL", "llm", 1, 1.8, 2.5, **second),
    ]  # fmt: skip
    imported = import_one(tmp_path, spans)

    assert _said(imported.trace) == [
        ("system", SYSTEM, [], None),
        ("user", QUESTION, [], None),
        ("assistant", None, ["toolu_1"], None),
        ("tool", "sunny", [], "toolu_1"),
        ("assistant", ANSWER, [], None),
    ]
    assert imported.metadata["model"] == "claude-haiku-4-5"
    assert not imported.trace.usage.known  # no counts written: unknown, not zero


def test_an_agent_span_names_the_agent_and_a_failed_tool_keeps_its_error(tmp_path: Path) -> None:
    agent = _jv(1, "weather_agent", "agent", None, 1.0, 3.0, **{"judgment.output": ANSWER})
    call = _chat(2, 1.1, PROMPT, {"role": "assistant", "content": None, "tool_calls": [ASKED]},
                 (20, 5))  # fmt: skip
    call["parent_id"] = f"{1:016x}"
    failed = _jv(3, "get_weather", "tool", 1, 1.7, 1.8, **{"judgment.input": '{"city":"Paris"}'})
    failed["status"] = {"status_code": "ERROR", "description": "service down"}
    failed["events"] = [{"name": "exception", "attributes": {
        "exception.type": "ConnectionError", "exception.message": "service down"}}]  # fmt: skip
    imported = import_one(tmp_path, [agent, call, failed])

    assert imported.metadata["agent_name"] == "weather_agent"
    [tool] = imported.trace.tool_calls
    assert (tool.name, tool.id, tool.error) == (
        "get_weather",
        "call_w1",
        "ConnectionError: service down",
    )


def test_an_llm_function_of_the_application_is_no_model_call(tmp_path: Path) -> None:
    """``@Tracer.observe(span_type="llm")`` on the application's function records its
    arguments and result, no request: the wrapped client's call inside it is the call."""
    given = {"judgment.input": json.dumps({"question": QUESTION}), "judgment.output": ANSWER}
    outer = _jv(2, "ask_model", "llm", 1, 1.05, 1.9, **given)
    call = _chat(3, 1.1, PROMPT, {"role": "assistant", "content": ANSWER}, (20, 5))
    call["parent_id"] = f"{2:016x}"
    root = _jv(1, "weather_loop", "function", None, 1.0, 2.0, **{"judgment.output": ANSWER})
    imported = import_one(tmp_path, [root, outer, call])

    assert _said(imported.trace) == [
        ("system", SYSTEM, [], None),
        ("user", QUESTION, [], None),
        ("assistant", ANSWER, [], None),
    ]
    assert imported.trace.usage.input_tokens == 20


def test_a_span_naming_its_operation_is_read_by_the_genai_conventions(tmp_path: Path) -> None:
    """judgment keys beside ``gen_ai.operation.name`` do not decide what the span is."""
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": QUESTION}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": ANSWER}]),
        "judgment.span_kind": "tool",
        "judgment.input": json.dumps({"city": "Paris"}),
    }
    imported = import_one(tmp_path, [span(1, "chat gpt-4o-mini", chat, trace=TRACE)])

    assert _said(imported.trace) == [("user", QUESTION, [], None), ("assistant", ANSWER, [], None)]
    assert imported.trace.tool_calls == []


def test_a_request_and_response_with_no_judgment_kind_are_not_read_so(tmp_path: Path) -> None:
    """The whole request in ``gen_ai.prompt`` is judgeval's on its ``llm`` span only: with no
    kind and no operation, the span says no model call (the file is refused, as before)."""
    request = {"model": "gpt-4o-mini", "messages": PROMPT}
    attrs = {"gen_ai.prompt": json.dumps(request), "gen_ai.completion": ANSWER}
    path = tmp_path / "spans.json"
    path.write_text(json.dumps([span(1, "call", attrs, trace=TRACE)]), encoding="utf-8")

    with pytest.raises(ConfigError, match="none of the 1 spans"):
        import_traces(path)


def test_records_under_one_id_with_no_update_number_stay_apart(tmp_path: Path) -> None:
    """Only numbered copies are one span's updates: two tool records under one id, neither
    numbered (a Zipkin-style shared id), are two runs, as before."""
    root = _jv(1, "weather_loop", "function", None, 1.0, 3.0, **{"judgment.output": ANSWER})
    tools = [
        _jv(2, "get_weather", "tool", 1, start, start + 0.1,
            **{"judgment.input": json.dumps({"city": city}), "judgment.output": said})
        for start, city, said in ((1.1, "Paris", "sunny"), (1.3, "Tokyo", "rain"))
    ]  # fmt: skip
    imported = import_one(tmp_path, [root, *tools])

    assert [c.result for c in imported.trace.tool_calls] == ["sunny", "rain"]

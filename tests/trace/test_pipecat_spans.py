"""Pipecat's own tracing (pipecat-ai 1.14), on small span lists written its way
(tests/data/traces/pipecat/pipecat-otel-2026-12-07g.json).

Its ``llm`` spans (scope ``pipecat``) carry the GenAI request keys beside keys of its own: the
context's messages as ``input`` (JSON, in the provider's shape), the reply's text as
``output`` (only when the reply had text), the system prompt as
``gen_ai.system_instructions``, the model asked for as ``param.model``. Pipecat makes no
span for a function call: the turns that requested them and their results stand only in a
later call's ``input``. Other tracers' bare ``input`` / ``output`` are not read so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "4e" * 16
SYSTEM = "You are a weather assistant."
USER = "What is the weather in Paris and in Tokyo?"
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."


def _span(
    n: int, name: str, attrs: dict[str, Any], *, parent: int | None, scope: str | None
) -> dict[str, Any]:
    built = span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)
    if scope is not None:
        built["instrumentation_scope"] = {"name": scope}
    return built


def _llm(messages: list[dict[str, Any]], tokens: tuple[int, int], **more: Any) -> dict[str, Any]:
    return {
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.operation.name": "chat",
        "gen_ai.output.type": "text",
        "stream": True,
        "input": json.dumps(messages),
        "tools": '[{"type": "function", "function": {"name": "get_weather"}}]',
        "tool_count": 1,
        "gen_ai.system_instructions": SYSTEM,
        "param.model": "gpt-4o-mini",
        "gen_ai.usage.input_tokens": tokens[0],
        "gen_ai.usage.output_tokens": tokens[1],
        **more,
    }


def _openai_history() -> list[dict[str, Any]]:
    def asked(call: str, city: str) -> dict[str, Any]:
        arguments = json.dumps({"city": city})
        function = {"name": "get_weather", "arguments": arguments}
        return {"role": "assistant", "tool_calls": [{"id": call, "function": function}]}

    return [
        {"role": "user", "content": USER},
        asked("call_w1", "Paris"),
        {"role": "tool", "content": '"sunny, 22 C"', "tool_call_id": "call_w1"},
        asked("call_w2", "Tokyo"),
        {"role": "tool", "content": '"rain, 17 C"', "tool_call_id": "call_w2"},
    ]


def _run(
    history: list[dict[str, Any]] | None = None, *, scope: str | None = "pipecat"
) -> list[dict[str, Any]]:
    history = _openai_history() if history is None else history
    turn_scope = None if scope is None else "pipecat.turn"
    second = _llm(
        history,
        (118, 21),
        output=ANSWER,
        **{"gen_ai.request.model": "gpt-4o-mini-2024-07-18"},  # the first reply's model
    )
    return [
        _span(1, "conversation", {"conversation.type": "voice"}, parent=None, scope=turn_scope),
        _span(2, "turn", {"turn.number": 1}, parent=1, scope=turn_scope),
        _span(3, "llm", _llm(history[:1], (61, 34)), parent=2, scope=scope),
        _span(4, "llm", second, parent=2, scope=scope),
    ]


def test_the_context_and_the_reply_text(tmp_path: Path) -> None:
    # before: the system prompt alone (its input and output attributes unread), no input,
    # no tool call, no answer
    imported = import_one(tmp_path, _run())
    trace = imported.trace
    assert imported.input == USER
    assert trace.output == ANSWER
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),
        ("user", USER, None),
        ("assistant", None, None),
        ("tool", '"sunny, 22 C"', "call_w1"),
        ("assistant", None, None),
        ("tool", '"rain, 17 C"', "call_w2"),
        ("assistant", ANSWER, None),
    ]
    assert [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny, 22 C", "call_w1"),
        ("get_weather", {"city": "Tokyo"}, "rain, 17 C", "call_w2"),
    ]
    assert trace.usage.input_tokens == 179 and trace.usage.output_tokens == 55
    assert imported.metadata["model"] == "gpt-4o-mini"


def test_read_the_same_with_no_scope(tmp_path: Path) -> None:
    # the SDK's console dump keeps no scope: the span's name and the keys Pipecat writes
    trace = import_one(tmp_path, _run(scope=None)).trace
    assert trace.output == ANSWER
    assert [c.id for c in trace.tool_calls] == ["call_w1", "call_w2"]


def test_the_model_asked_for_is_the_setting(tmp_path: Path) -> None:
    # the second span's gen_ai.request.model is the first reply's dated name
    spans = _run()
    del spans[2]["attributes"]["param.model"]  # the first names none: the second's
    spans[2]["attributes"]["gen_ai.request.model"] = "unknown"
    assert import_one(tmp_path, spans).metadata["model"] == "gpt-4o-mini"


def test_a_reply_text_that_is_json_is_text(tmp_path: Path) -> None:
    # output is the text the call pushed: a JSON answer is the model's words, not messages
    spans = _run()
    said = '[{"role": "assistant", "content": "Sunny."}]'
    spans[3]["attributes"]["output"] = said
    trace = import_one(tmp_path, spans).trace
    assert trace.output == said
    assert trace.messages[-1].content == said


def test_the_providers_shapes(tmp_path: Path) -> None:
    # the adapter logs the context in the provider's shape: Anthropic's and Gemini's blocks,
    # Bedrock's Converse blocks
    anthropic = [
        {"role": "user", "content": USER},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {"city": "Paris"}}
            ],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]},
    ]
    gemini = [
        {"role": "user", "parts": [{"text": USER}]},
        {
            "role": "model",
            "parts": [{"function_call": {"id": "t1", "name": "get_weather", "args": {}}}],
        },
        {
            "role": "user",
            "parts": [{"function_response": {"id": "t1", "name": "get_weather", "response": {}}}],
        },
    ]
    converse = [
        {"role": "user", "content": [{"text": USER}]},
        {
            "role": "assistant",
            "content": [{"toolUse": {"toolUseId": "t1", "name": "get_weather", "input": {}}}],
        },
        {
            "role": "user",
            "content": [{"toolResult": {"toolUseId": "t1", "content": [{"text": "x"}]}}],
        },
    ]
    for n, history in enumerate([anthropic, gemini, converse]):
        folder = tmp_path / str(n)
        folder.mkdir()
        trace = import_one(folder, _run(history)).trace
        assert [m.role for m in trace.messages] == [
            "system",
            "user",
            "assistant",
            "tool",
            "assistant",
        ], n
        assert [(c.name, c.id) for c in trace.tool_calls] == [("get_weather", "t1")], n


def test_another_scopes_llm_span_is_not_pipecats(tmp_path: Path) -> None:
    # the same span under another tracer's scope: its bare input is none of its messages
    spans = _run(scope="my.tracer")
    trace = import_one(tmp_path, spans).trace
    assert [m.role for m in trace.messages] == ["system"]
    assert trace.tool_calls == []


def test_with_no_scope_a_span_without_pipecats_keys_is_not_read_so(tmp_path: Path) -> None:
    # an ``llm`` span with a bare input but not the keys Pipecat always writes on it
    spans = _run(scope=None)
    for built in spans[2:]:
        del built["attributes"]["stream"]
    trace = import_one(tmp_path, spans).trace
    assert [m.role for m in trace.messages] == ["system"]

"""Future AGI's traceAI spans, read as OpenInference's under other names (otel/_traceai.py).

traceAI (``fi_instrumentation``) writes OpenInference's span kinds and flattened attributes
under ``gen_ai.*`` names: ``gen_ai.span.kind``, ``gen_ai.input.messages.<i>.message.*``,
``gen_ai.request.parameters``... Its spans are told by that kind key (a span dump keeps no
scope), renamed before they are read; a GenAI-convention span (``gen_ai.operation.name``,
``gen_ai.input.messages`` as JSON) is not one of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "7a" * 16
ASK = "What is the weather in Paris?"


def _traceai_call(n: int, **extra: Any) -> dict[str, Any]:
    said = openinference_messages("gen_ai.input.messages", [{"role": "user", "content": ASK}])
    reply = openinference_messages(
        "gen_ai.output.messages", [{"role": "assistant", "content": "Sunny."}]
    )
    attrs = {
        "gen_ai.span.kind": "LLM",
        "gen_ai.provider.name": "openai",
        # traceAI's OpenAI instrumentation: the reply's dated model under the request key
        "gen_ai.request.model": "gpt-4o-mini-2024-07-18",
        "gen_ai.request.parameters": json.dumps({"model": "gpt-4o-mini"}),
        "input.value": "You are terse.",  # the first message's text only
        "gen_ai.usage.input_tokens": "12",
        "gen_ai.usage.output_tokens": "3",
        **said,
        **reply,
        **extra,
    }
    return span(n, "ChatCompletion", attrs, trace=TRACE)


def test_a_scopeless_traceai_model_call_is_read_as_openinference(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_traceai_call(1)])
    trace = imported.trace
    assert imported.input == ASK  # not input.value's system text
    assert trace.output == "Sunny."
    assert (
        imported.metadata.get("model") == "gpt-4o-mini"
    )  # the model asked for, from the request parameters
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (12, 3)


def test_a_genai_span_with_the_same_keys_is_not_traceais(tmp_path: Path) -> None:
    """No ``gen_ai.span.kind``: the GenAI conventions' own ``gen_ai.request.model``."""
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini-2024-07-18",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": ASK}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": "Sunny."}]),
    }
    imported = import_one(tmp_path, [span(1, "chat gpt-4o-mini", attrs, trace=TRACE)])
    assert imported.metadata.get("model") == "gpt-4o-mini-2024-07-18"
    assert imported.trace.output == "Sunny."


def test_a_prepared_request_typed_llm_is_no_model_call(tmp_path: Path) -> None:
    """LlamaIndex's ``_prepare_chat_with_tools``: no reply or usage, its output the request."""
    prepared = span(
        2,
        "OpenAI._prepare_chat_with_tools",
        {
            "gen_ai.span.kind": "LLM",
            "gen_ai.request.model": "gpt-4o",
            "output.value": json.dumps({"messages": [f"user: {ASK}"], "tools": []}),
        },
        trace=TRACE,
        start=0.5,
        end=0.6,
    )
    imported = import_one(tmp_path, [prepared, _traceai_call(1)])
    assert imported.metadata.get("model") == "gpt-4o-mini"
    assert [m.role for m in imported.trace.messages] == ["user", "assistant"]


def _node(n: int, name: str, state: list[str], start: float) -> dict[str, Any]:
    attrs = {"gen_ai.span.kind": "CHAIN", "output.value": json.dumps({"messages": state})}
    return span(n, name, attrs, trace=TRACE, parent=1, start=start, end=start + 0.1)


def _chat(n: int, said: list[dict[str, Any]], reply: dict[str, Any], start: float) -> Any:
    attrs = {
        "gen_ai.span.kind": "LLM",
        "gen_ai.request.model": "gpt-4o-mini",
        **openinference_messages("gen_ai.input.messages", said),
        **openinference_messages("gen_ai.output.messages", [reply]),
    }
    return span(n, "ChatOpenAI", attrs, trace=TRACE, parent=1, start=start, end=start + 0.1)


ASKED = (
    "content='' additional_kwargs={} response_metadata={} name='weather_agent' tool_calls="
    "[{'name': 'get_weather', 'args': {'city': 'Paris'}, 'id': 'call_w1', 'type': 'tool_call'}]"
)


def _graph(tmp_path: Path, tool_state: list[str]) -> list[tuple[Any, ...]]:
    """traceAI's LangGraph: the replayed turn flattened to its role, its result to its text."""
    user = {"role": "user", "content": ASK}
    request = {"role": "assistant", "content": "", "tool_calls": [("call_w1", "get_weather", {})]}
    answer = "content='Sunny.' additional_kwargs={} name='weather_agent' tool_calls=[]"
    spans = [
        span(1, "weather_agent", {"gen_ai.span.kind": "AGENT"}, trace=TRACE, end=9),
        _chat(2, [user], request, 1.1),
        _node(3, "agent", [f"content={ASK!r} additional_kwargs={{}}", ASKED], 1.3),
        _node(4, "tools", tool_state, 1.5),
        _chat(
            5,
            [user, {"role": "assistant"}, {"role": "tool", "content": "sunny"}],
            {"role": "assistant", "content": "Sunny."},
            2.0,
        ),
        _node(6, "agent", [answer], 2.3),
    ]
    return [
        (m.role, m.content or None, [r.id for r in m.tool_calls], m.tool_call_id)
        for m in import_one(tmp_path, spans).trace.messages
    ]


def test_a_replayed_turn_with_no_ids_is_the_node_states_turn(tmp_path: Path) -> None:
    """The tools node's state answers call_w1 with what the unnamed result says."""
    said = _graph(tmp_path, ["content='sunny' name='get_weather' tool_call_id='call_w1'"])
    assert said == [
        ("user", ASK, [], None),
        ("assistant", None, ["call_w1"], None),
        ("tool", "sunny", [], "call_w1"),
        ("assistant", "Sunny.", [], None),
    ]


def test_a_result_saying_something_else_is_not_told(tmp_path: Path) -> None:
    """The held answer says other text: nothing tells the replayed turn."""
    said = _graph(tmp_path, ["content='rain' name='get_weather' tool_call_id='call_w1'"])
    assert ("assistant", None, [], None) in said

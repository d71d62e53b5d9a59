"""AG2's agent turns as OpenInference's AG2 instrumentation records them: no model-call span.

``openinference-instrumentation-ag2`` 0.1.12 makes only AGENT and TOOL spans; each
``<agent>.generate_reply`` AGENT span records the history it was handed and the agent's
reply (the real export: tests/data/traces/autogen/openinference-ag2-2026-12-07c). A reply
that is an assistant message is the agent's turn, where no model-call span records it.
Rule: `integrations/otel/_ag2_replies.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "a3" * 16
ASK = "What is the weather in Paris?"
CALL = {"id": "call_w1", "function": {"arguments": '{"city": "Paris"}', "name": "get_weather"}}
REQUEST = {"content": None, "role": "assistant", "tool_calls": [{**CALL, "type": "function"}]}
RESULTS = {
    "role": "tool",
    "tool_responses": [{"tool_call_id": "call_w1", "role": "tool", "content": "sunny"}],
    "content": "sunny",
}


def _reply(n: int, agent: str, sender: str, handed: Any, reply: Any, at: float) -> Any:
    attrs = {
        "openinference.span.kind": "AGENT",
        "agent.name": agent,
        "ag2.sender.name": sender,
        "input.value": json.dumps(handed),
        "output.value": reply if isinstance(reply, str) else json.dumps(reply),
    }
    return span(n, f"{agent}.generate_reply", attrs, trace=TRACE, parent=1, start=at, end=at + 1)


def _chat(*, model_call: bool = False) -> list[Any]:
    root_attrs = {
        "openinference.span.kind": "AGENT",
        "agent.name": "user_proxy",
        "input.value": json.dumps({"message": ASK, "sender": "user_proxy"}),
        "output.value": "Sunny in Paris.",
    }
    asked = [{"content": ASK, "role": "user", "name": "user_proxy"}]
    tool = {
        "openinference.span.kind": "TOOL",
        "tool.name": "get_weather",
        "tool_call.id": "call_w1",
        "tool_call.function.arguments": '{"city": "Paris"}',
        "output.value": "sunny",
    }
    spans = [
        span(1, "user_proxy.initiate_chat", root_attrs, trace=TRACE, start=0.0, end=20.0),
        _reply(2, "weather_agent", "user_proxy", asked, REQUEST, 1.0),
        # the proxy's reply: its executed tools' results; its history says the ask as its own
        _reply(3, "user_proxy", "weather_agent", [{**asked[0], "role": "assistant"}], RESULTS, 3),
        span(4, "get_weather", tool, trace=TRACE, parent=3, start=3.2, end=3.5),
        _reply(5, "weather_agent", "user_proxy", [*asked, REQUEST, RESULTS], "Sunny in Paris.", 5),
    ]
    if model_call:  # a model's own instrumentation beside it: its span records the turns
        llm = {
            "openinference.span.kind": "LLM",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": ASK,
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": "From the model.",
        }
        spans.append(span(6, "ChatCompletion", llm, trace=TRACE, parent=5, start=5.1, end=5.9))
    return spans


def _said(tmp_path: Path, spans: list[Any]) -> list[tuple[str, Any, list[str]]]:
    messages = import_one(tmp_path, spans).trace.messages
    return [(m.role, m.content, [c.id or "" for c in m.tool_calls or []]) for m in messages]


def test_the_agent_s_replies_are_its_turns(tmp_path: Path) -> None:
    """Before, no assistant turn: the ask and the tool's result only."""
    assert _said(tmp_path, _chat()) == [
        ("user", ASK, []),
        ("assistant", None, ["call_w1"]),
        ("tool", "sunny", []),
        ("assistant", "Sunny in Paris.", []),
    ]


def test_not_where_a_model_call_records_the_turns(tmp_path: Path) -> None:
    """A trace with a model-call span: its messages, not the agents' replies."""
    said = _said(tmp_path, _chat(model_call=True))
    assert [m for m in said if m[0] == "assistant"] == [("assistant", "From the model.", [])]

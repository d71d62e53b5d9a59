"""openlit's AG2 instrumentation (openlit-ag2): its ``execute_task <agent>`` spans of an
agent's ``send``, ``receive`` and ``generate_reply`` are that agent's steps, not model calls
(`fourfold.integrations.otel._openlit_ag2`).

Their operation says ``chat``, but their message attributes hold the other agent's name
(openlit reads AG2's ``send(message, recipient)`` and ``receive(message, sender)`` arguments
the other way round) and a ``generate_reply`` span's counts are openlit's estimate from the
characters: no message and no usage comes from them, even in a trace with no model call.
The model calls inside them, and spans that only look alike (a chat span of the model's own
instrumentation, an AG2 span with no message type), are read as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "a2" * 16
QUESTION = "What is the weather in Paris?"
ANSWER = "Sunny, 22 C."


def _step(n: int, agent: str, kind: str, parent: int | None, **attrs: Any) -> dict[str, Any]:
    """openlit's span of one AG2 agent step, as openlit 1.45 writes it."""
    return span(
        n,
        f"execute_task {agent}",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": "ag2",
            "gen_ai.request.model": "unknown",
            "gen_ai.response.model": "unknown",
            "gen_ai.agent.name": agent,
            "gen_ai.agent.message_type": kind,
            **attrs,
        },
        trace=TRACE,
        parent=parent,
        start=float(n),
        end=20.0 - n,
    )


def _chat(n: int, parent: int, **attrs: Any) -> dict[str, Any]:
    """openlit's OpenAI chat span: the model call the reply made."""
    inputs = [
        {"role": "user", "parts": [{"type": "text", "content": QUESTION}], "name": "user_proxy"}
    ]
    outputs = [{"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}]
    return span(
        n,
        "chat gpt-4o-mini",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": "openai",
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
            "gen_ai.usage.input_tokens": 61,
            "gen_ai.usage.output_tokens": 34,
            **attrs,
        },
        trace=TRACE,
        parent=parent,
        start=float(n),
        end=20.0 - n,
    )


def _chat_turn() -> list[dict[str, Any]]:
    """user_proxy sends, weather_agent receives and replies with its model, sends back."""
    return [
        _step(1, "user_proxy", "send", None, **{"gen_ai.output.messages": "weather_agent"}),
        _step(2, "weather_agent", "receive", 1, **{"gen_ai.input.messages": "user_proxy"}),
        _step(
            3,
            "weather_agent",
            "generate_reply",
            2,
            **{
                "gen_ai.agent.sender": "user_proxy",
                "gen_ai.usage.input_tokens": 24,
                "gen_ai.usage.output_tokens": 87,
            },
        ),
        _chat(4, 3),
        _step(5, "weather_agent", "send", 2, **{"gen_ai.output.messages": "user_proxy"}),
        _step(6, "user_proxy", "receive", 5, **{"gen_ai.input.messages": "weather_agent"}),
    ]


def test_a_chat_turn_is_its_model_calls_messages_and_usage(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _chat_turn())
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("user", QUESTION),
        ("assistant", ANSWER),
    ]
    assert (imported.input, trace.output) == (QUESTION, ANSWER)
    assert trace.usage is not None
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (61, 34)
    metadata = trace.metadata
    assert (metadata["agent_name"], metadata["agents"]) == (
        "user_proxy",
        ["user_proxy", "weather_agent"],
    )
    assert metadata["model"] == "gpt-4o-mini"


def test_a_reply_without_a_model_call_gives_no_usage_nor_messages(tmp_path: Path) -> None:
    # user_proxy replying to a tool request: AG2 ran the tools, no model; the counts on the
    # span are openlit's estimate from the characters of the messages and the reply
    reply = _step(
        1,
        "user_proxy",
        "generate_reply",
        None,
        **{
            "gen_ai.agent.sender": "weather_agent",
            "gen_ai.usage.input_tokens": 94,
            "gen_ai.usage.output_tokens": 54,
        },
    )
    imported = import_one(tmp_path, [reply])
    trace = imported.trace
    assert (trace.messages, imported.input, trace.output) == ([], None, None)
    assert not trace.usage.known  # unknown, not the estimate nor zero
    assert trace.metadata["agent_name"] == "user_proxy"
    assert trace.metadata.get("model") is None


def test_a_model_call_that_only_looks_alike_keeps_its_messages_and_counts(
    tmp_path: Path,
) -> None:
    # a chat span naming the agent that made it (no AG2 message type), and an AG2 span of
    # another kind (ag2's own instrumentation's LLM span, no message type): model calls
    for attrs in (
        {"gen_ai.agent.name": "weather_agent"},
        {"gen_ai.provider.name": "ag2", "ag2.span.type": "llm"},
    ):
        trace = import_one(tmp_path, [_chat(1, 0, **attrs) | {"parent_id": None}]).trace
        assert [m.content for m in trace.messages] == [QUESTION, ANSWER]
        assert trace.usage is not None
        assert (trace.usage.input_tokens, trace.usage.output_tokens) == (61, 34)

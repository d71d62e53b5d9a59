"""One model call recorded by two instrumentations side by side (`_same_call._side_by_side`).

Langfuse's OpenAI drop-in (``OpenAI-generation``, the model read off the reply, no response
id) and OpenInference's OpenAI instrumentation (``ChatCompletion``, the requested model in its
invocation parameters) both record each call, siblings under the agent: one call, counted
once, the model the one asked for. The instrumentations are told apart by their attributes'
conventions (no scope: a console dump keeps none). The rule must not fire on one
instrumentation's two records of the same words (identical requests sent at once), nor on
two records whose replies differ.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ef" * 16
ASK = "What is the weather in Oslo?"
REPLY = "Sunny."


def _call(n: int, name: str, attrs: dict[str, Any], *, start: float, end: float) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=1, start=start, end=end)


def _generation(reply: str = REPLY) -> dict[str, Any]:
    return {
        "langfuse.observation.type": "generation",
        "langfuse.observation.input": json.dumps({"messages": [{"role": "user", "content": ASK}]}),
        "langfuse.observation.output": json.dumps({"role": "assistant", "content": reply}),
        "langfuse.observation.model.name": "gpt-4o-mini-2024-07-18",
        "langfuse.observation.usage_details": json.dumps(
            {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13}
        ),
    }


def _chat_completion() -> dict[str, Any]:
    return {
        "openinference.span.kind": "LLM",
        "llm.system": "openai",
        "llm.invocation_parameters": json.dumps({"model": "gpt-4o-mini"}),
        "llm.model_name": "gpt-4o-mini-2024-07-18",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": ASK,
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": REPLY,
        "llm.token_count.prompt": 10,
        "llm.token_count.completion": 3,
    }


def _agent() -> dict[str, Any]:
    attrs = {"langfuse.observation.type": "agent"}
    return span(1, "weather_agent", attrs, trace=TRACE, start=0.0, end=10.0)


def test_two_instrumentations_records_of_one_call_side_by_side_are_one_call(
    tmp_path: Path,
) -> None:
    imported = import_one(
        tmp_path,
        [
            _agent(),
            _call(2, "OpenAI-generation", _generation(), start=1.0, end=2.0),
            _call(3, "ChatCompletion", _chat_completion(), start=1.1, end=1.9),
        ],
    )
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", ASK),
        ("assistant", REPLY),
    ]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (10, 3)
    assert imported.metadata["model"] == "gpt-4o-mini"


def test_one_instrumentations_two_records_of_the_same_words_are_two_calls(
    tmp_path: Path,
) -> None:
    # the same request sent twice at once (one inside the other's time), the same reply:
    # two calls of one client, each counted
    imported = import_one(
        tmp_path,
        [
            _agent(),
            _call(2, "ChatCompletion", _chat_completion(), start=1.0, end=2.0),
            _call(3, "ChatCompletion", _chat_completion(), start=1.1, end=1.9),
        ],
    )
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (20, 6)


def test_two_instrumentations_records_of_different_replies_are_two_calls(
    tmp_path: Path,
) -> None:
    imported = import_one(
        tmp_path,
        [
            _agent(),
            _call(2, "OpenAI-generation", _generation("Rain."), start=1.0, end=2.0),
            _call(3, "ChatCompletion", _chat_completion(), start=1.1, end=1.9),
        ],
    )
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (20, 6)

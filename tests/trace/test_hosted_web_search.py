"""A hosted web search the provider ran inside the model call, as OpenInference records it.

The OpenAI Agents SDK's ``WebSearchTool`` on the Responses API under
openinference-instrumentation-openai-agents (``openai-agents-web-search-2026-12-06n``, both
blind readings): the ``response`` span's one output message holds the ``web_search_call``
item as a tool call (named for the item's type, its action the arguments) beside the answer's
text; ``output.value`` is the ``Response``, its items the search and the message. The search
is a call of ``web_search`` with no result (none is recorded), and the reply is two turns, the
search's and the answer's (`otel/_hosted_search.hosted_turns`, `_hosted_calls`). Before, one
message and no call.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers.span_builders import import_one, span

TRACE = "3c" * 16
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."
ACTION = {"query": "current weather Paris Tokyo", "type": "search"}


def test_a_hosted_web_search_is_a_call_and_a_turn_of_its_own(tmp_path: Path) -> None:
    response = {
        "object": "response",
        "output": [
            {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": ACTION},
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": ANSWER}],
            },
        ],
    }
    call = "llm.output_messages.0.message.tool_calls.0.tool_call"
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Weather in Paris and Tokyo?",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": ANSWER,
        f"{call}.id": "ws_1",
        f"{call}.function.name": "web_search_call",
        f"{call}.function.arguments": json.dumps(ACTION),
        "output.value": json.dumps(response),
    }
    trace = import_one(tmp_path, [span(1, "response", attrs, trace=TRACE)]).trace
    assert [(m.role, m.content, [r.id for r in m.tool_calls]) for m in trace.messages] == [
        ("user", "Weather in Paris and Tokyo?", []),
        ("assistant", None, ["ws_1"]),
        ("assistant", ANSWER, []),
    ]
    assert [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls] == [
        ("web_search", ACTION, None, "ws_1")
    ]
    assert trace.output == ANSWER

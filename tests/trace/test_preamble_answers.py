"""Text beside a reply's tool calls is no answer (`_conversation.said_text`), and a run written
as one summary message is read turn by turn (`_messages._run_steps`): the fifty-third round's
`vercel-ai-sdk-v7-preamble` and `openllmetry-openai-agents-preamble`, whose first runs took the
preamble for the answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import agent_attributes, chat_attributes
from tests.helpers.span_builders import import_one, span

TRACE = "7a" * 16
PREAMBLE = "I'll look up the weather in both cities."
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."
QUESTION = {"role": "user", "parts": [{"type": "text", "content": "Weather in Paris and Tokyo?"}]}
CALLS = [
    {"type": "tool_call", "id": "c1", "name": "get_weather", "arguments": {"city": "Paris"}},
    {"type": "tool_call", "id": "c2", "name": "get_weather", "arguments": {"city": "Tokyo"}},
]
RESULTS = [
    {"type": "tool_call_response", "id": "c1", "response": "sunny, 22 C"},
    {"type": "tool_call_response", "id": "c2", "response": "rain, 17 C"},
]


def _chat(n: int, given: list[dict[str, Any]], said: list[dict[str, Any]]) -> dict[str, Any]:
    attributes = chat_attributes(given, said, usage=None)
    return span(n, "chat gpt-4o-mini", attributes, trace=TRACE, parent=1, start=n, end=n + 0.5)


def test_a_run_written_as_one_message_answers_with_its_last_turn(tmp_path: Path) -> None:
    asked = {"role": "assistant", "parts": [{"type": "text", "content": PREAMBLE}, *CALLS]}
    summary = {
        "role": "assistant",
        "parts": [*asked["parts"], *RESULTS, {"type": "text", "content": ANSWER}],
    }
    agent = span(
        1,
        "invoke_agent gpt-4o-mini",
        agent_attributes("weather_agent", [QUESTION], [summary]),
        trace=TRACE,
        start=0.0,
        end=9.0,
    )
    results = {"role": "tool", "parts": RESULTS}
    first = _chat(2, [QUESTION], [asked])
    second = _chat(
        4,
        [QUESTION, asked, results],
        [{"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}],
    )
    trace = import_one(tmp_path, [agent, first, second]).trace
    assert trace.output == ANSWER
    said = [(m.role, m.content) for m in trace.messages if m.role == "assistant"]
    assert said == [("assistant", PREAMBLE), ("assistant", ANSWER)]


def test_text_beside_calls_is_no_answer_where_no_reply_is_recorded(tmp_path: Path) -> None:
    asked = {"role": "assistant", "parts": [{"type": "text", "content": PREAMBLE}, *CALLS]}
    results = [{"role": "tool", "parts": [r]} for r in RESULTS]
    agent = span(
        1,
        "weather_agent.agent",
        {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"},
        trace=TRACE,
        start=0.0,
        end=9.0,
    )
    first = _chat(2, [QUESTION], [])  # the requests alone, as OpenLLMetry's spans hold them
    second = _chat(4, [QUESTION, asked, *results], [])
    trace = import_one(tmp_path, [agent, first, second]).trace
    assert trace.output is None
    assert [(c.id, c.result) for c in trace.tool_calls] == [
        ("c1", "sunny, 22 C"),
        ("c2", "rain, 17 C"),
    ]

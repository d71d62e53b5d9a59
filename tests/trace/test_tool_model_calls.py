"""A tool that asks the model itself (the fifty-fifth round, `-2026-12-07za`): its call is the
tool's even where its span is not under the tool's (`_tool_window_calls`), and a lone model
call's request names the agent on its replayed turn (`_message_agents`). The two misses of the
round's first run; each test fails without its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "d4" * 16
QUESTION = "Is the Aeron chair worth it?"
SUMMARY = "Buyers praise its comfort but find it expensive."
ANSWER = "Reviewers love its comfort; the main complaint is its price."
CALL = {
    "type": "tool_call",
    "id": "call_rv1",
    "name": "summarize_reviews",
    "arguments": {"product": "Aeron chair"},
}


def _chat(
    n: int, parent: int, start: float, given: list[Any], said: list[Any], usage: tuple[int, int]
) -> dict[str, Any]:
    attrs = chat_attributes(given, said, usage=usage)
    return span(
        n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=parent, start=start, end=start + 0.5
    )


def test_a_call_made_while_a_tool_ran_is_the_tools_own(tmp_path: Path) -> None:
    """openlit under LangGraph: the tool's own call parented to the workflow's root."""
    root = span(
        1,
        "invoke_workflow weather_agent",
        {"gen_ai.operation.name": "invoke_workflow"},
        trace=TRACE,
        start=0.0,
        end=10.0,
    )
    agent = span(
        2,
        "invoke_agent weather_agent",
        {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"},
        trace=TRACE,
        parent=1,
        start=0.5,
        end=9.5,
    )
    asked = {"role": "assistant", "parts": [CALL]}
    first = _chat(3, 2, 1.0, [text("user", QUESTION)], [asked], (83, 18))
    tool = span(
        4,
        "execute_tool summarize_reviews",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "summarize_reviews",
            "gen_ai.tool.call.id": "call_rv1",
            "gen_ai.tool.call.arguments": json.dumps({"product": "Aeron chair"}),
            "gen_ai.tool.call.result": SUMMARY,
        },
        trace=TRACE,
        parent=2,
        start=2.0,
        end=4.0,
    )
    own = _chat(
        5,
        1,
        2.5,
        [text("system", "Summarise."), text("user", "5/5 Great.")],
        [text("assistant", SUMMARY)],
        (47, 13),
    )
    result = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_rv1", "response": SUMMARY}],
    }
    last = _chat(
        6, 2, 5.0, [text("user", QUESTION), asked, result], [text("assistant", ANSWER)], (131, 22)
    )
    trace = import_one(tmp_path, [root, agent, first, tool, own, last]).trace
    said = [(m.role, m.content) for m in trace.messages]
    assert said[-3:] == [("system", "Summarise."), ("user", "5/5 Great."), ("assistant", SUMMARY)]
    assert trace.output == ANSWER
    assert trace.usage is not None and trace.usage.input_tokens == 83 + 47 + 131


def test_a_lone_calls_request_names_the_agent_on_its_replayed_turn(tmp_path: Path) -> None:
    """OpenInference's openai instrumentation under LangGraph: a trace of the call alone."""
    given = [
        {"role": "user", "content": QUESTION},
        {
            "role": "assistant",
            "name": "weather_agent",
            "tool_calls": [("call_rv1", "summarize_reviews", {"product": "Aeron chair"})],
        },
        {"role": "tool", "content": SUMMARY, "tool_call_id": "call_rv1"},
    ]
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        **openinference_messages("llm.input_messages", given),
        **openinference_messages("llm.output_messages", [{"role": "assistant", "content": ANSWER}]),
    }
    imported = import_one(tmp_path, [span(1, "ChatCompletion", attrs, trace=TRACE)])
    assert imported.metadata["agent_name"] == "weather_agent"

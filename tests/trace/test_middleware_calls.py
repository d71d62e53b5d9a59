"""A create_agent middleware's own model call is no turn; its tokens count.

LangChain 1.x's ``SummarizationMiddleware`` (``langchain-create-agent-summarization-2026-12-06p``,
both blind readings) asks a model, inside its ``before_model`` hook's node, to summarise the
history: that prompt and reply are not the agent's conversation (`_middleware_calls`). The
agent's own calls, in its ``model`` node, are, even under a span a middleware's
``wrap_model_call`` names (no hook of its own node).
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers.span_builders import import_one, openinference_chat, span

TRACE = "4d" * 16
QUESTION = "What is the weather in Paris?"


def _node(name: str) -> str:
    return json.dumps({"ls_integration": "langchain_create_agent", "langgraph_node": name})


def _chat(said: list[tuple[str, str]], reply: str, node: str, tokens: int) -> dict[str, object]:
    attrs = openinference_chat(said, reply)
    return attrs | {"metadata": _node(node), "llm.token_count.prompt": tokens}


def test_a_middleware_hooks_model_call_is_no_turn(tmp_path: Path) -> None:
    agent = {"openinference.span.kind": "AGENT", "input.value": QUESTION}
    hook = {"openinference.span.kind": "CHAIN", "metadata": _node("Summarize.before_model")}
    model = {"openinference.span.kind": "CHAIN", "metadata": _node("model")}
    summarise = _chat([("user", "Summarise this: ...")], "A summary.", "Summarize.before_model", 40)
    answer = _chat([("user", QUESTION)], "Sunny.", "model", 9)
    spans = [
        span(1, "weather_agent", agent, trace=TRACE, start=0.0, end=9.0),
        span(2, "Summarize.before_model", hook, trace=TRACE, parent=1, start=1.0, end=3.0),
        span(3, "ChatOpenAI", summarise, trace=TRACE, parent=2, start=1.5, end=2.5),
        span(4, "model", model, trace=TRACE, parent=1, start=4.0, end=8.0),
        span(5, "ChatOpenAI", answer, trace=TRACE, parent=4, start=5.0, end=7.0),
    ]
    imported = import_one(tmp_path, spans)
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [("user", QUESTION), ("assistant", "Sunny.")]
    assert imported.trace.usage.input_tokens == 49
    assert imported.trace.output == "Sunny."


def test_a_call_under_a_wrap_model_call_span_is_the_agents_turn(tmp_path: Path) -> None:
    agent = {"openinference.span.kind": "AGENT", "input.value": QUESTION}
    wrap = {"openinference.span.kind": "CHAIN", "metadata": _node("model")}
    answer = _chat([("user", QUESTION)], "Sunny.", "model", 9)
    spans = [
        span(1, "weather_agent", agent, trace=TRACE, start=0.0, end=9.0),
        span(2, "Retry.wrap_model_call", wrap, trace=TRACE, parent=1, start=1.0, end=8.0),
        span(3, "ChatOpenAI", answer, trace=TRACE, parent=2, start=2.0, end=7.0),
    ]
    said = [(m.role, m.content) for m in import_one(tmp_path, spans).trace.messages]
    assert said == [("user", QUESTION), ("assistant", "Sunny.")]

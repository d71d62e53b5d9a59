"""A LangGraph graph's own span under OpenInference: its name, and a state with no answer.

Shapes from ``langgraph/langgraph-interrupt-2026-12-05.json`` (a ``StateGraph`` compiled as
``weather_agent``, stopped by ``interrupt()`` before its tools ran, resumed in a second
invocation).
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_openinference
from tests.helpers.span_builders import hex_span

_TRACE = "0x" + "ab" * 16
_QUESTION = "What is the weather in Paris and in Tokyo?"
_CALLS = [{"name": "get_weather", "args": {"city": "Paris"}, "id": "call_w1"}]
_STATE = {
    "messages": [
        {"type": "human", "data": {"content": _QUESTION, "type": "human"}},
        {"type": "ai", "data": {"content": "", "type": "ai", "tool_calls": _CALLS}},
    ]
}


def _span(name: str, span_id: int, parent: int | None, **attributes: Any) -> dict[str, Any]:
    return hex_span(name, span_id, parent, trace=_TRACE, **attributes)


def _interrupted_run() -> list[dict[str, Any]]:
    """The first invocation: the graph's span, its 'agent' node (both AGENT), one model call
    requesting a tool; the graph stopped before the tool ran, its state its output."""
    state = json.dumps(_STATE)
    return [
        _span(
            "weather_agent",
            1,
            None,
            **{
                "openinference.span.kind": "AGENT",
                "input.value": json.dumps({"messages": [["user", _QUESTION]]}),
                "output.value": state,
                "metadata": json.dumps({"thread_id": "t", "ls_integration": "langgraph"}),
            },
        ),
        _span(
            "agent",
            2,
            1,
            **{
                "openinference.span.kind": "AGENT",
                "output.value": json.dumps({"messages": _STATE["messages"][1:]}),
                "metadata": json.dumps({"ls_integration": "langgraph", "langgraph_node": "agent"}),
            },
        ),
        _span(
            "ChatOpenAI",
            3,
            2,
            **{
                "openinference.span.kind": "LLM",
                "llm.model_name": "gpt-4o-mini",
                "llm.input_messages.0.message.role": "user",
                "llm.input_messages.0.message.content": _QUESTION,
                "llm.output_messages.0.message.role": "assistant",
                "llm.output_messages.0.message.tool_calls.0.tool_call.id": "call_w1",
                "llm.output_messages.0.message.tool_calls.0.tool_call.function.name": "get_weather",
                "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments": (
                    '{"city": "Paris"}'
                ),
            },
        ),
    ]


def test_a_graphs_own_span_names_the_agent_as_the_graph_was_compiled() -> None:
    # no agent.name, no name on the replies: the graph's span (no langgraph_node) is named
    # as compiled; the 'agent' node's span, AGENT too, is not the agent's name
    [imported] = from_openinference(_interrupted_run())
    assert imported.metadata["agent_name"] == "weather_agent"


def test_a_graphs_default_name_and_its_nodes_name_no_agent() -> None:
    spans = _interrupted_run()
    spans[0]["name"] = "LangGraph"
    [imported] = from_openinference(spans)
    assert imported.metadata.get("agent_name") is None


def test_a_state_where_no_assistant_said_anything_is_no_answer() -> None:
    # interrupt() stopped the run after the model only requested tools: the state is its
    # output, but nothing in it answers
    [imported] = from_openinference(_interrupted_run())
    assert imported.trace.output is None
    assert [m.role for m in imported.trace.messages] == ["user", "assistant"]

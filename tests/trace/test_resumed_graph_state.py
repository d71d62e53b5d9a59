"""A LangGraph run resumed from an interrupt that made no model call: its state asks.

LangGraph.js's ``createReactAgent`` under OpenInference's LangChain.js instrumentation, a tool
that calls ``interrupt()``: the resume (``Command({resume: ...})``) that stops at the next
interrupt is a trace of its own with no model call (``langgraph-js-interrupt-2026-12-06i``,
both blind readings). Its graph span's output is the state (the question, the turn that
asked for the calls); its tool spans record the bare city, the interrupted one no result.
So: no messages (no model call), the input the state's question, each call the id and
arguments of the request the state holds (`integrations/_resumed_state.py`). Before, the
input was none, the tools' results were messages, and the calls had ``{"input": "Paris"}``
and no id for the interrupted one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.langchain_js_messages import lc
from tests.helpers.span_builders import import_one, span

TRACE = "5f" * 16
ASK = "What is the weather in Paris and in Tokyo?"
GRAPH = json.dumps({"ls_integration": "langgraph", "thread_id": "thread-1"})
NODE = json.dumps({"ls_integration": "langgraph", "langgraph_node": "tools"})


def _request(call_id: str, city: str) -> dict[str, Any]:
    return {"name": "get_weather", "args": {"city": city}, "type": "tool_call", "id": call_id}


STATE = json.dumps(
    {
        "messages": [
            lc("HumanMessage", content=ASK),
            lc(
                "AIMessage",
                content="",
                tool_calls=[_request("call_w1", "Paris"), _request("call_w2", "Tokyo")],
            ),
        ]
    }
)
PAUSED = '[{"id": "i2", "value": {"question": "Look up Tokyo?"}}]'


def _spans(resume: str) -> list[dict[str, Any]]:
    def oi(n: int, name: str, kind: str, parent: int | None, **attrs: Any) -> dict[str, Any]:
        attrs = {"openinference.span.kind": kind, **attrs}
        return span(n, name, attrs, trace=TRACE, parent=parent, start=n / 10, end=1 + n / 10)

    paris_result = lc("ToolMessage", content="sunny, 22 C", tool_call_id="call_w1")
    tokyo = oi(4, "get_weather", "TOOL", 2, **{"input.value": "Tokyo", "tool.name": "get_weather"})
    tokyo["status"] = {"status_code": "ERROR", "description": f"GraphInterrupt: {PAUSED}"}
    return [
        oi(
            1,
            "weather_agent",
            "CHAIN",
            None,
            **{"input.value": resume, "output.value": STATE, "metadata": GRAPH},
        ),
        oi(2, "tools", "CHAIN", 1, **{"input.value": STATE, "metadata": NODE}),
        oi(
            3,
            "get_weather",
            "TOOL",
            2,
            **{
                "input.value": "Paris",
                "input.mime_type": "text/plain",
                "output.value": json.dumps({"output": paris_result}),
                "tool.name": "get_weather",
            },
        ),
        tokyo,
    ]


def test_a_resume_with_no_model_call_has_no_messages_and_its_states_request(
    tmp_path: Path,
) -> None:
    command = json.dumps({"lg_name": "Command", "resume": {"i1": "yes"}, "goto": []})
    imported = import_one(tmp_path, _spans(command))
    assert imported.input == ASK
    assert imported.trace.messages == []
    calls = [(c.name, c.arguments, c.id, c.result) for c in imported.trace.tool_calls]
    assert calls == [
        ("get_weather", {"city": "Paris"}, "call_w1", "sunny, 22 C"),
        ("get_weather", {"city": "Tokyo"}, "call_w2", None),
    ]
    assert imported.trace.tool_calls[1].error is not None


def test_a_run_given_a_question_keeps_it_as_its_input(tmp_path: Path) -> None:
    """Only a ``Command`` is answered from the state: a question given is the input."""
    imported = import_one(tmp_path, _spans("Is it raining in Tokyo?"))
    assert imported.input == "Is it raining in Tokyo?"

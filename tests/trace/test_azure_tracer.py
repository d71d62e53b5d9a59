"""langchain-azure-ai's OpenTelemetry tracer, on small OTLP exports written its way
(tests/data/traces/langchain/langchain-azure-ai-otel*-2026-12-07c.json).

``AzureAIOpenTelemetryTracer`` writes a tool's ``ToolMessage`` as ``{name, tool_call_id,
content}``, a retriever as an ``execute_tool`` span typed ``retriever`` with
``gen_ai.retriever.results``. The rules read the content as the result and the retriever's
documents as passages (no tool call); a tool's own object stays its result. Its chain steps'
``invoke_agent`` spans are not read yet (a GAPS cell).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import ImportedTrace, import_traces
from fourfold.integrations.otel._azure_tracer import TRACER_SCOPE

TRACE = "a2" * 16
ASK = "What is the weather in Paris?"
ANSWER = "Paris is sunny at 22 C."


def _value(value: Any) -> dict[str, Any]:
    return {"intValue": str(value)} if isinstance(value, int) else {"stringValue": value}


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = None) -> dict[str, Any]:
    return {
        "traceId": TRACE,
        "spanId": f"{n:016x}",
        "parentSpanId": f"{parent:016x}" if parent is not None else "",
        "name": name,
        "startTimeUnixNano": str(1_700_000_000_000_000_000 + n * 1_000_000_000),
        "endTimeUnixNano": str(1_700_000_000_500_000_000 + n * 1_000_000_000),
        "attributes": [{"key": k, "value": _value(v)} for k, v in attrs.items()],
        "status": {"code": "STATUS_CODE_OK"},
    }


def _import(
    tmp_path: Path, spans: list[dict[str, Any]], scope: str = TRACER_SCOPE
) -> ImportedTrace:
    doc = {
        "resourceSpans": [
            {
                "resource": {"attributes": []},
                "scopeSpans": [{"scope": {"name": scope}, "spans": spans}],
            }
        ]
    }
    path = tmp_path / "spans.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    [imported] = import_traces(path)
    return imported


def _agent(n: int, name: str, parent: int | None = None) -> dict[str, Any]:
    return _span(
        n,
        f"invoke_agent {name}",
        {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": name},
        parent,
    )


def _chat(n: int, parent: int, reply: list[dict[str, Any]], given: list[Any]) -> dict[str, Any]:
    return _span(
        n,
        "chat gpt-4o-mini",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.input.messages": json.dumps(given),
            "gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": reply}]),
            "gen_ai.usage.input_tokens": 10,
            "gen_ai.usage.output_tokens": 5,
        },
        parent,
    )


def _tool(n: int, parent: int, result: Any) -> dict[str, Any]:
    return _span(
        n,
        "execute_tool get_weather",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.id": "call_w1",
            "gen_ai.tool.call.arguments": '{"city": "Paris"}',
            "gen_ai.tool.call.result": json.dumps(result),
        },
        parent,
    )


def _agent_trace(result: Any) -> list[dict[str, Any]]:
    user = {"role": "user", "parts": [{"type": "text", "content": ASK}]}
    call = {
        "type": "tool_call",
        "id": "call_w1",
        "name": "get_weather",
        "arguments": {"city": "Paris"},
    }
    answered = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_w1", "result": "sunny, 22 C"}],
    }
    return [
        _agent(1, "weather_agent"),
        _agent(2, "call_model", 1),
        _chat(3, 2, [call], [user]),
        _tool(4, 1, result),
        _agent(5, "call_model", 1),
        _chat(
            6,
            5,
            [{"type": "text", "content": ANSWER}],
            [user, {"role": "assistant", "parts": [call]}, answered],
        ),
    ]


def test_the_tracers_tool_message_is_read_as_its_content(tmp_path: Path) -> None:
    message = {"name": "get_weather", "tool_call_id": "call_w1", "content": "sunny, 22 C"}
    imported = _import(tmp_path, _agent_trace(message))
    [call] = imported.trace.tool_calls
    assert (call.id, call.result) == ("call_w1", "sunny, 22 C")


def test_a_tools_own_object_with_other_keys_stays_its_result(tmp_path: Path) -> None:
    own = {"name": "Paris", "content": "sunny, 22 C"}  # no tool_call_id: the tool's object
    [call] = _import(tmp_path, _agent_trace(own)).trace.tool_calls
    assert call.result == own


def _rag_trace() -> list[dict[str, Any]]:
    results = [{"metadata": {"source": "shipping.md"}, "content": "Ships in 2 days."}]
    retriever = _span(
        3,
        "execute_tool retriever",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "retriever",
            "gen_ai.tool.type": "retriever",
            "gen_ai.retriever.query": "How long?",
            "gen_ai.retriever.results": json.dumps(results),
        },
        2,
    )
    user = {"role": "user", "parts": [{"type": "text", "content": "Context: ... How long?"}]}
    return [
        _agent(1, "RunnableSequence"),
        _agent(2, "RunnableParallel<context,question>", 1),
        retriever,
        _agent(4, "joined", 2),
        _chat(5, 1, [{"type": "text", "content": "Two days."}], [user]),
    ]


def test_the_retriever_gives_passages_and_no_tool_call(
    tmp_path: Path,
) -> None:
    imported = _import(tmp_path, _rag_trace())
    assert imported.trace.tool_calls == []
    assert [(p.id, p.text, p.source) for p in imported.trace.passages] == [
        (f"{3:016x}:0", "Ships in 2 days.", "shipping.md")
    ]

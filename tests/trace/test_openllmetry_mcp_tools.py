"""OpenLLMetry's MCP instrumentation: a ``<tool>.tool`` span is the model's request it ran.

``opentelemetry-instrumentation-mcp`` marks each ``tools/call`` span as traceloop-sdk marks a
``@tool`` (``traceloop.span.kind`` ``tool``), with wrappers of its own: entity input
``{"tool_name", "arguments"}``, entity output ``{"result": <the first content block's text>}``
on the client (``[{"type": "text", "content"}]`` on FastMCP's server), no call id. The call
is the tool it names with the arguments inside, its result that text, matched to the model's
request, which gives its id (the real export:
tests/data/traces/openllmetry/openllmetry-mcp-2026-12-07b). Rule:
`integrations/otel/_openllmetry_mcp.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5e" * 16
ASK = "What is the weather in Paris and in Tokyo?"
ANSWER = "Paris is sunny; Tokyo has rain."
CITIES = {"call_w1": "Paris", "call_w2": "Tokyo"}


def _span(n: int, name: str, attrs: dict[str, Any], status: str | None = None) -> Any:
    out = span(n, name, attrs, trace=TRACE, parent=None if n == 1 else 1, start=n, end=n + 0.5)
    if status is not None:
        out["status"] = {"status_code": "ERROR", "description": status}
    return out


def _tool(city: str, output: Any, name: str = "get_weather") -> dict[str, Any]:
    given = {"tool_name": name, "arguments": {"city": city}}
    return {
        "traceloop.span.kind": "tool",
        "traceloop.entity.name": "get_weather",
        "traceloop.entity.input": json.dumps(given),
        "traceloop.entity.output": json.dumps(output),
    }


def _chat(inputs: list[Any], outputs: list[Any]) -> dict[str, Any]:
    return {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(outputs),
    }


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


_ASKED = {
    "role": "assistant",
    "parts": [
        {"type": "tool_call", "id": i, "name": "get_weather", "arguments": {"city": c}}
        for i, c in CITIES.items()
    ],
}


def _run(
    tmp_path: Path, outputs: list[Any], *, given: list[str], extra: Any = (), **tool: Any
) -> Any:
    """The model asks for both cities, the MCP client calls get_weather twice (spans
    recording `outputs`), the model is given `given` and answers."""
    answered = [
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": i, "response": g}]}
        for i, g in zip(CITIES, given, strict=True)
    ]
    first = [_text("user", ASK)]
    spans = [
        _span(1, "weather_loop", {}),
        _span(2, "openai.chat", _chat(first, [_ASKED])),
        *(
            _span(3 + k, "get_weather.tool", _tool(city, out), tool.get("status"))
            for k, (city, out) in enumerate(zip(CITIES.values(), outputs, strict=True))
        ),
        _span(5, "openai.chat", _chat([*first, _ASKED, *answered], [_text("assistant", ANSWER)])),
        *extra,
    ]
    return import_one(tmp_path, spans).trace


def test_the_tool_spans_are_the_models_requests(tmp_path: Path) -> None:
    """Before, each span was a call of an unknown tool, its wrapper the arguments and
    ``{"result": ...}`` the result, beside the two requests: four calls."""
    trace = _run(
        tmp_path,
        [{"result": "sunny, 22 C"}, {"result": "rain, 17 C"}],
        given=["sunny, 22 C", "rain, 17 C"],
    )
    assert [(c.id, c.name, c.arguments, c.result, c.error) for c in trace.tool_calls] == [
        ("call_w1", "get_weather", {"city": "Paris"}, "sunny, 22 C", None),
        ("call_w2", "get_weather", {"city": "Tokyo"}, "rain, 17 C", None),
    ]
    assert trace.output == ANSWER


def test_a_result_mcp_marked_failed_is_the_calls_error(tmp_path: Path) -> None:
    """``is_error`` beside the text; the span ends in error, its status message the text."""
    failed = "unknown city"
    trace = _run(
        tmp_path,
        [{"result": failed, "is_error": True}, {"result": failed, "is_error": True}],
        given=[failed, failed],
        status=failed,
    )
    assert [(c.id, c.result, c.error) for c in trace.tool_calls] == [
        ("call_w1", failed, failed),
        ("call_w2", failed, failed),
    ]


def test_the_servers_content_blocks_are_their_text(tmp_path: Path) -> None:
    """FastMCP's server-side tool span records the result's blocks as ``{type, content}``."""
    blocks = [[{"type": "text", "content": "sunny"}], [{"type": "text", "content": "rain"}]]
    trace = _run(tmp_path, blocks, given=["sunny", "rain"])
    assert [(c.id, c.result) for c in trace.tool_calls] == [
        ("call_w1", "sunny"),
        ("call_w2", "rain"),
    ]


def test_a_decorated_tool_keeps_its_own_reading(tmp_path: Path) -> None:
    """traceloop-sdk's ``@tool`` returning ``{"result": ...}``: its return value is the
    result, whole; only the MCP instrumentation's input wrapper makes it MCP's."""
    attrs = {
        "traceloop.span.kind": "tool",
        "traceloop.entity.name": "get_weather",
        "gen_ai.tool.name": "get_weather",
        "traceloop.entity.input": json.dumps({"args": [], "kwargs": {"city": "Oslo"}}),
        "traceloop.entity.output": json.dumps({"result": "snow"}),
    }
    trace = import_one(tmp_path, [_span(1, "app", {}), _span(2, "get_weather.tool", attrs)]).trace
    assert [(c.name, c.arguments, c.result) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Oslo"}, {"result": "snow"})
    ]


def test_the_sessions_protocol_requests_are_no_tool_calls(tmp_path: Path) -> None:
    """``tools/list.mcp`` (like ``initialize.mcp``) carries the request and result as entity
    input and output, with no span kind, and the session's ``ResponseStreamWriter`` spans
    the JSON-RPC ids: no call, in a run's trace too."""
    listed = {
        "traceloop.entity.input": '{"method":"tools/list","params":null}',
        "traceloop.entity.output": '{"tools": [{"name": "get_weather"}]}',
    }
    extra = [
        _span(6, "tools/list.mcp", listed),
        _span(7, "ResponseStreamWriter", {"mcp.request.id": 1}),
    ]
    trace = _run(
        tmp_path, [{"result": "sunny"}, {"result": "rain"}], given=["sunny", "rain"], extra=extra
    )
    assert [c.id for c in trace.tool_calls] == ["call_w1", "call_w2"]
    assert trace.output == ANSWER

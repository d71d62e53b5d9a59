"""A tool phase recorded with no call of its own (openlit's pydantic-ai): the run went on into
its tools, so the last reply's requests are calls it executed (`integrations/_phase_calls`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5e" * 16
SCOPE = "openlit.instrumentation.pydantic_ai"
ERROR = "ValueError: unknown city: Tokio"


def _spans(*, phase: bool = True, error: str | None = ERROR) -> list[dict[str, Any]]:
    agent = span(
        1,
        "invoke_agent weather_agent",
        {"gen_ai.operation.name": "execute_task", "gen_ai.agent.name": "weather_agent"},
        trace=TRACE,
        start=1.0,
        end=9.0,
    )
    if error is not None:
        agent["status"] = {"status_code": "ERROR", "description": error}
    reply = {
        "role": "assistant",
        "parts": [
            {
                "type": "tool_call",
                "id": "c1",
                "name": "get_weather",
                "arguments": {"city": "Paris"},
            },
            {
                "type": "tool_call",
                "id": "c2",
                "name": "get_weather",
                "arguments": {"city": "Tokio"},
            },
        ],
    }
    question = {"role": "user", "parts": [{"type": "text", "content": "Paris and Tokyo?"}]}
    chat = span(
        2,
        "chat gpt-4o-mini",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.input.messages": json.dumps([question]),
            "gen_ai.output.messages": json.dumps([reply]),
        },
        trace=TRACE,
        parent=1,
        start=2.0,
        end=3.0,
    )
    tools = span(
        3,
        "execute_tool gpt-4o-mini",
        {"gen_ai.operation.name": "execute_tool", "gen_ai.request.model": "gpt-4o-mini"},
        trace=TRACE,
        parent=1,
        start=4.0,
        end=4.1,
    )
    spans = [agent, chat, *([tools] if phase else [])]
    for s in spans:
        s["instrumentation_scope"] = {"name": SCOPE}
    return spans


def test_the_requests_a_tool_phase_followed_are_calls_the_raising_one_named(
    tmp_path: Path,
) -> None:
    trace = import_one(tmp_path, _spans()).trace
    calls = [(c.id, c.name, c.arguments, c.result, c.error) for c in trace.tool_calls]
    assert calls == [
        ("c1", "get_weather", {"city": "Paris"}, None, None),
        ("c2", "get_weather", {"city": "Tokio"}, None, ERROR),
    ]
    assert trace.error == ERROR
    assert [m.role for m in trace.messages] == ["user", "assistant"]  # no result: no message


def test_a_reply_no_phase_followed_stays_requests(tmp_path: Path) -> None:
    trace = import_one(tmp_path, _spans(phase=False)).trace
    assert trace.tool_calls == []


def test_an_error_that_quotes_no_one_call_names_none(tmp_path: Path) -> None:
    trace = import_one(tmp_path, _spans(error="RuntimeError: the weather service is down")).trace
    assert [(c.id, c.error) for c in trace.tool_calls] == [("c1", None), ("c2", None)]
    trace = import_one(tmp_path, _spans(error=None)).trace
    assert [(c.id, c.error) for c in trace.tool_calls] == [("c1", None), ("c2", None)]

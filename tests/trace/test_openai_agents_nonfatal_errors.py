"""The OpenAI Agents SDK's failed function tool under openinference-instrumentation-openai-agents
(2.6.0), on small spans written the way tests/data/traces/openai-agents/
openai-agents-failure-error-function-2026-12-06g.json holds them: the TOOL span's status is
ERROR described ``Error running tool (non-fatal): {'tool_name': ..., 'error': ...}`` (the SDK's
``SpanError`` and its data's repr), no ``exception`` event, its ``output.value`` the failure
function's text the model got.

- the call's error is the data's ``error``, its result still the text the model got
  (`_nonfatal_errors`);
- the siblings stand: an ``exception`` event still gives ``Type: message`` (Logfire's and
  MLflow's records of the default failure function), MLflow's bare ``Error running tool
  (non-fatal)`` is kept as written, and so is a message whose data holds no ``error`` text or
  does not parse.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5a" * 16
SCOPE = "openinference.instrumentation.openai_agents"
TOLD = "The weather service failed: unknown city: Tokio. Check the city's spelling and ask again."
STATUS = (
    "Error running tool (non-fatal): {'tool_name': 'get_weather', 'error': 'unknown city: Tokio'}"
)


def _tool(n: int, city: str, output: str, *, start: float, **extra: Any) -> dict[str, Any]:
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": "get_weather",
        "input.value": json.dumps({"city": city}),
        "input.mime_type": "application/json",
        "output.value": output,
    }
    built = span(n, "get_weather", attrs, trace=TRACE, parent=1, start=start, end=start + 0.5)
    return {**built, **extra}


def _run(status: dict[str, Any], events: list[Any] | None = None) -> list[dict[str, Any]]:
    agent = {"openinference.span.kind": "AGENT", "agent.name": "weather_agent"}
    spans = [
        span(1, "weather_agent", agent, trace=TRACE, start=0, end=10),
        _tool(2, "Paris", "sunny, 22 C", start=1, status={"code": "STATUS_CODE_OK"}),
        _tool(3, "Tokio", TOLD, start=2, status=status, events=events or []),
    ]
    return [{**s, "instrumentation_scope": {"name": SCOPE}} for s in spans]


def _failed(tmp_path: Path, spans: list[dict[str, Any]]) -> tuple[Any, str | None]:
    calls = import_one(tmp_path, spans).trace.tool_calls
    assert [c.error for c in calls[:1]] == [None]
    return calls[1].result, calls[1].error


def test_the_non_fatal_error_data_gives_its_error(tmp_path: Path) -> None:
    status = {"code": "STATUS_CODE_ERROR", "message": STATUS}
    assert _failed(tmp_path, _run(status)) == (TOLD, "unknown city: Tokio")


def test_an_exception_event_still_gives_its_type_and_message(tmp_path: Path) -> None:
    status = {"code": "STATUS_CODE_ERROR", "message": STATUS}
    raised = {
        "name": "exception",
        "timestamp": int(1.7e18 + 2.4e9),
        "attributes": {"exception.type": "ValueError", "exception.message": "unknown city: Tokio"},
    }
    assert _failed(tmp_path, _run(status, [raised])) == (TOLD, "ValueError: unknown city: Tokio")


def test_other_status_messages_are_kept_as_written(tmp_path: Path) -> None:
    for message in (
        "Error running tool (non-fatal)",  # MLflow's, the data left out
        "Error running tool (non-fatal): {'tool_name': 'get_weather'}",
        "Error running tool (non-fatal): {'tool_name': 'get_weather', 'error': 3}",
        "Error running tool (non-fatal): {'tool_name': 'get_weather', 'error': 'cut",
        "Max turns exceeded: {'max_turns': 1}",
    ):
        status = {"code": "STATUS_CODE_ERROR", "message": message}
        assert _failed(tmp_path, _run(status)) == (TOLD, message)


def test_under_the_genai_conventions_the_status_message_is_kept_whole(tmp_path: Path) -> None:
    # opentelemetry-instrumentation-openai-agents-v2 (openai-agents-otel-tool-error-2026-12-06o,
    # two of three blind readings): the data's error is the SDK's redaction notice, no error
    # of the tool's; the status message is the error as written
    said = (
        "Error running tool (non-fatal): {'tool_name': 'get_weather', "
        "'error': 'Tool execution failed. Error details are redacted.'}"
    )
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.arguments": '{"city": "Tokio"}',
    }
    failed = span(1, "execute_tool get_weather", attrs, trace="9e" * 16)
    failed["status"] = {"status_code": "ERROR", "description": said}
    [call] = import_one(tmp_path, [failed]).trace.tool_calls
    assert call.error == said

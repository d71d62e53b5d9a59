"""How a failed tool span's status words its error: the Agents SDK's redaction notice is no
error of the tool's, and an ``error.type`` class name leads a bare status message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, stepped_span

TRACE = "3e" * 16
REDACTED = "Tool execution failed. Error details are redacted."


def _failed(attrs: dict[str, Any], message: str) -> list[dict[str, Any]]:
    run = stepped_span(
        1, "invoke_agent weather_agent", {"gen_ai.operation.name": "invoke_agent"}, trace=TRACE
    )
    tool = stepped_span(2, "execute_tool refund_status", attrs, trace=TRACE, parent=1)
    tool["status"] = {"status_code": "ERROR", "description": message}
    return [run, tool]


def _error(tmp_path: Path, attrs: dict[str, Any], message: str) -> str | None:
    (call,) = import_one(tmp_path, _failed(attrs, message)).trace.tool_calls
    return call.error


OPENINFERENCE = {
    "openinference.span.kind": "TOOL",
    "tool.name": "refund_status",
    "input.value": "{}",
}
OPENLIT = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "refund_status"}


def test_the_sdks_redaction_notice_keeps_the_status_message_whole(tmp_path: Path) -> None:
    whole = (
        f"Error running tool (non-fatal): {{'tool_name': 'refund_status', 'error': '{REDACTED}'}}"
    )
    assert _error(tmp_path, OPENINFERENCE, whole) == whole
    told = "Error running tool (non-fatal): {'tool_name': 'refund_status', 'error': 'no order'}"
    assert _error(tmp_path, OPENINFERENCE, told) == "no order"


def test_an_error_type_class_name_leads_a_bare_status_message(tmp_path: Path) -> None:
    typed = {**OPENLIT, "error.type": "LookupError"}
    assert _error(tmp_path, typed, "no order 'A-1002'") == "LookupError: no order 'A-1002'"
    kind = {**OPENLIT, "error.type": "TOOL_ERROR"}
    assert _error(tmp_path, kind, "the service is down") == "the service is down"

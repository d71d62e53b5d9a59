"""Google ADK's tool confirmation (the sixty-eighth round, `-2026-12-07zn`): the span that only
asked the application to confirm the call is no call, the call is its later run
(`_confirmation_requests`); and ADK's ``TOOL_ERROR`` is the call's error as written, the dict
the model's answer its result (`otel._failed_results`). Each test fails without its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "ad" * 16
ASKED = {
    "role": "assistant",
    "parts": [{"type": "tool_call", "id": "call_a1", "name": "issue_refund", "arguments": {}}],
}
CONFIRM = {"error": "This tool call requires confirmation, please approve or reject."}
REJECTED = {"error": "This tool call is rejected."}


def _run(n: int, result: dict[str, Any], start: float, *, failed: bool) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "issue_refund",
        "gen_ai.tool.call.id": "call_a1",
        "gen_ai.tool.call.arguments": "{}",
        "gen_ai.tool.call.result": json.dumps(result),
    }
    if failed:
        attrs["error.type"] = "TOOL_ERROR"
    out = span(n, "execute_tool issue_refund", attrs, trace=TRACE, start=start, end=start + 0.1)
    if failed:
        out["status"] = {"code": "STATUS_CODE_ERROR", "message": "TOOL_ERROR"}
    return out


def test_a_request_to_confirm_is_no_call_and_the_error_is_the_status(tmp_path: Path) -> None:
    question = [text("user", "Refund A-1002.")]
    first = span(1, "generate_content", chat_attributes(question, [ASKED]), trace=TRACE)
    answered = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_a1", "response": REJECTED}],
    }
    second = span(
        4,
        "generate_content",
        chat_attributes([*question, ASKED, answered], [text("assistant", "Not approved.")]),
        trace=TRACE,
        start=5,
        end=6,
    )
    spans = [
        first,
        _run(2, CONFIRM, 2.1, failed=False),
        _run(3, REJECTED, 4.1, failed=True),
        second,
    ]
    imported = import_one(tmp_path, spans)
    assert [(c.id, c.result, c.error) for c in imported.trace.tool_calls] == [
        ("call_a1", REJECTED, "TOOL_ERROR")
    ]

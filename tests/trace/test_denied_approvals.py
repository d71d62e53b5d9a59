"""A tool call a person denied (the sixty-eighth round, `-2026-12-07zn`): LangChain's rejection,
a ``ToolMessage`` of ``status: "error"`` only serialised histories hold, is the call's error
(`_rejected_results`); openlit's record of a call awaiting approval, the SDK's
``FunctionToolResult`` with no output, is no result: the call's is the denial the model was
given (`otel._pending_approvals`). Each test fails without its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "de" * 16
QUESTION = [text("system", "Refund orders."), text("user", "Refund A-1002.")]
ASKED = {
    "role": "assistant",
    "parts": [{"type": "tool_call", "id": "call_a1", "name": "issue_refund", "arguments": {}}],
}
ANSWER = "I could not issue the refund."


def _denied(words: str) -> dict[str, Any]:
    part = {"type": "tool_call_response", "id": "call_a1", "response": words}
    return {"role": "tool", "parts": [part]}


def _chats(words: str) -> list[dict[str, Any]]:
    first = span(1, "chat", chat_attributes(QUESTION, [ASKED]), trace=TRACE, start=1, end=2)
    given = [*QUESTION, ASKED, _denied(words)]
    second = chat_attributes(given, [text("assistant", ANSWER)])
    return [first, span(2, "chat", second, trace=TRACE, start=5, end=6)]


def test_a_rejection_a_serialised_history_marks_failed_is_the_calls_error(tmp_path: Path) -> None:
    rejected = "User rejected the tool call for `issue_refund`."
    state = {
        "messages": [
            {
                "type": "tool",
                "data": {
                    "content": rejected,
                    "type": "tool",
                    "tool_call_id": "call_a1",
                    "status": "error",
                },
            }
        ]
    }
    middleware = span(
        3, "after_model", {"output.value": json.dumps(state)}, trace=TRACE, start=3, end=4
    )
    imported = import_one(tmp_path, [*_chats(rejected), middleware])
    [call] = imported.trace.tool_calls
    assert (call.result, call.error) == (rejected, rejected)


def test_a_call_awaiting_approval_has_no_result_of_its_span(tmp_path: Path) -> None:
    awaiting = (
        "FunctionToolResult(tool=FunctionTool(name='issue_refund'), output=None, "
        "run_item=ToolApprovalItem(agent=Agent(name='weather_agent')))"
    )
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "issue_refund",
        "gen_ai.tool.call.result": awaiting,
    }
    paused = span(3, "execute_tool issue_refund", tool, trace=TRACE, start=2.1, end=2.2)
    imported = import_one(tmp_path, [*_chats("Tool execution was not approved."), paused])
    [call] = imported.trace.tool_calls
    assert call.result == "Tool execution was not approved."

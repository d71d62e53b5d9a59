"""A failed tool's error as its ``exception`` event says it (`integrations/_exception_events.py`).

LangSmith's OTel exporter (`langsmith/langsmith-otel-langgraph-tool-error-2026-12-06.json`)
writes a failed tool's exception with the type ``Exception`` and a message that is the raised
error's repr followed by its whole traceback; the error is the traceback's last line, the
one naming what was raised. Before, the error was ``Exception: ValueError(...)Traceback ...``,
local file paths included.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "e7" * 16
TRACEBACK = (
    "ValueError('unknown city: Tokio')Traceback (most recent call last):\n\n\n"
    '  File "/venv/lib/python3.11/site-packages/langchain_core/tools/base.py", line 1099, in run\n'
    "    response = context.run(self._run, *tool_args, **tool_kwargs)\n\n\n"
    "ValueError: unknown city: Tokio"
)


def _failed_tool(message: str, kind: str = "Exception") -> list[dict[str, Any]]:
    request = {
        "role": "assistant",
        "parts": [
            {"type": "tool_call", "id": "e1", "name": "get_weather", "arguments": {"city": "Tokio"}}
        ],
    }
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(
            [{"role": "user", "parts": [{"type": "text", "content": "Weather in Tokio?"}]}]
        ),
        "gen_ai.output.messages": json.dumps([request]),
    }
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": "e1",
    }
    event = {
        "name": "exception",
        "attributes": {"exception.type": kind, "exception.message": message},
    }
    failed = span(2, "execute_tool get_weather", tool, trace=TRACE, start=2, end=3, events=[event])
    failed["status"] = {"status_code": "ERROR"}
    return [span(1, "chat gpt-4o-mini", chat, trace=TRACE, start=0, end=1), failed]


def test_a_traceback_in_the_exception_message_gives_the_raised_error(tmp_path: Path) -> None:
    call = import_one(tmp_path, _failed_tool(TRACEBACK)).trace.tool_calls[0]

    assert call.error == "ValueError: unknown city: Tokio"


def test_a_plain_exception_message_is_type_and_message(tmp_path: Path) -> None:
    call = import_one(tmp_path, _failed_tool("unknown city: Tokio", "ValueError")).trace.tool_calls[
        0
    ]

    assert call.error == "ValueError: unknown city: Tokio"


def test_a_traceback_ending_in_no_error_line_is_kept_as_written(tmp_path: Path) -> None:
    cut = TRACEBACK.rsplit("\n", 1)[0]  # cut before the raised error's line
    call = import_one(tmp_path, _failed_tool(cut)).trace.tool_calls[0]

    assert call.error == f"Exception: {cut}"

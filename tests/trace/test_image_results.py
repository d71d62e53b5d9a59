"""A tool that returns an image (the sixty-fourth round, `-2026-12-07zj`): the call's result is
the picture as the tool span records it, its tool message no text (`_media_results`); and a
Responses API reply whose tool-call part carries the item's id (``fc_...``) while openlit's
joined list names the call's (`otel._joined_requests.with_listed_ids`). The misses of the
round's first run; each test fails without its rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "1m" * 16
QUESTION = [text("system", "Use get_radar."), text("user", "Is it raining in Paris?")]
BLOB = {"type": "blob", "mime_type": "image/png", "modality": "image", "content": "iVBORw0KGgo="}
REPR = "type='image' image_url='data:image/png;base64,iVBORw0KGgo=' file_id=None detail=None"
ANSWER = "The radar over Paris is clear."


def _asked(call_id: str) -> dict[str, Any]:
    part = {"type": "tool_call", "id": call_id, "name": "get_radar", "arguments": {"city": "Paris"}}
    return {"role": "assistant", "parts": [part]}


def _tool(n: int, result: Any, *, call_id: str | None = "call_r1") -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_radar",
        "gen_ai.tool.call.arguments": json.dumps({"city": "Paris"}),
        "gen_ai.tool.call.result": result if isinstance(result, str) else json.dumps(result),
    }
    if call_id is not None:
        attrs["gen_ai.tool.call.id"] = call_id
    return span(n, "execute_tool get_radar", attrs, trace=TRACE, start=2.1, end=2.2)


def _answered() -> dict[str, Any]:
    """The second chat as openlit records it: the user's question in, the answer out."""
    said = chat_attributes(QUESTION, [text("assistant", ANSWER)])
    return span(3, "chat", said, trace=TRACE, start=3, end=4)


def _tool_message(imported: Any) -> Any:
    [tool] = [m for m in imported.trace.messages if m.role == "tool"]
    return tool


def test_an_image_a_tool_returned_is_its_result_and_no_text_of_its_message(
    tmp_path: Path,
) -> None:
    answered = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_r1", "response": BLOB}],
    }
    first = span(1, "chat", chat_attributes(QUESTION, [_asked("call_r1")]), trace=TRACE)
    second = span(
        3,
        "chat",
        chat_attributes([*QUESTION, _asked("call_r1"), answered], [text("assistant", ANSWER)]),
        trace=TRACE,
        start=3,
        end=4,
    )
    imported = import_one(tmp_path, [first, _tool(2, BLOB), second])
    assert _tool_message(imported).content is None
    assert imported.trace.tool_calls[0].result == BLOB
    assert imported.trace.output == ANSWER


def test_a_picture_only_a_tool_span_records_gives_a_message_of_no_text(tmp_path: Path) -> None:
    """openlit's chats record only the user's question: the tool message is the tool span's,
    whose result is the ``str()`` of the Agents SDK's ``ToolOutputImage``."""
    first = span(1, "chat", chat_attributes(QUESTION, [_asked("call_r1")]), trace=TRACE)
    second = _answered()
    imported = import_one(tmp_path, [first, _tool(2, REPR, call_id=None), second])
    assert _tool_message(imported).content is None
    assert imported.trace.tool_calls[0].result == REPR


def test_a_responses_item_id_gives_way_to_the_call_id_openlit_lists(tmp_path: Path) -> None:
    asked = chat_attributes(QUESTION, [_asked("fc_000000000000000000000002")])
    asked |= {
        "gen_ai.tool.name": "get_radar",
        "gen_ai.tool.call.id": "call_r1",
        "gen_ai.tool.args": json.dumps({"city": "Paris"}),
    }
    first = span(1, "chat", asked, trace=TRACE)
    second = _answered()
    imported = import_one(tmp_path, [first, _tool(2, "clear", call_id=None), second])
    assert [c.id for c in imported.trace.tool_calls] == ["call_r1"]
    [turn] = [m for m in imported.trace.messages if m.tool_calls]
    assert [r.id for r in turn.tool_calls] == ["call_r1"]
    assert _tool_message(imported).tool_call_id == "call_r1"

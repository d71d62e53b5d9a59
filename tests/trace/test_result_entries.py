"""A tool message whose content lists ``{tool_call_id, content}`` entries is one tool message
per entry (`integrations/_result_entries.py`).

Semantic Kernel 1.45's Gemini connector logs, in a later call's history, a turn's function
results as ONE tool message listing each call's id and result (its own ``tool_call_id`` the
first entry's), where the earlier call's history gave them as one tool message each
(``semantic-kernel/semantic-kernel-google-tool-error-2026-12-06v.json``). Before, the import
read it as a further tool message joining both texts. A tool message whose own id none of the
entries names is that call's value, kept whole.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._messages import parse_messages
from tests.helpers.span_builders import import_one, span

TRACE = "5e" * 16
QUESTION = "What is the weather in Paris and in Oslo?"


def _requests(*ids: str) -> dict[str, Any]:
    calls = [
        {"id": i, "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
        for i in ids
    ]
    return {"role": "assistant", "tool_calls": calls}


def _chat(n: int, history: list[tuple[str, dict[str, Any]]], reply: dict[str, Any]) -> Any:
    events = [{"name": name, "attributes": body} for name, body in history]
    choice = {"message": json.dumps(reply), "finish_reason": "stop"}
    events.append({"name": "gen_ai.choice", "attributes": choice})
    attrs = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "gemini-2.5-flash"}
    return span(
        n,
        "chat gemini-2.5-flash",
        attrs,
        trace=TRACE,
        parent=1,
        start=n,
        end=n + 0.5,
        events=events,
    )


def _tool(call_id: str, text: str) -> tuple[str, dict[str, Any]]:
    return "gen_ai.tool.message", {"role": "tool", "content": text, "tool_call_id": call_id}


_MERGED = (
    "gen_ai.tool.message",
    {
        "role": "tool",
        "content": [  # as the log record's JSON body gives it (`_log_bodies`)
            {"tool_call_id": "f_0", "content": "sunny, 22 C"},
            {"tool_call_id": "f_1", "content": "rain, 9 C"},
        ],
        "tool_call_id": "f_0",
    },
)
_USER = ("gen_ai.user.message", {"role": "user", "content": QUESTION})
_ASKED = ("gen_ai.assistant.message", _requests("f_0", "f_1"))


def _messages(tmp_path: Path, spans: list[Any]) -> list[tuple[str, str | None, str | None]]:
    root = span(1, "invoke_agent weather", {}, trace=TRACE, start=0, end=20)
    imported = import_one(tmp_path, [root, *spans])
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def test_the_merged_message_is_the_earlier_history_s_two_tool_messages(tmp_path: Path) -> None:
    spans = [
        _chat(2, [_USER], _requests("f_0", "f_1")),
        _chat(
            4,
            [_USER, _ASKED, _tool("f_0", "sunny, 22 C"), _tool("f_1", "rain, 9 C")],
            _requests("f_0"),
        ),
        _chat(
            6,
            [
                _USER,
                _ASKED,
                _MERGED,
                ("gen_ai.assistant.message", _requests("f_0")),
                _tool("f_0", "windy"),
            ],
            {"role": "assistant", "content": "Done."},
        ),
    ]
    assert _messages(tmp_path, spans) == [
        ("user", QUESTION, None),
        ("assistant", None, None),
        ("tool", "sunny, 22 C", "f_0"),
        ("tool", "rain, 9 C", "f_1"),
        ("assistant", None, None),
        ("tool", "windy", "f_0"),
        ("assistant", "Done.", None),
    ]


def test_the_merged_message_alone_is_one_tool_message_per_entry(tmp_path: Path) -> None:
    spans = [
        _chat(2, [_USER], _requests("f_0", "f_1")),
        _chat(4, [_USER, _ASKED, _MERGED], {"role": "assistant", "content": "Done."}),
    ]
    tools = [m for m in _messages(tmp_path, spans) if m[0] == "tool"]
    assert tools == [("tool", "sunny, 22 C", "f_0"), ("tool", "rain, 9 C", "f_1")]


def test_entries_under_another_call_s_id_are_that_call_s_value() -> None:
    entries = [{"tool_call_id": "f_0", "content": "sunny"}, {"tool_call_id": "f_1", "content": "x"}]
    [msg] = parse_messages({"role": "tool", "content": entries, "tool_call_id": "h_9"})
    assert msg.tool_call_id == "h_9"


def test_a_non_tool_message_or_entries_without_ids_are_not_split() -> None:
    entries = [{"tool_call_id": "f_0", "content": "sunny"}, {"tool_call_id": "f_1", "content": "x"}]
    assert len(parse_messages({"role": "user", "content": entries})) == 1
    plain = [{"content": "sunny"}, {"content": "rain"}]
    [msg] = parse_messages({"role": "tool", "content": plain, "tool_call_id": "f_0"})
    assert (msg.content, msg.tool_call_id) == ("sunny\nrain", "f_0")

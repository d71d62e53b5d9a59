"""The span shapes of the OpenTelemetry project's own GenAI instrumentations
(opentelemetry-python-contrib's ``instrumentation-genai``: opentelemetry-instrumentation-
openai-v2, -openai-agents-v2), each on small spans written the way they write them, so each
rule is checked apart from the export that showed it (tests/data/traces/openai,
tests/data/traces/openai-agents).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
SYSTEM = "Be brief."
_CHAT = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=n + 0.5)


def _roles(imported: Any) -> list[tuple[str, str | None, str | None]]:
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _chat(n: int, inputs: list[Any], outputs: list[Any], *, system: bool = True) -> Any:
    attrs = {
        **_CHAT,
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(outputs),
    }
    if system:
        attrs["gen_ai.system_instructions"] = json.dumps([{"type": "text", "content": SYSTEM}])
    return _span(n, "chat m", attrs)


_CALL = {"type": "tool_call", "id": "c1", "name": "lookup", "arguments": '{"q": "x"}'}
_TURN = {"role": "assistant", "parts": [_CALL]}


def test_system_instructions_that_the_input_also_holds_are_one_message(tmp_path: Path) -> None:
    # openai-agents-v2: gen_ai.system_instructions and the same text as the input's first message
    chat = _chat(1, [_text("system", SYSTEM), _text("user", "Hi")], [_text("assistant", "Hello")])
    assert _roles(import_one(tmp_path, [chat])) == [
        ("system", SYSTEM, None),
        ("user", "Hi", None),
        ("assistant", "Hello", None),
    ]


def test_system_instructions_alone_are_the_system_message(tmp_path: Path) -> None:
    chat = _chat(1, [_text("user", "Hi")], [_text("assistant", "Hello")])
    assert _roles(import_one(tmp_path, [chat]))[0] == ("system", SYSTEM, None)


def test_a_tool_message_of_a_text_part_and_its_response_part_is_one_message(
    tmp_path: Path,
) -> None:
    # openai-agents-v2 writes each tool result twice in one message: as text and as the response
    answer = {
        "role": "tool",
        "parts": [
            {"type": "text", "content": "42"},
            {"type": "tool_call_response", "id": "c1", "result": "42"},
        ],
    }
    chat = _chat(
        1, [_text("user", "Ask"), _TURN, answer], [_text("assistant", "It is 42.")], system=False
    )
    imported = import_one(tmp_path, [chat])
    assert _roles(imported) == [
        ("user", "Ask", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == ("lookup", {"q": "x"}, "42", "c1")


def test_a_tool_message_whose_text_differs_from_its_response_keeps_the_text(
    tmp_path: Path,
) -> None:
    answer = {
        "role": "tool",
        "parts": [
            {"type": "text", "content": "a note"},
            {"type": "tool_call_response", "id": "c1", "response": "42"},
        ],
    }
    chat = _chat(1, [_text("user", "Ask"), _TURN, answer], [], system=False)
    roles = _roles(import_one(tmp_path, [chat]))
    assert ("tool", "42", "c1") in roles and ("tool", "a note", None) in roles


_REPR = (
    "{'content': None, 'refusal': None, 'role': 'assistant', 'annotations': None, "
    "'audio': None, 'function_call': None, 'tool_calls': [{'id': 'c1', 'function': "
    "{'arguments': '{\"q\": \"x\"}', 'name': 'lookup'}, 'type': 'function'}]}"
)


def test_a_reply_written_as_the_repr_of_a_message_is_that_message(tmp_path: Path) -> None:
    # openai-agents-v2: a tool-call reply's one text part is the SDK's message dict's repr
    chat = _chat(1, [_text("user", "Ask")], [_text("assistant", _REPR)], system=False)
    imported = import_one(tmp_path, [chat])
    assert _roles(imported) == [("user", "Ask", None), ("assistant", None, None)]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.id) == ("lookup", {"q": "x"}, "c1")


def test_the_repr_reply_and_the_turn_the_next_input_replays_are_one_message(
    tmp_path: Path,
) -> None:
    answer = {"role": "tool", "parts": [{"type": "tool_call_response", "id": "c1", "result": "42"}]}
    first = _chat(1, [_text("user", "Ask")], [_text("assistant", _REPR)], system=False)
    second = _chat(
        2, [_text("user", "Ask"), _TURN, answer], [_text("assistant", "It is 42.")], system=False
    )
    assert _roles(import_one(tmp_path, [first, second])) == [
        ("user", "Ask", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]


def test_text_that_only_looks_like_a_dict_stays_text(tmp_path: Path) -> None:
    said = "{'a': 1} is a Python dict."
    chat = _chat(1, [_text("user", "Show a dict")], [_text("assistant", said)], system=False)
    assert _roles(import_one(tmp_path, [chat]))[-1] == ("assistant", said, None)


def test_a_tool_call_turn_with_an_empty_text_part_has_no_text() -> None:
    # OpenLLMetry's reply of a streamed tool-call turn (autogen-selector-streamed): the
    # stream's empty text as a text part before the calls; the turn only requested tools
    from fourfold.integrations._messages import parse_messages

    calls = [
        {"type": "tool_call", "id": "c1", "name": "f", "arguments": {"q": "x"}},
        {"type": "tool_call", "id": "c2", "name": "f", "arguments": {"q": "y"}},
    ]
    parts = [{"type": "text", "content": ""}, *calls]
    [turn] = parse_messages([{"role": "assistant", "parts": parts}])
    assert turn.content is None
    assert [r.id for r in turn.tool_calls] == ["c1", "c2"]
    # text written beside the calls stays the turn's text
    said = [{"type": "text", "content": "Looking both up."}, *calls]
    [turn] = parse_messages([{"role": "assistant", "parts": said}])
    assert turn.content == "Looking both up."

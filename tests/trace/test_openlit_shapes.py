"""The span shapes openlit writes (its OpenAI, LangChain and LangGraph instrumentations), each
on small spans written the way it writes them, so each rule is checked apart from the real
exports that showed it (tests/data/traces/openlit).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
SYSTEM = "Be brief."
_CHAT = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}


def _span(n: int, name: str, attrs: dict[str, Any], **kw: Any) -> Any:
    return span(n, name, attrs, trace=TRACE, start=float(n), end=n + 0.5, **kw)


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _chat(n: int, inputs: list[Any], outputs: list[Any], usage: tuple[int, int]) -> Any:
    return _span(
        n,
        "chat m",
        {
            **_CHAT,
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
            "gen_ai.usage.input_tokens": usage[0],
            "gen_ai.usage.output_tokens": usage[1],
        },
        parent=9,
    )


def _tool(n: int, result: str, *, call_id: str | None) -> Any:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "lookup",
        "gen_ai.tool.call.arguments": "{'q': 'x'}",
        "gen_ai.tool.call.result": result,
    }
    if call_id is not None:
        attrs["gen_ai.tool.call.id"] = call_id
    return _span(n, "execute_tool lookup", attrs, parent=9)


def test_a_tool_message_written_as_its_str_is_its_content(tmp_path: Path) -> None:
    # openlit's LangChain instrumentation records a tool's result as the ToolMessage's str()
    result = "content='found: 42' name='lookup' tool_call_id='c1'"
    [call] = import_one(tmp_path, [_tool(1, result, call_id=None)]).trace.tool_calls
    assert (call.result, call.id, call.arguments) == ("found: 42", "c1", {"q": "x"})


def test_a_tool_message_str_whose_content_holds_equals_signs_and_quotes(tmp_path: Path) -> None:
    result = "content='a=1 b=\"two\"' name='lookup' tool_call_id='c7' status='success'"
    [call] = import_one(tmp_path, [_tool(1, result, call_id="c7")]).trace.tool_calls
    assert (call.result, call.id) == ('a=1 b="two"', "c7")


def test_a_result_that_only_looks_like_fields_stays_text(tmp_path: Path) -> None:
    # no tool_call_id field: not a ToolMessage, whatever its shape
    for result in ("x=1 y=2", "content='hello' name='lookup'", "the answer is x = 1"):
        [call] = import_one(tmp_path, [_tool(1, result, call_id="c1")]).trace.tool_calls
        assert call.result == result


def test_the_tool_call_turn_only_the_first_reply_holds_comes_before_its_results(
    tmp_path: Path,
) -> None:
    # openlit's OpenAI instrumentation leaves the assistant's tool-call turn out of the next
    # request it records: the second input is system, user and the tool messages
    call = {"type": "tool_call", "id": "c1", "name": "lookup", "arguments": {"q": "x"}}
    answer = {"type": "tool_call_response", "id": "c1", "response": "42"}
    first = _chat(
        1,
        [_text("system", SYSTEM), _text("user", "Q?")],
        [{"role": "assistant", "parts": [call]}],
        (10, 5),
    )
    second = _chat(
        2,
        [_text("system", SYSTEM), _text("user", "Q?"), {"role": "tool", "parts": [answer]}],
        [_text("assistant", "It is 42.")],
        (20, 6),
    )
    loop = _span(9, "weather_loop", {})
    imported = import_one(tmp_path, [loop, first, second])
    assert [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages] == [
        ("system", SYSTEM, None),
        ("user", "Q?", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]
    [tool_call] = imported.trace.tool_calls
    assert (tool_call.name, tool_call.arguments, tool_call.result) == ("lookup", {"q": "x"}, "42")
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (30, 11)


def test_a_streamed_calls_event_on_the_enclosing_span_adds_nothing(tmp_path: Path) -> None:
    # streamed, openlit emits each call's inference event after its span's context has
    # gone: the event lands on the enclosing application span, repeating the call
    inputs = [_text("user", "Q?")]
    outputs = [_text("assistant", "A.")]
    details = {
        "name": "gen_ai.client.inference.operation.details",
        "attributes": {
            **_CHAT,
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
            "gen_ai.usage.input_tokens": 10,
            "gen_ai.usage.output_tokens": 5,
        },
    }
    loop = _span(9, "weather_loop", {}, events=[details])
    imported = import_one(tmp_path, [loop, _chat(1, inputs, outputs, (10, 5))])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Q?"),
        ("assistant", "A."),
    ]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (10, 5)

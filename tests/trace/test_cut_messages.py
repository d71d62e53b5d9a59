"""D19: message attributes an attribute length limit cut short give what they hold whole.

The rule (`fourfold.integrations._cut_json`, `_listed_requests._cut_answers`): a message the
cut fell in keeps its parts whose values are whole before the cut; a value the cut fell in is
no value, a part left with nothing of its own is none, a message left with no part is none;
a request whose answer the cut took from every later input is a call with no result.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._cut_json import cut_messages
from fourfold.integrations._messages import parse_messages
from tests.helpers.span_builders import import_one, span

SYSTEM = {"role": "system", "parts": [{"content": "Answer about orders.", "type": "text"}]}
USER = {"role": "user", "parts": [{"content": "How many open orders?", "type": "text"}]}
CALL = {"arguments": {"customer": "C-7"}, "name": "search_orders", "id": "c1", "type": "tool_call"}


def _cut_before(value: Any, marker: str, keep: int = 0) -> str:
    """`value`'s JSON cut `keep` characters into the first `marker`."""
    text = json.dumps(value, separators=(",", ":"))
    return text[: text.index(marker) + keep]


def test_a_cut_inside_a_text_parts_content_drops_that_part_and_its_message() -> None:
    cut = _cut_before([SYSTEM, USER], "open orders")
    assert [m.content for m in parse_messages(cut)] == ["Answer about orders."]


def test_a_cut_inside_a_later_message_keeps_the_whole_ones_before() -> None:
    reply = {"role": "assistant", "parts": [{"content": "12 are open.", "type": "text"}]}
    cut = _cut_before([SYSTEM, USER, reply], "12 are", 4)
    assert [m.role for m in parse_messages(cut)] == ["system", "user"]


def test_a_cut_inside_the_arguments_drops_the_call() -> None:
    cut = _cut_before([{"role": "assistant", "parts": [CALL]}], "C-7", 2)
    assert parse_messages(cut, default_role="assistant") == []


def test_a_cut_inside_the_type_keeps_a_call_whose_fields_are_whole() -> None:
    cut = _cut_before([{"role": "assistant", "parts": [CALL]}], '"tool_call"', 5)
    [turn] = parse_messages(cut, default_role="assistant")
    assert turn.content is None and turn.cut
    assert [(r.id, r.name, r.arguments) for r in turn.tool_calls] == [
        ("c1", "search_orders", {"customer": "C-7"})
    ]


def test_a_cut_between_parts_keeps_the_parts_before_it() -> None:
    second = {**CALL, "id": "c2", "arguments": {"customer": "C-8"}}
    cut = _cut_before([{"role": "assistant", "parts": [CALL, second]}], '"c2"')
    [turn] = parse_messages(cut, default_role="assistant")
    assert [r.id for r in turn.tool_calls] == ["c1"]


def test_a_cut_inside_the_role_or_a_tool_messages_id_leaves_no_message() -> None:
    assert cut_messages('[{"role":"assis') == []
    assert cut_messages('[{"role":"tool","content":"12 open","tool_call_id":"c') == []


def test_a_part_of_a_kind_that_says_nothing_whole_is_none() -> None:
    blob = '[{"role":"user","parts":[{"type":"blob","mime_type":"image/png","content":"iVB"'
    assert cut_messages(blob) == []  # a blob's fields are whole, but it is no kind that says


def _chat(n: int, inputs: str, outputs: str, start: float) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": inputs,
        "gen_ai.output.messages": outputs,
    }
    return span(n, "chat gpt-4o-mini", attrs, trace="ab" * 16, parent=1, start=start, end=start + 1)


def _run(tmp_path: Path, second_input: str) -> Any:
    answer = {
        "role": "assistant",
        "parts": [{"content": "12 are open.", "type": "text"}],
        "finish_reason": "stop",
    }
    request = [{"role": "assistant", "parts": [CALL], "finish_reason": "tool_calls"}]
    spans = [
        span(1, "orders_loop", {}, trace="ab" * 16, start=0.0, end=9.0),
        _chat(2, json.dumps([SYSTEM, USER]), _cut_before(request, '"tool_call"', 5), 1.0),
        _chat(3, second_input, _cut_before([answer], "finish_reason"), 3.0),
    ]
    return import_one(tmp_path, spans).trace


def test_a_request_whose_answer_the_cut_took_is_a_call_with_no_result(tmp_path: Path) -> None:
    trace = _run(tmp_path, _cut_before([SYSTEM, USER, {"role": "assistant"}], "open orders"))
    assert [(c.id, c.name, c.result) for c in trace.tool_calls] == [("c1", "search_orders", None)]
    assert [m.role for m in trace.messages] == ["system", "user", "assistant", "assistant"]
    assert trace.output == "12 are open."


def test_a_request_a_whole_later_input_leaves_unanswered_stays_a_request(tmp_path: Path) -> None:
    trace = _run(tmp_path, json.dumps([SYSTEM, USER]))
    assert trace.tool_calls == []

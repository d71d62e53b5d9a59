"""The LiteLLM proxy's ``/v1/responses`` route: a second request's items by another trace's ids.

``litellm-proxy-responses-2026-12-06o`` (the settled reading of three): each request is a
trace of its own; the second request's ``gen_ai.input.messages`` writes the reply's
``function_call`` items as empty user messages keeping only their item ids, and the
``function_call_output`` items as empty user messages with nothing. The first trace's raw
Responses record holds the items under those ids: they are the assistant turns requesting the
calls, the id-less ones after them tool messages of the empty text, answering no call id
(`_item_references.mend_item_references`). An id no record of the file holds, or an empty
message on another route, is left as written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import import_traces
from tests.helpers.span_builders import span

FIRST, SECOND = "a1" * 16, "a2" * 16
QUESTION = "Paris and Tokyo?"
EMPTY = {"role": "user", "parts": [{"type": "text", "content": ""}]}
ITEMS = [
    {
        "id": f"fc_{n}",
        "type": "function_call",
        "call_id": f"call_{n}",
        "name": "get_weather",
        "arguments": json.dumps({"city": city}),
    }
    for n, city in ((1, "Paris"), (2, "Tokyo"))
]


def _request(trace: str, said: list[Any], reply: str | None, *, op: str = "aresponses") -> Any:
    replied = [{"role": "assistant", "parts": [{"type": "text", "content": reply}]}]
    attrs = {
        "gen_ai.operation.name": op,
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(said),
        "gen_ai.output.messages": json.dumps(replied if reply else []),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 5,
    }
    return span(1, "litellm_request", attrs, trace=trace, start=1.0, end=2.0)


def _raw(trace: str, output: list[Any]) -> Any:
    attrs = {"llm.None.object": "response", "llm.None.output": repr(output)}
    return span(2, "raw_gen_ai_request", attrs, trace=trace, parent=1, start=1.2, end=1.8)


def _second(ids: tuple[str, str], *, op: str = "aresponses") -> list[Any]:
    user = {"role": "user", "parts": [{"type": "text", "content": QUESTION}]}
    said = [user, *({**EMPTY, "id": i} for i in ids), EMPTY, EMPTY]
    return [_request(SECOND, said, "Sunny; rain.", op=op)]


def _read(tmp_path: Path, spans: list[Any]) -> dict[str, Any]:
    path = tmp_path / "spans.json"
    path.write_text(json.dumps(spans), encoding="utf-8")
    return {t.trace_id: t.trace for t in import_traces(path)}


def _first() -> list[Any]:
    user = {"role": "user", "parts": [{"type": "text", "content": QUESTION}]}
    return [_request(FIRST, [user], None), _raw(FIRST, ITEMS)]


def test_the_items_are_the_turns_and_their_outputs(tmp_path: Path) -> None:
    traces = _read(tmp_path, [*_first(), *_second(("fc_1", "fc_2"))])
    read = [
        (m.role, m.content, m.tool_call_id, [r.id for r in m.tool_calls])
        for m in traces[SECOND].messages
    ]
    assert read == [
        ("user", QUESTION, None, []),
        ("assistant", None, None, ["call_1"]),
        ("assistant", None, None, ["call_2"]),
        ("tool", "", None, []),
        ("tool", "", None, []),
        ("assistant", "Sunny; rain.", None, []),
    ]


def test_an_id_no_record_holds_is_left_as_written(tmp_path: Path) -> None:
    traces = _read(tmp_path, [*_first(), *_second(("fc_8", "fc_9"))])
    assert [m.role for m in traces[SECOND].messages] == ["user", "assistant"]


def test_another_route_s_empty_messages_are_left_as_written(tmp_path: Path) -> None:
    traces = _read(tmp_path, [*_first(), *_second(("fc_1", "fc_2"), op="acompletion")])
    assert [m.role for m in traces[SECOND].messages] == ["user", "assistant"]


def test_the_calls_are_the_first_trace_s_with_no_result(tmp_path: Path) -> None:
    traces = _read(tmp_path, [*_first(), *_second(("fc_1", "fc_2"))])
    calls = [(c.name, c.id, c.result) for c in traces[FIRST].tool_calls]
    assert calls == [("get_weather", "call_1", None), ("get_weather", "call_2", None)]
    assert traces[SECOND].tool_calls == []


def test_requests_no_later_trace_goes_past_are_no_calls(tmp_path: Path) -> None:
    traces = _read(tmp_path, [*_first(), *_second(("fc_8", "fc_9"))])
    assert traces[FIRST].tool_calls == []
    assert traces[SECOND].tool_calls == []

"""`SpanAssembler`: spans in any order and any number of pieces make the same trace."""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import SpanAssembler

TRACE = "cd" * 16


def _span(n: int, parent: int | None, attrs: dict[str, Any], start: float) -> dict[str, Any]:
    return {
        "name": f"span {n}",
        "context": {"trace_id": TRACE, "span_id": f"{n:016x}"},
        "parent_id": f"{parent:016x}" if parent is not None else None,
        "start_time": int(1.7e18 + start * 1e9),
        "end_time": int(1.7e18 + (start + 1) * 1e9),
        "attributes": attrs,
    }


ROOT = _span(1, None, {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a"}, 0)
CHAT = _span(
    2,
    1,
    {
        "gen_ai.operation.name": "chat",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": "Hi"}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": "Hello"}]),
    },
    1,
)
TOOL = _span(3, 1, {"gen_ai.tool.name": "t", "gen_ai.tool.call.result": "ok"}, 2)


def test_pieces_in_any_order_make_one_trace_once_the_root_settled() -> None:
    assembler = SpanAssembler(settle_s=1.0, timeout_s=10.0)
    assembler.add([TOOL], now=0.0)
    assert assembler.due(now=5.0) == []  # no root yet: waits for the timeout
    assembler.add([CHAT], now=5.0)
    assembler.add([ROOT], now=6.0)  # the root ends, and is exported, last
    assert assembler.due(now=6.5) == []
    [trace] = assembler.due(now=7.0)
    assert trace.metadata["agent_name"] == "a"
    assert trace.trace.output == "Hello"
    assert [c.name for c in trace.trace.tool_calls] == ["t"]
    assert assembler.waiting == 0


def test_late_spans_of_a_handed_out_trace_are_counted_not_reassembled() -> None:
    assembler = SpanAssembler()
    assembler.add([ROOT, CHAT], now=0.0, origin="batch-1")
    [trace] = assembler.flush()
    assert assembler.origin(trace.trace_id) == "batch-1"
    assembler.add([TOOL], now=1.0)
    assert assembler.flush() == []
    assert assembler.late_spans == 1


def test_a_trace_no_convention_understands_is_skipped_with_the_reason() -> None:
    assembler = SpanAssembler()
    assembler.add([_span(9, None, {"http.method": "GET"}, 0)], now=0.0)
    assert assembler.flush() == []
    [skipped] = assembler.skipped
    assert "none of its 1 spans" in skipped.reason

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


def test_a_batch_delivered_again_is_one_trace_and_counted() -> None:
    """OTLP delivers at least once: an exporter retries a request the receiver had taken.
    Before, every message, call and token of the repeated spans counted twice."""
    assembler = SpanAssembler()
    assembler.add([ROOT, CHAT, TOOL], now=0.0)
    assembler.add([CHAT, TOOL], now=1.0)  # the retry of a batch
    changed = {**TOOL, "attributes": {**TOOL["attributes"], "gen_ai.tool.call.result": "no"}}
    assembler.add([changed], now=1.5)  # another record under the same span id: kept
    [trace] = assembler.flush()
    assert assembler.repeated_spans == 2
    said = [m.content for m in trace.trace.messages if m.role in ("user", "assistant")]
    assert said == ["Hi", "Hello"]
    assert [c.result for c in trace.trace.tool_calls] == ["ok", "no"]


def test_a_trace_no_convention_understands_is_skipped_with_the_reason() -> None:
    assembler = SpanAssembler()
    assembler.add([_span(9, None, {"http.method": "GET"}, 0)], now=0.0)
    assert assembler.flush() == []
    [skipped] = assembler.skipped
    assert "none of its 1 spans" in skipped.reason


def _logs(*events: tuple[str, dict[str, str]]) -> dict[str, Any]:
    """An OTLP JSON logs request: each (event name, body) an event in the chat span's context."""
    records = [
        {
            "traceId": TRACE,
            "spanId": f"{2:016x}",
            "timeUnixNano": str(int(1.7e18 + 1.5e9) + i),
            "eventName": name,
            "body": {
                "kvlistValue": {
                    "values": [{"key": k, "value": {"stringValue": v}} for k, v in body.items()]
                }
            },
        }
        for i, (name, body) in enumerate(events)
    ]
    return {"resourceLogs": [{"scopeLogs": [{"logRecords": records}]}]}


BARE_CHAT = _span(2, 1, {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}, 1)
MESSAGES = _logs(("gen_ai.user.message", {"content": "Hi"}))


def test_log_events_wait_for_their_span_whichever_comes_first() -> None:
    for pieces in ([MESSAGES, [ROOT, BARE_CHAT]], [[ROOT, BARE_CHAT], MESSAGES]):
        assembler = SpanAssembler(settle_s=1.0, timeout_s=10.0)
        for n, piece in enumerate(pieces):
            assert assembler.add(piece, now=float(n)) == (0 if piece is MESSAGES else 2)
        [trace] = assembler.due(now=5.0)
        assert [(m.role, m.content) for m in trace.trace.messages] == [("user", "Hi")]


def test_log_events_of_a_handed_out_trace_are_counted_and_a_trace_of_events_only_skipped() -> None:
    assembler = SpanAssembler()
    assembler.add([ROOT, BARE_CHAT], now=0.0)
    assert len(assembler.flush()) == 1
    assembler.add(MESSAGES, now=1.0)
    assert assembler.late_log_events == 1
    lone = SpanAssembler()
    lone.add(MESSAGES, now=0.0)
    assert lone.waiting == 1
    assert lone.flush() == []
    [skipped] = lone.skipped
    assert "only events from the logs signal arrived (1)" in skipped.reason

"""`Message.tool_calls`: the calls an assistant turn requested, and nothing else changed.

A message without requested calls is written without the key, so traces and cases from
before the field serialise, hash, store and export to the same bytes. The two hashes
pinned here were computed by the fourfold that had no such field.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from fourfold.cases import Case
from fourfold.errors import TraceFormatError
from fourfold.trace import Message, ToolRequest, Trace

BEFORE_TRACE_SHA256 = "ea4ad1d76907ec5b16e1d0ab07b19f9e1bc07a22cf3606424870552e23bd920f"
BEFORE_CASE_HASH = "sha256:aeb63b8ae792c873fa4729f5579a606cb5fc03961002038c9b068427ae49877d"


def _trace(*requested: ToolRequest) -> Trace:
    return Trace(
        messages=[
            Message(role="user", content="Refund?"),
            Message(role="assistant", tool_calls=list(requested)),
            Message(role="tool", content="ok", name="refund", tool_call_id="c1"),
            Message(role="assistant", content="Done."),
        ],
        output="Done.",
    )


def test_a_trace_without_requested_calls_serialises_and_hashes_as_before() -> None:
    trace = _trace()
    assert hashlib.sha256(trace.to_json().encode()).hexdigest() == BEFORE_TRACE_SHA256
    assert all("tool_calls" not in m for m in trace.model_dump(mode="json")["messages"])
    case = Case(
        id="a",
        input=[
            Message(role="system", content="Be brief."),
            Message(role="user", content="Refund?"),
        ],
    )
    assert case.content_hash == BEFORE_CASE_HASH


def test_requested_calls_survive_json_and_old_json_loads_without_them() -> None:
    asked = ToolRequest(id="c1", name="refund", arguments={"order": "O-1", "n": [1, None]})
    trace = _trace(asked, ToolRequest(name="notify"))
    again = Trace.from_json(trace.to_json())
    assert again == trace
    assert again.messages[1].tool_calls == [asked, ToolRequest(name="notify")]
    assert json.loads(trace.to_json())["messages"][1]["tool_calls"] == [
        {"id": "c1", "name": "refund", "arguments": {"order": "O-1", "n": [1, None]}},
        {"id": None, "name": "notify", "arguments": {}},
    ]
    old = json.loads(_trace().to_json())  # a trace written before the field
    assert Trace.from_json(old).messages[1].tool_calls == []


@pytest.mark.parametrize(
    "bad",
    [
        [{"id": "c1"}],  # no name
        [{"name": "f", "arguments": "not an object"}],
        [{"name": "f", "result": 1}],  # a request has no result: that is the ToolCall
    ],
)
def test_a_malformed_request_is_a_trace_format_error(bad: list[dict[str, object]]) -> None:
    data = json.loads(_trace().to_json())
    data["messages"][1]["tool_calls"] = bad
    with pytest.raises(TraceFormatError, match=r"messages\.1\.tool_calls\.0"):
        Trace.from_json(data)

"""The hand-written truth files in tests/data/traces keep the contract their README defines.

The importer tests compare against these files, so a malformed one would make a test pass or
fail for the wrong reason. Each truth file must also name the trace file committed beside it
and exactly the trace ids that file holds (a run made of traces joined by span links names
them in ``joined_traces``, right after its ``trace_id``).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.corpus import export_of, export_text

TRUTH = Path(__file__).parents[1] / "data" / "traces"
FILES = sorted(TRUTH.rglob("*.expected.json"))
KEYS = [
    "trace_id",
    "input",
    "messages",
    "tool_calls",
    "passages",
    "output",
    "usage",
    "model",
    "agent",
    "not_in_trace",
    "notes",
]
ROLES = {"system", "user", "assistant", "tool"}
ABSENT = {
    "input",
    "messages",
    "system_prompt",
    "tool_call_ids",
    "tool_names",
    "tool_arguments",
    "tool_results",
    "output",
    "usage",
    "model",
    "agent",
}


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_there_are_at_least_twenty_truth_files_from_ten_frameworks() -> None:
    assert len(FILES) >= 20
    assert len({p.parent.name for p in FILES}) >= 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(TRUTH)))
def test_truth_file_keeps_the_contract(path: Path) -> None:
    doc = _load(path)
    assert set(doc) == {"trace_file", "traces"}
    # the export beside it: <name>.json, or <name>.json.gz when it is kept gzipped
    assert doc["trace_file"] == str(export_of(path).relative_to(TRUTH))
    assert doc["traces"], "a truth file describes at least one trace"
    # a tool message answers a call of its trace, or of another trace of the file (one run
    # exported as unlinked traces: a call requested in one, its result in the next's input)
    known = {c["id"] for t in doc["traces"] for c in t["tool_calls"] if c["id"] is not None}
    for trace in doc["traces"]:
        assert [k for k in trace if k != "joined_traces"] == KEYS
        if "joined_traces" in trace:
            assert list(trace)[1] == "joined_traces" and trace["joined_traces"]
        for trace_id in [trace["trace_id"], *trace.get("joined_traces", [])]:
            assert len(trace_id) == 32 and int(trace_id, 16) >= 0
            assert trace_id == trace_id.lower()
        _check_messages(trace["messages"])
        call_ids = _check_calls(trace["tool_calls"], "tool_names" in trace["not_in_trace"])
        answered = {m["tool_call_id"] for m in trace["messages"] if "tool_call_id" in m}
        assert answered <= known, f"tool messages answer unknown calls {answered - known}"
        # An id names one call: one turn requested it, once (names, when there are no ids,
        # may repeat); an id the run gave to several calls (smolagents numbers each agent's
        # calls from call_1) is requested once per call.
        for m in trace["messages"]:
            asked = [c for c in m.get("tool_calls", []) if c in call_ids]
            assert len(asked) == len(set(asked)), "a call id requested twice in one turn"
        requested = Counter(
            c for m in trace["messages"] for c in m.get("tool_calls", []) if c in call_ids
        )
        calls = Counter(c["id"] for c in trace["tool_calls"] if c["id"] is not None)
        assert all(n <= calls[c] for c, n in requested.items()), "a call id requested twice"
        for passage in trace["passages"]:
            assert list(passage) == ["id", "text", "source", "score"]
            assert passage["score"] is None or isinstance(passage["score"], int | float)
        usage = trace["usage"]
        assert usage is None or (
            set(usage) == {"input_tokens", "output_tokens"}
            and all(isinstance(v, int) and v >= 0 for v in usage.values())
        )
        assert set(trace["not_in_trace"]) <= ABSENT
        for field in {"input", "output", "usage", "model", "agent"} & set(trace["not_in_trace"]):
            assert trace[field] is None, f"{field} is listed as not in the trace but has a value"
        if "tool_call_ids" in trace["not_in_trace"]:
            assert all(c["id"] is None for c in trace["tool_calls"])
        assert trace["notes"] and all(isinstance(n, str) and n for n in trace["notes"])


def _check_messages(messages: list[dict[str, Any]]) -> None:
    for m in messages:
        assert m["role"] in ROLES
        assert set(m) <= {"role", "content", "tool_call_id", "tool_calls"}
        assert m["content"] is None or isinstance(m["content"], str)
        if "tool_call_id" in m:
            assert m["role"] == "tool"
        if "tool_calls" in m:
            assert m["role"] == "assistant" and m["tool_calls"]
            assert all(isinstance(c, str) and c for c in m["tool_calls"])


def _check_calls(calls: list[dict[str, Any]], unnamed: bool = False) -> set[str]:
    """The calls' ids; a call's name is null only, and always, when the trace names no tool
    (`unnamed`: ``tool_names`` not in the trace)."""
    ids = set()
    for c in calls:
        assert list(c) == ["name", "arguments", "result", "id", "error"]
        assert c["name"] is None if unnamed else isinstance(c["name"], str) and c["name"]
        assert isinstance(c["arguments"], dict)
        assert c["error"] is None or isinstance(c["error"], str)
        if c["id"] is not None:
            ids.add(c["id"])
    return ids


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(TRUTH)))
def test_truth_names_the_trace_ids_its_corpus_file_holds(path: Path) -> None:
    doc = _load(path)
    corpus = TRUTH / doc["trace_file"]
    assert corpus.is_file(), f"{path.name} names {doc['trace_file']}, absent from {corpus}"
    text = export_text(corpus)
    try:
        held = _trace_ids(json.loads(text))
    except json.JSONDecodeError:  # one export request per line, as a Collector writes them
        requests = [json.loads(line) for line in text.splitlines() if line.strip()]
        held = _trace_ids(
            {"resourceSpans": [r for q in requests for r in q.get("resourceSpans", [])]}
        )
    named = [i for t in doc["traces"] for i in [t["trace_id"], *t.get("joined_traces", [])]]
    assert sorted(named) == sorted(held) and len(set(named)) == len(named)
    # runs in order of their first trace's appearance, joined traces in order of theirs
    firsts = [t["trace_id"] for t in doc["traces"]]
    assert firsts == sorted(firsts, key=held.index)
    for t in doc["traces"]:
        joined = t.get("joined_traces", [])
        assert joined == sorted(joined, key=held.index)


def _trace_ids(data: Any) -> list[str]:
    """Trace ids in order of first appearance, read straight from the JSON (no importer)."""
    if isinstance(data, dict) and "resourceSpans" in data:
        raw = [
            span["traceId"]
            for rs in data["resourceSpans"]
            for ss in rs["scopeSpans"]
            for span in ss["spans"]
        ]
    else:
        raw = [span["context"]["trace_id"] for span in data]
    ids = [format(r, "032x") if isinstance(r, int) else str(r).lower() for r in raw]
    return list(dict.fromkeys(ids))

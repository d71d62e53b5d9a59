"""The span importer against hand-written truth: every field of every real corpus trace.

Each ``tests/data/traces/<framework>/<name>.expected.json`` says what a real exported trace
holds, read from its spans by hand (contract: ``tests/data/traces/README.md``). Here the trace
is imported with ``fourfold.integrations.import_traces`` (format ``auto``) and compared field
by field: one test per file, whose report names every cell of the fidelity table
(docs/importers.md) that does not hold, with what was imported and what the truth says. (One
test per file rather than per cell: the corpus's ~3,000 cells as tests of their own cost
the quick loop, `make test-fast`, several seconds of pytest's own work per run.)

A cell the importer does not get right yet is listed in `GAPS` with the reason: the file's
test leaves it out, and a test of its own asserts it as a strict xfail, so fixing it makes
that test fail until the entry is removed.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fourfold.integrations import ImportedTrace, ImportReport, read_traces
from fourfold.trace import Message
from tests.helpers.truth_cells import FIELDS, TRUTH_CELLS, as_json, message_cell

TRUTH = Path(__file__).parents[1] / "data" / "traces"
FILES = sorted(TRUTH.rglob("*.expected.json"))

GAPS: dict[tuple[str, str], str] = {
    ("smolagents/smolagents-managed-planning-2026-12-06.json", "messages"): (
        "a smolagents manager and managed agent with planning steps: the three blind readings "
        "differ on where the planning prompts stand (no later history holds them) and on "
        "whether the framework's line 'Now proceed and carry out this plan.' makes the two "
        "histories one conversation; all three read each plan and its replay in later inputs "
        "(re-wrapped as 'Here are the facts I know and the plan of action...') as one turn, "
        "which the importer reads as two messages"
    ),
    ("openlit/openlit-smolagents-managed-planning-2026-12-06p.json", "messages"): (
        "openlit's smolagents with planning: the replays, observations and run outputs now read"
        " (otel/_smol_replays, _smol_runs), but (a) the planning prompts, which no later input "
        "holds, are placed before the plan they produced, where the OpenInference export's own "
        "three readings split on it (its GAPS entry); (b) the plans' replays in other words are"
        " two messages"
    ),
    ("openlit/openlit-openai-agents-handoff-2026-12-07b.json", "messages"): (
        "first run 2026-12-07, the round's data commit: openlit's recorded inputs leave out "
        "the assistant turns that requested tools; the two blind readings split on where "
        "those turns stand (the truth reads the contract literally: after the last call's "
        "history, each tool message moved after its turn; the other reading keeps them in "
        "time), and the importer puts the weather calls' turn before their results inside the"
        " last history, a third order"
    ),
    ("langchain/langchain-azure-ai-otel-rag-2026-12-07c.json", "agent"): (
        "first run 2026-12-07, the round's data commit: the tracer's invoke_agent span of a "
        "chain step (RunnableSequence, then joined) taken for an agent; a rule keyed on the "
        "tracer's scope reads it (gapaz, tried) but changes the import of the SDK's console "
        "dump, which names no scope, and the spans carry nothing else of the tracer's"
    ),
    ("google-adk/google-adk-error-values-2026-12-07u.json", "tool_calls"): (
        "first run 2026-12-07, the round's data commit: ADK marks a tool's own error dict "
        "({error, code}, returned, not raised) TOOL_ERROR, status ERROR, no exception event: "
        "the shape of an on_tool_error_callback's reply and of ADK's own refusals of a call, "
        "which the corpus reads as the call's error (otel/_failed_results.py, the status as "
        "written). Both readings took no error, told by the tool's description in the span "
        "(the recording script's docstring: 'an error returned as a value') that it did not "
        "raise; the spans alone cannot tell the two apart"
    ),
    ("google-adk/google-adk-error-values-2026-12-07u.json", "messages"): (
        "the same call: the run ended on the other tool's exception, and the importer makes "
        "this call's tool message its error text where both readings make it the dict the "
        "tool returned (see its tool_calls entry)"
    ),
    ("vercel-ai-sdk/vercel-ai-sdk-v7-approval-denied-2026-12-07zn.json", "messages"): (
        "first run 2026-12-07, the round's data commit: the AI SDK's tool_approval_response "
        "part is a tool-role message of its own in the resumed call's input, linked to call_a1"
        " only by the approval request's approval_id; three of four blind readings keep it as"
        " a tool message of no content (the truth and one third reading with call_a1 as its "
        "id, the other with none), the importer drops it as the round's second reading did; "
        "to read it, a content-less answer must not take the call's result from the denial "
        "that follows it"
    ),
}
"""(trace file, field) → why the importer does not match the truth there yet."""


_IMPORTED: dict[Path, ImportReport] = {}


def _report(corpus: Path) -> ImportReport:
    if corpus not in _IMPORTED:
        _IMPORTED[corpus] = read_traces(corpus)
    return _IMPORTED[corpus]


def _imported(corpus: Path) -> dict[str, ImportedTrace]:
    return {t.trace_id: t for t in _report(corpus).traces}


def _left_out(corpus: Path, truth: dict[str, Any]) -> bool:
    """Whether the import reports the trace left out for holding no span it reads, and the
    truth's entry for it holds nothing either (an HTTP client's spans alone: the contract's
    one entry per trace id, every field empty)."""
    skipped = {s.where for s in _report(corpus).skipped if s.reason.startswith("none of its")}
    empty = all(truth[key] in (None, []) for key in FIELDS)
    return f"trace {truth['trace_id']}" in skipped and empty


def _rel(path: Path) -> str:
    """A truth file's trace, as `GAPS` names it: ``<framework>/<name>.json`` (also for an
    export kept gzipped, ``<name>.json.gz``)."""
    return str(path.relative_to(TRUTH)).replace(".expected.json", ".json")


def _wrong(path: Path, name: str) -> list[str]:
    """What is wrong in one cell (`name` of every trace of the file): empty if it holds."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    got = _imported(TRUTH / doc["trace_file"])
    wrong = []
    for truth in doc["traces"]:
        where = f"{doc['trace_file']} trace {truth['trace_id']}: {name}"
        if truth["trace_id"] not in got:
            if _left_out(TRUTH / doc["trace_file"], truth):
                continue
            return [f"trace {truth['trace_id']} not imported"]
        imported = got[truth["trace_id"]]
        joined = imported.metadata.get("joined_traces", [])
        if joined != truth.get("joined_traces", []):
            wrong.append(f"{where}: joined {joined}, the truth {truth.get('joined_traces', [])}")
        expected = TRUTH_CELLS[name](truth)
        actual = _ACTUAL[name](imported, truth)
        if actual != expected:
            wrong.append(f"{where}\n{_difference(expected, actual)}")
        elif name in truth["not_in_trace"] and name in ("input", "output", "usage", "model"):
            if actual is not None:
                wrong.append(f"{where} is not in the trace but the import invents one")
    return wrong


def _difference(expected: Any, actual: Any) -> str:
    """A unified diff of the truth's and the import's value, as indented JSON."""

    def lines(value: Any) -> list[str]:
        return json.dumps(value, indent=1, ensure_ascii=False, default=str).splitlines()

    diff = difflib.unified_diff(lines(expected), lines(actual), "truth", "imported", lineterm="")
    return "\n".join(diff)


@pytest.mark.parametrize("path", FILES, ids=_rel)
def test_imported_trace_equals_truth(path: Path) -> None:
    rel = _rel(path)
    wrong = [line for name in FIELDS if (rel, name) not in GAPS for line in _wrong(path, name)]
    assert not wrong, "\n\n".join(wrong)


@pytest.mark.parametrize(
    ("rel", "name"),
    [
        pytest.param(*key, marks=pytest.mark.xfail(reason=why, strict=True))
        for key, why in GAPS.items()
    ],
    ids=[f"{rel}::{name}" for rel, name in GAPS],
)
def test_gap_cell_equals_truth(rel: str, name: str) -> None:
    wrong = _wrong(TRUTH / rel.replace(".json", ".expected.json"), name)
    assert not wrong, "\n\n".join(wrong)


def test_every_gap_is_a_cell_of_the_corpus() -> None:
    cells = {(_rel(path), name) for path in FILES for name in FIELDS}
    assert set(GAPS) <= cells, sorted(set(GAPS) - cells)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(TRUTH)))
def test_a_requested_call_names_the_tool_of_the_call_with_its_id(path: Path) -> None:
    """The truth names requests by id; the name the importer gives each is the call's."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    for imported in _imported(TRUTH / doc["trace_file"]).values():
        names = {c.id: c.name for c in imported.trace.tool_calls if c.id is not None}
        for m in imported.trace.messages:
            assert m.role == "assistant" or not m.tool_calls, "only an assistant requests"
            for request in m.tool_calls:
                if request.id in names:
                    assert request.name == names[request.id], request


def _requested(message: Message) -> list[str]:
    """The calls an assistant message requested, as the truth names them: ids, else names."""
    return [r.id if r.id is not None else r.name for r in message.tool_calls]


def _output(imported: ImportedTrace, truth: dict[str, Any]) -> Any:
    trace = imported.trace
    if truth["output"] is None or isinstance(truth["output"], str):
        return trace.output
    return trace.structured if trace.structured is not None else as_json(trace.output)


def _usage(imported: ImportedTrace, truth: dict[str, Any]) -> Any:
    usage = imported.trace.usage
    if not usage.known:
        return None
    return {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens}


_ACTUAL: dict[str, Callable[[ImportedTrace, dict[str, Any]], Any]] = {
    "input": lambda i, t: i.input,
    "messages": lambda i, t: [
        message_cell(m.role, m.content, m.tool_call_id, _requested(m)) for m in i.trace.messages
    ],
    "tool_calls": lambda i, t: [
        {
            "name": c.name,
            "arguments": c.arguments,
            "result": as_json(c.result),
            "id": c.id,
            "error": c.error,
        }
        for c in i.trace.tool_calls
    ],
    "passages": lambda i, t: [
        {"id": p.id, "text": p.text, "source": p.source, "score": p.score} for p in i.trace.passages
    ],
    "output": _output,
    "usage": _usage,
    "model": lambda i, t: i.metadata.get("model"),
    "agent": lambda i, t: i.metadata.get("agent_name"),
}

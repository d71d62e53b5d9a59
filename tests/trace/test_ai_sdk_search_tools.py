"""The Vercel AI SDK's embeddings and a search tool built on them (ai 6.0.326's telemetry).

Three rules, each on synthetic spans in the shape of the real export
(tests/data/traces/vercel-ai-sdk/vercel-ai-sdk-v6-rag-2026-12-06k.json):

- ``ai.embed`` / ``ai.embedMany`` (and their ``doEmbed`` spans) are embedding calls, no run:
  a trace of them alone (an index built apart) names no agent and is left out as no run's,
  and inside a run they are set aside in the metadata's ``embeddings``
  (`integrations/_embeddings.py`);
- a tool that embeds its query (an ``ai.embed`` span inside its ``ai.toolCall`` span) and
  returns a list of objects with ``text`` is a retrieval: its documents are the passages
  (`integrations/_embedded_searches.py`); a tool with no embedding call inside gives none;
- a ``tool-result`` part whose output is ``{type: json, value: [...]}`` is the tool's own JSON,
  kept as the tool message (`integrations/_messages.py`), where a ``content`` output's blocks
  are their texts joined.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import read_traces
from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
INDEX = "cd" * 16
DOCS = [
    {"id": "doc-refund", "source": "policies/refunds.md", "text": "Refunds within 30 days."},
    {"id": "doc-shipping", "source": "policies/shipping.md", "text": "Ships in 2 days."},
]


def _span(
    n: int, name: str, attrs: dict[str, Any], parent: int | None = 1, trace: str = TRACE
) -> dict[str, Any]:
    head = name.split(" ", 1)[0]
    given = {"operation.name": name, "ai.operationId": head, **attrs}
    return span(n, head, given, trace=trace, parent=parent, start=float(n), end=float(n) + 0.5)


def _embed(n: int, parent: int, function_id: str = "embed_query") -> list[dict[str, Any]]:
    """An ``embed`` call on the query, with its provider request inside."""
    attrs = {
        "ai.telemetry.functionId": function_id,
        "ai.model.id": "text-embedding-3-small",
        "ai.value": '"shipping time"',
        "ai.usage.tokens": 9,
    }
    return [
        _span(n, f"ai.embed {function_id}", attrs, parent),
        _span(n + 1, f"ai.embed.doEmbed {function_id}", attrs, n),
    ]


def _run(result: Any, output: dict[str, Any], *, embeds: bool) -> list[dict[str, Any]]:
    """A generateText run (functionId policy_agent): the model asks search_policies (c1), the
    tool span records `result` (an embed call inside when `embeds`), the next prompt gives the
    model `output` as the tool-result part's output."""
    fid = {"ai.telemetry.functionId": "policy_agent"}
    common = {**fid, "ai.model.id": "gpt-4o-mini", "gen_ai.request.model": "gpt-4o-mini"}
    user = {"role": "user", "content": [{"type": "text", "text": "Shipping?"}]}
    call = {"type": "tool-call", "toolCallId": "c1", "toolName": "search_policies"}
    asked = {"role": "assistant", "content": [{**call, "input": {"query": "shipping time"}}]}
    answered = {"role": "tool", "content": [{**call, "type": "tool-result", "output": output}]}
    requested = [{"toolCallId": "c1", "toolName": "search_policies", "input": '{"query":"x"}'}]
    tool = {
        **fid,
        "ai.toolCall.name": "search_policies",
        "ai.toolCall.id": "c1",
        "ai.toolCall.args": '{"query":"shipping time"}',
        "ai.toolCall.result": json.dumps(result),
    }
    return [
        _span(1, "ai.generateText policy_agent", {**common, "ai.response.text": "2 days."}, None),
        _span(
            2,
            "ai.generateText.doGenerate policy_agent",
            {
                **common,
                "ai.prompt.messages": json.dumps([user]),
                "ai.response.toolCalls": json.dumps(requested),
            },
        ),
        _span(3, "ai.toolCall policy_agent", tool),
        *(_embed(4, 3) if embeds else []),
        _span(
            6,
            "ai.generateText.doGenerate policy_agent",
            {
                **common,
                "ai.prompt.messages": json.dumps([user, asked, answered]),
                "ai.response.text": "2 days.",
            },
        ),
    ]


def _json(value: Any) -> dict[str, Any]:
    return {"type": "json", "value": value}


def test_a_tool_that_embeds_its_query_gives_its_documents_as_passages(tmp_path: Path) -> None:
    """No retrieval span: the tool's returned documents, in their order, with their ids and
    sources, no score. Before, no passages."""
    trace = import_one(tmp_path, _run(DOCS, _json(DOCS), embeds=True)).trace
    assert [(p.id, p.text, p.source, p.score) for p in trace.passages] == [
        ("doc-refund", "Refunds within 30 days.", "policies/refunds.md", None),
        ("doc-shipping", "Ships in 2 days.", "policies/shipping.md", None),
    ]
    assert [c.result for c in trace.tool_calls] == [DOCS]  # the result stays the documents


def test_a_document_without_an_id_is_given_one_by_its_place(tmp_path: Path) -> None:
    """A passage needs a handle: ``<tool span id>:<index>``; a numeric score is kept."""
    docs = [{"text": "Ships in 2 days.", "url": "https://shop/shipping", "score": 0.8}]
    trace = import_one(tmp_path, _run(docs, _json(docs), embeds=True)).trace
    assert [(p.id, p.source, p.score) for p in trace.passages] == [
        (f"{3:016x}:0", "https://shop/shipping", 0.8)
    ]


def test_a_tool_with_no_embedding_call_inside_gives_no_passages(tmp_path: Path) -> None:
    """The siblings: a tool returning objects with text but embedding nothing retrieves
    nothing (the AI SDK exports' weather tools)."""
    trace = import_one(tmp_path, _run(DOCS, _json(DOCS), embeds=False)).trace
    assert trace.passages == []


def test_a_result_that_is_no_list_of_texts_gives_no_passages(tmp_path: Path) -> None:
    """An embedding tool whose result is text, or objects without a text, gives none."""
    for result in ("sunny, 22 C", [{"id": "d1", "body": "x"}]):
        out = _json(result) if isinstance(result, list) else {"type": "text", "value": result}
        trace = import_one(tmp_path, _run(result, out, embeds=True)).trace
        assert trace.passages == []


def test_a_json_output_is_the_tool_message_as_the_tool_returned_it(tmp_path: Path) -> None:
    """A list of objects with ``text`` under a ``json`` output is the tool's own value, not
    content blocks: the message holds the JSON (before, the texts joined)."""
    trace = import_one(tmp_path, _run(DOCS, _json(DOCS), embeds=True)).trace
    [message] = [m for m in trace.messages if m.role == "tool"]
    assert message.tool_call_id == "c1"
    assert json.loads(message.content or "") == DOCS


def test_a_content_output_is_still_its_blocks_texts(tmp_path: Path) -> None:
    """The siblings: a ``content`` output (an MCP tool's blocks) is their texts, joined."""
    blocks = [{"type": "text", "text": "sunny"}, {"type": "text", "text": "22 C"}]
    output = {"type": "content", "value": blocks}
    trace = import_one(tmp_path, _run("sunny", output, embeds=False)).trace
    assert [m.content for m in trace.messages if m.role == "tool"] == ["sunny\n22 C"]


def test_the_embed_call_is_no_run_and_is_set_aside(tmp_path: Path) -> None:
    """The embed call inside the tool names no agent (its functionId embed_query); it is
    counted once (its doEmbed is the same call) in the metadata's embeddings."""
    trace = import_one(tmp_path, _run(DOCS, _json(DOCS), embeds=True)).trace
    assert trace.metadata["agent_name"] == "policy_agent"
    assert trace.metadata["embeddings"] == {
        "calls": 1,
        "model": "text-embedding-3-small",
        "input_tokens": 9,
    }


def test_an_embed_many_trace_alone_is_left_out_as_no_run(tmp_path: Path) -> None:
    """An index built in a trace of its own (embedMany named index_policies): no model call,
    no agent; it is left out, said so, and the run's trace is read as before. Before, a run
    named index_policies."""
    attrs = {"ai.telemetry.functionId": "index_policies", "ai.usage.tokens": 27}
    index = [
        _span(7, "ai.embedMany index_policies", attrs, None, trace=INDEX),
        _span(8, "ai.embedMany.doEmbed index_policies", attrs, 7, trace=INDEX),
    ]
    path = tmp_path / "spans.json"
    path.write_text(json.dumps([*index, *_run(DOCS, _json(DOCS), embeds=True)]))
    report = read_traces(path)
    assert [t.trace_id for t in report.traces] == [TRACE]
    assert [(s.where, s.reason) for s in report.skipped] == [
        (f"trace {INDEX}", "none of its 2 spans is a run's: embedding calls alone")
    ]

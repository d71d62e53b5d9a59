"""Three retrievals whose documents are not where D14's retrieval spans put them, each on
small spans written the way its exporter writes them (round ``-2026-12-06k``):

- LangChain.js under @arizeai/openinference-instrumentation-langchain 4.1 (Node): the
  RETRIEVER span's ``retrieval.documents`` have no ``document.id``; its ``output.value``,
  ``{"documents": [{"pageContent", "metadata", "id"}]}``, names each (camelCase, where
  Python's LangChain writes ``page_content``). The passage takes the id of the output's
  document at its place when that document has its text
  (`integrations/otel/_openinference.py`, `_output_document_ids`). Before, ``<span id>:<i>``.
- MLflow 3.17's DSPy autolog: ``Retrieve.forward``'s RETRIEVER span outputs
  ``{"passages": [<texts>]}``, no ids, sources or scores: each text a passage at
  ``<span id>:<index>`` (`integrations/otel/_dspy_passages.py`). Before, none.
- @mastra/rag 2.6's ``createVectorQueryTool``: its ``rag_vector_operation`` child records a
  count only; the tool's result's ``sources`` (``{id, metadata: {text, source}, score}``) are
  the passages, at the tool span (`integrations/otel/_mastra_vector_query.py`). Before, none.

The siblings stay as they read: Python LangChain's ``page_content`` ids, MLflow's
``Document`` lists, a Mastra tool that returns no vector query result.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span, stepped_span
from tests.helpers.span_builders import mlflow_attributes as _mlflow

TRACE = "4e" * 16
SHIPS = "Ships in 2 days."
REFUNDS = "Refunds within 30 days."


# -- LangChain.js's retriever span: ids only in its output ------------------------------


def _retriever(documents: list[dict[str, Any]], texts: list[str]) -> list[dict[str, Any]]:
    """A RETRIEVER span as the OpenInference LangChain instrumentation writes it: its
    documents' content and metadata, no id; `documents` its ``output.value``'s."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "RETRIEVER",
        "input.value": "shipping?",
        "output.value": json.dumps({"documents": documents}, separators=(",", ":")),
        "output.mime_type": "application/json",
    }
    for i, text in enumerate(texts):
        attrs[f"retrieval.documents.{i}.document.content"] = text
        attrs[f"retrieval.documents.{i}.document.metadata"] = json.dumps({"source": f"{i}.md"})
    return [span(1, "KeywordRetriever", attrs, trace=TRACE)]


def test_a_langchain_js_retriever_gives_its_documents_ids_in_its_output(tmp_path: Path) -> None:
    documents = [
        {"pageContent": SHIPS, "metadata": {"source": "0.md"}, "id": "doc-shipping"},
        {"pageContent": REFUNDS, "metadata": {"source": "1.md"}, "id": "doc-refund"},
    ]
    imported = import_one(tmp_path, _retriever(documents, [SHIPS, REFUNDS]))
    assert [(p.id, p.text, p.source) for p in imported.trace.passages] == [
        ("doc-shipping", SHIPS, "0.md"),
        ("doc-refund", REFUNDS, "1.md"),
    ]


def test_a_langchain_js_id_goes_only_to_the_document_with_its_text(tmp_path: Path) -> None:
    """An output document at another place, or with other text, names no passage."""
    documents = [
        {"pageContent": "Another text.", "metadata": {}, "id": "doc-other"},
        {"pageContent": REFUNDS, "metadata": {}},
    ]
    imported = import_one(tmp_path, _retriever(documents, [SHIPS, REFUNDS]))
    assert [p.id for p in imported.trace.passages] == [f"{1:016x}:0", f"{1:016x}:1"]


def test_python_langchains_output_ids_still_read(tmp_path: Path) -> None:
    """The Python instrumentation's ``page_content`` (langchain-rag*, langgraph-retriever-tool*)."""
    documents = [{"page_content": SHIPS, "metadata": {}, "id": "doc-shipping", "type": "Document"}]
    imported = import_one(tmp_path, _retriever(documents, [SHIPS]))
    assert [p.id for p in imported.trace.passages] == ["doc-shipping"]


# -- MLflow's DSPy autolog: dspy.Retrieve's Prediction of texts --------------------------


def test_an_mlflow_dspy_retrieve_spans_texts_are_passages(tmp_path: Path) -> None:
    retrieve = _mlflow("RETRIEVER", {"args": ["shipping?"]}, {"passages": [SHIPS, REFUNDS]})
    imported = import_one(tmp_path, [stepped_span(1, "Retrieve.forward", retrieve, trace=TRACE)])
    assert [(p.id, p.text, p.source, p.score) for p in imported.trace.passages] == [
        (f"{1:016x}:0", SHIPS, None, None),
        (f"{1:016x}:1", REFUNDS, None, None),
    ]


def test_an_mlflow_retrievers_documents_still_read(tmp_path: Path) -> None:
    """MLflow's LangChain and LlamaIndex retrievers record ``Document`` lists (mlflow-*-rag)."""
    found = [{"page_content": SHIPS, "metadata": {"source": "faq.md"}, "id": "d1"}]
    retriever = _mlflow("RETRIEVER", "shipping?", found)
    imported = import_one(tmp_path, [stepped_span(1, "retrieve", retriever, trace=TRACE)])
    assert [(p.id, p.text, p.source) for p in imported.trace.passages] == [("d1", SHIPS, "faq.md")]


def test_an_mlflow_retriever_output_of_another_dict_gives_none(tmp_path: Path) -> None:
    retriever = _mlflow("RETRIEVER", "shipping?", {"documents": [SHIPS]})
    imported = import_one(tmp_path, [stepped_span(1, "retrieve", retriever, trace=TRACE)])
    assert imported.trace.passages == []


# -- Mastra's vector query tool: the sources in its result -------------------------------


def _source(name: str, text: str, score: float) -> dict[str, Any]:
    meta = {"id": name, "text": text, "source": f"policies/{name}.md"}
    return {"id": name, "metadata": meta, "vector": [], "score": score, "document": ""}


def _mastra_tool(result: Any, kind: str = "tool_call") -> list[dict[str, Any]]:
    """``execute_tool search_policies`` as @mastra/otel-exporter 1.4 writes a
    ``createVectorQueryTool`` run, over its ``rag_vector_operation`` child (a count only)."""
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "mastra.span.type": kind,
        "gen_ai.tool.name": "search_policies",
        "gen_ai.tool.call.id": "call_r1",
        "gen_ai.tool.call.arguments": '{"queryText":"shipping","topK":2}',
        "gen_ai.tool.call.result": json.dumps(result, separators=(",", ":")),
    }
    operation = {
        "gen_ai.operation.name": "rag_vector_operation",
        "mastra.span.type": "rag_vector_operation",
        "mastra.rag_vector_operation.input": '{"topK":2}',
        "mastra.rag_vector_operation.output": '{"returned":2}',
    }
    return [
        span(1, "execute_tool search_policies", tool, trace=TRACE, start=1, end=3),
        span(2, "rag_vector_operation search_policies", operation, trace=TRACE, parent=1),
    ]


def _query_result(*sources: dict[str, Any]) -> dict[str, Any]:
    context = [s["metadata"] for s in sources]
    return {"relevantContext": context, "sources": list(sources)}


def test_a_mastra_vector_query_tools_sources_are_passages(tmp_path: Path) -> None:
    result = _query_result(_source("refund", REFUNDS, 1), _source("ship", SHIPS, 0.997))
    imported = import_one(tmp_path, _mastra_tool(result))
    assert [(p.id, p.text, p.source, p.score) for p in imported.trace.passages] == [
        ("refund", REFUNDS, "policies/refund.md", 1.0),
        ("ship", SHIPS, "policies/ship.md", 0.997),
    ]
    # the tool's result stays what the model got, the whole object
    assert [c.result for c in imported.trace.tool_calls] == [result]


def test_a_mastra_tool_returning_sources_of_its_own_gives_no_passages(tmp_path: Path) -> None:
    """No ``relevantContext`` beside them: not the vector query tool's result (mastra/*)."""
    own = {"sources": [_source("refund", REFUNDS, 1)]}
    imported = import_one(tmp_path, _mastra_tool(own))
    assert imported.trace.passages == []


def test_another_frameworks_tool_with_the_same_result_gives_no_passages(tmp_path: Path) -> None:
    spans = _mastra_tool(_query_result(_source("refund", REFUNDS, 1)))
    del spans[0]["attributes"]["mastra.span.type"]
    assert import_one(tmp_path, spans).trace.passages == []

"""A tool's documents returned as its artifact are passages (D14).

LangChain's ``@tool(response_format="content_and_artifact")`` (the retrieval tool of its RAG
agent tutorial) returns the documents serialised as text, which the model is given, and the
``Document``s as the ``ToolMessage``'s artifact, which it is not. When the tool searches them
itself there is no retrieval span: OpenInference records them only in the TOOL span's
serialised ``ToolMessage``. The real export: tests/data/traces/langgraph/langgraph-artifact-*.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "a1" * 16
CONTENT = "Source: shipping.md\nContent: Shipping takes 3 days."
DOCS = [
    ("d2", "Shipping takes 3 days.", "shipping.md"),
    ("d1", "Refunds take 30 days.", "refunds.md"),
]


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None, start: float) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=start + 0.5)


def _document(doc_id: str | None, text: str, source: str) -> dict[str, Any]:
    return {"id": doc_id, "metadata": {"source": source}, "page_content": text, "type": "Document"}


def _tool(artifact: Any, parent: int = 1) -> Any:
    message = {
        "type": "tool",
        "data": {
            "content": CONTENT,
            "type": "tool",
            "name": "search",
            "id": None,
            "tool_call_id": "call_r1",
            "artifact": artifact,
            "status": "success",
        },
    }
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": "search",
        "input.value": "shipping",
        "output.value": json.dumps(message),
    }
    return _span(2, "search", attrs, parent, 1.1)


def _root() -> Any:
    attrs = {
        "openinference.span.kind": "AGENT",
        "input.value": "shipping?",
        "output.value": "3 days.",
    }
    return _span(1, "agent", attrs, None, 1.0)


def _passages(imported: Any) -> list[tuple[str, str, str | None, float | None]]:
    return [(p.id, p.text, p.source, p.score) for p in imported.trace.passages]


def test_documents_in_a_tools_artifact_are_passages(tmp_path: Path) -> None:
    artifact = [_document(i, t, s) for i, t, s in DOCS]
    imported = import_one(tmp_path, [_root(), _tool(artifact)])
    assert _passages(imported) == [
        ("d2", "Shipping takes 3 days.", "shipping.md", None),
        ("d1", "Refunds take 30 days.", "refunds.md", None),
    ]
    [call] = imported.trace.tool_calls
    assert (call.result, call.id) == (CONTENT, "call_r1")  # the content, not the artifact


def test_a_document_without_an_id_is_named_by_the_span_and_its_index(tmp_path: Path) -> None:
    imported = import_one(
        tmp_path, [_root(), _tool([_document(None, "Shipping takes 3 days.", "s")])]
    )
    assert [p.id for p in imported.trace.passages] == [f"{2:016x}:0"]


def test_documents_in_the_constructor_form_are_passages(tmp_path: Path) -> None:
    artifact = [
        {
            "lc": 1,
            "type": "constructor",
            "id": ["langchain", "schema", "document", "Document"],
            "kwargs": {"id": "d2", "page_content": "Shipping takes 3 days.", "metadata": {}},
        }
    ]
    assert _passages(import_one(tmp_path, [_root(), _tool(artifact)])) == [
        ("d2", "Shipping takes 3 days.", None, None)
    ]


def test_an_artifact_that_is_no_documents_gives_no_passages(tmp_path: Path) -> None:
    for artifact in ([1, 2], {"rows": 3}, None, [{"page_content": "no type"}]):
        assert import_one(tmp_path, [_root(), _tool(artifact)]).trace.passages == []


def test_a_retrieval_span_inside_the_tool_gives_its_documents_once(tmp_path: Path) -> None:
    artifact = [_document(i, t, s) for i, t, s in DOCS]
    retriever = {
        "openinference.span.kind": "RETRIEVER",
        "retrieval.documents.0.document.id": "d2",
        "retrieval.documents.0.document.content": "Shipping takes 3 days.",
        "retrieval.documents.0.document.score": 0.9,
        "retrieval.documents.1.document.id": "d1",
        "retrieval.documents.1.document.content": "Refunds take 30 days.",
        "retrieval.documents.1.document.score": 0.4,
    }
    spans = [_root(), _tool(artifact), _span(3, "retrieve", retriever, 2, 1.2)]
    assert [(p.id, p.score) for p in import_one(tmp_path, spans).trace.passages] == [
        ("d2", 0.9),
        ("d1", 0.4),
    ]

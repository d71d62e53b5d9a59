"""A Chroma query's hits as Langtrace's Chroma instrumentation records them.

langtrace-python-sdk (3.8.21) writes each hit of a ``chromadb.collection.query`` span as a
``db.chroma.query.result`` event with bare keys (``id``, ``distance``, ``metadata`` a
key-value list, ``document``): each is a passage, in event order, its score the distance as
written (the real export: tests/data/traces/langtrace/langtrace-chroma-rag-2026-12-07e).
Rule: `integrations/otel/_langtrace_chroma.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.trace import Passage
from tests.helpers.span_builders import import_one, span

TRACE = "c7" * 16
QUESTION = "How long does shipping take?"
ANSWER = "Orders ship within 2 business days."
LANGTRACE = {"langtrace.sdk.name": "langtrace-python-sdk", "langtrace.service.name": "Chroma"}


def _span(n: int, name: str, attrs: dict[str, Any], events: list[Any] | None = None) -> Any:
    parent = None if n == 1 else 1
    return span(
        n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=n + 0.5, events=events
    )


def _hit(name: str = "db.chroma.query.result", **fields: Any) -> dict[str, Any]:
    return {"name": name, "attributes": fields}


def _query(*hits: dict[str, Any], operation: str = "query") -> dict[str, Any]:
    attrs = {
        **LANGTRACE,
        "db.system": "chromadb",
        "db.operation": operation,
        "db.collection.name": "policies",
        "db.query": json.dumps({"query_texts": [QUESTION], "n_results": 2}),
    }
    return _span(2, f"chromadb.collection.{operation}", attrs, list(hits))


def _chat() -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": QUESTION}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": ANSWER}]),
    }
    return _span(3, "openai.chat.completions.create", attrs)


def _passages(tmp_path: Path, query: dict[str, Any]) -> list[Passage]:
    imported = import_one(tmp_path, [_span(1, "answer_question", {}), query, _chat()])
    assert imported.trace.output == ANSWER  # the run is read as before
    return imported.trace.passages


def test_chroma_hits_are_passages_in_their_order_scored_by_distance(tmp_path: Path) -> None:
    """Before, the events were not read: no passage."""
    passages = _passages(
        tmp_path,
        _query(
            _hit(
                id="doc-shipping",
                distance=1.42,
                metadata={"source": "shipping.md"},
                document="Shipping: 2 business days.",
            ),
            _hit(
                id="doc-warranty",
                distance=1.99,
                metadata="{'url': 'https://w'}",
                document="Warranty: one year.",
            ),
        ),
    )
    assert passages == [
        Passage(
            id="doc-shipping", text="Shipping: 2 business days.", source="shipping.md", score=1.42
        ),
        Passage(id="doc-warranty", text="Warranty: one year.", source="https://w", score=1.99),
    ]


def test_hits_with_no_document_text_give_no_passage(tmp_path: Path) -> None:
    """A hit without its document (a query that did not include documents), Langtrace's
    Pinecone ``db.query.match`` and Milvus ``db.search.match`` events: no passage."""
    pinecone = _hit("db.query.match", **{"db.query.match.id": "v1", "db.query.match.score": 0.9})
    milvus = _hit("db.search.match", id=1, distance="0.1", entity='{"text": "x"}')
    ids_only = _hit(id="doc-shipping", distance=1.42)
    assert _passages(tmp_path, _query(ids_only, pinecone, milvus)) == []


def test_the_add_span_stores_documents_and_retrieves_none(tmp_path: Path) -> None:
    added = {
        "ids": ["doc-shipping"],
        "documents": ["Shipping: 2 business days."],
        "metadatas": [{"source": "shipping.md"}],
    }
    query = _query(operation="add")
    query["attributes"]["db.query"] = json.dumps(added)
    assert _passages(tmp_path, query) == []


def test_hit_events_on_a_model_call_are_no_retrieval(tmp_path: Path) -> None:
    chat = _chat()
    chat["events"] = [_hit(id="d1", document="x", distance=0.1)]
    imported = import_one(tmp_path, [_span(1, "answer_question", {}), chat])
    assert imported.trace.passages == []
    assert imported.trace.output == ANSWER

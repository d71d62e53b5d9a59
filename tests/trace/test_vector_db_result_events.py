"""A vector store's query hits as OpenLLMetry's vector-DB instrumentations record them.

OpenLLMetry's ChromaDB instrumentation writes each hit of a ``chroma.query`` span as a
``db.query.result`` span event (``db.query.result.id``, ``.distance``, ``.metadata`` as JSON,
``.document``): each is a passage, in event order, its score the distance as written (the
real export: tests/data/traces/openllmetry/openllmetry-chromadb-rag-2026-12-07b). Its
Milvus instrumentation writes each search hit as a ``db.search.result`` event (``.id``,
``.distance`` as text, ``.entity`` a dict's Python repr): a passage where the entity has a
``text`` (openllmetry-milvus-rag-2026-12-07c). Its Pinecone instrumentation writes hits with
no document text, and its Qdrant one no event at all: neither gives a passage. Rule:
`integrations/otel/_vector_db_results.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.trace import Passage
from tests.helpers.span_builders import import_one, span

TRACE = "9d" * 16
QUESTION = "How long does shipping take?"
ANSWER = "Orders ship within 2 business days."


def _span(n: int, name: str, attrs: dict[str, Any], events: list[Any] | None = None) -> Any:
    parent = None if n == 1 else 1
    return span(
        n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=n + 0.5, events=events
    )


def _hit(**fields: Any) -> dict[str, Any]:
    return {
        "name": "db.query.result",
        "attributes": {f"db.query.result.{k}": v for k, v in fields.items()},
    }


def _chroma(*hits: dict[str, Any]) -> dict[str, Any]:
    attrs = {"db.system": "chroma", "db.operation": "query", "db.chroma.query.n_results": 2}
    return _span(2, "chroma.query", attrs, list(hits))


def _chat() -> dict[str, Any]:
    said = [{"role": "user", "parts": [{"type": "text", "content": QUESTION}]}]
    reply = [{"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}]
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(said),
        "gen_ai.output.messages": json.dumps(reply),
        "gen_ai.usage.input_tokens": 40,
        "gen_ai.usage.output_tokens": 8,
    }
    return _span(3, "openai.chat", attrs)


def _passages(tmp_path: Path, query: dict[str, Any]) -> list[Passage]:
    imported = import_one(tmp_path, [_span(1, "rag_query", {}), query, _chat()])
    assert imported.trace.output == ANSWER  # the run is read as before
    return imported.trace.passages


def test_chroma_hits_are_passages_in_their_order_scored_by_distance(tmp_path: Path) -> None:
    """Before, the events were not read: no passage."""
    passages = _passages(
        tmp_path,
        _chroma(
            _hit(
                id="doc-shipping",
                distance=0.54,
                metadata='{"source": "shipping.md"}',
                document="Shipping: 2 business days.",
            ),
            _hit(
                id="doc-warranty",
                distance=0.76,
                metadata='{"url": "https://w"}',
                document="Warranty: one year.",
            ),
        ),
    )
    assert passages == [
        Passage(
            id="doc-shipping", text="Shipping: 2 business days.", source="shipping.md", score=0.54
        ),
        Passage(id="doc-warranty", text="Warranty: one year.", source="https://w", score=0.76),
    ]


def test_a_hit_without_an_id_is_named_by_its_place(tmp_path: Path) -> None:
    passages = _passages(tmp_path, _chroma(_hit(document="a"), _hit(document="b")))
    assert [p.id for p in passages] == [f"{2:016x}:0", f"{2:016x}:1"]
    assert [(p.source, p.score) for p in passages] == [(None, None), (None, None)]


def test_hits_with_no_document_text_give_no_passage(tmp_path: Path) -> None:
    """Chroma asked not to include documents, Pinecone's hits (id, score, a metadata repr,
    the vector) and Milvus's search results whose entity has no ``text`` field: none says
    which text was retrieved, so none is made up."""
    pinecone = _hit(id="v1", score=0.9, metadata="{'text': 'Shipping: 2 days.'}", vector=[0.1])
    milvus = _milvus(7, "0.12", "{'doc_id': 'doc-shipping', 'title': 'Shipping'}")
    chroma_ids_only = _hit(id="doc-shipping", distance=0.54)
    assert _passages(tmp_path, _chroma(pinecone, milvus, chroma_ids_only)) == []


def _milvus(id: int, distance: str, entity: str) -> dict[str, Any]:
    return {
        "name": "db.search.result",
        "attributes": {
            "db.search.query.id": 0,
            "db.search.result.id": id,
            "db.search.result.distance": distance,
            "db.search.result.entity": entity,
        },
    }


def test_milvus_search_hits_are_passages_by_their_own_id(tmp_path: Path) -> None:
    """The id is the hit's (Milvus' primary key), not the entity's ``doc_id`` field; the
    score the distance, parsed from its text; the source the entity's ``source``."""
    hits = [
        _milvus(
            2,
            "0.45",
            "{'doc_id': 'doc-shipping', 'text': 'Ships in 2 days.', 'source': 'shipping.md'}",
        ),
        _milvus(3, "0.23", '{"text": "One-year warranty."}'),
    ]
    attrs = {"db.system": "milvus", "db.operation": "search", "db.milvus.search.limit": 2}
    passages = _passages(tmp_path, _span(2, "milvus.search", attrs, hits))
    assert passages == [
        Passage(id="2", text="Ships in 2 days.", source="shipping.md", score=0.45),
        Passage(id="3", text="One-year warranty.", source=None, score=0.23),
    ]


def test_a_query_span_with_no_result_event_gives_no_passage(tmp_path: Path) -> None:
    """OpenLLMetry's Qdrant instrumentation records the collection and top-k only."""
    qdrant = _span(
        2,
        "qdrant.query_points",
        {
            "db.system": "Qdrant",
            "qdrant.search.collection_name": "policies",
            "db.vector.query.top_k": 2,
        },
    )
    assert _passages(tmp_path, qdrant) == []


def test_result_events_on_a_model_call_are_no_retrieval(tmp_path: Path) -> None:
    """A span that is something else keeps its reading: the events are read only on a span
    no convention makes a model call, tool or run."""
    chat = _chat()
    chat["events"] = [_hit(id="d1", document="x")]
    imported = import_one(tmp_path, [_span(1, "rag_query", {}), chat])
    assert imported.trace.passages == []
    assert imported.trace.output == ANSWER

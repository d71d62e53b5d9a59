"""The hits of a Chroma query as Langtrace's Chroma instrumentation records them.

langtrace-python-sdk (3.8.21) makes a span of each call to a Chroma collection (scope
``langtrace_python_sdk.instrumentation.chroma.instrumentation``, named
``chromadb.collection.<method>``: ``add``, ``query``, ``get``, ``peek``...; ``db.system``
``chromadb``, ``db.operation`` the method, the call's arguments as ``db.query``) and writes
no ``gen_ai.*`` key there. Of a ``query`` it records what Chroma returned for the first query
text as one span event per hit, named ``db.chroma.query.result`` (its own name, not the
``db.query.result`` of OpenLLMetry's vector-DB instrumentations, `._vector_db_results`), whose
attributes are the hit's fields under bare keys: ``id``, ``distance``, ``metadata`` (the
hit's metadata as an OTLP key-value list; written with another SDK, JSON or a dict's repr)
and ``document`` (the stored text), in the order Chroma returned them, nearest first.

Such an event that carries its document's text is a retrieved document, a passage of the
span (D14), read as OpenLLMetry's Chroma hit is: ``id`` its ``id`` (else
``<span id>:<index>``), ``text`` the document, ``source`` its metadata's ``source``, ``url``
or ``file_path``, ``score`` its ``distance`` as written, the only number Chroma gives, not
turned into a similarity (lower is nearer). An event without a document's text (a query
that did not ``include`` documents) gives none; the ``add`` span's ``db.query`` lists what
was stored, not what a retrieval returned: no passage.
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage
from .._document_passages import document_passage, named_source
from .._spans import Span
from ._vector_db_results import hit_metadata

__all__ = ["chroma_query_passages"]

_EVENT = "db.chroma.query.result"


def chroma_query_passages(span: Span) -> list[Passage]:
    """The documents a span's ``db.chroma.query.result`` events record, in order, as passages.

    Examples:
        >>> hit = {"name": "db.chroma.query.result", "attributes": {
        ...     "id": "doc-1", "distance": 1.42, "metadata": {"source": "a.md"},
        ...     "document": "Ships in 2 days."}}
        >>> span = Span("t", "s1", None, "chromadb.collection.query", 1, 2, "ok", None,
        ...             {"db.system": "chromadb"}, events=[hit])
        >>> chroma_query_passages(span)
        [Passage(id='doc-1', text='Ships in 2 days.', source='a.md', score=1.42)]

        A hit with no document's text gives none; so do OpenLLMetry's ``db.query.result``
        events (read by `._vector_db_results`), Langtrace's Pinecone ``db.query.match``
        events, and a model call's events with the same bare keys:

        >>> no_text = {"name": "db.chroma.query.result", "attributes": {"id": "doc-2",
        ...                                                            "distance": 0.3}}
        >>> openllmetry = {"name": "db.query.result", "attributes": {
        ...     "db.query.result.id": "doc-1", "db.query.result.document": "Ships."}}
        >>> pinecone = {"name": "db.query.match", "attributes": {
        ...     "db.query.match.id": "v1", "db.query.match.score": 0.9}}
        >>> choice = {"name": "gen_ai.choice", "attributes": {"id": "c1", "document": "x"}}
        >>> chroma_query_passages(Span("t", "s2", None, "x", 1, 2, "ok", None, {},
        ...                            events=[no_text, openllmetry, pinecone, choice]))
        []
    """
    hits = [e.get("attributes") for e in span.events if e.get("name") == _EVENT]
    # a hit with no id is named by its place among the span's hits
    found = (_passage(span.span_id, i, a) for i, a in enumerate(hits) if isinstance(a, dict))
    return [passage for passage in found if passage is not None]


def _passage(span_id: str, index: int, attrs: dict[str, Any]) -> Passage | None:
    """One hit as a passage; None without its document's text.

    Examples:
        >>> _passage("s1", 1, {"document": "a", "distance": "0.1",
        ...                    "metadata": "{'url': 'https://a', 'page': 2}"})
        Passage(id='s1:1', text='a', source='https://a', score=0.1)
        >>> _passage("s1", 0, {"id": "doc-1", "distance": 0.1}) is None
        True
    """
    text = attrs.get("document")
    if not isinstance(text, str):
        return None
    return document_passage(
        span_id,
        index,
        id=attrs.get("id"),
        text=text,
        source=named_source(hit_metadata(attrs.get("metadata"))),
        score=attrs.get("distance"),
    )

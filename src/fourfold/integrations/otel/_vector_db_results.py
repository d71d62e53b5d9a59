"""The hits of a vector store's query as OpenLLMetry's vector-DB instrumentations record them.

OpenLLMetry (``opentelemetry-instrumentation-<store>``, 0.62) makes a span of each call to a
vector store's client (``chroma.query``, ``pinecone.query``, ``qdrant.query_points``...,
``db.system`` the store) and writes no ``gen_ai.*`` key there: no operation, no
``gen_ai.retrieval.documents``. What the query returned, where it is recorded at all, is one
span event per hit, named by its semantic conventions for AI (``Events.DB_QUERY_RESULT``,
``db.query.result``), its attributes ``db.query.result.<field>``:

- ChromaDB's ``query`` (and its segment API's): per query text, per hit, ``id``, ``distance``,
  ``metadata`` (the hit's metadata as JSON text) and ``document`` (the stored text), in the
  order Chroma returned them, nearest first;
- Pinecone's ``query``: ``id``, ``score``, ``metadata`` (written with ``str()``, a Python repr)
  and ``vector``, no ``document``: a Pinecone index stores no text of its own (an application
  puts it somewhere in the metadata, under a key of its choosing);
- Milvus's ``search`` (0.60) writes ``db.search.result`` events (``db.search.result.id``,
  Milvus' primary key, ``.distance`` as text, ``.entity`` the output fields the search asked
  for, written with ``str()``: a dict's Python repr) and its ``query`` the entity's own fields
  as the event's attributes; Marqo's ``search`` the hit itself (``_id``, ``_score``, the
  document's fields): no key of the convention names the document's text;
- Qdrant, LanceDB and Weaviate write no result event (the corpus's
  ``openllmetry-qdrant-rag``: a ``qdrant.query_points`` span with the collection and top-k
  only, so no passage).

A ``db.query.result`` event that carries its document's text (``db.query.result.document``)
is a retrieved document, a passage of the span (D14): ``id`` its ``db.query.result.id``
(else ``<span id>:<index>``), ``text`` the document, ``source`` its metadata's ``source``,
``url`` or ``file_path`` (JSON, or a Python repr), ``score`` its ``db.query.result.score``,
else its ``db.query.result.distance``, as written: the only number the store gives, not
turned into a similarity (a distance: lower is nearer). An event without a document's text,
and every other event, gives none: no text is made up from fields the convention does not
name.

Milvus's search hit is read the same way where its entity has a ``text`` field (pymilvus'
``MilvusClient`` guides and LangChain's and LlamaIndex's Milvus stores all keep the chunk's
text under ``text``): ``id`` its ``db.search.result.id`` (the hit's own id, not a stored
field of the entity such as an application's ``doc_id``), ``text`` the entity's ``text``,
``source`` the entity's ``source``, ``url`` or ``file_path``, ``score`` its
``db.search.result.distance`` as written (Milvus' "distance" is the metric's value: a
similarity for IP and cosine, highest first). An entity with no ``text`` gives none.
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage
from .._document_passages import document_passage, named_source
from .._messages import try_json
from .._spans import Span
from ._model_str import python_dict

__all__ = ["hit_metadata", "query_result_passages"]

_EVENT = "db.query.result"
_PREFIX = _EVENT + "."
_SEARCH_EVENT = "db.search.result"
_SEARCH = _SEARCH_EVENT + "."


def query_result_passages(span: Span) -> list[Passage]:
    """The documents a span's ``db.query.result`` events record, in event order, as passages.

    Examples:
        >>> hit = {"name": "db.query.result", "attributes": {
        ...     "db.query.result.id": "doc-1", "db.query.result.distance": 0.54,
        ...     "db.query.result.metadata": '{"source": "a.md"}',
        ...     "db.query.result.document": "Ships in 2 days."}}
        >>> span = Span("t", "s1", None, "chroma.query", 1, 2, "ok", None,
        ...             {"db.system": "chroma"}, events=[hit])
        >>> query_result_passages(span)
        [Passage(id='doc-1', text='Ships in 2 days.', source='a.md', score=0.54)]

        Milvus's search hits, the entity a dict's repr:

        >>> milvus = {"name": "db.search.result", "attributes": {
        ...     "db.search.result.id": 2, "db.search.result.distance": "0.45",
        ...     "db.search.result.entity": "{'doc_id': 'd-2', 'text': 'Ships in 2 days.',"
        ...                                " 'source': 'a.md'}"}}
        >>> query_result_passages(Span("t", "s4", None, "milvus.search", 1, 2, "ok", None,
        ...                            {"db.system": "milvus"}, events=[milvus]))
        [Passage(id='2', text='Ships in 2 days.', source='a.md', score=0.45)]

        Pinecone's hits (an id, a score and a metadata repr, no document) give none; nor do
        Milvus's hits whose entity has no ``text``, nor any other span's events:

        >>> pinecone = {"name": "db.query.result", "attributes": {
        ...     "db.query.result.id": "v1", "db.query.result.score": 0.9,
        ...     "db.query.result.metadata": "{'text': 'Ships in 2 days.'}"}}
        >>> no_text = {"name": "db.search.result", "attributes": {
        ...     "db.search.result.id": 1, "db.search.result.distance": "0.1",
        ...     "db.search.result.entity": "{'doc_id': 'd-1', 'title': 'Shipping'}"}}
        >>> query_result_passages(Span("t", "s2", None, "pinecone.query", 1, 2, "ok", None,
        ...                            {}, events=[pinecone, no_text]))
        []
        >>> query_result_passages(Span("t", "s3", None, "openai.chat", 1, 2, "ok", None, {},
        ...     events=[{"name": "gen_ai.choice", "attributes": {"document": "x"}}]))
        []
    """
    hits = [
        (e.get("name"), e.get("attributes"))
        for e in span.events
        if e.get("name") in (_EVENT, _SEARCH_EVENT)
    ]
    # a hit with no id is named by its place among the span's hits
    found = (
        _passage(span.span_id, i, a) if name == _EVENT else _search_passage(span.span_id, i, a)
        for i, (name, a) in enumerate(hits)
        if isinstance(a, dict)
    )
    return [passage for passage in found if passage is not None]


def _search_passage(span_id: str, index: int, attrs: dict[str, Any]) -> Passage | None:
    """One Milvus search hit as a passage; None unless its entity has a ``text``.

    Examples:
        >>> _search_passage("s1", 0, {"db.search.result.entity": '{"text": "a", "url": "u"}'})
        Passage(id='s1:0', text='a', source='u', score=None)
        >>> _search_passage("s1", 0, {"db.search.result.id": 1,
        ...                          "db.search.result.entity": "{'text': 3}"}) is None
        True
    """
    entity = hit_metadata(attrs.get(_SEARCH + "entity"))
    text = entity.get("text")
    if not isinstance(text, str):
        return None
    return document_passage(
        span_id,
        index,
        id=attrs.get(_SEARCH + "id"),
        text=text,
        source=named_source(entity),
        score=attrs.get(_SEARCH + "distance"),
    )


def _passage(span_id: str, index: int, attrs: dict[str, Any]) -> Passage | None:
    """One hit as a passage; None without its document's text.

    The score is ``score`` where the store gives one, else the ``distance``, as written.

    Examples:
        >>> _passage("s1", 1, {"db.query.result.document": "a", "db.query.result.score": 0.9,
        ...     "db.query.result.distance": 0.1,
        ...     "db.query.result.metadata": "{'url': 'https://a', 'page': 2}"})
        Passage(id='s1:1', text='a', source='https://a', score=0.9)
        >>> _passage("s1", 0, {"db.query.result.id": "doc-1", "db.query.result.document": ""})
        Passage(id='doc-1', text='', source=None, score=None)
        >>> _passage("s1", 0, {"db.query.result.id": "doc-1"}) is None
        True
    """
    text = attrs.get(_PREFIX + "document")
    if not isinstance(text, str):
        return None
    score = attrs.get(_PREFIX + "score")
    if score is None:
        score = attrs.get(_PREFIX + "distance")
    return document_passage(
        span_id,
        index,
        id=attrs.get(_PREFIX + "id"),
        text=text,
        source=named_source(hit_metadata(attrs.get(_PREFIX + "metadata"))),
        score=score,
    )


def hit_metadata(raw: Any) -> dict[str, Any]:
    """A hit's metadata or entity: JSON (Chroma's) or a dict's repr (Pinecone's, Milvus'), else {}.

    A mapping as it is (an OTLP key-value list, decoded: Langtrace's Chroma hits).

    Examples:
        >>> hit_metadata('{"source": "a.md"}'), hit_metadata("{'source': 'b.md'}")
        ({'source': 'a.md'}, {'source': 'b.md'})
        >>> hit_metadata({"source": "c.md"}), hit_metadata("x")
        ({'source': 'c.md'}, {})
    """
    parsed = try_json(raw) if isinstance(raw, str) else raw
    if isinstance(parsed, dict):
        return parsed
    return python_dict(raw) or {}

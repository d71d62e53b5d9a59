"""LangWatch's ``rag`` span: the retrieval, its RAG contexts the passages it returned.

LangWatch's SDKs type a retrieval's span ``rag`` (the Python SDK's ``@langwatch.span(type=
"rag")`` and its DSPy ``Retrieve`` and LangChain retriever autotracking; the TypeScript SDK's
LangChain callback's retriever) and write what it retrieved as its RAG contexts, LangWatch's
documented ``RAGChunk``: ``{document_id, chunk_id, content}`` (each optional but the
content, a text or a JSON value; the Python SDK writes a list of texts as ``{content}``
each), the JSON text of their list in ``langwatch.rag_contexts`` (the Python SDK's key, the
TypeScript SDK's before 0.16) or ``langwatch.rag.contexts`` (the TypeScript SDK's semantic
conventions). Each context is a passage, in order (`rag_retrieval`):

- its id the ``document_id``, the document's own (a ``chunk_id`` names the chunk, not the
  document), else ``<span id>:<index>`` (`.._document_passages`);
- its text the ``content`` (a JSON value as its JSON text);
- its source and score the document's own, which a context does not carry: those of the
  same document in the span's output (``langwatch.output``: what the retrieval returned,
  the application's ``[{id, text, source}]`` or LangChain's ``Document`` s), the one of the
  same id (for a context with no id, the one of the same text); none when the output holds no
  such document.

A span of another type, or a ``rag`` span with no contexts, retrieved nothing here: its
output alone is not read as passages (what it holds is the application's).
"""

from __future__ import annotations

import json
from typing import Any

from ...trace import Passage
from .._document_passages import document_passage, text_documents
from .._messages import try_json
from .._passages import Retrieval
from .._spans import Span
from ._langchain_documents import document_passages
from ._langwatch_values import value_json

__all__ = ["rag_retrieval"]

_CONTEXT_KEYS = ("langwatch.rag_contexts", "langwatch.rag.contexts")
_OUTPUT = "langwatch.output"


def rag_retrieval(span: Span) -> Retrieval | None:
    """A ``rag`` span's retrieval, its contexts as passages; None when it records none.

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s1", "p", "search_policies", 0, 1, "unset", None, attrs)
        >>> contexts = json.dumps([{"document_id": "doc-ship", "chunk_id": "doc-ship#0",
        ...     "content": "Ships in 2 days."}, {"chunk_id": "c2", "content": "Refunds: 30 days."}])
        >>> output = json.dumps({"type": "json", "value": [{"id": "doc-ship", "text":
        ...     "Ships in 2 days.", "source": "policies/shipping.md"}, {"id": "doc-refund",
        ...     "text": "Refunds: 30 days.", "source": "policies/refunds.md", "score": 0.4}]})
        >>> found = rag_retrieval(span(**{"langwatch.rag_contexts": contexts,
        ...     "langwatch.output": output}))
        >>> [(p.id, p.text, p.source, p.score) for p in found.passages]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('doc-ship', 'Ships in 2 days.', 'policies/shipping.md', None),
         ('s1:1', 'Refunds: 30 days.', 'policies/refunds.md', 0.4)]

        The TypeScript SDK's key, and the Python SDK's texts; no output, no source:

        >>> found = rag_retrieval(span(**{"langwatch.rag.contexts": json.dumps([{"content":
        ...     "Ships in 2 days."}, {"content": {"rows": 2}}])}))
        >>> [(p.id, p.text, p.source) for p in found.passages]
        [('s1:0', 'Ships in 2 days.', None), ('s1:1', '{"rows": 2}', None)]

        An output document of another id gives no source, even of the same text; no contexts
        (an empty list, an item with no content), no retrieval:

        >>> found = rag_retrieval(span(**{"langwatch.rag_contexts": json.dumps([
        ...     {"document_id": "a", "content": "x"}]), "langwatch.output": json.dumps({
        ...     "type": "json", "value": [{"id": "b", "text": "x", "source": "b.md"}]})}))
        >>> found.passages[0].source is None
        True
        >>> rag_retrieval(span(**{"langwatch.output": output})), rag_retrieval(span(**{
        ...     "langwatch.rag_contexts": "[]"})), rag_retrieval(span(**{
        ...     "langwatch.rag_contexts": '[{"document_id": "a"}]'}))
        (None, None, None)
    """
    contexts = _contexts(span)
    if not contexts:
        return None
    output = value_json(span.attributes.get(_OUTPUT))
    if isinstance(output, dict):
        output = output.get("documents")
    returned = document_passages(output, span.span_id) or text_documents(output, span.span_id)
    passages = []
    for index, context in enumerate(contexts):
        given = context.get("document_id")
        known = str(given) if given not in (None, "") else None
        text = _text(context["content"])
        same = _same(returned, known, text)
        passages.append(
            document_passage(
                span.span_id,
                index,
                id=known,
                text=text,
                source=same.source if same else None,
                score=same.score if same else None,
            )
        )
    return Retrieval(span, passages)


def _contexts(span: Span) -> list[dict[str, Any]]:
    """The span's RAG contexts, each with a content; none unless every item has one."""
    raw = next((span.attributes[k] for k in _CONTEXT_KEYS if k in span.attributes), None)
    found = try_json(raw)
    if not isinstance(found, list) or not all(
        isinstance(c, dict) and c.get("content") is not None for c in found
    ):
        return []
    return found


def _text(content: Any) -> str:
    """A context's content as text: a text as it is, a JSON value as its JSON text."""
    return content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)


def _same(returned: list[Passage], known: str | None, text: str) -> Passage | None:
    """The returned document `known` names, else, with no id, the one of the same `text`."""
    if known is not None:
        return next((p for p in returned if p.id == known), None)
    return next((p for p in returned if p.text == text), None)

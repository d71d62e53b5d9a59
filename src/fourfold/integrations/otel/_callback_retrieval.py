"""A LangChain retriever's run as OpenLLMetry's LangChain instrumentation records it.

opentelemetry-instrumentation-langchain (0.62) writes a retriever's run as a span whose
``gen_ai.operation.name`` is ``vector_db_retrieve`` (named ``vector_db_retrieve
<Retriever>``), its ``traceloop.entity.output`` (and ``gen_ai.task.output``) the callback's
record of what it returned: ``{"documents": [{"page_content", "metadata"}], "count": n}``.
Each document is a passage, in that order: its text ``page_content``, its source the
metadata's ``source`` (else ``url``, ``file_path``), its score the metadata's ``score`` (or
``relevance_score``) when a retriever put one there. The record keeps no ``Document.id``: a
document without one is named by the span's id and its place (``<span id>:<index>``, D14).
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage
from .._messages import try_json
from .._spans import Span
from ._langchain_documents import document_passages

__all__ = ["RETRIEVE_OPERATION", "callback_passages"]

RETRIEVE_OPERATION = "vector_db_retrieve"
_OUTPUT_KEYS = ("traceloop.entity.output", "gen_ai.task.output")


def callback_passages(span: Span) -> list[Passage]:
    """The documents a ``vector_db_retrieve`` span's record says the retriever returned.

    Examples:
        >>> record = {"documents": [{"page_content": "Ships in 2 days.",
        ...     "metadata": {"source": "shipping.md"}}], "count": 1}
        >>> span = Span("t", "ab12", None, "vector_db_retrieve R", 0, 1, "ok", None, {
        ...     "gen_ai.operation.name": "vector_db_retrieve", "traceloop.entity.output": record})
        >>> [(p.id, p.text, p.source, p.score) for p in callback_passages(span)]
        [('ab12:0', 'Ships in 2 days.', 'shipping.md', None)]
        >>> callback_passages(Span("t", "s", None, "x", 0, 1, "ok", None, {
        ...     "traceloop.entity.output": '{"outputs": "Ships in 2 days."}'}))
        []
    """
    record: Any = None
    for key in _OUTPUT_KEYS:
        record = try_json(span.attributes.get(key))
        if isinstance(record, dict):
            break
    documents = record.get("documents") if isinstance(record, dict) else None
    return document_passages(documents, span.span_id)

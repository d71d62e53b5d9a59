"""LangChain ``Document``s as passages, however a tracer recorded the retriever's run.

A LangChain retriever returns ``Document``s (``{id, page_content, metadata}``), and the
tracers that follow LangChain's callbacks write them as they are: LangSmith's run output,
Langfuse's ``retriever`` observation, OpenLLMetry's ``vector_db_retrieve`` record. Each
document is a passage, in order: its text ``page_content``; its id its own, else the span's
id and its place (``<span id>:<index>``, D14); its source the metadata's ``source`` (else
``url``, ``file_path``); its score the metadata's ``score`` (else ``relevance_score``) when a
retriever put one there. An item without text is no document.
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage
from .._document_passages import document_passage, named_source

__all__ = ["document_passages"]

_SCORE_KEYS = ("score", "relevance_score")


def document_passages(documents: Any, span_id: str) -> list[Passage]:
    """The passages `documents` (a list of serialised ``Document``s) gives, for span `span_id`.

    Examples:
        >>> docs = [{"page_content": "Ships in 2 days.", "metadata": {"source": "a.md"}},
        ...     {"id": "d2", "page_content": "Refunds in 5.", "metadata": {"score": 0.5}},
        ...     {"metadata": {}}]
        >>> [(p.id, p.source, p.score) for p in document_passages(docs, "ab12")]
        [('ab12:0', 'a.md', None), ('d2', None, 0.5)]
        >>> document_passages({"documents": []}, "ab12")
        []
    """
    out: list[Passage] = []
    for index, document in enumerate(documents if isinstance(documents, list) else []):
        if not isinstance(document, dict) or not isinstance(document.get("page_content"), str):
            continue
        meta = document.get("metadata")
        meta = meta if isinstance(meta, dict) else {}
        source = named_source(meta)
        score = next((meta[k] for k in _SCORE_KEYS if meta.get(k) is not None), None)
        known = document.get("id")
        out.append(
            document_passage(
                span_id, index, id=known, text=document["page_content"], source=source, score=score
            )
        )
    return out

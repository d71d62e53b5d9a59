"""The documents Mastra's vector query tool found, as passages: its result's ``sources``.

@mastra/rag 2.6's ``createVectorQueryTool`` (Mastra 1.x, @mastra/core 1.71.0, written by
@mastra/otel-exporter 1.4.0) runs as an ``execute_tool <id>`` span (``mastra.span.type``
``tool_call``) whose children say nothing of what was found: ``rag_embedding`` the query's
vector size, ``rag_vector_operation`` only ``{"topK": 2}`` → ``{"returned": 2}``. The
documents are in the tool's result, ``gen_ai.tool.call.result``:
``{"relevantContext": [<metadata>...], "sources": [{id, metadata, score, vector, document}]}``,
the vector store's matches in its order. Each source is a passage at the tool span (D14): its
``id``; its text ``metadata.text`` (the chunk as upserted; ``document`` is empty unless the
store keeps one, then that); its source ``metadata.source``, ``url`` or ``file_path``; its
``score`` as written. The result stays the tool's, as the model got it.

Only a Mastra ``tool_call`` span whose result has both keys is read so: another tool
returning ``sources`` (or another framework's) is no retrieval.
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage
from .._document_passages import document_passage, named_source
from .._messages import try_json

__all__ = ["vector_query_sources"]

_TOOL_CALL = "tool_call"
"""Mastra's span type for a tool of the application's own (``mastra.span.type``)."""


def vector_query_sources(attrs: dict[str, Any], span_id: str) -> list[Passage]:
    """The sources of a Mastra vector query tool's result (`span_id` its span's); [] for any other.

    Examples:
        >>> said = ('{"relevantContext": [{"text": "Ships in 2 days."}], "sources": [{"id": '
        ...     '"d1", "metadata": {"text": "Ships in 2 days.", "source": "a.md"}, '
        ...     '"score": 0.9, "document": ""}, {"metadata": {"text": "Refunds in 5."}}]}')
        >>> for p in vector_query_sources({"mastra.span.type": "tool_call",
        ...         "gen_ai.tool.call.result": said}, "s1"):
        ...     print(p.id, p.text, p.source, p.score)
        d1 Ships in 2 days. a.md 0.9
        s1:1 Refunds in 5. None None
        >>> vector_query_sources({"gen_ai.tool.call.result": said}, "s1")
        []
        >>> vector_query_sources({"mastra.span.type": "tool_call",
        ...     "gen_ai.tool.call.result": '{"sources": ["a.md"]}'}, "s1")
        []
    """
    if attrs.get("mastra.span.type") != _TOOL_CALL:
        return []
    result = try_json(attrs.get("gen_ai.tool.call.result"))
    if not isinstance(result, dict) or "relevantContext" not in result:
        return []
    sources = result.get("sources")
    found = [
        _passage(span_id, i, s)
        for i, s in enumerate(sources if isinstance(sources, list) else [])
        if isinstance(s, dict)
    ]
    return [p for p in found if p is not None]


def _passage(span_id: str, index: int, source: dict[str, Any]) -> Passage | None:
    meta = source.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    text = meta.get("text") if isinstance(meta.get("text"), str) else source.get("document")
    if not isinstance(text, str) or not text:
        return None
    where = named_source(meta)
    named = source.get("id")
    return document_passage(
        span_id, index, id=named, text=text, source=where, score=source.get("score")
    )

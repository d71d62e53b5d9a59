"""Retrieved documents as a span's recorded output: LlamaIndex's ``NodeWithScore`` records.

OpenLLMetry's LlamaIndex instrumentation (opentelemetry-instrumentation-llamaindex) writes
every LlamaIndex call it wraps as a ``task`` span whose ``traceloop.entity.output`` is the
call's return value as JSON, and marks no span a retriever: a retriever's ``retrieve`` (and
its ``_retrieve`` inside it) returns a list of ``NodeWithScore``, each serialised to JSON
text of its own (``{"node": {"id_", "text", "metadata", ...}, "score", "class_name":
"NodeWithScore"}``). Such an output is what was retrieved: each node a passage (its ``id_``,
its text, its metadata's source, its score). Nothing else is: the synthesiser's input holds
the same nodes, but as what it was given, not what it returned. LlamaIndex's own
OpenTelemetry integration records a retrieval's ``NodeWithScore`` records as its
``RetrievalEndEvent``'s ``nodes`` (`._llamaindex_otel`), read the same way (`record_passages`).
"""

from __future__ import annotations

import json
from typing import Any

from ...trace import Passage
from .._document_passages import SOURCE_KEYS, document_passage, named_source
from .._spans import Span

__all__ = ["node_passages", "record_passages"]

_OUTPUT = "traceloop.entity.output"


def node_passages(span: Span) -> list[Passage]:
    """The passages a span returned as ``NodeWithScore`` records; [] when it returned none.

    Examples:
        >>> node = {"id_": "doc-1", "text": "Ships in 2 days.", "metadata": {"source": "faq"}}
        >>> record = json.dumps({"node": node, "score": 0.8, "class_name": "NodeWithScore"})
        >>> span = Span("t", "s", None, "VectorIndexRetriever.task", 0, 1, "ok", None,
        ...     {"traceloop.entity.output": json.dumps([record])})
        >>> [(p.id, p.text, p.source, p.score) for p in node_passages(span)]
        [('doc-1', 'Ships in 2 days.', 'faq', 0.8)]
        >>> node_passages(Span("t", "s", None, "x", 0, 1, "ok", None,
        ...     {"traceloop.entity.output": '["a", 1, null]'}))
        []
    """
    raw = span.attributes.get(_OUTPUT)
    return record_passages(span, raw) if isinstance(raw, str) else []


def record_passages(span: Span, raw: Any) -> list[Passage]:
    """The passages of `raw`, a list of ``NodeWithScore`` records (or its JSON), at `span`.

    [] when `raw` is no such list (a list of anything else, or of nodes mixed with it).

    Examples:
        >>> record = {"node": {"id_": "d1", "text": "Ships."}, "score": 0.5,
        ...     "class_name": "NodeWithScore"}
        >>> span = Span("t", "s", None, "VectorIndexRetriever.retrieve", 0, 1, "ok", None, {})
        >>> [(p.id, p.score) for p in record_passages(span, json.dumps([record]))]
        [('d1', 0.5)]
        >>> record_passages(span, [record, "text"]), record_passages(span, "[]")
        ([], [])
    """
    records = _json(raw)
    if not isinstance(records, list) or not records:
        return []
    nodes = [_node_with_score(r) for r in records]
    if any(n is None for n in nodes):
        return []  # a list of something else, or of nodes mixed with it: no retrieval
    out = []
    for i, found in enumerate(nodes):
        assert found is not None
        node, score = found
        out.append(_passage(span, i, node, score))
    return out


def _json(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        return None


def _node_with_score(record: Any) -> tuple[dict[str, Any], Any] | None:
    """(node, score) of one ``NodeWithScore`` record (a mapping, or JSON text of one)."""
    record = _json(record)
    if not isinstance(record, dict) or record.get("class_name") != "NodeWithScore":
        return None
    node = record.get("node")
    if not isinstance(node, dict) or _text(node) is None:
        return None
    return node, record.get("score")


def _text(node: dict[str, Any]) -> str | None:
    text = node.get("text")
    if isinstance(text, str):
        return text
    resource = node.get("text_resource")
    inner = resource.get("text") if isinstance(resource, dict) else None
    return inner if isinstance(inner, str) else None


def _passage(span: Span, index: int, node: dict[str, Any], score: Any) -> Passage:
    meta = node.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    source = named_source(meta, (*SOURCE_KEYS, "file_name"))
    node_id = node.get("id_")
    return document_passage(
        span.span_id,
        index,
        id=node_id if isinstance(node_id, str) else None,
        text=_text(node) or "",
        source=source,
        score=score,
    )

"""The retrieved documents a pipeline's result holds, when no retrieval span gives them (D14).

A Haystack pipeline returns its result by component (``{"retriever": {"documents": [...]},
"llm": {"replies": [...]}}``: each component's outputs that no other component received, and
those of the components named in ``include_outputs_from``). A tracer that records no span of
the retriever (OpenLLMetry's Haystack instrumentation wraps only ``Pipeline.run`` and the
generators) still records that result as the pipeline span's output, and the documents in it
are the retrieved documents: a component's ``documents`` output, Haystack ``Document`` dicts
with an ``id``, a ``content`` text and a ``score``. A score is what retrieval gives a document
(a retriever's relevance, a ranker's); a converter's, cleaner's or splitter's documents (an
indexing pipeline's) have none and are no passages. Only outputs are in a result: a prompt
builder's ``documents`` are its input, never there. Each such document is a passage (`id` the
document's, `text` its content, `source` the metadata's ``source``, ``url`` or ``file_path``,
`score` its score), in the result's order, each once.
"""

from __future__ import annotations

import json
from typing import Any

from ..trace import Passage
from ._document_passages import document_passage, named_source

__all__ = ["haystack_passage", "result_passages"]


def result_passages(value: Any) -> list[Passage]:
    """The retrieved documents in a pipeline's result by component, as passages.

    Examples:
        >>> doc = {"id": "d1", "content": "Ships in 2 days.", "score": 1.5,
        ...        "meta": {"source": "policies/shipping.md"}}
        >>> [p.id for p in result_passages({"retriever": {"documents": [doc]}})]
        ['d1']
        >>> result_passages({"splitter": {"documents": [{**doc, "score": None}]}})
        []
        >>> result_passages({"documents": [doc]})  # not a result by component
        []
        >>> [p.score for p in result_passages(json.dumps({"ranker": {"documents": [doc]}}))]
        [1.5]
    """
    if isinstance(value, str) and value.startswith("{"):
        try:
            value = json.loads(value)  # the result as its JSON text (traceloop's entity output)
        except ValueError:
            return []
    if not isinstance(value, dict):
        return []
    out: list[Passage] = []
    for outputs in value.values():
        documents = outputs.get("documents") if isinstance(outputs, dict) else None
        if not isinstance(documents, list) or not documents:
            continue
        found = [_passage(d) for d in documents]
        seen = {(p.id, p.text) for p in out}
        if all(p is not None for p in found):
            out.extend(p for p in found if p is not None and (p.id, p.text) not in seen)
    return out


def _passage(document: Any) -> Passage | None:
    """A retrieved Haystack ``Document`` dict as a passage; None for anything else."""
    if not isinstance(document, dict):
        return None
    doc_id, content, score = document.get("id"), document.get("content"), document.get("score")
    if not isinstance(doc_id, str) or not doc_id or not isinstance(content, str):
        return None
    if not isinstance(score, int | float) or isinstance(score, bool):
        return None
    return haystack_passage(document, doc_id)


def haystack_passage(document: dict[str, Any], fallback_id: str) -> Passage:
    """A Haystack ``Document`` dict as a passage.

    Its id (else `fallback_id`), its content, the source its metadata names (``source``,
    ``url``, ``file_path``; at the top level where Haystack's tracer flattens the metadata),
    its score when it has one.

    Examples:
        >>> doc = {"id": "d1", "content": "Ships in 2 days.", "score": 1.5,
        ...        "meta": {"source": "policies/shipping.md"}}
        >>> haystack_passage(doc, "s:0").source, haystack_passage({"content": "x"}, "s:0").id
        ('policies/shipping.md', 's:0')
    """
    meta = document.get("meta")
    where = meta if isinstance(meta, dict) else document
    source = named_source(where)
    content, score = document.get("content"), document.get("score")
    return document_passage(
        "",
        0,
        id=document.get("id") or fallback_id,
        text=content if isinstance(content, str) else "",
        source=source,
        score=score,
    )

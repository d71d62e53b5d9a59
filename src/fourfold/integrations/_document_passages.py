"""A document a span recorded, as a passage: the contract's id, source and score rules, once.

Every reader of retrieved documents (OpenInference's ``retrieval.documents``, LangChain's and
LlamaIndex's documents and nodes, MLflow's, Haystack's, a tool's result, a hosted search's)
meets the same three questions, and answers them as tests/data/traces/README.md's ``passages``
row does: the document's own id, else ``<retrieval span id>:<index>``, its place in the span
(a handle to cite it by that says the trace gave none); its source as text when it has one;
its score when it is a finite number (a count written as text too), else none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..trace import Passage
from ._numbers import amount

__all__ = ["SOURCE_KEYS", "document_passage", "named_source", "text_documents"]

SOURCE_KEYS = ("source", "url", "file_path")
"""The metadata keys that name a document's source, in the contract's order."""


def document_passage(
    span_id: str, index: int, *, id: Any, text: str, source: Any = None, score: Any = None
) -> Passage:
    """Document number `index` of span `span_id` as a passage.

    Examples:
        >>> document_passage("s1", 0, id="doc-1", text="Ships in 2 days.", source="a.md",
        ...                  score="0.5")
        Passage(id='doc-1', text='Ships in 2 days.', source='a.md', score=0.5)
        >>> document_passage("s1", 2, id="", text="x", score=True)
        Passage(id='s1:2', text='x', source=None, score=None)
    """
    return Passage(
        id=str(id) if id not in (None, "") else f"{span_id}:{index}",
        text=text,
        source=str(source) if source not in (None, "") else None,
        score=amount(score),
    )


def named_source(meta: Mapping[str, Any], keys: Sequence[str] = SOURCE_KEYS) -> Any:
    """The first of `keys` `meta` gives a value for (not null, not empty), else None.

    Examples:
        >>> named_source({"source": "", "url": "https://a"}), named_source({})
        ('https://a', None)
    """
    return next((meta[k] for k in keys if meta.get(k) not in (None, "")), None)


def text_documents(documents: Any, span_id: str) -> list[Passage]:
    """The documents an application's retrieval returned as plain objects, as passages.

    A retrieval the application writes itself (a Vercel AI SDK tool that embeds its query, a
    function Langfuse's ``@observe(as_type="retriever")`` decorates) returns its documents as
    the application shaped them, a list of ``{"id", "text", "source"...}`` objects: each is a
    passage, in order (`id` the document's, else ``<span_id>:<index>``; `text` its ``text``;
    `source` its ``source``, ``url`` or ``file_path``; `score` its ``score`` when a number).
    None unless every item is an object with a ``text``: a list of anything else is a result,
    not documents.

    Examples:
        >>> [p.id for p in text_documents([{"id": "d1", "text": "a"}, {"text": "b"}], "s1")]
        ['d1', 's1:1']
        >>> text_documents([{"id": "d1", "text": "a"}, "b"], "s1"), text_documents("sunny", "s1")
        ([], [])
    """
    if not isinstance(documents, list) or not documents:
        return []
    if not all(isinstance(d, dict) and isinstance(d.get("text"), str) for d in documents):
        return []
    return [
        document_passage(
            span_id,
            index,
            id=d.get("id"),
            text=d["text"],
            source=named_source(d),
            score=d.get("score"),
        )
        for index, d in enumerate(documents)
    ]

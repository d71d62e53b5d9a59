"""The model calls whose reply is the query a retrieval span asked after them.

A chat engine that condenses the follow-up and the history into a standalone question
before it retrieves (LlamaIndex 0.14's ``CondensePlusContextChatEngine``, its
``OpenAI.complete`` call right under the engine's span, the reply the retriever's
``input.value``): that call writes the retrieval's query, the retrieval's own work as a
reranker's scoring is (D16, `._passages.reranker_spans`), no turn of the conversation; its
tokens count.
"""

from __future__ import annotations

from collections.abc import Mapping

from ._passages import Retrieval
from ._spans import Span
from ._steps import ModelCall

__all__ = ["query_writers"]


def query_writers(ordered: list[Span], steps: Mapping[int, object]) -> set[int]:
    """The model calls a retrieval's query came from, as ``id(span)``.

    A call counts when its last assistant text is, stripped, the ``input.value`` of a
    retrieval span that started no earlier than it.
    """
    asked = [
        (span.start_ns or 0, str(span.attributes.get("input.value") or "").strip())
        for span in ordered
        if isinstance(steps[id(span)], Retrieval)
    ]
    out: set[int] = set()
    for span in ordered:
        step = steps[id(span)]
        if not isinstance(step, ModelCall):
            continue  # a model call's reply, nothing else's
        said = [
            m.content.strip()
            for m in step.outputs
            if m.role == "assistant" and isinstance(m.content, str)
        ]
        reply = said[-1] if said else ""
        if reply and any(q == reply and at >= (span.start_ns or 0) for at, q in asked):
            out.add(id(span))
    return out

"""The passages of a trace: what its retrieval spans gave (D14).

A retrieval span (OpenInference ``RETRIEVER``, GenAI's ``gen_ai.retrieval.documents``, a
Haystack retriever component) is a `Retrieval` step; `trace_passages` gathers their
documents, in span order, each once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..trace import Passage
from ._spans import Span

__all__ = ["Retrieval", "trace_passages"]


@dataclass
class Retrieval:
    """A span that retrieved passages."""

    span: Span
    passages: list[Passage]


def trace_passages(
    ordered: list[Span], steps: Mapping[int, object], ancestors: Callable[[Span], list[Span]]
) -> list[Passage]:
    """The passages of the trace's retrieval steps, in span order (`steps` by ``id(span)``).

    `ancestors` gives the spans a span runs inside, nearest first.
    """
    passages: list[Passage] = []
    for span in ordered:
        step = steps[id(span)]
        if isinstance(step, Retrieval):
            passages.extend(_not_given_above(span, step, steps, ancestors(span)))
    return passages


def _not_given_above(
    span: Span, step: Retrieval, steps: Mapping[int, object], above: list[Span]
) -> list[Passage]:
    """The passages of a retrieval span that no retrieval span it runs inside already gave.

    One retrieval recorded by nested retriever spans (a retriever's public method over its
    implementation, a fusion over the retrievers it merges) gives a document once: a passage
    an enclosing span gave (the same text, and the same id where both spans name one) is
    that passage, as the outer span gave it; one only the inner span returned is its own.
    """

    def named(passage: Passage, owner: Span) -> bool:  # not `<span id>:<index>`
        return not passage.id.startswith(f"{owner.span_id}:")

    outer = [(p, a) for a in above for p in _passages_of(steps[id(a)])]
    texts = {p.text for p, _ in outer}  # an inner passage with no id: the same by its text
    ids = {(p.text, p.id if named(p, a) else None) for p, a in outer}  # None: any id

    def given(p: Passage) -> bool:
        if not named(p, span):
            return p.text in texts
        return (p.text, None) in ids or (p.text, p.id) in ids

    return [p for p in step.passages if not given(p)]


def _passages_of(step: object) -> list[Passage]:
    return step.passages if isinstance(step, Retrieval) else []

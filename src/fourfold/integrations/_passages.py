"""The passages of a trace: what its retrieval spans gave (D14), after reranking (D16).

A retrieval span (OpenInference ``RETRIEVER``, GenAI's ``gen_ai.retrieval.documents``, a
Haystack retriever component) is a `Retrieval` step; `trace_passages` gathers their
documents, in span order, each once. A reranker (OpenInference ``RERANKER``) is a `Retrieval`
too, with the documents it was given: the passages are then what it kept, as it gives them
(its order, its scores), in place of what it was given; what it dropped is no passage, as
the model was not given it. A reranker that records its documents by id and score only
(LlamaIndex's node postprocessors under OpenInference, `otel._postprocessed_nodes`) gives the
passages of those ids gathered before it, with its scores. A reranker's own model calls
(`reranker_spans`) are its work, not the conversation, and so are a compressing retrieval's
(a retrieval span that gives documents and holds a retrieval span of its own: LangChain's
``ContextualCompressionRetriever`` asking the model about each document its base retriever
gave). A tool run whose result carries documents apart from what the model is
given (a LangChain ``content_and_artifact`` tool's artifact) holds a `Retrieval` of them: its
passages at the tool span, less those a retrieval span inside the tool gives. A run whose
output is a pipeline's result by component holding retrieved documents (`result_passages`)
gives those no retrieval span of the trace gives, at the run's span.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..trace import Passage
from ._result_documents import result_passages
from ._spans import Span

__all__ = ["Retrieval", "reranker_spans", "trace_passages"]


@dataclass
class Retrieval:
    """A span that retrieved passages."""

    span: Span
    passages: list[Passage]
    reranked: list[Passage] | None = None
    """For a reranker: the documents it was given (``reranker.input_documents``); `passages`
    are then the ones it kept (``reranker.output_documents``), reordered and rescored."""
    by_id: bool = False
    """A reranker whose documents are recorded by id and score only (their texts empty):
    each is the passage of the same id gathered before it, with the reranker's score."""


def trace_passages(
    ordered: list[Span], steps: Mapping[int, object], ancestors: Callable[[Span], list[Span]]
) -> list[Passage]:
    """The passages of the trace's retrieval steps, in span order (`steps` by ``id(span)``).

    `ancestors` gives the spans a span runs inside, nearest first.
    """
    gathered: list[tuple[Passage, Span]] = []  # each passage and the span that gave it
    beneath = _given_beneath(ordered, steps, ancestors)
    # the texts retrieval spans give: a pipeline result's document among them is theirs
    retrieved = {p.text for s in ordered for p in _passages_of(steps[id(s)])}
    for span in ordered:
        step = steps[id(span)]
        for document in result_passages(getattr(step, "output_value", None)):
            if document.text not in retrieved and not _in(document, [p for p, _ in gathered]):
                gathered.append((document, span))  # a retrieved document no span gives (D14)
        held = getattr(step, "retrieval", None)  # a tool run's documents (its artifact)
        if isinstance(held, Retrieval):
            texts = beneath.get(span.span_id, set())
            gathered.extend((p, span) for p in held.passages if p.text not in texts)
            continue
        if not isinstance(step, Retrieval):
            continue
        if step.reranked is None:
            found = _not_given_above(span, step, steps, ancestors(span))
            gathered.extend((p, span) for p in found)
            continue
        if step.by_id:  # its documents are those of the same ids gathered so far
            named = {p.id: p for p, o in gathered if _named(p, o)}
            if not any(p.id in named for p in [*(step.reranked or []), *step.passages]):
                continue  # none of its ids was retrieved: nothing to rerank
            step = _resolved(step, named)
        # a reranker: what it was given (and what it kept) gathered so far goes, and what it
        # kept takes the place of the first of them
        documents = [*(step.reranked or []), *step.passages]
        gone = [i for i, (p, o) in enumerate(gathered) if _any_same(p, o, documents, span)]
        at = gone[0] if gone else len(gathered)
        dropped = frozenset(gone)
        kept = [g for i, g in enumerate(gathered) if i not in dropped]
        given = [gathered[i] for i in gone]
        ranked = [(_with_source(p, span, given), span) for p in step.passages]
        gathered = [*kept[:at], *ranked, *kept[at:]]
    return [p for p, _ in gathered]


def _given_beneath(
    ordered: list[Span], steps: Mapping[int, object], ancestors: Callable[[Span], list[Span]]
) -> dict[str, set[str]]:
    """For each span, the texts of the passages that retrieval spans inside it give.

    A tool's artifact document that a retrieval span inside the tool gave (the same text: a
    retriever tool's) is that span's passage, as it gives it (its id, its score).
    """
    out: dict[str, set[str]] = {}
    for span in ordered:
        step = steps[id(span)]
        if isinstance(step, Retrieval):
            for above in ancestors(span):
                out.setdefault(above.span_id, set()).update(p.text for p in _passages_of(step))
    return out


def _resolved(step: Retrieval, named: Mapping[str, Passage]) -> Retrieval:
    """A reranker recorded by ids: each document the passage of its id, with its own score.

    A document whose id no passage gathered before it has is none (no text was recorded).
    """

    def of(documents: list[Passage]) -> list[Passage]:
        return [
            named[d.id].model_copy(update={"score": d.score}) for d in documents if d.id in named
        ]

    return Retrieval(step.span, of(step.passages), reranked=of(step.reranked or []))


def reranker_spans(
    ordered: list[Span], steps: Mapping[int, object], ancestors: Callable[[Span], list[Span]]
) -> set[int]:
    """The spans that run inside a reranker, as ``id(span)``.

    Its own work (the model call LlamaIndex's ``StructuredLLMRerank`` or ``LLMRerank`` makes
    to score the documents), not the run's turns. So is a compressing retrieval's: a
    retrieval span that gives documents and holds a retrieval span of its own filters what
    that one gave (LangChain's ``ContextualCompressionRetriever`` over its base retriever,
    its ``LLMChainFilter`` asking the model YES or NO about each document): the model calls
    inside it decide the passages, as a reranker's do. A retrieval span that gives no
    documents (openlit's LlamaIndex ``query_engine_query``, the whole query engine's span,
    its answer made inside it) is no compressor. A call that writes a retrieval's query is
    its work too (`._query_writers`).
    """
    holders = {
        a.span_id for s in ordered if isinstance(steps[id(s)], Retrieval) for a in ancestors(s)
    }

    def ranks(a: Span) -> bool:
        found = steps[id(a)]
        if not isinstance(found, Retrieval):
            return False
        return found.reranked is not None or (bool(found.passages) and a.span_id in holders)

    inside = {id(span) for span in ordered if any(ranks(a) for a in ancestors(span))}
    return inside


def _with_source(passage: Passage, owner: Span, given: list[tuple[Passage, Span]]) -> Passage:
    """A reranker's passage, with the source of the same document it was given.

    Only when it records none of its own (Haystack's rankers write no metadata on their
    documents): the document's source, not an invented one.
    """
    if passage.source is not None:
        return passage
    for was, by in given:
        if was.source is not None and _any_same(was, by, [passage], owner):
            return passage.model_copy(update={"source": was.source})
    return passage


def _named(passage: Passage, owner: Span) -> bool:
    """Whether the passage's id names a document (not ``<span id>:<index>``)."""
    return not passage.id.startswith(f"{owner.span_id}:")


def _any_same(passage: Passage, owner: Span, documents: list[Passage], span: Span) -> bool:
    """Whether `passage` (given by `owner`) is one of `documents` (given by `span`).

    The same text, and the same id where both name one.
    """
    return any(
        d.text == passage.text
        and (not _named(d, span) or not _named(passage, owner) or d.id == passage.id)
        for d in documents
    )


def _not_given_above(
    span: Span, step: Retrieval, steps: Mapping[int, object], above: list[Span]
) -> list[Passage]:
    """The passages of a retrieval span that no retrieval span it runs inside already gave.

    One retrieval recorded by nested retriever spans (a retriever's public method over its
    implementation, a fusion over the retrievers it merges) gives a document once: a passage
    an enclosing span gave (the same text, and the same id where both spans name one) is
    that passage, as the outer span gave it. When an enclosing span records documents, what
    it returned is what the retrieval gave the run: a document only the inner span returned
    was dropped on the way out (a fusion keeps the best of its retrievers' documents) and
    is no passage, as a reranker's dropped documents are none. Only under enclosing spans
    that record no document are the inner span's documents its own.
    """
    outer = [(p, a) for a in above for p in _passages_of(steps[id(a)])]
    if outer:
        return []  # the enclosing retrieval's documents are what the run was given
    texts = {p.text for p, _ in outer}  # an inner passage with no id: the same by its text
    ids = {(p.text, p.id if _named(p, a) else None) for p, a in outer}  # None: any id

    def given(p: Passage) -> bool:
        if not _named(p, span):
            return p.text in texts
        return (p.text, None) in ids or (p.text, p.id) in ids

    return [p for p in step.passages if not given(p)]


def _in(passage: Passage, documents: list[Passage]) -> bool:
    """Whether a document with the passage's id and text is among `documents`."""
    return any(d.id == passage.id and d.text == passage.text for d in documents)


def _passages_of(step: object) -> list[Passage]:
    """A retrieval step's passages; none for one recorded by ids only (no texts of its own)."""
    return step.passages if isinstance(step, Retrieval) and not step.by_id else []

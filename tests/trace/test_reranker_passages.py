"""Reranking (D16): the passages are what the model was given after reranking.

An OpenInference ``RERANKER`` span (LlamaIndex's reranking postprocessors, Haystack's
rankers) records the documents it was given (``reranker.input_documents``, a retriever's)
and the ones it kept, reordered and rescored (``reranker.output_documents``). Its model call,
when it asks a model to score them (LlamaIndex's ``StructuredLLMRerank``), is its own work,
not the conversation. The real export: tests/data/traces/llamaindex/llamaindex-rerank-*.json.

LlamaIndex's ``LLMRerank`` makes no RERANKER span: its postprocessor's CHAIN span
``LLMRerank._postprocess_nodes`` lists the nodes it was given and kept as ``NodeWithScore``
reprs (ids and scores only), read as a reranker by ids (llamaindex-llm-rerank-2026-12-06k).
LangChain's ``ContextualCompressionRetriever`` with an ``LLMChainFilter`` asks the model
about each document inside its RETRIEVER span, beside its base retriever's: those calls are
its own too (langchain-compression-filter-2026-12-06k).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ef" * 16
DOCS = [
    ("d1", "Refunds take 30 days.", "refunds.md"),
    ("d2", "Shipping takes 3 days.", "shipping.md"),
    ("d3", "Warranty is one year.", "warranty.md"),
]


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None, start: float) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=start + 0.5)


def _documents(prefix: str, docs: list[tuple[Any, ...]], *, ids: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, (doc_id, text, source, *score) in enumerate(docs):
        if ids:
            out[f"{prefix}.{i}.document.id"] = doc_id
        out[f"{prefix}.{i}.document.content"] = text
        out[f"{prefix}.{i}.document.metadata"] = json.dumps({"source": source})
        out[f"{prefix}.{i}.document.score"] = score[0] if score else 0.5
    return out


def _retriever(n: int, docs: list[tuple[Any, ...]], start: float, *, ids: bool = True) -> Any:
    attrs = {"openinference.span.kind": "RETRIEVER", "input.value": "shipping?"}
    return _span(
        n, "retrieve", {**attrs, **_documents("retrieval.documents", docs, ids=ids)}, 1, start
    )


def _reranker(
    n: int,
    given: list[tuple[Any, ...]],
    kept: list[tuple[Any, ...]],
    start: float,
    *,
    ids: bool = True,
) -> Any:
    attrs = {
        "openinference.span.kind": "RERANKER",
        "reranker.query": "shipping?",
        "reranker.top_k": 2,
    }
    attrs |= _documents("reranker.input_documents", given, ids=ids)
    attrs |= _documents("reranker.output_documents", kept, ids=ids)
    return _span(n, "rerank", attrs, 1, start)


def _root() -> Any:
    chain = {
        "openinference.span.kind": "CHAIN",
        "input.value": "shipping?",
        "output.value": "3 days.",
    }
    return _span(1, "query", chain, None, 1.0)


def _llm(
    n: int, parent: int, prompt: str, reply: str, tokens: tuple[int, int], start: float
) -> Any:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "m",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": prompt,
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": reply,
        "llm.token_count.prompt": tokens[0],
        "llm.token_count.completion": tokens[1],
    }
    return _span(n, "chat", attrs, parent, start)


def _passages(imported: Any) -> list[tuple[str, str, str | None, float | None]]:
    return [(p.id, p.text, p.source, p.score) for p in imported.trace.passages]


KEPT = [("d2", DOCS[1][1], "shipping.md", 9.0), ("d1", DOCS[0][1], "refunds.md", 3.0)]


def test_the_passages_are_what_the_reranker_kept_with_its_scores(tmp_path: Path) -> None:
    spans = [_root(), _retriever(2, DOCS, 1.1), _reranker(3, DOCS, KEPT, 1.2)]
    assert _passages(import_one(tmp_path, spans)) == [
        ("d2", "Shipping takes 3 days.", "shipping.md", 9.0),
        ("d1", "Refunds take 30 days.", "refunds.md", 3.0),
    ]


def test_documents_without_ids_are_the_same_passages_by_their_text(tmp_path: Path) -> None:
    spans = [_root(), _retriever(2, DOCS, 1.1, ids=False), _reranker(3, DOCS, KEPT, 1.2, ids=False)]
    assert [(text, score) for _, text, _, score in _passages(import_one(tmp_path, spans))] == [
        ("Shipping takes 3 days.", 9.0),
        ("Refunds take 30 days.", 3.0),
    ]


def test_a_retrieval_the_reranker_was_not_given_stays(tmp_path: Path) -> None:
    other = [("x1", "Stores open at 9.", "stores.md", 0.7)]
    spans = [
        _root(),
        _retriever(2, DOCS, 1.1),
        _reranker(3, DOCS, KEPT, 1.2),
        _retriever(4, other, 1.3),
    ]
    assert [p[0] for p in _passages(import_one(tmp_path, spans))] == ["d2", "d1", "x1"]


def test_a_reranker_with_no_retrieval_span_before_it_gives_its_output(tmp_path: Path) -> None:
    spans = [_root(), _reranker(2, DOCS, KEPT, 1.1)]
    assert [p[0] for p in _passages(import_one(tmp_path, spans))] == ["d2", "d1"]


def test_the_rerankers_model_call_is_no_turn_but_its_tokens_count(tmp_path: Path) -> None:
    scores = '{"documents": [{"document_number": 2, "relevance": 9}]}'
    spans = [
        _root(),
        _retriever(2, DOCS, 1.1),
        _reranker(3, DOCS, KEPT, 1.2),
        _llm(4, 3, "Rank these documents: ...", scores, (200, 40), 1.25),
        _llm(5, 1, "Context: Shipping takes 3 days. Question: shipping?", "3 days.", (100, 5), 1.4),
    ]
    imported = import_one(tmp_path, spans)
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Context: Shipping takes 3 days. Question: shipping?"),
        ("assistant", "3 days."),
    ]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (300, 45)
    assert imported.trace.output == "3 days."
    assert imported.trace.turns == 1


def test_a_kept_document_without_metadata_keeps_the_source_it_was_given_with(
    tmp_path: Path,
) -> None:
    # Haystack's rankers: the RERANKER span's documents have ids, contents and scores only
    attrs = {"openinference.span.kind": "RERANKER"}
    for i, (doc_id, text, _) in enumerate(DOCS):
        attrs[f"reranker.input_documents.{i}.document.id"] = doc_id
        attrs[f"reranker.input_documents.{i}.document.content"] = text
    for i, (doc_id, text, _, score) in enumerate(KEPT):
        attrs[f"reranker.output_documents.{i}.document.id"] = doc_id
        attrs[f"reranker.output_documents.{i}.document.content"] = text
        attrs[f"reranker.output_documents.{i}.document.score"] = score
    spans = [_root(), _retriever(2, DOCS, 1.1), _span(3, "rerank", attrs, 1, 1.2)]
    assert _passages(import_one(tmp_path, spans)) == [
        ("d2", "Shipping takes 3 days.", "shipping.md", 9.0),
        ("d1", "Refunds take 30 days.", "refunds.md", 3.0),
    ]


def test_a_kept_documents_own_source_wins(tmp_path: Path) -> None:
    kept = [("d2", DOCS[1][1], "moved/shipping.md", 9.0)]
    spans = [_root(), _retriever(2, DOCS, 1.1), _reranker(3, DOCS, kept, 1.2)]
    assert _passages(import_one(tmp_path, spans))[0][2] == "moved/shipping.md"


# -- LlamaIndex's LLMRerank: no RERANKER span, its postprocessor's CHAIN span of reprs ---------


def _node(doc_id: str, score: float) -> str:
    return f"<NodeWithScore(node=TextNode(id_={doc_id}), score={score})>"


def _postprocessor(n: int, given: list[str], kept: list[tuple[str, float]], start: float) -> Any:
    # openinference-instrumentation-llama-index 4.6.1's span of LLMRerank._postprocess_nodes
    attrs = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps(
            {"nodes": [_node(d, 0.5) for d in given], "query_bundle": {"query_str": "shipping?"}}
        ),
        "output.value": json.dumps([_node(d, score) for d, score in kept]),
    }
    return _span(n, "LLMRerank._postprocess_nodes", attrs, 1, start)


def test_llm_rerank_gives_the_nodes_it_kept_with_its_scores(tmp_path: Path) -> None:
    given = [d for d, _, _ in DOCS]
    spans = [
        _root(),
        _retriever(2, DOCS, 1.1),
        _postprocessor(3, given, [("d2", 9.0), ("d1", 3.0)], 1.2),
        _llm(
            4,
            3,
            "A list of documents ...",
            "Doc: 2, Relevance: 9\nDoc: 1, Relevance: 3",
            (231, 41),
            1.25,
        ),
        _llm(5, 1, "Context: Shipping takes 3 days. Question: shipping?", "3 days.", (100, 5), 1.8),
    ]
    imported = import_one(tmp_path, spans)
    # the retriever's texts and sources, the reranker's order and scores; d3 dropped
    assert _passages(imported) == [
        ("d2", "Shipping takes 3 days.", "shipping.md", 9.0),
        ("d1", "Refunds take 30 days.", "refunds.md", 3.0),
    ]
    assert [m.content for m in imported.trace.messages] == [
        "Context: Shipping takes 3 days. Question: shipping?",
        "3 days.",
    ]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (331, 46)


def test_a_postprocessor_whose_ids_name_no_retrieved_node_changes_nothing(
    tmp_path: Path,
) -> None:
    spans = [_root(), _retriever(2, DOCS, 1.1), _postprocessor(3, ["x9"], [("x9", 9.0)], 1.2)]
    assert [p[0] for p in _passages(import_one(tmp_path, spans))] == ["d1", "d2", "d3"]


def test_a_postprocess_chain_without_node_reprs_is_a_chain(tmp_path: Path) -> None:
    attrs = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps({"nodes": ["d1", "d2"]}),
        "output.value": json.dumps(["d2"]),
    }
    spans = [
        _root(),
        _retriever(2, DOCS, 1.1),
        _span(3, "SimilarityPostprocessor._postprocess_nodes", attrs, 1, 1.2),
        _llm(4, 3, "Which?", "d2", (10, 1), 1.25),
    ]
    imported = import_one(tmp_path, spans)
    assert [p[0] for p in _passages(imported)] == ["d1", "d2", "d3"]
    assert [m.content for m in imported.trace.messages] == ["Which?", "d2"]


# -- LangChain's ContextualCompressionRetriever: its filter's calls inside the retriever -----


def _nested(n: int, name: str, attrs: dict[str, Any], parent: int, start: float, end: float) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=end)


def _compression(tmp_path: Path, outer: list[tuple[Any, ...]]) -> Any:
    # openinference-instrumentation-langchain 0.1.80: the filter's YES/NO calls beside the
    # base retriever, inside the compression retriever's RETRIEVER span
    retriever = {"openinference.span.kind": "RETRIEVER", "input.value": "shipping?"}
    spans = [
        _root(),
        _nested(
            2,
            "ContextualCompressionRetriever",
            {**retriever, **_documents("retrieval.documents", outer)},
            1,
            1.1,
            1.9,
        ),
        _nested(
            3,
            "KeywordRetriever",
            {**retriever, **_documents("retrieval.documents", DOCS)},
            2,
            1.15,
            1.2,
        ),
        _nested(4, "RunnableSequence", {"openinference.span.kind": "CHAIN"}, 2, 1.3, 1.8),
        _llm(
            5,
            4,
            "Return YES if the context is relevant: Refunds take 30 days.",
            "NO",
            (112, 1),
            1.35,
        ),
        _llm(
            6,
            4,
            "Return YES if the context is relevant: Shipping takes 3 days.",
            "YES",
            (112, 1),
            1.4,
        ),
        _llm(7, 1, "Context: Shipping takes 3 days. Question: shipping?", "3 days.", (100, 5), 2.0),
    ]
    return import_one(tmp_path, spans)


def test_a_compressing_retrievers_model_calls_are_no_turns(tmp_path: Path) -> None:
    imported = _compression(tmp_path, [DOCS[1]])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Context: Shipping takes 3 days. Question: shipping?"),
        ("assistant", "3 days."),
    ]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (324, 7)
    assert imported.trace.turns == 1
    assert [p[0] for p in _passages(imported)] == ["d2"]  # what the outer retriever kept


def test_a_retrieval_span_with_no_documents_keeps_its_model_calls(tmp_path: Path) -> None:
    # openlit's LlamaIndex query engine span, a retrieval holding the whole query: its
    # answering call inside it is the conversation
    imported = _compression(tmp_path, [])
    assert [m.content for m in imported.trace.messages][:2] == [
        "Return YES if the context is relevant: Refunds take 30 days.",
        "NO",
    ]


def test_a_retriever_holding_no_retrieval_keeps_its_model_calls(tmp_path: Path) -> None:
    retriever = {"openinference.span.kind": "RETRIEVER", "input.value": "shipping?"}
    spans = [
        _root(),
        _nested(
            2, "retrieve", {**retriever, **_documents("retrieval.documents", DOCS)}, 1, 1.1, 1.9
        ),
        _llm(3, 2, "Rewrite the query: shipping?", "shipping time", (20, 2), 1.2),
    ]
    imported = import_one(tmp_path, spans)
    assert [m.content for m in imported.trace.messages] == [
        "Rewrite the query: shipping?",
        "shipping time",
    ]

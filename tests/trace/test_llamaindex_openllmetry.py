"""LlamaIndex under OpenLLMetry's instrumentation (opentelemetry-instrumentation-llamaindex), on
small spans written the way 0.62.4 writes them (tests/data/traces/openllmetry/
openllmetry-llamaindex-*): every wrapped call a ``task`` span (a query engine's a
``workflow``), its arguments and return value as JSON in ``traceloop.entity.input`` /
``.output``, no span marked a retriever.

- a retriever's task returns ``NodeWithScore`` records (each JSON text of its own): they are
  the passages, with their ids, texts, sources and scores; the nested ``retrieve`` /
  ``_retrieve`` spans give each document once; the synthesiser's input, which holds the same
  nodes, is no retrieval;
- the query engine's one argument, the question, is the run's input, not the prompt;
- its return value, a ``Response`` (``{response, metadata}``), gives the answer's text;
- outputs that only look like nodes, or odd values, are no passages and raise nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.integrations._spans import Span
from fourfold.integrations.otel._llamaindex_nodes import node_passages
from tests.helpers.span_builders import import_one, span

TRACE = "1d" * 16
QUESTION = "How long does shipping take?"
SHIP = "Shipping: orders ship within 2 business days."
WARRANTY = "Warranty: one year against defects."
ANSWER = "Orders ship within 2 business days."
PROMPT = f"Context information is below.\n{SHIP}\n\n{WARRANTY}\nQuery: {QUESTION}\nAnswer: "


def _node(node_id: str, text: str, score: float, **metadata: Any) -> str:
    """One ``NodeWithScore`` as LlamaIndex serialises it (JSON text, inside the list)."""
    node = {
        "id_": node_id,
        "embedding": None,
        "metadata": metadata,
        "text_resource": {"embeddings": None, "text": text, "path": None},
        "class_name": "Document",
        "text": text,
    }
    return json.dumps({"node": node, "score": score, "class_name": "NodeWithScore"})


def _task(name: str, given: Any, returned: Any) -> dict[str, Any]:
    return {
        "traceloop.span.kind": "task",
        "traceloop.entity.name": name,
        "traceloop.entity.input": json.dumps(given),
        "traceloop.entity.output": json.dumps(returned),
    }


def _rag(nodes: list[str]) -> list[dict[str, Any]]:
    """``RetrieverQueryEngine.query`` as OpenLLMetry records it, retrieving `nodes`."""
    bundle = {"query_str": QUESTION, "embedding": None}
    response = {"response": ANSWER, "metadata": {"doc-shipping": {}, "doc-warranty": {}}}
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(
            [{"role": "user", "parts": [{"type": "text", "content": PROMPT}]}]
        ),
        "gen_ai.output.messages": json.dumps(
            [{"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}]
        ),
        "gen_ai.usage.input_tokens": 143,
        "gen_ai.usage.output_tokens": 16,
    }
    root = {
        "traceloop.span.kind": "workflow",
        "traceloop.entity.name": "RetrieverQueryEngine.workflow",
        "traceloop.entity.input": json.dumps({"str_or_query_bundle": QUESTION}),
        "traceloop.entity.output": json.dumps(response),
    }
    return [
        span(1, "RetrieverQueryEngine.workflow", root, trace=TRACE, start=1, end=9),
        span(
            2,
            "VectorIndexRetriever.task",
            _task("VectorIndexRetriever.task", bundle, nodes),
            trace=TRACE,
            parent=1,
            start=2,
            end=3,
        ),  # fmt: skip
        span(
            3,
            "VectorIndexRetriever.task",
            _task("VectorIndexRetriever.task", bundle, nodes),
            trace=TRACE,
            parent=2,
            start=2.1,
            end=2.9,
        ),  # fmt: skip
        span(
            4,
            "CompactAndRefine.task",
            _task("CompactAndRefine.task", {"query": bundle, "nodes": nodes}, response),
            trace=TRACE,
            parent=1,
            start=4,
            end=8,
        ),  # fmt: skip
        span(5, "openai.chat", chat, trace=TRACE, parent=4, start=5, end=7),
    ]


def test_a_retrievers_nodes_are_the_passages_once_each(tmp_path: Path) -> None:
    nodes = [
        _node("doc-shipping", SHIP, 0.91, source="faq.md"),
        _node("doc-warranty", WARRANTY, 0.42),
    ]
    imported = import_one(tmp_path, _rag(nodes))
    got = [(p.id, p.text, p.source, p.score) for p in imported.trace.passages]
    assert got == [
        ("doc-shipping", SHIP, "faq.md", 0.91),
        ("doc-warranty", WARRANTY, None, 0.42),
    ]


def test_the_query_engines_question_is_the_input_and_its_response_the_answer(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, _rag([_node("doc-shipping", SHIP, 0.9)]))
    assert imported.input == QUESTION  # not the prompt around it
    assert imported.trace.output == ANSWER  # not the Response's JSON
    assert imported.trace.usage.input_tokens == 143  # the one model call, once


def test_a_run_given_several_arguments_has_no_input_of_its_own(tmp_path: Path) -> None:
    spans = _rag([_node("doc-shipping", SHIP, 0.9)])
    spans[0]["attributes"]["traceloop.entity.input"] = json.dumps(
        {"str_or_query_bundle": QUESTION, "mode": "compact"}
    )
    assert import_one(tmp_path, spans).input == PROMPT  # the first user message then


def _with_output(value: Any) -> Span:
    attrs = {"traceloop.span.kind": "task", "traceloop.entity.output": value}
    return Span(TRACE, "0" * 16, None, "X.task", 0, 1, "ok", None, attrs)


@pytest.mark.parametrize(
    "value",
    [
        None,
        3,
        "not json",
        "[]",
        json.dumps(["a text", "another"]),
        json.dumps([{"node": {"id_": "a", "text": "t"}, "score": 1.0}]),  # no class name
        json.dumps([_node("a", "t", 1.0), "a text"]),  # nodes mixed with something else
        json.dumps([{"node": {"id_": "a", "text": 7}, "class_name": "NodeWithScore"}]),
        json.dumps({"node": {"id_": "a", "text": "t"}, "class_name": "NodeWithScore"}),
    ],
)
def test_an_output_that_is_not_a_list_of_nodes_gives_no_passages(value: Any) -> None:
    assert node_passages(_with_output(value)) == []


def test_a_node_without_id_or_numeric_score_is_still_its_text() -> None:
    record = {
        "node": {"text": "t", "metadata": [1]},
        "score": "high",
        "class_name": "NodeWithScore",
    }
    [passage] = node_passages(_with_output(json.dumps([record])))
    assert (passage.id, passage.text, passage.source, passage.score) == (
        f"{'0' * 16}:0",
        "t",
        None,
        None,
    )

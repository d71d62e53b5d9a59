"""Haystack pipelines under tracers other than Haystack's own (`otel._haystack_tracers`).

Real exports: ``openllmetry-haystack-rag`` (opentelemetry-instrumentation-haystack with
OpenLLMetry's OpenAI instrumentation) and ``openlit-haystack-rag`` (``openlit.init()``) in
``tests/data/traces/openllmetry/`` and ``tests/data/traces/openlit/``:

- OpenLLMetry's generator span (``haystack.openai.completion``) writes the names of the
  generator's outputs (``replies``, ``meta``) as its completions: no reply of the model's;
- openlit's pipeline span gives the question its components were given
  (``gen_ai.framework.pipeline.input_data``): the run's input, not the templated prompt.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import import_traces
from tests.helpers.span_builders import import_one, span

TRACE = "4a" * 16
QUESTION = "How long does shipping take?"
PROMPT = f"Context:\nShipping: 2 days.\nQuestion: {QUESTION}"
ANSWER = "Orders ship within 2 days."


def _span(n: int, name: str, attrs: dict[str, Any], scope: str, parent: int | None) -> Any:
    made = span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=10.0 - n)
    return {**made, "instrumentation_scope": {"name": scope}}


def _openai_chat(n: int, parent: int, scope: str) -> Any:
    parts = [{"role": "user", "parts": [{"type": "text", "content": PROMPT}]}]
    reply = [{"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}]
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(parts),
        "gen_ai.output.messages": json.dumps(reply),
        "gen_ai.usage.input_tokens": 40,
        "gen_ai.usage.output_tokens": 7,
    }
    return _span(n, "openai.chat", attrs, scope, parent)


def test_openllmetrys_haystack_generator_span_says_its_output_names_not_a_reply(
    tmp_path: Path,
) -> None:
    # before, 'replies' and 'meta' were two more assistant messages after the answer
    haystack = "opentelemetry.instrumentation.haystack"
    workflow = {"traceloop.span.kind": "workflow", "traceloop.entity.name": "haystack_pipeline"}
    generator = {
        "gen_ai.system": "OpenAI",
        "llm.request.type": "completion",
        "gen_ai.prompt.0.user": PROMPT,
        "gen_ai.completion.0.content": "replies",
        "gen_ai.completion.1.content": "meta",
    }
    imported = import_one(
        tmp_path,
        [
            _span(1, "haystack_pipeline.workflow", workflow, haystack, None),
            _span(2, "haystack.openai.completion", generator, haystack, 1),
            _openai_chat(3, 2, "opentelemetry.instrumentation.openai.v1"),
        ],
    )
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [("user", PROMPT), ("assistant", ANSWER)]
    assert imported.trace.output == ANSWER
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (40, 7)


def test_openlits_haystack_pipeline_input_data_gives_the_runs_input(tmp_path: Path) -> None:
    # before, the input was the prompt the prompt builder made of the question
    openlit = "openlit.instrumentation.haystack"
    given = {"retriever": {"query": QUESTION}, "prompt_builder": {"question": QUESTION}}
    pipeline = {
        "gen_ai.operation.name": "invoke_workflow",
        "gen_ai.component.class_name": "Pipeline",
        "gen_ai.framework.pipeline.input_data": json.dumps(given),
    }
    generator = {"gen_ai.operation.name": "chat", "gen_ai.component.class_name": "OpenAIGenerator"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "invoke_workflow pipeline", pipeline, openlit, None),
            _span(2, "chat openai_generator", generator, openlit, 1),
            _openai_chat(3, 2, "openlit.instrumentation.openai"),
        ],
    )
    assert imported.input == QUESTION
    assert [m.content for m in imported.trace.messages] == [PROMPT, ANSWER]
    assert imported.trace.output == ANSWER


def _document(doc_id: str, text: str, score: float | None) -> dict[str, Any]:
    meta = {"source": f"policies/{doc_id}.md"}
    return {"id": doc_id, "content": text, "meta": meta, "score": score, "embedding": None}


def _pipeline_result(documents: dict[str, Any]) -> list[Any]:
    """OpenLLMetry's Haystack RAG run: the pipeline's result (by component) its only record."""
    haystack = "opentelemetry.instrumentation.haystack"
    result = {**documents, "llm": {"replies": [ANSWER], "meta": [{"model": "gpt-4o-mini"}]}}
    workflow = {
        "traceloop.span.kind": "workflow",
        "traceloop.entity.name": "haystack_pipeline",
        "traceloop.entity.output": json.dumps(result),
    }
    generator = {"llm.request.type": "completion", "gen_ai.prompt.0.user": PROMPT}
    return [
        _span(1, "haystack_pipeline.workflow", workflow, haystack, None),
        _span(2, "haystack.openai.completion", generator, haystack, 1),
        _openai_chat(3, 2, "opentelemetry.instrumentation.openai.v1"),
    ]


def test_a_pipeline_results_retrieved_documents_are_passages(tmp_path: Path) -> None:
    # before, none: the retriever's documents were only in the workflow's output (no
    # retriever span), read as a chain's output; a ranker's repeat of one is given once
    shipping = _document("doc-shipping", "Shipping: 2 days.", 3.1)
    refund = _document("doc-refund", "Refunds: 30 days.", 1.8)
    found = {
        "retriever": {"documents": [shipping, refund]},
        "ranker": {"documents": [{**refund, "score": 0.9}]},
    }
    imported = import_one(tmp_path, _pipeline_result(found))
    passages = [(p.id, p.text, p.source, p.score) for p in imported.trace.passages]
    assert passages == [
        ("doc-shipping", "Shipping: 2 days.", "policies/doc-shipping.md", 3.1),
        ("doc-refund", "Refunds: 30 days.", "policies/doc-refund.md", 1.8),
    ]


def test_documents_with_no_score_in_a_pipeline_result_are_no_passages(tmp_path: Path) -> None:
    # a splitter's or a converter's documents (an indexing pipeline's): no retrieval gave them
    split = {"splitter": {"documents": [_document("chunk-1", "Shipping: 2 days.", None)]}}
    assert import_one(tmp_path, _pipeline_result(split)).trace.passages == []


def test_a_tracers_own_exception_after_the_run_returned_is_not_the_runs_error() -> None:
    """openlit's Haystack instrumentation fails in its own code after the pipeline answered
    (its span: status ERROR, an AttributeError whose traceback is openlit's alone): the
    run succeeded (D18); before, the trace read as failed."""
    [imported] = import_traces(
        Path(__file__).parents[1] / "data/traces/openlit/openlit-haystack-rag-2026-12-05.json"
    )

    assert imported.trace.error is None
    assert imported.metadata["tracer_error"].startswith("AttributeError: 'str' object")

"""A Haystack pipeline's chat generator reply under openinference-instrumentation-haystack.

``Pipeline.run``'s span (CHAIN) records the pipeline's outputs by component as its
``output.value``; a chat generator's (``OpenAIChatGenerator``) ``replies`` are ``ChatMessage``
reprs there (``ChatMessage(_role=<ChatRole.ASSISTANT: 'assistant'>, _content=[TextContent(
text=...)], ...)``): the run's answer is the reply's text, not the repr. A text generator's
replies (``OpenAIGenerator``: strings) and an ``Agent`` component's outputs read as before.
Real export: ``haystack-chat-rag-2026-12-06k`` in ``tests/data/traces/haystack/``.
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_openinference
from fourfold.integrations.otel._chat_reprs import pipeline_replies
from tests.helpers.span_builders import iso_span as _span

USER = "How long does shipping take?"
ANSWER = "Orders ship within 2 business days."
META = "{'model': 'gpt-4o-mini-2024-07-18', 'index': 0, 'finish_reason': 'stop'}"
SHIPPING = "Shipping: orders ship within 2 business days."
DOCUMENT = (
    f"Document(id=doc-shipping, content: '{SHIPPING}', "
    "meta: {'source': 'policies/shipping.md'}, score: 1.2099)"
)


def _text(role: str, text: str, meta: str = "{}") -> str:
    return (
        f"ChatMessage(_role=<ChatRole.{role.upper()}: '{role}'>, "
        f"_content=[TextContent(text={text!r})], _name=None, _meta={meta})"
    )


def _pipeline(outputs: dict[str, Any]) -> dict[str, Any]:
    return _span(
        1,
        None,
        "Pipeline.run",
        {
            "openinference.span.kind": "CHAIN",
            "input.value": json.dumps({"data": {"retriever": {"query": USER}}}),
            "output.value": json.dumps(outputs),
        },
    )


def _retriever() -> dict[str, Any]:
    return _span(
        2,
        1,
        "InMemoryBM25Retriever.run",
        {
            "openinference.span.kind": "RETRIEVER",
            "input.value": json.dumps({"query": USER}),
            "output.value": json.dumps({"documents": [DOCUMENT]}),
            "retrieval.documents.0.document.id": "doc-shipping",
            "retrieval.documents.0.document.content": SHIPPING,
            "retrieval.documents.0.document.score": 1.2099,
            "retrieval.documents.0.document.metadata": json.dumps(
                {"source": "policies/shipping.md"}
            ),
        },
    )


def _generator(reply: str) -> dict[str, Any]:
    return _span(
        3,
        1,
        "OpenAIChatGenerator.run",
        {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini-2024-07-18",
            "input.value": json.dumps({"messages": [_text("user", USER)]}),
            "output.value": json.dumps({"replies": [reply]}),
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": USER,
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": ANSWER,
            "llm.token_count.prompt": 143,
            "llm.token_count.completion": 16,
        },
    )


def test_a_chat_generators_reply_repr_answers_the_pipeline_run_with_its_text() -> None:
    reply = _text("assistant", ANSWER, META)
    outputs = {"retriever": {"documents": [DOCUMENT]}, "llm": {"replies": [reply]}}
    [imported] = from_openinference([_pipeline(outputs), _retriever(), _generator(reply)])
    trace = imported.trace
    assert trace.output == ANSWER
    assert [(m.role, m.content) for m in trace.messages] == [("user", USER), ("assistant", ANSWER)]
    assert [(p.id, p.source) for p in trace.passages] == [("doc-shipping", "policies/shipping.md")]
    assert imported.metadata.get("agent_name") is None


def test_the_reply_answers_a_pipeline_whose_generator_made_no_span() -> None:
    outputs = {"llm": {"replies": [_text("assistant", ANSWER, META)]}}
    [imported] = from_openinference([_pipeline(outputs)])
    assert imported.trace.output == ANSWER


def test_a_text_generators_string_reply_still_answers_as_it_is() -> None:
    # OpenAIGenerator (haystack-rag): its replies are strings, no ChatMessage
    outputs = {"llm": {"replies": [ANSWER], "meta": [{"model": "gpt-4o-mini"}]}}
    [imported] = from_openinference([_pipeline(outputs)])
    assert imported.trace.output == ANSWER
    assert pipeline_replies(json.dumps(outputs)) is None


def test_an_agent_components_outputs_are_no_generator_replies() -> None:
    answer = _text("assistant", ANSWER, META)
    agent = {"messages": [_text("user", USER), answer], "last_message": answer}
    assert pipeline_replies({"weather_agent": agent}) is None
    [imported] = from_openinference([_pipeline({"weather_agent": agent})])
    assert imported.trace.output == ANSWER
    assert imported.metadata.get("agent_name") == "weather_agent"


def test_the_last_chat_generators_replies_are_read() -> None:
    first = _text("assistant", "A draft.")
    last = _text("assistant", ANSWER, META)
    found = pipeline_replies({"drafter": {"replies": [first]}, "editor": {"replies": [last]}})
    assert found is not None and [(m.role, m.content) for m in found] == [("assistant", ANSWER)]
    # a reply that is no ChatMessage repr makes the component's replies none
    assert pipeline_replies({"llm": {"replies": [last, "plain"]}}) is None
    assert pipeline_replies("not json") is None

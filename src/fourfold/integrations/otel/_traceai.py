"""Future AGI's traceAI spans, read as the OpenInference spans they are under other names.

traceAI (``traceai-openai``, ``traceai-langchain``, ``traceai-openai-agents``,
``traceai-llamaindex``... on their core ``fi_instrumentation``, whose ``fi_types`` defines the
names) is a fork of OpenInference's instrumentations: the same span kinds (``LLM``, ``CHAIN``,
``AGENT``, ``TOOL``, ``RETRIEVER``...), the same flattened message, tool-call and document
attributes (``message.role``, ``message.tool_calls.<k>.tool_call.function.name``,
``document.content``...), the same ``input.value`` / ``output.value``, under ``gen_ai.*``
prefixes:

==========================================  ===========================================
traceAI (``fi_instrumentation.fi_types``)   OpenInference
==========================================  ===========================================
``gen_ai.span.kind``                        ``openinference.span.kind``
``gen_ai.input.messages.<i>.message.*``     ``llm.input_messages.<i>.message.*``
``gen_ai.output.messages.<i>.message.*``    ``llm.output_messages.<i>.message.*``
``gen_ai.request.parameters``               ``llm.invocation_parameters``
``gen_ai.request.model``                    ``llm.model_name``
``gen_ai.usage.input_tokens`` ...           ``llm.token_count.prompt`` ...
``gen_ai.tool.definitions.<i>.tool.*``      ``llm.tools.<i>.tool.*``
``gen_ai.tool.name`` / ``.description``     ``tool.name`` / ``tool.description``
``gen_ai.tool.parameters``                  ``tool.parameters``
``gen_ai.agent.name``                       ``agent.name``
``gen_ai.agent.graph.node_id`` / ``_name``  ``graph.node.id`` / ``graph.node.name``
``gen_ai.retrieval.documents.<i>.*``        ``retrieval.documents.<i>.*``
``gen_ai.prompts``                          ``llm.prompts``
==========================================  ===========================================

A traceAI span is told by its attributes, not its scope (a span dump keeps none): it carries
``gen_ai.span.kind`` with one of traceAI's kinds (no other convention writes that key) and no
``openinference.span.kind``. `as_openinference` renames its keys, in place and before it is
interpreted, so every OpenInference rule reads it (the model asked for from
``llm.invocation_parameters``, before ``llm.model_name``: traceAI's OpenAI instrumentation
writes the reply's dated model under ``gen_ai.request.model``); its ``gen_ai.*`` keys are
gone, so the GenAI reader does not read the same messages a second time. A key of the
GenAI conventions traceAI writes as they do (``gen_ai.provider.name``,
``gen_ai.tool.definitions`` as JSON...) is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .._spans import Span

__all__ = ["as_openinference", "is_traceai"]

_KIND = "gen_ai.span.kind"
# fi_instrumentation.fi_types.FiSpanKindValues
_KINDS = frozenset(
    {
        "TOOL",
        "CHAIN",
        "LLM",
        "RETRIEVER",
        "EMBEDDING",
        "AGENT",
        "RERANKER",
        "UNKNOWN",
        "GUARDRAIL",
        "EVALUATOR",
        "CONVERSATION",
        "VECTOR_DB",
        "A2A_CLIENT",
        "A2A_SERVER",
    }
)
_SAME = {
    _KIND: "openinference.span.kind",
    "gen_ai.request.parameters": "llm.invocation_parameters",
    "gen_ai.request.model": "llm.model_name",
    "gen_ai.usage.input_tokens": "llm.token_count.prompt",
    "gen_ai.usage.output_tokens": "llm.token_count.completion",
    "gen_ai.usage.total_tokens": "llm.token_count.total",
    "gen_ai.usage.input_tokens.cache_read": "llm.token_count.prompt_details.cache_read",
    "gen_ai.usage.input_tokens.cache_write": "llm.token_count.prompt_details.cache_write",
    "gen_ai.usage.output_tokens.reasoning": "llm.token_count.completion_details.reasoning",
    "gen_ai.cost.total": "llm.cost.total",
    "gen_ai.cost.input": "llm.cost.prompt",
    "gen_ai.cost.output": "llm.cost.completion",
    "gen_ai.tool.name": "tool.name",
    "gen_ai.tool.description": "tool.description",
    "gen_ai.tool.parameters": "tool.parameters",
    "gen_ai.tool.call.id": "tool_call.id",
    "gen_ai.agent.name": "agent.name",
    "gen_ai.agent.graph.node_id": "graph.node.id",
    "gen_ai.agent.graph.node_name": "graph.node.name",
    "gen_ai.agent.graph.parent_node_id": "graph.node.parent_id",
    "gen_ai.prompts": "llm.prompts",
}
_PREFIXES = (
    (re.compile(r"gen_ai\.input\.messages\.(?=\d+\.message\.)"), "llm.input_messages."),
    (re.compile(r"gen_ai\.output\.messages\.(?=\d+\.message\.)"), "llm.output_messages."),
    (re.compile(r"gen_ai\.tool\.definitions\.(?=\d+\.tool\.)"), "llm.tools."),
    (re.compile(r"gen_ai\.retrieval\.documents\.(?=\d+\.document\.)"), "retrieval.documents."),
    (
        re.compile(r"gen_ai\.reranker\.(?=(?:input|output)_documents\.\d+\.document\.)"),
        "reranker.",
    ),
)


def is_traceai(span: Span) -> bool:
    """Whether `span` is traceAI's: its ``gen_ai.span.kind`` one of traceAI's kinds.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> def span(attrs):
        ...     return Span("t", "s", None, "x", 0, 1, "unset", None, attrs)
        >>> is_traceai(span({"gen_ai.span.kind": "LLM"}))
        True
        >>> is_traceai(span({"gen_ai.operation.name": "chat"}))  # the GenAI conventions'
        False
        >>> is_traceai(span({"gen_ai.span.kind": "LLM", "openinference.span.kind": "LLM"}))
        False
        >>> is_traceai(span({"gen_ai.span.kind": "client"}))  # not one of traceAI's kinds
        False
    """
    attrs = span.attributes
    kind = attrs.get(_KIND)
    return (
        isinstance(kind, str) and kind.upper() in _KINDS and "openinference.span.kind" not in attrs
    )


def as_openinference(spans: Iterable[Span]) -> None:
    """Rename, in place, the keys of each traceAI span among `spans` to OpenInference's.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> one = Span("t", "s", None, "ChatCompletion", 0, 1, "ok", None, {
        ...     "gen_ai.span.kind": "LLM", "gen_ai.request.model": "m-2024",
        ...     "gen_ai.request.parameters": '{"model": "m"}',
        ...     "gen_ai.input.messages.0.message.role": "user",
        ...     "gen_ai.provider.name": "openai"})
        >>> as_openinference([one])
        >>> sorted(one.attributes)  # doctest: +NORMALIZE_WHITESPACE
        ['gen_ai.provider.name', 'llm.input_messages.0.message.role',
         'llm.invocation_parameters', 'llm.model_name', 'openinference.span.kind']
        >>> other = Span("t", "s", None, "chat", 0, 1, "ok", None, {
        ...     "gen_ai.operation.name": "chat", "gen_ai.request.model": "m"})
        >>> as_openinference([other])  # a GenAI span: as it was
        >>> other.attributes["gen_ai.request.model"]
        'm'
    """
    for span in spans:
        if is_traceai(span):
            span.attributes = {_renamed(k): v for k, v in span.attributes.items()}
            span.attributes["openinference.span.kind"] = str(
                span.attributes["openinference.span.kind"]
            ).upper()


def _renamed(key: str) -> str:
    if key in _SAME:
        return _SAME[key]
    for pattern, prefix in _PREFIXES:
        if (m := pattern.match(key)) is not None:
            return prefix + key[m.end() :]
    return key

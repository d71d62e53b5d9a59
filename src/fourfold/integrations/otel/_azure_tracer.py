"""LangChain's callbacks as langchain-azure-ai's OpenTelemetry tracer writes them.

langchain-azure-ai's ``AzureAIOpenTelemetryTracer`` (1.2, its instrumentation scope named so)
is a LangChain callback handler that writes GenAI-convention spans: ``chat <model>`` for a
model call, ``execute_tool <tool>`` for a tool, and ``invoke_agent <name>`` for *every*
chain run it traces, whatever the chain is. Three of its shapes are not what the
conventions mean by them:

- a tool's result (``gen_ai.tool.call.result``): when the tool ran from a model's request
  (LangGraph's ``ToolNode``), what LangChain's callback is given is the ``ToolMessage``,
  which the tracer writes as ``{"name", "tool_call_id", "content"}`` (its
  ``_serialise_tool_result``); the tool's result is that ``content``, which is also what the
  next model call is given (`._shapes.langchain_tool_message` reads it, the third of
  the ToolMessage forms it knows). A tool that failed records no result;
  its error is its span's (the tool reader's, unchanged);
- a retriever's run (``on_retriever_start``) is an ``execute_tool <retriever>`` span typed
  ``gen_ai.tool.type`` ``retriever``, its query ``gen_ai.retriever.query`` and its documents
  ``gen_ai.retriever.results``, a JSON list of ``{"metadata", "content"}`` (``content`` only
  with content recording on). It is a retrieval, not a tool call: no model asked for it
  (the chain runs it), so its documents are passages and no call is made of it
  (`tracer_retrieval`). The tracer keeps no ``Document.id``: each passage is named by the
  span's id and its place (``<span id>:<index>``, D14);
- every chain run is an ``invoke_agent <name>`` span named as LangChain names the run (a
  LangGraph node, ``call_model``, a ``RunnableSequence``, a ``Prompt``, a function such as
  ``joined``): steps of a chain, no agents. Not read here yet: the spans carry nothing but
  the scope that tells them from another tracer's agent spans, and an export without the
  scope (the SDK's console dump) must import the same.
"""

from __future__ import annotations

from ...trace import Passage
from .._messages import try_json
from .._spans import Span
from ._langchain_documents import document_passages

__all__ = ["TRACER_SCOPE", "tracer_retrieval"]

TRACER_SCOPE = "AzureAIOpenTelemetryTracer"
"""The instrumentation scope langchain-azure-ai's tracer writes its spans under."""

_RETRIEVER_TYPE = "retriever"
_RESULTS = "gen_ai.retriever.results"


def tracer_retrieval(span: Span) -> list[Passage] | None:
    """The passages of a retriever's ``execute_tool`` span (typed ``retriever``); else None.

    A retriever span that returned no documents (the tracer then writes no results) is
    still a retrieval: an empty list, not None.

    Examples:
        >>> results = ('[{"metadata": {"source": "a.md"}, "content": "Ships in 2 days."},'
        ...     ' {"metadata": {}, "content": "Refunds in 30."}]')
        >>> span = Span("t", "ab12", None, "execute_tool retriever", 0, 1, "ok", None, {
        ...     "gen_ai.operation.name": "execute_tool", "gen_ai.tool.type": "retriever",
        ...     "gen_ai.retriever.results": results})
        >>> [(p.id, p.text, p.source, p.score) for p in tracer_retrieval(span)]
        [('ab12:0', 'Ships in 2 days.', 'a.md', None), ('ab12:1', 'Refunds in 30.', None, None)]
        >>> tracer_retrieval(Span("t", "s", None, "execute_tool r", 0, 1, "ok", None, {
        ...     "gen_ai.tool.type": "retriever"}))
        []
        >>> tracer_retrieval(Span("t", "s", None, "execute_tool get_weather", 0, 1, "ok", None,
        ...     {"gen_ai.tool.type": "function", "gen_ai.tool.call.result": "sunny"})) is None
        True
    """
    if span.attributes.get("gen_ai.tool.type") != _RETRIEVER_TYPE:
        return None
    results = try_json(span.attributes.get(_RESULTS))
    documents = [
        {"page_content": item.get("content"), "metadata": item.get("metadata")}
        for item in (results if isinstance(results, list) else [])
        if isinstance(item, dict)
    ]
    return document_passages(documents, span.span_id)

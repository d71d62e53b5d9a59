"""AgentOps' framework spans typed as model calls: summaries of the call the framework made.

AgentOps (the ``agentops`` Python SDK, 0.4.x) types its spans with ``agentops.span.kind``
(`._agentops`). Its framework instrumentations (``agentops.instrumentation.agentic.*``) type
as ``llm`` the span they open around a call the framework makes to a model, and its Google
ADK one as ``request``; its provider instrumentations (OpenAI, Anthropic...) write no such
kind on their own model-call spans. What those framework spans record of the call is a
summary, not what was sent:

- the LangGraph instrumentation's ``langgraph.node.execute`` (``agentops.entity.name``
  ``Node: <node>``), opened around each node whose source looks like it calls a model (a
  ``tools`` node too), writes the last five messages of the node's state as
  ``gen_ai.prompt.N.*`` with LangChain's roles (``human``, ``ai``, ``tool``) and ``str()`` of
  their content (no system prompt, no requests, no call ids) and the node's last message as
  ``gen_ai.completion.0.*``, with the answering model and usage off its response metadata;
- the Google ADK instrumentation's ``adk.llm.<model>``, around ADK's
  ``BaseLlmFlow._call_llm_async``, flattens the request with one key per message for each kind
  of part (``gen_ai.prompt.N.function_call.*``, ``.function_response.*``), so that of parallel
  calls and their responses only the last part stays; ADK runs the reply's tools inside it.

The model client's instrumentation (AgentOps' OpenAI one, ``openai.chat.completion``) or the
framework's own tracer (ADK's ``generate_content <model>``) records the same call whole, in a
span inside it. Such a span is therefore read as a restated call (`ModelCall.restated`): when
a model call is recorded inside it, that record is the call and the span a wrapper saying
nothing (`.._restated_calls`); else the span is the call, its summary all the trace keeps.

A span that names its own operation (``gen_ai.operation.name``) is read by it, not here; the
other kinds (``agent``, ``tool``, ``workflow``, ``session``...) are no model call.
"""

from __future__ import annotations

from dataclasses import replace

from .._spans import Span
from .._steps import ModelCall

__all__ = ["restated_call", "restates_a_call"]

_KIND = "agentops.span.kind"
_CALL_KINDS = frozenset({"llm", "request"})
"""The kinds AgentOps' framework instrumentations give the span around a model call: ``llm``
(LangGraph, CrewAI, AG2, Agno, the OpenAI Agents SDK), ``request`` (Google ADK)."""


def restates_a_call(span: Span) -> bool:
    """Whether `span` is an AgentOps framework span typed as a model call.

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", None, "langgraph.node.execute", 1, 2, "unset", None, attrs)
        >>> restates_a_call(span(**{"agentops.span.kind": "llm", "gen_ai.system": "langgraph"}))
        True
        >>> restates_a_call(span(**{"agentops.span.kind": "request"}))
        True

        Not its other kinds, another tracer's kind, nor a span naming its own operation:

        >>> restates_a_call(span(**{"agentops.span.kind": "agent"}))
        False
        >>> restates_a_call(span(**{"agentops.span.kind": "tool"}))
        False
        >>> restates_a_call(span(**{"traceloop.span.kind": "llm"}))
        False
        >>> restates_a_call(span(**{"openinference.span.kind": "LLM"}))
        False
        >>> restates_a_call(span(**{"agentops.span.kind": "llm", "gen_ai.operation.name": "chat"}))
        False
    """
    if span.attributes.get("gen_ai.operation.name"):
        return False  # the span names its own operation
    return span.attributes.get(_KIND) in _CALL_KINDS


def restated_call(call: ModelCall) -> ModelCall:
    """`call`, marked restated when its span is an AgentOps framework span typed as a call.

    Examples:
        >>> node = Span("t", "s", None, "langgraph.node.execute", 1, 2, "unset", None,
        ...             {"agentops.span.kind": "llm"})
        >>> restated_call(ModelCall(node, [], [])).restated
        True
        >>> client = Span("t", "c", "s", "openai.chat.completion", 1, 2, "unset", None,
        ...               {"gen_ai.system": "OpenAI", "gen_ai.request.model": "gpt-4o-mini"})
        >>> restated_call(ModelCall(client, [], [])).restated
        False
    """
    if call.restated or not restates_a_call(call.span):
        return call
    return replace(call, restated=True)

"""Spans a tracer wrote in its own vocabulary: what each is, before the GenAI conventions.

Some tracers write no ``gen_ai.operation.name`` (or one of their own) and keep messages, tool
calls and runs in keys of their own; each has a reader that knows its vocabulary, asked here
first, in order, before `._otel.interpret_otel` reads a span by the conventions. A reader
that claims a span answers for it, a step or nothing (a span of the tracer that is no part
of a run); a span none claims is read by the conventions (`GENAI`).

A LangSmith span (``langsmith.span.kind``, its OpenTelemetry export) is what its run type
says, its run's inputs and outputs read in LangSmith's shapes (`._langsmith`): a ``chain`` run
is the application's run, ``prompt`` and ``parser`` runs are nothing of the above.
A Langfuse SDK observation (``langfuse.observation.type``, the spans of Langfuse's Python SDK
v3+) is what its type says, its input, output, model and usage read from
``langfuse.observation.*`` (`._langfuse`).
Langtrace's CrewAI spans (``langtrace.service.name`` ``CrewAI``, no ``gen_ai.*``) are the
crew's workflow run and its agents' runs, read from the reprs it writes (`._langtrace_crewai`).
A Genkit span (``genkit:type``, Genkit's own tracer, no ``gen_ai.*``) is what its action says,
a ``model`` action a model call, a tool action a tool call, ``generate`` the wrapper of its
tool loop, a ``flow`` the application's workflow (`._genkit`).
A VoltAgent span (``entity.type`` and ``operation.id``, VoltAgent's own tracer) is what its
``span.type`` says: the agent's span its run, an ``llm`` span the AI SDK call of its whole
tool loop (its request only), a ``tool`` span a tool call (`._voltagent`).
A LangWatch SDK span (``langwatch.span.type``, no ``gen_ai.operation.name``) is what its type
says, its typed ``langwatch.input`` / ``langwatch.output`` read by their types: an ``llm`` span
a model call, a ``tool`` span a tool call, an ``agent`` span an agent's run, a ``chain`` span
the LangChain runnable its LangChain callback saw (`._langwatch`).
A judgeval span (``judgment.span_kind``, no ``gen_ai.operation.name``) is what its kind says:
an ``llm`` span its wrapped client's request and response, whole, a ``tool`` span a tool call,
an ``agent`` span an agent's run, a root of another kind the application's run (`._judgeval`).
Langtrace's Agents SDK turn (its inputs' agent), a Mastra network's tool step (the tool its
routing agent chose), openlit's AG2 send and receive spans, Langtrace's DSPy modules and
AgentOps' CrewAI, Agno and smolagents spans are read by theirs (`._langtrace_agents`,
`._network_tools`, `._openlit_ag2`, `._langtrace_dspy`, `._agentops_*`).
"""

from __future__ import annotations

from enum import Enum
from typing import Final, Literal

from .._langtrace_agents import langtrace_agents_run
from .._spans import Span
from .._steps import Step
from ._agentops_agno import agno_run
from ._agentops_crewai import crewai_run
from ._agentops_smolagents import smolagents_step
from ._agentops_tools import agentops_tool_run
from ._genkit import genkit_step, is_genkit
from ._haystack import haystack_step
from ._judgeval import is_judgeval, judgeval_step
from ._langfuse import LANGFUSE_TYPE, langfuse_step
from ._langsmith import LANGSMITH_KIND, langsmith_chain
from ._langtrace_crewai import is_langtrace_crewai, langtrace_crewai_step
from ._langtrace_dspy import dspy_module_run
from ._langwatch import is_langwatch, langwatch_step
from ._litellm import is_litellm_raw, litellm_raw_call
from ._litellm_native import is_litellm_native_raw, litellm_native_call
from ._network_tools import network_tool_run
from ._openlit_ag2 import agent_step, is_agent_step
from ._voltagent import is_voltagent, voltagent_step


class Conventions(Enum):
    """The answer for a span no tracer's own reader claims."""

    GENAI = "genai"


GENAI: Final = Conventions.GENAI
"""Read the span by the OpenTelemetry GenAI conventions: no own reader claims it."""


def own_tracer_step(span: Span) -> Step | None | Literal[Conventions.GENAI]:
    """What the span is, by the reader of the tracer that wrote it in its own vocabulary.

    Returns:
        The step; None when the tracer's reader claims the span but it is no part of a run;
        `GENAI` when no reader claims it.
    """
    if any(key.startswith("haystack.") for key in span.attributes):
        return haystack_step(span)  # Haystack's own tracer: no GenAI attributes
    if is_genkit(span):
        return genkit_step(span)  # Genkit's own tracer: its actions, no GenAI attributes
    if is_langtrace_crewai(span):
        return langtrace_crewai_step(span)  # Langtrace's CrewAI spans: reprs, no GenAI keys
    if (agents_run := langtrace_agents_run(span)) is not None:
        return agents_run  # Langtrace's Agents SDK turn: its inputs' agent
    if is_voltagent(span):
        return voltagent_step(span)  # VoltAgent's own tracer: its entity and span types
    if is_langwatch(span):
        return langwatch_step(span)  # LangWatch's SDKs: its span types, its typed values
    if is_judgeval(span):
        return judgeval_step(span)  # judgeval's tracer: its span kinds, requests whole
    if (network_tool := network_tool_run(span)) is not None:
        return network_tool  # a Mastra network's tool, run by its own workflow step
    if span.attributes.get(LANGSMITH_KIND) == "chain":
        return langsmith_chain(span)  # a LangSmith chain run: the application's, no agent's
    if LANGFUSE_TYPE in span.attributes and not span.attributes.get("gen_ai.operation.name"):
        return langfuse_step(span)  # a Langfuse SDK observation: what its type says
    if is_litellm_raw(span.attributes):
        return litellm_raw_call(span)  # LiteLLM's raw request record: one call, as sent
    if is_litellm_native_raw(span):
        return litellm_native_call(span)  # the same in a provider's own API (Gemini...)
    if is_agent_step(span):
        return agent_step(span)  # openlit's AG2 send/receive/reply: no model call, no messages
    if (module := dspy_module_run(span)) is not None:
        return module  # Langtrace's DSPy module: its arguments as a repr, its prediction
    # AgentOps' CrewAI crew and agents, its Agno agents, their tools (no operation names),
    # its smolagents runs and tools (no span kinds either)
    agentops = crewai_run(span) or agno_run(span) or agentops_tool_run(span)
    agentops = agentops or smolagents_step(span)
    if agentops is not None:
        return agentops
    return GENAI

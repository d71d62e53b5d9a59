"""What a span does: its ``gen_ai.operation.name``, else what its attributes show.

Frameworks write the operation name the OpenTelemetry GenAI conventions define, one of their
own, or none; `operation` reads each to one of the conventions' operations (``chat``,
``invoke_agent``, ``execute_tool``...), which `._otel.interpret_otel` turns into a step.
"""

from __future__ import annotations

import re

from .._embeddings import is_embedding
from .._entity_workflows import is_entity_workflow
from .._spans import Span
from ._adk_stand_ins import ADK_SCOPE
from ._agentops import agentops_operation
from ._langsmith import LANGSMITH_KIND, langsmith_operation
from ._langtrace_langchain import chat_model_call
from ._litellm_ops import litellm_operation
from ._openlit_phases import named_agent_run
from ._traceloop import decorated_operation

MODEL_OPS = frozenset({"chat", "text_completion", "generate_content", "call_llm", "completion"})
AGENT_OPS = frozenset({"invoke_agent", "invoke_workflow"})
KNOWN_OPS = MODEL_OPS | AGENT_OPS | {"execute_tool", "retrieval"}
# OpenLLMetry's ``llm.request.type`` of a model call (its LangChain instrumentation before
# 0.54 named the operation ``llm_request``; older ones none)
_LLM_REQUEST_TYPES = frozenset({"chat", "completion"})
# a multi-agent orchestration's own span (Strands' Swarm and Graph: ``invoke_swarm``,
# ``invoke_graph``): a workflow run over its agents' runs
_ORCHESTRATION_OPS = frozenset({"invoke_swarm", "invoke_graph"})
# @mastra/otel-exporter: what each Mastra AI span type is (its own ``gen_ai.operation.name``
# values are ``agent.run``, ``tool.execute``, ``model.step``...); a model_generation span
# (``chat``) holds the first request, the last reply and the usage of its steps, each step
# one request and its reply; chunks repeat what the steps hold. Mastra 1.x adds a
# ``model_inference`` span (``chat``, the request model and usage) under each step, which then
# is the agent loop's step (``gen_ai.operation.name`` ``agent_step``: the call and the tools
# it asked for), and writes input and output as ``mastra.<span type>.input`` / ``.output``
_MASTRA_OPS = {
    "agent_run": "invoke_agent",
    "workflow_run": "invoke_workflow",
    "model_generation": "chat",
    "model_step": "chat",
    "model_inference": "chat",
    "tool_call": "execute_tool",
    "mcp_tool_call": "execute_tool",
}
AGENT_IN_NAME = re.compile(r"(?:agent_run|invoke_agent) \[(.+)\]")
"""A span named for its agent run: Google ADK 1.x's ``agent_run [<name>]``."""


def operation(span: Span) -> str | None:
    """What a span does: ``gen_ai.operation.name``, else what its attributes show.

    A span is a tool execution when it carries ``gen_ai.tool.name`` without being a model
    call (Koog ``tool.<Name>``, pydantic-ai ``running tool: <name>``), or is a Vercel
    ``ai.toolCall`` or a Logfire ``Function: {name}`` span; an agent run when it names an
    agent (``gen_ai.agent.name``, ``agent_name`` on a ``<agent> run`` span, Logfire
    ``Agent run: {name!r}``, Google ADK 1.x's ``agent_run [<name>]``, which it writes with no
    attribute); a model call when it is a Vercel ``doGenerate``/``doStream``
    or has a request model and usage, unless it is an embeddings request (``embeddings``:
    `is_embedding`). A span with OpenLLMetry's ``llm.request.type`` ``chat`` or
    ``completion`` is a model call unless its operation name is one of the conventions'
    (OpenLLMetry's LangChain instrumentation before 0.54 names it ``llm_request``). A
    traceloop-sdk decorator's span is what its ``traceloop.span.kind`` says
    (`._traceloop.decorated_operation`: a ``task`` is no run, though it carries
    ``gen_ai.agent.name``), OpenLLMetry for JS's LangChain runnable (operation ``workflow``
    beside ``traceloop.span.kind`` ``workflow``) a workflow run; an AgentOps span of
    ``agentops.span.kind`` ``agent`` an agent run (`._agentops`). A root span with
    ``langfuse.observation.output`` is the application's run (``app``).
    """
    attrs = span.attributes
    mastra = attrs.get("mastra.span.type")
    if isinstance(mastra, str):
        return _MASTRA_OPS.get(mastra)
    if isinstance(attrs.get(LANGSMITH_KIND), str):
        return langsmith_operation(attrs)  # its run type, not the operation it derives
    op = attrs.get("gen_ai.operation.name")
    op = litellm_operation(op if isinstance(op, str) else None)  # a list names none
    if is_embedding(span):
        return "embeddings"  # no model call, though it has a request model and usage
    if chat_model_call(span):
        return "chat"  # Langtrace's LangChain chat model invoke: its reply a message dump
    if named_agent_run(span):
        return "invoke_agent"  # openlit's pydantic-ai run: its name says so, its operation not
    if str(attrs.get("llm.request.type")) in _LLM_REQUEST_TYPES and op not in KNOWN_OPS:
        return "chat"  # OpenLLMetry's model call, whatever operation name it gives
    if is_entity_workflow(attrs):
        return "invoke_workflow"  # OpenLLMetry JS's LangChain runnable (``workflow``)
    if isinstance(op, str) and op:
        return "invoke_workflow" if op in _ORCHESTRATION_OPS else op
    decorated = decorated_operation(attrs)  # traceloop-sdk's @agent, @tool, @task...
    if decorated is not None:
        return decorated
    if agentops_operation(attrs) is not None:
        return agentops_operation(attrs)  # AgentOps' agent span (``agentops.span.kind``)
    head = span.name.split(" ", 1)[0]
    if head in KNOWN_OPS:
        return head
    if span.scope in (ADK_SCOPE, None) and AGENT_IN_NAME.fullmatch(span.name):
        return "invoke_agent"  # ADK 1.x's ``agent_run [<name>]``, written with no attribute
    vercel = attrs.get("operation.name")
    if isinstance(vercel, str) and vercel.startswith("ai."):
        if vercel.startswith("ai.toolCall"):
            return "execute_tool"
        if vercel.split(" ", 1)[0].endswith((".doGenerate", ".doStream")):
            return "chat"
        return "invoke_workflow"
    template = str(attrs.get("logfire.msg_template") or span.name)
    if template.startswith("Function:") and "name" in attrs:
        return "execute_tool"
    if template.startswith("Agent run:") and "name" in attrs:
        return "invoke_agent"
    has_usage = any(k.startswith("gen_ai.usage.") for k in attrs)
    if "gen_ai.tool.name" in attrs and not has_usage:
        return "execute_tool"
    if "gen_ai.agent.name" in attrs or ("agent_name" in attrs and "final_result" in attrs):
        return "invoke_agent"
    if "gen_ai.request.model" in attrs and (has_usage or "usage" in attrs):
        return "chat"  # Logfire's OpenAI spans: request model, usage, input/output
    if "gen_ai.system" in attrs and has_usage and not {"agent_name", "usage"} & set(attrs):
        return "chat"
    if "langfuse.observation.output" in attrs and span.parent_id is None:
        return "app"
    return None

"""OpenTelemetry GenAI spans (and any-agent's span dumps) into fourfold traces.

What each span is comes from ``gen_ai.operation.name``, else the first word of its name,
else what it carries (`operation`: Koog, pydantic-ai, Logfire and Vercel spans without the
operation name; traceloop-sdk's decorator spans, by ``traceloop.span.kind``: `._traceloop`):

- ``invoke_agent`` / ``invoke_workflow`` (and an application root with
  ``langfuse.observation.output``): a run; the top one gives latency and error, the first
  named one the agent's name, the top one with a result the final answer (its
  ``gen_ai.output.messages``, else its ``gen_ai.choice`` or details span events, else what a
  decorated ``@agent`` / ``@workflow`` function returned, ``traceloop.entity.output``);
- ``chat``, ``text_completion``, ``generate_content`` (and any-agent's ``call_llm``): a model
  call; messages from ``gen_ai.system_instructions``, ``gen_ai.input.messages`` and
  ``gen_ai.output.messages`` (OpenAI-style or "parts"), else the deprecated ``gen_ai.prompt`` /
  ``gen_ai.completion`` (JSON or flattened), else any-agent's ``gen_ai.output``, else
  Langtrace's events in its own shapes (`._langtrace`) or its LangChain chat model's
  ``invoke`` (`._langtrace_langchain`), else span
  events, an ``events`` attribute or Vercel keys (`._events`), ADK's ``call_llm`` request
  and response objects (`._shapes.adk_llm_call`); usage from
  ``gen_ai.usage.input_tokens/output_tokens`` (and the older ``prompt_tokens/completion_tokens``,
  Vercel's ``ai.usage.*``, Logfire's ``usage``), None when absent (unknown, not zero); cost
  from any-agent's ``gen_ai.usage.input_cost/output_cost``; the calls its reply requested as
  openlit lists them apart from its messages, the joined ``gen_ai.tool.name`` /
  ``.call.id`` / ``.args`` (`._joined_requests`), when its messages hold no request;
- ``execute_tool``: a tool call, read by `._tools.tool_call` from every key a convention or
  framework writes (not ADK's ``(merged tools)`` span, which merges parallel calls' responses;
  OpenLLMetry's MCP ``<tool>.tool`` span out of its ``{tool_name, arguments}`` and
  ``{result}`` wrappers, `._openllmetry_mcp`);
- a Mastra agent network's ``workflow_step tool-execution-step``, which ran a tool the routing
  agent chose with no tool span of its own: that call (`._network_tools`);
- ``retrieval``: passages from ``gen_ai.retrieval.documents`` (``id``, ``score``, ``content``),
  source ``gen_ai.data_source.id``;
- a vector store's query span (OpenLLMetry's vector-DB instrumentations, no operation): passages
  from its ``db.query.result`` events (`._vector_db_results`); Langtrace's Chroma query span:
  from its ``db.chroma.query.result`` events (`._langtrace_chroma`);
- Langtrace's DSPy module span (``dspy.signature.*``, no operation): a chain run, its
  arguments' ask and its prediction's answer (`._langtrace_dspy`);
- OpenLLMetry for JS's LangChain runnables (``workflow``): a workflow run reading the
  LangGraph state it records (`._entity_states`);
- OpenLLMetry's LangChain retriever span (``vector_db_retrieve``): passages from its callback
  record (`._callback_retrieval`); its top-level chain, written ``invoke_agent`` named by the
  runnable's default class name, is a workflow with the chain's one text as its input
  (`._callback_chains`);
- langchain-azure-ai's tracer (`._azure_tracer`): its retriever's ``execute_tool`` span (typed
  ``retriever``) a retrieval, its ``gen_ai.retriever.results`` the passages;
- autogen-core's runtime spans that delivered AgentChat messages (``message``): the run's
  messages and their usage (`._autogen`).

A span a tracer wrote in its own vocabulary (LangSmith, Langfuse, Langtrace, Genkit, VoltAgent,
LangWatch, judgeval, LiteLLM's raw records, AgentOps...) is read by that tracer's reader first
(`._own_tracers`); what a span does by the conventions is `._operations.operation`.

A Pipecat ``llm`` span (scope ``pipecat``, Pipecat's own tracing) is a model call whose
messages are its bare ``input`` (the context, in its provider's shape) and ``output`` (the
reply's text), its model asked for ``param.model`` (`._pipecat`).


Embeddings (the operation ``embeddings``; without it, OpenLLMetry's ``llm.request.type``
``embedding`` or the span name ``embeddings {model}``) are no model call: no message, model
or usage of the run; the metadata's ``embeddings`` keeps what they spent (`.._embeddings`).
Other operations are not part of a trace.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...trace import Passage
from .._choices import finished_choices
from .._common import ImportedTrace, assemble_all
from .._cut_json import cut_json
from .._document_passages import document_passage
from .._entity_workflows import is_entity_workflow
from .._item_turns import answered_ids
from .._messages import (
    Msg,
    ToolRequest,
    parse_arguments,
    parse_messages,
    result_text,
    try_json,
)
from .._numbers import amount, first_token_count, token_count
from .._passages import Retrieval
from .._span_files import documents_of
from .._spans import PLACEHOLDER_MODELS, Span, indexed, read_spans
from .._steps import AgentRun, ModelCall, Step, ToolPhase
from .._stream_chunks import without_stream_chunks
from ._adk_stand_ins import without_stand_in_ids
from ._agentops_ag2 import ag2_call
from ._agentops_calls import restated_call
from ._agentops_smolagents import without_none_reply
from ._asked_task import asked_task
from ._autogen import agentchat_delivery
from ._azure_tracer import tracer_retrieval
from ._callback_chains import callback_chain_input, default_runnable_name, unnamed_graph
from ._callback_retrieval import RETRIEVE_OPERATION, callback_passages
from ._choice_objects import choice_object
from ._entity_states import entity_run
from ._events import event_messages, vercel_messages
from ._fallback_models import first_of_fallback
from ._flat_content import item_list_text, only_said
from ._haystack_tracers import pipeline_question, without_output_names
from ._joined_requests import joined_requests, with_listed_ids
from ._langsmith import (
    LANGSMITH_KIND,
    langsmith_messages,
    langsmith_passages,
    langsmith_tool_attributes,
)
from ._langsmith_agents import langsmith_usage
from ._langsmith_claude import claude_asked_model, claude_tool_attributes
from ._langtrace import langtrace_messages
from ._langtrace_chroma import chroma_query_passages
from ._langtrace_langchain import chat_model_messages
from ._litellm import litellm_reply
from ._litellm_cache import without_cached_usage
from ._litellm_failures import replayed_reply
from ._llamaindex_nodes import node_passages
from ._llamaindex_requests import with_entity_requests
from ._openlit_phases import runner_run, unnamed_tool_phase
from ._openllmetry_mcp import mcp_tool_attributes
from ._operations import AGENT_IN_NAME, AGENT_OPS, MODEL_OPS, operation
from ._own_tracers import GENAI, own_tracer_step
from ._pipecat import pipecat_messages, pipecat_model
from ._run_id_calls import without_run_id
from ._shapes import adk_llm_call, mastra_step, mastra_value
from ._smol_replays import restated_turns
from ._smol_runs import own_call_id, run_output, smolagents_run
from ._state_reprs import state_turns
from ._stream_pieces import joined_pieces
from ._system_instructions import with_system_instructions
from ._task_prompts import rendered_prompt
from ._tools import merges_responses, tool_run
from ._traceloop import (
    decorated_agent_name,
    decorated_input,
    decorated_output,
)
from ._vector_db_results import query_result_passages

__all__ = ["from_otel", "interpret_otel"]

# the Mastra runs whose result is the span's ``output`` (1.x: ``mastra.<type>.output``): an
# agent's ``{text, files}``, a workflow's the object its last step returned
_MASTRA_RUNS = ("agent_run", "workflow_run")  # a tuple: an odd (unhashable) type is no run


def from_otel(data: str | Path | Any) -> list[ImportedTrace]:
    """Import OpenTelemetry GenAI traces.

    Args:
        data: a file (OTLP JSON, a span dump such as any-agent's, or JSONL with one span,
            dump or OTLP request per line), or the parsed JSON of one.

    Returns:
        One imported trace per trace id, in order of first appearance; its case id is the
        trace id.

    Raises:
        ConfigError: the file is missing or malformed (names the file, and the line of a
            JSONL file), or holds no spans.

    Examples:
        >>> span = {"name": "chat gpt-4o", "attributes": {
        ...     "gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 12,
        ...     "gen_ai.input.messages": '[{"role": "user", "content": "Hi"}]',
        ...     "gen_ai.output.messages": '[{"role": "assistant", "content": "Hello!"}]'}}
        >>> [imported] = from_otel({"spans": [span]})
        >>> imported.input, imported.trace.output, imported.trace.usage.input_tokens
        ('Hi', 'Hello!', 12)
    """
    return assemble_all(read_spans(documents_of(data)), interpret_otel, source="otel")


def interpret_otel(span: Span) -> Step | None:
    """What one span is under the OpenTelemetry GenAI conventions (None: not part of a run).

    Besides ``gen_ai.operation.name``, spans that frameworks write without it are recognised
    by what they carry (`operation`).
    """
    step = own_tracer_step(span)  # a tracer's own vocabulary (`._own_tracers`)
    if step is not GENAI:
        return step
    op = operation(span)
    if is_entity_workflow(span.attributes):
        return entity_run(span)  # OpenLLMetry JS's LangChain runnable: the state it records
    if op in AGENT_OPS or op == "app":
        return _agent_run(span, op)
    if op in MODEL_OPS:
        call = without_cached_usage(_model_call(span))  # a LiteLLM cache hit spent nothing
        call = without_none_reply(call)  # AgentOps' smolagents: str(None) for no text
        call = ag2_call(call)  # AgentOps' AG2: no reply written when it had no text
        return restated_call(call)  # AgentOps' framework span: a summary of the call inside
    if op == "execute_tool":
        if (documents := tracer_retrieval(span)) is not None:
            return Retrieval(span, documents)  # langchain-azure-ai's retriever: no tool call
        if merges_responses(span.attributes):
            return None  # no tool ran: ADK's merged responses
        if unnamed_tool_phase(span):
            return ToolPhase(span)  # openlit's pydantic-ai phase: the run went on to its tools
        # LangSmith's Claude Agent SDK runs: arguments in its wrapper, MCP's content blocks
        recorded = langsmith_tool_attributes(claude_tool_attributes(span.attributes))
        recorded = mcp_tool_attributes(recorded)  # OpenLLMetry's MCP call: out of its wrappers
        # a failed LangChain tool under openlit: the run id it kept is no call's id
        run = tool_run(span, recorded)
        return own_call_id(span, without_run_id(span, run))  # openlit: its span's own id
    if op == "retrieval":
        return Retrieval(span, langsmith_passages(span) or _passages(span))
    if op == "execute_task" and (nodes := node_passages(span)):
        return Retrieval(span, nodes)  # a LlamaIndex retriever's nodes (OpenLLMetry)
    if op == "execute_task" and (prompt := rendered_prompt(span)) is not None:
        return prompt  # OpenLLMetry's LangChain prompt step: the next call's input
    if op == RETRIEVE_OPERATION and (documents := callback_passages(span)):
        return Retrieval(span, documents)  # a LangChain retriever's documents (OpenLLMetry)
    if hits := query_result_passages(span):
        return Retrieval(span, hits)  # a vector store's hits as events (OpenLLMetry's Chroma)
    if hits := chroma_query_passages(span):
        return Retrieval(span, hits)  # Langtrace's Chroma query: its own events, bare keys
    return agentchat_delivery(span)


_MLFLOW_TRANSLATION = "mlflow.tracing.provider"
"""The scope of MLflow's GenAI translation of its own spans; its resource's
``telemetry.sdk.name`` is ``mlflow`` (what says so where the scope is not kept: the SDK's
console dump)."""


def _mlflow_asked_model(span: Span) -> str | None:
    """The model the request asked for, under MLflow's GenAI translation.

    The translation writes the answering model's dated name as ``gen_ai.request.model``
    (it takes ``mlflow.llm.model``, the response's under the OpenAI autolog) and keeps the
    request's own keys beside it as JSON text: its ``model`` attribute is what was asked
    (the contract: the model asked for, where the trace gives it beside the answering one's).

    Examples:
        >>> span = Span("t", "s", None, "chat", 1, 2, "ok", None,
        ...             {"model": '"gpt-4o-mini"'}, scope="mlflow.tracing.provider")
        >>> _mlflow_asked_model(span)
        'gpt-4o-mini'
        >>> _mlflow_asked_model(Span("t", "s", None, "chat", 1, 2, "ok", None,
        ...                          {"model": '"gpt-4o-mini"'})) is None
        True
    """
    if span.scope != _MLFLOW_TRANSLATION and span.resource.get("telemetry.sdk.name") != "mlflow":
        return None
    return _model_name(try_json(span.attributes.get("model")))


def _model_name(value: Any) -> str | None:
    """A model's name as written, none for a placeholder, a fallback model's first model."""
    text = _text(value)
    if text is None or text.strip().lower() in PLACEHOLDER_MODELS:
        return None
    return first_of_fallback(text)


def _agent_run(span: Span, op: str | None) -> AgentRun:
    attrs = span.attributes
    kind = "agent" if op == "invoke_agent" else "workflow" if op == "invoke_workflow" else "app"
    if kind == "agent" and attrs.get("traceloop.span.kind") == "workflow":
        if default_runnable_name(attrs.get("gen_ai.agent.name")):
            kind = "workflow"  # OpenLLMetry's LCEL chain, named by its class: no agent
    if kind == "agent" and unnamed_graph(attrs):
        kind = "workflow"  # OpenLLMetry's LangGraph graph compiled unnamed: no agent
    if kind == "agent" and runner_run(span):
        kind = "workflow"  # openlit's Google ADK runner, named after the application
    output_value: Any = None
    for key in ("gen_ai.output", "final_result", "langfuse.observation.output"):
        if attrs.get(key) is not None:
            output_value = try_json(attrs[key])
            break
    if output_value is None and decorated_output(attrs) is not None:
        output_value = decorated_output(attrs)  # what the @agent function returned, as JSON
    if output_value is None:
        output_value = choice_object(span)  # a structured answer as the reply (Strands)
    raw_input = attrs.get("langfuse.observation.input")
    if attrs.get("mastra.span.type") in _MASTRA_RUNS and "input" not in attrs:
        # 1.x: an agent's, the user's text; a workflow's, its input object: its task, if any
        raw_input = mastra_value(attrs, "input")
        raw_input = asked_task(try_json(raw_input)) or raw_input
        if output_value is None and mastra_value(attrs, "output") is not None:
            output_value = try_json(mastra_value(attrs, "output"))
    if isinstance(raw_input, str) and isinstance(try_json(raw_input), dict | list):
        raw_input = None  # the application's arguments, not what the user asked
    if raw_input is None:
        raw_input = decorated_input(attrs) or callback_chain_input(attrs)  # OpenLLMetry's
        raw_input = raw_input or pipeline_question(attrs)  # openlit's Haystack pipeline
    inputs = _inputs(attrs)
    outputs = parse_messages(attrs.get("gen_ai.output.messages"), default_role="assistant")
    if not outputs and attrs.get("pydantic_ai.all_messages") is not None:
        # the run's whole history: it holds what no chat span does (an output tool's reply)
        outputs = parse_messages(attrs["pydantic_ai.all_messages"], default_role="assistant")
    if not outputs and "gen_ai.input.messages" not in attrs and _has_message_events(span, kind):
        found = event_messages(span)  # the run's input and reply as span events (Strands)
        if found is not None:
            inputs = inputs + [m for m in found[0] if m.role != "system" or not inputs]
            outputs = found[1]
    own_task = kind == "agent" and smolagents_run(attrs)
    # a smolagents step's output is its observation, its run's the answer: no message
    outputs, output_value = run_output(attrs, outputs, output_value)
    if (kind == "workflow" or own_task) and raw_input is None:
        # an orchestration's own input (a Strands Swarm's task) is what the user asked the
        # run, apart from the prompts its agents are given (a swarm's context around it); so
        # is a smolagents agent's under openlit, its task, which its model is given after
        # smolagents' "New task:" line (a CrewAI agent's is its task's prompt: not so)
        asked = [m.content for m in inputs if m.role == "user" and isinstance(m.content, str)]
        raw_input = asked[0] if len(asked) == 1 else None
    return AgentRun(
        span,
        inputs=inputs,
        outputs=outputs,
        output_value=output_value,
        kind=kind,
        name=agent_name(span) if kind == "agent" else _function_id(span),
        model=_model_name(attrs.get("gen_ai.request.model")),
        input_value=raw_input if isinstance(raw_input, str) and raw_input else None,
        input_tokens=_int(attrs, "gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens"),
        output_tokens=_int(attrs, "gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"),
        held_turns=state_turns(span.scope, attrs),  # openlit's node state, as str()s
    )


def _has_message_events(span: Span, kind: str = "agent") -> bool:
    """Whether the span records messages as span events (not the ``events`` attribute).

    A reply or details event; for a workflow, whose span may end without a reply (a Strands
    Swarm's), its input's user-message event too.
    """
    names = {"gen_ai.choice", "gen_ai.client.inference.operation.details"}
    if kind == "workflow":
        names.add("gen_ai.user.message")
    return any(e.get("name") in names for e in span.events)


def agent_name(span: Span) -> str | None:
    """The agent's name as the span's attributes give it, else ADK's ``agent_run [<name>]``.

    Never the span's own name, which names an operation, a class or an application.
    """
    attrs = span.attributes
    for key in ("gen_ai.agent.name", "agent.name", "agent_name"):
        if _text(attrs.get(key)):
            return str(attrs[key])
    if attrs.get("mastra.span.type") == "agent_run" and _text(attrs.get("agent.id")):
        return str(attrs["agent.id"])  # Mastra writes only the id, which is the name by default
    template = str(attrs.get("logfire.msg_template") or "")
    if template.startswith("Agent run:") and _text(attrs.get("name")):
        return str(attrs["name"])
    if decorated_agent_name(attrs) is not None:  # traceloop-sdk's @agent(name=...)
        return decorated_agent_name(attrs)
    match = AGENT_IN_NAME.fullmatch(span.name)
    return match.group(1) if match else None


def _function_id(span: Span) -> str | None:
    """The name an AI SDK 6 call was given (``ai.telemetry.functionId``) on its own span.

    The AI SDK's telemetry names a ``generateText`` / ``streamText`` / ``generateObject``
    call by the ``functionId`` the application passes; AI SDK 7 writes that same name as
    ``gen_ai.agent.name`` on an ``invoke_agent`` span. On 6 the call's span (an
    orchestration, not its model calls or tools) is the agent's run, named so.
    """
    vercel = span.attributes.get("operation.name")
    if not isinstance(vercel, str) or not vercel.startswith("ai."):
        return None
    return _text(span.attributes.get("ai.telemetry.functionId"))


_OUTPUT = "gen_ai.output.messages"
_INPUT_KEYS = ("gen_ai.input.messages", "gen_ai.prompt", "gen_ai.system_instructions")
_OUTPUT_KEYS = (_OUTPUT, "gen_ai.completion")


def _model_call(span: Span) -> ModelCall:
    attrs = span.attributes
    costs = (
        amount(attrs.get(k))
        for k in ("gen_ai.usage.input_cost", "gen_ai.usage.output_cost", "gen_ai.usage.cost")
    )
    cost_parts = [cost for cost in costs if cost is not None]
    inputs = without_stand_in_ids(span, _inputs(attrs), "gen_ai.input.messages")
    inputs = with_entity_requests(span.scope, attrs, inputs)  # LlamaIndex: calls parts lost
    # smolagents' memory as a chat API is sent it: its restated turns and observations
    inputs = restated_turns(inputs, attrs.get("gen_ai.request.stop_sequences"))
    outputs = without_stand_in_ids(span, _outputs(attrs), _OUTPUT)
    run_io = langsmith_messages(attrs) if LANGSMITH_KIND in attrs else None
    run_io = run_io or pipecat_messages(span)  # Pipecat's llm span: bare input, output
    if run_io is not None:  # LangSmith's run inputs and outputs, Pipecat's context and text
        inputs, outputs = run_io
    mastra = attrs.get("mastra.span.type")
    if not inputs and not outputs and mastra == "model_step":
        inputs, outputs = mastra_step(attrs) or ([], [])
    if not inputs and not outputs and mastra == "model_generation":
        inputs = parse_messages(mastra_value(attrs, "input"))  # 1.x: the first request
    if not inputs and not outputs and "gcp.vertex.agent.llm_request" in attrs:
        inputs, outputs = adk_llm_call(attrs) or ([], [])
    if not inputs and not outputs:
        # Langtrace's events in its own shapes (requests as content, Anthropic's system last)
        found = langtrace_messages(span) or chat_model_messages(span)  # LangChain's invoke
        found = found or event_messages(span) or vercel_messages(attrs)
        if found is None and isinstance(try_json(attrs.get("input")), list):
            found = (  # Logfire's OpenAI integration: Chat Completions message lists
                parse_messages(attrs["input"]),
                parse_messages(attrs.get("output"), default_role="assistant"),
            )
        if found is not None:
            inputs, outputs = found
    cut_in = any(cut_json(attrs.get(k)) for k in _INPUT_KEYS)
    cut_out = any(cut_json(attrs.get(k)) for k in _OUTPUT_KEYS)
    said = _cut_reply(outputs) if cut_out else []
    if cut_out:  # the reply is lost past the cut: the run's answer stands in (partial)
        outputs = [*said, Msg(role="assistant", partial=True)]
    outputs = litellm_reply(attrs, outputs)  # LiteLLM's flattened function_call requests
    failed = replayed_reply(attrs, inputs, outputs)  # a failed call: an earlier call's turn
    outputs = [] if failed else outputs
    outputs = without_output_names(span, outputs)  # OpenLLMetry's Haystack: output names
    usage = try_json(attrs.get("usage"))
    usage = usage if isinstance(usage, dict) else langsmith_usage(attrs)
    turn = mastra == "model_step" and attrs.get("gen_ai.operation.name") == "agent_step"
    # openlit's joined ``gen_ai.tool.*``: the reply's calls again when its messages hold them
    # (a reply cut short may hold only its first requests: its list still counts)
    requested = any(m.tool_calls for m in outputs) and not cut_out
    outputs = with_listed_ids(outputs, attrs) if requested else outputs  # not an item's id
    return ModelCall(
        span,
        inputs=answered_ids(inputs),
        # a stream's pieces are one message; several finished replies, the reply's choices
        outputs=finished_choices(
            attrs.get(_OUTPUT), joined_pieces(attrs.get(_OUTPUT), without_stream_chunks(outputs))
        ),
        input_tokens=_int(
            attrs,
            "gen_ai.usage.input_tokens",
            "gen_ai.usage.prompt_tokens",
            "ai.usage.inputTokens",
            "ai.usage.promptTokens",
        )
        if token_count(usage.get("input_tokens")) is None
        else token_count(usage["input_tokens"]),
        output_tokens=_int(
            attrs,
            "gen_ai.usage.output_tokens",
            "gen_ai.usage.completion_tokens",
            "ai.usage.outputTokens",
            "ai.usage.completionTokens",
        )
        if token_count(usage.get("output_tokens")) is None
        else token_count(usage["output_tokens"]),
        cost_usd=float(sum(cost_parts)) if cost_parts else None,
        model=_mlflow_asked_model(span)
        or pipecat_model(span)  # Pipecat: its setting, not an earlier reply's dated name
        or claude_asked_model(attrs)  # LangSmith's Claude Agent SDK runs: the model asked for
        or _model_name(attrs.get("gen_ai.request.model"))
        or _model_name(attrs.get("ai.model.id"))
        or _model_name(attrs.get("gen_ai.response.model")),
        provider=_text(attrs.get("gen_ai.provider.name") or attrs.get("gen_ai.system")),
        response_model=_text(attrs.get("gen_ai.response.model")),
        wraps_calls=mastra == "model_generation" or turn,
        turn=turn,
        cut_short=cut_in or cut_out,
        input_cut=any(cut_json(attrs.get(k)) for k in _INPUT_KEYS[:2]),
        reply_cut=cut_out,
        listed_requests=[] if requested else joined_requests(attrs),
        failed=failed,
        reply_unread=cut_out and not said,  # nothing of it whole: an earlier text is no answer
    )


def _cut_reply(outputs: list[Msg]) -> list[Msg]:
    """What a reply an attribute length limit cut short says, as far as it is whole (D19).

    One message (the reply of one choice, the GenAI conventions' shape), its parts whole
    before the cut (`.._cut_json`): said, and the run's answer stands in only for what
    followed. Several messages before the cut may be a stream's chunks whose assembled
    whole the cut took (Google ADK's, `.._stream_chunks`), not turns: none is said. With
    nothing said whole, the reply is unread (`.._unread_replies`): the text said before it,
    which the run went on past, is no answer either. Text that is itself JSON cut short (a
    reader that took the cut attribute as text) is no message.

    Examples:
        >>> _cut_reply([Msg(role="assistant", content="Paris is sunny.")])[0].content
        'Paris is sunny.'
        >>> _cut_reply([Msg(role="assistant", content="Paris"), Msg(role="assistant",
        ...             content=" is sunny.")])
        []
        >>> _cut_reply([Msg(role="assistant", content='{"generations": [[{"text": "Par')])
        []
    """
    said = [m for m in outputs if not cut_json(m.content)]
    return said if len(said) == 1 else []


def _inputs(attrs: dict[str, Any]) -> list[Msg]:
    """A model call's or run's input messages.

    Its system instructions first, unless its messages hold them too (the same text as a
    system message: one message), then its messages.
    """
    out: list[Msg] = []
    if "gen_ai.input.messages" in attrs:
        out.extend(parse_messages(attrs["gen_ai.input.messages"]))
    elif "gen_ai.prompt" in attrs:
        out.extend(parse_messages(attrs["gen_ai.prompt"]))
    else:
        out.extend(only_said(_flat_messages(attrs, "gen_ai.prompt.", "user")))
    # the same text also a system message of the input: one message
    return with_system_instructions(out, attrs.get("gen_ai.system_instructions"))


def _outputs(attrs: dict[str, Any]) -> list[Msg]:
    if "gen_ai.output.messages" in attrs:
        return parse_messages(attrs["gen_ai.output.messages"], default_role="assistant")
    if "gen_ai.completion" in attrs:
        return parse_messages(attrs["gen_ai.completion"], default_role="assistant")
    flat = _flat_messages(attrs, "gen_ai.completion.", "assistant")
    if flat:
        return flat
    if "gen_ai.output" in attrs:
        return [_any_agent_output(attrs["gen_ai.output"], attrs.get("gen_ai.output.type"))]
    return []


def _any_agent_output(raw: Any, kind: Any) -> Msg:
    """any-agent's ``gen_ai.output``: a list of ``{tool.name, tool.args}`` is a tool-call turn."""
    value = try_json(raw) if kind == "json" or not isinstance(raw, str) else raw
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, dict) and "tool.name" in v for v in value)
    ):
        calls = [
            ToolRequest(str(v["tool.name"]), parse_arguments(v.get("tool.args"))) for v in value
        ]
        return Msg(role="assistant", tool_calls=calls)
    return Msg(role="assistant", content=raw if isinstance(raw, str) else result_text(raw))


def _flat_messages(attrs: dict[str, Any], prefix: str, role: str) -> list[Msg]:
    """The older flattened form: ``gen_ai.prompt.0.role``, ``gen_ai.prompt.0.content``...

    A content of JSON text items is their text (`item_list_text`).
    """
    out: list[Msg] = []
    for item in indexed(attrs, prefix):
        requested = _tool_call_json(item.get("content"))
        if requested is not None:
            out.append(requested)  # whatever role the entry has (Koog replays it as "tool")
            continue
        calls = indexed(item, "tool_calls.")
        content = item_list_text(item.get("content"))
        data: dict[str, Any] = {"role": item.get("role") or role, "content": content}
        if calls:
            data["tool_calls"] = [
                {"id": c.get("id"), "name": c.get("name"), "arguments": c.get("arguments")}
                for c in calls
            ]
        if item.get("tool_call_id"):
            data["tool_call_id"] = item["tool_call_id"]
        out.extend(parse_messages(data, default_role=role))
    return out


def _tool_call_json(content: Any) -> Msg | None:
    """The assistant's tool-call turn, when `content` is JSON of OpenAI-style tool calls.

    ``[{function: {name, arguments}, id, type}]``, as Koog writes a requested call.
    """
    value = try_json(content) if isinstance(content, str) else None
    if not (isinstance(value, list) and value):
        return None
    if not all(isinstance(v, dict) and isinstance(v.get("function"), dict) for v in value):
        return None
    calls = [
        ToolRequest(
            name=str(v["function"].get("name") or ""),
            arguments=parse_arguments(v["function"].get("arguments")),
            id=_text(v.get("id")),
        )
        for v in value
    ]
    return Msg(role="assistant", tool_calls=calls)


def _passages(span: Span) -> list[Passage]:
    attrs = span.attributes
    docs = try_json(attrs.get("gen_ai.retrieval.documents"))
    source = _text(attrs.get("gen_ai.data_source.id"))
    out = []
    for i, doc in enumerate(docs if isinstance(docs, list) else []):
        if not isinstance(doc, dict):
            continue
        text = doc.get("content") or doc.get("text") or ""
        score = doc.get("score")
        out.append(
            document_passage(
                span.span_id,
                i,
                id=doc.get("id"),
                text=text if isinstance(text, str) else result_text(text) or "",
                source=source,
                score=score,
            )
        )
    return out


def _first(attrs: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        if key in attrs:
            return attrs[key]
    return None


def _int(attrs: dict[str, Any], *keys: str) -> int | None:
    """The first count found under `keys`; None when none is there (unknown, not zero)."""
    return first_token_count(attrs, *keys)


def _text(value: Any) -> str | None:
    return str(value) if value not in (None, "") else None

"""OpenInference spans (Arize Phoenix and its instrumentations) into fourfold traces.

What each span is comes from ``openinference.span.kind``:

- ``AGENT`` and ``CHAIN``: a run (a chain counts only outside other steps; a CrewAI task's
  output gives its conversation and a crew's its usage, `._shapes.crewai_task_messages`);
  ``input.value``/``output.value`` are its input and result (of a LangGraph state
  ``{"messages": [...]}``, the last assistant message); an AGENT names the agent by
  ``agent.name`` or ``graph.node.id``, else the ``name`` its replies in that state carry,
  else a LangGraph graph's own span's name (`._graph_runs`; a state in which no assistant
  said anything is no answer), else smolagents' ``<name>.run`` span name (not
  ``<Class>Agent.run``); a CHAIN named as its metadata's ``lc_agent_name`` (LangChain.js's
  ``createAgent``) names that agent, and so does LangGraph.js's ``createReactAgent`` graph
  CHAIN named as built, whose replies all carry that name (`._agent_chains`); a chain whose output
  is a Haystack pipeline's outputs by component, one of them an ``Agent``'s, names the agent
  by that component and answers with its last text (D17), and a chat generator's reply
  among them (a ``ChatMessage`` repr) answers with its text (`._chat_reprs.pipeline_replies`);
  a JSON input's
  ``task``, or the one text value of a JSON object holding nothing else (a CrewAI crew's
  kickoff inputs), is the run's input; a DSPy module's (openinference-instrumentation-dspy)
  arguments that ask no one text are its input as written, and its prediction's one output
  field beside ``reasoning`` / ``trajectory`` its answer (`._dspy_programs`); a BeeAI
  ``Workflow`` CHAIN whose last step wrote no answer returns its final state whole
  (`._beeai_workflows`); an AGENT's
  ``output.value`` holding GenAI-convention messages (the AI SDK 7's run summary under
  @arizeai/openinference-vercel) is no result: its answer is its messages' (`._run_summary`);
- ``LLM``: a model call; messages from ``llm.input_messages.<i>.message.*`` and
  ``llm.output_messages.<i>.message.*`` (``role``, ``content`` or
  ``contents.<j>.message_content.text``, ``tool_calls.<k>.tool_call.{id, function.name,
  function.arguments}``, ``tool_call_id``; a tool message is failed when the request in
  ``input.value`` marks its result so: Anthropic's ``is_error``, Bedrock's ``status: error``,
  a Gemini function response's ``error``, `._request_failures`; a Claude reply on Bedrock's
  InvokeModel written one message per block is one message, and a user message answering a
  request by its ``tool_call_id`` a tool message, `._block_messages`; what LangChain.js's
  flattened messages leave out, a text given as parts and every id, from the serialised
  messages in ``input.value`` / ``output.value``, `._serialized_messages`; a message of
  Converse tool results, which Bedrock's JS instrumentation flattens to its last call's id,
  from the Converse request in ``input.value``, `._converse_requests`; google-genai's
  automatic function calling, one span for its whole loop, with the turns between read from
  the response's ``automatic_function_calling_history``, `._afc_history`; flattened
  requests after those a raw Gemini response in ``output.value`` lists are an earlier call's
  left on the span, `._leftover_requests`), else
  from ``llm.prompts`` and ``input.value``/``output.value`` (a provider response object in
  it, or in a list as its one item — the OpenAI Agents SDK's streamed call — is read for
  the message and its usage; a list of tool calls is a reply that only requests them,
  as CrewAI's model calls record it, and so is a list of google-genai ``Part`` objects,
  CrewAI's on Gemini, `._genai_parts`, and DSPy's LM outputs ``{text, tool_calls}``,
  `._lm_outputs`); a reply streamed as one entry per chunk is joined;
  usage from ``llm.token_count.prompt/completion``, cost from ``llm.cost.total`` (or
  ``prompt`` + ``completion``); the model is the one ``llm.request.model_name`` or
  ``llm.invocation_parameters`` asked for, else a Converse request's ``modelId`` in
  ``input.value`` (its ``llm.model_name`` a cut of it, no answering model:
  `._converse_requests`), else ``llm.model_name`` (then the answering model when the two
  differ); the Responses API's hosted file search in a reply (an
  assistant request named ``file_search_call``, the ``Response``'s item with its results) is
  a ``file_search`` call whose results are passages (`._hosted_search`); an Anthropic
  reply whose raw ``Message`` holds a server tool's request and result blocks, or a Gemini
  response's ``executable_code`` and ``code_execution_result`` parts, is its turns in
  block order, the call's result a tool message between them (`.._server_tools`);
- ``TOOL``: a tool call, read by `._tools.tool_call` (``tool.name``, ``input.value``,
  ``output.value``, ``tool_call.id``...); not the OpenAI Agents SDK's ``handoff to <agent>``
  span (no ``tool.name``, or the JS instrumentation's ``handoff_to_<agent>``; input and
  output the two agents' names), which records the handoff the model's
  ``transfer_to_<agent>`` request and its tool message already hold (`.._handoff_spans`);
- ``RETRIEVER``: passages from ``retrieval.documents.<i>.document.{id, content, score, metadata}``;
  ``RERANKER``: what it kept (D16), and so is a LlamaIndex node postprocessor's CHAIN
  ``<Postprocessor>._postprocess_nodes`` listing the nodes it was given and kept as
  ``NodeWithScore`` reprs (``LLMRerank``, which makes no RERANKER span, `._postprocessed_nodes`).

Attributes exported nested (``{"llm": {"input_messages": [...]}}``) are flattened first, so
both forms read the same. traceAI's spans (``gen_ai.span.kind``) are these spans under other
names, renamed before they are read (`._traceai`); of its shapes, an LLM span with no reply or
usage whose ``output.value`` is the request it built (LlamaIndex's
``_prepare_chat_with_tools``) is no model call (`_prepares_request`), a run's or step's
LlamaIndex ``AgentOutput`` answers with its response (`_agent_output_reply`), and a LangGraph
state of its messages' ``str()`` s is the run's conversation (`._state_reprs.state_messages`).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...trace import Passage
from .._answer import is_repr, one_response, provider_message
from .._choices import as_choices, response_choices
from .._common import ImportedTrace, assemble_all
from .._document_passages import document_passage, named_source
from .._handoff_spans import handoff_target
from .._messages import Msg, parse_messages, result_text, try_json
from .._numbers import amount, token_count
from .._passages import Retrieval
from .._resumed_state import resumed_question
from .._run_records import object_repr
from .._server_tools import server_tool_turns
from .._span_files import documents_of
from .._spans import Span, indexed, read_spans
from .._steps import AgentRun, ModelCall, Step
from .._stream_chunks import without_stream_chunks
from .._templated_prompts import with_template_turns
from ._afc_history import afc_turns
from ._ag2_replies import generate_reply_turn
from ._agent_chains import agent_chain_name, react_chain_name
from ._agentchat_messages import function_results, multimodal_text, task_result_reply
from ._beeai_messages import with_parts
from ._beeai_tool_runs import answered_request
from ._beeai_workflows import workflow_result
from ._block_messages import one_reply, tool_results
from ._chat_reprs import chat_message_reprs, chat_reply_model, pipeline_agent, pipeline_replies
from ._converse_requests import converse_model, with_converse_results
from ._dspy_programs import dspy_answer, dspy_input, is_dspy_module
from ._event_spans import is_event_span
from ._genai_parts import genai_parts_reply
from ._graph_input import graph_state_question
from ._graph_runs import graph_agent_name, state_output
from ._guardrails import guard_messages, mend_guard_calls
from ._haystack import haystack_question
from ._hosted_search import hosted_search, hosted_turns
from ._joined_results import split_results
from ._leftover_requests import without_leftover_requests
from ._litellm import tool_answer_ids
from ._lm_outputs import lm_outputs_reply
from ._mlflow_llamaindex import agent_output, prepared_request
from ._openinference_pipecat import asked_model, frame_error, system_prompt
from ._otel import agent_name
from ._postprocessed_nodes import postprocessed_nodes
from ._reply_items import item_turns
from ._request_failures import mark_failures
from ._response_ids import with_response_ids
from ._run_summary import is_run_summary
from ._serialized_messages import serialized_prompt, serialized_reply, with_serialized
from ._shapes import (
    crewai_task_messages,
    crewai_usage,
    langchain_messages,
    mastra_step,
    smolagents_message,
)
from ._state_reprs import held_turns, state_messages
from ._tools import merges_responses, tool_run
from ._traceai import as_openinference

__all__ = ["from_openinference", "interpret_openinference"]


def from_openinference(data: str | Path | Any) -> list[ImportedTrace]:
    """Import OpenInference traces.

    Args:
        data: a file (OTLP JSON, a span dump, or JSONL with one span or OTLP request per
            line), or the parsed JSON of one; a bare attribute map is one span.

    Returns:
        One imported trace per trace id, in order of first appearance.

    Raises:
        ConfigError: the file is missing or malformed, or holds no spans.

    Examples:
        >>> [imported] = from_openinference({
        ...     "openinference.span.kind": "LLM", "llm.token_count.prompt": 9,
        ...     "llm.input_messages.0.message.role": "user",
        ...     "llm.input_messages.0.message.content": "Hi",
        ...     "llm.output_messages.0.message.role": "assistant",
        ...     "llm.output_messages.0.message.content": "Hello!"})
        >>> imported.input, imported.trace.output, imported.trace.usage.input_tokens
        ('Hi', 'Hello!', 9)
    """
    batch = read_spans(documents_of(data))
    as_openinference(batch.spans)  # traceAI's spans: OpenInference's under gen_ai.* names
    mend_guard_calls(batch.spans)  # Guardrails' model calls: their reply and model, from the step
    return assemble_all(batch, interpret_openinference, source="openinference")


def interpret_openinference(span: Span) -> Step | None:
    """What one span is under the OpenInference conventions (None: not part of a run)."""
    attrs = flatten(span.attributes)
    kind = str(attrs.get("openinference.span.kind") or "").upper()
    if kind == "AGENT" and span.emitter_event not in (None, "success", "error"):
        return None  # an agent's start/update events repeat the prompt or announce a tool
    mastra = attrs.get("mastra.span.type")
    if mastra in ("model_chunk", "model_inference"):
        return None  # Mastra's (its Arize exporter): a stream's pieces, a step's repeat
    if kind == "LLM" and mastra == "model_step":
        # an agent loop's turn: its one request and reply (`mastra_step`), the tools it asked
        # for run inside it (the Arize exporter types it LLM; its inference span, CHAIN, repeats it)
        inputs, outputs = mastra_step(attrs) or ([], [])
        return ModelCall(span, inputs=inputs, outputs=outputs, wraps_calls=True, turn=True)
    if kind == "LLM" and mastra == "model_generation":  # its steps' first request, last reply
        return replace(_model_call(span, attrs), wraps_calls=True)  # and their usage
    if kind == "CHAIN" and (postprocessor := postprocessed_nodes(span, attrs)) is not None:
        return postprocessor  # LlamaIndex's LLMRerank: a reranker recorded by ids (D16)
    if kind == "CHAIN" and _smolagents_step(span, attrs):
        return None  # a step of a smolagents run, no run: its input a repr, its output observations
    if kind in ("AGENT", "CHAIN"):
        raw_input = attrs.get("input.value")
        state = langchain_messages(attrs.get("output.value"))
        # traceAI's LangChain: a LangGraph state of the messages' str()s, whose requesting
        # turns and tool messages its model calls' flattened inputs replay without their ids
        written = state_messages(attrs.get("output.value")) if state is None else None
        state = state if state is not None else written
        reprs = None
        if state is None:  # a Haystack Agent's output: its ChatMessages, as reprs
            state = reprs = chat_message_reprs(attrs.get("output.value"))
        name = (
            _agent_name(span, attrs, state)
            if kind == "AGENT"
            # LangChain.js's createAgent, LangGraph.js's createReactAgent (CHAIN)
            else agent_chain_name(span.name, attrs) or react_chain_name(span.name, attrs, state)
        )
        component = pipeline_agent(attrs.get("output.value")) if state is None else None
        if component is not None:  # a Haystack pipeline's Agent component, by its name (D17)
            name, state = component
        said = [m for m in state or [] if m.role == "assistant" and m.content]
        if state is None and not said:  # a LlamaIndex AgentOutput (traceAI's): its response
            said = [m for m in _agent_output_reply(attrs) if m.content]
        if state is None and not said:  # an AutoGen team's or agent's TaskResult: its answer
            said = task_result_reply(attrs.get("output.value"))
        usage = crewai_usage(attrs.get("output.value"))
        output = state_output(state, attrs.get("output.value")) if not said else None
        if state is None:  # a Haystack pipeline's chat generator: its reply's text, not the repr
            replies = pipeline_replies(attrs.get("output.value")) or []
            said = [m for m in replies if m.role == "assistant" and m.content]
        if kind == "AGENT" and is_run_summary(output):  # the AI SDK's summary message: no answer
            output = None
        # a LangGraph graph's state of its own schema: the text under its ask key
        asked = _run_input(raw_input) or graph_state_question(attrs)
        # a LangGraph run resumed by a ``Command``: the question its state holds
        asked = asked or resumed_question(raw_input, None if reprs is not None else state)
        if is_dspy_module(span):  # a DSPy module: its arguments, its prediction's field
            output, asked = dspy_answer(output), dspy_input(raw_input, asked)
        return AgentRun(
            span,
            # an emitter's success event repeats the model's prompt, not the user's input
            inputs=_value_messages(raw_input, "user") if span.emitter_event is None else [],
            # a LangGraph state's result is its last assistant message, not the state
            outputs=said[-1:],
            output_value=output,
            kind="agent" if kind == "AGENT" else "chain",
            name=name,
            # a Haystack Agent's replies name their model in their _meta
            model=_text(attrs.get("llm.model_name")) or chat_reply_model(attrs.get("output.value")),
            input_value=asked,
            # its conversation, read when its model calls made no span (D3)
            # AG2's generate_reply: the agent's reply, its turn (`._ag2_replies`)
            history=crewai_task_messages(attrs.get("output.value"))
            or reprs
            or (generate_reply_turn(span.name, attrs) if kind == "AGENT" else []),
            input_tokens=usage[0],
            output_tokens=usage[1],
            state=state if state is not None and reprs is None and component is None else [],
            # a BeeAI Workflow whose last step wrote no answer: its final state, whole
            whole_output=kind == "CHAIN" and workflow_result(attrs),
            held_turns=held_turns(written or []),
        )
    if kind == "LLM":
        if _renders_prompt_only(attrs) or _prepares_request(attrs):
            return None
        return _model_call(span, attrs)
    if kind == "TOOL":
        if handoff_target(span.name, attrs) is not None:
            return None  # the transfer_to_<agent> request and its result record this call
        if merges_responses(attrs):
            return None  # ADK merging parallel calls' responses: no tool ran
        if is_event_span(span.name, attrs):
            return None  # BeeAI's span for its tool run's error event: the run records it
        run = tool_run(span, answered_request(attrs))  # BeeAI TS's: the request it answers
        if run.call.error is None and (raised := frame_error(span)) is not None:
            run.call.error = raised  # a Pipecat function that raised: its span ends OK
        return run
    if kind == "RETRIEVER":
        return Retrieval(span, _passages(span, attrs))
    if kind == "RERANKER":  # what it kept, and what it was given (D16)
        kept = _passages(span, attrs, "reranker.output_documents.")
        return Retrieval(span, kept, reranked=_passages(span, attrs, "reranker.input_documents."))
    return None


def flatten(attributes: dict[str, Any]) -> dict[str, Any]:
    """Nested mappings and lists of mappings as dotted keys (``llm.input_messages.0.message.role``).

    Examples:
        >>> flatten({"llm": {"input_messages": [{"message": {"role": "user"}}]}})
        {'llm.input_messages.0.message.role': 'user'}
    """
    out: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict) and value:
            for k, v in value.items():
                walk(f"{prefix}.{k}" if prefix else str(k), v)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, v in enumerate(value):
                walk(f"{prefix}.{i}", v)
        else:
            out[prefix] = value

    for key, value in attributes.items():
        walk(key, value)
    return out


def _agent_name(span: Span, attrs: dict[str, Any], state: list[Msg] | None) -> str | None:
    """The agent's name: ``agent.name``, else ``graph.node.id``, else a framework's own.

    The root AGENT of an SDK's workflow names none (its span name is the workflow's). A
    LangGraph agent's replies in its output state carry its ``name``; LangChain 1.x's
    ``create_agent`` also writes it in the span's ``metadata`` (``lc_agent_name``), which
    names it when the run raised before any state came out. A LangGraph graph's own span is
    named as the graph was compiled (`._graph_runs`).
    """
    for key in ("agent.name", "gen_ai.agent.name", "graph.node.id"):
        if _text(attrs.get(key)):
            return str(attrs[key])
    output = try_json(attrs.get("output.value"))
    if isinstance(output, dict) and isinstance(output.get("agent"), str):
        return str(output["agent"])  # CrewAI's TaskOutput names the agent (its role)
    named = [m.name for m in state or [] if m.role == "assistant" and m.name]
    if named:
        return named[-1]
    metadata = try_json(attrs.get("metadata"))
    if isinstance(metadata, dict) and _text(metadata.get("lc_agent_name")):
        return str(metadata["lc_agent_name"])
    if graph_agent_name(span.name, attrs) is not None:  # a LangGraph graph named as built
        return graph_agent_name(span.name, attrs)
    run = _RUN_SPAN.fullmatch(span.name)  # smolagents: "<agent name>.run", else "<Class>.run"
    if run and not (run.group(1)[:1].isupper() and run.group(1).endswith("Agent")):
        return run.group(1)
    return agent_name(span)


_SMOL_STEP = re.compile(r"Step \d+")


def _smolagents_step(span: Span, attrs: dict[str, Any]) -> bool:
    """Whether `span` is a step of a smolagents run (``Step <n>``, CHAIN): no run of its own.

    openinference-instrumentation-smolagents writes each step of an agent's loop as a CHAIN
    named ``Step <n>`` under the agent's ``<name>.run`` span, its input the step object's
    repr (``{"memory_step": "ActionStep(step_number=1, ...)"}``) and its output the step's
    observations (what its tools returned, which smolagents gives the next model call as an
    ``Observation:`` message), so neither is the user's question nor the run's answer. Inside
    the agent's span a chain counts as no run anyway; a trace cut short before the agent's
    span ended (`openinference-smolagents-cut-short-2026-12-07z`) has the steps alone, and
    they were read as the run, their observations its answer.

    Examples:
        >>> from .._spans import Span
        >>> step = Span("t", "s", None, "Step 1", 0, 1, "ok", None, {})
        >>> _smolagents_step(step, {"input.value": '{"memory_step": "ActionStep(step_number=1)"}'})
        True
        >>> _smolagents_step(step, {"input.value": '{"task": "Weather?"}'})
        False
    """
    if _SMOL_STEP.fullmatch(span.name) is None:
        return False
    given = try_json(attrs.get("input.value"))
    return isinstance(given, dict) and "memory_step" in given


def _run_input(raw: Any) -> str | None:
    """What the user asked the run: ``input.value`` as text, or the question in its JSON.

    The question is the JSON's ``task``, or the one text value of an object that holds
    nothing else, also inside an object that holds only it. smolagents writes ``{"task": ...,
    "stream": ..., ...}``; a CrewAI crew its kickoff inputs (``{"question": ...}``);
    openinference-instrumentation-dspy a module's keyword arguments (``ReAct.forward``'s
    ``{"input_args": {"question": ...}}``); other JSON (a chain's arguments) is not the
    user's question. JSON's ``null`` is no input.
    """
    if not isinstance(raw, str) or raw.strip() == "null":
        return None  # JSON's null: a run given None (LangGraph's resume, ``invoke(None)``)
    if not _is_json(raw):
        return raw
    parsed = try_json(raw)
    if not isinstance(parsed, dict):
        return None
    task = parsed.get("task")
    if task is None and isinstance(parsed.get("data"), dict):
        task = haystack_question(parsed["data"])
    if task is None and len(parsed) == 1:
        [task] = parsed.values()
        if isinstance(task, dict) and len(task) == 1:
            [task] = task.values()
    return task if isinstance(task, str) and task.strip() else None


_RUN_SPAN = re.compile(r"(\w+)\.run")


def _is_json(text: str) -> bool:
    return text.strip()[:1] in ("{", "[") and try_json(text) is not text


def _renders_prompt_only(attrs: dict[str, Any]) -> bool:
    """An LLM span that only fills a prompt template: no model call.

    openinference-instrumentation-haystack types a ``PromptBuilder`` LLM: it has
    ``llm.prompt_template.*`` and the rendered prompt as ``output.value``, but no model (no
    ``llm.model_name``, invocation parameters or provider), no messages and no token counts.
    Its output is the prompt, not a reply.
    """
    if not any(k.startswith("llm.prompt_template.") for k in attrs):
        return False
    model_keys = ("llm.model_name", "llm.invocation_parameters", "llm.provider", "llm.system")
    call_keys = ("llm.input_messages.", "llm.output_messages.", "llm.token_count.")
    return not any(k in model_keys or k.startswith(call_keys) for k in attrs)


def _prepares_request(attrs: dict[str, Any]) -> bool:
    """An LLM span that only built the request: LlamaIndex's ``_prepare_chat_with_tools``.

    traceAI's LlamaIndex instrumentation types it ``LLM``, as MLflow's autolog does: no
    messages, reply or token counts of its own, its ``output.value`` the request it built
    (``{messages, tools, ...}``, `._mlflow_llamaindex.prepared_request`), sent by the chat
    span after it. An LLM span with a reply or usage is a model call, whatever its output.

    Examples:
        >>> built = '{"messages": ["user: Hi"], "tools": []}'
        >>> _prepares_request({"output.value": built})
        True
        >>> _prepares_request({"output.value": built, "llm.token_count.prompt": 9})
        False
        >>> _prepares_request({"output.value": '{"message": {"role": "assistant"}}'})
        False
    """
    call_keys = ("llm.input_messages.", "llm.output_messages.", "llm.token_count.")
    if any(k.startswith(call_keys) for k in attrs):
        return False
    return prepared_request(try_json(attrs.get("output.value")))


def _agent_output_reply(attrs: dict[str, Any]) -> list[Msg]:
    """The response of a LlamaIndex ``AgentOutput`` in ``output.value`` (`agent_output`).

    traceAI's LlamaIndex instrumentation writes a workflow agent's run and steps so, as their
    JSON dumps: the response is the reply, the run's answer. Any other output: none.

    Examples:
        >>> out = ('{"response": {"role": "assistant", "blocks": [{"text": "Sunny."}]}, '
        ...     '"current_agent_name": "weather_agent", "tool_calls": []}')
        >>> [(m.role, m.content) for m in _agent_output_reply({"output.value": out})]
        [('assistant', 'Sunny.')]
        >>> _agent_output_reply({"output.value": '{"response": "Sunny."}'})
        []
    """
    found = agent_output(try_json(attrs.get("output.value")))
    if found is None or found[0] is None:
        return []
    return parse_messages(found[0], default_role="assistant")


def _model_call(span: Span, attrs: dict[str, Any]) -> ModelCall:
    # BeeAI TS's flattened messages lose their tool parts, which input.value holds
    flat = with_parts(_messages(attrs, "llm.input_messages.", "user"), attrs.get("input.value"))
    # LangChain.js's flattened messages lose a text given as parts, and every id
    flat = with_serialized(flat, serialized_prompt(attrs.get("input.value")))
    # Bedrock's JS instrumentation flattens a message of tool results to its last call's id
    flat = with_converse_results(flat, attrs.get("input.value"))
    inputs = tool_results(flat)
    if not inputs and attrs.get("llm.prompts") is not None:
        prompts = try_json(attrs["llm.prompts"])
        items = prompts if isinstance(prompts, list) else [prompts]
        inputs = [Msg(role="user", content=str(p)) for p in items if p not in (None, "")]
        inputs = with_template_turns(inputs)
    # Haystack's ChatMessages, whose reprs in input.value / output.value hold the tool calls,
    # ids and results that llm.input_messages / llm.output_messages leave out
    given = chat_message_reprs(attrs.get("input.value"))
    if given is not None and len(given) >= len(inputs):
        inputs = given
    if not inputs:  # Guardrails' model call: the msg_history of its input.value
        inputs = guard_messages(attrs.get("input.value"))
    if not inputs:  # a prompt recorded as text, not as messages: a chat template's turns
        inputs = with_template_turns(_value_messages(attrs.get("input.value"), "user"))
        inputs = inputs or _body_prompt(attrs.get("llm.invocation_parameters"))
    else:
        mark_failures(inputs, attrs.get("input.value"))
        inputs = split_results(inputs, attrs.get("input.value"))  # one message of results
        tool_answer_ids(inputs, attrs.get("input.value"))  # ids the flattened form left out
    # google-genai's automatic function calling: the turns it ran inside this one span
    inputs = inputs + afc_turns(inputs, attrs.get("input.value"), attrs.get("output.value"))
    if (prompt := system_prompt(span)) is not None and not any(m.role == "system" for m in inputs):
        inputs = [Msg(role="system", content=prompt), *inputs]  # Pipecat's, in its settings
    outputs = chat_message_reprs(attrs.get("output.value")) or one_reply(
        with_parts(_stream(attrs), attrs.get("output.value")), attrs.get("output.value")
    )
    response = one_response(try_json(attrs.get("output.value")))
    outputs = without_leftover_requests(outputs, response)  # an earlier call's, left on the span
    from_response = provider_message(response)
    if not outputs:
        outputs = (
            [from_response]
            if from_response is not None
            else _value_messages(attrs.get("output.value"), "assistant")
        )
    outputs = with_response_ids(outputs, from_response)  # ids the flattened reply left out
    outputs = with_serialized(outputs, serialized_reply(attrs.get("output.value")))
    outputs = server_tool_turns(outputs, response)  # tools the provider ran, as its blocks say
    searched = hosted_search(span, outputs, response)  # the Responses API's file search
    outputs, hosted = hosted_turns(span, outputs, response)  # and its other hosted tools
    outputs = item_turns(outputs, response)  # a Responses reply: a turn an item
    usage = response.get("usage") if isinstance(response, dict) else None
    usage = usage if isinstance(usage, dict) else {}
    requested, named = _requested_model(attrs), _text(attrs.get("llm.model_name"))
    requested = requested or asked_model(span)  # Pipecat's service: the model it asks for
    if requested is None and (sent := converse_model(attrs.get("input.value"))) is not None:
        requested, named = sent, None  # Bedrock's JS instrumentation: the name a cut of the id
    cost = amount(attrs.get("llm.cost.total"))
    if cost is None:
        parts = [amount(attrs.get(k)) for k in ("llm.cost.prompt", "llm.cost.completion")]
        known = [p for p in parts if p is not None]
        cost = sum(known) if known else None
    return ModelCall(
        span,
        inputs=inputs,
        outputs=outputs,
        input_tokens=_first_count(
            attrs.get("llm.token_count.prompt"),
            attrs.get("gen_ai.usage.input_tokens"),
            attrs.get("gen_ai.usage.prompt_tokens"),
            usage.get("prompt_tokens"),
            usage.get("input_tokens"),
        ),
        output_tokens=_first_count(
            attrs.get("llm.token_count.completion"),
            attrs.get("gen_ai.usage.output_tokens"),
            attrs.get("gen_ai.usage.completion_tokens"),
            usage.get("completion_tokens"),
            usage.get("output_tokens"),
        ),
        cost_usd=cost,
        model=requested or _text(attrs.get("gen_ai.request.model")) or named,
        provider=_text(attrs.get("llm.provider") or attrs.get("llm.system")),
        response_model=_text(attrs.get("gen_ai.response.model"))
        or (named if requested and named != requested else None),
        retrieval=searched,
        hosted_calls=hosted,
    )


def _body_prompt(parameters: Any) -> list[Msg]:
    """The prompt of a completion request's body recorded as the invocation's parameters.

    OpenInference's Bedrock instrumentation writes an ``invoke_model`` call on Amazon Titan
    with no ``input.value``: the whole body is ``llm.invocation_parameters``, its prompt the
    ``inputText`` (Titan's; ``prompt``, Llama's and Mistral's). That text, as written, is the
    call's one user message (a chat template's turns where it is one).

    Examples:
        >>> [m.content for m in _body_prompt('{"inputText": "User: Hi? Bot:"}')]
        ['User: Hi? Bot:']
        >>> _body_prompt('{"temperature": 0.5}'), _body_prompt(None)
        ([], [])
    """
    body = try_json(parameters)
    if not isinstance(body, dict):
        return []
    prompt = next((body[k] for k in ("inputText", "prompt") if isinstance(body.get(k), str)), None)
    return with_template_turns([Msg(role="user", content=prompt)]) if prompt else []


def _requested_model(attrs: dict[str, Any]) -> str | None:
    """The model the call asked for: ``llm.request.model_name``, else the invocation's model.

    The invocation's model is ``llm.invocation_parameters``' ``model``/``model_name``.

    ``llm.model_name`` is often the model that answered (LangChain's instrumentation reads
    it from the response: ``gpt-4o-mini-2024-07-18`` for a request of ``gpt-4o-mini``;
    the Anthropic instrumentation writes the request's model as ``llm.request.model_name``).
    """
    asked = _text(attrs.get("llm.request.model_name"))
    if asked:
        return asked
    params = try_json(attrs.get("llm.invocation_parameters"))
    if not isinstance(params, dict):
        return None
    for key in ("model", "model_name"):
        if isinstance(params.get(key), str) and params[key]:
            return str(params[key])
    return None


def _first_count(*values: Any) -> int | None:
    """The first of `values` that reads as a number (token counts live under several keys)."""
    return next((n for n in map(token_count, values) if n is not None), None)


def _stream(attrs: dict[str, Any]) -> list[Msg]:
    """``llm.output_messages``, with a streamed reply (one entry per token) joined.

    Chunks recorded before the reply they assemble are left out (`without_stream_chunks`);
    consecutive entries of one role without tool calls are chunks of one message, unless the
    span says they are the choices of a reply (`response_choices`: ``n`` asked, or a
    response of as many finished choices): each a message, the answer the first. Indices
    that do not start at 0 mean the exporter dropped the stream's start (an attribute-count
    limit): such a reply is kept, but marked ``truncated`` so it is not taken as the answer.
    """
    outputs = without_stream_chunks(_messages(attrs, "llm.output_messages.", "assistant"))
    if outputs and not any(k.startswith("llm.output_messages.0.") for k in attrs):
        for msg in outputs:
            msg.partial = True
    if len(outputs) < 2:
        return outputs
    if response_choices(attrs, outputs):  # the choices of a reply (n), each a message
        return as_choices(outputs)
    joined: list[Msg] = []
    for msg in outputs:
        last = joined[-1] if joined else None
        if (
            last is not None
            and last.role == msg.role == "assistant"
            and not last.tool_calls
            and not msg.tool_calls
        ):
            last.content = (last.content or "") + (msg.content or "")
            last.partial = last.partial or msg.partial
        else:
            joined.append(msg)
    return joined


def _messages(attrs: dict[str, Any], prefix: str, role: str) -> list[Msg]:
    out: list[Msg] = []
    for item in indexed(attrs, prefix):
        results = function_results(item)  # AgentChat's results, each a ``function.<j>``
        if results is not None:
            out.extend(results)
            continue
        data: dict[str, Any] = {"role": item.get("message.role") or role}
        contents = indexed(item, "message.contents.")
        if contents:
            data["content"] = [
                {"type": c.get("message_content.type"), "text": c.get("message_content.text")}
                for c in contents
                if c.get("message_content.text") is not None
            ]
        else:
            data["content"] = item.get("message.content")
            if (said := multimodal_text(data["content"])) is not None:
                data["content"] = said[0]  # AgentChat's text and images, the images no text
        calls = indexed(item, "message.tool_calls.")
        if calls:
            data["tool_calls"] = [
                {
                    "id": c.get("tool_call.id"),
                    "function": {
                        "name": c.get("tool_call.function.name"),
                        "arguments": c.get("tool_call.function.arguments"),
                    },
                }
                for c in calls
            ]
        for key in ("tool_call_id", "name"):
            if item.get(f"message.{key}") is not None:
                data[key] = item[f"message.{key}"]
        # BeeAI writes a tool message's id inside its part (contents.0.message.tool_call_id)
        part_ids = [c["message.tool_call_id"] for c in contents if c.get("message.tool_call_id")]
        if "tool_call_id" not in data and part_ids:
            data["tool_call_id"] = part_ids[0]
        text = (
            "\n".join(
                t if isinstance(t, str) else json.dumps(t)
                for t in (c["text"] for c in data["content"])
            )
            if contents
            else data["content"]
        )
        if not smolagents_message(str(data["role"]), text, out):
            out.extend(parse_messages(data, default_role=role))
    return out


def _value_messages(value: Any, role: str) -> list[Msg]:
    """``input.value``/``output.value``: messages when it holds them, else text in `role`."""
    if value is None:
        return []
    parsed = try_json(value)
    reprs = chat_message_reprs(parsed)
    if reprs is not None:  # Haystack's ChatMessages (openinference-instrumentation-haystack)
        return reprs
    if role == "assistant" and _tool_call_list(parsed):
        # CrewAI's model calls: a reply that only requests tools is the list of its calls
        return parse_messages({"role": role, "content": None, "tool_calls": parsed})
    parts = genai_parts_reply(parsed) if role == "assistant" else None
    if parts is not None:  # CrewAI's native Gemini calls: the reply's google-genai Parts
        return [parts]
    outputs = lm_outputs_reply(parsed) if role == "assistant" else None
    if outputs is not None:  # DSPy's LM outputs with tool calls: {text, tool_calls} each
        return outputs
    if isinstance(parsed, list | dict):
        found = parse_messages(parsed, default_role=role)
        # an object's repr is no message (LlamaIndex's ChatMessage reprs in the messages a
        # preparing step returns: {"messages": ["ChatMessage(role=...)", ...]})
        found = [m for m in found if m.tool_calls or not is_text_repr(m.content)]
        if found or not isinstance(parsed, dict):
            return found
        for key in ("input", "query", "question", "output", "answer", "content", "text"):
            if isinstance(parsed.get(key), str):
                return [Msg(role=role, content=parsed[key])]
        return []
    if role == "assistant" and object_repr(value):
        # the stream a streamed call returned, kept as its object's repr (the groq client's
        # ``<groq.Stream object at 0x…>``, the openai client's under Portkey): no reply recorded
        return []
    return [Msg(role=role, content=str(value))]


def is_text_repr(content: Any) -> bool:
    """Whether a message's content is an object's Python repr, not text anyone wrote."""
    return isinstance(content, str) and is_repr(content)


def _tool_call_list(value: Any) -> bool:
    """Whether `value` is a list of OpenAI tool calls and nothing else.

    Each is ``{id, type, function: {name, arguments}}``.
    """
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            isinstance(v, dict)
            and isinstance(v.get("function"), dict)
            and isinstance(v["function"].get("name"), str)
            for v in value
        )
    )


def _passages(
    span: Span, attrs: dict[str, Any], prefix: str = "retrieval.documents."
) -> list[Passage]:
    """The documents under `prefix` as passages.

    ``retrieval.documents.``, or a reranker's ``reranker.input_documents.`` /
    ``reranker.output_documents.``.
    """
    output_ids = _output_document_ids(attrs) if prefix == "retrieval.documents." else {}
    out = []
    for i, doc in enumerate(indexed(attrs, prefix)):
        metadata = try_json(doc.get("document.metadata"))
        meta = metadata if isinstance(metadata, dict) else {}
        for key, value in doc.items():
            if key.startswith("document.metadata."):
                meta[key.removeprefix("document.metadata.")] = value
        source = named_source(meta)
        text = doc.get("document.content")
        out.append(
            document_passage(
                span.span_id,
                i,
                id=doc.get("document.id")
                or (output_ids.get((i, text)) if isinstance(text, str) else None),
                text=text if isinstance(text, str) else result_text(text) or "",
                source=source,
                score=doc.get("document.score"),
            )
        )
    return out


def _output_document_ids(attrs: dict[str, Any]) -> dict[tuple[int, Any], str]:
    """The document ids a retriever span gives only in its output, by position and text.

    LangChain's serialised ``{"documents": [{"id", "page_content", ...}]}``, and LangChain.js's
    ``{"documents": [{"pageContent", "metadata", "id"}]}`` as Node's
    @arizeai/openinference-instrumentation-langchain 4.1 writes it: their
    ``retrieval.documents`` carry content and metadata, no id. Keyed by position and text, so
    an id goes only to the document it names.
    """
    output = try_json(attrs.get("output.value"))
    documents = output.get("documents") if isinstance(output, dict) else None
    if not isinstance(documents, list):
        return {}
    return {
        (i, d.get("page_content", d.get("pageContent"))): d["id"]
        for i, d in enumerate(documents)
        if isinstance(d, dict) and isinstance(d.get("id"), str) and d["id"]
    }


def _text(value: Any) -> str | None:
    return str(value) if value not in (None, "") else None

"""MLflow Tracing's spans (``mlflow.*`` attributes) as MLflow exports them over OTLP.

MLflow 3 (``@mlflow.trace``, ``mlflow.start_span`` and its autologging: ``mlflow.openai``,
``mlflow.langchain``, the OpenAI Agents SDK...) writes no GenAI or OpenInference keys by
default: what a span is is ``mlflow.spanType`` and what went in and out is
``mlflow.spanInputs`` / ``mlflow.spanOutputs``, every value JSON text (a string too, in
quotes). By span type:

- ``CHAT_MODEL`` / ``LLM``: a model call. Its input is the call's arguments: the OpenAI
  request (``{"model", "messages", "tools"...}``: the messages in the request's form; an
  Anthropic request's ``system`` first), LangChain's messages as OpenAI-style dicts
  (``{"messages": [...]}``, a batch's first list), or the message list itself (the Agents
  SDK's generation); its output the provider's response (``choices[0].message``, a Responses
  API object), or the reply messages as a list; a streamed call's reply is read from its
  chunk events (``mlflow.chunk.item.<n>``), the outputs MLflow assembled from them having lost
  the tool calls (`_streamed_reply`); an output that is an object's default repr is no
  reply (the anthropic SDK's ``create(stream=True)`` under MLflow 3.17's autolog, which
  records the ``Stream`` it returned, ``<anthropic.Stream object at 0x...>``: the reply is in
  no span, the next call's request holds it; the last call's, the answer, is read nowhere,
  `ModelCall.reply_unread`). Usage is ``mlflow.chat.tokenUsage`` (``input_tokens``,
  ``output_tokens``), else the recorded response's own ``usage`` (a call traced by hand,
  its outputs the provider's response); the model asked for is the request's ``model``,
  else LangChain's ``invocation_params``, else the ``model`` LiteLLM's autolog writes (its
  logging payload's, the model asked for without its provider prefix), else
  ``mlflow.llm.model`` (which the OpenAI autolog writes as the answering model,
  ``mlflow.llm.model`` being the response's there), else the response's ``model``.
  LlamaIndex's ``ChatMessage``s (``mlflow.message.format`` ``llamaindex``) carry their text
  as ``blocks`` (``{"block_type": "text", "text"}``), its reply as ``{"message", "raw"}``:
  the blocks' text is the content, their calls the turn's (`._mlflow_llamaindex`, which
  also reads a streamed chat's repr, a prepared request and an ``AgentOutput``); the
  google-genai, Converse and pydantic-ai objects other autologs record are read by
  `._mlflow_native`; a ``responses.create`` call (the request ``{"instructions", "input"}``,
  the reply a ``Response`` whose items are each a message) by `._mlflow_responses`;
- ``TOOL``: a tool call: its name the ``name`` attribute when there is one (the DSPy
  autolog writes the ``Tool``'s fields, ``name``, ``description``, ``args``, on a span named
  ``Tool.get_weather``), else the span's (the traced function's or the framework's tool
  name), but none when the span is named after a method the autolog patched (the
  smolagents autolog's ``SimpleTool.__call__``: the agent's one listed tool names it, else
  nothing does, `.._method_named_tools`), its arguments the inputs (a traced function's keyword
  arguments), its result the outputs (LangChain's ``ToolMessage`` unwrapped to its content
  and id), its id the ``tool_call_id`` attribute when there is one (LangChain's callback),
  read by `._tools.tool_run`; smolagents' ``AgentText`` outputs (``{"_value": ...}``, the
  smolagents autolog's) are their text (`._agent_types`);
- ``AGENT``: an agent run; its name is its ``name`` attribute (the agent's own field, which
  the pydantic-ai and smolagents autologs write), else the span's (a function the
  application traced as an agent, ``@mlflow.trace(span_type="AGENT")`` on ``weather_loop``,
  is one: the trace says so), unless the span is MLflow's own root around the Agents SDK's runner
  (``mlflow.openai.agent_run_root``, ``AgentRunner.run``) or is a class's method the
  autolog patched (``ReAct.forward``: a DSPy module, `_METHOD`); its input the question (a string,
  or the one text value of its arguments), its result the outputs (not the Agents SDK agent
  span's ``{"output_type": ...}``, the type of output it declares); its
  ``mlflow.chat.tokenUsage`` the run's usage when no model call has any (the DSPy autolog
  sums its LM calls' usage on the root and writes none on the calls);
- ``CHAIN``: a chain (a run only outside other steps: LangGraph's graph); a LangGraph state
  in its outputs gives its answer (the last assistant message) and the agent's name, when
  its replies carry one (``create_react_agent(..., name=...)`` names the agent's messages).
  Under the CrewAI autolog (no model-call spans) a task's CHAIN outputs its TaskOutput, whose
  ``messages`` are its agent's conversation (a step of the crew's run, kept inside the
  crew's chain), the crew's CHAIN its CrewOutput, whose ``token_usage`` is the run's, and an
  agent's AGENT span its fields, its ``llm`` the model it asks for;
- ``RETRIEVER``: passages from the outputs' LangChain ``Document``s (``page_content``,
  ``metadata``, ``id``), or ``dspy.Retrieve``'s ``{"passages": [texts]}``, each at
  ``<span id>:<index>`` (`._dspy_passages`).

A ``PARSER`` span ``<tool>.validation`` that failed is a run of that tool, its error the
span's (pydantic-ai's arguments refused by the tool's schema: `._validation_spans`). Other
types (``PARSER``, ``EMBEDDING``, ``RERANKER``, ``GUARDRAIL``, ``UNKNOWN``...) are no
step, but for the AG2 autolog's chat session (``initiate_chat``, ``UNKNOWN``), whose outputs
are AG2's ``ChatResult``: the run, its answer the chat's ``summary`` (`._mlflow_ag2`). With
``MLFLOW_ENABLE_OTEL_GENAI_SEMCONV`` MLflow exports GenAI spans instead (no ``mlflow.*``
keys): `._otel` reads those.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...trace import Passage
from .._answer import is_repr, one_response, provider_message
from .._document_passages import document_passage, named_source
from .._messages import Msg, parse_messages, try_json
from .._method_named_tools import tool_span_name
from .._numbers import token_count
from .._passages import Retrieval
from .._run_records import object_repr
from .._spans import PLACEHOLDER_MODELS, Span
from .._steps import AgentRun, ModelCall, Step
from ._agent_types import agent_type_value
from ._dspy_passages import prediction_passages
from ._lm_outputs import lm_outputs_reply
from ._mlflow_ag2 import ag2_chat_session
from ._mlflow_autogen import autogen_reply, autogen_request, autogen_run
from ._mlflow_llamaindex import agent_output, chat_message, prepared_request, streamed_repr
from ._mlflow_native import native_reply, native_request
from ._mlflow_responses import responses_reply_turns, responses_request
from ._shapes import crewai_task_messages, crewai_usage, langchain_messages
from ._tools import tool_run
from ._validation_spans import validated_tool

__all__ = ["interpret_mlflow", "is_mlflow"]

_TYPE = "mlflow.spanType"
_LITELLM_CALL = "litellm_call_id"
"""Written by LiteLLM's autolog (its standard logging payload's fields, ``model`` among them)."""
_INPUTS = "mlflow.spanInputs"
_OUTPUTS = "mlflow.spanOutputs"
_MODEL_TYPES = frozenset({"CHAT_MODEL", "LLM"})
_METHOD = re.compile(r"[A-Z]\w*\.(?:__\w+__|[a-z_]\w*)")
"""A span name that is a class's method (``ReAct.forward``, ``LM.__call__``), as MLflow's
autologs name the spans of the methods they patch: no agent's name."""


def is_mlflow(span: Span) -> bool:
    """Whether MLflow wrote the span: its span type is there and names a type.

    An autolog built on another instrumentation (MLflow's Agno autolog on OpenInference's)
    exports that instrumentation's spans with MLflow's trace id and a span type of JSON
    ``null``: MLflow recorded nothing of its own there, so the span is read by the
    conventions it carries.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> def span(kind: str) -> Span:
        ...     return Span("t", "s", None, "get_weather", 0, 1, "ok", None, {
        ...         "mlflow.spanType": kind, "openinference.span.kind": "TOOL"})
        >>> is_mlflow(span('"TOOL"')), is_mlflow(span("null")), is_mlflow(span('""'))
        (True, False, False)
    """
    return _TYPE in span.attributes and bool(_value(span.attributes, _TYPE))


def interpret_mlflow(span: Span) -> Step | None:
    """What one MLflow span is (None: not part of a run).

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> tool = Span("t", "s", None, "get_weather", 0, 1, "ok", None, {
        ...     "mlflow.spanType": '"TOOL"', "mlflow.spanInputs": '{"city": "Paris"}',
        ...     "mlflow.spanOutputs": '"sunny, 22 C"'})
        >>> run = interpret_mlflow(tool)
        >>> run.call.name, run.call.arguments, run.call.result
        ('get_weather', {'city': 'Paris'}, 'sunny, 22 C')
    """
    attrs = span.attributes
    kind = str(_value(attrs, _TYPE) or "").upper()
    if kind in _MODEL_TYPES:
        if _llamaindex(attrs) and prepared_request(_value(attrs, _OUTPUTS)):
            return None  # LlamaIndex's _prepare_chat_with_tools: the request it built, no call
        if span.parent_id is None and _value(attrs, "signature") is not None:
            # a DSPy module the application called (Predict.forward, typed LLM): the run,
            # its arguments and its prediction; its LM's call is the model call
            return _run(span, "CHAIN")
        return _model_call(span)
    if kind == "TOOL":
        named = tool_span_name(span)
        given = {
            "tool.name": named,
            "input.value": attrs.get(_INPUTS),
            "output.value": agent_type_value(_value(attrs, _OUTPUTS)),
            "tool_call.id": _value(attrs, "tool_call_id"),
        }
        run = tool_run(span, {k: v for k, v in given.items() if v is not None})
        if named is None:  # a method's span naming no tool: not its class's either
            run = replace(run, call=run.call.model_copy(update={"name": None}))
        return run
    if kind == "PARSER" and (checked := validated_tool(span.name, span.status == "error")):
        # pydantic-ai's arguments that failed the tool's schema: the call ran no further
        # its inputs the arguments' JSON text, as MLflow writes a string: JSON text again
        return tool_run(span, {"tool.name": checked, "input.value": _value(attrs, _INPUTS)})
    if kind in ("AGENT", "CHAIN"):
        return _run(span, kind)
    if kind == "RETRIEVER":
        return Retrieval(span, _passages(span))
    # AG2's chat session (``initiate_chat``, typed UNKNOWN): the run, its answer the summary
    return ag2_chat_session(span, _value(attrs, _INPUTS), _value(attrs, _OUTPUTS))


def _value(attrs: dict[str, Any], key: str) -> Any:
    """An attribute as MLflow wrote it: JSON text, decoded."""
    return try_json(attrs.get(key))


def _llamaindex(attrs: dict[str, Any]) -> bool:
    """Whether the span holds LlamaIndex's objects (``mlflow.message.format`` ``llamaindex``)."""
    return bool(_value(attrs, "mlflow.message.format") == "llamaindex")


def _model_call(span: Span) -> ModelCall:
    attrs = span.attributes
    request = _value(attrs, _INPUTS)
    reply = one_response(_value(attrs, _OUTPUTS))
    in_step = _llamaindex(attrs) and streamed_repr(reply)  # the step records the reply
    if in_step:
        reply = None
    usage = _value(attrs, "mlflow.chat.tokenUsage")
    usage = usage if isinstance(usage, dict) else _reply_usage(reply)
    params = _value(attrs, "invocation_params")
    params = params if isinstance(params, dict) else {}
    asked = request.get("model") if isinstance(request, dict) else None
    model = _model(asked) or _model(params.get("model") or params.get("model_name"))
    if _LITELLM_CALL in attrs:  # LiteLLM's logging payload: the model asked for, unprefixed
        model = model or _model(_value(attrs, "model"))
    answered = reply.get("model") if isinstance(reply, dict) else None
    streamed = _streamed_reply(span)
    message_format = _value(attrs, "mlflow.message.format")
    return ModelCall(
        span,
        inputs=(
            autogen_request(request, message_format)
            or responses_request(request)
            or native_request(request)
            or _request_messages(request)
        ),
        outputs=(
            streamed
            or autogen_reply(reply, message_format)
            or responses_reply_turns(request, reply)
            or native_reply(reply)
            or lm_outputs_reply(reply)  # DSPy's LM outputs with tool calls
            or _reply_messages(reply)
        ),
        input_tokens=token_count(usage.get("input_tokens")),
        output_tokens=token_count(usage.get("output_tokens")),
        model=model or _model(_value(attrs, "mlflow.llm.model")) or _model(answered),
        provider=_model(_value(attrs, "mlflow.llm.provider")),
        response_model=_model(answered),
        reply_unread=not streamed and object_repr(reply),
        reply_in_step=in_step,
    )


def _request_messages(request: Any) -> list[Msg]:
    """The messages a model call was given.

    A request's ``messages`` (a batch's first list, an Anthropic ``system`` before them) or
    ``prompt``, or the message list itself.
    """
    if isinstance(request, list):
        return parse_messages([chat_message(m) for m in request])
    if not isinstance(request, dict):
        return parse_messages(request) if isinstance(request, str) else []
    messages = request.get("messages")
    if isinstance(messages, list) and messages and isinstance(messages[0], list):
        messages = messages[0]  # LangChain's batch of prompts: the call's one prompt
    if isinstance(messages, list):
        messages = [chat_message(m) for m in messages]
    out = parse_messages(messages) if isinstance(messages, list) else []
    if not out and isinstance(request.get("prompt"), str):
        out = parse_messages(request["prompt"])
    system = request.get("system")
    if isinstance(system, str | list) and system:
        out = parse_messages({"role": "system", "content": system}) + out
    return out


def _reply_messages(reply: Any) -> list[Msg]:
    """The reply: a provider's response object, else the reply messages as written.

    LlamaIndex's ``ChatResponse`` (``{"message", "raw"}``) is its message, the blocks' text.
    A list of texts (DSPy's ``LM.__call__``: one output per choice) is the replies' text as
    written, a JSON object's text too (DSPy's ``JSONAdapter`` asks for one).

    Examples:
        >>> [m.content for m in _reply_messages(['{"answer": "Sunny."}'])]
        ['{"answer": "Sunny."}']
    """
    message = provider_message(reply)
    if message is not None:
        return [message]
    if isinstance(reply, list) and reply and all(isinstance(r, str) for r in reply):
        return [Msg(role="assistant", content=r) for r in reply if r and not object_repr(r)]
    if isinstance(reply, dict) and isinstance(reply.get("message"), dict):
        reply = chat_message(reply["message"])
    if isinstance(reply, list | dict):
        return parse_messages(reply, default_role="assistant")
    if not isinstance(reply, str) or not reply or object_repr(reply):
        return []  # a Stream the call returned, no reply
    return [Msg(role="assistant", content=reply)]


def _streamed_reply(span: Span) -> list[Msg]:
    """A streamed reply as its chunks said it.

    The ``mlflow.chunk.item.<n>`` events, each a ``chat.completion.chunk`` as
    ``mlflow.chunk.value``: the text deltas joined, each tool call's pieces joined by
    ``index``. MLflow's reply assembled from the same chunks (the outputs) drops the tool
    calls. None when the chunks are of another kind or say nothing.
    """
    chunks = [
        try_json((e.get("attributes") or {}).get("mlflow.chunk.value"))
        for e in span.events
        if str(e.get("name") or "").startswith("mlflow.chunk.item.")
    ]
    texts: list[str] = []
    calls: dict[int, dict[str, Any]] = {}
    for chunk in chunks:
        choices = chunk.get("choices") if isinstance(chunk, dict) else None
        for choice in choices if isinstance(choices, list) else []:
            delta = choice.get("delta") if isinstance(choice, dict) else None
            if not isinstance(delta, dict):
                continue
            if isinstance(delta.get("content"), str):
                texts.append(delta["content"])
            for piece in delta.get("tool_calls") or []:
                if not isinstance(piece, dict):
                    continue
                call = calls.setdefault(int(piece.get("index") or 0), {"name": "", "arguments": ""})
                call["id"] = piece.get("id") or call.get("id")
                fn = piece["function"] if isinstance(piece.get("function"), dict) else {}
                call["name"] += fn.get("name") or ""
                call["arguments"] += fn.get("arguments") or ""
    if not "".join(texts) and not calls:
        return []
    requested = [{"id": c.get("id"), "function": c} for _, c in sorted(calls.items())]
    message = {"role": "assistant", "content": "".join(texts) or None, "tool_calls": requested}
    return parse_messages(message, default_role="assistant")


def _run(span: Span, kind: str) -> AgentRun:
    attrs = span.attributes
    outputs = agent_type_value(_value(attrs, _OUTPUTS))
    state = langchain_messages(outputs)
    said = [m for m in state or [] if m.role == "assistant" and m.content]
    if isinstance(outputs, dict) and set(outputs) == {"output_type"}:
        outputs = None  # the Agents SDK's agent span: the output type it declares, no output
    named = next((m.name for m in state or [] if m.role == "assistant" and m.name), None)
    agent = None
    autogen = autogen_run(outputs, span.name or "") if kind == "AGENT" else None
    if autogen is not None:  # AgentChat's result: its last text, the agent the span's
        said, agent = autogen
    elif (found := agent_output(outputs)) is not None:
        # LlamaIndex's AgentOutput: its response the step's reply (a turn of calls too) and
        # the run's answer, its current_agent_name the agent
        response, agent = found
        said = parse_messages(response, default_role="assistant") if response else []
    usage = _value(attrs, "mlflow.chat.tokenUsage")
    usage = usage if isinstance(usage, dict) else {}
    crew = crewai_usage(outputs)  # a CrewAI crew's result reports the crew's usage
    llm = _value(attrs, "llm")  # a CrewAI agent's fields: its LLM, written as its model
    history = crewai_task_messages(outputs)
    # a CrewAI task (``Task.execute_sync``, typed CHAIN) records its agent's conversation: a
    # step of the crew's run, kept though inside the crew's chain
    chain = "workflow" if history else "chain"
    return AgentRun(
        span,
        outputs=said[-1:],
        output_value=None if said or state is not None or autogen else outputs,
        kind="agent" if kind == "AGENT" else chain,
        name=(agent if autogen else None)
        or (_agent_name(span) if kind == "AGENT" else named)
        or agent,
        model=_model(llm) if kind == "AGENT" and not is_repr(str(llm)) else None,
        input_value=_question(_value(attrs, _INPUTS)),
        history=history,  # the conversation when the model calls made no spans
        input_tokens=token_count(usage.get("input_tokens", crew[0])),
        output_tokens=token_count(usage.get("output_tokens", crew[1])),
    )


def _agent_name(span: Span) -> str | None:
    """The agent's name: the AGENT span's ``name`` attribute, else the span's.

    The ``name`` attribute is the agent object's own field, which the pydantic-ai and
    smolagents autologs write on a span named after the method they patch
    (``Agent.run_sync``). The span's name is none when it names MLflow's root around the
    Agents SDK's runner or a class's method (`_METHOD`: the DSPy autolog's
    ``ReAct.forward``). A function the application traced as an agent
    (``@mlflow.trace(span_type="AGENT")``) is the agent, by the name its span has: the trace
    says so (read so since four annotators who never saw the truths each did, 2026-12-06;
    before, a traced function's name was none).
    """
    attrs = span.attributes
    named = _value(attrs, "name")
    if isinstance(named, str) and named:
        return named
    if _value(attrs, "mlflow.openai.agent_run_root") is True:
        return None
    if _METHOD.fullmatch(span.name or ""):
        return None
    return span.name or None


def _question(value: Any) -> str | None:
    """What the user asked the run.

    Its input as text, or the one text value of its arguments (``{"question": ...}``); other
    inputs (a graph's state) are no question.
    """
    for _ in range(2):  # a crew's kickoff: {"inputs": {"question": ...}}
        if isinstance(value, dict) and len(value) == 1:
            [value] = value.values()
    return value if isinstance(value, str) and value else None


def _passages(span: Span) -> list[Passage]:
    found = _value(span.attributes, _OUTPUTS)
    if isinstance(found, dict):  # dspy.Retrieve's Prediction: {passages: [texts]}
        return prediction_passages(found, span.span_id)
    out = []
    for i, doc in enumerate(found if isinstance(found, list) else []):
        if not isinstance(doc, dict) or not isinstance(doc.get("page_content"), str):
            continue
        meta = doc["metadata"] if isinstance(doc.get("metadata"), dict) else {}
        source = named_source(meta, ("source", "doc_uri", "url"))
        score = meta.get("score")
        out.append(
            document_passage(
                span.span_id,
                i,
                id=doc.get("id") or meta.get("chunk_id"),
                text=doc["page_content"],
                source=source,
                score=score,
            )
        )
    return out


def _reply_usage(reply: Any) -> dict[str, Any]:
    """The token counts a recorded response carries, as ``mlflow.chat.tokenUsage`` names them.

    A call traced by hand (``mlflow.start_span(span_type="LLM")``) whose outputs are the
    provider's response has no ``mlflow.chat.tokenUsage``; the response's own ``usage``
    (Chat Completions' ``prompt_tokens`` / ``completion_tokens``, the Responses API's and
    Anthropic's ``input_tokens`` / ``output_tokens``) is the call's.

    Examples:
        >>> _reply_usage({"usage": {"prompt_tokens": 61, "completion_tokens": 34}})
        {'input_tokens': 61, 'output_tokens': 34}
        >>> _reply_usage({"usage": {"input_tokens": 5, "output_tokens": 2}})
        {'input_tokens': 5, 'output_tokens': 2}
        >>> _reply_usage("Sunny.")
        {}
    """
    usage = reply.get("usage") if isinstance(reply, dict) else None
    if not isinstance(usage, dict):
        return {}
    return {
        "input_tokens": usage.get("prompt_tokens", usage.get("input_tokens")),
        "output_tokens": usage.get("completion_tokens", usage.get("output_tokens")),
    }


def _model(value: Any) -> str | None:
    if not isinstance(value, str) or not value or value.strip().lower() in PLACEHOLDER_MODELS:
        return None
    return value

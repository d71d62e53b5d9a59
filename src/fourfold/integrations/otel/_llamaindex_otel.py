"""LlamaIndex's own OpenTelemetry integration (llama-index-observability-otel).

``LlamaIndexOpenTelemetry(...).start_registering()`` (0.7.0, llama-index-instrumentation 0.5)
adds a span handler and an event handler to LlamaIndex's dispatcher, on a tracer provider of
its own (scope ``llamaindex.opentelemetry.tracer``, service ``llamaindex.opentelemetry`` by
default). No GenAI or OpenInference key is written:

- each span LlamaIndex opens is a span named ``<Class>.<method>`` (``FunctionAgent.run``,
  ``OpenAI.astream_chat``, ``FunctionTool.acall``); a span that raised ends in error with an
  ``exception`` event;
- each instrumentation event LlamaIndex dispatches inside a span is an event of that span,
  named by the event's class (``LLMChatStartEvent``), its attributes the event's fields
  flattened with dots (``model_dict.model_name``, ``response.raw.usage.prompt_tokens``), a
  value that is no plain one as JSON text (``messages``: ``ChatMessage`` dumps, ``{role,
  additional_kwargs, blocks}``; ``nodes``: ``NodeWithScore`` dumps), beside LlamaIndex's own
  ``timestamp``, ``id_``, ``span_id`` (``<span name>-<uuid>``) and ``class_name``;
- the workflow's instrument tags are the attributes of the spans opened under them: a
  step's input event (`.._step_summaries`) on the step's span and every span inside it.

What a span is, by what it holds (`interpret_llamaindex_otel`):

- a chat (``LLMChatStartEvent``, ``LLMChatEndEvent``): a model call, its input the start's
  ``messages`` (`._mlflow_llamaindex.chat_message`), its reply the end's
  ``response.message``, its usage the provider's response there (``response.raw.usage``,
  OpenAI's or Anthropic's names, else the counts LlamaIndex copies to
  ``response.additional_kwargs``), the model asked for ``model_dict.model_name`` and the one
  that answered ``response.raw.model``. A streamed chat (``astream_chat``, a
  ``FunctionAgent``'s default) ends its span before the stream is read, so no end event is
  recorded: its reply is in no event of its own (`ModelCall.reply_unread`), and the workflow
  step that made the call records what LlamaIndex assembled from the stream
  (`ModelCall.reply_in_step`, `.._step_replies`); a completion
  (``LLMCompletionStartEvent`` / ``EndEvent``: ``prompt``, ``response.text``) likewise;
  ``LLMPredictStartEvent``'s span (``OpenAI.predict``) formats a prompt and calls the chat
  inside it: no call of its own;
- a retrieval (``RetrievalEndEvent``): passages, its ``nodes`` (`._llamaindex_nodes`);
- a query engine's query (``QueryStartEvent`` / ``QueryEndEvent``): a run (a chain), its
  input the ``query`` (a ``QueryBundle``'s ``query_str``), its result ``response.response``;
- a workflow run (a ``workflow.output`` event): a run (a chain), its result that event's
  summary, read as OpenInference's ``StopEvent`` repr is (`.._answer.run_answer`: the
  response's text when the summary holds it whole);
- a workflow step (``step.output`` events): a chain; a step given the workflow's start event
  has its ``user_msg`` as input, and a step that returned an ``AgentOutput`` whose
  ``response`` message the summary holds whole (its text, its ``tool_calls`` in
  ``additional_kwargs`` or ``tool_call`` blocks) has that message as its output: the reply of
  the streamed call it made (`step_reply`);
- the span of a tool run by a ``call_tool`` step: the span under the step tags of a
  ``ToolCall`` that returned no event of its own (the step's span returns the
  ``ToolCallResult``): a tool call, its name, arguments and id the ``ToolCall``'s fields the
  summary holds whole, its error the span's exception; it records no result, which the step's
  ``ToolCallResult`` gives (`.._tool_call_results`). A span inside the tool's carries the same
  tags: the same call recorded again (`.._repeated_tools`).

Spans carrying none of these (an embedding, a prompt's formatting, a text splitter) are no
step. `is_llamaindex_otel` knows the integration's spans by their scope, else (a dump naming
no scope) by its marks: an event naming its own span (``span_id`` ``<span name>-...``, its
``class_name`` the event's name) or a workflow step's tags, on a span no other convention
claims.
"""

from __future__ import annotations

from typing import Any, Final

from ...trace import ToolCall
from .._cut_reprs import holds_unread
from .._messages import Msg, parse_messages, try_json
from .._numbers import first_token_count
from .._passages import Retrieval
from .._spans import PLACEHOLDER_MODELS, Span, ns_to_datetime
from .._step_summaries import (
    INPUT_EVENT,
    INPUT_SUMMARY,
    run_output,
    step_outputs,
    summary_fields,
    summary_kind,
)
from .._steps import AgentRun, ModelCall, Step, ToolRun
from ._llamaindex_nodes import record_passages
from ._mlflow_llamaindex import chat_message
from ._tools import tool_error

__all__ = ["SCOPE", "interpret_llamaindex_otel", "is_llamaindex_otel", "step_reply"]

SCOPE: Final = "llamaindex.opentelemetry.tracer"
"""The integration's instrumentation scope."""

_OTHERS: Final = ("openinference.span.kind", "gen_ai.operation.name", "mlflow.spanType")
"""Keys of conventions that claim a span themselves."""
_CHAT: Final = ("LLMChatStartEvent", "LLMChatEndEvent")
_COMPLETION: Final = ("LLMCompletionStartEvent", "LLMCompletionEndEvent")
_REPLY: Final = "response.message."
_INPUT_TOKENS: Final = (
    "response.raw.usage.prompt_tokens",
    "response.raw.usage.input_tokens",
    "response.additional_kwargs.prompt_tokens",
)
_OUTPUT_TOKENS: Final = (
    "response.raw.usage.completion_tokens",
    "response.raw.usage.output_tokens",
    "response.additional_kwargs.completion_tokens",
)


def is_llamaindex_otel(span: Span) -> bool:
    """Whether the integration wrote `span`: its scope, or in a dump with none, its marks.

    Examples:
        >>> def span(name, attributes, events=(), scope=None):
        ...     return Span("t", "s", None, name, 0, 1, "ok", None, attributes,
        ...         events=list(events), scope=scope)
        >>> is_llamaindex_otel(span("OpenAI.chat", {}, scope=SCOPE))
        True
        >>> own = {"name": "LLMChatStartEvent", "attributes": {
        ...     "class_name": "LLMChatStartEvent", "span_id": "OpenAI.chat-1f2e"}}
        >>> is_llamaindex_otel(span("OpenAI.chat", {}, [own]))
        True
        >>> is_llamaindex_otel(span("OpenAI.achat", {}, [own]))  # another span's event
        False
        >>> tagged = {"llamaindex.step.input_event": "ToolCall"}
        >>> is_llamaindex_otel(span("FunctionTool.acall", tagged))
        True
        >>> is_llamaindex_otel(span("FunctionTool.acall", {**tagged,
        ...     "openinference.span.kind": "TOOL"}))  # OpenInference's, tags or not
        False
        >>> is_llamaindex_otel(span("chat", {}, [own], scope="opentelemetry.instrumentation"))
        False
    """
    if span.scope:
        return span.scope == SCOPE
    if any(key in span.attributes for key in _OTHERS):
        return False
    return INPUT_EVENT in span.attributes or any(_names_span(span, e) for e in span.events)


def interpret_llamaindex_otel(span: Span) -> Step | None:
    """What one span of the integration is (None: no step of a run).

    Examples:
        >>> chat = {"name": "LLMChatStartEvent", "attributes": {"model_dict.model_name":
        ...     "gpt-4o-mini", "messages": '[{"role": "user", "additional_kwargs": {}, '
        ...     '"blocks": [{"block_type": "text", "text": "Hi"}]}]'}}
        >>> call = interpret_llamaindex_otel(Span("t", "c", None, "OpenAI.astream_chat", 0, 1,
        ...     "ok", None, {}, events=[chat], scope=SCOPE))
        >>> [(m.role, m.content) for m in call.inputs], call.outputs, call.model
        ([('user', 'Hi')], [], 'gpt-4o-mini')
        >>> call.reply_in_step, call.reply_unread
        (True, True)
        >>> tagged = {"llamaindex.step.input_event": "ToolCall", "llamaindex.step.input_summary":
        ...     "ToolCall(tool_name='get_weather', tool_kwargs={'city': 'Paris'}, tool_id='c1')"}
        >>> tool = interpret_llamaindex_otel(Span("t", "f", "s", "FunctionTool.acall", 0, 1,
        ...     "ok", None, tagged, scope=SCOPE))
        >>> tool.call.name, tool.call.arguments, tool.call.id, tool.result_recorded
        ('get_weather', {'city': 'Paris'}, 'c1', False)
        >>> returned = {"name": "step.output", "attributes": {"output": "ToolCallResult(...)"}}
        >>> step = interpret_llamaindex_otel(Span("t", "s", None, "BaseWorkflowAgent.call_tool",
        ...     0, 1, "ok", None, tagged, events=[returned], scope=SCOPE))
        >>> type(step).__name__, step.kind, step.outputs  # the step ran it: no call of its own
        ('AgentRun', 'chain', [])
        >>> interpret_llamaindex_otel(Span("t", "x", None, "TokenTextSplitter.split_text", 0, 1,
        ...     "ok", None, {}, scope=SCOPE)) is None
        True
    """
    events = _events(span)
    if any(name in events for name in _CHAT):
        return _chat_call(span, events)
    if any(name in events for name in _COMPLETION):
        return _completion_call(span, events)
    if "RetrievalEndEvent" in events:
        return Retrieval(span, record_passages(span, events["RetrievalEndEvent"].get("nodes")))
    if "QueryStartEvent" in events or "QueryEndEvent" in events:
        return _query_run(span, events)
    finished = run_output(span)
    if finished is not None:  # the workflow's run: its result as the event it ended on
        return AgentRun(span, output_value=finished, kind="chain")
    returned = step_outputs(span)
    if returned:
        said = [m for text in returned for m in step_reply(text)]
        return AgentRun(span, outputs=said[-1:], kind="chain", input_value=_asked(span))
    if span.attributes.get(INPUT_EVENT) == "ToolCall":
        return _tool_run(span)
    return None


def step_reply(summary: str) -> list[Msg]:
    """The reply an ``AgentOutput`` summary holds whole: its ``response`` message, else none.

    Examples:
        >>> head = "AgentOutput(response=ChatMessage(role=<MessageRole.ASSISTANT: 'assistant'>, "
        >>> [(m.role, m.content) for m in step_reply(head + "additional_kwargs={}, blocks="
        ...     "[TextBlock(block_type='text', text='Sunny.')]), structured_response=No...")]
        [('assistant', 'Sunny.')]
        >>> step_reply(head + "additional_kwargs={'tool_calls': [ChoiceDeltaToolCall(index=0, "
        ...     "id='call_w1', function=ChoiceDeltaToolCallFunction(argumen...")
        []
        >>> said = step_reply(head + "additional_kwargs={'tool_calls': [ChoiceDeltaToolCall("
        ...     "index=0, id='c1', function=ChoiceDeltaToolCallFunction(arguments='{}', "
        ...     "name='f'), type='function')]}, blocks=[TextBlock(block_type='text', text='')])"
        ...     ", tool_calls=[], raw=None, current_agent_name='a')")
        >>> [(m.content, [(r.id, r.name) for r in m.tool_calls]) for m in said]
        [(None, [('c1', 'f')])]
        >>> step_reply("StopEvent(result='done')")
        []
    """
    if summary_kind(summary) != "AgentOutput":
        return []
    fields = summary_fields(summary, "AgentOutput") or {}
    response = fields.get("response")
    if not isinstance(response, dict) or holds_unread(response):
        return []  # cut before the message ended: none of it is the reply
    if response.get("role") != "assistant" or not isinstance(response.get("blocks"), list):
        return []
    return parse_messages(chat_message(response), default_role="assistant")


def _tool_run(span: Span) -> ToolRun:
    """The call the ``ToolCall`` a span's step tags give, as its summary holds it whole."""
    fields = summary_fields(span.attributes.get(INPUT_SUMMARY), "ToolCall") or {}
    name, kwargs, tool_id = (fields.get(k) for k in ("tool_name", "tool_kwargs", "tool_id"))
    given = isinstance(kwargs, dict) and not holds_unread(kwargs)
    call = ToolCall(
        name=name if isinstance(name, str) and name else None,
        arguments=kwargs if isinstance(kwargs, dict) and given else {},
        error=tool_error(span),
        id=tool_id if isinstance(tool_id, str) and tool_id else None,
        started_at=ns_to_datetime(span.start_ns),
        ended_at=ns_to_datetime(span.end_ns),
    )
    return ToolRun(span, call, arguments_recorded=given, result_recorded=False)


def _chat_call(span: Span, events: dict[str, dict[str, Any]]) -> ModelCall:
    start = events.get("LLMChatStartEvent", {})
    end = events.get("LLMChatEndEvent", {})
    given = try_json(start.get("messages", end.get("messages")))
    inputs = parse_messages([chat_message(m) for m in given]) if isinstance(given, list) else []
    return _call(span, inputs, _reply(end), start, end)


def _completion_call(span: Span, events: dict[str, dict[str, Any]]) -> ModelCall:
    start = events.get("LLMCompletionStartEvent", {})
    end = events.get("LLMCompletionEndEvent", {})
    prompt = start.get("prompt", end.get("prompt"))
    text = end.get("response.text")
    inputs = [Msg(role="user", content=prompt)] if isinstance(prompt, str) else []
    outputs = [Msg(role="assistant", content=text)] if isinstance(text, str) and text else []
    return _call(span, inputs, outputs, start, end)


def _call(
    span: Span, inputs: list[Msg], outputs: list[Msg], start: dict[str, Any], end: dict[str, Any]
) -> ModelCall:
    """A model call; with no reply recorded, its step's (the stream was read after the span)."""
    answered = end.get("response.raw.model")
    return ModelCall(
        span,
        inputs=inputs,
        outputs=outputs,
        input_tokens=first_token_count(end, *_INPUT_TOKENS),
        output_tokens=first_token_count(end, *_OUTPUT_TOKENS),
        model=_model(start.get("model_dict.model_name", start.get("model_dict.model"))),
        response_model=_model(answered),
        reply_unread=not outputs,
        reply_in_step=not outputs,
    )


def _reply(end: dict[str, Any]) -> list[Msg]:
    """The ``ChatResponse``'s message an end event records, its fields flattened under it."""
    role = end.get(f"{_REPLY}role")
    blocks = try_json(end.get(f"{_REPLY}blocks"))
    if not isinstance(role, str) or not isinstance(blocks, list):
        return []
    extra = {
        key.removeprefix(f"{_REPLY}additional_kwargs."): try_json(value)
        for key, value in end.items()
        if key.startswith(f"{_REPLY}additional_kwargs.")
    }
    message = {"role": role, "additional_kwargs": extra, "blocks": blocks}
    return parse_messages(chat_message(message), default_role="assistant")


def _query_run(span: Span, events: dict[str, dict[str, Any]]) -> AgentRun:
    """A query engine's query: the question it was asked and the answer it returned."""
    start = events.get("QueryStartEvent", {})
    end = events.get("QueryEndEvent", {})
    asked = next(
        (
            q
            for q in (start.get("query"), start.get("query.query_str"), end.get("query.query_str"))
            if isinstance(q, str) and q
        ),
        None,
    )
    answer = end.get("response.response")
    return AgentRun(
        span,
        output_value=answer if isinstance(answer, str) and answer else None,
        kind="chain",
        input_value=asked,
    )


def _asked(span: Span) -> str | None:
    """What a step given the workflow's start event was asked (its ``user_msg``), when whole."""
    if span.attributes.get(INPUT_EVENT) != "AgentWorkflowStartEvent":
        return None
    fields = summary_fields(span.attributes.get(INPUT_SUMMARY), "AgentWorkflowStartEvent") or {}
    asked = fields.get("user_msg")
    return asked if isinstance(asked, str) and asked else None


def _model(value: Any) -> str | None:
    if not isinstance(value, str) or not value or value.lower() in PLACEHOLDER_MODELS:
        return None
    return value


def _events(span: Span) -> dict[str, dict[str, Any]]:
    """The span's events by name, the first of each name, their attributes."""
    out: dict[str, dict[str, Any]] = {}
    for event in span.events:
        name = event.get("name")
        attributes = event.get("attributes")
        if isinstance(name, str) and name not in out:
            out[name] = dict(attributes) if isinstance(attributes, dict) else {}
    return out


def _names_span(span: Span, event: dict[str, Any]) -> bool:
    """Whether an event is LlamaIndex's as the integration writes it, on its own span."""
    attributes = event.get("attributes")
    if not isinstance(attributes, dict):
        return False
    owner = attributes.get("span_id")
    return (
        attributes.get("class_name") == event.get("name")
        and isinstance(owner, str)
        and owner.startswith(f"{span.name}-")
    )

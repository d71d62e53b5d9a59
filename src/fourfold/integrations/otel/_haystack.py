"""Haystack 2.x pipelines as Haystack's own OpenTelemetry tracer records them.

``haystack.tracing.OpenTelemetryTracer`` writes no GenAI or OpenInference attributes: a
``haystack.pipeline.run`` span (``haystack.pipeline.input_data``: the inputs by component)
over one ``haystack.component.run`` span per component run (``haystack.component.name``,
``.type``, and with content tracing on, ``HAYSTACK_CONTENT_TRACING_ENABLED``,
``haystack.component.input`` / ``.output`` as JSON). Read:

- the pipeline span: the run, its input the one text its inputs give the components (the
  retriever's ``query``, the prompt builder's ``question``);
- a ``haystack.agent.run`` span (an ``Agent``): the run, its input and output the
  ``messages`` of ``haystack.agent.input`` / ``.output`` (its output the whole conversation,
  so the results of tools no later model call was given are there too);
- a component whose output has ``replies`` (a generator): the model call, its input the
  ``prompt`` (and ``system_prompt``), its replies the answer, ``meta[0]``'s ``usage`` and
  ``model`` (the model that answered); a chat generator's ``messages`` and ``replies`` are
  serialised ``ChatMessage`` objects (`fourfold.integrations._messages` reads their parts:
  text, ``tool_call``, ``tool_call_result``), each reply's ``meta`` its ``usage`` and
  ``model``;
- a component whose output has ``documents`` and whose type is a retriever: the passages,
  each Document's ``id``, ``content``, ``score`` and ``source`` (Haystack serialises its
  ``meta`` into the document's own keys).

haystack-ai 3.x's tracer (the opentelemetry-haystack package) writes an ``Agent`` run as
``haystack.agent.run`` over ``haystack.agent.step`` spans: a ``haystack.agent.step.llm`` span
is the model call (``.output`` ``{replies}``, serialised ChatMessages; ``.input`` the
``{messages}`` dict as a Python repr of its ChatMessages, read as `_chat_reprs` reads them), a
``haystack.agent.step.tool`` span the tool call (``haystack.tool.name``, ``.input`` the
arguments as JSON, ``.output`` the result; no call id). A tool that raised has
``haystack.tool.error`` true and ``{"error": "<message>"}`` as its output, its span's status
unset: its error is the message, which is also the result the model was handed.

Other components (a prompt builder, a joiner, a ``ToolInvoker``: its tool messages are the
next model call's input and the agent's output) are no step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...trace import Passage
from .._messages import Msg, parse_messages, try_json
from .._numbers import first_token_count
from .._passages import Retrieval
from .._result_documents import haystack_passage
from .._spans import Span
from .._steps import AgentRun, ModelCall, Step
from ._chat_reprs import repr_messages
from ._tools import tool_run

__all__ = ["haystack_question", "haystack_step"]


def haystack_step(span: Span) -> Step | None:
    """What a span of Haystack's own tracer is (None: not one, or no step)."""
    attrs = span.attributes
    if "haystack.pipeline.input_data" in attrs:
        data = try_json(attrs["haystack.pipeline.input_data"])
        output = try_json(attrs.get("haystack.pipeline.output_data"))
        return AgentRun(
            span,
            kind="chain",
            input_value=haystack_question(data) if isinstance(data, dict) else None,
            output_value=output if output not in (None, {}, "") else None,
        )
    if "haystack.agent.input" in attrs or "haystack.agent.output" in attrs:
        return AgentRun(
            span,
            inputs=_messages(attrs.get("haystack.agent.input")),
            outputs=_messages(attrs.get("haystack.agent.output")),
        )
    if "haystack.agent.step.llm.output" in attrs:  # haystack-ai 3.x: an agent step's call
        raw = attrs.get("haystack.agent.step.llm.input")
        output = try_json(attrs["haystack.agent.step.llm.output"])
        replies = output.get("replies") if isinstance(output, dict) else None
        if isinstance(replies, list) and replies and all(_is_chat_message(r) for r in replies):
            return _chat_generator(span, raw, replies)
        return None
    if "haystack.tool.name" in attrs:  # haystack-ai 3.x: an agent step's tool
        output = attrs.get("haystack.agent.step.tool.output")
        failure = _failure(output) if attrs.get("haystack.tool.error") in (True, "true") else None
        named = {
            "gen_ai.tool.name": attrs["haystack.tool.name"],
            "gen_ai.tool.call.arguments": attrs.get("haystack.agent.step.tool.input"),
            "gen_ai.tool.call.result": output if failure is None else failure,
        }
        run = tool_run(span, {k: v for k, v in named.items() if v is not None})
        if failure is not None:  # the span's status says nothing of it
            run = replace(run, call=run.call.model_copy(update={"error": failure}))
        return run
    kind = attrs.get("haystack.component.type")
    if not isinstance(kind, str):
        return None
    if kind == "Agent" and isinstance(attrs.get("haystack.component.name"), str):
        # an Agent run as a pipeline's component: the component's name names the agent
        return AgentRun(span, name=attrs["haystack.component.name"])
    output = try_json(attrs.get("haystack.component.output"))
    if not isinstance(output, dict):
        return None
    replies = output.get("replies")
    if isinstance(replies, list) and all(isinstance(r, str) for r in replies):
        return _generator(span, attrs, replies, output.get("meta"))
    if isinstance(replies, list) and replies and all(_is_chat_message(r) for r in replies):
        return _chat_generator(span, attrs.get("haystack.component.input"), replies)
    documents = output.get("documents")
    if "Retriever" in kind and isinstance(documents, list):
        return Retrieval(span, _passages(span, documents))
    return None


def _failure(output: Any) -> str:
    """What a failed tool step reports, as the model was handed it.

    The tracer writes ``{"error": "<message>"}``; the agent's own record of the run gives the
    model the message.
    """
    data = try_json(output)
    if isinstance(data, dict) and isinstance(data.get("error"), str):
        return str(data["error"])
    return str(output)


def haystack_question(data: dict[str, Any]) -> str | None:
    """The question in a Haystack pipeline's input data (its inputs by component).

    The one text the components are given, however many take it (the retriever's ``query``,
    the prompt builder's ``question``); None when they are given several texts.
    """
    texts = {
        value
        for inputs in data.values()
        if isinstance(inputs, dict)
        for value in inputs.values()
        if isinstance(value, str) and value.strip()
    }
    return texts.pop() if len(texts) == 1 else None


def _generator(span: Span, attrs: dict[str, Any], replies: list[str], meta: Any) -> ModelCall:
    given = try_json(attrs.get("haystack.component.input"))
    given = given if isinstance(given, dict) else {}
    inputs = [
        Msg(role=role, content=given[key])
        for role, key in (("system", "system_prompt"), ("user", "prompt"))
        if isinstance(given.get(key), str) and given[key]
    ]
    first = meta[0] if isinstance(meta, list) and meta and isinstance(meta[0], dict) else {}
    return ModelCall(
        span,
        inputs=inputs,
        outputs=[Msg(role="assistant", content=r) for r in replies[:1]],
        **_reply_meta(given, first),
    )


def _chat_generator(span: Span, raw: Any, replies: list[Any]) -> ModelCall:
    """A chat generator's call: its input `raw` as the tracer wrote it, its `replies`.

    The tracer writes the input as JSON, or, when it does not serialise (a tool whose
    function is defined in a function, ``<function ...<locals>...>``), as the input dict's
    Python repr, read as `_chat_reprs` reads it: haystack-ai 3.x's agent steps and 2.x's
    ``haystack.component.input`` alike.
    """
    given = try_json(raw)
    given = given if isinstance(given, dict) else {}
    meta = replies[0].get("meta")
    inputs = parse_messages(given.get("messages"))
    return ModelCall(
        span,
        inputs=inputs or repr_messages(raw) or [],
        outputs=parse_messages(replies[:1], default_role="assistant"),
        **_reply_meta(given, meta if isinstance(meta, dict) else {}),
    )


def _reply_meta(given: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    """A generator's usage and models, from its reply's ``meta`` and its input.

    The tokens and the model that answered come from ``meta``; the model asked for from the
    input's ``generation_kwargs``, else the one that answered. The usage's counts are OpenAI's
    names (``prompt_tokens`` / ``completion_tokens``, as most generators write them) or the
    provider's own (``input_tokens`` / ``output_tokens``: anthropic-haystack's streamed reply
    keeps Anthropic's usage as it came).

    >>> meta = {"usage": {"input_tokens": 61, "output_tokens": 34}}
    >>> counts = _reply_meta({}, meta)
    >>> counts["input_tokens"], counts["output_tokens"]
    (61, 34)
    """
    usage = meta.get("usage")
    usage = usage if isinstance(usage, dict) else {}
    model = meta.get("model") if isinstance(meta.get("model"), str) else None
    kwargs = given.get("generation_kwargs")
    requested = kwargs.get("model") if isinstance(kwargs, dict) else None
    return {
        "input_tokens": first_token_count(usage, "prompt_tokens", "input_tokens"),
        "output_tokens": first_token_count(usage, "completion_tokens", "output_tokens"),
        "model": requested if isinstance(requested, str) else model,
        "response_model": model,
    }


def _is_chat_message(value: Any) -> bool:
    """A serialised Haystack ``ChatMessage``: ``{role, content: [parts]}`` (or one text)."""
    return isinstance(value, dict) and "role" in value and "content" in value


def _messages(value: Any) -> list[Msg]:
    """The ``messages`` of an agent's input or output."""
    data = try_json(value)
    return parse_messages(data.get("messages")) if isinstance(data, dict) else []


def _passages(span: Span, documents: list[Any]) -> list[Passage]:
    return [
        haystack_passage(doc, f"{span.span_id}:{i}")
        for i, doc in enumerate(documents)
        if isinstance(doc, dict)
    ]

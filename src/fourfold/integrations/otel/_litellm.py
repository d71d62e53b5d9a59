"""LiteLLM's own OpenTelemetry spans (``litellm.callbacks = ["otel"]``).

LiteLLM records a finished call after it returns (a streamed one once its stream is read to
the end), on the span that is current then: since 1.81 it writes the call's attributes on
that span itself, the application's own (so the last call made inside it overwrites what an
earlier one wrote, leaving what only the earlier one had), and makes its own
``litellm_request`` span only when none is current or ``USE_OTEL_LITELLM_REQUEST_SPAN`` says
so. Its attributes are mostly the GenAI conventions' (``gen_ai.input.messages`` and
``gen_ai.output.messages`` in parts, with OpenAI's ``tool_calls`` and ``tool_call_id`` beside
the parts: `.._messages`), with two shapes of its own read here:

- a reply's tool calls are not in its ``gen_ai.output.messages`` (an empty text part) but
  flattened as ``gen_ai.completion.{i}.function_call.name`` / ``.arguments``, one index per
  call of the one reply, with no id (`litellm_reply`); on a span a later call overwrote, the
  earlier reply's keys stay beside the later answer, so they are the reply's only when its
  finish reason asks for tools (or none is recorded and the reply says nothing);
- with the content captured, a child span ``raw_gen_ai_request`` holds the call as the
  provider saw it, as Python reprs under ``llm.<provider>.*``: ``messages`` the request's
  messages, ``choices`` the reply's, ``usage`` the provider's counts (``prompt_tokens``,
  ``completion_tokens``), ``model`` the model that answered (`litellm_raw_call`). It is the
  one record of each call where the calls share one span: that span's call attributes
  repeat the last call, and the raw spans beside each other under it are the calls
  (`.._same_call`: a call over several calls of their own prompts wraps them).

Values are read as literals (``ast``), never evaluated; a value of another kind reads as
nothing.

openinference-instrumentation-litellm flattens the request's messages as
``llm.input_messages`` without a tool message's ``tool_call_id``; its ``input.value`` holds
the same messages as sent (``{"messages": [...]}``), ids included (`tool_answer_ids`).
"""

from __future__ import annotations

import re
from typing import Any

from .._literals import UNREAD, python_literal
from .._messages import Msg, ToolRequest, parse_arguments, parse_messages, try_json
from .._numbers import first_token_count
from .._spans import Span, indexed
from .._steps import ModelCall

__all__ = ["is_litellm_raw", "literal", "litellm_raw_call", "litellm_reply", "tool_answer_ids"]

_RAW = re.compile(r"llm\.([A-Za-z0-9_-]+)\.(messages|choices)")
_LIMIT = 2_000_000  # a repr longer than this is not read (ast's cost grows with it)
_TOOL_FINISH = frozenset({"tool_calls", "function_call"})


def is_litellm_raw(attrs: dict[str, Any]) -> bool:
    """Whether a span is LiteLLM's raw request record (``llm.<provider>.messages``...).

    Not a span of a convention that names its operation.

    Examples:
        >>> is_litellm_raw({"llm.openai.messages": "[]", "llm.openai.choices": "[]"})
        True
        >>> is_litellm_raw({"llm.input_messages.0.message.role": "user"})
        False
    """
    if "gen_ai.operation.name" in attrs or "openinference.span.kind" in attrs:
        return False
    return any(_RAW.fullmatch(key) for key in attrs)


def litellm_raw_call(span: Span) -> ModelCall | None:
    """The model call a ``raw_gen_ai_request`` span records, or None when it records none.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> span = Span("t", "s", None, "raw_gen_ai_request", 0, 1, "ok", None, {
        ...     "llm.openai.messages": "[{'role': 'user', 'content': 'Hi'}]",
        ...     "llm.openai.choices": "[{'message': {'role': 'assistant', 'content': 'Hello'}}]",
        ...     "llm.openai.usage": "{'prompt_tokens': 5, 'completion_tokens': 2}",
        ...     "llm.openai.model": "gpt-4o-mini-2024-07-18"})
        >>> call = litellm_raw_call(span)
        >>> [m.content for m in call.inputs + call.outputs], call.input_tokens, call.response_model
        (['Hi', 'Hello'], 5, 'gpt-4o-mini-2024-07-18')
        >>> litellm_raw_call(Span("t", "s", None, "raw", 0, 1, "ok", None, {
        ...     "llm.openai.messages": 42, "llm.openai.choices": "[oops"})) is None
        True
    """
    attrs = span.attributes
    provider = next((m.group(1) for k in attrs if (m := _RAW.fullmatch(k))), None)
    if provider is None:
        return None
    prefix = f"llm.{provider}."
    messages = literal(attrs.get(prefix + "messages"))
    inputs = parse_messages(messages) if isinstance(messages, list) else []
    outputs: list[Msg] = []
    choices = literal(attrs.get(prefix + "choices"))
    for choice in choices if isinstance(choices, list) else []:
        if isinstance(choice, dict) and isinstance(choice.get("message"), dict):
            outputs.extend(parse_messages(choice["message"], default_role="assistant"))
    if not inputs and not outputs:
        return None
    usage = literal(attrs.get(prefix + "usage"))
    usage = usage if isinstance(usage, dict) else {}
    model = attrs.get(prefix + "model")
    return ModelCall(
        span,
        inputs=inputs,
        outputs=outputs,
        input_tokens=first_token_count(usage, "prompt_tokens", "input_tokens"),
        output_tokens=first_token_count(usage, "completion_tokens", "output_tokens"),
        provider=provider,
        response_model=model if isinstance(model, str) and model else None,
    )


def litellm_reply(attrs: dict[str, Any], outputs: list[Msg]) -> list[Msg]:
    """`outputs` with the tool calls LiteLLM flattened (``gen_ai.completion.{i}.function_call``).

    Only when the recorded reply holds none and asked for tools.

    Examples:
        >>> attrs = {"gen_ai.completion.0.function_call.name": "f",
        ...          "gen_ai.completion.0.function_call.arguments": '{"city": "Paris"}',
        ...          "gen_ai.response.finish_reasons": ("tool_calls",)}
        >>> [reply] = litellm_reply(attrs, [])
        >>> reply.role, [(r.name, r.arguments, r.id) for r in reply.tool_calls]
        ('assistant', [('f', {'city': 'Paris'}, None)])
        >>> litellm_reply({**attrs, "gen_ai.response.finish_reasons": ("stop",)}, [])
        []
    """
    items = indexed(attrs, "gen_ai.completion.")
    requests = [
        ToolRequest(
            name=str(item["function_call.name"]),
            arguments=parse_arguments(item.get("function_call.arguments")),
        )
        for item in items
        if isinstance(item.get("function_call.name"), str) and item["function_call.name"]
    ]
    if not requests or any(m.tool_calls for m in outputs):
        return outputs
    finish = try_json(attrs.get("gen_ai.response.finish_reasons"))
    reasons = {str(r) for r in finish} if isinstance(finish, list | tuple) else set()
    said = any(m.content for m in outputs)
    if not (reasons & _TOOL_FINISH or (not reasons and not said)):
        return outputs
    kept = [m for m in outputs if m.role != "assistant" or m.content]
    return [*kept, Msg(role="assistant", tool_calls=requests)]


def tool_answer_ids(inputs: list[Msg], request: Any) -> None:
    """Give the tool messages of `inputs` that name no call their ids in `request`, in place.

    `request` is the call's input as sent (``{"messages": [...]}`` as JSON): its tool
    messages, in order, when they are as many and say the same.

    Examples:
        >>> inputs = [Msg(role="tool", content="22 C")]
        >>> tool_answer_ids(inputs, '{"messages": [{"role": "tool", "tool_call_id": "c1", '
        ...                         '"content": "22 C"}]}')
        >>> inputs[0].tool_call_id
        'c1'
        >>> tool_answer_ids([Msg(role="tool", content="x")], '{"messages": 3}')
    """
    unnamed = [m for m in inputs if m.role == "tool" and not m.tool_call_id]
    body = try_json(request)
    sent = body.get("messages") if isinstance(body, dict) else None
    if not unnamed or not isinstance(sent, list):
        return
    told = [m for m in parse_messages(sent) if m.role == "tool"]
    if len(told) != len([m for m in inputs if m.role == "tool"]):
        return
    named = [m for m in inputs if m.role == "tool"]
    if any(a.content != b.content for a, b in zip(named, told, strict=True)):
        return
    for mine, theirs in zip(named, told, strict=True):
        if not mine.tool_call_id and theirs.tool_call_id:
            mine.tool_call_id = theirs.tool_call_id


def literal(value: Any) -> Any:
    """A Python repr (or JSON) read as a literal value; None when it is neither."""
    if not isinstance(value, str):
        return value if isinstance(value, list | dict) else None
    read = python_literal(value, default=UNREAD, limit=_LIMIT)
    if read is not UNREAD:
        return read
    if len(value) > _LIMIT:
        return None
    found = try_json(value)
    return found if isinstance(found, list | dict) else None

"""Pipecat's own OpenTelemetry tracing: its ``llm`` spans' messages, in bare attributes.

Pipecat (pipecat-ai, ``pipecat.utils.tracing``, turned on by ``enable_tracing=True`` on the
pipeline's worker or task) writes a turn's spans with its own tracers: ``conversation`` >
``turn`` (scope ``pipecat.turn``, the conversation's and the turn's ids, nothing said), and
under a turn a span per service call (scope ``pipecat``): ``stt``, ``tts``, and ``llm`` for
each model call of an LLM service (``traced_llm`` over the service's ``_process_context``).
An ``llm`` span carries the GenAI conventions' request keys (``gen_ai.operation.name``
``chat``, ``gen_ai.output.type`` ``text``, ``gen_ai.provider.name``, ``gen_ai.request.model``,
``gen_ai.usage.*``, ``gen_ai.system_instructions``), and the rest in keys of its own
(``add_llm_span_attributes``):

- ``input``: the context's messages as JSON, written by the service's adapter
  (``get_messages_for_logging``) in its provider's own shape: Chat Completions messages for
  OpenAI and the services built on its client, Anthropic's content blocks, Gemini's
  ``Content`` parts, Bedrock's Converse blocks (binary data elided as ``...``). The system
  prompt is in ``gen_ai.system_instructions`` (the service's setting, else the context's
  system message), apart from these messages or also one of them: one message either way;
- a tool message's ``content`` (in each shape) is what the function returned as JSON
  (``json.dumps`` of the handler's result: a string in its quotes), or ``COMPLETED`` for a
  function that returned nothing: the call's result is that JSON's value, the message
  keeping the text as written;
- a function whose handler raised (pipecat-ai since August 2026, 1.14.0 here; ``LLMService``'s
  ``FUNCTION_CALL_ERROR_MESSAGE_TEMPLATE``) is settled by Pipecat itself with the fixed
  sentence ``The function `<name>` failed and returned no result.`` as its result (the
  exception is left out of the context; it goes upstream as an ``ErrorFrame``), written as
  any result is: JSON, a string in its quotes (Gemini's adapter wraps it,
  ``{"value": <sentence>}``). A tool message holding that sentence for the function its call
  named is marked failed: the call's error is the sentence, its result the sentence as well,
  what the model was given (`pipecat_failure`). The sentence Pipecat gives for a function it
  has no handler for (``The function `<name>` is not currently available.``) is a result
  its ``result_callback`` settles as any other, not a failure: left as a result;
- ``output``: the reply's text, the ``LLMTextFrame`` texts the call pushed, joined as
  streamed: text, never a message list, whatever it looks like (a JSON answer is the
  model's words). A reply that only requested tools pushes no text: the span writes no
  ``output``, and nothing of its requests. The function calls Pipecat runs make no span
  either: the turn that requested them, and their results, stand only in a later call's
  ``input``, as the context holds them (the assembly reads them from there);
- ``tools`` / ``tool_count``, ``stream``, ``param.<setting>`` (the service's settings: its
  ``param.model`` the model asked for), ``metrics.ttfb``.

``gen_ai.request.model`` is the service's ``_full_model_name`` once a reply named one (the
OpenAI service keeps the streamed reply's dated ``model``), else its setting: the model of
an earlier reply, not the one this call asked for, which ``param.model`` keeps.

A span is Pipecat's by its scope, ``pipecat``, and its name, ``llm``; where the export keeps
no scope (the SDK's console dump), by its name and the keys Pipecat always writes on it
(``gen_ai.operation.name`` ``chat``, ``gen_ai.output.type`` ``text``, a boolean ``stream``).
Other tracers' bare ``input`` / ``output`` (Logfire's OpenAI Agents SDK spans, VoltAgent's,
Mastra's) are not read so.
"""

from __future__ import annotations

import re
from typing import Any

from .._messages import Msg, parse_messages, result_value, try_json
from .._spans import Span
from ._shapes import converse_blocks
from ._system_instructions import with_system_instructions

__all__ = ["is_pipecat_llm", "pipecat_failure", "pipecat_messages", "pipecat_model"]

SCOPE = "pipecat"
"""The tracer Pipecat's service spans (``llm``, ``stt``, ``tts``) are written with."""
_NAME = "llm"


def is_pipecat_llm(span: Span) -> bool:
    """Whether `span` is a Pipecat LLM service's ``llm`` span (see the module's docstring).

    Examples:
        >>> def span(name="llm", scope=None, **attrs):
        ...     return Span("t", "s", "p", name, 1, 2, "unset", None, attrs, scope=scope)
        >>> pipecat = {"gen_ai.operation.name": "chat", "gen_ai.output.type": "text",
        ...            "stream": True, "input": '[{"role": "user", "content": "Hi"}]'}
        >>> is_pipecat_llm(span(scope=SCOPE)), is_pipecat_llm(span(**pipecat))
        (True, True)

        Not another scope's ``llm`` span, nor Pipecat's other services' (``tts``, ``stt``):

        >>> is_pipecat_llm(span(scope="openinference.instrumentation.pipecat", **pipecat))
        False
        >>> is_pipecat_llm(span("tts", SCOPE)), is_pipecat_llm(span("stt", **pipecat))
        (False, False)

        With no scope, not a span named ``llm`` without the keys Pipecat writes on it, nor
        other tracers' spans with a bare ``input``: Logfire's OpenAI Agents SDK ``Chat``
        span, VoltAgent's ``llm`` span type:

        >>> is_pipecat_llm(span(input='[{"role": "user", "content": "Hi"}]'))
        False
        >>> is_pipecat_llm(span(**{**pipecat, "stream": "true"}))
        False
        >>> is_pipecat_llm(span("Chat completion with 'gpt-4o'", input="[]", output="[]",
        ...                     **{"gen_ai.request.model": "gpt-4o"}))
        False
        >>> is_pipecat_llm(span("llm:generateText", **{"span.type": "llm", "input": "Hi",
        ...                     "entity.type": "agent", "operation.id": "o"}))
        False
    """
    if span.name != _NAME:
        return False
    if span.scope is not None:
        return span.scope == SCOPE
    attrs = span.attributes
    return (
        attrs.get("gen_ai.operation.name") == "chat"
        and attrs.get("gen_ai.output.type") == "text"
        and isinstance(attrs.get("stream"), bool)
    )


def pipecat_messages(span: Span) -> tuple[list[Msg], list[Msg]] | None:
    r"""A Pipecat ``llm`` span's input and reply; None for another span.

    The input: the system prompt, then the context's messages (``input``, in the
    provider's shape); the reply: ``output``, the text the call pushed, as text.

    Examples:
        >>> attrs = {"gen_ai.system_instructions": "Be brief.", "input": '[{"role": '
        ...     '"user", "content": "Hi"}, {"role": "assistant", "tool_calls": [{"id": "c1", '
        ...     '"type": "function", "function": {"name": "f", "arguments": "{}"}}]}, '
        ...     '{"role": "tool", "content": "\\"ok\\"", "tool_call_id": "c1"}]',
        ...     "output": '[{"role": "assistant", "content": "Hello"}]'}
        >>> inputs, outputs = pipecat_messages(Span("t", "s", "p", "llm", 1, 2, "unset",
        ...                                         None, attrs, scope=SCOPE))
        >>> [(m.role, m.content, [r.id for r in m.tool_calls]) for m in inputs[:3]]
        [('system', 'Be brief.', []), ('user', 'Hi', []), ('assistant', None, ['c1'])]
        >>> inputs[-1].role, inputs[-1].content, inputs[-1].tool_call_id
        ('tool', '"ok"', 'c1')
        >>> inputs[-1].result
        'ok'
        >>> [(m.role, m.content) for m in outputs]
        [('assistant', '[{"role": "assistant", "content": "Hello"}]')]

        A call whose reply only requested tools writes no ``output``: no reply recorded.

        >>> pipecat_messages(Span("t", "s", "p", "llm", 1, 2, "unset", None,
        ...                       {"input": '[{"role": "user", "content": "Hi"}]'},
        ...                       scope=SCOPE))[1]
        []
        >>> pipecat_messages(Span("t", "s", "p", "llm", 1, 2, "unset", None,
        ...                       {"input": "[]"}, scope="other")) is None
        True
    """
    if not is_pipecat_llm(span):
        return None
    attrs = span.attributes
    inputs = parse_messages(_read_blocks(try_json(attrs.get("input"))))
    for msg in inputs:
        if msg.role == "tool" and isinstance(msg.content, str):
            msg.result = result_value(try_json(msg.content))  # what the function returned
        if msg.role == "tool":
            msg.error = msg.error or pipecat_failure(msg, _asked_name(inputs, msg))
    system = attrs.get("gen_ai.system_instructions")
    if isinstance(system, str):  # text, as written, even text that parses as JSON
        inputs = with_system_instructions(inputs, [{"type": "text", "content": system}])
    reply = attrs.get("output")
    outputs = [Msg(role="assistant", content=reply)] if isinstance(reply, str) and reply else []
    return inputs, outputs


_FAILED = re.compile(r"The function `(?P<name>[^`]+)` failed and returned no result\.")
"""Pipecat's ``FUNCTION_CALL_ERROR_MESSAGE_TEMPLATE``, the result of a handler that raised."""


def pipecat_failure(message: Msg, asked: str | None) -> str | None:
    """The error of a tool message holding Pipecat's failed-function sentence; else None.

    `message` is a tool message of a Pipecat ``llm`` span's input, its ``result`` read;
    `asked` the name of the function its call requested, where the input gives it: the
    sentence must name that function.

    Examples:
        >>> said = "The function `get_weather` failed and returned no result."
        >>> def tool(value):
        ...     return Msg(role="tool", content=str(value), result=value, tool_call_id="c1")
        >>> pipecat_failure(tool(said), "get_weather") == said
        True
        >>> pipecat_failure(tool({"value": said}), None) == said  # Gemini's wrapping
        True

        Not another function's sentence, Pipecat's for a function it has no handler for, a
        text that only says so, or another role's message:

        >>> pipecat_failure(tool(said), "get_time") is None
        True
        >>> pipecat_failure(tool("The function `f` is not currently available."), "f") is None
        True
        >>> pipecat_failure(tool("get_weather failed: " + said), "get_weather") is None
        True
        >>> pipecat_failure(Msg(role="user", content=said, result=said), None) is None
        True
    """
    if message.role != "tool":
        return None
    value = message.result
    if isinstance(value, dict) and set(value) == {"value"}:
        value = value["value"]  # Gemini's adapter: a result that is no object, wrapped
    found = _FAILED.fullmatch(value) if isinstance(value, str) else None
    if found is None or (asked is not None and found["name"] != asked):
        return None
    return str(value)


def _asked_name(inputs: list[Msg], answer: Msg) -> str | None:
    """The function the call a tool message answers requested: its own name, else by id."""
    if answer.name:
        return answer.name
    asked = (
        r
        for m in inputs
        for r in m.tool_calls
        if answer.tool_call_id and r.id == answer.tool_call_id
    )
    return next((r.name for r in asked), None)


def _read_blocks(messages: Any) -> Any:
    """`messages` with Bedrock's Converse blocks as the parts `parse_messages` reads.

    Pipecat's Bedrock service logs its context in the Converse API's shape
    (``{"toolUse": {...}}``, ``{"toolResult": {...}}`` blocks); the other providers' shapes
    are read as they are.

    Examples:
        >>> said = _read_blocks([{"role": "assistant", "content": [{"toolUse": {
        ...     "toolUseId": "c1", "name": "f", "input": {"city": "Paris"}}}]},
        ...     {"role": "user", "content": [{"toolResult": {"toolUseId": "c1",
        ...     "content": [{"text": "sunny"}]}}]}])
        >>> [(m.role, m.content, m.tool_call_id, [r.id for r in m.tool_calls])
        ...  for m in parse_messages(said)]
        [('assistant', None, None, ['c1']), ('tool', 'sunny', 'c1', [])]
        >>> _read_blocks([{"role": "user", "content": "Hi"}])
        [{'role': 'user', 'content': 'Hi'}]
    """
    if not isinstance(messages, list):
        return messages
    out: list[Any] = []
    for message in messages:
        blocks = converse_blocks(message.get("content")) if isinstance(message, dict) else None
        out.append(message if blocks is None else {**message, "content": blocks})
    return out


def pipecat_model(span: Span) -> str | None:
    """The model a Pipecat ``llm`` span's call asked for: its ``param.model`` setting.

    Its ``gen_ai.request.model`` may be an earlier reply's dated name.

    Examples:
        >>> span = Span("t", "s", "p", "llm", 1, 2, "unset", None, {"param.model":
        ...     "gpt-4o-mini", "gen_ai.request.model": "gpt-4o-mini-2024-07-18"}, scope=SCOPE)
        >>> pipecat_model(span)
        'gpt-4o-mini'
        >>> pipecat_model(Span("t", "s", "p", "llm", 1, 2, "unset", None,
        ...                    {"param.model": "m"}, scope="other")) is None
        True
    """
    if not is_pipecat_llm(span):
        return None
    model: Any = span.attributes.get("param.model")
    return model if isinstance(model, str) and model and model != "NOT_GIVEN" else None

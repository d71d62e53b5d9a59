"""A model call recorded on its agent's run span, and requests its reply never made.

An instrumentation that writes a model call's attributes on whatever span is current can land
them on the agent's run span when the framework made no span of its own for the call:
openinference-instrumentation-google-adk 1.0.5 on Google ADK 2.x writes each call's
OpenInference record (``openinference.span.kind`` ``LLM``, ``llm.*``, ``input.value``) and
ADK's own GenAI attributes on ADK's ``invoke_agent <name>`` span. The span then holds the
agent's tool runs (and a sub-agent's whole run, under an ``AgentTool``), and each call
overwrites the last: what stays is the last call's request, reply and usage.

Such a span is a wrapper of its agent's turns (`ModelCall.wraps_calls`), not one call its
children repeat: its request is the conversation up to the last call, said when the run
starts; its reply the last call's, said after the tools ran; the spans inside it are the
agent's, not the call's (a tool run inside it is no call made by a model).

A key that only an earlier call wrote stays: the first call's
``llm.output_messages.0.message.tool_calls.*`` next to the last call's text. A reply cannot
request a call its own request already answers, so such a request is dropped
(`without_answered_requests`). On ADK's native ``Gemini`` model (ADK 2.13, the same
instrumentation) the calls have no ids: the stale requests are then the ones that repeat, by
name and arguments and in order, the requests of the input's last assistant turn that asked
for calls, which the tool messages after it answer (by order); on an agent's run span they
are dropped too (`without_repeated_requests`), the tool spans giving the calls their ids.
"""

from __future__ import annotations

import json
from dataclasses import replace

from .._messages import Msg, ToolRequest
from .._spans import Span
from .._steps import ModelCall
from ._two_records import answered_calls

__all__ = [
    "agent_span_call",
    "runs_an_agent",
    "without_answered_requests",
    "without_repeated_requests",
]

_AGENT_SPAN = "invoke_agent"
"""The GenAI conventions' name of an agent's run span (``invoke_agent {gen_ai.agent.name}``)."""


def runs_an_agent(span: Span) -> bool:
    """Whether the span's name says it is an agent's run (``invoke_agent <name>``).

    The name is the span's owner's, set when it started; attributes written later by another
    instrumentation (a model call's) do not change what the span is.

    Examples:
        >>> runs_an_agent(_span("invoke_agent weather_agent"))
        True
        >>> runs_an_agent(_span("generate_content gpt-4o")), runs_an_agent(_span("invoke_agent"))
        (False, False)
    """
    head, _, rest = span.name.partition(" ")
    return head == _AGENT_SPAN and bool(rest.strip())


def without_answered_requests(call: ModelCall) -> ModelCall:
    """`call` without the requests in its reply that its own request already answers.

    A call's reply asks for new calls; a request whose id a tool message of the call's input
    answers was made before, and recorded again by a stale key.

    Examples:
        >>> from fourfold.trace import ToolRequest
        >>> asked = ToolRequest(id="c1", name="get_weather", arguments={})
        >>> inputs = [Msg("assistant", tool_calls=[asked]), Msg("tool", "sunny", tool_call_id="c1")]
        >>> outputs = [Msg("assistant", "It is sunny.", tool_calls=[asked])]
        >>> call = without_answered_requests(ModelCall(_span("chat"), inputs, outputs))
        >>> [(m.content, m.tool_calls) for m in call.outputs]
        [('It is sunny.', [])]
    """
    answered = answered_calls(call.inputs)
    if not answered or not any(r.id in answered for m in call.outputs for r in m.tool_calls):
        return call
    outputs = [
        replace(m, tool_calls=[r for r in m.tool_calls if r.id not in answered])
        if m.role == "assistant"
        else m
        for m in call.outputs
    ]
    return replace(call, outputs=[m for m in outputs if not _empty(m)])


def agent_span_call(call: ModelCall) -> ModelCall:
    """`call` as read from its span: a wrapper of its agent's turns on an agent's run span.

    Examples:
        >>> agent_span_call(ModelCall(_span("invoke_agent weather_agent"), [], [])).wraps_calls
        True
        >>> agent_span_call(ModelCall(_span("chat gpt-4o"), [], [])).wraps_calls
        False
    """
    call = without_answered_requests(call)
    if not runs_an_agent(call.span):
        return call
    call = without_repeated_requests(call)
    return call if call.wraps_calls else replace(call, wraps_calls=True)


def without_repeated_requests(call: ModelCall) -> ModelCall:
    """`call` without a reply's id-less requests that repeat its input's last, answered ones.

    The input's last assistant turn that asked for calls, answered by as many tool messages
    after it (by order: no ids), and a reply that asks for the same calls (name and
    arguments, in order, no ids): the reply's requests are that turn's, left by a stale key.

    Examples:
        >>> asked = ToolRequest(name="get_weather", arguments={"city": "Paris"})
        >>> inputs = [Msg("assistant", tool_calls=[asked]), Msg("tool", "sunny")]
        >>> outputs = [Msg("assistant", "It is sunny.", tool_calls=[asked])]
        >>> call = without_repeated_requests(ModelCall(_span("invoke_agent a"), inputs, outputs))
        >>> [(m.content, m.tool_calls) for m in call.outputs]
        [('It is sunny.', [])]
        >>> unanswered = ModelCall(_span("invoke_agent a"), inputs[:1], outputs)
        >>> without_repeated_requests(unanswered) is unanswered
        True
    """
    answered = _answered_requests(call.inputs)
    if not answered:
        return call
    outputs = [
        replace(m, tool_calls=[])
        if m.role == "assistant" and [_request_key(r) for r in m.tool_calls] == answered
        else m
        for m in call.outputs
    ]
    if all(new is old for new, old in zip(outputs, call.outputs, strict=True)):
        return call
    return replace(call, outputs=[m for m in outputs if not _empty(m)])


def _answered_requests(inputs: list[Msg]) -> list[tuple[str, str]] | None:
    """The id-less requests of the last turn that asked for calls, if tool messages answer all."""
    for i in range(len(inputs) - 1, -1, -1):
        message = inputs[i]
        if message.role != "assistant" or not message.tool_calls:
            continue
        if any(r.id for r in message.tool_calls):
            return None
        results = [m for m in inputs[i + 1 :] if m.role == "tool"]
        if len(results) < len(message.tool_calls) or any(m.tool_call_id for m in results):
            return None
        return [_request_key(r) for r in message.tool_calls]
    return None


def _request_key(request: ToolRequest) -> tuple[str, str]:
    """An id-less request by what it asks: its name and arguments (``""`` for an id-ful one)."""
    if request.id:
        return ("", "")
    return (request.name, json.dumps(request.arguments, sort_keys=True, default=str))


def _span(name: str) -> Span:
    """A span of that name and nothing else (for the examples)."""
    return Span("t", "s", None, name, None, None, "unset", None, {})


def _empty(message: Msg) -> bool:
    return message.role == "assistant" and not message.content and not message.tool_calls

"""An instrumentation's summary of a model call around the call's own record: the record is it.

Some framework instrumentations open a span of their own around the model call a framework
makes and write on it a summary of that call, lossy, while another instrumentation (the model
client's, or the framework's own tracer) records the same call whole in a span inside it.
AgentOps' LangGraph instrumentation writes, on each node it takes for a model's, the last
messages of the node's state as text under LangChain's roles (no system prompt, no requests,
no call ids) and the node's last message as the completion; its Google ADK instrumentation
writes ADK's request flattened with one key per message for each kind of part, so that of two
parallel calls only the last stays (`.otel._agentops_calls`). Both blind readings of such
traces take the call's messages from the record inside: the summary's are not the history.

The rule, `with_restated_calls`: a model call its reader marks restated
(`ModelCall.restated`) with a model call inside it (a descendant span, itself not restated)
wraps the calls inside it (`ModelCall.wraps_calls`) and says nothing: its messages are
dropped, the calls inside give the conversation and the model (its own stands only where none
of them names one), and its counts count only when none of the trace's calls has any (the
wrappers' rule). The spans inside it are then inside no model call: a tool run under it (ADK
runs the reply's tools inside AgentOps' span) is the agent's, its exchange part of the
conversation. With no model call inside it, it is the call, read as
recorded: its summary is all the trace keeps of it.
"""

from __future__ import annotations

from dataclasses import replace

from ._spans import Span, ancestors
from ._steps import ModelCall, Step

__all__ = ["with_restated_calls"]


def with_restated_calls(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, Step | None]:
    """`steps` with each restated model call that has a model call inside it as a wrapper.

    `ordered`: the trace's spans; `steps`: what each is, by ``id(span)``; `by_id`: the spans
    by span id. Other steps are returned as they were.

    Examples:
        >>> def span(span_id, parent=None):
        ...     return Span("t", span_id, parent, span_id, 1, 2, "unset", None, {})
        >>> node, client = span("node"), span("client", "node")
        >>> from ._messages import Msg
        >>> def call(at, said, restated=False):
        ...     return ModelCall(at, [], [Msg("assistant", said)], 61, 34, model="m",
        ...                      restated=restated)
        >>> steps = {id(node): call(node, "", True), id(client): call(client, None)}
        >>> out = with_restated_calls([node, client], steps, {"node": node, "client": client})
        >>> wrapper = out[id(node)]
        >>> wrapper.wraps_calls, wrapper.outputs, wrapper.input_tokens, wrapper.model
        (True, [], 61, None)
        >>> out[id(client)] is steps[id(client)]
        True

        With no model call inside it, the restated span is the call; an unmarked span over
        another call is left to the other rules (`_same_call`):

        >>> alone = {id(node): call(node, "Sunny.", True), id(client): None}
        >>> with_restated_calls([node, client], alone, {"node": node, "client": client}) == alone
        True
        >>> plain = {id(node): call(node, "Sunny."), id(client): call(client, "Sunny.")}
        >>> with_restated_calls([node, client], plain, {"node": node, "client": client}) == plain
        True
    """
    inside: dict[str, list[ModelCall]] = {}  # restated span id -> the calls inside it
    for span in ordered:
        inner = steps.get(id(span))
        if not isinstance(inner, ModelCall) or inner.restated:
            continue
        for above in ancestors(span, by_id):
            found = steps.get(id(above))
            if isinstance(found, ModelCall) and found.restated:
                inside.setdefault(above.span_id, []).append(inner)
    if not inside:
        return steps
    out = dict(steps)
    for span in ordered:
        found = steps.get(id(span))
        if span.span_id in inside and isinstance(found, ModelCall):
            out[id(span)] = _wrapper(found, inside[span.span_id])
    return out


def _wrapper(call: ModelCall, inner: list[ModelCall]) -> ModelCall:
    """`call` as the wrapper of `inner`: no message, and no model where one of them names one.

    Its model is the answering model's name at best (AgentOps' LangGraph node reads it off the
    reply's metadata), and the run's model is its first call's: the calls' own requests say
    which model was asked for.
    """
    named = any(c.model for c in inner)
    return replace(
        call,
        wraps_calls=True,
        inputs=[],
        outputs=[],
        model=None if named else call.model,
        response_model=None if named else call.response_model,
    )

"""A trace whose model calls' spans record nothing said: its tools' results are no messages.

Some instrumentations make a span for each model call that keeps the call's model, tools
offered and usage but none of its messages: AgentOps' smolagents instrumentation reads the
prompt only from keyword arguments, which smolagents never uses, and writes the ``str()`` of
a reply's ``content``, ``None`` for a turn that only requested tools (read as no text,
`.otel._agentops_smolagents`); so a ``ToolCallingAgent``'s run is two calls with nothing in
them and the tools' spans between them (agentops-smolagents-2026-12-07f). The calls were
made, and none of what was said in them is in the trace: no prompt, no reply, no turn that
requested the tools. A tool's result is then no message either: it answers a request no
span records, in a conversation the trace does not hold (tests/data/traces/README.md: a
trace with no model call has no messages; here the calls are there, and hold none).

It holds whatever the tool's span carries: a tool run with the model's call id answers a
request of that id, which no span records either (Semantic Kernel's diagnostics log the
messages apart and keep none on the spans, its tool spans carrying the calls' ids). Four
blind readings of three such exports (both of langfuse-v5-semantic-kernel-2026-12-07, the
re-readings of semantic-kernel-2026-12-02 and semantic-kernel-positional-2026-12-03) keep
no tool message; the two first truths, which kept them, were changed to that reading. So
every run's result is no message (`unanswered`). And only where nothing else records the
conversation: no call records a message (a call recording only its prompt, or only a reply,
holds the conversation and its results are answered as usual), and no run records a history
of its own or a delivered turn (the caller says so: `recorded_elsewhere`). A trace with no
model call at all is `._unrecorded_conversation`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ._messages import Msg
from ._tool_runs import Executed

__all__ = ["calls_hold_nothing", "requests_unrecorded", "unanswered"]


class _Call(Protocol):
    @property
    def inputs(self) -> list[Msg]: ...
    @property
    def outputs(self) -> list[Msg]: ...


def calls_hold_nothing(calls: Sequence[_Call], recorded_elsewhere: bool) -> bool:
    """Whether there are model calls and none of them records a message.

    `recorded_elsewhere`: a run's own history or a delivered turn records the conversation.

    Examples:
        >>> from types import SimpleNamespace as NS
        >>> empty = NS(inputs=[], outputs=[])
        >>> calls_hold_nothing([empty, empty], False)
        True

        Not a call recording its prompt or its reply, nor a history recorded elsewhere, nor a
        trace with no model call (`._unrecorded_conversation`'s):

        >>> asked = NS(inputs=[Msg("user", "Weather?")], outputs=[])
        >>> said = NS(inputs=[], outputs=[Msg("assistant", "Sunny.")])
        >>> calls_hold_nothing([empty, asked], False), calls_hold_nothing([said], False)
        (False, False)
        >>> calls_hold_nothing([empty], True), calls_hold_nothing([], False)
        (False, False)
    """
    if recorded_elsewhere or not calls:
        return False
    return not any(c.inputs or c.outputs for c in calls)


def requests_unrecorded(calls: Sequence[_Call], messages: Sequence[Msg]) -> bool:
    """Whether the turns that requested the tools are in no span of the trace.

    So where the model calls record what they were given and no reply, and no message the
    trace holds asks for a tool. OpenLLMetry's openai-agents instrumentation writes each
    call's request and never its reply; a later call's input replays the turn that asked for
    the tools. An export cut short before that later call
    (`openllmetry-openai-agents-cut-short-2026-12-07z`) holds the question and the tools'
    spans, and no turn requesting them: their results answer a request the trace does not
    hold, so they are no messages (both readings), as where the calls record nothing at all
    (`calls_hold_nothing`).

    Examples:
        >>> from types import SimpleNamespace as NS
        >>> from ._messages import ToolRequest
        >>> asked = NS(inputs=[Msg("user", "Weather?")], outputs=[])
        >>> requests_unrecorded([asked], [Msg("user", "Weather?")])
        True
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("get_weather", {})])
        >>> requests_unrecorded([asked], [Msg("user", "Weather?"), turn])
        False
        >>> said = NS(inputs=[Msg("user", "Weather?")], outputs=[Msg("assistant", "Sunny.")])
        >>> requests_unrecorded([said], [Msg("user", "Weather?")]), requests_unrecorded([], [])
        (False, False)
    """
    if not calls or any(c.outputs for c in calls):
        return False
    return not any(m.role == "assistant" and m.tool_calls for m in messages)


def unanswered(run: Executed) -> Executed:
    """`run` as a call whose result is no message: it answers no request the trace holds.

    Examples:
        >>> from fourfold.trace import ToolCall
        >>> unanswered(Executed(ToolCall(name=None, result="sunny"))).inside
        True
        >>> unanswered(Executed(ToolCall(name="w", result="sunny"), own_id=True)).inside
        True

        Nor a call the model's id names: its request is in no span either.

        >>> unanswered(Executed(ToolCall(name="w", result="sunny", id="call_w1"))).inside
        True
    """
    return run._replace(inside=True)

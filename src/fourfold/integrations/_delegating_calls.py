"""A team's model calls that delegate through tools: a caller's turns, not the team's (D15).

The shape, Agno 3.1.10 under openlit 1.45, a coordinate team run with ``arun``: the team is
an ``invoke_workflow`` span, no agent span of its own, so its leader's ``chat`` spans are model
calls inside no agent run, beside the members' ``invoke_agent`` spans. The leader is given the
user's question as a user turn, replies requesting ``delegate_task_to_member`` calls that
``execute_tool`` spans ran, and answers once it is given their results as tool messages
(``openlit-agno-team-fan-out-arun``). That is a caller running sub-agents as tools, not a
team's bookkeeping beside its agents (a speaker selection, a ledger): its requests are calls
the run executed, which need their requesting turn, and its later call continues that
conversation. So a call beside the agents whose reply requests a call a tool span executed,
or whose input answers such a call with a tool message, is a turn of the conversation.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._steps import ModelCall, Step, ToolRun

__all__ = ["delegating"]


def delegating(calls: Iterable[ModelCall], steps: Iterable[Step | None]) -> set[int]:
    """The calls of `calls` that delegate through executed tools, as ``id(span)``.

    A call delegates when its reply requests, by id, a call that a tool run of `steps`
    executed, or its input holds a tool message answering such a request of those calls
    (the same caller, given its results). A call requesting nothing executed, or answering
    no such request, is none.

        >>> from types import SimpleNamespace as NS
        >>> from ._messages import Msg, ToolRequest
        >>> from ..trace import ToolCall
        >>> ask = Msg("assistant", tool_calls=[ToolRequest("delegate", {}, "c1")])
        >>> first = ModelCall(NS(), [Msg("user", "Hi")], [ask])
        >>> after = ModelCall(NS(), [Msg("tool", "done", tool_call_id="c1")], [Msg("assistant")])
        >>> ledger = ModelCall(NS(), [Msg("user", "Done?")], [Msg("assistant", "no")])
        >>> ran = ToolRun(NS(), ToolCall(name="delegate", arguments={}, id="c1"))
        >>> found = delegating([first, after, ledger], [ran])
        >>> [id(c.span) in found for c in (first, after, ledger)]
        [True, True, False]
        >>> delegating([first, after], [])  # no tool span ran the request
        set()
    """
    ran = {s.call.id for s in steps if isinstance(s, ToolRun) and s.call.id}
    calls = list(calls)
    asked = {
        req.id for call in calls for msg in call.outputs for req in msg.tool_calls if req.id in ran
    }
    return {
        id(call.span)
        for call in calls
        if any(req.id in asked for msg in call.outputs for req in msg.tool_calls)
        or any(msg.role == "tool" and msg.tool_call_id in asked for msg in call.inputs)
    }

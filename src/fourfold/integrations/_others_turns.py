"""Calls another agent made, replayed to this trace's agent as a chat's history.

An agent of a group chat (Semantic Kernel's ``AgentGroupChat``) is handed the whole chat:
the other agents' turns among it, their tool calls and results too, each assistant message
named after the agent that said it. When each agent's run is a trace of its own that no
span joins, a trace's model input then holds requests its agent never made (the trace of
the run that did lists them). In a trace whose agent runs are named, a request whose
assistant message names an agent that is none of them is no call of this trace; a request a
tool span of the trace ran stays a call, being executed here.
"""

from __future__ import annotations

from ..trace import ToolCall
from ._messages import Msg
from ._steps import AgentRun

__all__ = ["without_others_turns"]


def without_others_turns(
    requested: list[tuple[ToolCall, Msg | None]], messages: list[Msg], runs: list[AgentRun]
) -> list[tuple[ToolCall, Msg | None]]:
    """The requests, without those an assistant message named as another agent made.

    Examples:
        >>> from ._messages import ToolRequest
        >>> from ._spans import Span
        >>> writer = AgentRun(span=Span("t", "s", None, "invoke_agent", 1, 2, "ok", None, {}),
        ...                   name="writer")
        >>> asked = Msg(role="assistant", name="weather_agent",
        ...             tool_calls=[ToolRequest("get_weather", {"city": "Paris"}, id="w1")])
        >>> answer = Msg(role="tool", content="sunny", tool_call_id="w1")
        >>> requested = [(ToolCall(name="get_weather", id="w1"), answer)]
        >>> without_others_turns(requested, [asked, answer], [writer])
        []
        >>> [c.id for c, _ in without_others_turns(requested, [asked, answer], [])]
        ['w1']
        >>> asked.name = "writer"
        >>> [c.id for c, _ in without_others_turns(requested, [asked, answer], [writer])]
        ['w1']
    """
    ours = {run.name for run in runs if run.name}
    if not ours:  # no agent named: whose turn a message was cannot be told
        return requested
    others = {
        req.id
        for m in messages
        if m.role == "assistant" and m.name and m.name not in ours
        for req in m.tool_calls
        if req.id
    }
    return [(call, answer) for call, answer in requested if call.id not in others]

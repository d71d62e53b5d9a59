"""A result that names no call answers its own turn's request, not a later turn's.

A tool message that names no call (Google ADK's stand-in ids taken off, see
`otel._adk_stand_ins`; a framework that gives results no ids) is matched to an executed call
by its value, else by where it stands: after the request. But in a run of several agents a
turn may be answered in no history: ADK's ``transfer_to_agent`` is sent to the next agent
only as quoted text in ``user`` messages, so its result is no tool message anywhere (its tool
span alone records it). The first unnamed result after that request in the conversation is
then a later turn's (the next agent's first ``get_weather`` result), and taking it shifts
every later answer by one.

The rule, `turn_answer`: an unnamed result answers a request only from the results of the
request's own turn, the tool messages right after the assistant message that made it (up to
the next message that is not a tool's): the first of them not yet taken whose name, if it
has one, is the call's. None when its turn has none: the call's answer is then its tool
span's, added after its request.
"""

from __future__ import annotations

from ._messages import Msg, ToolRequest

__all__ = ["turn_answer"]


def turn_answer(
    messages: list[Msg], request: ToolRequest, name: str, loose: list[Msg]
) -> Msg | None:
    """The result of `request`'s own turn that answers it, when it names no call.

    The first of `loose` (tool messages naming no call, not yet taken) among the results right
    after `request`'s turn in `messages` whose name is None or `name`.

    Examples:
        >>> transfer = ToolRequest("transfer_to_agent", {"agent_name": "weather"})
        >>> paris = ToolRequest("get_weather", {"city": "Paris"})
        >>> sunny = Msg("tool", '{"result": "sunny"}')
        >>> messages = [Msg("assistant", tool_calls=[transfer]), Msg("user", "[triage] said"),
        ...     Msg("assistant", tool_calls=[paris]), sunny]
        >>> turn_answer(messages, transfer, "transfer_to_agent", [sunny]) is None
        True
        >>> turn_answer(messages, paris, "get_weather", [sunny]) is sunny
        True
    """
    at = next((i for i, m in enumerate(messages) if any(r is request for r in m.tool_calls)), None)
    if at is None:
        return None
    free = {id(m) for m in loose}
    for msg in messages[at + 1 :]:
        if msg.role != "tool":
            return None
        if id(msg) in free and msg.name in (None, name):
            return msg
    return None

"""Tool results the agent said back to the model in text, not as tool messages.

A tool span whose call no tool message answers gets one in the conversation
(`._tool_runs.attach_tool_runs`), unless the model talked to its tools in text: a ReAct
protocol, where no message requests the tool and the assistant's text names it; its result
is in that text (or in the observation of the code that called it, a CodeAgent's).

A call a turn requested as a tool call has its tool message even when the framework told the
next model its result another way (the contract, tests/data/traces/README.md: Google ADK's
"For context" text). So does DSPy's native function calling (dspy-tool-calls): a
``dspy.Predict`` with a ``dspy.ToolCalls`` output requests the calls, the program runs them
and gives the results to the next module as an input field of its prompt. Until 2026-12-06
those calls had none here ("answered in text"); both annotators who read that export again
from the contract alone gave them their tool messages.
"""

from __future__ import annotations

from ..trace import ToolCall
from ._messages import Msg, ToolRequest

__all__ = ["answered_in_text"]


def answered_in_text(messages: list[Msg], call: ToolCall, request: ToolRequest | None) -> bool:
    """Whether `call`'s result went back to the model in text (`request`: its request).

    Only a call no turn requested can have: a requested call has its tool message. Nor can
    a call whose span names no tool: there is no name to find in the text.

    Examples:
        >>> ask = ToolRequest("get_weather", {"city": "Paris"}, "c1")
        >>> turn = Msg("assistant", tool_calls=[ask])
        >>> call = ToolCall(name="get_weather", id="c1", result="sunny, 22 C")
        >>> fresh = [Msg("user", "Weather?"), turn, Msg("system", "Answer from the results."),
        ...          Msg("user", 'observations: ["sunny, 22 C"]')]
        >>> answered_in_text(fresh, call, ask)
        False
        >>> react = [Msg("user", "Weather?"), Msg("assistant", "Action: get_weather")]
        >>> answered_in_text(react, call, None)
        True
    """
    return request is None and call.name is not None and _named_in_text(messages, call.name)


def _named_in_text(messages: list[Msg], name: str) -> bool:
    """Whether the agent talks to its tools in text (a ReAct protocol).

    No message requests this tool and the assistant's text names it: its result is in that
    text (or in the observation of the code that called it, a CodeAgent's), not in a tool
    message.
    """
    if any(req.name == name for m in messages for req in m.tool_calls):
        return False
    return any(m.role == "assistant" and name in (m.content or "") for m in messages)

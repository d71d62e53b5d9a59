"""Tool results the agent said back to the model in text, not as tool messages.

A tool span whose call no tool message answers gets one in the conversation
(`._conversation.attach_tool_runs`), unless the model was told the result another way:

- a ReAct protocol: no message requests the tool and the assistant's text names it; its
  result is in that text (or in the observation of the code that called it, a CodeAgent's);
- a program that asks for calls in one prompt and hands the results to a fresh one: the turn
  requesting the call ends its history (a system or user message follows it, no tool
  message), and a later user message quotes the call's result. DSPy's native function
  calling (tests/data/traces/dspy/dspy-tool-calls-*): a ``dspy.Predict`` with a
  ``dspy.ToolCalls`` output requests the calls, the program runs them and gives the results
  to the next module as an input field of its prompt; no model saw a tool message.
"""

from __future__ import annotations

from ..trace import ToolCall
from ._messages import Msg, ToolRequest, result_text

__all__ = ["answered_in_text"]


def answered_in_text(messages: list[Msg], call: ToolCall, request: ToolRequest | None) -> bool:
    """Whether `call`'s result went back to the model in text (`request`: its request).

    Examples:
        >>> ask = ToolRequest("get_weather", {"city": "Paris"}, "c1")
        >>> turn = Msg("assistant", tool_calls=[ask])
        >>> call = ToolCall(name="get_weather", id="c1", result="sunny, 22 C")
        >>> fresh = [Msg("user", "Weather?"), turn, Msg("system", "Answer from the results."),
        ...          Msg("user", 'observations: ["sunny, 22 C"]')]
        >>> answered_in_text(fresh, call, ask)
        True
        >>> answered_in_text([*fresh[:2], Msg("user", "Thanks.")], call, ask)
        False
        >>> react = [Msg("user", "Weather?"), Msg("assistant", "Action: get_weather")]
        >>> answered_in_text(react, call, None)
        True
    """
    if request is None:
        return _named_in_text(messages, call.name)
    if call.error is not None:
        return False
    said = result_text(call.result)
    turn = next(
        (i for i, m in enumerate(messages) if any(r is request for r in m.tool_calls)), None
    )
    if not said or turn is None or turn + 1 >= len(messages):
        return False
    if messages[turn + 1].role not in ("system", "user"):
        return False
    later = messages[turn + 1 :]
    return any(m.role == "user" and isinstance(m.content, str) and said in m.content for m in later)


def _named_in_text(messages: list[Msg], name: str) -> bool:
    """Whether the agent talks to its tools in text (a ReAct protocol).

    No message requests this tool and the assistant's text names it: its result is in that
    text (or in the observation of the code that called it, a CodeAgent's), not in a tool
    message.
    """
    if any(req.name == name for m in messages for req in m.tool_calls):
        return False
    return any(m.role == "assistant" and name in (m.content or "") for m in messages)

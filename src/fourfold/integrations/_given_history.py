"""Calls a run was given as history: requests answered before the run's own input.

A run continuing a conversation from memory (Mastra's ``@mastra/memory`` thread, each
``agent.generate`` a trace of its own) is handed the earlier exchanges: its model input
replays the calls an earlier run made, with their ids and results, before the user message
that started this run. They are the conversation's messages, but this run did not make them
(the trace of the run that did lists them); a request the conversation answers before the
run's own input (the input its agent span gives apart, said again as a user message) is no
tool call of this run. A run that makes its calls after its input (every other run, and runs
that continue one another in one trace, whose input is the first run's) keeps them all.
"""

from __future__ import annotations

from ..trace import ToolCall
from ._messages import Msg
from ._steps import AgentRun

__all__ = ["made_by_the_run"]


def made_by_the_run(
    requested: list[tuple[ToolCall, Msg | None]], messages: list[Msg], runs: list[AgentRun]
) -> list[tuple[ToolCall, Msg | None]]:
    """The requests, without those answered before the run's own input was said.

    The run's input is its first agent span's given input; the first user message holding it
    is where the run began. Requests before it with their answers there too were history.

    Examples:
        >>> from ._messages import ToolRequest
        >>> history = ToolCall(name="get_forecast", id="t1")
        >>> made = ToolCall(name="get_forecast", id="t2")
        >>> messages = [
        ...     Msg(role="user", content="Today?"),
        ...     Msg(role="assistant", tool_calls=[ToolRequest("get_forecast", {}, id="t1")]),
        ...     Msg(role="tool", content="sunny", tool_call_id="t1"),
        ...     Msg(role="user", content="And tomorrow?"),
        ...     Msg(role="assistant", tool_calls=[ToolRequest("get_forecast", {}, id="t2")]),
        ...     Msg(role="tool", content="cloudy", tool_call_id="t2"),
        ... ]
        >>> requested = [(history, messages[2]), (made, messages[5])]
        >>> [c.id for c, _ in _before(requested, messages, "And tomorrow?")]
        ['t2']
        >>> [c.id for c, _ in _before(requested, messages, "Today?")]
        ['t1', 't2']
    """
    given = next((r.input_value for r in runs if r.input_value), None)
    return _before(requested, messages, given)


def _before(
    requested: list[tuple[ToolCall, Msg | None]], messages: list[Msg], given: str | None
) -> list[tuple[ToolCall, Msg | None]]:
    """`made_by_the_run` for the run's input `given`."""
    start = next(
        (i for i, m in enumerate(messages) if given and m.role == "user" and m.content == given),
        None,
    )
    if not start:
        return requested
    earlier = messages[:start]
    asked = {r.id for m in earlier if m.role == "assistant" for r in m.tool_calls if r.id}
    answered = {m.tool_call_id for m in earlier if m.role == "tool" and m.tool_call_id}
    return [(c, a) for c, a in requested if c.id is None or c.id not in asked & answered]

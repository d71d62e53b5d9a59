"""Calls a run was given as history: requests answered before the run's own input.

A run continuing a conversation from memory (Mastra's ``@mastra/memory`` thread, each
``agent.generate`` a trace of its own) is handed the earlier exchanges: its model input
replays the calls an earlier run made, with their ids and results, before the user message
that started this run. They are the conversation's messages, but this run did not make them
(the trace of the run that did lists them); a request the conversation answers before the
run's own input (the input its agent span gives apart, said again as a user message) is no
tool call of this run. A run that makes its calls after its input (every other run, and runs
that continue one another in one trace, whose input is the first run's) keeps them all.

Where no agent span gives the run's input apart (OpenInference's openai-agents spans: the
Agents SDK's ``SQLiteSession`` replays the earlier runs' items, calls and results, before the
follow-up), the trace's first model call says where the run began: handed an earlier
assistant turn (requests already answered, or an answer), it was given a conversation, and its
last user message is the run's input.
"""

from __future__ import annotations

from ..trace import ToolCall
from ._messages import Msg
from ._others_turns import without_others_turns
from ._steps import AgentRun, ModelCall

__all__ = ["began_with", "given_answer", "made_by_the_run"]


def made_by_the_run(
    requested: list[tuple[ToolCall, Msg | None]],
    messages: list[Msg],
    runs: list[AgentRun],
    calls: list[ModelCall],
) -> list[tuple[ToolCall, Msg | None]]:
    """The requests, without those answered before the run's own input was said.

    The run's input is its first agent span's given input, else what its first model call
    (of `calls`) was handed after a conversation (`_replayed_input`); the first user message
    holding it is where the run began. Requests before it with their answers there too were
    history; so were those another agent's named turns made (`._others_turns`).

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
    made = _before(requested, messages, given or _replayed_input(calls))
    return without_others_turns(made, messages, runs)  # another agent's turns: its calls


def began_with(messages: list[Msg], runs: list[AgentRun], calls: list[ModelCall]) -> str | None:
    """The user message the run began with, when no span gives its input.

    The one its first model call was handed after a conversation replayed (`_replayed_input`),
    else the first.

    Examples:
        >>> from ._messages import ToolRequest
        >>> from ._spans import Span
        >>> history = [
        ...     Msg(role="user", content="Today?"),
        ...     Msg(role="assistant", tool_calls=[ToolRequest("get_forecast", {}, id="t1")]),
        ...     Msg(role="tool", content="sunny", tool_call_id="t1"),
        ...     Msg(role="user", content="And tomorrow?"),
        ... ]
        >>> chat = Span("t", "s", None, "chat", 1, 2, "ok", None, {})
        >>> first = ModelCall(span=chat, inputs=history, outputs=[])
        >>> began_with(history, [], [first])
        'And tomorrow?'
        >>> began_with(history, [], [])
        'Today?'
    """
    replayed = None if any(r.input_value for r in runs) else _replayed_input(calls)
    said = (m.content for m in messages if m.role == "user" and m.content)
    return replayed or next(said, None)


def _replayed_input(calls: list[ModelCall]) -> str | None:
    """The last user message of the first model call's input, if an assistant turn precedes it.

    Such an input replays a conversation given to the run (its earlier requests answered, or
    only its earlier answers: a chat application handing the agent the chat so far, as
    `history-2026-12-07ze` under eight tools, whose readings all took the follow-up, as the
    contract's `input` row says); else None.

    Examples:
        >>> from ._spans import Span
        >>> chat = Span("t", "s", None, "chat", 1, 2, "ok", None, {})
        >>> given = [Msg("user", "Paris?"), Msg("assistant", "Sunny."), Msg("user", "And Tokyo?")]
        >>> _replayed_input([ModelCall(span=chat, inputs=given, outputs=[])])
        'And Tokyo?'
        >>> _replayed_input([ModelCall(span=chat, inputs=given[:1], outputs=[])]) is None
        True
    """
    handed = _handed(calls)
    return handed[-1].content if handed else None


def _handed(calls: list[ModelCall]) -> list[Msg]:
    """The conversation the run was handed: its first call's input through the last user message.

    Empty where no assistant turn precedes that message (nothing was replayed).
    """
    if not calls:
        return []
    inputs = min(calls, key=lambda c: c.span.sort_key).inputs
    last = max((i for i, m in enumerate(inputs) if m.role == "user" and m.content), default=0)
    replayed = any(m.role == "assistant" and (m.content or m.tool_calls) for m in inputs[:last])
    return inputs[: last + 1] if replayed else []


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


def given_answer(text: str | None, calls: list[ModelCall]) -> bool:
    """Whether `text` is an earlier answer the run was handed, not one it gave.

    An assistant text in the first model call's input before its last user message is the
    conversation given to the run (`_replayed_input`); where no call's reply says it again,
    the run did not say it, so it is not the run's answer. OpenLLMetry's openai-agents spans
    record each call's request and no reply (`openllmetry-openai-agents-history-2026-12-07ze`):
    the only assistant text in the trace is the history's, and the run's own answer is in no
    span (both readings: output null).

    Examples:
        >>> from ._spans import Span
        >>> chat = Span("t", "s", None, "chat", 1, 2, "ok", None, {})
        >>> given = [Msg("user", "Paris?"), Msg("assistant", "Sunny."), Msg("user", "And Tokyo?")]
        >>> asked = ModelCall(span=chat, inputs=given, outputs=[])
        >>> given_answer("Sunny.", [asked]), given_answer("Rain.", [asked])
        (True, False)
        >>> said = ModelCall(span=chat, inputs=given, outputs=[Msg("assistant", "Sunny.")])
        >>> given_answer("Sunny.", [said])
        False
    """
    handed = {m.content for m in _handed(calls) if m.role == "assistant" and m.content}
    replied = {m.content for c in calls for m in c.outputs if m.role == "assistant"}
    return text is not None and text in handed and text not in replied

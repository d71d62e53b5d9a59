r"""A failed tool call answered by the error a framework gave the model instead of a result.

A framework may keep nothing of a step whose tool raised but the error: smolagents drops the
failed step's assistant turn and the results of all its calls from its memory, and the next
model input holds only the error observation (``Error:\n`` and the error, naming the tool and
its arguments), a tool message answering no call by id. That message is the answer of the
failed call (its span recorded an error and no result) that the turn it follows requested and
whose error it names: what the model was given for it. The turn's other calls that no model
input answers were given nothing (their results, the spans', never reached the model), so no
tool message stands for them (`._tool_runs.attach_tool_runs`).

A chat API has no such role: a model class that sends smolagents' memory to one
(``OpenAIServerModel``) maps the observation to a ``user`` message and joins it to the user
message before it, the task's, the failed turn being gone (``New task:\n...\nError:\n<error>
\nNow let's retry: ...``, as openlit's ``chat`` spans record it). A user message after the
turn that holds ``Error:\n`` and a failed call's error (the span's, or its message without
the type, ``AgentToolExecutionError: `` being the span's name for what smolagents writes as
the message alone) told the model that error in its text: it stays the user message it is,
the failed call has no tool message (`ErrorObservations.told`), and the turn's other calls
none either, as above.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..trace import ToolCall
from ._messages import Msg, ToolRequest

__all__ = ["ErrorObservations", "error_observations"]


class ErrorObservations(NamedTuple):
    """The failed calls' error observations, and the turns they stood for."""

    answers: dict[int, Msg]
    """For a failed call (by ``id`` of its `ToolCall`), the tool message answering it."""
    given_only_errors: set[int]
    """The requests (by ``id``) of the turns an error observation answered: what of them no
    model input answers was never given to the model."""
    told: set[int]
    """The failed calls (by ``id`` of their `ToolCall`) whose error a user message told the
    model in its text: no tool message answers them."""


def error_observations(messages: Sequence[Msg], failed: Sequence[ToolCall]) -> ErrorObservations:
    r"""Tie each tool message answering no call to the failed call whose error it names.

    `failed` are the executed calls that failed with no result recorded. A tool message
    without a call id is a failed call's answer when the assistant turn it follows requested
    that call and the message's text names the call's error (the span's); of several such
    calls, the first the turn requested (`_named_failure`).

    Examples:
        >>> asked = Msg(
        ...     role="assistant",
        ...     tool_calls=[ToolRequest("f", {"x": 1}, "c1"), ToolRequest("f", {"x": 2}, "c2")],
        ... )
        >>> error = Msg(role="tool", content="Error:\nf {'x': 2}: ValueError: no 2\nRetry.")
        >>> boom = ToolCall(name="f", arguments={"x": 2}, error="ValueError: no 2")
        >>> found = error_observations([asked, error], [boom])
        >>> found.answers[id(boom)] is error, len(found.given_only_errors)
        (True, 2)
    """
    answers: dict[int, Msg] = {}
    given_only_errors: set[int] = set()
    told: dict[int, Msg] = {}
    turn: Msg | None = None
    for msg in messages:
        if msg.role == "assistant" and msg.tool_calls:
            turn = msg
        if turn is None or msg.tool_call_id or not msg.content:
            continue
        if msg.role == "tool":
            call = _named_failure(turn.tool_calls, msg.content, failed, answers | told)
            if call is not None:
                answers[id(call)] = msg
        elif msg.role == "user":  # the error joined to a user text (smolagents on a chat API)
            call = _named_failure(turn.tool_calls, msg.content, failed, answers | told, _TOLD)
            if call is not None:
                told[id(call)] = msg
        else:
            continue
        if call is not None:
            given_only_errors.update(id(req) for req in turn.tool_calls)
    return ErrorObservations(answers, given_only_errors, set(told))


_TOLD = "Error:\n"
"""What a user text says before a failed call's error that it tells the model."""


def _named_failure(
    requests: list[ToolRequest],
    text: str,
    failed: Sequence[ToolCall],
    taken: dict[int, Msg],
    before: str | None = None,
) -> ToolCall | None:
    r"""The first failed call of `requests` not `taken` whose error `text` names.

    A call is a request's by id, else by tool name and arguments, else (a span that kept
    the arguments in another form) by tool name alone. With `before`, the text names the
    error (or its message without its type) right after `before`.

    Examples:
        >>> boom = ToolCall(name="f", error="ToolError: f failed\nRetry.")
        >>> asked = [ToolRequest("f", {}, "c1")]
        >>> _named_failure(asked, "Do it.\nError:\nf failed\nRetry.\nNow retry.", [boom], {},
        ...     _TOLD) is boom
        True
        >>> _named_failure(asked, "Do it. f failed\nRetry.", [boom], {}, _TOLD) is None
        True
    """
    named = [
        call
        for call in failed
        if id(call) not in taken
        and (error := (call.error or "").strip())
        and _names(text, error, before)
    ]
    for loose in (False, True):
        for req in requests:
            for call in named:
                if call.id is not None:
                    if call.id == req.id and not loose:
                        return call
                elif call.name == req.name and (loose or call.arguments == req.arguments):
                    return call
    return None


def _names(text: str, error: str, before: str | None) -> bool:
    """Whether `text` names `error` (after `before`, its message without its type too)."""
    if before is None:
        return error in text
    message = error.partition(": ")[2]
    return any(f"{before}{said}" in text for said in (error, message) if said)

r"""A failed tool call answered by the error a framework gave the model instead of a result.

A framework may keep nothing of a step whose tool raised but the error: smolagents drops the
failed step's assistant turn and the results of all its calls from its memory, and the next
model input holds only the error observation (``Error:\n`` and the error, naming the tool and
its arguments), a tool message answering no call by id. That message is the answer of the
failed call (its span recorded an error and no result) that the turn it follows requested and
whose error it names: what the model was given for it. The turn's other calls that no model
input answers were given nothing (their results, the spans', never reached the model), so no
tool message stands for them (`._tool_runs.attach_tool_runs`).
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
    turn: Msg | None = None
    for msg in messages:
        if msg.role == "assistant" and msg.tool_calls:
            turn = msg
        if turn is None or msg.role != "tool" or msg.tool_call_id or not msg.content:
            continue
        call = _named_failure(turn.tool_calls, msg.content, failed, answers)
        if call is not None:
            answers[id(call)] = msg
            given_only_errors.update(id(req) for req in turn.tool_calls)
    return ErrorObservations(answers, given_only_errors)


def _named_failure(
    requests: list[ToolRequest], text: str, failed: Sequence[ToolCall], taken: dict[int, Msg]
) -> ToolCall | None:
    """The first failed call of `requests` not `taken` whose error `text` names.

    A call is a request's by id, else by tool name and arguments, else (a span that kept
    the arguments in another form) by tool name alone.
    """
    named = [
        call
        for call in failed
        if id(call) not in taken and (error := (call.error or "").strip()) and error in text
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

r"""The tool calls a conversation's assistant messages request, each with its answer.

A tool message answers the call with its id (or its turn's, `turn_named_results`), else the
next unanswered call in order; one marked failed (`Msg.error`) gives the call its error.

A call may be answered twice: its output, then the error it ended on. smolagents' CodeAgent
runs the code the model wrote as one ``python_interpreter`` call; when the code raises part
way, the next model input answers that call with ``Observation:\n`` and the execution logs
printed before the error, then with ``Call id: <id>\nError:\n...``, marked failed
(`otel._shapes.smolagents_message`). The first answer is the call's result (its `Msg.result`
where the message gives one: a smolagents observation's text after its label,
`otel._observations`); a later one with its id that is marked failed (before the id is asked
again) gives the call its error.
"""

from __future__ import annotations

from ..trace import ToolCall
from ._messages import Msg
from ._unnamed_results import turn_named_results

__all__ = ["calls_from_messages"]


def calls_from_messages(messages: list[Msg]) -> list[tuple[ToolCall, Msg | None]]:
    r"""The tool calls the assistant messages request, each with the message answering it.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> ask = Msg("assistant", tool_calls=[ToolRequest("python_interpreter", {}, "c1")])
        >>> logs = Msg("tool", "Observation:\nParis: sunny", tool_call_id="c1",
        ...            result="Paris: sunny")
        >>> failed = Msg("tool", "Call id: c1\nError:\nboom", tool_call_id="c1", error="boom")
        >>> [(c.result, c.error) for c, _ in calls_from_messages([ask, logs, failed])]
        [('Paris: sunny', 'boom')]
    """
    calls: list[ToolCall] = []
    answers: list[Msg | None] = []
    by_id: dict[str, int] = {}
    waiting: list[int] = []
    answered: dict[str, int] = {}  # an answered call by id, until its id is asked again
    for msg in turn_named_results(messages):
        if msg.role == "assistant":
            for req in msg.tool_calls:
                index = len(calls)
                calls.append(ToolCall(name=req.name, arguments=req.arguments, id=req.id))
                answers.append(None)
                if req.id:
                    by_id[req.id] = index
                    answered.pop(req.id, None)
                else:
                    waiting.append(index)
        elif msg.role == "tool":
            found = by_id.pop(msg.tool_call_id, None) if msg.tool_call_id else None
            if found is None and msg.tool_call_id is None and waiting:
                found = waiting.pop(0)
            if found is None:
                _later_error(calls, answered.get(msg.tool_call_id or ""), msg)
                continue
            result = msg.result if msg.result is not None else msg.content
            calls[found] = calls[found].model_copy(update={"result": result, "error": msg.error})
            answers[found] = msg
            if msg.tool_call_id:
                answered[msg.tool_call_id] = found
    return list(zip(calls, answers, strict=True))


def _later_error(calls: list[ToolCall], found: int | None, msg: Msg) -> None:
    """A later answer of the answered call `found` marked failed: the call's error."""
    if found is not None and msg.error is not None and calls[found].error is None:
        calls[found] = calls[found].model_copy(update={"error": msg.error})

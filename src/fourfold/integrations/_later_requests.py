"""The requests a tool run cannot answer: those a model call made after the run started.

A tool span without a call id is matched to a request by the tool's name (`Conversation`'s
`attach_tool_runs`). Two agents may request a tool of the same name with the same arguments:
BeeAI's ``final_answer``, which a ``HandoffTool``'s agent calls inside the tool run and its
caller calls again once the run is over. The conversation puts the caller's requests first
(its own, before the sub-agent's that ran while it waited), so by name alone the sub-agent's
``final_answer`` would take the caller's later request and its id. A request is recorded by
the model call that made it; a model call that started after the tool run started did not
ask for that run, so a request made before the run is taken first. Only first: a request
may be recorded only by a later call's input (the Responses API's ``function_call`` items,
which OpenInference writes in the next input, not in the reply), so when no request made
before the run is left, a later one is still the run's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..trace import ToolCall
from ._messages import Msg

__all__ = ["requested_after"]


def requested_after(
    messages: Sequence[Msg], born: Callable[[Msg], int | None], call: ToolCall
) -> set[int]:
    """The requests (by ``id`` of the `ToolRequest`) of model calls started after `call`.

    None of them asked for `call`: a request made before it is taken first. `born` says
    when the span that first recorded a message started (unix ns), when known. A call or a
    message of unknown time excludes nothing.

    Examples:
        >>> from datetime import datetime, timezone
        >>> from fourfold.integrations._messages import ToolRequest
        >>> early = Msg(role="assistant", tool_calls=[ToolRequest("final_answer", {})])
        >>> late = Msg(role="assistant", tool_calls=[ToolRequest("final_answer", {})])
        >>> times = {id(early): 1_000_000_000, id(late): 3_000_000_000}
        >>> started = datetime.fromtimestamp(2, tz=timezone.utc)
        >>> call = ToolCall(name="final_answer", started_at=started)
        >>> after = requested_after([early, late], lambda m: times.get(id(m)), call)
        >>> after == {id(late.tool_calls[0])}
        True
        >>> requested_after([early, late], lambda m: None, call)
        set()
    """
    if call.started_at is None:
        return set()
    start = int(call.started_at.timestamp() * 1e9)
    return {
        id(request)
        for message in messages
        if message.role == "assistant" and (when := born(message)) is not None and when > start
        for request in message.tool_calls
    }

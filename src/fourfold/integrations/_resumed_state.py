"""A LangGraph run resumed from an interrupt that made no model call: its state asks.

LangGraph.js's ``createReactAgent`` (@langchain/langgraph 1.7, under
@arizeai/openinference-instrumentation-langchain 4.1) with a tool that calls ``interrupt()``:
each resume (``Command({resume: ...})``) is a trace of its own, and LangGraph re-runs the
tools node on the state's last request. A resume that stops at the next interrupt makes no
model call: its trace holds the graph's span (input the ``Command``, output the state:
``{"messages": [HumanMessage, AIMessage with tool_calls]}``), the tools node and its tool
spans, whose ``input.value`` is the bare argument (``Paris``) and whose interrupted call
records no result, so neither its id nor its arguments.

Such a trace has no messages (no model call: tests/data/traces/README.md), but what it ran
answers the request its state holds: each tool call takes that request's id and, where its
span recorded no argument object, its arguments (`with_state_requests`, matched as a model
call's requests are, `request_for`). The run was asked nothing new (the ``Command`` answers
the interrupt), so its input is the state's last user message (`resumed_question`), as a run
continuing an earlier one in a trace of its own takes its first model call's.
"""

from __future__ import annotations

from typing import Any

from ._call_requests import request_for
from ._messages import Msg, try_json
from ._tool_runs import Executed

__all__ = ["resumed_question", "with_state_requests"]


def resumed_question(raw_input: Any, state: list[Msg] | None) -> str | None:
    """The state's last user message when the run's input is a LangGraph ``Command``.

    Examples:
        >>> state = [Msg(role="user", content="Weather in Paris?"), Msg(role="assistant")]
        >>> resumed_question('{"lg_name": "Command", "resume": {"i1": "yes"}}', state)
        'Weather in Paris?'
        >>> resumed_question('{"messages": []}', state) is None
        True
    """
    given = try_json(raw_input)
    if not isinstance(given, dict) or given.get("lg_name") != "Command":
        return None
    asked = [m.content for m in state or [] if m.role == "user" and isinstance(m.content, str)]
    return asked[-1] if asked else None


def with_state_requests(executed: list[Executed], state: list[Msg]) -> list[Executed]:
    """Each executed call with the id (and, unrecorded, the arguments) of its request in `state`.

    Examples:
        >>> from ._messages import ToolRequest
        >>> from ..trace import ToolCall
        >>> state = [Msg(role="assistant", tool_calls=[
        ...     ToolRequest("get_weather", {"city": "Paris"}, "call_w1"),
        ...     ToolRequest("get_weather", {"city": "Tokyo"}, "call_w2")])]
        >>> tokyo = ToolCall(name="get_weather", arguments={"input": "Tokyo"}, error="paused")
        >>> [(e.call.id, e.call.arguments) for e in with_state_requests(
        ...     [Executed(tokyo, arguments_recorded=False)], state)]
        [('call_w2', {'city': 'Tokyo'})]
    """
    used: set[int] = set()
    out: list[Executed] = []
    for run in executed:
        request = request_for(state, run.call, used)
        if request is None:
            out.append(run)
            continue
        used.add(id(request))
        update: dict[str, Any] = {}
        if run.call.id is None and request.id:
            update["id"] = request.id
        if not run.arguments_recorded and request.arguments:
            update["arguments"] = request.arguments
        out.append(run._replace(call=run.call.model_copy(update=update)))
    return out

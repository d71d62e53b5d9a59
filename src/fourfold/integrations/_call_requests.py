"""The request an executed tool call answers, among a conversation's open requests.

A call is matched to the request with its id; else, of the requests naming its tool (the same
name, or the name a framework gave the model for it, `_same_tool`) that no other call has
taken, to the first whose arguments are the call's (the same object, or, for a span that kept
only the tool's input string, ``{"input": value}``, the request's one argument), else to the
first of them (`request_for`).

A tool span that names no tool (its call's `ToolCall.name` None) is matched by its
arguments alone: the first open request whose arguments are the call's, and the call takes
that request's name (`named_as_requested`). OpenInference's JS core
(@arizeai/openinference-core 2.7.1's ``traceTool``, the openai JS client's tool loop traced
by hand) writes a TOOL span with only its kind, the bare input (``Paris``) and the output: no
``tool.name``, no call id, its span name the name the application gave the wrapper. Two such
spans run one after the other start in the same millisecond; by order alone, which request
each answers would follow the order the spans came in. By argument, the Paris span answers
the Paris request whatever the order (both blind readings of the export match them so). A
call naming no tool whose arguments no request has is matched to none, and stays unnamed:
the trace does not name its tool.

A tool span may give an id of its own that nothing else carries: openlit's smolagents
instrumentation writes a fresh UUID as each ``execute_tool`` span's ``gen_ai.tool.call.id``
(`ToolRun.own_id`, `.otel._smol_runs.own_call_id`), while the model's request, its replay and
the observation answering it all carry the model's id (``call_w1``). Where no request and no
tool message of the conversation carries it, such a span is the execution of the open request
of its tool with its very arguments, whose id is then the call's (`requested_with_own_id`;
both readings of each openlit smolagents export match them so). Only the same arguments
tell: a span whose arguments no request has keeps its id (a tool a CodeAgent's code ran,
which no request asked for). Any other span's id is the call's: a request with another id
stays apart from it (`tests/trace/test_openlit_failed_tool_ids.py`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..trace import ToolCall
from ._messages import Msg, ToolRequest, try_json

__all__ = [
    "named_as_requested",
    "request_for",
    "requested_with_own_id",
    "same_value",
]


def request_for(messages: list[Msg], call: ToolCall, used: set[int]) -> ToolRequest | None:
    """The open request `call` answers (`used`: the requests taken, by ``id``), or None.

    Examples:
        >>> ask = Msg("assistant", tool_calls=[ToolRequest("get_weather", {"city": "Paris"},
        ...     "call_w1"), ToolRequest("get_weather", {"city": "Tokyo"}, "call_w2")])
        >>> tokyo = ToolCall(arguments={"input": "Tokyo"})
        >>> request_for([ask], tokyo, set()).id
        'call_w2'
        >>> request_for([ask], ToolCall(arguments={"input": "Oslo"}), set())
        >>> request_for([ask], ToolCall(name="get_weather"), set()).id
        'call_w1'
    """
    requests = [
        req
        for m in messages
        if m.role == "assistant"
        for req in m.tool_calls
        if id(req) not in used
    ]
    if call.id is not None:
        found = next((r for r in requests if r.id == call.id), None)
        if found is not None:
            return found
    tool = call.name
    named = [
        r
        for r in requests
        if (tool is None or _same_tool(r.name, tool)) and (r.id is None or call.id is None)
    ]
    found = next((r for r in named if _same_arguments(call.arguments, r.arguments)), None)
    if tool is None:
        return found  # named by nothing but its arguments
    return found or next(iter(named), None)


def requested_with_own_id(
    messages: list[Msg], call: ToolCall, used: set[int]
) -> ToolRequest | None:
    """The open request `call` executed, its id being its span's own (`ToolRun.own_id`), or None.

    That is when no request and no tool message in `messages` carries the call's id: then
    the request of its tool with the same arguments (the first such not in `used`).

    Examples:
        >>> ask = Msg("assistant", tool_calls=[ToolRequest("get_weather", {"city": "Paris"},
        ...     "call_w1"), ToolRequest("get_weather", {"city": "Tokyo"}, "call_w2")])
        >>> ran = ToolCall(name="get_weather", arguments={"city": "Tokyo"}, id="9b58-uuid")
        >>> requested_with_own_id([ask], ran, set()).id
        'call_w2'
        >>> requested_with_own_id([ask], ran.model_copy(update={"id": "call_w1"}), set())
        >>> requested_with_own_id([ask], ran.model_copy(update={"arguments": {}}), set())
    """
    if call.id is None or not call.arguments or call.name is None:
        return None
    known = {m.tool_call_id for m in messages} | {r.id for m in messages for r in m.tool_calls}
    tool = call.name
    if call.id in known:
        return None  # an id the conversation knows: the call it names
    return next(
        (
            r
            for m in messages
            if m.role == "assistant"
            for r in m.tool_calls
            if id(r) not in used and _same_tool(r.name, tool) and r.arguments == call.arguments
        ),
        None,
    )


def named_as_requested(call: ToolCall, request: ToolRequest) -> ToolCall:
    """`call` named as the tool `request` asked for, when its span named none.

    A call that names its tool keeps its name (the request takes it, `_same_tool`).

    Examples:
        >>> ask = ToolRequest("get_weather", {"city": "Paris"})
        >>> named_as_requested(ToolCall(), ask).name
        'get_weather'
        >>> named_as_requested(ToolCall(name="Get Weather"), ask).name
        'Get Weather'
    """
    if call.name is not None:
        return call
    return call.model_copy(update={"name": request.name})


def _same_tool(requested: str, executed: str) -> bool:
    """Whether a request names the tool a span ran.

    The same name, or the name a framework gave the model for it (CrewAI offers ``Delegate
    work to coworker`` to the model as ``delegate_work_to_coworker``: lower case, words
    joined by underscores).

    Examples:
        >>> _same_tool("delegate_work_to_coworker", "Delegate work to coworker")
        True
        >>> _same_tool("get_weather", "get_time")
        False
    """
    return requested == executed or requested == _SANITIZED.sub("_", executed.strip().lower())


_SANITIZED = re.compile(r"[^a-z0-9_]+")


def _same_arguments(executed: dict[str, Any], requested: dict[str, Any]) -> bool:
    """Whether a run's arguments are the request's.

    The same object, or (a span that kept only the tool's input string,
    ``{"input": value}``) the request's one argument.
    """
    if not executed or not requested:
        return False
    if executed == requested:
        return True
    if set(executed) == {"input"} and len(requested) == 1:
        return bool(same_value(executed["input"]) == same_value(next(iter(requested.values()))))
    return False


def same_value(value: Any) -> Any:
    """`value` as compared: a text stripped, anything else (JSON text read) as sorted JSON.

    Examples:
        >>> same_value(" sunny ") == same_value("sunny"), same_value('{"b": 1, "a": 2}')
        (True, '{"a": 2, "b": 1}')
    """
    value = try_json(value)
    if isinstance(value, str):
        return value.strip()
    return json.dumps(value, sort_keys=True, default=str)

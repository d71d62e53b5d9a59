"""A tool's name written where a result's call id goes is no id.

Ollama gives a tool call no id. llama-index-llms-ollama then gives each of its calls the
tool's name as its id (``ToolSelection(tool_id=tool_call.tool_name)``): the requests it sends
back carry no id, and every result answering them says ``tool_call_id: get_weather``, the same
for both calls of a turn. That is a name, not an id: it tells neither call apart, and paired by
it the two results answer nothing (they are kept beside the same results read from the tool
spans, each result twice).

llama-index-llms-google-genai does the same for Gemini, which gives no ids either
(``tool_id=tool_call.tool_call_id or tool_call.tool_name``), and writes that name on the
requests too: the reply's calls and the next input's tool-call turn both say
``tool_call.id: get_weather`` for both calls. An id two requests share, and the name of
their tool, names neither of them.

The rule, `without_name_ids`: in one recorded message list, requests whose id is their own
tool's name, when more than one carries it, have no id; then a tool message whose
``tool_call_id`` is the name of a call the list requests without an id, and the id of none of
its requests, answers that call without naming it: it loses the id, and the result is paired
as any result without one (in order, by name). Any other id a request has stands (one
request's id that is its tool's name too: it names that call alone).
"""

from __future__ import annotations

from collections import Counter

from ._messages import Msg

__all__ = ["without_name_ids"]


def without_name_ids(messages: list[Msg]) -> list[Msg]:
    """`messages` with the tool names standing in for call ids taken off their results.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> asked = Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1}),
        ...     ToolRequest("f", {"x": 2})])
        >>> out = without_name_ids([asked, Msg("tool", "1", tool_call_id="f"),
        ...     Msg("tool", "2", tool_call_id="f")])
        >>> [m.tool_call_id for m in out]
        [None, None, None]
        >>> named = Msg("assistant", tool_calls=[ToolRequest("f", {}, "f"),
        ...     ToolRequest("f", {}, "f")])
        >>> out = without_name_ids([named, Msg("tool", "1", tool_call_id="f")])
        >>> [r.id for r in out[0].tool_calls], out[1].tool_call_id
        ([None, None], None)
        >>> kept = Msg("assistant", tool_calls=[ToolRequest("f", {}, "f")])
        >>> without_name_ids([kept, Msg("tool", "1", tool_call_id="f")])[1].tool_call_id
        'f'
    """
    requests = [r for m in messages for r in m.tool_calls]
    shared = Counter(r.id for r in requests if r.id == r.name)
    for request in requests:
        if request.id == request.name and shared[request.id] > 1:  # a name for each call
            request.id = None
    ids = {r.id for r in requests if r.id}
    unnamed = {r.name for r in requests if not r.id} - ids
    if not unnamed:
        return messages
    for msg in messages:
        if msg.role == "tool" and msg.tool_call_id in unnamed:
            msg.tool_call_id = None
    return messages

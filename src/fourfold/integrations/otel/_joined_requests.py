"""The tool calls a chat span lists in joined attributes, apart from its messages (openlit).

openlit (1.45, Python and TypeScript alike) writes the calls a reply requested on its chat
span as three attributes, each the calls' values joined by ``", "``, in the order the reply
wrote them: ``gen_ai.tool.name`` (``get_weather, get_weather``), ``gen_ai.tool.call.id``
(``call_w1, call_w2``) and ``gen_ai.tool.args`` (``{"city": "Paris"}, {"city": "Tokyo"}``);
its LangChain instrumentation writes the arguments as ``gen_ai.tool.call.arguments``. Its
OpenAI, Mistral and Cohere instrumentations and the frameworks over them (CrewAI, LangGraph,
LlamaIndex, the OpenAI Agents SDK) write them with content capture on or off: on, the span's
output messages hold the same calls (the list is no record of its own); off
(``capture_message_content=False``), the list is the only record of them
(`.._listed_requests` says when they are calls). An attribute written as a list of the
values (an array) is read the same way.

The arguments are read with a JSON decoder, one value after another, each after the
separator, never split at commas: an object's own text holds commas. Arguments that are no
JSON (a Python dict's repr) give nothing.
"""

from __future__ import annotations

import json
from typing import Any

from .._messages import Msg, ToolRequest, parse_arguments

__all__ = ["joined_requests", "with_listed_ids"]

_NAME = "gen_ai.tool.name"
_ID = "gen_ai.tool.call.id"
_ARGUMENT_KEYS = ("gen_ai.tool.args", "gen_ai.tool.call.arguments")


def joined_requests(attrs: dict[str, Any]) -> list[ToolRequest]:
    """The calls the span's joined ``gen_ai.tool.*`` attributes list, in order ([]: none).

    A call is a name and its arguments, each list's n-th value. openlit leaves an empty value
    out of the list it joins (``", ".join(filter(None, values))``): a call whose id or
    arguments are empty is missing from that list, whose later values then stand at the
    wrong calls. So a list whose count differs from the arguments' is not read: different
    names give no call (a call needs its name, and no value says which one is missing),
    different ids give the calls without ids.

    Examples:
        >>> attrs = {"gen_ai.tool.name": "get_weather, get_weather",
        ...          "gen_ai.tool.call.id": "call_w1, call_w2",
        ...          "gen_ai.tool.args": '{"city": "Paris"}, {"city": "Tokyo, Japan"}'}
        >>> [(r.arguments, r.id) for r in joined_requests(attrs)]
        [({'city': 'Paris'}, 'call_w1'), ({'city': 'Tokyo, Japan'}, 'call_w2')]
        >>> joined_requests({**attrs, "gen_ai.tool.name": "get_weather"})
        []
        >>> [r.id for r in joined_requests({**attrs, "gen_ai.tool.call.id": "call_w1"})]
        [None, None]
    """
    raw = next((attrs[key] for key in _ARGUMENT_KEYS if key in attrs), None)
    arguments = _arguments(raw)
    names = _values(attrs.get(_NAME))
    if not arguments or len(names) != len(arguments):
        return []
    ids: list[str | None] = list(_values(attrs.get(_ID)))
    if len(ids) != len(arguments):
        ids = [None] * len(arguments)
    return [
        ToolRequest(name=name, arguments=parse_arguments(value), id=call_id)
        for name, value, call_id in zip(names, arguments, ids, strict=True)
    ]


def with_listed_ids(outputs: list[Msg], attrs: dict[str, Any]) -> list[Msg]:
    """`outputs`, each request a Responses item id names given the call id the list gives it.

    On the Responses API a reply's function call is an item with an id of its own (``fc_...``)
    beside the call's id (``call_...``), the one its result answers by. openlit's OpenAI
    Agents instrumentation writes the item id on the output message's ``tool_call`` part and
    the call id in its joined list (``gen_ai.tool.call.id``): where the list names the same
    calls (the same tools, in the same order), its ids are the calls' (openlit-openai-agents-
    image-result-2026-12-07zj; both readings took ``call_r1``). Requests whose ids are none
    of an item's are left as they are.

    Examples:
        >>> from .._messages import ToolRequest
        >>> asked = Msg("assistant", tool_calls=[ToolRequest("get_radar", {}, "fc_02")])
        >>> attrs = {"gen_ai.tool.name": "get_radar", "gen_ai.tool.call.id": "call_r1",
        ...          "gen_ai.tool.args": "{}"}
        >>> [r.id for m in with_listed_ids([asked], attrs) for r in m.tool_calls]
        ['call_r1']
    """
    requests = [r for m in outputs for r in m.tool_calls]
    if not requests or not all((r.id or "").startswith(_ITEM_ID) for r in requests):
        return outputs
    listed = joined_requests(attrs)
    if [r.name for r in listed] != [r.name for r in requests] or not all(r.id for r in listed):
        return outputs
    for request, call in zip(requests, listed, strict=True):
        request.id = call.id
    return outputs


_ITEM_ID = "fc_"
"""The prefix of a Responses API function-call item's own id."""


def _values(raw: Any) -> list[str]:
    """A joined name or id list's values (a list-valued attribute's items), none empty."""
    if isinstance(raw, list):
        items = [str(item).strip() for item in raw if item is not None]
    elif isinstance(raw, str):
        items = [part.strip() for part in raw.split(",")]
    else:
        return []
    return [item for item in items if item]


def _arguments(raw: Any) -> list[Any] | None:
    """The JSON values of a joined arguments list, in order (None: not such a list).

    Examples:
        >>> _arguments('{"a": [1, 2]}, {"b": "x, y"}')
        [{'a': [1, 2]}, {'b': 'x, y'}]
        >>> _arguments("{'a': 1}"), _arguments('{"a": 1},'), _arguments('{"a": 1} {"b": 2}')
        (None, None, None)
    """
    if isinstance(raw, list):
        return list(raw)
    if not isinstance(raw, str):
        return None
    try:  # the values joined by commas are the items of a JSON array
        values = json.loads(f"[{raw}]")
    except ValueError:
        return None  # no JSON value there, a separator with none after it, or none between
    return values if isinstance(values, list) else None

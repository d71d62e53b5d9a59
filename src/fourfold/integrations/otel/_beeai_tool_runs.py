"""A BeeAI TypeScript tool run's span: the call the model asked for, the text it was given.

@arizeai/openinference-instrumentation-beeai (1.5.30, on beeai-framework 0.1.13 for
TypeScript) writes a tool run as BeeAI's event spans (``tool.dynamic.getWeather.start-1``,
``.finish-1``, ``.success-1``, merged into one by `.._grouping`, which names the run after its
path's last segment, the tool's class-style name ``getWeather``): no ``tool.name`` and no call
id. Each span's ``metadata`` is the agent's state as JSON with ``toolCallMsg``, the model's
request the run answers, ``{type: tool-call, toolCallId, toolName, args}``: the call's name as
the model called it (``get_weather``) and its id. Its ``output.value`` is BeeAI's tool output
object serialised, a ``StringToolOutput`` as ``{"result": "sunny, 22 C"}``; the model was
given its ``result`` (the next request's ``tool-result`` part), which is the call's result.
"""

from __future__ import annotations

import json
from typing import Any

from .._messages import try_json

__all__ = ["answered_request"]


def answered_request(attrs: dict[str, Any]) -> dict[str, Any]:
    """`attrs` named and identified by the request in their ``metadata``, the output unwrapped.

    Attributes without such a request are returned as they are.

    Examples:
        >>> metadata = {"toolCallMsg": {"type": "tool-call", "toolCallId": "c1",
        ...     "toolName": "get_weather", "args": {"city": "Paris"}}}
        >>> read = answered_request({"tool.name": "getWeather", "metadata": json.dumps(metadata),
        ...     "output.value": '{"result":"sunny, 22 C"}'})
        >>> read["tool.name"], read["tool_call.id"], read["output.value"]
        ('get_weather', 'c1', 'sunny, 22 C')
        >>> answered_request({"tool.name": "f", "output.value": '{"result": "x"}'})["output.value"]
        '{"result": "x"}'
    """
    metadata = try_json(attrs.get("metadata"))
    request = metadata.get("toolCallMsg") if isinstance(metadata, dict) else None
    if not isinstance(request, dict) or request.get("type") != "tool-call":
        return attrs
    name, call_id = request.get("toolName"), request.get("toolCallId")
    if not isinstance(name, str) or not name:
        return attrs
    read = {**attrs, "tool.name": name}
    if isinstance(call_id, str) and call_id:
        read["tool_call.id"] = call_id
    output = try_json(attrs.get("output.value"))
    if isinstance(output, dict) and set(output) == {"result"}:
        result = output["result"]
        read["output.value"] = result if isinstance(result, str) else json.dumps(result)
    return read

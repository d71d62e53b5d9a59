"""A tool response written as the framework's own result content: the result inside it.

The GenAI conventions' ``tool_call_response`` part holds what the tool returned. Microsoft
Agent Framework before its 1.0 releases wrote there the JSON of its own `FunctionResultContent`
(``{"type": "function_result", "call_id": "call_1", "result": "stormy, 23°C"}``): a wrapper
naming the same call, around the result the model was given. `inner_result` gives that
result; any other response, a tool's own object with a ``result`` key included, stays as it
is: the wrapper is known by its type and by naming the part's own call.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["inner_result"]

_KIND = "function_result"


def inner_result(body: Any, call_id: Any) -> Any:
    """`body`, or the result inside it when it is a result content of the same call.

    Examples:
        >>> inner_result('{"type": "function_result", "call_id": "c1", "result": "22 C"}', "c1")
        '22 C'
        >>> inner_result({"type": "function_result", "call_id": "c2", "result": 1}, "c1")
        {'type': 'function_result', 'call_id': 'c2', 'result': 1}
        >>> inner_result({"result": "22 C"}, "c1")
        {'result': '22 C'}
    """
    value = body
    if isinstance(body, str) and body.lstrip().startswith("{"):
        try:
            value = json.loads(body)
        except ValueError:
            return body
    if (
        isinstance(value, dict)
        and value.get("type") == _KIND
        and call_id is not None
        and value.get("call_id") == call_id
        and "result" in value
    ):
        return value["result"]
    return body

"""A Responses API reply written as reprs of its output items: a turn per item.

The OpenTelemetry project's opentelemetry-instrumentation-openai-agents-v2 (0.1.0, with
opentelemetry-util-genai 1.3b0) writes the OpenAI Agents SDK's reply on the Responses API (its
default model, ``OpenAIResponsesModel``, run or streamed) as one assistant message whose text
parts are ``str()`` of the reply's output items, one part an item, whenever an item's content is
no string: a pydantic model's repr (``ResponseFunctionToolCall(arguments='{"city": "Paris"}',
call_id='call_w1', name='get_weather', type='function_call', id='fc_...', ...)``,
``ResponseOutputMessage(..., content=[ResponseOutputText(text=..., type='output_text')],
type='message')``, ``ResponseReasoningItem(...)``). Values are read as literals (``ast``),
never evaluated (`item_repr`).

A reply on the Responses API is a list of items, a ``function_call`` item of its own: the API
and the SDK's next input write each as an assistant turn requesting that one call (the
contract, tests/data/traces/README.md). So when every text part of an assistant message is the
repr of one output item, the message is that list of items, a turn each, in order
(`each_item`; a reasoning item says nothing and makes none). The ``str()`` of a whole
``Response`` dumped to a dict (``{'object': 'response', 'output': [...], ...}``: the response
the SDK builds from a streamed Chat Completions call) is one reply, one turn, as before
(`._messages._repr_items`).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from ._literals import parsed_repr, python_literal

__all__ = ["each_item", "item_repr", "model_fields"]

_ITEMS = frozenset({"message", "function_call", "reasoning"})
"""The Responses API's output items read from a repr (a reasoning item is no text)."""
_ITEM_REPR = re.compile(r"Response[A-Za-z]*\(")


def item_repr(text: Any) -> dict[str, Any] | None:
    """The output item `text` is the pydantic repr of, else None.

    An item is a message, a function call or reasoning (its ``type``).

    Examples:
        >>> item = item_repr("ResponseFunctionToolCall(arguments='{}', call_id='c1', "
        ...                  "name='f', type='function_call', id='fc_1', status=None)")
        >>> item["call_id"], item["name"], item["status"]
        ('c1', 'f', None)
        >>> item_repr("Response(s) are welcome."), item_repr("{'object': 'response'}")
        (None, None)
    """
    node = parsed_repr(text, _ITEM_REPR)
    item = model_fields(node) if node is not None else None
    return item if isinstance(item, dict) and item.get("type") in _ITEMS else None


def each_item(parts: list[Any]) -> list[dict[str, Any]] | None:
    """The output items an assistant message's parts are reprs of, when every text part is one.

    None when a part is no text part, a text part no item's repr, or there is no part: the
    message is read as it is.

    Examples:
        >>> call = ("ResponseFunctionToolCall(arguments='{}', call_id='%s', name='f', "
        ...         "type='function_call')")
        >>> parts = [{"type": "text", "content": call % c} for c in ("c1", "c2")]
        >>> [i["call_id"] for i in each_item(parts)]
        ['c1', 'c2']
        >>> each_item([*parts, {"type": "text", "content": "Looking both up."}]) is None
        True
        >>> each_item([]) is None
        True
    """
    items: list[dict[str, Any]] = []
    for part in parts:
        if not isinstance(part, dict) or part.get("type") != "text":
            return None
        item = item_repr(part.get("content"))
        if item is None:
            return None
        items.append(item)
    return items or None


def model_fields(node: ast.expr) -> Any:
    """A pydantic model's repr as a dict of its fields (nested models too); literals as such."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args:
        return {k.arg: model_fields(k.value) for k in node.keywords if k.arg is not None}
    if isinstance(node, ast.List):
        return [model_fields(e) for e in node.elts]
    return python_literal(node)

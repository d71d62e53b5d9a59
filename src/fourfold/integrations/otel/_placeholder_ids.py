"""A tool message's placeholder call id, where the call it answers had none.

Semantic Kernel gives a function's result the id of the call it answers, or the text
``"unknown"`` when that call had none (``FunctionResultContent``'s
``from_function_call_content_and_result``: ``id=function_call_content.id or "unknown"``); its
model diagnostics log that tool message with ``tool_call_id: "unknown"``. Ollama's
``/api/chat`` gives no call ids, so on SK's Ollama connector every tool message names
``"unknown"`` (semantic-kernel 1.45.0, ``semantic-kernel-ollama``): not an id that ties it
to a request, a word for none. Read as an id it keys both results alike (one message) and
matches no executed call, so the calls' answers are added again. Where a message list
requests calls and none of its requests is called ``"unknown"``, a tool message naming
``"unknown"`` names no call: its id is dropped, and it is matched to its call by order as
any answer without an id is.

>>> from fourfold.integrations._messages import Msg, ToolRequest
>>> msgs = [
...     Msg(role="assistant", tool_calls=[ToolRequest("get", {"city": "Paris"})]),
...     Msg(role="tool", content="sunny", tool_call_id="unknown"),
... ]
>>> [m.tool_call_id for m in without_placeholder_ids(msgs)]
[None, None]
>>> named = [Msg(role="assistant", tool_calls=[ToolRequest("get", {}, id="unknown")]), msgs[1]]
>>> [m.tool_call_id for m in without_placeholder_ids(named)]
[None, 'unknown']
"""

from __future__ import annotations

import dataclasses

from .._messages import Msg

__all__ = ["without_placeholder_ids"]

PLACEHOLDER_CALL_IDS = frozenset({"unknown"})
"""The words an SDK writes as a tool message's call id when the call had none."""


def without_placeholder_ids(msgs: list[Msg]) -> list[Msg]:
    """`msgs` with each tool message's placeholder call id dropped.

    Only where the list requests calls and none of them has that id (a list without
    requests is kept as it is).
    """
    requested = {r.id for m in msgs for r in m.tool_calls}
    if not requested:
        return msgs
    return [
        dataclasses.replace(m, tool_call_id=None)
        if m.role == "tool"
        and m.tool_call_id in PLACEHOLDER_CALL_IDS
        and m.tool_call_id not in requested
        else m
        for m in msgs
    ]

"""A tool message holding several calls' results, split back into the results it joins.

openinference-instrumentation-bedrock reads a streamed Claude call on Bedrock's InvokeModel
(``invoke_model_with_response_stream``) so: the user message of ``tool_result`` blocks that
answers a turn's calls becomes one input message of role ``tool`` whose contents are the
results' texts, one per block, and no ``tool_call_id``; ``input.value`` holds the request as
sent, each ``tool_result`` block with its ``tool_use_id``. Read as it stands, the message is
one result (the texts joined) answering no call.

The rule, `split_results`: a tool message that names no call and says exactly what two or
more consecutive tool results of the request as sent say, joined one per line and in order,
is those results, each a tool message of its own with its call's id. A message saying one
result, or anything else, stays as it is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .._messages import Msg, parse_messages, try_json

__all__ = ["split_results"]


def split_results(inputs: list[Msg], request: Any) -> list[Msg]:
    r"""`inputs` with each unnamed tool message joining the request's results split into them.

    `request` is the call's input as sent (a body with ``messages``, as JSON).

    Examples:
        >>> body = {"messages": [{"role": "user", "content": [
        ...     {"type": "tool_result", "tool_use_id": "t1", "content": "sunny"},
        ...     {"type": "tool_result", "tool_use_id": "t2", "content": "rain"}]}]}
        >>> [(m.role, m.content, m.tool_call_id)
        ...  for m in split_results([Msg("tool", "sunny\nrain")], body)]
        [('tool', 'sunny', 't1'), ('tool', 'rain', 't2')]
        >>> [m.content for m in split_results([Msg("tool", "sunny")], body)]
        ['sunny']
    """
    if not any(m.role == "tool" and not m.tool_call_id for m in inputs):
        return inputs
    runs = _result_runs(request)
    out: list[Msg] = []
    for msg in inputs:
        found = None
        if msg.role == "tool" and not msg.tool_call_id and isinstance(msg.content, str):
            found = next((r for r in runs if _joined(r) == msg.content), None)
        out.extend([replace(r) for r in found] if found is not None else [msg])
    return out


def _result_runs(request: Any) -> list[list[Msg]]:
    """The request's runs of two or more consecutive tool results, each naming its call."""
    body = try_json(request)
    sent = body.get("messages") if isinstance(body, dict) else None
    if not isinstance(sent, list):
        return []
    runs: list[list[Msg]] = []
    current: list[Msg] = []
    for msg in [*parse_messages(sent), Msg("user")]:
        if msg.role == "tool" and msg.tool_call_id and isinstance(msg.content, str):
            current.append(msg)
            continue
        if len(current) >= 2:
            runs.append(current)
        current = []
    return runs


def _joined(run: list[Msg]) -> str:
    return "\n".join(str(m.content) for m in run)

"""A Responses API turn replayed under its items' ids: its calls known by the ids answered.

On the Responses API a model's reply is a list of output items: a turn requesting two tools
is two ``function_call`` items, each with an item id (``fc_...``) and the ``call_id``
(``call_...``) its ``function_call_output`` answers. Instrumentations writing messages from the
items keep that list: OpenLLMetry's openai-agents instrumentation writes each item as an
assistant message of its own (its reply and the next request's input), and its OpenAI
instrumentation names a replayed request by the item id while the results that follow name
the call id. So a run of assistant messages that only request tools, whose requests no
result of the history answers, followed right away by as many results that answer no
request of the history, is that turn answered: its requests are known by the ids the
results give, in order (`answered_ids`). Ids that a result answers are left as they are.
"""

from __future__ import annotations

from dataclasses import replace

from ._messages import Msg

__all__ = ["answered_ids"]


def _requests_only(msg: Msg) -> bool:
    return (
        msg.role == "assistant"
        and bool(msg.tool_calls)
        and not (msg.content or "").strip()
        and msg.error is None
        and not msg.partial
    )


def answered_ids(messages: list[Msg]) -> list[Msg]:
    """`messages` with an unanswered turn given the ids of the unclaimed results after it.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("f", {}, "fc_1")])
        >>> done = answered_ids([turn, Msg("tool", "ok", tool_call_id="call_1")])
        >>> [r.id for r in done[0].tool_calls]
        ['call_1']
        >>> kept = answered_ids([turn, Msg("tool", "ok", tool_call_id="fc_1")])
        >>> [r.id for r in kept[0].tool_calls]
        ['fc_1']
        >>> answered_ids([turn, Msg("user", "hi")])[0] is turn
        True
    """
    answered = {m.tool_call_id for m in messages if m.role == "tool" and m.tool_call_id}
    requested = {r.id for m in messages for r in m.tool_calls if r.id}
    out = list(messages)
    i = 0
    while i < len(messages):
        end = i
        while end < len(messages) and _requests_only(messages[end]):
            end += 1
        if end == i:
            i += 1
            continue
        asked = [r for m in messages[i:end] for r in m.tool_calls]
        results: list[str] = []
        for after in messages[end:]:
            if after.role != "tool" or len(results) == len(asked):
                break
            if not after.tool_call_id or after.tool_call_id in requested:
                break
            results.append(after.tool_call_id)
        unanswered = all(r.id is not None and r.id not in answered for r in asked)
        if unanswered and len(results) == len(asked):
            given = iter(results)
            for n in range(i, end):
                calls = [replace(r, id=next(given)) for r in messages[n].tool_calls]
                out[n] = replace(messages[n], tool_calls=calls)
        i = end
    return out

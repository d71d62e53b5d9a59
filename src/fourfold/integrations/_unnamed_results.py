"""Results that name no call, right after a turn whose calls have ids: that turn's, in order.

openlit's Cohere instrumentation writes a reply's tool calls with Cohere's ids
(``get_weather_p7k2...``), but the next request's tool messages as bare text parts: their
``tool_call_id`` is dropped. Paired only by id, the two results of the turn answer nothing
and the calls keep no result, although nothing else could answer them: the results follow the
turn at once, one per call, in the order the application answered them.

The rule, `turn_named_results`: when the tool messages right after an assistant message that
requests tools all name no call, are as many as its requests, and every request has an id that
no tool message of the conversation answers, each result answers the request in its place. A
turn some result names, or whose results are fewer or more than its requests, is left to the
other rules. The calls are paired so, and the messages carry the ids too (`name_turn_results`):
a tool message's id is the id of the call it answers wherever the trace gives it, the model's
request included (the contract, tests/data/traces/README.md; read so since two annotators who
never saw the truths both gave these messages the ids, 2026-12-06).
"""

from __future__ import annotations

from dataclasses import replace

from ._messages import Msg

__all__ = ["name_turn_results", "turn_named_results"]


def turn_named_results(messages: list[Msg]) -> list[Msg]:
    """`messages` with copies of a turn's unnamed results naming the turn's calls, in order.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1}, "f_1"),
        ...     ToolRequest("f", {"x": 2}, "f_2")])
        >>> out = turn_named_results([turn, Msg("tool", "one"), Msg("tool", "two")])
        >>> [m.tool_call_id for m in out[1:]]
        ['f_1', 'f_2']
        >>> [m.tool_call_id for m in turn_named_results([turn, Msg("tool", "one")])[1:]]
        [None]
    """
    answered = {m.tool_call_id for m in messages if m.role == "tool" and m.tool_call_id}
    out = list(messages)
    for i, msg in enumerate(messages):
        asked = msg.tool_calls if msg.role == "assistant" else []
        if not asked or any(not r.id or r.id in answered for r in asked):
            continue
        end = i + 1
        while end < len(messages) and messages[end].role == "tool":
            end += 1
        results = messages[i + 1 : end]
        if len(results) != len(asked) or any(m.tool_call_id for m in results):
            continue
        for n, request in enumerate(asked, start=i + 1):
            out[n] = replace(messages[n], tool_call_id=request.id)
    return out


def name_turn_results(messages: list[Msg]) -> None:
    """Give a turn's unnamed results, in place, the ids `turn_named_results` pairs them with.

    In place: a conversation keeps its messages by identity (when each was said).

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("f", {}, "f_1")])
        >>> result = Msg("tool", "one")
        >>> name_turn_results([turn, result])
        >>> result.tool_call_id
        'f_1'
    """
    for msg, named in zip(messages, turn_named_results(messages), strict=True):
        if named is not msg:
            msg.tool_call_id = named.tool_call_id

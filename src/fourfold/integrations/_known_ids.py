"""A turn recorded once with its calls' ids and once without: the same turn, its ids known.

One model call's reply may name its calls by ids its framework gave them while the next
call's input, the same turn sent back to a model that never saw those ids, names them by
nothing (Google ADK on a Gemini model under ``StreamingMode.SSE``: the streamed reply holds
ADK's ``adk-...`` ids; the next request, which ADK stripped of them, holds none, and its
telemetry's stand-ins are no ids, see `otel._adk_stand_ins`). Read as they stand, the
conversation would hold that turn twice, and its results twice.

The rule, `with_known_ids`: an assistant message of a history whose requests carry no id is
the turn already held that says the same (its text, and the same calls by name and arguments,
in order) with ids, when no message of the history holds that turn with its ids itself; it
takes those ids, and the results right after it that name no call take them in order (the
k-th answers the k-th request, as the history sends them). Each held turn is claimed once.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from ._messages import Msg

__all__ = ["with_known_ids"]


def _calls(msg: Msg) -> tuple[Any, ...]:
    return tuple(
        (r.name, json.dumps(r.arguments, sort_keys=True, default=str)) for r in msg.tool_calls
    )


def with_known_ids(history: list[Msg], held: list[Msg]) -> list[Msg]:
    """`history` with the ids of the turns `held` (a conversation so far) already gives.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> asked = [ToolRequest("get_weather", {"city": "Paris"}, "adk-1"),
        ...     ToolRequest("get_weather", {"city": "Tokyo"}, "adk-2")]
        >>> held = [Msg("user", "Weather?"), Msg("assistant", tool_calls=asked)]
        >>> again = [Msg("user", "Weather?"), Msg("assistant", tool_calls=[
        ...     ToolRequest("get_weather", {"city": "Paris"}),
        ...     ToolRequest("get_weather", {"city": "Tokyo"})]),
        ...     Msg("tool", "sunny"), Msg("tool", "rain")]
        >>> out = with_known_ids(again, held)
        >>> [r.id for r in out[1].tool_calls], [m.tool_call_id for m in out[2:]]
        (['adk-1', 'adk-2'], ['adk-1', 'adk-2'])
        >>> other = [Msg("assistant", tool_calls=[ToolRequest("get_weather", {"city": "Rome"})])]
        >>> with_known_ids(other, held)[0].tool_calls[0].id is None
        True
    """
    ids_here = {r.id for m in history for r in m.tool_calls if r.id}
    candidates = [
        m
        for m in held
        if m.role == "assistant"
        and m.tool_calls
        and all(r.id for r in m.tool_calls)
        and not ids_here & {r.id for r in m.tool_calls}
    ]
    if not candidates:
        return history
    out = list(history)
    for n, msg in enumerate(history):
        if msg.role != "assistant" or not msg.tool_calls or any(r.id for r in msg.tool_calls):
            continue
        same = next(
            (
                m
                for m in candidates
                if (m.content or "").strip() == (msg.content or "").strip()
                and _calls(m) == _calls(msg)
            ),
            None,
        )
        if same is None:
            continue
        candidates.remove(same)
        ids = [r.id for r in same.tool_calls]
        calls = [replace(r, id=i) for r, i in zip(msg.tool_calls, ids, strict=True)]
        out[n] = replace(msg, tool_calls=calls)
        k = 0
        for after in range(n + 1, len(history)):
            result = history[after]
            if result.role != "tool" or result.tool_call_id or k == len(ids):
                break
            out[after] = replace(result, tool_call_id=ids[k])
            k += 1
    return out

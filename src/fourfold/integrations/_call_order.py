"""The order of a run's executed tool calls: start order, a turn's calls as the model asked.

`attach_tool_runs` (`._tool_runs`) matches each executed call to the request that asked for
it and places it (`Placed`); `in_call_order` then orders them: calls that ran together (one
turn's, or overlapping runs) in the order the model requested them, the rest as they started.

A call's run counts from the start of the model call that asked for it (`Placed.asked`): in
one thread nothing runs between a request and its call, so a call run in between ran beside
it. LangGraph's ``Send`` fan-out (LangGraph 1.2.24 under openinference-instrumentation-
langchain 0.1.80, ``langgraph-send``) runs two branches' agents side by side: Tokyo's asks
first and Paris's runs its tool first, their tool spans apart; the calls stand as the
conversations do, in the order asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..trace import ToolCall

__all__ = ["Placed", "in_call_order"]


class Placed(NamedTuple):
    """An executed call with what orders it among the others."""

    rank: int
    """Where the model requested it among all requests (after them all when none did)."""
    n: int
    """Its place among the executed calls."""
    call: ToolCall
    turn: int | None
    """The message whose turn requested it (None when no request is known)."""
    asked: int | None = None
    """When the model call whose turn requested it started (unix ns; None when not known)."""
    requested: int | None = None
    """When that model call ended, its reply making the request (unix ns; None when not
    known)."""


def in_call_order(calls: list[Placed]) -> list[ToolCall]:
    """Start order; calls that ran together in the order the model requested them.

    Calls ran together when one model turn requested them, or when their runs overlap
    (parallel calls, whichever thread started first). A turn's calls are one unit, from
    its first start to its last end, whatever their spans' times: a framework that runs
    them as parallel tasks may reach the second first and finish it before the first one
    starts (LangGraph's ``Send``), so only the request says their order. A unit runs from
    the start of the model call that asked for it, when known (`Placed.asked`): another
    call run meanwhile ran beside it (two ``Send`` branches' agents).
    """

    def start(item: Placed) -> float:
        call = item.call
        return call.started_at.timestamp() if call.started_at is not None else float(item.n)

    def end(item: Placed) -> float:
        call = item.call
        return call.ended_at.timestamp() if call.ended_at is not None else start(item)

    def since(item: Placed) -> float:
        asked = item.asked / 1e9 if item.asked is not None else start(item)
        return min(asked, start(item))

    units: dict[tuple[str, int], list[Placed]] = {}
    for item in calls:
        key = ("turn", item.turn) if item.turn is not None else ("call", item.n)
        units.setdefault(key, []).append(item)
    spans = [
        (min(since(i) for i in unit), max(end(i) for i in unit), unit) for unit in units.values()
    ]
    batches: list[list[Placed]] = []
    last_end = float("-inf")
    for first, last, unit in sorted(
        spans, key=lambda u: (u[0], min(i.rank for i in u[2]), min(i.n for i in u[2]))
    ):
        if batches and first < last_end:
            batches[-1].extend(unit)
            last_end = max(last_end, last)
        else:
            batches.append(list(unit))
            last_end = last
    # calls no request orders (their requests not in the trace): by start, then by id, so
    # the order the spans came in does not decide it
    return [item.call for batch in batches for item in _requested_order(batch, start)]


def _requested_order(batch: list[Placed], start: Callable[[Placed], float]) -> list[Placed]:
    """A batch's calls in the order requested: a turn's as the model listed them.

    Turns whose replies each ended at a known time (`Placed.requested`) stand in the order
    they ended, when they were requested: two runs side by side ask in turn, whichever
    conversation stands first (`_whole_runs`). Otherwise the order the requests stand in
    the conversation (`Placed.rank`).
    """
    by_rank = sorted(batch, key=lambda t: (t.rank, start(t), t.call.id or "", t.n))
    turns = {t.turn for t in batch}
    if len(turns) < 2 or None in turns or any(t.requested is None for t in batch):
        return by_rank
    ended = {t.turn: t.requested for t in batch}
    return sorted(by_rank, key=lambda t: ended[t.turn] or 0)

"""How many times one call may have been made, when the trace does not name some calls.

`no_loops` counts repeats of the same call, the same tool with the same arguments. A call
the trace does not name (`ToolCall.name` None) is a repeat of no call as far as the trace
shows; but it may have been one: of another unnamed call with its arguments, or of a named
call with them. `most_possible_repeats` is the most that the unnamed calls could make of
one call, so that a check can tell a trace that cannot loop from one whose loop would be
hidden by the names it lacks.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict

from ..trace import ToolCall

__all__ = ["most_possible_repeats"]


def most_possible_repeats(calls: list[ToolCall], *, consecutive: bool) -> int:
    """The most times one call may have been made (in a row, with `consecutive`).

    Named calls are the same call when they share a name and arguments; an unnamed call may
    be the same as any call with its arguments, but two named calls of different tools are
    never one call, whatever lies between them.

    Examples:
        >>> paris = {"city": "Paris"}
        >>> calls = [ToolCall(name="a", arguments=paris), ToolCall(arguments=paris),
        ...          ToolCall(name="b", arguments=paris), ToolCall(arguments=paris)]
        >>> most_possible_repeats(calls, consecutive=False)
        3
        >>> most_possible_repeats(calls, consecutive=True)
        3
        >>> most_possible_repeats(calls[:1] + calls[2:3], consecutive=False)
        1
    """
    if not calls:
        return 0
    if consecutive:
        return _most_in_a_row(calls)
    named: dict[str, Counter[str]] = defaultdict(Counter)  # arguments -> tool -> calls
    unnamed: Counter[str] = Counter()  # arguments -> unnamed calls
    for call in calls:
        key = _arguments(call)
        if call.name is None:
            unnamed[key] += 1
        else:
            named[key][call.name] += 1
    return max(
        max(named[key].values(), default=0) + unnamed[key] for key in set(named) | set(unnamed)
    )


def _most_in_a_row(calls: list[ToolCall]) -> int:
    """The longest run of calls in a row that may all have been one call."""
    best = 0
    arguments: str | None = None
    tool: str | None = None  # the run's tool, once a named call in it says
    length = 0
    trailing = 0  # unnamed calls at the run's end: a named call of another tool may take them
    for call in calls:
        key = _arguments(call)
        if key != arguments:
            arguments, tool, length, trailing = key, None, 0, 0
        elif call.name is not None and tool is not None and call.name != tool:
            length, tool = trailing, None  # another tool: a new run from the unnamed calls
        length += 1
        if call.name is None:
            trailing += 1
        else:
            tool, trailing = call.name, 0
        best = max(best, length)
    return best


def _arguments(call: ToolCall) -> str:
    return json.dumps(call.arguments, sort_keys=True, default=str)

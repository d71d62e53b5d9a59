"""A tool result recorded as the repr of a generator or coroutine: no value recorded.

The shape, Agno 3.1.10 under openlit 1.45: a coordinate team run with ``arun`` delegates
through ``delegate_task_to_member``, whose async path returns an async generator the team
consumes later (the member runs after the tool span ended); openlit writes what the function
returned, ``gen_ai.tool.call.result`` ``<async_generator object
_get_delegate_task_function.<locals>.adelegate_task_to_member at 0x7ff...>``
(``openlit-agno-team-fan-out-arun``). Such a repr names a Python object and its memory
address, never a value the tool produced: a ``<generator object ...>``, ``<async_generator
object ...>`` or ``<coroutine object ...>`` is what a function returns before its work runs.
So the span recorded no result, as one with no result key (`ToolRun.result_recorded`): what
the call returned is where the trace gives it otherwise, the tool message answering its id in
a later model input.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["unrun_object"]

_UNRUN = re.compile(r"<(?:async_generator|generator|coroutine) object \S+ at 0x[0-9a-fA-F]+>")


def unrun_object(raw: Any) -> bool:
    """Whether a recorded tool result is only the repr of a generator or coroutine.

    The whole text, nothing around it; another object's repr is what the tool returned.

        >>> unrun_object("<async_generator object f.<locals>.g at 0x7ff761ea6c40>")
        True
        >>> unrun_object("<coroutine object fetch at 0x10>")
        True
        >>> unrun_object("<generator object items at 0xabc> and more")  # text around it
        False
        >>> unrun_object("<Response [200]>")  # some other object's repr: what it returned
        False
        >>> unrun_object(None)
        False
    """
    return isinstance(raw, str) and _UNRUN.fullmatch(raw.strip()) is not None

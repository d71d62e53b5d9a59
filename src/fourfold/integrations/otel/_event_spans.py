"""Spans that record one event of an operation another span already records.

openinference-instrumentation-beeai (0.1.x, since BeeAI's emitter events became span events)
writes one span per operation (a tool run, a model call, an agent run) with the emitter's
events on it, and for some events a child span of their own as well: a span named after the
event whose ``metadata.path`` is the emitter's path and that event
(``tool.custom.get_weather.error``, ``backend.openai.chat.new_token``). Such a span under a
tool run repeats that run's failure (its input ``{"error", "input", "options"}``, its output
the error's text): it is no tool run of its own, so no tool call and no tool message.
"""

from __future__ import annotations

from typing import Any

__all__ = ["is_event_span"]

_EVENTS = frozenset(
    {"start", "success", "error", "finish", "update", "partial_update", "new_token", "retry"}
)


def is_event_span(name: str, attrs: dict[str, Any]) -> bool:
    """Whether a span named `name` records one emitter event, not an operation.

    Its ``metadata.path`` ends in that event, which names the span.

    Examples:
        >>> is_event_span("error", {"metadata.path": "tool.custom.get_weather.error"})
        True
        >>> is_event_span("get_weather", {"tool.name": "get_weather"})
        False
        >>> is_event_span("error", {"tool.name": "error"})  # a tool named error
        False
    """
    path = attrs.get("metadata.path")
    return name in _EVENTS and isinstance(path, str) and path.endswith(f".{name}")

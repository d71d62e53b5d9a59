"""Which tool run a BeeAI TypeScript event span belongs to: the request its metadata answers.

@arizeai/openinference-instrumentation-beeai (1.5.30, on beeai-framework 0.1.13 for
TypeScript) writes a tool run as one span per emitter event, ``tool.dynamic.getWeather.start-N``,
``.success-N``, ``.error-N``, ``.finish-N``, and counts ``N`` per event, not per run: a run whose
tool threw has a ``start`` and a ``finish`` but an ``error`` in place of a ``success``, so after
it the counters part (Paris ``start-1``/``success-1``, Tokio ``start-2``/``error-1``, Tokyo
``start-3``/``success-2``). Every one of those spans' ``metadata`` (the agent's state as JSON)
holds ``toolCallMsg``, the model's request the run answers, ``{type: tool-call, toolCallId,
...}``: spans that answer the same request are one run, whatever their counters. Event spans
without one (the model's ``backend.openai.chat.*``, the agent's own events, the 2025 Python
instrumentation's tool events) keep their counter.
"""

from __future__ import annotations

from typing import Any

from ._messages import try_json

__all__ = ["answered_call_id"]


def answered_call_id(attributes: dict[str, Any]) -> str | None:
    """The id of the request a tool event span's ``metadata`` says the run answers, else None.

    Examples:
        >>> asked = '{"type": "tool-call", "toolCallId": "call_e1", "toolName": "get_weather"}'
        >>> answered_call_id({"metadata": '{"state": "{}", "toolCallMsg": ' + asked + "}"})
        'call_e1'
        >>> answered_call_id({"metadata": '{"state": "{}"}'}) is None
        True
        >>> answered_call_id({"tool.parameters": '{"city": "Paris"}'}) is None
        True
    """
    raw = attributes.get("metadata")
    if not isinstance(raw, str) or "toolCallMsg" not in raw:
        return None
    metadata = try_json(raw)
    request = metadata.get("toolCallMsg") if isinstance(metadata, dict) else None
    if not isinstance(request, dict) or request.get("type") != "tool-call":
        return None
    found = request.get("toolCallId")
    return found if isinstance(found, str) and found else None

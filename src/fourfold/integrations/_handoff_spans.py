"""The OpenAI Agents SDK's handoff span under OpenInference: which TOOL span is one.

The SDK records a handoff as its own span (``HandoffSpanData``: ``from_agent``,
``to_agent``) beside the model call whose ``transfer_to_<agent>`` request asked for it.
OpenInference's instrumentations of the SDK type that span ``TOOL`` and name it
``handoff to <to_agent>``:

- the Python one (openinference-instrumentation-openai-agents) writes no ``tool.name``;
  ``input.value`` / ``output.value`` are the two agents' names;
- the JS one (@arizeai/openinference-instrumentation-openai-agents 0.2) writes ``tool.name``
  ``handoff_to_<to_agent>`` (its own name for the span, not the tool the model called), and
  ``{"from_agent": ...}`` / ``{"to_agent": ...}`` as ``input.value`` / ``output.value``.

Either is the handoff the model's request and the tool message answering it already hold
(`.otel._openinference` reads no call from it), and the span that answers that request
when no later history does (`._handoff_results`). A function tool's span is named by the
tool and has that name as ``tool.name``: a tool named ``handoff to <x>`` is no handoff.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["handoff_target"]

_HANDOFF = re.compile(r"handoff to (\S.*)")


def handoff_target(name: str, attrs: Mapping[str, Any]) -> str | None:
    """The agent a TOOL span named `name` hands off to, when it is the SDK's handoff span.

    `attrs` are the span's OpenInference attributes; the caller has read its kind as TOOL.

    Examples:
        Python's instrumentation (no ``tool.name``) and the JS one's (``handoff_to_<agent>``):

        >>> handoff_target("handoff to weather_agent", {"input.value": "triage_agent"})
        'weather_agent'
        >>> handoff_target("handoff to weather_agent", {"tool.name": "handoff_to_weather_agent"})
        'weather_agent'

        A tool of that name, or a handoff span naming another agent, or any other span:

        >>> handoff_target("handoff to weather_agent", {"tool.name": "handoff to weather_agent"})
        >>> handoff_target("handoff to weather_agent", {"tool.name": "handoff_to_triage_agent"})
        >>> handoff_target("handoff_to_weather_agent", {"tool.name": "handoff_to_weather_agent"})
        >>> handoff_target("transfer_to_weather_agent", {})
    """
    matched = _HANDOFF.fullmatch(name)
    if matched is None:
        return None
    agent = matched.group(1)
    tool = attrs.get("tool.name")
    if tool in (None, "") or tool == f"handoff_to_{agent}":
        return agent
    return None

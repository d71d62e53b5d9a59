"""LangSmith's Google ADK integration's runs (``configure_google_adk()``), as OpenTelemetry spans.

``langsmith.integrations.google_adk`` wraps ADK's runner, agents, tools and model calls and
makes a LangSmith run of each; exported as OpenTelemetry spans (``LANGSMITH_OTEL_ENABLED``)
every one carries the metadata ``langsmith.metadata.ls_integration = google-adk``
(`is_adk_run`). Beside what every LangSmith span says (`._langsmith`), three of its
shapes are its own (langsmith 0.15, ``_client.py`` / ``_messages.py``):

- the model sees ADK's calls without ids (ADK strips its ``adk-<uuid>`` ids before the
  request); when the integration writes an ``llm`` run's messages in the Chat Completions
  shape and a call has no id, it writes ``ls-adk-<n>`` (``ToolIdState.call_id``: ``n``
  counts the id-less calls of that one model call) and gives each result the id of the first
  unanswered call of its name. Those are positions, not ids: the next model call numbers its
  calls from 0 again (`without_fallback_ids`);
- a tool run's outputs are the tool's return value when it is an object, ``{"output":
  str(value)}`` when it is any other value, and ``{}`` when it returned None: an empty
  object records no result (`tool_result_recorded`);
- the runner's run is the trace's root ``chain`` (named ``google_adk.session`` unless
  configured), each agent's run a ``chain`` inside it named after the agent
  (``BaseAgent.run_async``: ``trace(name=agent.name, run_type="chain")``): LangSmith has no
  agent run type, so the nested chain is the agent's run (`adk_agent_name`).
"""

from __future__ import annotations

import re
from typing import Any

from .._messages import Msg, try_json
from .._spans import Span

__all__ = ["adk_agent_name", "is_adk_run", "tool_result_recorded", "without_fallback_ids"]

_INTEGRATION = "langsmith.metadata.ls_integration"
_FALLBACK_ID = re.compile(r"ls-adk-\d+")
_SESSION_RUN = "google_adk.session"
"""The name the integration gives the runner's root run when configured with no other."""


def is_adk_run(attrs: dict[str, Any]) -> bool:
    """Whether a span is a run of LangSmith's Google ADK integration (its metadata says so).

    Examples:
        >>> is_adk_run({"langsmith.metadata.ls_integration": "google-adk"})
        True
        >>> is_adk_run({"langsmith.metadata.ls_integration": "langgraph"})
        False
    """
    return attrs.get(_INTEGRATION) == "google-adk"


def without_fallback_ids(attrs: dict[str, Any], messages: list[Msg]) -> list[Msg]:
    """`messages` of an integration's ``llm`` run with its ``ls-adk-<n>`` stand-ins taken off.

    A requested call so numbered is a call without an id, and a tool message answering one
    answers that call without naming it (matched by order, as any id-less call's answer);
    on other spans, and any other id, nothing changes.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> msgs = [Msg("assistant", tool_calls=[ToolRequest("f", {}, "ls-adk-0"),
        ...     ToolRequest("f", {}, "adk-1")]), Msg("tool", "{}", tool_call_id="ls-adk-0")]
        >>> out = without_fallback_ids({"langsmith.metadata.ls_integration": "google-adk"}, msgs)
        >>> [r.id for r in out[0].tool_calls], out[1].tool_call_id
        ([None, 'adk-1'], None)
    """
    if not is_adk_run(attrs):
        return messages
    for msg in messages:
        for request in msg.tool_calls:
            if request.id is not None and _FALLBACK_ID.fullmatch(request.id):
                request.id = None
        if msg.role == "tool" and msg.tool_call_id and _FALLBACK_ID.fullmatch(msg.tool_call_id):
            msg.tool_call_id = None
    return messages


def tool_result_recorded(attrs: dict[str, Any]) -> bool:
    """False for an integration's ``tool`` run whose outputs are ``{}``: the tool returned None.

    Examples:
        >>> adk = {"langsmith.metadata.ls_integration": "google-adk", "langsmith.span.kind": "tool"}
        >>> tool_result_recorded({**adk, "gen_ai.completion": "{}"})
        False
        >>> tool_result_recorded({**adk, "gen_ai.completion": '{"output": "sunny"}'})
        True
        >>> tool_result_recorded({"langsmith.span.kind": "tool", "gen_ai.completion": "{}"})
        True
    """
    if not is_adk_run(attrs) or attrs.get("langsmith.span.kind") != "tool":
        return True
    return bool(try_json(attrs.get("gen_ai.completion")) != {})


def adk_agent_name(span: Span) -> str | None:
    """The agent an integration's ``chain`` run is the run of: its name, when it is nested.

    The runner's run is the root (or, inside an application's own run, the one named
    ``google_adk.session``); every other chain of the integration is an agent's, named after
    it. None for any other span.

    Examples:
        >>> adk = {"langsmith.metadata.ls_integration": "google-adk",
        ...     "langsmith.span.kind": "chain"}
        >>> adk_agent_name(Span("t", "a", "r", "weather_agent", 1, 2, "ok", None, adk))
        'weather_agent'
        >>> adk_agent_name(Span("t", "r", None, "google_adk.session", 1, 2, "ok", None, adk))
        >>> adk_agent_name(Span("t", "r", "x", "google_adk.session", 1, 2, "ok", None, adk))
    """
    attrs = span.attributes
    if not is_adk_run(attrs) or attrs.get("langsmith.span.kind") != "chain":
        return None
    if span.parent_id is None or span.name == _SESSION_RUN:
        return None
    return span.name or None

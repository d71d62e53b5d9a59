"""The shapes of LangSmith's OpenAI Agents SDK processor's runs, as OpenTelemetry spans.

``langsmith.integrations.openai_agents_sdk.OpenAIAgentsTracingProcessor`` makes a LangSmith
run of each of the SDK's spans; sent as OpenTelemetry spans (``LANGSMITH_OTEL_ENABLED``) they
carry the run's inputs and outputs as ``gen_ai.prompt`` / ``gen_ai.completion`` like every
LangSmith span, in the SDK's own shapes:

- a ``Generation`` (``llm``) run's inputs are ``{"input": [<Chat Completions messages>]}``
  (the SDK's ``GenerationSpanData.input``; a ``Response`` run's add ``instructions``), not
  LangChain's ``{"messages": [[...]]}``: `agents_messages` reads the list;
- its usage is only in the run's metadata, ``langsmith.metadata.usage_metadata``
  (``{"input_tokens", "output_tokens", ...}``, LangSmith's own keys): no ``gen_ai.usage.*``
  is written (`langsmith_usage`);
- the trace's root run (``Agent workflow``) records the first model call's input, the
  message list, as its own: its question is the last user message's text
  (`agents_question`).
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, try_json

__all__ = ["agents_messages", "agents_question", "langsmith_usage"]

_USAGE_KEYS = ("gen_ai.usage.input_tokens", "gen_ai.usage.output_tokens")


def agents_messages(inputs: Any) -> list[Msg] | None:
    """The messages of a run's ``{"input": [<messages>]}``; None when it holds none.

    Examples:
        >>> [(m.role, m.content) for m in agents_messages({"input": [
        ...     {"role": "system", "content": "Be brief."},
        ...     {"role": "user", "content": "Rain?"}]})]
        [('system', 'Be brief.'), ('user', 'Rain?')]
        >>> agents_messages({"input": "Rain?"}) is None
        True
    """
    if not isinstance(inputs, dict):
        return None
    items = inputs.get("input")
    if not isinstance(items, list) or not items:
        return None
    if not all(isinstance(m, dict) and isinstance(m.get("role"), str) for m in items):
        return None
    return parse_messages(items)


def agents_question(value: Any) -> str | None:
    """The text of the last user message of a run's input message list, if it has one.

    Examples:
        >>> agents_question([{"role": "system", "content": "Be brief."},
        ...                  {"role": "user", "content": "Rain?"}])
        'Rain?'
        >>> agents_question("Rain?") is None
        True
    """
    found = agents_messages({"input": value})
    said = [m.content for m in found or [] if m.role == "user" and isinstance(m.content, str)]
    return said[-1] if said and said[-1].strip() else None


def langsmith_usage(attrs: dict[str, Any]) -> dict[str, Any]:
    """A LangSmith ``llm`` run's token counts from its metadata, when no ``gen_ai.usage.*``.

    ``{"input_tokens", "output_tokens"}`` as ``langsmith.metadata.usage_metadata`` holds them;
    empty when the span writes the conventions' usage (LangChain's runs: the same counts) or
    is no model call.

    Examples:
        >>> langsmith_usage({"langsmith.span.kind": "llm", "langsmith.metadata.usage_metadata":
        ...     '{"input_tokens": 61, "output_tokens": 34, "total_tokens": 95}'})
        {'input_tokens': 61, 'output_tokens': 34}
        >>> langsmith_usage({"langsmith.span.kind": "llm", "gen_ai.usage.input_tokens": 61,
        ...     "langsmith.metadata.usage_metadata": '{"input_tokens": 61}'})
        {}
    """
    if attrs.get("langsmith.span.kind") != "llm" or any(k in attrs for k in _USAGE_KEYS):
        return {}
    usage = try_json(attrs.get("langsmith.metadata.usage_metadata"))
    if not isinstance(usage, dict):
        return {}
    return {
        k: usage[k]
        for k in ("input_tokens", "output_tokens")
        if isinstance(usage.get(k), int) and not isinstance(usage.get(k), bool)
    }

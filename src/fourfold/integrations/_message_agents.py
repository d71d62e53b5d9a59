"""The agent an assistant message names, where no span of the trace names one.

LangChain gives the model an ``AIMessage``'s ``name`` as the Chat Completions message's
``name``, and LangGraph's prebuilt agent writes its own name on every ``AIMessage`` it makes.
OpenInference's openai instrumentation records each request, names included
(``llm.input_messages.<i>.message.name``). Under LangGraph it makes a trace of its own for
each call, beside the graph's (OpenInference's LangChain tracer does not make its spans the
current ones: `langgraph-tool-model-2026-12-07za`), so the trace of the agent's second call
holds no span of the agent's, only its earlier turn, replayed with ``name: weather_agent``.
The contract's `agent` row takes the name LangGraph writes on its agent's AI messages where
no span names one (both readings); this is that name as the model's request carries it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._messages import Msg

__all__ = ["message_agent"]


def message_agent(messages: Iterable[Msg]) -> str | None:
    """The name on the first assistant message that has one, or None.

    Examples:
        >>> message_agent([Msg("user", "Weather?", name="ann"), Msg("assistant", None,
        ...                name="weather_agent")])
        'weather_agent'
        >>> message_agent([Msg("assistant", "Sunny.")]) is None
        True
    """
    for msg in messages:
        if msg.role == "assistant" and msg.name and msg.name.strip():
            return msg.name
    return None

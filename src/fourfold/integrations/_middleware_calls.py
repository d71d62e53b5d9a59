"""A model call an agent's middleware makes in its own hook is no turn of the conversation.

LangChain 1.x's ``create_agent`` runs as a LangGraph graph whose nodes are the agent's
``model`` and ``tools`` and one node per middleware hook, named ``<Middleware>.<hook>``
(``SummarizationMiddleware.before_model``, ``ModelCallLimitMiddleware.after_model``; hooks
``before_model``, ``after_model``, ``before_agent``, ``after_agent``). Instrumentations record
each node as a span of that name, and the node in the spans' metadata (OpenInference's
``metadata`` ``langgraph_node``, LangSmith's ``langsmith.metadata.langgraph_node``).

A model call made inside such a hook is the middleware's own work, not the agent's turn:
``SummarizationMiddleware`` asks a model to condense the history ("Context Extraction
Assistant" and the messages to summarise) and writes the summary back into the agent's
state, where the agent's next call is given it as a user message
(``langchain-create-agent-summarization``, both readings). The summariser's prompt and reply
are no part of the conversation, as a reranker's scoring calls are none (D16); the summary
the agent was given is, at its place in the agent's history; the call's tokens count.

The rule, `middleware_calls`: a model call whose LangGraph node, or any span it runs inside,
is a middleware hook's (by the node's name in the metadata, else the span's name) is set
aside from the conversation, its usage counted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ._messages import try_json
from ._spans import Span, ancestors
from ._steps import ModelCall

__all__ = ["is_hook_node", "middleware_calls"]

_HOOK = re.compile(r"[\w-]+\.(?:before|after)_(?:model|agent)")
"""A middleware hook's node: ``<middleware name>.<hook>``."""


def is_hook_node(name: str) -> bool:
    """Whether `name` names a ``create_agent`` middleware hook's node.

    Examples:
        >>> is_hook_node("SummarizationMiddleware.before_model")
        True
        >>> is_hook_node("trim_messages.after_agent")
        True
        >>> [is_hook_node(n) for n in ("model", "tools", "handle_tool_errors.wrap_tool_call")]
        [False, False, False]
    """
    return _HOOK.fullmatch(name) is not None


def _node(span: Span) -> str | None:
    """The LangGraph node `span` ran in, as its metadata says, else None."""
    attrs = span.attributes
    metadata: Any = try_json(attrs.get("metadata"))
    if isinstance(metadata, dict) and isinstance(metadata.get("langgraph_node"), str):
        return str(metadata["langgraph_node"])
    for key, value in attrs.items():
        if key.endswith(".langgraph_node") and isinstance(value, str):
            return value
    return None


def middleware_calls(
    ordered: list[Span], steps: Mapping[int, object], by_id: Mapping[str, Span]
) -> set[int]:
    """The model calls made inside a middleware hook, as ``id(span)``.

    `ordered`: the trace's spans; `steps`: their steps by ``id(span)``; `by_id`: spans by id.

    Examples:
        >>> def span(id, parent, name, attrs):
        ...     return Span("t", id, parent, name, 1, 2, "ok", None, attrs)
        >>> hook = span("h", None, "SummarizationMiddleware.before_model", {})
        >>> inner = span("c", "h", "ChatOpenAI", {})
        >>> turn = span("m", None, "ChatOpenAI", {"metadata": '{"langgraph_node": "model"}'})
        >>> steps = {id(s): ModelCall(s, [], []) for s in (inner, turn)}
        >>> found = middleware_calls([hook, inner, turn], steps, {"h": hook, "c": inner, "m": turn})
        >>> found == {id(inner)}
        True
    """
    out: set[int] = set()
    for span in ordered:
        if not isinstance(steps.get(id(span)), ModelCall):
            continue
        own = _node(span)  # the call's own node decides, where its metadata names one
        above = [span] if own is not None else [span, *ancestors(span, by_id)]
        if any(is_hook_node(_node(s) or s.name) for s in above):
            out.add(id(span))
    return out

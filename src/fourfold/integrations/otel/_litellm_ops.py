"""LiteLLM's operation names: the name of the LiteLLM function that made the call.

LiteLLM writes ``gen_ai.operation.name`` (and ``llm.request.type``) as the function called:
``completion`` for ``litellm.completion``, ``acompletion`` for its async twin, which is what
the LiteLLM proxy (the gateway) calls for every chat-completions request it serves, and
``text_completion`` / ``atext_completion`` likewise. An async name is the same operation as
its sync one.
"""

from __future__ import annotations

__all__ = ["litellm_operation"]

_ASYNC = {"acompletion": "completion", "atext_completion": "text_completion"}


def litellm_operation(op: str | None) -> str | None:
    """The operation `op` names: a LiteLLM async function's name read as its sync one's.

    Examples:
        >>> litellm_operation("acompletion")
        'completion'
        >>> litellm_operation("chat"), litellm_operation(None)
        ('chat', None)
    """
    return _ASYNC.get(op, op) if op is not None else None

"""LiteLLM's operation names: the name of the LiteLLM function that made the call.

LiteLLM writes ``gen_ai.operation.name`` (and ``llm.request.type``) as the function called:
``completion`` for ``litellm.completion``, ``acompletion`` for its async twin, which is what
the LiteLLM proxy (the gateway) calls for every chat-completions request it serves, and
``text_completion`` / ``atext_completion`` likewise. An async name is the same operation as
its sync one. The proxy's other model routes are named for the function that serves them:
``anthropic_messages`` for ``/v1/messages`` (Anthropic's Messages API,
``litellm.anthropic.messages``), ``responses`` / ``aresponses`` for ``/v1/responses``: each is
a model call, a chat.
"""

from __future__ import annotations

__all__ = ["litellm_operation"]

_ASYNC = {"acompletion": "completion", "atext_completion": "text_completion"}
_CHATS = {"anthropic_messages": "chat", "responses": "chat", "aresponses": "chat"}


def litellm_operation(op: str | None) -> str | None:
    """The operation `op` names: a LiteLLM async function's name read as its sync one's.

    Examples:
        >>> litellm_operation("acompletion")
        'completion'
        >>> litellm_operation("chat"), litellm_operation(None)
        ('chat', None)
        >>> litellm_operation("anthropic_messages")
        'chat'
    """
    return _CHATS.get(op, _ASYNC.get(op, op)) if op is not None else None

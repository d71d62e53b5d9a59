"""openlit's AG2 instrumentation: its spans of an agent's steps, and what they do not hold.

openlit (1.45, ``openlit.instrumentation.ag2``) wraps AG2's ``ConversableAgent.send``,
``.receive`` and ``.generate_reply`` (ag2 below 1, the ``autogen`` package) in a span each,
all named ``execute_task <agent>`` with ``gen_ai.operation.name`` ``chat``,
``gen_ai.provider.name`` ``ag2``, ``gen_ai.agent.name`` the agent whose method ran,
``gen_ai.agent.message_type`` the method (``send``, ``receive``, ``generate_reply``) and
``gen_ai.request.model`` the agent's ``llm_config`` model or the placeholder ``unknown``.
Though its operation is ``chat``, such a span is no model call: the agent's model calls are
the spans of the model's own instrumentation inside its ``generate_reply``. It is one step
of that agent's part in the chat, and what it records is not what it seems:

- its messages are no messages. openlit reads ``send(message, recipient)`` and
  ``receive(message, sender)`` as if the agent came first: a ``send`` span's
  ``gen_ai.output.messages`` and a ``receive`` span's ``gen_ai.input.messages`` are the
  ``str()`` of the other agent, its name, and its ``gen_ai.agent.recipient`` /
  ``gen_ai.agent.sender`` the message's ``name`` attribute, ``Unknown``;
- its token counts are no counts. A ``generate_reply`` span's ``gen_ai.usage.*`` are
  openlit's estimate, a quarter of the characters of the messages' ``str()`` and of the
  reply's, not what a model reported: no usage, not even in a trace with no model call
  (where the agent replied without its model: AG2 ran the tools);
- its agent is an agent that ran: the chat's first ``send`` span names the agent that began
  it (``initiate_chat``'s sender), the first that ran.

So each is an agent's run with its name and nothing else (`agent_step`). The span openlit
writes for ``ConversableAgent.run`` (``gen_ai.operation.name`` ``execute_task``, no message
type, counts summed from AG2's own cost record) is no step of these: not read here.
"""

from __future__ import annotations

from .._spans import Span
from .._steps import AgentRun

__all__ = ["agent_step", "is_agent_step"]

_PROVIDER = "ag2"
_STEPS = frozenset({"send", "receive", "generate_reply"})


def is_agent_step(span: Span) -> bool:
    """Whether the span is openlit's record of an AG2 agent's send, receive or reply.

    Known by what openlit writes on it, not its scope (a console dump keeps none): the
    provider ``ag2`` (``gen_ai.provider.name``, ``gen_ai.system`` before the conventions
    renamed it), an AG2 message type and an agent's name.

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", None, "execute_task weather_agent", 0, 1, "ok", None,
        ...         {"gen_ai.operation.name": "chat", "gen_ai.agent.name": "weather_agent",
        ...          "gen_ai.request.model": "unknown", **attrs},
        ...         scope="openlit.instrumentation.ag2")
        >>> is_agent_step(span(**{"gen_ai.provider.name": "ag2",
        ...                       "gen_ai.agent.message_type": "generate_reply"}))
        True
        >>> is_agent_step(span(**{"gen_ai.system": "ag2", "gen_ai.agent.message_type": "send"}))
        True

        Not a model call of another provider, nor an AG2 span of another kind (openlit's
        ``ConversableAgent.run`` or group chat spans, AG2's own instrumentation), nor one
        that names no agent:

        >>> is_agent_step(span(**{"gen_ai.provider.name": "openai",
        ...                       "gen_ai.agent.message_type": "send"}))
        False
        >>> is_agent_step(span(**{"gen_ai.provider.name": "ag2"}))
        False
        >>> is_agent_step(span(**{"gen_ai.provider.name": "ag2", "gen_ai.agent.name": "",
        ...                       "gen_ai.agent.message_type": "receive"}))
        False
    """
    attrs = span.attributes
    provider = attrs.get("gen_ai.provider.name", attrs.get("gen_ai.system"))
    agent = attrs.get("gen_ai.agent.name")
    return (
        provider == _PROVIDER
        and attrs.get("gen_ai.agent.message_type") in _STEPS
        and isinstance(agent, str)
        and bool(agent)
    )


def agent_step(span: Span) -> AgentRun:
    """The agent's run the step is: its agent's name, no message, count or model.

    Examples:
        >>> span = Span("t", "s", None, "execute_task user_proxy", 0, 1, "ok", None,
        ...     {"gen_ai.operation.name": "chat", "gen_ai.provider.name": "ag2",
        ...      "gen_ai.agent.name": "user_proxy", "gen_ai.agent.message_type": "send",
        ...      "gen_ai.output.messages": "weather_agent", "gen_ai.usage.input_tokens": 94})
        >>> run = agent_step(span)
        >>> run.kind, run.name, run.inputs, run.outputs, run.input_tokens, run.model
        ('agent', 'user_proxy', [], [], None, None)
    """
    return AgentRun(span, kind="agent", name=str(span.attributes["gen_ai.agent.name"]))

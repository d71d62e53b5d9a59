"""AgentOps' AG2 model-call spans: a reply with no text is written nowhere.

AgentOps' AG2 instrumentation (``agentops/instrumentation/agentic/ag2``, scope ``ag2``)
wraps ``ConversableAgent._generate_oai_reply_from_client`` in ``<model>.llm``: kind
``llm``, ``gen_ai.system`` ``ag2``, ``llm.client_call`` ``true``, the agent's
``agent.name``, the prompt as ``gen_ai.prompt.N.*`` (only the messages of role ``user``,
``assistant`` or ``system`` that have text: a turn requesting tools and the tool responses
are left out), and the reply as ``gen_ai.completion.0.*`` only when the reply has text. A
reply that requested tools (AG2's ``{content: None, tool_calls: [...]}``) is written
nowhere: no completion, no ``agentops.entity.output``, its requests in no attribute. The
agent it was sent to executes them next (``execute_function``, each a tool span of its own,
`._agentops_tools`), before the model is called again.

Such a span with no completion is marked so (`ModelCall.reply_in_runs` ``after``): the tool
runs that follow it, before the next model call, are the requests of its reply
(`.._replies_in_runs`; agentops-ag2-2026-12-07f, both readings). A span with a completion
is read as written; another framework's ``llm`` span (LangGraph's, CrewAI's...) is not
AG2's (``gen_ai.system``), nor a span naming its own operation.
"""

from __future__ import annotations

from dataclasses import replace

from .._steps import ModelCall

__all__ = ["ag2_call"]


def ag2_call(call: ModelCall) -> ModelCall:
    """`call`, its reply marked as in the tool runs after it when it is an AG2 span with none.

    Examples:
        >>> from fourfold.integrations._messages import Msg
        >>> from fourfold.integrations._spans import Span
        >>> attrs = {"agentops.span.kind": "llm", "gen_ai.system": "ag2",
        ...          "llm.client_call": "true", "agent.name": "weather_agent"}
        >>> span = Span("t", "s", None, "gpt-4o-mini.llm", 1, 2, "ok", None, attrs)
        >>> ag2_call(ModelCall(span, [Msg("user", "Weather?")], [])).reply_in_runs
        'after'

        Not one with its reply written, another framework's ``llm`` span, nor one naming its
        own operation:

        >>> said = [Msg("assistant", "Sunny.")]
        >>> ag2_call(ModelCall(span, [Msg("user", "Weather?")], said)).reply_in_runs is None
        True
        >>> graph = replace(span, attributes={**attrs, "gen_ai.system": "langgraph"})
        >>> ag2_call(ModelCall(graph, [], [])).reply_in_runs is None
        True
        >>> named = replace(span, attributes={**attrs, "gen_ai.operation.name": "chat"})
        >>> ag2_call(ModelCall(named, [], [])).reply_in_runs is None
        True
    """
    attrs = call.span.attributes
    if (
        call.outputs
        or attrs.get("agentops.span.kind") != "llm"
        or attrs.get("gen_ai.system") != "ag2"
        or attrs.get("gen_ai.operation.name")
    ):
        return call
    return replace(call, reply_in_runs="after")

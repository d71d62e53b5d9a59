"""A Cohere model call's turn of calls: its text is the tool plan, whatever marks it.

Cohere's v2 chat answers a turn of calls with a ``tool_plan`` and no content: the model's
reasoning before its calls, not something it said (`._unsaid_plans`). langchain-cohere's
``ChatCohere`` makes that plan the ``AIMessage``'s content; streamed with ``astream`` (its
``_astream``: ``tool-plan-delta`` events as content chunks) the message keeps no
``tool_plan`` beside it, so nothing in the trace names the text a plan but who answered: a
model call the trace says Cohere answered (``llm.provider`` / ``gen_ai.system`` ``cohere``)
whose reply requests calls has, by Cohere's API, no text but the plan.
"""

from __future__ import annotations

from ._steps import AgentRun, ModelCall

__all__ = ["cohere_reply_plans"]


def cohere_reply_plans(steps: list[ModelCall | AgentRun]) -> set[str]:
    """The texts of the turns of calls that Cohere's model calls among `steps` replied.

    Examples:
        >>> from fourfold.integrations._messages import Msg
        >>> from fourfold.integrations._spans import Span
        >>> from fourfold.trace import ToolRequest
        >>> span = Span("t", "b", None, "ChatCohere", 1, 2, "ok", None, {})
        >>> turn = Msg("assistant", "I will look.", tool_calls=[ToolRequest(name="get_weather")])
        >>> cohere_reply_plans([ModelCall(span, inputs=[], outputs=[turn], provider="cohere")])
        {'I will look.'}
        >>> cohere_reply_plans([ModelCall(span, inputs=[], outputs=[turn], provider="mistral")])
        set()
    """
    found: set[str] = set()
    for step in steps:
        if not isinstance(step, ModelCall) or (step.provider or "").lower() != "cohere":
            continue
        for msg in step.outputs:
            if msg.role == "assistant" and msg.tool_calls and isinstance(msg.content, str):
                if msg.content.strip():
                    found.add(msg.content)
    return found

"""A turn of calls whose text is the model's tool plan says nothing (`without_plans`).

Cohere's v2 chat sends a turn of calls with a ``tool_plan`` and no content: the model's
reasoning before its calls, not something it said (openlit writes it as
``gen_ai.content.reasoning``; OpenLLMetry's appended text item is dropped in
`._flat_content`). langchain-cohere's ``ChatCohere`` makes that plan the ``AIMessage``'s
``content`` (and sends a message's content back as its turn's ``tool_plan``), so an
instrumentation reading LangChain's messages (openinference-instrumentation-langchain's
``llm.output_messages`` / ``llm.input_messages``) writes the plan as the turn's text. The
same serialised ``AIMessage`` in ``output.value`` / ``input.value`` says what that text is:
its ``additional_kwargs`` hold ``tool_plan``, the very text of its ``content``. An assistant
message requesting calls whose text is such a plan has no text.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg
from .._unsaid_plans import plans_in

__all__ = ["without_plans"]


def without_plans(messages: list[Msg], value: Any) -> list[Msg]:
    """`messages` without the text of each assistant turn of calls that is a tool plan.

    `value` is the span's ``input.value`` or ``output.value`` (or a chain's state); a
    turn's text is a plan when `value` records it as one (`plans_in`).

    Examples:
        >>> from fourfold.trace import ToolRequest
        >>> ai = {"content": "I will look.", "additional_kwargs": {"tool_plan": "I will look."}}
        >>> turn = Msg("assistant", "I will look.", tool_calls=[ToolRequest(name="get_weather")])
        >>> [m.content for m in without_plans([turn], {"messages": [[{"kwargs": ai}]]})]
        [None]
        >>> said = Msg("assistant", "I will look.")
        >>> [m.content for m in without_plans([said], {"messages": [[{"kwargs": ai}]]})]
        ['I will look.']
    """
    plans = plans_in(value) if value is not None else set()
    if not plans:
        return messages
    for msg in messages:
        if msg.role == "assistant" and msg.tool_calls and msg.content in plans:
            msg.content = None
    return messages

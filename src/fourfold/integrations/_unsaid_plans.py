"""A turn of calls whose text the trace records as the model's tool plan says nothing.

Cohere's v2 chat sends a turn of calls with a ``tool_plan`` and no content: the model's
reasoning before its calls, not something it said. langchain-cohere's ``ChatCohere`` makes that
plan the ``AIMessage``'s ``content`` (and keeps it in ``additional_kwargs.tool_plan``), so every
tracer reading LangChain's messages writes the plan as the turn's text: OpenInference's
``llm.output_messages``, LangSmith's ``gen_ai.completion``, Langfuse's observation output,
MLflow's chat messages (the next request's input too). Where the tracer also writes the
serialised message, its ``tool_plan`` says what the text is; that record need not be on the
model call's span: MLflow's chat model span writes OpenAI-shaped messages only, while the
LangGraph node above it (``call_model``, the agent's state) writes the ``AIMessage`` whole.

The rule, `without_recorded_plans`: a plan is the text of a recorded message (``content`` or
a generation's ``text``) that the message's own ``tool_plan`` (Cohere's field), or its
``additional_kwargs`` / ``response_metadata`` / ``generation_info`` ``tool_plan``, says is the
plan (`plans_in`), and the text of a turn of calls a Cohere model call replied, which
``astream`` leaves unmarked (`._cohere_plans`); an assistant message of a model call (or of a
run) that requests calls and whose text is a plan found anywhere in its trace has no text. Any
other text stays.
"""

from __future__ import annotations

from typing import Any

from ._cohere_plans import cohere_reply_plans
from ._messages import try_json
from ._spans import Span
from ._steps import AgentRun, ModelCall, Step

__all__ = ["plans_in", "without_recorded_plans"]

_BESIDE = ("additional_kwargs", "response_metadata", "generation_info")
"""Where LangChain keeps a provider's fields beside a message's (or a generation's) text."""


def plans_in(value: Any) -> set[str]:
    """The tool plans a recorded value (JSON text or parsed) holds.

    Each is the ``content`` (or a generation's ``text``) of a serialised message whose own
    ``tool_plan``, or whose ``additional_kwargs`` / ``response_metadata`` /
    ``generation_info`` ``tool_plan``, is that very text.

    Examples:
        >>> ai = {"content": "I will look.", "additional_kwargs": {"tool_plan": "I will look."}}
        >>> plans_in({"generations": [[{"message": {"kwargs": ai}}]]})
        {'I will look.'}
        >>> plans_in({"text": "I will look.", "generation_info": {"tool_plan": "I will look."}})
        {'I will look.'}
        >>> plans_in({"kwargs": {"content": "Hi", "additional_kwargs": {"tool_plan": "Look"}}})
        set()
    """
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            plans = [node.get("tool_plan")]
            plans += [e.get("tool_plan") for k in _BESIDE if isinstance(e := node.get(k), dict)]
            for text in (node.get("content"), node.get("text")):
                if isinstance(text, str) and text.strip() and text in plans:
                    found.add(text)
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(try_json(value))
    return found


def recorded_plans(spans: list[Span]) -> set[str]:
    """The tool plans the spans' attributes and events record (`plans_in`).

    Only a text that names ``tool_plan`` is read as JSON.
    """
    found: set[str] = set()

    def read(value: Any) -> None:
        if isinstance(value, str):
            if "tool_plan" in value:
                found.update(plans_in(value))
        elif isinstance(value, dict):
            found.update(plans_in(value))
            for child in value.values():
                read(child)
        elif isinstance(value, list):
            for child in value:
                read(child)

    for span in spans:
        read(span.attributes)
        read([e.get("attributes") for e in span.events])
    return found


def without_recorded_plans(ordered: list[Span], steps: dict[int, Step | None]) -> None:
    """Turns of calls without the text the trace records as a plan (`steps`, in place).

    Each model call's and run's assistant message requesting calls whose text is a plan
    `recorded_plans` finds, or a Cohere call replied (`cohere_reply_plans`), has no text;
    `steps` is by ``id(span)``.

    A run's messages (a graph's state, Langfuse's chain output) hold the same turn: left with
    the plan, it would be a second turn beside the call's.

    Examples:
        >>> import json
        >>> from fourfold.integrations._messages import Msg
        >>> from fourfold.integrations._spans import Span
        >>> from fourfold.trace import ToolRequest
        >>> ai = {"content": "I will look.", "additional_kwargs": {"tool_plan": "I will look."}}
        >>> state = json.dumps({"messages": [ai]})  # the graph node's output, not the call's
        >>> node = Span("t", "a", None, "call_model", 1, 2, "ok", None, {"outputs": state})
        >>> chat = Span("t", "b", "a", "ChatCohere", 1, 2, "ok", None, {})
        >>> turn = Msg("assistant", "I will look.", tool_calls=[ToolRequest(name="get_weather")])
        >>> steps = {id(chat): ModelCall(chat, inputs=[], outputs=[turn]), id(node): None}
        >>> without_recorded_plans([node, chat], steps)
        >>> turn.content is None
        True
    """
    found = [s for span in ordered if isinstance(s := steps.get(id(span)), ModelCall | AgentRun)]
    if not any(isinstance(s, ModelCall) for s in found):
        return
    plans = recorded_plans(ordered) | cohere_reply_plans(found)
    if not plans:
        return
    for step in found:
        for msg in [*step.inputs, *step.outputs]:
            if msg.role == "assistant" and msg.tool_calls and msg.content in plans:
                msg.content = None

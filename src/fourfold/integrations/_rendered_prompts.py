"""A model call that recorded no input: the messages its prompt step rendered are its input.

A LangChain chain or LangGraph node runs a prompt step (a ``RunnableSequence``'s first runnable)
and then the chat model on what it rendered. OpenLLMetry 0.62.4's LangChain instrumentation
records both under the sequence's span: the prompt step as an ``execute_task Prompt`` span whose
output is the rendered messages, the model call as ``<ChatModel>.chat``. When its start handler
fails (``ChatCohere`` of langchain-cohere 0.6.0: the handler cannot read cohere's ``ToolV2``
tool definitions), the chat span records only the reply; what the model was given is then the
prompt step's output, the system prompt included (both readings of
``openllmetry-langgraph-cohere`` took it so).

The rule, `given_rendered_prompts`: a prompt step (a `ModelCall` marked `rendered`, read by the
convention's reader) is no model call; the first model call after it under the same parent
that recorded no input takes its messages as input. A call that recorded its input keeps it.
"""

from __future__ import annotations

from dataclasses import replace

from ._spans import Span
from ._steps import ModelCall, Step

__all__ = ["given_rendered_prompts"]


def given_rendered_prompts(ordered: list[Span], steps: dict[int, Step | None]) -> None:
    """Give each rendered prompt's messages to the call it rendered for; drop the prompt step.

    `ordered`: the trace's spans in order; `steps`: their steps by ``id(span)`` (in place).

    Examples:
        >>> from ._messages import Msg
        >>> def span(id, start):
        ...     return Span("t", id, "seq", id, start, start + 1, "ok", None, {})
        >>> prompt, chat = span("p", 1), span("c", 2)
        >>> steps = {
        ...     id(prompt): ModelCall(prompt, [Msg("user", "Hi")], [], rendered=True),
        ...     id(chat): ModelCall(chat, [], [Msg("assistant", "Hello")]),
        ... }
        >>> given_rendered_prompts([prompt, chat], steps)
        >>> steps[id(prompt)], [m.content for m in steps[id(chat)].inputs]
        (None, ['Hi'])
    """
    for n, span in enumerate(ordered):
        prompt = steps[id(span)]
        if not (isinstance(prompt, ModelCall) and prompt.rendered):
            continue
        steps[id(span)] = None
        for later in ordered[n + 1 :]:
            call = steps[id(later)]
            if later.parent_id != span.parent_id or not isinstance(call, ModelCall):
                continue
            if call.rendered:
                break  # another prompt: the next call is its
            if not call.inputs:
                steps[id(later)] = replace(call, inputs=list(prompt.inputs))
            break

r"""A LlamaIndex agent's answer, read out of the repr of the event its workflow stopped on.

A LlamaIndex agent workflow (`FunctionAgent`, `ReActAgent`, an `AgentWorkflow`) ends on a
``StopEvent`` whose result is the agent's `AgentOutput`; OpenInference writes the run's
``output.value`` as that event's Python repr, cut short after a few hundred characters:
``StopEvent(result=AgentOutput(response=ChatMessage(role=<MessageRole.ASSISTANT: 'assistant'>,
additional_kwargs={}, blocks=[TextBlock(block_type='text', text='sunny, 22 C')]),
structured_response=No...``. Usually a model wrote that response and its call's span has it
too; a tool made with ``return_direct=True`` ends the run on its own output, which no model
call wrote, so the repr is the only place the answer is. The answer is the response's text
blocks, when each is whole (a block the tracer cut is no answer), joined by newlines.
"""

from __future__ import annotations

import re

from ._literals import python_literal

__all__ = ["stop_event_answer"]

_HEAD = "StopEvent(result=AgentOutput(response=ChatMessage("
_BLOCKS = re.compile(r"\bblocks=\[")
_TEXT_BLOCK = re.compile(
    r"(?:, )?TextBlock\(block_type='text', text=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\)"
)


def stop_event_answer(text: str) -> str | None:
    r"""The text of the `AgentOutput` response a ``StopEvent`` repr holds, else None.

    Examples:
        >>> head = "StopEvent(result=AgentOutput(response=ChatMessage(role=<MessageRole."
        >>> stop_event_answer(head + "ASSISTANT: 'assistant'>, additional_kwargs={}, blocks="
        ...     "[TextBlock(block_type='text', text='sunny, 22 C')]), structured_response=No...")
        'sunny, 22 C'
        >>> stop_event_answer(head + "ASSISTANT: 'assistant'>, blocks=[TextBlock(block_type="
        ...     "'text', text='It is sun...") is None
        True
        >>> stop_event_answer("StopEvent(result='done')") is None
        True
    """
    if not text.startswith(_HEAD):
        return None
    blocks = _BLOCKS.search(text, len(_HEAD))
    if blocks is None:
        return None
    texts: list[str] = []
    at = blocks.end()
    while (found := _TEXT_BLOCK.match(text, at)) is not None:
        said = python_literal(found[1])
        if not isinstance(said, str):
            return None
        texts.append(said)
        at = found.end()
    if not texts or not text.startswith("]", at):  # a block cut short, or another kind
        return None
    return "\n".join(texts)

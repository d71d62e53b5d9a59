"""A call's ``gen_ai.system_instructions``: its system prompt, given once.

Conventions 1.37 give the system prompt apart from the input messages, as
``gen_ai.system_instructions`` (a list of parts, or one part, or text), on the call's span or
in its ``gen_ai.client.inference.operation.details`` event. Some instrumentations write it
there and also as a ``system`` message at the head of ``gen_ai.input.messages`` (openlit 1.45's
OpenAI instrumentation writes both, on its span and in its details event): the model was given
one system prompt, so the same text already a system message of the input is not given again.
Text that no system message of the input holds is the call's first message.
"""

from __future__ import annotations

from typing import Any

from .._cut_json import cut_json, cut_parts
from .._messages import Msg, try_json
from .._text_block import content_text

__all__ = ["with_system_instructions"]


def with_system_instructions(inputs: list[Msg], raw: Any) -> list[Msg]:
    """`inputs` headed by the system prompt `raw` gives, unless a system message holds it.

    `raw`: a ``gen_ai.system_instructions`` value (JSON text or parsed; None when absent); cut
    short by a length limit, its whole parts (`_cut_json`).

    >>> said = [Msg(role="system", content="Be brief."), Msg(role="user", content="Hi")]
    >>> raw = '[{"type": "text", "content": "Be brief."}]'
    >>> [m.role for m in with_system_instructions(said, raw)]
    ['system', 'user']
    >>> [m.content for m in with_system_instructions(said[1:], "Be brief.")]
    ['Be brief.', 'Hi']
    """
    system = try_json(raw)
    if cut_json(system):
        system = cut_parts(system)
    if not system:
        return inputs
    parts = system if isinstance(system, list) else [system]
    texts = [
        p if isinstance(p, str) else content_text(p.get("content") or "")
        for p in parts
        if isinstance(p, str | dict)
    ]
    said = "\n".join(t for t in texts if t)
    if any(m.role == "system" and m.content == said for m in inputs):
        return inputs
    return [Msg(role="system", content=said), *inputs]

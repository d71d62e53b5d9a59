"""Claude's extended thinking on Bedrock written as text: a Converse ``reasoningContent`` block.

The Converse API returns a thinking model's reasoning as a content block of its own,
``{"reasoningContent": {"reasoningText": {"text", "signature"}}}`` (or, redacted,
``{"reasoningContent": {"redactedContent": ...}}``), beside its ``text`` and ``toolUse``
blocks. opentelemetry-instrumentation-bedrock 0.62 writes a block it does not know as a
``text`` part whose content is the block's JSON, in ``gen_ai.output.messages`` and in the
next request's ``gen_ai.input.messages`` (``openllmetry-bedrock-thinking``), so the reasoning
reads as something the model said. A text that is exactly such a block is the model's
reasoning, not its text (as a ``reasoning`` or ``thinking`` part is): the message says what
its other parts say.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["is_converse_reasoning"]

_KINDS = frozenset({"reasoningText", "redactedContent"})
"""What a ``ReasoningContentBlock`` holds (botocore's ``bedrock-runtime`` service model)."""


def is_converse_reasoning(text: Any) -> bool:
    """Whether `text` is a Converse ``reasoningContent`` block written as JSON.

    That is an object whose one key is ``reasoningContent``, itself an object of
    ``reasoningText`` and/or ``redactedContent``.

    Examples:
        >>> block = {"reasoningText": {"text": "Two cities.", "signature": "Eq"}}
        >>> is_converse_reasoning(json.dumps({"reasoningContent": block}))
        True
        >>> is_converse_reasoning('{"reasoningContent": {"redactedContent": "b64"}}')
        True
        >>> is_converse_reasoning("Paris is sunny at 22 C.")
        False
        >>> is_converse_reasoning('{"reasoningContent": "plain", "text": "hi"}')
        False
        >>> is_converse_reasoning('{"reasoningContent": {"note": 1}}')
        False
    """
    if not isinstance(text, str) or not text.lstrip().startswith("{"):
        return False
    try:
        block = json.loads(text)
    except ValueError:
        return False
    if not isinstance(block, dict) or set(block) != {"reasoningContent"}:
        return False
    inner = block["reasoningContent"]
    return isinstance(inner, dict) and bool(inner) and set(inner) <= _KINDS

"""An assistant turn replayed as the Python reprs of the Anthropic SDK's content blocks.

A tool loop on the Anthropic SDK sends the model's reply back as it got it: the next request's
assistant message is ``{"role": "assistant", "content": reply.content}``, the SDK's block
objects, not dicts. Logfire's ``instrument_anthropic()`` (logfire 5.4) writes a content block
it does not read as a dict as a text part holding ``str()`` of the block, so that call's
``gen_ai.input.messages`` holds the assistant turn as one text part a block, each the block's
pydantic repr::

    TextBlock(citations=None, text="I'll look up both.", type='text')
    ToolUseBlock(id='toolu_1', caller=None, input={'city': 'Paris'}, name='get_weather',
    type='tool_use')
    ThinkingBlock(signature='...', thinking='...', type='thinking')

The turn is the turn the model wrote, the one the previous call's reply records (the contract,
tests/data/traces/README.md): a ``TextBlock`` is its text, a ``ToolUseBlock`` its request for
the tool (its id, name and input), a ``ThinkingBlock`` or ``RedactedThinkingBlock`` the
model's reasoning, no text (as an Anthropic ``thinking`` block is read everywhere else). Only a
text that is, whole, one such repr whose ``type`` is its class's is read (`block_repr`); a text
that mentions ``TextBlock(`` in other prose, or any other class, stays text. The repr is parsed
as a Python expression (``ast``), its values read as literals, never evaluated.
"""

from __future__ import annotations

import ast
import re
from typing import Any, Final

from ._item_reprs import model_fields
from ._literals import call_keywords, node_literal, parsed_repr

__all__ = ["block_repr"]

_TYPES: Final = {
    "TextBlock": "text",
    "ToolUseBlock": "tool_use",
    "ThinkingBlock": "thinking",
    "RedactedThinkingBlock": "redacted_thinking",
}
"""The SDK's content block classes read from a repr, by the ``type`` each one carries."""
_BLOCK_REPR = re.compile(r"(?:Text|ToolUse|Thinking|RedactedThinking)Block\(")


def block_repr(text: Any) -> dict[str, Any] | None:
    """The Anthropic content block `text` is, whole, the repr of, as the block's dict; else None.

    A ``tool_use`` block must have a string id and name and an input that is a literal dict;
    a ``text`` block a string text.

    Examples:
        >>> block_repr("TextBlock(citations=None, text='Sunny.', type='text')")
        {'citations': None, 'text': 'Sunny.', 'type': 'text'}
        >>> use = block_repr("ToolUseBlock(id='toolu_1', caller=None, input={'city': 'Paris'}, "
        ...                  "name='get_weather', type='tool_use')")
        >>> use["id"], use["name"], use["input"]
        ('toolu_1', 'get_weather', {'city': 'Paris'})
        >>> block_repr("ThinkingBlock(signature='s', thinking='Hmm.', type='thinking')")["type"]
        'thinking'
        >>> block_repr("I printed TextBlock(text='a', type='text') to debug.") is None
        True
        >>> block_repr("TextBlock(text='a', type='tool_use')") is None  # not its own type
        True
        >>> block_repr("ToolUseBlock(id='t1', input=get(), name='f', type='tool_use')") is None
        True
    """
    node = parsed_repr(text, _BLOCK_REPR)
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        return None
    block = model_fields(node)
    if not isinstance(block, dict) or block.get("type") != _TYPES.get(node.func.id):
        return None
    if block["type"] == "text" and not isinstance(block.get("text"), str):
        return None
    if block["type"] == "tool_use":  # its input a dict literal, no model nor call
        block["input"] = node_literal(call_keywords(node, node.func.id).get("input"))
        if not (
            isinstance(block.get("id"), str)
            and isinstance(block.get("name"), str)
            and isinstance(block["input"], dict)
        ):
            return None
    return block

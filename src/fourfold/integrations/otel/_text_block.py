"""One content block's text, when the block is only text.

A text block is ``{"text": ...}`` (Bedrock Converse, Strands), ``{"type": "text", "text":
...}`` (MCP, Anthropic) or LangChain's standard block, that typed block with its own ``id``
(langchain-core 1.x gives each block one: ``lc_<uuid>``, the block's name, not its content;
langchain-mcp-adapters writes an MCP tool's text result so). Any other key (a score, a
citation, an image's data) makes it data, not text.
"""

from __future__ import annotations

from typing import Any

__all__ = ["block_text"]

_KEYS = frozenset({"text", "type"})


def block_text(block: Any) -> str | None:
    """The block's text when it is a text block; else None.

    Examples:
        >>> block_text({"text": "sunny"}), block_text({"type": "text", "text": "rain"})
        ('sunny', 'rain')
        >>> block_text({"type": "text", "text": "rain", "id": "lc_4fb5902b"})
        'rain'
        >>> block_text({"text": "a", "id": "doc-1"}) is None  # untyped: an id is data's
        True
        >>> block_text({"text": "a", "score": 1}), block_text({"type": "image", "text": "a"})
        (None, None)
    """
    if not isinstance(block, dict) or not isinstance(block.get("text"), str):
        return None
    if block.get("type", "text") != "text":
        return None
    keys = set(block) - _KEYS
    if keys and not (keys == {"id"} and block.get("type") == "text"):
        return None
    return str(block["text"])

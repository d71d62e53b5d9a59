"""One content block's text, when the block is only text.

A text block is ``{"text": ...}`` (Bedrock Converse, Strands), ``{"type": "text", "text":
...}`` (MCP, Anthropic) or LangChain's standard block, that typed block with its own ``id``
(langchain-core 1.x gives each block one: ``lc_<uuid>``, the block's name, not its content;
langchain-mcp-adapters writes an MCP tool's text result so). Any other key (a score, a
citation, an image's data) makes it data, not text.

A GenAI "parts" message's text part whose ``content`` is such blocks, not a string, is their
text (`content_text`): openlit 1.45's Anthropic instrumentation writes the ``system`` a caller
gave ``messages.create`` as it was given, and Agno 3.1's ``Claude`` model class gives it as a
list of Anthropic text blocks (``[{"text": ..., "type": "text"}]``), so the chat span's system
message and ``gen_ai.system_instructions`` hold that list (openlit-agno-claude).

A text part whose ``content`` is the JSON text of such blocks, each typed ``text``, is their
text too (`written_blocks`): OpenLLMetry for JS's LangChain instrumentation (@traceloop/
instrumentation-langchain 0.27.0) writes a message whose content is LangChain content blocks
(``createAgent``'s system prompt, ``[{"type": "text", "text": ...}]``) as ``JSON.stringify`` of
them inside the part; openlit 1.45's Anthropic instrumentation writes a ``system`` given as
blocks with a cache breakpoint (``cache_control``) as ``str()`` of the list, the Python repr
of the blocks (openlit-anthropic-cache-read-2026-12-07zl: both readings took the block's
text), read as a literal, never evaluated. Only where the reader takes it for a message's
words: a tool message's text is what the tool returned, as written.
"""

from __future__ import annotations

import json
from typing import Any

from ._literals import python_literal

__all__ = ["block_text", "content_text", "written_blocks"]

_KEYS = frozenset({"text", "type"})
_MARKS = frozenset({"id", "cache_control"})
"""Keys a typed text block may carry beside its text that say nothing: LangChain's block id,
Anthropic's cache breakpoint (``cache_control``)."""


def block_text(block: Any) -> str | None:
    """The block's text when it is a text block; else None.

    Examples:
        >>> block_text({"text": "sunny"}), block_text({"type": "text", "text": "rain"})
        ('sunny', 'rain')
        >>> block_text({"type": "text", "text": "rain", "id": "lc_4fb5902b"})
        'rain'
        >>> block_text({"text": "a", "id": "doc-1"}) is None  # untyped: an id is data's
        True
        >>> block_text({"type": "text", "text": "Be brief.", "cache_control": {"type": "x"}})
        'Be brief.'
        >>> block_text({"text": "a", "score": 1}), block_text({"type": "image", "text": "a"})
        (None, None)
    """
    if not isinstance(block, dict) or not isinstance(block.get("text"), str):
        return None
    if block.get("type", "text") != "text":
        return None
    keys = set(block) - _KEYS
    if block.get("type") == "text":
        keys -= _MARKS  # an id naming the block, a cache breakpoint: no content
    if keys:
        return None
    return str(block["text"])


def content_text(content: Any) -> str:
    r"""A GenAI text part's ``content`` as text: a list of text blocks their text, joined.

    Anything else is its ``str()``, as before blocks were read.

    Examples:
        >>> content_text([{"text": "You are a weather assistant.", "type": "text"}])
        'You are a weather assistant.'
        >>> content_text([{"type": "text", "text": "a"}, {"type": "text", "text": "b"}])
        'a\nb'
        >>> content_text("Hi"), content_text([]), content_text(3)
        ('Hi', '[]', '3')
        >>> content_text([{"type": "text", "text": "a"}, {"type": "image", "source": {}}])
        "[{'type': 'text', 'text': 'a'}, {'type': 'image', 'source': {}}]"
    """
    if not isinstance(content, list) or not content:
        return str(content)
    texts = [block_text(block) for block in content]
    return str(content) if None in texts else "\n".join(t for t in texts if t is not None)


def written_blocks(content: Any) -> Any:
    """The typed text blocks a text holds as JSON, as a list; else `content` as it is.

    Examples:
        >>> written_blocks('[{"type": "text", "text": "Be brief."}]')
        [{'type': 'text', 'text': 'Be brief.'}]
        >>> written_blocks('[{"text": "a"}]')  # untyped: written so, it is the text itself
        '[{"text": "a"}]'
        >>> written_blocks('[{"type": "image", "source": {}}]'), written_blocks("[]")
        ('[{"type": "image", "source": {}}]', '[]')
        >>> written_blocks("Hi"), written_blocks("[1, 2")
        ('Hi', '[1, 2')
        >>> written_blocks("[{'type': 'text', 'text': 'Be brief.', 'cache_control': None}]")
        [{'type': 'text', 'text': 'Be brief.', 'cache_control': None}]
    """
    if not (isinstance(content, str) and content.lstrip().startswith("[")):
        return content
    try:
        parsed = json.loads(content)
    except ValueError:  # the Python repr of the blocks (openlit's Anthropic ``system``)
        parsed = python_literal(content)
    if not (isinstance(parsed, list) and parsed):
        return content
    if all(
        isinstance(b, dict) and b.get("type") == "text" and block_text(b) is not None
        for b in parsed
    ):
        return parsed
    return content

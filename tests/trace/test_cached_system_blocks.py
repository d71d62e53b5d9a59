"""A system prompt given as Anthropic text blocks with a cache breakpoint (the sixty-sixth round,
`-2026-12-07zl`): openlit writes the blocks' Python repr as the part's text; the message is the
blocks' text, the breakpoint no content (`_text_block`). Fails without the rule."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "ca" * 16
SYSTEM = "You are a weather assistant."
BLOCKS = repr([{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}])


def test_a_cached_system_prompts_block_repr_is_its_text(tmp_path: Path) -> None:
    given = [text("system", BLOCKS), text("user", "Weather in Paris?")]
    chat = span(
        1, "chat claude", chat_attributes(given, [text("assistant", "Sunny.")]), trace=TRACE
    )
    imported = import_one(tmp_path, [chat])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("system", SYSTEM),
        ("user", "Weather in Paris?"),
        ("assistant", "Sunny."),
    ]

"""An assistant turn replayed as the reprs of the Anthropic SDK's content blocks.

Logfire's ``instrument_anthropic()`` writes a block object sent back in a request (the SDK's
``reply.content``) as a text part holding the block's repr: such a part is the block (a text
block its text, a tool use block its request, a thinking block nothing; `_block_reprs`). The
rule must not fire on a text that merely mentions a block's repr, on another role's message,
or on a repr whose ``type`` is not its class's.
"""

from __future__ import annotations

from typing import Any

from fourfold.integrations._messages import parse_messages

TEXT = "TextBlock(citations=None, text=\"I'll look it up.\", type='text')"
USE = (
    "ToolUseBlock(id='toolu_9', caller=None, input={'q': 'x', 'n': [1, 2]}, name='lookup', "
    "type='tool_use')"
)
THINK = "ThinkingBlock(signature='sig', thinking='Which tool?', type='thinking')"


def _one(role: str, *texts: str) -> list[Any]:
    parts = [{"type": "text", "content": t} for t in texts]
    return parse_messages([{"role": role, "parts": parts}])


def test_block_reprs_are_the_turn_they_replay() -> None:
    [turn] = _one("assistant", THINK, TEXT, USE)
    assert turn.content == "I'll look it up."
    assert [(r.id, r.name, r.arguments) for r in turn.tool_calls] == [
        ("toolu_9", "lookup", {"q": "x", "n": [1, 2]})
    ]


def test_a_text_mentioning_a_block_stays_text() -> None:
    said = f"The SDK returned {TEXT} here."
    [turn] = _one("assistant", said)
    assert turn.content == said and not turn.tool_calls


def test_a_user_message_holding_a_block_repr_stays_text() -> None:
    [turn] = _one("user", USE)
    assert turn.content == USE and not turn.tool_calls


def test_a_block_repr_of_another_type_stays_text() -> None:
    wrong = "ToolUseBlock(id='toolu_9', input={}, name='lookup', type='text')"
    [turn] = _one("assistant", wrong)
    assert turn.content == wrong and not turn.tool_calls

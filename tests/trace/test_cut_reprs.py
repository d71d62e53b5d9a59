"""A repr cut short gives what it holds whole, never a half value (`_cut_reprs.cut_repr`).

Every repr below is cut at every length, as llama-index-workflows cuts its summaries (the first
characters and ``...``): each value the cut text gives as whole is the whole repr's value, each
`Cut` holds a prefix of the whole's items or fields, each of them consistent the same way; and
the longer the cut, the more it holds (never less than a shorter cut held whole).
"""

from __future__ import annotations

from typing import Any

import pytest

from fourfold.integrations._cut_reprs import Cut, cut_repr
from fourfold.integrations._literals import UNREAD

_ROLE = "<MessageRole.ASSISTANT: 'assistant'>"
REPRS = [
    "ToolCallResult(tool_name='get_weather', tool_kwargs={'city': 'Paris', 'unit': 'C'}, "
    "tool_id='call_w1', tool_output=ToolOutput(blocks=[TextBlock(block_type='text', "
    "text='sunny, 22 C'), TextBlock(block_type='text', text='(dry) [ok], \"x\"')], "
    "tool_name='get_weather', raw_input={'args': (), 'kwargs': {'city': 'Paris'}}, "
    "raw_output='sunny, 22 C', is_error=False), return_direct=False)",
    f"AgentOutput(response=ChatMessage(role={_ROLE}, additional_kwargs={{'tool_calls': "
    "[ChoiceDeltaToolCall(index=0, id='call_w1', function=ChoiceDeltaToolCallFunction("
    "arguments='{\"city\": \"Paris\"}', name='get_weather'), type='function')]}, "
    "blocks=[TextBlock(block_type='text', text='')]), structured_response=None, "
    "current_agent_name='weather_agent', raw=None, tool_calls=[4 items], retry_messages=[], "
    "score=-0.125, ctx=<workflows.context.Context object at 0x7f01>)",
]


def _consistent(part: Any, whole: Any) -> bool:
    """Whether `part`, read from a cut text, says nothing `whole` does not.

    What the whole text writes as no literal (a stand-in ``[4 items]``) is, cut, at most a
    bracket opened: a `Cut` holding nothing.
    """
    if whole is UNREAD:
        return part is UNREAD or (isinstance(part, Cut) and not part.whole)
    if isinstance(part, Cut):
        if isinstance(part.whole, dict):
            return isinstance(whole, dict) and all(
                key in whole and _consistent(value, whole[key]) for key, value in part.whole.items()
            )
        return (
            isinstance(whole, list)
            and len(part.whole) <= len(whole)
            and all(_consistent(p, w) for p, w in zip(part.whole, whole, strict=False))
        )
    return part == whole


def _size(value: Any) -> int:
    """How much a read holds whole (values, fields and items, counted through `Cut`s)."""
    if isinstance(value, Cut):
        return _size(value.whole)
    if isinstance(value, dict):
        return len(value) + sum(_size(v) for v in value.values())
    if isinstance(value, list):
        return len(value) + sum(_size(v) for v in value)
    return 1


@pytest.mark.parametrize("text", REPRS, ids=["tool-call-result", "agent-output"])
def test_a_repr_cut_anywhere_gives_only_what_it_holds_whole(text: str) -> None:
    name = text.partition("(")[0]
    whole = cut_repr(text, name)
    assert isinstance(whole, dict)
    held = 0
    for at in range(len(name) + 1, len(text)):
        found = cut_repr(text[:at] + "...", name)
        assert found is None or _consistent(found, whole), (at, found)
        size = _size(found) if found is not None else 0
        assert size >= held, (at, found)  # a longer cut never holds less
        held = size
    assert held > 0


def test_what_is_no_literal_is_unread_and_the_enum_its_value() -> None:
    whole = cut_repr(REPRS[1], "AgentOutput")
    assert isinstance(whole, dict)
    assert whole["response"]["role"] == "assistant"
    assert whole["tool_calls"] is UNREAD and whole["ctx"] is UNREAD
    assert whole["score"] == -0.125

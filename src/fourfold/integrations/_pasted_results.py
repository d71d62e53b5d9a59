"""A function the application ran itself, its result pasted into the next prompt's user text.

Semantic Kernel 1.45 with no agent (semantic-kernel-kernel-invoke): the application calls the
model, runs a plugin function itself with ``kernel.invoke`` (an ``execute_tool`` span with the
arguments and the result, no call id: no model turn asked for it), then calls the model again
with the result written into a user message of its own (``The weather in Paris: sunny, 22
C``). The model was given the result as that user text, not as a tool's answer: by the
contract (tests/data/traces/README.md) the text is the user message and there is no tool
message, as for a framework that puts a tool's output in the next prompt's text.

The rule, `pasted_in_prompt`: a call no turn requested, with no call id and a result of its
own (no error), has no tool message when a user message first recorded by a span that started
once the call had ended holds the result's text. A call a turn requested keeps its tool
message (`._text_answers`), and so does one whose result no later user text holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..trace import ToolCall
from ._messages import Msg, ToolRequest, result_text

__all__ = ["pasted_in_prompt"]


def pasted_in_prompt(
    messages: Sequence[Msg],
    born: Callable[[Msg], int | None],
    call: ToolCall,
    request: ToolRequest | None,
) -> bool:
    """Whether `call`'s result reached the model as user text written after it ran.

    `born` gives when the span that first recorded a message started (unix ns); `request`
    is the turn's request of the call, if any.

    Examples:
        >>> from datetime import UTC, datetime
        >>> ran = ToolCall(name="get_weather", result="sunny, 22 C",
        ...                ended_at=datetime.fromtimestamp(2, UTC))
        >>> asked = Msg("user", "What is the weather in Paris?")
        >>> pasted = Msg("user", "The weather in Paris: sunny, 22 C")
        >>> when = {id(asked): 1_000_000_000, id(pasted): 3_000_000_000}
        >>> pasted_in_prompt([asked, pasted], lambda m: when.get(id(m)), ran, None)
        True
        >>> pasted_in_prompt([asked], lambda m: when.get(id(m)), ran, None)
        False
        >>> early = {id(pasted): 1_000_000_000}  # written before the call ended: not its result
        >>> pasted_in_prompt([pasted], lambda m: early.get(id(m)), ran, None)
        False
        >>> ask = ToolRequest("get_weather", {"city": "Paris"}, "c1")
        >>> pasted_in_prompt([pasted], lambda m: when.get(id(m)), ran, ask)  # requested
        False
    """
    if request is not None or call.id is not None or call.error is not None:
        return False
    text = (result_text(call.result) or "").strip()
    if not text or call.ended_at is None:
        return False
    ended = int(call.ended_at.timestamp() * 1e9)
    return any(
        m.role == "user"
        and text in (m.content or "")
        and (at := born(m)) is not None
        and at >= ended
        for m in messages
    )

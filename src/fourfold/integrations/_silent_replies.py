"""A reply recorded as saying nothing, whose turn the next call's input records whole.

OpenLLMetry's Ollama instrumentation (opentelemetry-instrumentation-ollama) and openlit's
read an Ollama reply's text but not its ``message.tool_calls``: a turn of calls, whose text
Ollama sends empty, is recorded as an assistant message with no text and no calls
(``gen_ai.completion.0.role`` alone; ``{"role": "assistant", "parts": []}``). The next model
call's input, which the application built from the reply itself, holds that turn whole, with
its calls. The empty record is the same turn, not a turn of its own before it.

The rule, `without_silent_replies`: a model call whose reply is only assistant messages with no
text, no calls and no structured result has no reply when a later model call's input repeats
its input and holds an assistant message right after it (the turn, as recorded there). A silent
reply nothing later records stays as it is.
"""

from __future__ import annotations

from ._messages import Msg
from ._steps import ModelCall

__all__ = ["silent", "without_silent_replies"]


def silent(msg: Msg) -> bool:
    """Whether `msg` is an assistant message that says nothing: no text, no calls, no result."""
    return (
        msg.role == "assistant"
        and not (msg.content or "").strip()
        and not msg.tool_calls
        and msg.result is None
        and not msg.partial
    )


def _records_turn_after(later: ModelCall, inputs: list[Msg]) -> bool:
    """Whether `later`'s input starts with `inputs` and an assistant message follows them."""
    held = later.inputs
    if len(held) <= len(inputs):
        return False
    same = all(a.key() == b.key() for a, b in zip(held, inputs, strict=False))
    return same and held[len(inputs)].role == "assistant"


def without_silent_replies(calls: list[ModelCall]) -> None:
    """Drop the silent replies of `calls` that a later call's input records whole (in place).

    `calls`: the trace's model calls in the order made.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> from fourfold.integrations._spans import Span
        >>> span = Span("t", "s", None, "chat", 1, 2, "ok", None, {})
        >>> ask = [Msg("user", "weather?")]
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("get_weather", {"city": "Paris"})])
        >>> first = ModelCall(span, list(ask), [Msg("assistant")])
        >>> second = ModelCall(span, [*ask, turn, Msg("tool", "sunny")], [Msg("assistant", "ok")])
        >>> without_silent_replies([first, second])
        >>> first.outputs, len(second.outputs)
        ([], 1)
    """
    for i, call in enumerate(calls):
        if not call.outputs or not all(silent(m) for m in call.outputs):
            continue
        if any(_records_turn_after(later, call.inputs) for later in calls[i + 1 :]):
            call.outputs = []

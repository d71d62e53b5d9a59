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

The other way round, an input may replay a turn of calls as one empty text part before its
results (`._unwritten_requests`): openlit's LangChain and Cohere instrumentations, whose
replies record the turn whole (a supervisor's hand-off among them, replayed in its worker's
input), and OpenLLMetry for JS's LangChain instrumentation, whose replies drop the calls too.
The rule, `without_unwritten_replays`: where some model call of the trace records a turn that
requested tools with its calls (in its reply or its input), an input's empty replay stands
for such a turn and is no message of its own (the results after it go with the turn that
holds their calls, as the conversation places them); where none does (each model call a trace
of its own, every turn recorded empty), the empty replay is the only record of the turn: a
turn with no text.
"""

from __future__ import annotations

from ._messages import Msg
from ._steps import ModelCall

__all__ = ["silent", "without_silent_replies", "without_unwritten_replays"]


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


def without_unwritten_replays(calls: list[ModelCall]) -> None:
    """Drop the empty replays of turns from `calls`' inputs where a call records one whole.

    In place; `calls`: the trace's model calls.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> from fourfold.integrations._spans import Span
        >>> span = Span("t", "s", None, "chat", 1, 2, "ok", None, {})
        >>> ask = [Msg("user", "weather?")]
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("get_weather", {"city": "Paris"})])
        >>> replay = [*ask, Msg("assistant", requests_unwritten=True), Msg("tool", "sunny")]
        >>> first, second = ModelCall(span, list(ask), [turn]), ModelCall(span, list(replay), [])
        >>> without_unwritten_replays([first, second])
        >>> [m.role for m in second.inputs]
        ['user', 'tool']

        No call records a turn's calls: the empty replay is the turn.

        >>> alone = ModelCall(span, list(replay), [Msg("assistant", "Sunny.")])
        >>> without_unwritten_replays([alone])
        >>> [m.role for m in alone.inputs]
        ['user', 'assistant', 'tool']
    """
    recorded = any(
        m.role == "assistant" and m.tool_calls for c in calls for m in [*c.inputs, *c.outputs]
    )
    if not recorded:
        return
    for call in calls:  # a replay given its calls back (`._dropped_calls`) is that turn: kept
        if any(_empty_replay(m) for m in call.inputs):
            call.inputs = [m for m in call.inputs if not _empty_replay(m)]


def _empty_replay(msg: Msg) -> bool:
    return msg.requests_unwritten and silent(msg)

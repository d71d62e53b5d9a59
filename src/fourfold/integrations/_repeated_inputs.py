"""Messages an input gives again between an earlier call's input and that call's reply.

A call's input that begins with an earlier call's whole input and replays that call's reply
further on holds, between the two, only what came after the input the model answered; a
message there that repeats one of that input is no message said again: nothing can have been
said between an input and the reply to it (the model answered the input without it). It is
the same message given twice in one input (tests/data/traces/README.md: the union of every
call's input and output, each message once), so it is dropped from that input. Two shapes:

- LlamaIndex's workflow agents (a ``ReActAgent`` on ``llama-index-core`` 0.14.25, traced by
  ``openinference-instrumentation-llama-index`` 4.6.1) retry a step whose reply the output
  parser rejected: the next input is the memory (the system prompt, the question), the retried
  step's own copy of the question, the rejected reply and the parser's error as a user message;
- Haystack 2.x (2.31, its own ``OpenTelemetryTracer``) runs a tool loop built as a
  ``Pipeline`` around a ``MessageCollector`` that is handed the pipeline's input again on its
  second visit: the second input is the system prompt and the question, both again, the reply,
  the results.

A user who sends the same text again after a reply is said again (it follows the reply, not
the input the reply answered), and an input that already held a message twice keeps both.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._steps import ModelCall

__all__ = ["without_repeated_inputs"]


def without_repeated_inputs(calls: Sequence[ModelCall]) -> None:
    """Drop, in place, what a call's input repeats of an earlier input before that call's reply.

    `calls` in time order.

    >>> from fourfold.integrations._messages import Msg
    >>> from fourfold.integrations._spans import Span
    >>> span = Span("t", "s", None, "OpenAI.astream_chat", 0, 1, "ok", None, {})
    >>> ask = [Msg("system", "S"), Msg("user", "Paris?")]
    >>> first = ModelCall(span, list(ask), [Msg("assistant", "Thought: look it up.")])
    >>> retry = [*ask, Msg("user", "Paris?"), *first.outputs, Msg("user", "Error: no Action.")]
    >>> second = ModelCall(span, retry, [])
    >>> again = ModelCall(span, [*ask, *ask, *first.outputs, Msg("user", "And Tokyo?")], [])
    >>> without_repeated_inputs([first, second, again])
    >>> [m.content for m in second.inputs]
    ['S', 'Paris?', 'Thought: look it up.', 'Error: no Action.']
    >>> [m.content for m in again.inputs]
    ['S', 'Paris?', 'Thought: look it up.', 'And Tokyo?']
    """
    for n, call in enumerate(calls):
        for earlier in reversed(calls[:n]):
            span = _repeated(earlier, call)
            if span is not None:
                del call.inputs[span[0] : span[1]]
                break


def _repeated(earlier: ModelCall, call: ModelCall) -> tuple[int, int] | None:
    """Where `call`'s input repeats `earlier`'s input between it and `earlier`'s reply."""
    given = [m.key() for m in earlier.inputs]
    reply = [m.key() for m in earlier.outputs]
    keys = [m.key() for m in call.inputs]
    at = len(given)
    if not given or not reply or keys[:at] != given:
        return None
    end = at
    while end < len(keys) and keys[end : end + len(reply)] != reply:
        if keys[end] not in given:
            return None  # something new was said before the reply: not a replay of it
        end += 1
    if end == at or keys[end : end + len(reply)] != reply:
        return None
    return at, end

"""An input that gives an earlier call's whole input again before its reply: the input once.

Haystack 2.x (measured on 2.31, traced by its own ``OpenTelemetryTracer``) runs a tool loop
built as a ``Pipeline`` around a component that collects the messages (a ``MessageCollector``
feeding ``OpenAIChatGenerator``, a ``ConditionalRouter`` and a ``ToolInvoker`` back into it).
On its second visit the collector is handed the pipeline's own input again, the system prompt
and the user's question, with the reply and the tool results, and appends them all to what it
holds: the second model call's input is the system prompt, the question, the system prompt and
the question again, the reply, the results. The copy is no message sent again: it stands
between the earlier call's input, which the model answered, and that answer replayed, where
nothing can have been said (the model answered the input without it). It is the same messages
given twice in one input (tests/data/traces/README.md, the union of every call's input and
output, each message once), so it is dropped from that input.

The shape, precisely: a call's input that begins with an earlier call's whole input, then
that whole input again, then that call's reply replayed. A user who sends the same text again
after a reply is said again (the copy follows the reply, not the input the reply answered), and
a retried step's copy of the question alone is `_retried_steps`' (one message, not the input):
no rule here touches them.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._messages import Msg
from ._steps import ModelCall

__all__ = ["without_collected_copies"]


def without_collected_copies(calls: Sequence[ModelCall]) -> None:
    """Drop, in place, an earlier input a call's input gives again whole (`calls` in time order).

    >>> from fourfold.integrations._spans import Span
    >>> span = Span("t", "s", None, "OpenAIChatGenerator", 0, 1, "ok", None, {})
    >>> ask = [Msg("system", "S"), Msg("user", "Paris?")]
    >>> first = ModelCall(span, list(ask), [Msg("assistant", "Let me look.")])
    >>> second = ModelCall(span, [*ask, *ask, *first.outputs, Msg("user", "And Tokyo?")], [])
    >>> without_collected_copies([first, second])
    >>> [m.content for m in second.inputs]
    ['S', 'Paris?', 'Let me look.', 'And Tokyo?']
    """
    for n, call in enumerate(calls):
        for earlier in reversed(calls[:n]):
            if _given_again(earlier, call.inputs):
                del call.inputs[len(earlier.inputs) : 2 * len(earlier.inputs)]
                break


def _given_again(earlier: ModelCall, inputs: list[Msg]) -> bool:
    """Whether `inputs` is `earlier`'s input, that input again, its reply, then the rest."""
    given, reply = [m.key() for m in earlier.inputs], [m.key() for m in earlier.outputs]
    at = len(given)
    if not given or not reply or len(inputs) < 2 * at + len(reply):
        return False
    keys = [m.key() for m in inputs[: 2 * at + len(reply)]]
    return keys[:at] == given and keys[at : 2 * at] == given and keys[2 * at :] == reply

"""A retried step's input: the task its history already holds, given again, is one message.

LlamaIndex's workflow agents (a ``ReActAgent`` on ``llama-index-core`` 0.14.25, traced by
``openinference-instrumentation-llama-index`` 4.6.1) retry a step whose reply the output
parser rejected: the next model call's input is the memory (the system prompt, the user's question),
then the retried step's own copy of the question, then the rejected reply and a user message
saying what was wrong (``Error while parsing the output: ...``). The copy is no message the
user sent again: it stands between the earlier call's input, which the model answered, and
that answer replayed, where nothing can have been said (the model answered the input without
it). It is the same message given twice in one input (tests/data/traces/README.md, a message
two inputs share is one message), so it is dropped from that input; the conversation holds
the question once, then the rejected reply and the error, then the steps that followed.

A user who asks the same thing again after a reply is said again (it follows the reply, not
the input the reply answered): no rule here touches it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._messages import Msg
from ._steps import ModelCall

__all__ = ["without_retry_copies"]


def without_retry_copies(calls: Sequence[ModelCall]) -> None:
    """Drop, in place, the task a retried step's input gives again (`calls` in time order).

    A call's input that begins with an earlier call's whole input, then repeats that input's
    last user message, then replays that call's reply, holds the copy as the retried step's
    own: the copy is dropped.

    >>> from fourfold.integrations._spans import Span
    >>> span = Span("t", "s", None, "OpenAI.astream_chat", 0, 1, "ok", None, {})
    >>> ask = [Msg("system", "S"), Msg("user", "Paris?")]
    >>> first = ModelCall(span, list(ask), [Msg("assistant", "Thought: look it up.")])
    >>> retry = [*ask, Msg("user", "Paris?"), *first.outputs, Msg("user", "Error: no Action.")]
    >>> second = ModelCall(span, retry, [])
    >>> without_retry_copies([first, second])
    >>> [m.content for m in second.inputs]
    ['S', 'Paris?', 'Thought: look it up.', 'Error: no Action.']
    """
    for n, call in enumerate(calls):
        for earlier in reversed(calls[:n]):
            at = _copy_at(earlier, call.inputs)
            if at is not None:
                del call.inputs[at]
                break


def _copy_at(earlier: ModelCall, inputs: list[Msg]) -> int | None:
    """Where `inputs` gives `earlier`'s task again before replaying its reply, else None."""
    given, reply = earlier.inputs, earlier.outputs
    at = len(given)
    if not reply or len(inputs) < at + 1 + len(reply):
        return None
    asked = [m for m in given if m.role == "user"]
    if not asked or inputs[at].role != "user" or inputs[at].key() != asked[-1].key():
        return None
    if [m.key() for m in inputs[:at]] != [m.key() for m in given]:
        return None
    replayed = inputs[at + 1 : at + 1 + len(reply)]
    return at if [m.key() for m in replayed] == [m.key() for m in reply] else None

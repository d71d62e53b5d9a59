"""A run's output that is its turns' texts run together: the run's result, not another turn.

Agno (3.1) gives a run's result (``RunOutput.content``) as the text of every model turn of the
run concatenated with nothing between them: a turn that says ``I'll look up the weather.``
before its tool calls and the answer after them make ``I'll look up the weather.Paris is
sunny...``. openlit 1.45's Agno instrumentation writes that result as the agent span's
``gen_ai.output.messages``, one assistant message (openlit-agno-claude; with a turn of calls
that says nothing, the result is the answer alone and is that turn already).

The rule, `joins_turns`: a text that is two or more of the assistant texts the conversation
already holds, in their order, joined with no separator, says nothing new: the conversation
ends at the model's last reply (`Conversation.gathers`). The run's output stays its result.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["joins_turns"]


def joins_turns(text: str | None, said: Sequence[str]) -> bool:
    """Whether `text` is two or more of `said`, in order, joined with nothing between them.

    Examples:
        >>> said = ["I'll look up the weather.", "Paris is sunny.", "Tokyo has rain."]
        >>> joins_turns("I'll look up the weather.Paris is sunny.", said)
        True
        >>> joins_turns("I'll look up the weather.Tokyo has rain.", said)  # a turn skipped
        True
        >>> joins_turns("Paris is sunny.I'll look up the weather.", said)  # out of order
        False
        >>> joins_turns("Paris is sunny.", said)  # one turn: that turn, merged as such
        False
        >>> joins_turns("Paris is sunny. Tokyo has rain.", said)  # a separator: other words
        False
        >>> joins_turns(None, said), joins_turns("", said)
        (False, False)
    """
    if not text:
        return False
    reached: dict[int, int] = {0: 0}  # a place in `text` -> how many texts (up to 2) led there
    for turn in said:
        if not turn:
            continue
        for start, count in list(reached.items()):
            if text.startswith(turn, start):
                end = start + len(turn)
                reached[end] = max(reached.get(end, 0), min(count + 1, 2))
    return reached.get(len(text), 0) >= 2

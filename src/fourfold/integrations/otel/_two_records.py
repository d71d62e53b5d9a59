"""One model call's messages recorded twice, by two conventions: which record to read.

A span can carry one call's messages under two conventions at once: pydantic-ai's own
GenAI attributes (``gen_ai.input.messages``) with OpenInference's rewrite of them beside
(``llm.input_messages.*``, added by openinference-instrumentation-pydantic-ai's span
processor), or a framework writing both itself. The two are not always equally whole.
OpenInference's flattened message has one ``tool_call_id``: a request message holding the
results of several calls (pydantic-ai's one ``user`` message of ``tool_call_response`` parts)
becomes one tool message of all the results under the last call's id, where the GenAI record
keeps a part, with its own id, per result. So the record that answers more calls by id is
read: one answering every call the other answers and more kept what the other merged.
"""

from __future__ import annotations

from .._messages import Msg

__all__ = ["answered_calls", "fuller_messages"]


def answered_calls(messages: list[Msg]) -> set[str]:
    """The ids of the calls the messages' tool messages answer.

    Examples:
        >>> answered_calls([Msg("tool", "a", tool_call_id="c1"), Msg("user", "hi")])
        {'c1'}
        >>> answered_calls([Msg("tool", "a"), Msg("tool", "b", tool_call_id="")])
        set()
    """
    return {m.tool_call_id for m in messages if m.role == "tool" and m.tool_call_id}


def fuller_messages(first: list[Msg], second: list[Msg]) -> list[Msg]:
    """`first`, unless `second` answers every call `first` does and more (then `second`).

    Examples:
        >>> merged = [Msg("tool", "sunny; rain", tool_call_id="c2")]
        >>> parts = [Msg("tool", "sunny", tool_call_id="c1")]
        >>> parts.append(Msg("tool", "rain", tool_call_id="c2"))
        >>> [m.content for m in fuller_messages(merged, parts)]
        ['sunny', 'rain']
        >>> [m.content for m in fuller_messages(parts, merged)]
        ['sunny', 'rain']
        >>> fuller_messages([Msg("user", "hi")], []) == [Msg("user", "hi")]
        True
    """
    mine, theirs = answered_calls(first), answered_calls(second)
    return second if mine < theirs else first

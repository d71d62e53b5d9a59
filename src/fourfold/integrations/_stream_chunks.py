"""A streamed reply recorded chunk by chunk and then whole: the chunks are not messages.

Some tracers write a streamed model call's reply as every partial response it yielded, then
the response it assembled from them, all in one list of output messages (Google ADK under
``StreamingMode.SSE``: each partial ``LlmResponse`` — text pieces, or one tool call each
with no arguments yet — then the whole reply). Read as they stand, they would be several
assistant turns saying the same thing twice and requesting each call twice. The rule,
`without_stream_chunks`: when a reply's last message is what the assistant messages right
before it make together (their texts joined are its text, and each call they request is one
of its calls), those messages were its chunks, and only it is kept. A reply whose messages
do not add up to its last one (several choices, separate turns) is left as it is, and so is
a lone earlier message equal to the last (a record repeated is not a chunk of it).
"""

from __future__ import annotations

from collections import Counter

from ._messages import Msg

__all__ = ["without_stream_chunks"]


def without_stream_chunks(outputs: list[Msg]) -> list[Msg]:
    """`outputs` less the stream chunks that its last message assembles.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> chunks = [Msg("assistant", "Paris is sunny;"), Msg("assistant", " Tokyo rains.")]
        >>> whole = Msg("assistant", "Paris is sunny; Tokyo rains.")
        >>> [m.content for m in without_stream_chunks([*chunks, whole])]
        ['Paris is sunny; Tokyo rains.']
        >>> calls = [
        ...     Msg("assistant", tool_calls=[ToolRequest("get_weather", {}, "c1")]),
        ...     Msg("assistant", tool_calls=[ToolRequest("get_weather", {}, "c2")]),
        ...     Msg("assistant", tool_calls=[
        ...         ToolRequest("get_weather", {"city": "Paris"}, "c1"),
        ...         ToolRequest("get_weather", {"city": "Tokyo"}, "c2"),
        ...     ]),
        ... ]
        >>> [[r.id for r in m.tool_calls] for m in without_stream_chunks(calls)]
        [['c1', 'c2']]
        >>> two_turns = [Msg("assistant", "Yes."), Msg("assistant", "No.")]
        >>> len(without_stream_chunks(two_turns))
        2
    """
    if len(outputs) < 2 or outputs[-1].role != "assistant":
        return outputs
    whole = outputs[-1]
    for start in range(len(outputs) - 1):
        chunks = outputs[start:-1]
        if all(m.role == "assistant" for m in chunks) and _assembles(whole, chunks):
            return [*outputs[:start], whole]
    return outputs


def _assembles(whole: Msg, chunks: list[Msg]) -> bool:
    """Whether `chunks` are the pieces `whole` was assembled from."""
    if len(chunks) == 1 and chunks[0].key() == whole.key():
        return False  # the same message recorded twice, not a piece of it
    if not any(m.content or m.tool_calls for m in chunks):
        return False
    if "".join(m.content or "" for m in chunks) != (whole.content or ""):
        return False
    ids = Counter(r.id for m in chunks for r in m.tool_calls if r.id is not None)
    if any(n > 1 for n in ids.values()):
        return False  # a call requested twice is two requests, not one streamed
    if not set(ids) <= {r.id for r in whole.tool_calls if r.id is not None}:
        return False
    unnamed = Counter(r.name for m in chunks for r in m.tool_calls if r.id is None)
    return unnamed <= Counter(r.name for r in whole.tool_calls)

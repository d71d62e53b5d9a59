"""A streamed reply recorded only as its pieces: the pieces are one message, not several.

Google ADK on a native Gemini model under ``StreamingMode.SSE`` writes a model call's reply
(``gen_ai.output.messages``) as the partial responses it yielded and no whole one: the text
chunks, each an assistant message whose ``finish_reason`` is empty (the response did not end
there), and the last chunk, whose finish reason is the reply's (``stop``). On LiteLlm it adds
the whole reply after them, which `without_stream_chunks` keeps alone; here there is none to
keep. Read as they stand, the reply would be several assistant turns, the run's answer its
last piece.

The rule, `joined_pieces`: when every message of a reply is the assistant's, every one but
the last says it did not finish (``finish_reason`` present and empty) and the last says how
it did, they are the pieces of one message: their texts joined, their calls in order. A
reply whose messages all finished (several choices, separate records) is left as it is.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, try_json

__all__ = ["joined_pieces"]


def joined_pieces(raw: Any, outputs: list[Msg]) -> list[Msg]:
    """`outputs` (read from the message list `raw`) as one message when they are pieces.

    Examples:
        >>> raw = [{"role": "assistant", "parts": [], "finish_reason": ""},
        ...     {"role": "assistant", "parts": [], "finish_reason": "stop"}]
        >>> pieces = [Msg("assistant", "Paris is sunny;"), Msg("assistant", " Tokyo rains.")]
        >>> [m.content for m in joined_pieces(raw, pieces)]
        ['Paris is sunny; Tokyo rains.']
        >>> both_done = [{**raw[1]}, {**raw[1]}]
        >>> len(joined_pieces(both_done, pieces))
        2
    """
    messages = try_json(raw)
    if not isinstance(messages, list) or len(messages) < 2 or len(messages) != len(outputs):
        return outputs
    if not all(isinstance(m, dict) and m.get("role") == "assistant" for m in messages):
        return outputs
    if any(m.role != "assistant" for m in outputs):
        return outputs
    *pieces, last = messages
    if any(m.get("finish_reason") != "" for m in pieces) or not last.get("finish_reason"):
        return outputs
    texts = [m.content for m in outputs if m.content is not None]
    return [
        Msg(
            "assistant",
            "".join(texts) if texts else None,
            name=outputs[-1].name,
            tool_calls=[r for m in outputs for r in m.tool_calls],
        )
    ]

"""A tool message naming one call that joins the results of several calls of its turn.

Two exporters write a Strands user turn of several ``toolResult`` blocks as ONE message of
role ``tool``:

- LangSmith's ``LangSmithSpanExporter`` (``setup_langsmith_telemetry()``), which rewrites
  Strands' span events into ``gen_ai.prompt`` message lists: the blocks' texts joined by a
  newline, under the FIRST block's ``toolUseId`` only;
- OpenInference's Strands processor (``StrandsAgentsToOpenInferenceProcessor``), which flattens
  the same turn into ``llm.input_messages.<i>``: the texts joined by a space, under the LAST
  block's ``toolUseId`` (each block overwrites the message's ``tool_call_id``).

Read as it stands, one call's answer holds every result and the others have none.

The contract reads one message answering several calls at once as a tool message per call,
in the order the turn requested them, each its call's result as its tool span records it.
The rule, `own_result`: a tool message naming a call, whose text is exactly the results of
that call and of the calls its turn requested right after it (newline-joined), or right
before it (space-joined), two or more, as their tool spans record them, in the turn's order,
while those other calls have no tool message of their own, is that call's result alone; the
others get theirs from their spans (`._tool_runs.attach_tool_runs` adds a tool message for a
call none answers). A message saying anything else, or whose other calls are answered, stays
as it is.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..trace import ToolCall
from ._messages import Msg, result_text

__all__ = ["own_result"]


def own_result(
    answer: Msg, call: ToolCall, messages: list[Msg], executed: Mapping[str, ToolCall]
) -> str | None:
    r"""The text of `call`'s own result when `answer` joins it with its turn's next ones.

    `executed` maps the run's executed calls by id. None when `answer` is no such join.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> turn = Msg("assistant", None, tool_calls=[
        ...     ToolRequest("w", {"c": "A"}, "c1"), ToolRequest("w", {"c": "B"}, "c2")])
        >>> joined = Msg("tool", "sunny\nrain", tool_call_id="c1")
        >>> ran = {"c1": ToolCall(name="w", arguments={}, result="sunny", id="c1"),
        ...        "c2": ToolCall(name="w", arguments={}, result="rain", id="c2")}
        >>> own_result(joined, ran["c1"], [turn, joined], ran)
        'sunny'
        >>> answered = Msg("tool", "rain", tool_call_id="c2")
        >>> own_result(joined, ran["c1"], [turn, joined, answered], ran) is None
        True
        >>> own_result(Msg("tool", "sunny", tool_call_id="c1"), ran["c1"], [turn], ran) is None
        True

        OpenInference's join, space-separated under the last id; not the other way round:

        >>> last = Msg("tool", "sunny rain", tool_call_id="c2")
        >>> own_result(last, ran["c2"], [turn, last], ran)
        'rain'
        >>> def own(text, id):
        ...     return own_result(Msg("tool", text, tool_call_id=id), ran[id], [turn], ran)
        >>> own("rain sunny", "c2"), own("sunny rain", "c1"), own("sunny\nrain", "c2")
        (None, None, None)
    """
    if not isinstance(answer.content, str) or call.id is None or call.error is not None:
        return None
    turn = next((m for m in messages if any(r.id == call.id for r in m.tool_calls)), None)
    if turn is None:
        return None
    ids = [r.id for r in turn.tool_calls]
    at = ids.index(call.id)
    answered = {m.tool_call_id for m in messages if m.role == "tool" and m is not answer}
    # under the first id, the turn's next results newline-joined (LangSmith's); under the
    # last, its earlier ones space-joined (OpenInference's)
    for run, sep in ((ids[at:], "\n"), (ids[at::-1], " ")):
        texts: list[str] = []
        for request_id in run:
            ran = executed.get(request_id) if request_id is not None else None
            text = result_text(ran.result) if ran is not None and ran.error is None else None
            if text is None or (texts and request_id in answered):
                break  # the run of results the message may join ends here
            texts.append(text)
            joined = texts if sep == "\n" else texts[::-1]
            if len(texts) >= 2 and sep.join(joined) == answer.content:
                return texts[0]
    return None

"""A tool message naming one call that joins the results of several calls of its turn.

LangSmith's ``LangSmithSpanExporter`` (``setup_langsmith_telemetry()``) rewrites Strands'
span events into ``gen_ai.prompt`` message lists, and a Strands user turn of several
``toolResult`` blocks becomes ONE message of role ``tool``: the blocks' texts joined by a
newline, under the first block's ``toolUseId`` only. Read as it stands, the first call's
answer holds every result and the others have none.

The contract reads one message answering several calls at once as a tool message per call,
in the order the turn requested them, each its call's result as its tool span records it.
The rule, `own_result`: a tool message naming a call, whose text is exactly the results of
that call and of the calls its turn requested right after it (two or more, as their tool
spans record them), joined one per line in the turn's order, while those later calls have
no tool message of their own, is that call's result alone; the others get theirs from
their spans (`._tool_runs.attach_tool_runs` adds a tool message for a call none answers).
A message saying anything else, or whose later calls are answered, stays as it is.
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
    """
    if not isinstance(answer.content, str) or call.id is None or call.error is not None:
        return None
    turn = next((m for m in messages if any(r.id == call.id for r in m.tool_calls)), None)
    if turn is None:
        return None
    ids = [r.id for r in turn.tool_calls]
    answered = {m.tool_call_id for m in messages if m.role == "tool" and m is not answer}
    texts: list[str] = []
    for request_id in ids[ids.index(call.id) :]:
        ran = executed.get(request_id) if request_id is not None else None
        text = result_text(ran.result) if ran is not None and ran.error is None else None
        if text is None or (texts and request_id in answered):
            break  # the run of results the message may join ends here
        texts.append(text)
        if len(texts) >= 2 and "\n".join(texts) == answer.content:
            return texts[0]
    return None

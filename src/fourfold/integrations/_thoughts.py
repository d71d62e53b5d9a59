"""A thought a framework emitted apart, read as the content of the tool request after it."""

from __future__ import annotations

from ._steps import Said

__all__ = ["told_thoughts"]


def told_thoughts(told: list[Said]) -> list[Said]:
    """`told` with each thought made the content of the tool request said right after it.

    AgentChat's ``AssistantAgent`` emits the text a model wrote beside its tool calls as a
    ``ThoughtEvent`` of its own, then the ``ToolCallRequestEvent`` (it sends the text back to
    the model as that turn's content). A thought followed by another message (a reasoning
    model's thinking before its answer) is no message.

    Examples:
        >>> from fourfold.integrations._messages import Msg, ToolRequest
        >>> ask = Said("r", 2, [Msg("assistant", tool_calls=[ToolRequest("f", {}, "c1")])])
        >>> [m.content for s in told_thoughts([Said("t", 1, [], thought="Looking."), ask])
        ...  for m in s.messages]
        ['Looking.']
        >>> [s.id for s in told_thoughts([Said("t", 1, [], thought="Hm."), Said("a", 2, [])])]
        ['a']
    """
    out: list[Said] = []
    for i, said in enumerate(told):
        if said.thought is None:
            out.append(said)
            continue
        following = told[i + 1].messages if i + 1 < len(told) else []
        turn = following[0] if following else None
        if turn is not None and turn.role == "assistant" and turn.tool_calls and not turn.content:
            turn.content = said.thought
        if said.input_tokens is not None or said.output_tokens is not None:
            out.append(said)  # its usage still counts
    return out

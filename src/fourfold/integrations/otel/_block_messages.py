"""A Claude body on Bedrock's InvokeModel written one OpenInference message per content block.

openinference-instrumentation-bedrock reads an ``invoke_model`` call of Claude (the Messages
API's body inside Bedrock's envelope) block by block, and writes its messages so:

- the reply's content blocks each as an ``llm.output_messages`` entry of their own: the text
  block an assistant message, each ``tool_use`` block an assistant message requesting that one
  call (``tool_call_id: ""``), while ``output.value`` holds the reply as the one assistant
  ``message`` it is. Read as they stand they would be three turns, each call requested twice
  once the next input replays the turn whole. The rule, `one_reply`: when ``output.value``'s
  reply is one assistant message and the output messages, all the assistant's, say together
  exactly what it says (their texts joined its text, their calls its calls, in order), they are
  its blocks, and the reply is that one message. Several choices or turns do not add up to the
  one message recorded beside them, and stay as they are.
- each ``tool_result`` block of the next request as an input message of the role of the
  message holding it, ``user`` (Anthropic's tool results travel in a user message), with the
  call's id as ``message.tool_call_id``. OpenInference defines ``message.tool_call_id`` for a
  tool message only; so, `tool_results`: an input message of role ``user`` whose
  ``tool_call_id`` answers a call an assistant message before it requested is that call's
  result, a tool message.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .._messages import Msg, parse_messages, try_json

__all__ = ["one_reply", "tool_results"]


def one_reply(outputs: list[Msg], value: Any) -> list[Msg]:
    """`outputs`, or the one message of the reply in `value` when they are its blocks.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> reply = {"type": "message", "role": "assistant", "content": [
        ...     {"type": "text", "text": "Looking."},
        ...     {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {"city": "Paris"}},
        ... ]}
        >>> call = ToolRequest("get_weather", {"city": "Paris"}, "t1")
        >>> blocks = [Msg("assistant", "Looking."), Msg("assistant", tool_calls=[call])]
        >>> [(m.content, [r.id for r in m.tool_calls]) for m in one_reply(blocks, reply)]
        [('Looking.', ['t1'])]
        >>> two_turns = [Msg("assistant", "Yes."), Msg("assistant", "No.")]
        >>> len(one_reply(two_turns, {"role": "assistant", "content": "Yes."}))
        2
    """
    if len(outputs) < 2 or any(m.role != "assistant" for m in outputs):
        return outputs
    reply = _reply(value)
    if reply is None:
        return outputs
    said = "".join(m.content or "" for m in outputs)
    calls = [(r.id, r.name, r.arguments) for m in outputs for r in m.tool_calls]
    whole = [(r.id, r.name, r.arguments) for r in reply.tool_calls]
    if said != (reply.content or "") or calls != whole:
        return outputs
    return [reply]


def _reply(value: Any) -> Msg | None:
    """The one assistant message a recorded reply is (a Messages API ``message``), else None."""
    data = try_json(value)
    if not isinstance(data, dict) or data.get("role") != "assistant":
        return None
    if not isinstance(data.get("content"), list):
        return None
    found = parse_messages({"role": "assistant", "content": data["content"]}, default_role="user")
    return found[0] if len(found) == 1 and found[0].role == "assistant" else None


def tool_results(inputs: list[Msg]) -> list[Msg]:
    """`inputs` with each user message answering an earlier request by its id a tool message.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> asked = Msg("assistant", tool_calls=[ToolRequest("get_weather", {}, "t1")])
        >>> [m.role for m in tool_results([asked, Msg("user", "sunny", tool_call_id="t1")])]
        ['assistant', 'tool']
        >>> [m.role for m in tool_results([Msg("user", "sunny", tool_call_id="t9")])]
        ['user']
    """
    requested: set[str] = set()
    out: list[Msg] = []
    for msg in inputs:
        if msg.role == "assistant":
            requested.update(r.id for r in msg.tool_calls if r.id)
        if msg.role == "user" and msg.tool_call_id and msg.tool_call_id in requested:
            msg = replace(msg, role="tool")
        out.append(msg)
    return out

"""What a model call's flattened messages leave out, from LangChain's serialised messages.

OpenInference's LangChain instrumentations write a chat model's call twice: flattened as
``llm.input_messages`` / ``llm.output_messages``, and whole as ``input.value`` (``{"messages":
[[<message>, ...]]}``, the one prompt of the batch) and ``output.value`` (``{"generations":
[[{"text", "message": <message>}]]}``), each message in LangChain's ``{lc: 1, type:
"constructor", id: [..., "SystemMessage"], kwargs: {content, tool_calls, tool_call_id, ...}}``
form. Python's openinference-instrumentation-langchain (0.1.x; ids ``["langchain", "schema",
"messages", ...]``) flattens every text and id. The LangChain.js instrumentation,
@arizeai/openinference-instrumentation-langchain 4.1.1 (ids ``["langchain_core", "messages",
...]``, @langchain/core 1.4), leaves out:

- a message whose content is a list of text parts (LangChain.js's ``createAgent`` gives its
  system prompt so, ``[{"type": "text", "text": ...}]``): the role without the content;
- every id: no ``tool_call.id`` on a reply's requests, no ``tool_call_id`` on a tool message;
- the requests of an AI message that holds them only in ``kwargs.tool_calls`` (none in
  ``additional_kwargs.tool_calls``, the OpenAI form a model's reply keeps): the text
  without the requests. @langchain/langgraph-supervisor 1.1.3 writes its own such message
  when a worker ends (``Transferring back to supervisor``, requesting
  ``transfer_back_to_supervisor`` under a generated uuid, answered by the tool message it
  adds after it), which every later model input holds.

The rule, `with_serialized`: when the serialised messages are as many as the flattened ones,
of the same roles in the same order, a flattened message takes from its serialised one what
it lacks: its text (when it has none and the other has some), its requests' ids (when none
of its requests has one and the other requests the same calls, each with an id), its
requests (an assistant message with none, when the other's each have an id), its
``tool_call_id`` (a tool message saying the same). What the flattened form says stays; a
serialised list that does not line up gives nothing.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, ToolRequest, try_json
from ._response_ids import with_response_ids
from ._shapes import langchain_messages

__all__ = ["serialized_prompt", "serialized_reply", "with_serialized"]


def serialized_prompt(value: Any) -> list[Msg] | None:
    """The messages of a chat model's ``input.value``: ``{"messages": [[...]]}``, one prompt.

    Examples:
        >>> system = {"lc": 1, "type": "constructor",
        ...           "id": ["langchain_core", "messages", "SystemMessage"],
        ...           "kwargs": {"content": [{"type": "text", "text": "Be brief."}]}}
        >>> [(m.role, m.content) for m in serialized_prompt({"messages": [[system]]})]
        [('system', 'Be brief.')]
        >>> serialized_prompt({"messages": [[system], [system]]}) is None  # a batch of two
        True
    """
    parsed = try_json(value)
    batch = parsed.get("messages") if isinstance(parsed, dict) else None
    if not (isinstance(batch, list) and len(batch) == 1 and isinstance(batch[0], list)):
        return None
    return langchain_messages(batch[0])


def serialized_reply(value: Any) -> list[Msg] | None:
    """The message of a chat model's ``output.value``: ``{"generations": [[{message}]]}``.

    Examples:
        >>> ai = {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages", "AIMessage"],
        ...       "kwargs": {"content": "", "tool_calls": [
        ...           {"name": "f", "args": {"x": 1}, "id": "call_1", "type": "tool_call"}]}}
        >>> [[r.id for r in m.tool_calls] for m in serialized_reply(
        ...     {"generations": [[{"text": "", "message": ai}]]})]
        [['call_1']]
    """
    parsed = try_json(value)
    batch = parsed.get("generations") if isinstance(parsed, dict) else None
    if not (isinstance(batch, list) and len(batch) == 1 and isinstance(batch[0], list)):
        return None
    generations = batch[0]
    if len(generations) != 1 or not isinstance(generations[0], dict):
        return None
    return langchain_messages([generations[0].get("message")])


def with_serialized(flat: list[Msg], serialized: list[Msg] | None) -> list[Msg]:
    """`flat`, each message given the text and ids only its `serialized` twin holds.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> flat = [Msg("system"), Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1})]),
        ...         Msg("tool", "22 C")]
        >>> whole = [Msg("system", "Be brief."),
        ...          Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1}, "call_1")]),
        ...          Msg("tool", "22 C", tool_call_id="call_1")]
        >>> [(m.content, [r.id for r in m.tool_calls], m.tool_call_id)
        ...  for m in with_serialized(flat, whole)]
        [('Be brief.', [], None), (None, ['call_1'], None), ('22 C', [], 'call_1')]
        >>> back = [Msg("assistant", "Transferring back")]
        >>> [(r.name, r.id) for r in with_serialized(back, [Msg("assistant", "Transferring back",
        ...     tool_calls=[ToolRequest("transfer_back", {}, "9f1c")])])[0].tool_calls]
        [('transfer_back', '9f1c')]
        >>> [m.content for m in with_serialized([Msg("user")], [Msg("system", "x")])]
        [None]
    """
    if not serialized or len(serialized) != len(flat):
        return flat
    if any(mine.role != theirs.role for mine, theirs in zip(flat, serialized, strict=True)):
        return flat
    for mine, theirs in zip(flat, serialized, strict=True):
        if mine.content is None and theirs.content:
            mine.content = theirs.content
        if mine.tool_calls:
            with_response_ids([mine], theirs)
        elif mine.role == "assistant" and _identified(theirs.tool_calls):
            mine.tool_calls = [
                ToolRequest(r.name, dict(r.arguments), r.id) for r in theirs.tool_calls
            ]
        if (
            mine.role == "tool"
            and not mine.tool_call_id
            and theirs.tool_call_id
            and mine.content == theirs.content
        ):
            mine.tool_call_id = theirs.tool_call_id
    return flat


def _identified(requests: list[ToolRequest]) -> bool:
    """Whether there are `requests` and each has an id (what an answer can pair with)."""
    return bool(requests) and all(r.id for r in requests)

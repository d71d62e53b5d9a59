"""A model reply recorded as the google-genai ``Part`` objects it is made of.

CrewAI's native Gemini provider (``LLM(model="gemini/...")``: ``GeminiCompletion``) returns a
turn that asks for tools as the reply's own ``Part`` objects, not as OpenAI-shaped calls.
openinference-instrumentation-crewai's event listener writes that response as the call's
``output.value`` and no ``llm.output_messages`` (tests/data/traces/crewai/crewai-gemini-*):
the JSON list of the parts as CrewAI serialises its events (``to_serializable``), each part
every field of google-genai's ``Part`` (``function_call {id, args, name, ...}``,
``function_response``, ``text``, ``thought``, ``thought_signature``..., unset ones null).

CrewAI serialises an event to a depth of 5 (``max_depth``) and writes what lies deeper as its
Python ``repr``: the event's response is at depth 1, so a call's ``args`` (depth 4) is a JSON
object whose every value (depth 5) is the repr of the argument (``{"city": "'Paris'"}``, a
number ``"3"``, a list ``"[1, 2]"``). The arguments are read back as literals (``ast``), never
evaluated (`repr_arguments`).

A list is such a reply only when each item is a dict holding ``function_call``,
``function_response``, ``text`` and ``thought`` together (a dumped ``Part`` has all four; no
message, tool call or content-part format has them together) and no ``role`` or ``type``.
The reply is one assistant message: its text parts (not the thoughts) are its content, its
``function_call`` parts its requests, in order (ids as the parts give them: Gemini gives none).
"""

from __future__ import annotations

import json
from typing import Any

from .._literals import UNREAD, python_literal
from .._messages import Msg, ToolRequest, parse_arguments
from .._quoted_names import unquoted_name

__all__ = ["genai_parts_reply", "repr_arguments"]

_PART_KEYS = frozenset({"function_call", "function_response", "text", "thought"})
"""Fields every dumped google-genai ``Part`` holds, set or not."""


def genai_parts_reply(value: Any) -> Msg | None:
    """The assistant message a list of dumped google-genai ``Part`` objects makes, else None.

    Examples:
        >>> part = {"function_call": None, "function_response": None, "text": None,
        ...         "thought": None, "thought_signature": None}
        >>> msg = genai_parts_reply([
        ...     {**part, "function_call": {"id": None, "args": {"city": "'Paris'"},
        ...                                "name": "get_weather"}},
        ...     {**part, "function_call": {"id": None, "args": {"city": "'Tokyo'"},
        ...                                "name": "get_weather"}}])
        >>> msg.role, msg.content, [(r.name, r.arguments, r.id) for r in msg.tool_calls]
        ('assistant', None, [('get_weather', {'city': 'Paris'}, None), \
('get_weather', {'city': 'Tokyo'}, None)])
        >>> genai_parts_reply([{**part, "text": "Thinking.", "thought": True},
        ...                    {**part, "text": "Sunny."}]).content
        'Sunny.'
        >>> genai_parts_reply([{"role": "assistant", "content": "Hi"}]) is None
        True
        >>> genai_parts_reply([]), genai_parts_reply([{**part, "type": "text"}])
        (None, None)
    """
    if not isinstance(value, list) or not value or not all(_is_part(p) for p in value):
        return None
    msg = Msg(role="assistant")
    texts: list[str] = []
    for part in value:
        call = part["function_call"]
        if isinstance(call, dict):
            msg.tool_calls.append(
                ToolRequest(
                    name=unquoted_name(str(call.get("name") or "")),
                    arguments=repr_arguments(call.get("args")),
                    id=None if call.get("id") in (None, "") else str(call["id"]),
                )
            )
        elif isinstance(part["text"], str) and part["thought"] is not True:
            texts.append(part["text"])
    msg.content = "\n".join(texts) if any(texts) else None
    if msg.content is None and not msg.tool_calls:
        return None
    return msg


def _is_part(item: Any) -> bool:
    return (
        isinstance(item, dict)
        and _PART_KEYS <= item.keys()
        and "role" not in item
        and "type" not in item
    )


def repr_arguments(args: Any) -> dict[str, Any]:
    """A call's ``args`` whose every value is the Python repr of the argument, read back.

    When some value is no such repr (not text, or text that is no Python literal), the
    object was not written so and is read as it is.

    Examples:
        >>> repr_arguments({"city": "'Paris'", "days": "3", "units": "['C', 'F']"})
        {'city': 'Paris', 'days': 3, 'units': ['C', 'F']}
        >>> repr_arguments({"city": "Paris", "days": "3"})
        {'city': 'Paris', 'days': '3'}
        >>> repr_arguments({"days": 3}), repr_arguments(None), repr_arguments({})
        ({'days': 3}, {}, {})
    """
    if not isinstance(args, dict) or not args:
        return parse_arguments(args)
    read: dict[str, Any] = {}
    for key, text in args.items():
        value = python_literal(text, default=UNREAD) if isinstance(text, str) else UNREAD
        if value is UNREAD:
            return parse_arguments(args)
        read[str(key)] = value
    # as JSON would have them (a tuple a list; what JSON has no form for, its text)
    out: dict[str, Any] = json.loads(json.dumps(read, default=str))
    return out

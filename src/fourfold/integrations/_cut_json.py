"""Message attributes cut short: JSON an attribute length limit ended mid-value.

An SDK with ``OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT`` set, a Collector's ``transform`` processor
truncating long values, or a backend's own limit cuts a long attribute at a fixed length:
``gen_ai.input.messages`` then ends in the middle of a message, and is no JSON any more.
Read as text it was one message holding the raw JSON (what the issue that started the
importer's fidelity work found wrong with old exports); read as what it is, it is a list
whose first messages are whole and whose last is cut. `cut_json` tells such a value.

`cut_messages` gives what a cut message list holds: its whole messages, and of the message
the cut fell in, the parts whose values are whole before the cut (both blind readings of
``openai-v2-attribute-limit``, cut at 120 characters, keep the system prompt whose text part
is whole, the call whose name, id and arguments are whole though the cut fell in its
``type``, the answer whose text part is whole though the cut fell in its
``finish_reason``). A value the cut fell in (a string, a number, an object or list left open)
is no value: a part left with no content of its own (a text part whose text was cut, a call
whose name, id or arguments were cut) is none, and a message left with no part, or whose
role was cut, is none. A part whose ``type`` was cut is told by its whole fields, as the
GenAI conventions shape each kind (`_KINDS`). `cut_parts` does the same for a list of parts
(``gen_ai.system_instructions``). A cut-short object that is no message (a request body)
gives none.
"""

from __future__ import annotations

import json
from typing import Any

from .._json import CutArray, CutObject, json_before_cut
from ._cut_escape import cut_in_escape

__all__ = ["cut_json", "cut_messages", "cut_parts"]

_SPACE = " \t\r\n"


def cut_json(value: Any) -> bool:
    """Whether `value` is text that starts a JSON array or object and ends before it does.

    Cut, not malformed: the text must be JSON up to its end, where the parser asked for more
    (text that opens with ``[`` and is no JSON, DSPy's ``[[ ## field ## ]]``, is not cut).

    Examples:
        >>> cut_json('[{"role": "user", "content": "Hi"}, {"role": "assis')
        True
        >>> cut_json('[{"role": "user", "content": "Hi"}, ')
        True
        >>> cut_json('[{"role": "user"}]'), cut_json("[[ ## answer ## ]]"), cut_json(["a list"])
        (False, False, False)
    """
    if not isinstance(value, str) or value.lstrip(_SPACE)[:1] not in ("[", "{"):
        return False
    try:
        json.loads(value)
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("Invalid \\uXXXX escape"):  # cut inside one (`_cut_escape`)
            return cut_in_escape(value, exc.pos)
        return exc.msg.startswith("Unterminated string") or exc.pos >= len(value.rstrip(_SPACE))
    except ValueError:
        return False
    return False


_Need = tuple[str, ...]
"""Keys a part of a kind must hold whole, each need one key of a group (alternatives)."""

_KINDS: dict[str, tuple[_Need, ...]] = {
    "text": (("content", "text"),),  # the GenAI conventions' text part; OpenAI's, Anthropic's
    "tool_call": (("name",), ("id",), ("arguments",)),  # the GenAI conventions' request
    "tool_call_response": (("id",), ("response", "result")),  # pydantic-ai writes "result"
    "function": (("id",), ("function",)),  # an OpenAI chat message's tool_calls entry
    "tool_use": (("id",), ("name",), ("input",)),  # Anthropic's content blocks
    "tool_result": (("tool_use_id",), ("content",)),
    "tool-call": (("toolCallId",), ("toolName",), ("input", "args")),  # the AI SDK's parts
    "tool-result": (("toolCallId",), ("output", "result")),
}
"""What a part of each kind holds of its own: a part the cut left open without it is none."""

_TOLD: tuple[tuple[str | None, tuple[_Need, ...]], ...] = (
    ("tool_call", _KINDS["tool_call"]),
    ("tool_call_response", (("id",), ("response",))),
    ("function", _KINDS["function"]),
    ("tool-call", _KINDS["tool-call"]),
    ("tool-result", _KINDS["tool-result"]),
    ("text", (("content",),)),
    (None, (("text",),)),  # google-genai's parts name no type: kept as they are
    (None, (("function_call",),)),
    (None, (("function_response",),)),
)
"""A part with no ``type`` (cut, or a shape that writes none), told by its whole fields."""

_HOLDERS = ("parts", "content", "tool_calls")
"""A message's lists of parts (GenAI's, OpenAI's content parts, OpenAI's requests)."""


def cut_messages(text: str) -> list[Any]:
    """The messages of a message list cut short, as far as they are whole (see above).

    The one the cut fell in is a `CutObject`.

    Examples:
        >>> cut = '[{"role": "user", "content": "Hi"}, {"role": "assistant", "parts": ['
        >>> cut_messages(cut + '{"type": "text", "content": "Hello"}, {"type": "text", "cont')
        [{'role': 'user', 'content': 'Hi'}, {'role': 'assistant', 'parts': [{'type': 'text', \
'content': 'Hello'}]}]
        >>> cut_messages(cut + '{"type": "text", "content": "Hel')
        [{'role': 'user', 'content': 'Hi'}]
        >>> cut_messages('[{"role": "assistant", "parts": [{"name": "f", "id": "c1", "arguments"')
        []
        >>> [message] = cut_messages('{"role": "user", "parts": [{"content": "Hi", "type": "te')
        >>> message, type(message).__name__
        ({'role': 'user', 'parts': [{'content': 'Hi', 'type': 'text'}]}, 'CutObject')
        >>> cut_messages('{"model": "gpt-4o", "messages": [{"role": "user", "content": "Hi"}')
        []
    """
    value = json_before_cut(text)
    if isinstance(value, CutObject):
        message = _whole_message(value)
        return [] if message is None else [message]
    if not isinstance(value, CutArray):
        return []
    kept = [item for item in value if not isinstance(item, CutObject | CutArray)]
    if value and isinstance(value[-1], CutObject):
        message = _whole_message(value[-1])
        kept.extend([] if message is None else [message])
    return kept


def cut_parts(text: str) -> list[Any]:
    """The parts of a list of parts cut short (``gen_ai.system_instructions``) that are whole.

    Examples:
        >>> cut_parts('[{"type": "text", "content": "Be brief."}, {"type": "text", "con')
        [{'type': 'text', 'content': 'Be brief.'}]
        >>> cut_parts('[{"content": "Be brief.", "type": "te')
        [{'content': 'Be brief.', 'type': 'text'}]
    """
    value = json_before_cut(text)
    return _whole_parts(value) if isinstance(value, CutArray) else []


def _open(value: Any) -> bool:
    return isinstance(value, CutObject | CutArray)


def _whole_message(message: CutObject) -> CutObject | None:
    """A message the cut fell in: its whole fields and parts, or None.

    Still a `CutObject`: more may have followed. None when it says nothing whole (no role,
    or no part, text or request left).
    """
    whole = CutObject()
    for key, value in message.items():
        if key in _HOLDERS and isinstance(value, CutArray):
            whole[key] = _whole_parts(value)
        elif not _open(value):
            whole[key] = value
    if not isinstance(whole.get("role"), str):
        return None  # whose message it was is not known
    if whole["role"] == "tool" and "parts" not in whole and "tool_call_id" not in whole:
        return None  # a result answering a call whose id was cut
    said = [whole.get(key) for key in _HOLDERS]
    if not any(isinstance(v, str | list) and v for v in said):
        return None
    return whole


def _whole_parts(parts: CutArray) -> list[Any]:
    """The whole parts of a list the cut left open, and the part the cut fell in.

    That part only when it holds what its kind needs whole (`_whole_part`).
    """
    kept = [part for part in parts if not _open(part)]
    if parts and isinstance(parts[-1], CutObject):
        part = _whole_part(parts[-1])
        kept.extend([] if part is None else [part])
    return kept


def _whole_part(part: CutObject) -> dict[str, Any] | None:
    """A part the cut fell in, its open values left out, when it holds what its kind needs.

    Its kind is its ``type`` when that is whole, else the first kind whose fields it holds
    whole (`_TOLD`), written into it so that it is read as that kind.
    """
    whole = {key: value for key, value in part.items() if not _open(value)}
    kind = whole.get("type")
    if isinstance(kind, str):
        needs = _KINDS.get(kind)
        return whole if needs is not None and _holds(whole, needs) else None
    if "type" in whole:
        return None
    for told, needs in _TOLD:
        if _holds(whole, needs):
            return whole if told is None else {**whole, "type": told}
    return None


def _holds(part: dict[str, Any], needs: tuple[_Need, ...]) -> bool:
    return all(any(key in part for key in need) for need in needs)

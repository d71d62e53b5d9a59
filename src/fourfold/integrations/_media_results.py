"""A tool result that is a picture, not text: its tool message says nothing.

A tool may return an image (a radar, a screenshot, a chart) as its framework's image type:
pydantic-ai's ``BinaryContent``, the OpenAI Agents SDK's ``ToolOutputImage``, a Strands
``image`` block, a LangChain image content block, the AI SDK's ``toModelOutput`` content. The
call's result is what the tool span records, the picture's data included; its tool message is
what the model was given, an image, which has no text: null, as a message of parts that are
not text is (the contract, tests/data/traces/README.md: every reading of the sixty-fourth
round, ``-image-result-2026-12-07zj``, but one; before, the message held the image's JSON or
repr as its text). The forms read as a picture (`media_only`):

- a message part that carries media (`_messages.is_media`: the GenAI conventions' ``blob``,
  OpenAI's ``image_url`` / ``input_image``, a ``file`` or ``image`` part, Gemini's
  ``inline_data``), or a list of such parts only;
- a Bedrock Converse block (``{"image": {...}}``, ``document``, ``video``: Strands');
- pydantic-ai's ``BinaryContent`` as its instrumentation writes it (``kind: binary`` with an
  ``image/``, ``audio/`` or ``video/`` media type);
- the AI SDK's tool output content (``{"type": "content", "value": [...]}``) of such parts;
- the ``str()`` of a pydantic model whose ``type`` is a media part's (the Agents SDK's
  ``ToolOutputImage`` as openlit writes its result: ``type='image' image_url='data:...'``).
"""

from __future__ import annotations

import ast
import re
from typing import Any

from ._messages import Msg, is_media, try_json

__all__ = ["media_only", "said_as_media"]

_BLOCKS = frozenset({"image", "document", "video"})
"""Bedrock Converse content blocks that carry media (their one key)."""
_MEDIA_TYPES = ("image/", "audio/", "video/")
_VALUE = r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|None|True|False|-?\d+(?:\.\d+)?"
"""A literal in a pydantic model's ``str()``: a quoted string, None, a boolean, a number."""
_MODEL_STR = re.compile(rf"\w+=(?:{_VALUE})(?: \w+=(?:{_VALUE}))*")
_FIELDS = re.compile(rf"(\w+)=({_VALUE})")


def said_as_media(messages: list[Msg]) -> list[Msg]:
    """`messages`, each tool message whose content is a picture (`media_only`) holding none.

    Examples:
        >>> image = '[{"type": "image_url", "image_url": {"url": "data:image/png;base64,iV"}}]'
        >>> [m.content for m in said_as_media([Msg("tool", image), Msg("tool", "sunny")])]
        [None, 'sunny']
    """
    for msg in messages:
        if msg.role == "tool" and msg.content is not None and media_only(msg.content):
            msg.content = None
    return messages


def media_only(value: Any) -> bool:
    """Whether `value` (a result, or its text) is a picture, a file or audio and nothing else.

    Examples:
        >>> media_only({"type": "blob", "mime_type": "image/png", "content": "iV"})
        True
        >>> media_only([{"image": {"format": "png", "source": {"bytes": "<replaced>"}}}])
        True
        >>> media_only({"kind": "binary", "media_type": "image/png", "data": "b'PNG'"})
        True
        >>> media_only("type='image' image_url='data:image/png;base64,iV' file_id=None")
        True
        >>> media_only("sunny, 22 C"), media_only([]), media_only({"type": "text", "text": "Hi"})
        (False, False, False)
    """
    value = try_json(value)
    if isinstance(value, str):
        return _media_model_str(value)
    if isinstance(value, list):
        return bool(value) and all(media_only(item) for item in value)
    if not isinstance(value, dict):
        return False
    if is_media(value):
        return True
    if (
        len(value) == 1
        and next(iter(value)) in _BLOCKS
        and isinstance(next(iter(value.values())), dict)
    ):
        return True
    media_type = value.get("media_type")
    if value.get("kind") == "binary" and isinstance(media_type, str):
        return media_type.startswith(_MEDIA_TYPES)
    if value.get("type") == "content" and isinstance(value.get("value"), list):
        return media_only(value["value"])
    return False


def _media_model_str(text: str) -> bool:
    """Whether `text` is, whole, the ``str()`` of a pydantic model whose ``type`` is media."""
    if not _MODEL_STR.fullmatch(text.strip()):
        return False
    fields = dict(_FIELDS.findall(text))
    try:
        kind = ast.literal_eval(fields.get("type", "None"))
    except (ValueError, SyntaxError):
        return False
    return is_media({"type": kind})

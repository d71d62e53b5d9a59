"""A Langfuse observation's metadata values, as the SDK's v3 and v4+ write them.

Langfuse's Python SDK flattens an observation's metadata into one span attribute per key,
``langfuse.observation.metadata.<key>``. v3 writes a text as it is (``gpt-4o-mini``); v4 and
later write every value as JSON (``"gpt-4o-mini"``, quotes included), so a text read as it
stands would keep its quotes: a model named ``"gpt-4o-mini"``, a LangGraph node ``"agent"``.
`langfuse_metadata` gives the value either way.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["langfuse_metadata"]

_PREFIX = "langfuse.observation.metadata."


def langfuse_metadata(attrs: dict[str, Any], key: str) -> Any:
    """The observation's metadata value under `key`: a JSON-quoted text unquoted.

    Only a text written as a JSON string is decoded; any other value is returned as it is.

    Examples:
        >>> langfuse_metadata({"langfuse.observation.metadata.ls_model_name": '"gpt-4o"'},
        ...                   "ls_model_name")
        'gpt-4o'
        >>> langfuse_metadata({"langfuse.observation.metadata.ls_model_name": "gpt-4o"},
        ...                   "ls_model_name")
        'gpt-4o'
        >>> langfuse_metadata({}, "langgraph_node") is None
        True
    """
    value = attrs.get(_PREFIX + key)
    if isinstance(value, str) and len(value) >= 2 and value[0] == value[-1] == '"':
        try:
            decoded = json.loads(value)
        except ValueError:
            return value
        return decoded if isinstance(decoded, str) else value
    return value

"""smolagents' own value types as MLflow serialises them.

smolagents hands a tool's or an agent's text back as an ``AgentText`` (a ``str`` subclass of
its ``AgentType``, which keeps the value as ``_value``). MLflow's smolagents autolog writes
such an object's fields as the span's outputs: ``{"_value": "sunny, 22 C"}`` is the text
``sunny, 22 C``, not an object the tool returned.
"""

from __future__ import annotations

from typing import Any

__all__ = ["agent_type_value"]


def agent_type_value(value: Any) -> Any:
    """The value an ``AgentType``'s serialised fields hold, else `value` as it is.

    Examples:
        >>> agent_type_value({"_value": "sunny, 22 C"})
        'sunny, 22 C'
        >>> agent_type_value({"_value": "x", "unit": "C"})
        {'_value': 'x', 'unit': 'C'}
        >>> agent_type_value("sunny, 22 C")
        'sunny, 22 C'
    """
    if isinstance(value, dict) and set(value) == {"_value"}:
        return value["_value"]
    return value

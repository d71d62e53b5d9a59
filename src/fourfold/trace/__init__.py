"""Traces: what one execution of an agent did."""

from .._lazy import publish
from ._model import TRACE_SCHEMA_VERSION, Message, Passage, ToolCall, ToolRequest, Trace, Usage
from ._storable import storable_trace

__all__ = [
    "TRACE_SCHEMA_VERSION",
    "Message",
    "Passage",
    "ToolCall",
    "ToolRequest",
    "Trace",
    "Usage",
    "storable_trace",
]

publish(__name__, __all__)

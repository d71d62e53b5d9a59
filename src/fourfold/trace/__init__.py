"""Traces: what one execution of an agent did."""

from ._model import TRACE_SCHEMA_VERSION, Message, Passage, ToolCall, Trace, Usage

__all__ = ["TRACE_SCHEMA_VERSION", "Message", "Passage", "ToolCall", "Trace", "Usage"]

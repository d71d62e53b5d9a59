"""Agent adapters: how the system under test is reached, and how it records what it did."""

from ._recorder import Recorder, ToolCallHandle, current_recorder, tool

__all__ = ["Recorder", "ToolCallHandle", "current_recorder", "tool"]

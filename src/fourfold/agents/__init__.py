"""Agent adapters: how the system under test is reached, and how it records what it did."""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports, publish
from ._agent import Agent, AgentFactory, make_agent, register_agent, start_agent
from ._config import (
    AgentConfig,
    CommandAgentConfig,
    HttpAgentConfig,
    ModelAgentConfig,
    PythonAgentConfig,
    ReplayAgentConfig,
    agent_config_class,
)
from ._model_agent import ModelAgent
from ._recorder import Recorder, ToolCallHandle, current_recorder, tool

if TYPE_CHECKING:
    from ._replay import cases_from_replay
from ._tools import tool_spec

__all__ = [
    "Agent",
    "AgentConfig",
    "AgentFactory",
    "CommandAgentConfig",
    "HttpAgentConfig",
    "ModelAgent",
    "ModelAgentConfig",
    "PythonAgentConfig",
    "Recorder",
    "ReplayAgentConfig",
    "ToolCallHandle",
    "agent_config_class",
    "cases_from_replay",
    "current_recorder",
    "make_agent",
    "register_agent",
    "start_agent",
    "tool",
    "tool_spec",
]

# Replaying recorded traces is loaded when first used: a run of another agent starts faster.
__getattr__, __dir__ = lazy_exports(__name__, {"cases_from_replay": "._replay"})
publish(__name__, [name for name in __all__ if name != "cases_from_replay"])

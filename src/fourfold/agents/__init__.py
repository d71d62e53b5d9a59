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
from ._recorder import Recorder, ToolCallHandle, current_recorder, tool

if TYPE_CHECKING:
    from ._model_agent import ModelAgent
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

# Replaying recorded traces, the model agent and its tools are loaded when first used: a run
# of another agent starts faster.
_LAZY = {"cases_from_replay": "._replay", "ModelAgent": "._model_agent", "tool_spec": "._tools"}
__getattr__, __dir__ = lazy_exports(__name__, _LAZY)
publish(__name__, [name for name in __all__ if name not in _LAZY])

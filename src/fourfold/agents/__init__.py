"""Agent adapters: how the system under test is reached, and how it records what it did."""

from .._lazy import publish
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

publish(__name__, __all__)

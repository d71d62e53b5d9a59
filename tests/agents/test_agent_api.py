from __future__ import annotations

import sys

import pytest

import fourfold.agents as agents
from fourfold.agents import Agent, AgentConfig, make_agent


def test_all_is_sorted_and_complete():
    assert agents.__all__ == sorted(agents.__all__)
    assert {"Agent", "AgentConfig", "cases_from_replay", "make_agent"} <= set(agents.__all__)
    assert all(hasattr(agents, name) for name in agents.__all__)


@pytest.mark.parametrize(
    "config",
    [
        {"python": "json:dumps"},
        {"command": [sys.executable, "-c", "pass"]},
        {"http": "http://127.0.0.1:1/agent"},
    ],
)
def test_every_kind_builds_an_agent(tmp_path, config):
    assert isinstance(make_agent(AgentConfig.model_validate(config), base_dir=tmp_path), Agent)


def test_an_object_without_run_is_not_an_agent():
    assert not isinstance(object(), Agent)

"""Fixtures for the simulated-user tests: a real local OpenAI-compatible server whose
simulated users speak from a script."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

SIMULATOR_MARK = "You are role-playing a USER"
"""How the server tells a simulated user's call from the agent's: its system prompt."""


def is_simulator_call(body: dict[str, Any]) -> bool:
    """The request is a simulated user's turn."""
    first = (body.get("messages") or [{}])[0]
    return first.get("role") == "system" and str(first["content"]).startswith(SIMULATOR_MARK)


@dataclass
class ScriptedUsers:
    """Answers a simulated user's calls from a script per goal, and the agent's by `agent`.

    The script of a goal is the user's turns in order; the turn to say is found from the
    request itself (how many turns the simulator has already said, its ``assistant``
    messages), so concurrent dialogues and resumed ones stay in step. Past the end of a
    script the user says ``###STOP###``.
    """

    scripts: dict[str, list[str]] = field(default_factory=dict)
    """A phrase of the goal -> the user's turns."""
    agent: Callable[[dict[str, Any]], Reply] | None = None
    """Answers the calls that are not the simulator's (a model agent's, an HTTP agent's)."""
    simulator_calls: list[dict[str, Any]] = field(default_factory=list)

    def __call__(self, body: dict[str, Any]) -> Reply:
        if not is_simulator_call(body):
            if self.agent is None:
                raise AssertionError("an agent call reached a server scripted for users only")
            return self.agent(body)
        self.simulator_calls.append(body)
        prompt = body["messages"][0]["content"]
        said = sum(1 for m in body["messages"] if m["role"] == "assistant")
        for phrase, turns in self.scripts.items():
            if phrase in prompt:
                return chat_reply(turns[said] if said < len(turns) else "###STOP###")
        raise AssertionError(f"no script for the simulated user of this prompt:\n{prompt}")


@pytest.fixture
def users() -> ScriptedUsers:
    """The scripted users (a test fills in `scripts`, and `agent` for a model agent)."""
    return ScriptedUsers()


@pytest.fixture
def server(users: ScriptedUsers) -> Iterator[OpenAIServer]:
    """A real HTTP server on a free loopback port, answering with `users`."""
    with OpenAIServer(users) as running:
        yield running

"""Fixtures for the model tests: the scripted OpenAI-compatible server and a key."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.helpers.model_builders import KEY, KEY_VAR
from tests.helpers.openai_server import OpenAIServer


@pytest.fixture
def openai_server() -> Iterator[OpenAIServer]:
    """A real HTTP server on a free loopback port, scripted by the test."""
    with OpenAIServer() as server:
        yield server


@pytest.fixture
def key(monkeypatch: pytest.MonkeyPatch) -> str:
    """An API key in the environment variable KEY_VAR."""
    monkeypatch.setenv(KEY_VAR, KEY)
    return KEY

"""A kind of agent a plugin registers: named by ``type:`` in a suite, built by its factory.

The agent config is a union discriminated on ``type``; the registry (kind ``agent``) holds
every member, the built-in five and this test's ``test/echo``, so a suite names a plugin's
agent exactly as it names a built-in one, and its mistakes point at the suite's line.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel, ValidationError

from fourfold import run
from fourfold._engine import RunOptions
from fourfold._registry import names
from fourfold.agents import (
    Agent,
    AgentConfig,
    PythonAgentConfig,
    ReplayAgentConfig,
    make_agent,
    register_agent,
)
from fourfold.cases import Case
from fourfold.errors import ConfigError
from fourfold.models import ResponseCache
from fourfold.suite import load_suite
from fourfold.trace import Trace


class EchoConfig(AgentConfig):
    """Answers every case with its input, after a prefix."""

    type: Literal["test/echo"] = "test/echo"
    prefix: str = ""


class EchoAgent:
    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    async def run(self, case: Case, *, seed: int, repeat: int) -> Trace:
        return Trace(output=f"{self.prefix}{case.input}")

    async def aclose(self) -> None:
        return None


def build_echo(
    config: EchoConfig, /, *, base_dir: Path, cache: ResponseCache | None, use_cache: bool
) -> Agent:
    return EchoAgent(config.prefix)


register_agent("test/echo", build_echo, EchoConfig)

SUITE = """\
name: plugin
agents:
  echo: {type: test/echo, prefix: ">> ", timeout: 5}
  v1: {python: "agent:answer"}
cases: cases.jsonl
checks:
  - contains: {phrases: [">> hi"]}
"""


def _suite(tmp_path: Path, text: str = SUITE) -> Path:
    (tmp_path / "cases.jsonl").write_text('{"id": "c1", "input": "hi"}\n')
    (tmp_path / "agent.py").write_text("def answer(case):\n    return case.input\n")
    path = tmp_path / "suite.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def test_a_suite_names_a_plugin_agent_by_type(tmp_path: Path) -> None:
    loaded = load_suite(_suite(tmp_path))
    agents = loaded.suite.named_agents()
    assert isinstance(agents["echo"], EchoConfig)
    assert (agents["echo"].prefix, agents["echo"].timeout) == (">> ", 5.0)
    assert isinstance(agents["v1"], PythonAgentConfig)
    assert isinstance(make_agent(agents["echo"], base_dir=tmp_path), EchoAgent)
    assert "test/echo" in names("agent")


def test_a_plugin_agent_runs_like_any_other(tmp_path: Path) -> None:
    outcome = run(_suite(tmp_path), store=tmp_path / "r.db", options=RunOptions(progress=False))
    [trial] = outcome.trials
    assert trial.trace is not None and trial.trace.output == ">> hi"
    assert [r.status for r in trial.results] == ["pass"]


@pytest.mark.parametrize(
    ("entry", "line", "words"),
    [
        ('{type: test/echo, prefx: "x"}', 3, "prefx"),
        ("{type: test/ecoh}", 3, "did you mean 'test/echo'"),
        ('{type: test/echo, replay: "t.jsonl"}', 3, "type: test/echo and replay: name two kinds"),
        ("{type: 3}", 3, "type must be the name of a kind of agent"),
    ],
)
def test_mistakes_in_a_plugin_agent_name_the_line(
    tmp_path: Path, entry: str, line: int, words: str
) -> None:
    text = SUITE.replace('{type: test/echo, prefix: ">> ", timeout: 5}', entry)
    with pytest.raises(ConfigError) as info:
        load_suite(_suite(tmp_path, text))
    assert words in str(info.value)
    assert info.value.line == line


def test_the_built_in_kinds_need_no_type() -> None:
    assert isinstance(AgentConfig.model_validate({"replay": "t.jsonl"}), ReplayAgentConfig)
    assert AgentConfig.model_validate({"type": "replay", "replay": "t.jsonl"}).kind == "replay"
    with pytest.raises(ValidationError, match="exactly one of python, command, http"):
        AgentConfig.model_validate({"version": "v2"})
    with pytest.raises(ValidationError, match="path only go with a python or model agent"):
        AgentConfig.model_validate({"command": "./agent.sh", "path": ["lib"]})


def test_a_misspelt_field_of_a_plugin_agent_gets_its_kinds_fields(tmp_path: Path) -> None:
    text = SUITE.replace('prefix: ">> "', 'prefx: ">> "')
    with pytest.raises(ConfigError) as info:
        load_suite(_suite(tmp_path, text))
    assert "unknown field 'agents.echo.prefx'" in info.value.message
    assert info.value.hint == "did you mean 'prefix'?"


def test_a_kind_is_registered_with_a_config_of_its_own_type() -> None:
    class Other(AgentConfig):
        type: Literal["test/other"] = "test/other"

    class NotAnAgent(BaseModel):
        type: Literal["test/wrong"] = "test/wrong"

    with pytest.raises(TypeError, match="type: Literal\\['test/mismatch'\\]"):
        register_agent("test/mismatch", build_echo, Other)
    with pytest.raises(TypeError, match="subclass of fourfold.agents.AgentConfig"):
        register_agent("test/wrong", build_echo, NotAnAgent)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="already registered"):
        register_agent("python", build_echo, PythonAgentConfig)


def test_a_suite_dump_keeps_each_kinds_fields(tmp_path: Path) -> None:
    """The run's Redactor reads an http agent's headers from the dump: they must be there."""
    from fourfold._secrets import Redactor

    text = SUITE.replace(
        '{type: test/echo, prefix: ">> ", timeout: 5}',
        '{http: "http://127.0.0.1:1/a", headers: {X-Api-Key: "sk-live-0123456789abcdef"}}',
    )
    dump = load_suite(_suite(tmp_path, text)).suite.model_dump(mode="json")
    assert dump["agents"]["echo"]["headers"] == {"X-Api-Key": "sk-live-0123456789abcdef"}
    assert dump["agents"]["v1"]["python"] == "agent:answer"
    redactor = Redactor.from_config(dump)
    assert "sk-live-0123456789abcdef" not in redactor.text("the key sk-live-0123456789abcdef")

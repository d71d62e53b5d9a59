"""The agent contract the runner codes against, and the factory that builds one from a suite."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..cases import Case
from ..trace import Trace
from ._command import CommandAgent, parse_command
from ._config import AgentConfig
from ._python import PythonAgent, load_function
from ._replay import ReplayAgent, read_replay

__all__ = ["Agent", "make_agent"]


@runtime_checkable
class Agent(Protocol):
    """The system under test, reached one trial at a time.

    `run` never raises because the agent failed: an agent that raises, hangs past the
    timeout, exits non-zero or returns something that is not a trace yields a trace with
    ``error`` set, keeping whatever was recorded before the failure. ``latency_s`` is the
    trial's wall-clock time unless the agent (or the recording) gave one.
    """

    async def run(self, case: Case, *, seed: int, repeat: int) -> Trace:
        """Run the agent on one case (one repeat of it) and return what it did."""
        ...

    async def aclose(self) -> None:
        """Release the adapter's resources (an HTTP client); call once, after the last run."""
        ...


def make_agent(config: AgentConfig, *, base_dir: Path) -> Agent:
    """Build the adapter a suite's ``agent:`` entry names.

    Everything that can be checked before a trial runs is checked here: the module and
    function of a ``python`` agent, the program of a ``command``, the URL and the header
    variables of an ``http`` agent, every line of a ``replay`` file.

    Args:
        config: the suite's agent entry.
        base_dir: the suite file's folder; relative paths are resolved against it.

    Raises:
        ConfigError: the entry names something that does not exist or cannot work; the
            message says what and the hint what to do.
    """
    base_dir = Path(base_dir)
    if config.python:
        fn = load_function(config.python, path=config.path, base_dir=base_dir)
        return PythonAgent(fn, timeout=config.timeout, name=config.python)
    if config.command:
        env = {**os.environ, **config.env}
        argv = parse_command(config.command, base_dir=base_dir, env=env)
        return CommandAgent(argv, cwd=base_dir, env=env, timeout=config.timeout)
    if config.http:
        # Imported here so that agents importing `fourfold.agents.tool` don't load httpx.
        from ._http import HttpAgent, check_url, expand_headers

        url = check_url(config.http)
        return HttpAgent(url, headers=expand_headers(config.headers), timeout=config.timeout)
    if config.replay:
        path = base_dir / config.replay
        return ReplayAgent(path, read_replay(path))
    raise AssertionError("unreachable: AgentConfig holds exactly one kind")

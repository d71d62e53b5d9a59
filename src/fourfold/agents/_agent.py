"""The agent contract the runner codes against, and the factory that builds one from a suite."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .._registry import lookup, register
from ..cases import Case
from ..errors import ConfigError
from ..models import ResponseCache, get_model
from ..trace import Trace
from ._config import (
    AgentConfig,
    CommandAgentConfig,
    HttpAgentConfig,
    ModelAgentConfig,
    PythonAgentConfig,
    ReplayAgentConfig,
)
from ._python import PythonAgent, load_function, parse_spec

__all__ = ["Agent", "AgentFactory", "make_agent", "register_agent", "start_agent"]


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


async def start_agent(agent: Agent) -> None:
    """Get `agent` ready for its first trial, if it has anything to start.

    An adapter that starts processes (a ``python`` agent with ``isolation: process``)
    imports the agent in them here, so that an agent which cannot start fails before a
    run is stored; `make_agent` alone checks what can be checked without starting it.

    Raises:
        ConfigError: the agent cannot start.
    """
    start = getattr(agent, "start", None)
    if start is not None:
        await start()


class AgentFactory(Protocol):
    """Builds the adapter of one kind of agent from its config (see `register_agent`)."""

    def __call__(
        self,
        config: Any,
        /,
        *,
        base_dir: Path,
        cache: ResponseCache | None,
        use_cache: bool,
    ) -> Agent: ...


def register_agent(name: str, factory: AgentFactory, config: type[AgentConfig]) -> None:
    """Register a kind of agent: a suite names it with ``type: NAME``.

    A plugin calls it in the module its ``fourfold`` entry point names, under a namespaced
    name (``myco/bot``); `config` is a subclass of `AgentConfig` with
    ``type: Literal["myco/bot"] = "myco/bot"`` and the fields the kind takes.

    Raises:
        TypeError: `config` is not an `AgentConfig` whose ``type`` is `name`.
        ValueError: another factory has the name.
    """
    field = config.model_fields.get("type") if isinstance(config, type) else None
    if (
        not isinstance(config, type)
        or not issubclass(config, AgentConfig)
        or field is None
        or field.default != name
    ):
        raise TypeError(
            f"the config of agent {name!r} must be a subclass of fourfold.agents.AgentConfig "
            f"with type: Literal[{name!r}] = {name!r}"
        )
    register("agent", name, factory, config=config)


def make_agent(
    config: AgentConfig,
    *,
    base_dir: Path,
    cache: ResponseCache | None = None,
    use_cache: bool = True,
) -> Agent:
    """Build the adapter a suite's ``agent:`` entry names, by its kind's registered factory.

    Everything that can be checked before a trial runs is checked here: the module and
    function of a ``python`` agent (for ``isolation: process``, the spec's form only: the
    module is imported in the first worker, by `start_agent`), the program of a
    ``command``, the URL and the header variables of an ``http`` agent, every line of a
    ``replay`` file, the provider, the system prompt file and every tool of a ``model``
    agent; a plugin's kind checks what its factory checks.

    Args:
        config: the suite's agent entry.
        base_dir: the suite file's folder; relative paths are resolved against it.
        cache: where a ``model`` agent's model calls are kept and looked up (None: no
            cache); the agent's `aclose` flushes it.
        use_cache: whether a ``model`` agent looks its calls up in `cache` (its replies
            are stored either way); False for ``--no-cache``.

    Raises:
        ConfigError: the entry names something that does not exist or cannot work; the
            message says what and the hint what to do.
    """
    factory: AgentFactory = lookup("agent", config.type).factory
    return factory(config, base_dir=Path(base_dir), cache=cache, use_cache=use_cache)


def _python(
    config: PythonAgentConfig, /, *, base_dir: Path, cache: ResponseCache | None, use_cache: bool
) -> Agent:
    if config.isolation == "process":
        from ._isolated import ProcessAgent

        parse_spec(config.python)  # the import itself runs in a worker, by start_agent
        return ProcessAgent(
            config.python, path=config.path, base_dir=base_dir, timeout=config.timeout
        )
    fn = load_function(config.python, path=config.path, base_dir=base_dir)
    return PythonAgent(fn, timeout=config.timeout, name=config.python)


def _command(
    config: CommandAgentConfig, /, *, base_dir: Path, cache: ResponseCache | None, use_cache: bool
) -> Agent:
    from ._command import CommandAgent, parse_command  # imported by the suites that use it

    env = {**os.environ, **config.env}
    argv = parse_command(config.command, base_dir=base_dir, env=env)
    return CommandAgent(argv, cwd=base_dir, env=env, timeout=config.timeout)


def _http(
    config: HttpAgentConfig, /, *, base_dir: Path, cache: ResponseCache | None, use_cache: bool
) -> Agent:
    # Imported here so that agents importing `fourfold.agents.tool` don't load httpx.
    from ._http import HttpAgent, check_url, expand_headers

    url = check_url(config.http)
    return HttpAgent(url, headers=expand_headers(config.headers), timeout=config.timeout)


def _replay(
    config: ReplayAgentConfig, /, *, base_dir: Path, cache: ResponseCache | None, use_cache: bool
) -> Agent:
    from ._replay import ReplayAgent, read_replay  # only replaying runs load it

    path = base_dir / config.replay
    return ReplayAgent(path, read_replay(path))


def _model(
    config: ModelAgentConfig, /, *, base_dir: Path, cache: ResponseCache | None, use_cache: bool
) -> Agent:
    from ._model_agent import ModelAgent  # imported by the suites that use it
    from ._tools import load_tools

    system = config.system
    if config.system_file is not None:
        path = base_dir / config.system_file
        try:
            system = path.read_text(encoding="utf-8")
        except FileNotFoundError as exc:
            raise ConfigError(
                f"the system prompt file {config.system_file!r} does not exist ({path})",
                hint="system_file is relative to the suite file",
            ) from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(
                f"the system prompt file {path} cannot be read: {exc}",
                hint="system_file names a UTF-8 text file, relative to the suite file",
            ) from exc
    tools = load_tools(config.tools, path=config.path, base_dir=base_dir)
    return ModelAgent(
        get_model(config.model, cache=cache),
        system=system,
        tools=tools,
        max_turns=config.max_turns,
        temperature=config.temperature,
        timeout=config.timeout,
        use_cache=use_cache,
    )


register_agent("python", _python, PythonAgentConfig)
register_agent("command", _command, CommandAgentConfig)
register_agent("http", _http, HttpAgentConfig)
register_agent("replay", _replay, ReplayAgentConfig)
register_agent("model", _model, ModelAgentConfig)

"""What ``fourfold validate`` checks beyond loading the suite: that a run would start.

`fourfold.suite.load_suite` resolves the suite file and every name in it, but leaves the
agents alone: ``monitor``, ``compare`` and ``report`` load suites too, and run no agent.
A run, before its first trial, builds the agent it runs and the suite's models, and needs
cases. `preflight` does that for every agent the suite names, so a suite ``validate``
accepts does not fail as ``run`` starts:

* a Python agent's module is imported as the runner imports it (`fourfold._imports`):
  a module that is missing, has a syntax error, raises at import or calls ``sys.exit``
  there is reported with its file and line; then the agent is built as the runner builds
  it (`fourfold.agents.make_agent`: the function exists and takes ``(case)`` or ``(case,
  rec)``, a command's program exists, a replay file reads, a model agent's prompt file and
  tools load), and closed;
* every suite model is built (its provider exists), and closed;
* the agent has cases to run: the suite's case files, or, for a replay agent without any,
  the cases its recorded traces answer.

Importing an agent's module runs its top-level code, exactly as ``run`` would.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ._imports import import_user_module, split_reference
from .agents import (
    AgentConfig,
    PythonAgentConfig,
    ReplayAgentConfig,
    cases_from_replay,
    make_agent,
)
from .errors import ConfigError
from .models import get_model
from .suite import LoadedSuite

__all__ = ["preflight"]


def preflight(loaded: LoadedSuite) -> None:
    """Check that a run of each of the suite's agents would start.

    Raises:
        ConfigError: what ``run`` would stop on, for the first agent (or model) it would
            stop on; a mistake in the agent's own code names that file and line, anything
            else the suite's line.
    """
    asyncio.run(_preflight(loaded))


async def _preflight(loaded: LoadedSuite) -> None:
    for name, model_config in loaded.suite.models.items():
        try:
            model = get_model(model_config)
        except ConfigError as exc:
            raise _at(loaded, exc, ("models", name), f"model {name!r}: ") from exc
        await model.aclose()
    keyed = loaded.suite.agent is None  # `agents:` names them; a lone `agent:` is its version
    for name, cfg in loaded.suite.named_agents().items():
        where: tuple[str | int, ...] = ("agents", name) if keyed else ("agent",)
        try:
            if isinstance(cfg, PythonAgentConfig):
                _import_python(cfg, loaded.base_dir)
            agent = make_agent(cfg, base_dir=loaded.base_dir)
        except ConfigError as exc:
            raise _at(loaded, exc, where, f"agent {name!r}: ") from exc
        await agent.aclose()
        if not loaded.cases:
            _cases(loaded, name, cfg, where)


def _import_python(cfg: PythonAgentConfig, base_dir: Path) -> None:
    """Import a Python agent's module the way the runner does.

    A malformed ``module:function`` is left to `make_agent`, which says how to write it.
    """
    try:
        module, _ = split_reference(
            cfg.python, field="agent.python is", shape="module:function", hint=""
        )
    except ConfigError:
        return
    import_user_module(module, [(base_dir / p).resolve() for p in cfg.path], what="module")


def _cases(loaded: LoadedSuite, name: str, cfg: AgentConfig, where: tuple[str | int, ...]) -> None:
    if not isinstance(cfg, ReplayAgentConfig):
        raise ConfigError(
            f"the suite has no cases for agent {name!r} to run (0 cases)",
            file=loaded.path,
            line=_line(loaded, ("cases",) if "cases" in loaded.suite.model_fields_set else where),
            hint="add 'cases: cases.jsonl' (or replay recorded traces with a 'replay:' agent)",
        )
    try:
        cases_from_replay(loaded.base_dir / cfg.replay)  # as `run` derives them
    except ConfigError as exc:
        raise _at(loaded, exc, where, f"agent {name!r}: ") from exc


def _at(
    loaded: LoadedSuite, exc: ConfigError, where: tuple[str | int, ...], prefix: str
) -> ConfigError:
    """`exc`, said of the agent or model at `where`.

    At its own file and line when it has one (the agent's code), else at the suite's line.
    """
    if exc.file is not None:
        return ConfigError(prefix + exc.message, file=exc.file, line=exc.line, hint=exc.hint)
    return ConfigError(
        prefix + exc.message, file=loaded.path, line=_line(loaded, where), hint=exc.hint
    )


def _line(loaded: LoadedSuite, where: tuple[str | int, ...]) -> int | None:
    if loaded.lines is None or not where:
        return None
    return loaded.lines.line_of(where)

"""How a suite names the agent under test: one config per kind, chosen by ``type:``.

An agent entry is a union discriminated on ``type`` (``python``, ``command``, ``http``,
``replay``, ``model``, or a kind a plugin registers, such as ``myco/bot``). The union is
open: each kind is a subclass of `AgentConfig` registered with its factory in the one
registry (kind ``agent``: `fourfold.agents.register_agent`), so a plugin adds a kind by
registering it, and a suite names it with ``type: myco/bot``. Validating a mapping as an
`AgentConfig` (a suite's ``agent:``, or `AgentConfig.model_validate`) finds the kind in
the registry and validates the mapping as that kind's config; its errors keep their
place in the suite.

The built-in kinds need no ``type``: the key that names the agent says it
(``{python: support_agent:answer}`` is ``type: python``), as every suite written before the
union did.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    field_validator,
    model_validator,
)

from .._registry import lookup
from ..errors import UnknownNameError
from ..models import ModelConfig

__all__ = [
    "BUILTIN_AGENTS",
    "AgentConfig",
    "CommandAgentConfig",
    "HttpAgentConfig",
    "Isolation",
    "ModelAgentConfig",
    "PythonAgentConfig",
    "ReplayAgentConfig",
    "agent_config_class",
]

Isolation = Literal["in-process", "process"]
BUILTIN_AGENTS = ("python", "command", "http", "replay", "model")
"""The built-in kinds, each named by the key of the same name (``python: ...``)."""
MODEL_AGENT_TIMEOUT = 300.0


class AgentConfig(BaseModel):
    """The system under test: the fields every kind of agent has.

    Each kind subclasses it with ``type: Literal["<kind>"]`` and its own fields. A model
    with an `AgentConfig` field annotates it ``SerializeAsAny[AgentConfig]``, so that
    dumping it keeps the kind's fields (pydantic dumps a field as its declared class).
    """

    model_config = ConfigDict(extra="forbid")

    type: str
    """The kind of agent: ``python``, ``command``, ``http``, ``replay``, ``model`` (each
    implied by its own key), or a kind a plugin registers (``myco/bot``)."""
    version: str = "unversioned"
    """The label of this agent version, stored with the run (``v1``, a git sha, a model name)."""
    timeout: float = Field(default=60.0, gt=0)
    """Seconds a trial may take before it is recorded as an errored trial (default 60; 300
    for a ``model`` agent, whose tool loop makes several model calls)."""

    only_with: ClassVar[dict[str, str]] = {}
    """The message for a field of this kind given to another kind, by field, where the
    plain "FIELD only go with a KIND agent" says too little."""

    @property
    def kind(self) -> str:
        """Which adapter reaches the agent (its `type`)."""
        return self.type

    @model_validator(mode="wrap")
    @classmethod
    def _of_its_kind(cls, data: Any, handler: ModelWrapValidatorHandler[AgentConfig]) -> Any:
        if cls is not AgentConfig or not isinstance(data, dict):
            return handler(data)
        return agent_config_class(data).model_validate(data)


def agent_config_class(data: dict[str, Any]) -> type[AgentConfig]:
    """The config class of the agent entry `data`: its ``type``, or the built-in key it has.

    Raises:
        ValueError: no kind, two kinds, an unknown ``type``, or fields of another kind
            (validation reports it at the entry).
    """
    from . import _agent  # noqa: F401 - registers the built-in kinds

    given = [k for k in BUILTIN_AGENTS if data.get(k) not in (None, "", [], {})]
    kind = data.get("type")
    if kind is None:
        if len(given) != 1:
            raise ValueError(
                "give exactly one of python, command, http, replay or model"
                + (f" (got {', '.join(given)})" if given else "")
                + ", or type: for an agent a plugin registers"
            )
        kind = given[0]
    if not isinstance(kind, str):
        raise ValueError(f"type must be the name of a kind of agent, not {kind!r}")
    try:
        config = lookup("agent", kind).meta["config"]
    except UnknownNameError as exc:
        raise ValueError(f"{exc.message} ({exc.hint})" if exc.hint else exc.message) from exc
    assert isinstance(config, type) and issubclass(config, AgentConfig)
    stray = [k for k in data if k not in config.model_fields]
    other = next((k for k in BUILTIN_AGENTS if k in stray and k in given), None)
    if other is not None:
        raise ValueError(f"type: {kind} and {other}: name two kinds of agent; give one of them")
    _refuse_fields_of_other_kinds(kind, stray)
    return config


def _refuse_fields_of_other_kinds(kind: str, stray: list[str]) -> None:
    """Say which kind a stray field belongs to (unknown fields are left to validation)."""
    owners: dict[tuple[str, ...], list[str]] = {}
    for field in stray:
        kinds = tuple(
            name
            for name in BUILTIN_AGENTS
            if name != kind and field in lookup("agent", name).meta["config"].model_fields
        )
        if kinds:
            owners.setdefault(kinds, []).append(field)
    for kinds, fields in owners.items():
        notes = lookup("agent", kinds[0]).meta["config"].only_with
        if len(kinds) == 1 and len(fields) == 1 and fields[0] in notes:
            raise ValueError(notes[fields[0]])
        where = f" ({kinds[0]}: ...)" if len(kinds) == 1 else ""
        raise ValueError(f"{', '.join(fields)} only go with a {' or '.join(kinds)} agent{where}")


class PythonAgentConfig(AgentConfig):
    """A Python callable, called in-process or in worker processes."""

    type: Literal["python"] = "python"
    python: str
    """A callable as ``module:function``; it gets the case (and a `Recorder`) and returns a
    `Trace`, a dict in the trace's JSON form, or the answer as a string."""
    path: list[str] = Field(default_factory=lambda: ["."])
    """Folders added to the import path, relative to the suite file."""
    isolation: Isolation = "in-process"
    """Where the agent runs. ``in-process`` (the default): in fourfold's own process, a
    sync function in a thread of its own, an async one on the event loop. ``process``: in
    worker processes, one trial at a time each, so an agent that ends its process
    (``os._exit``, a crash) or blocks (``time.sleep`` in ``async def``) costs one errored
    trial, its worker killed at the timeout and replaced."""

    only_with: ClassVar[dict[str, str]] = {
        "isolation": "isolation only goes with a python agent (a command or http agent "
        "already runs in a process of its own)"
    }


class CommandAgentConfig(AgentConfig):
    """A program that reads the case as JSON on stdin and writes a trace as JSON on stdout."""

    type: Literal["command"] = "command"
    command: str | list[str]
    """The command line (a string split like a shell's, or the argv)."""
    env: dict[str, str] = Field(default_factory=dict)
    """Extra environment variables for the command."""


class HttpAgentConfig(AgentConfig):
    """A service the case is POSTed to as JSON; the response body is the trace as JSON."""

    type: Literal["http"] = "http"
    http: str
    """The URL."""
    headers: dict[str, str] = Field(default_factory=dict)
    """Extra HTTP headers; ``${TOKEN}`` in a value is read from the environment."""


class ReplayAgentConfig(AgentConfig):
    """Recorded traces, evaluated as they are."""

    type: Literal["replay"] = "replay"
    replay: str
    """A JSONL file of recorded traces (one per line, with ``case_id``), relative to the
    suite file."""


class ModelAgentConfig(AgentConfig):
    """A model run in a tool-calling loop with a system prompt and tools."""

    type: Literal["model"] = "model"
    model: ModelConfig
    """The model's config, or just its name (``openai/gpt-4.1-mini``). The same suite can
    name several, to compare models."""
    system: str | None = None
    """The system prompt."""
    system_file: str | None = None
    """A file holding the system prompt, relative to the suite file."""
    tools: list[str] = Field(default_factory=list)
    """``module:ATTRIBUTE`` naming a list of tool functions (sync or async), or one function;
    one spec or a list of them, imported like a ``python`` agent. Each function is described
    to the model from its name, docstring and type hints."""
    max_turns: int = Field(default=8, ge=1, le=1000)
    """The most model calls a trial may make; a model still calling tools then makes the
    trial an errored one."""
    temperature: float | None = Field(default=None, ge=0)
    """The sampling temperature, over the model config's."""
    path: list[str] = Field(default_factory=lambda: ["."])
    """Folders added to the import path for the tools, relative to the suite file."""
    timeout: float = Field(default=MODEL_AGENT_TIMEOUT, gt=0)
    """Seconds a trial may take (default 300: the tool loop makes several model calls)."""

    @field_validator("model", mode="before")
    @classmethod
    def _model_shorthand(cls, value: object) -> object:
        return {"model": value} if isinstance(value, str) else value

    @field_validator("tools", mode="before")
    @classmethod
    def _one_or_many(cls, value: object) -> object:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _one_prompt(self) -> ModelAgentConfig:
        if self.system is not None and self.system_file is not None:
            raise ValueError("give system or system_file, not both")
        return self

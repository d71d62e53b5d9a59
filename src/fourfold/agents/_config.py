"""How a suite names the agent under test."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..models import ModelConfig

__all__ = ["AgentConfig", "AgentKind", "Isolation"]

AgentKind = Literal["python", "command", "http", "replay", "model"]
Isolation = Literal["in-process", "process"]
_KINDS: tuple[AgentKind, ...] = ("python", "command", "http", "replay", "model")
_MODEL_ONLY = ("system", "system_file", "tools", "max_turns", "temperature")
MODEL_AGENT_TIMEOUT = 300.0


class AgentConfig(BaseModel):
    """The system under test: exactly one of `python`, `command`, `http`, `replay` or `model`."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    python: str | None = None
    """A callable as ``module:function``; it gets the case (and a `Recorder`) and returns a
    `Trace`, a dict in the trace's JSON form, or the answer as a string."""
    command: str | list[str] | None = None
    """A command that reads the case as JSON on stdin and writes a trace as JSON on stdout."""
    http: str | None = None
    """A URL to POST the case to as JSON; the response body is the trace as JSON."""
    replay: str | None = None
    """A JSONL file of recorded traces (one per line, with ``case_id``), evaluated as they are."""
    model: ModelConfig | None = None
    """A model run in a tool-calling loop with `system` and `tools`: its config, or just its
    name (``openai/gpt-4.1-mini``). The same suite can name several, to compare models."""
    system: str | None = None
    """The system prompt (``model`` only)."""
    system_file: str | None = None
    """A file holding the system prompt, relative to the suite file (``model`` only)."""
    tools: list[str] = Field(default_factory=list)
    """``module:ATTRIBUTE`` naming a list of tool functions (sync or async), or one function;
    one spec or a list of them, imported like a ``python`` agent (``model`` only). Each
    function is described to the model from its name, docstring and type hints."""
    max_turns: int = Field(default=8, ge=1, le=1000)
    """The most model calls a trial may make; a model still calling tools then makes the
    trial an errored one (``model`` only)."""
    temperature: float | None = Field(default=None, ge=0)
    """The sampling temperature, over the model config's (``model`` only)."""
    headers: dict[str, str] = Field(default_factory=dict)
    """Extra HTTP headers (``http`` only); ``${TOKEN}`` in a value is read from the environment."""
    env: dict[str, str] = Field(default_factory=dict)
    """Extra environment variables for the command (``command`` only)."""
    path: list[str] = Field(default_factory=lambda: ["."])
    """Folders added to the import path for a ``python`` agent or a ``model`` agent's tools,
    relative to the suite file."""
    version: str = "unversioned"
    """The label of this agent version, stored with the run (``v1``, a git sha, a model name)."""
    isolation: Isolation = "in-process"
    """Where a ``python`` agent runs. ``in-process`` (the default): in fourfold's own
    process, a sync function in a thread of its own, an async one on the event loop.
    ``process``: in worker processes, one trial at a time each, so an agent that ends its
    process (``os._exit``, a crash) or blocks (``time.sleep`` in ``async def``) costs one
    errored trial, its worker killed at the timeout and replaced (``python`` only)."""
    timeout: float = Field(default=60.0, gt=0)
    """Seconds a trial may take before it is recorded as an errored trial (default 60; 300
    for a ``model`` agent, whose tool loop makes several model calls)."""

    @field_validator("model", mode="before")
    @classmethod
    def _model_shorthand(cls, value: object) -> object:
        return {"model": value} if isinstance(value, str) else value

    @field_validator("tools", mode="before")
    @classmethod
    def _one_or_many(cls, value: object) -> object:
        return [value] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _exactly_one(self) -> AgentConfig:
        given = [k for k in _KINDS if getattr(self, k)]
        if len(given) != 1:
            raise ValueError(
                "give exactly one of python, command, http, replay or model"
                + (f" (got {', '.join(given)})" if given else "")
            )
        if "isolation" in self.model_fields_set and not self.python:
            raise ValueError(
                "isolation only goes with a python agent (a command or http agent already "
                "runs in a process of its own)"
            )
        if self.model is not None and "timeout" not in self.model_fields_set:
            self.timeout = MODEL_AGENT_TIMEOUT
        if self.model is None:
            stray = [k for k in _MODEL_ONLY if k in self.model_fields_set]
            if stray:
                raise ValueError(f"{', '.join(stray)} only go with a model agent (model: ...)")
        elif self.system is not None and self.system_file is not None:
            raise ValueError("give system or system_file, not both")
        return self

    @property
    def kind(self) -> AgentKind:
        """Which adapter reaches the agent."""
        for kind in _KINDS:
            if getattr(self, kind):
                return kind
        raise AssertionError("unreachable: validated to have one kind")

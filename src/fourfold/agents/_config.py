"""How a suite names the agent under test."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = ["AgentConfig", "AgentKind"]

AgentKind = Literal["python", "command", "http", "replay"]


class AgentConfig(BaseModel):
    """The system under test: exactly one of `python`, `command`, `http` or `replay`."""

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
    headers: dict[str, str] = Field(default_factory=dict)
    """Extra HTTP headers (``http`` only); ``${TOKEN}`` in a value is read from the environment."""
    env: dict[str, str] = Field(default_factory=dict)
    """Extra environment variables for the command (``command`` only)."""
    path: list[str] = Field(default_factory=lambda: ["."])
    """Folders added to the import path for a ``python`` agent, relative to the suite file."""
    version: str = "unversioned"
    """The label of this agent version, stored with the run (``v1``, a git sha, a model name)."""
    timeout: float = Field(default=60.0, gt=0)
    """Seconds a trial may take before it is recorded as an errored trial."""

    @model_validator(mode="after")
    def _exactly_one(self) -> AgentConfig:
        given = [k for k in ("python", "command", "http", "replay") if getattr(self, k)]
        if len(given) != 1:
            raise ValueError(
                "give exactly one of python, command, http or replay"
                + (f" (got {', '.join(given)})" if given else "")
            )
        return self

    @property
    def kind(self) -> AgentKind:
        """Which adapter reaches the agent."""
        for kind in ("python", "command", "http", "replay"):
            if getattr(self, kind):
                return kind
        raise AssertionError("unreachable: validated to have one kind")

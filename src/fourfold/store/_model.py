"""What the store keeps: runs and their trials, each trial with its trace and every result."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..checks import CheckResult
from ..trace import Trace

__all__ = ["Run", "RunStatus", "Trial", "TrialStatus"]

RunStatus = Literal["running", "finished", "interrupted"]
TrialStatus = Literal["ok", "error"]


class Run(BaseModel):
    """One evaluation of one agent version on one suite."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    id: str
    """Unique id (a sortable time prefix and random suffix); a unique prefix selects it."""
    suite: str
    """The suite's name."""
    suite_path: str | None = None
    """The suite file, when run from one."""
    agent_version: str
    """The label of the agent version under test (``v1``, a git sha, a model name)."""
    config: dict[str, Any] = Field(default_factory=dict)
    """The suite as it was run (agent, checks with their arguments, gate, repeats)."""
    package_version: str
    """The fourfold version that made the run."""
    git_sha: str | None = None
    """The git commit of the working directory, if it was a repository."""
    seed: int = 0
    """The run's seed; agents and statistics derive theirs from it."""
    started_at: datetime
    """When the run started."""
    ended_at: datetime | None = None
    """When it finished (None while running or when interrupted)."""
    status: RunStatus = "running"
    """``running``, ``finished`` or ``interrupted``."""
    summary: dict[str, Any] | None = None
    """The gate's per-layer verdicts and the decision, once finished."""


class Trial(BaseModel):
    """One execution of one case (one repeat) within a run, with every result."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    case_id: str
    """The case."""
    repeat: int = 0
    """Which repeat (0-based)."""
    status: TrialStatus
    """``ok``: the agent produced a trace and the checks ran; ``error``: the agent failed."""
    error: str | None = None
    """Why the agent failed (raised, timed out, returned garbage)."""
    trace: Trace | None = None
    """What the agent did (kept for errored trials too, as far as it got)."""
    results: list[CheckResult] = Field(default_factory=list)
    """Every check and judge result, with its layer and evidence."""
    started_at: datetime
    """When the trial started."""
    ended_at: datetime
    """When its checks finished."""
    latency_s: float | None = None
    """Seconds the agent took."""

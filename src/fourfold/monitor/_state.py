"""What a monitor remembers across restarts, in one JSON file written atomically.

The files already read (and how far, for JSONL files read as they grow), the window open
now and its run, each layer's history of windows, what the judges have cost, and the
alerts a webhook has not accepted yet.
"""

from __future__ import annotations

import json
import os
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..errors import ConfigError

__all__ = ["FileState", "HistoryPoint", "MonitorState", "OpenWindow", "PendingDelivery"]

STATE_VERSION = 1


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FileState(_Model):
    """One file of the watched folder, as far as it has been read."""

    size: int = 0
    """Its size when last looked at."""
    mtime_ns: int = 0
    """Its modification time when last looked at."""
    offset: int = 0
    """Bytes read so far (a JSONL file is read up to its last complete line)."""
    lines: int = 0
    """Lines read so far (to name the line of a bad one)."""
    done: bool = False
    """A JSON file was read (or given up); it is not read again."""
    error: str | None = None
    """Why it was given up, if it was."""
    traces: int = 0
    """Documents read from it."""


class OpenWindow(_Model):
    """The window traffic is going into now."""

    start: datetime
    """Its start (UTC)."""
    run_id: str
    """The run its traces are stored in."""


class HistoryPoint(_Model):
    """One past window of one layer: what the control limits pool."""

    start: datetime
    """The window's start."""
    run_id: str
    """Its run."""
    passed: int
    """Traces that passed the layer."""
    decided: int
    """Traces the layer passed or failed."""


class PendingDelivery(_Model):
    """An alert a webhook has not accepted yet."""

    alert: dict[str, Any]
    """The alert as JSON."""
    attempts: int = 0
    """Deliveries tried so far."""
    next_at: datetime
    """When to try again."""


class MonitorState(_Model):
    """Everything the monitor needs to carry on where it stopped."""

    version: int = STATE_VERSION
    """The state file's format."""
    suite: str
    """The suite monitored: a state file belongs to one suite."""
    files: dict[str, FileState] = Field(default_factory=dict)
    """Files of the watched folder, by path relative to it."""
    open_window: OpenWindow | None = None
    """The window open now."""
    history: dict[str, list[HistoryPoint]] = Field(default_factory=dict)
    """Per layer, the last windows that were not flagged for it, oldest first."""
    judge_spent_usd: float = 0.0
    """What the judges have cost (calls served from the cache cost nothing)."""
    judged_traces: int = 0
    """Traces the judges graded."""
    budget_exhausted: bool = False
    """The judge budget is spent: no more judge calls."""
    pending: list[PendingDelivery] = Field(default_factory=list)
    """Alerts waiting for the webhook."""

    @classmethod
    def load(cls, path: Path, suite: str) -> MonitorState:
        """The state in `path`, or a fresh one when the file does not exist.

        Raises:
            ConfigError: the file is not a monitor state, or belongs to another suite.
        """
        if not path.exists():
            return cls(suite=suite)
        try:
            state = cls.model_validate(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, ValidationError) as exc:
            raise ConfigError(
                f"cannot read the monitor state: {str(exc).splitlines()[0]}",
                file=path,
                hint="move the file away to start afresh (every file in the folder is then "
                "read again), or give another --state",
            ) from exc
        if state.suite != suite:
            raise ConfigError(
                f"the monitor state belongs to suite {state.suite!r}, not {suite!r}",
                file=path,
                hint="give each monitored suite its own --state file",
            )
        return state

    def save(self, path: Path) -> None:
        """Write the state to `path` atomically (a crash leaves the old or the new file)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(self.model_dump_json(indent=1))
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

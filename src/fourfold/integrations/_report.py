"""What an import did besides the traces: what it skipped and why, and how it read the file.

A recorded file is rarely all good: τ-bench's runner writes a record for an episode that
crashed (``{"info": {"error", "traceback"}, "traj": []}``), an export holds traces of
other instrumentation. An import keeps every trace it can read and reports the rest, so
nothing good is lost to one bad record and nothing bad passes unseen; only a file with
nothing to import is an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ._common import ImportedTrace

__all__ = ["ImportReport", "Skipped"]


@dataclass(frozen=True, slots=True)
class Skipped:
    """One record (or trace) left out of an import."""

    where: str
    """Which: ``record 12 (task 5, trial 0)``, ``trace 4bf9...``."""
    reason: str
    """Why, in words."""

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


@dataclass
class ImportReport:
    """The traces an import read, what it skipped, and notes on how it read the file."""

    traces: list[ImportedTrace] = field(default_factory=list)
    """The traces read, in file order."""
    skipped: list[Skipped] = field(default_factory=list)
    """What was left out, and why."""
    notes: list[str] = field(default_factory=list)
    """How the file was read where that is not the obvious way (repeats renumbered...)."""

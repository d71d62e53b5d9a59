"""The run store: every run, trial, trace and result, in SQLite (or Postgres by URL)."""

from ._model import Run, RunStatus, Trial, TrialStatus

__all__ = ["Run", "RunStatus", "Trial", "TrialStatus"]

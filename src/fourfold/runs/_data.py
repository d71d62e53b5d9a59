"""A stored run with everything needed to read it: its cases and its trials."""

from __future__ import annotations

from dataclasses import dataclass

from ..cases import Case
from ._model import Run, Trial

__all__ = ["RunData"]


@dataclass(frozen=True)
class RunData:
    """A stored run with its cases and trials (`fourfold.store.load_run` reads one)."""

    run: Run
    cases: list[Case]
    trials: list[Trial]

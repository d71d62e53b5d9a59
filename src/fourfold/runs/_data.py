"""A stored run with everything needed to read it: its cases, its trials and their reviews."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..cases import Case
from ._model import Review, Run, Trial
from ._reviews import latest_reviews, reviewed_trials

__all__ = ["RunData"]


@dataclass(frozen=True)
class RunData:
    """A stored run with its cases and trials (`fourfold.store.load_run` reads one)."""

    run: Run
    cases: list[Case]
    trials: list[Trial]
    reviews: list[Review] = field(default_factory=list)
    """People's reviews of the judged results, oldest first (`Store.reviews`)."""

    def reviewed(self) -> RunData:
        """The run with every judged result as its reviews leave it (`effective_result`).

        The summary, the gate, `compare` and the reports read a run this way; calibration
        reads `trials` as the judges left them. The same object when nothing was reviewed.
        """
        if not latest_reviews(self.reviews):
            return self
        return replace(self, trials=reviewed_trials(self.trials, self.reviews))

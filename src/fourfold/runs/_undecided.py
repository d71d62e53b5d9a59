"""Results that could not decide, counted per check and per layer, with their causes.

A result with status ``error`` (a check that raised, a judge whose model failed or whose
reply could not be read, a judge naming a model the suite lacks) is neither a pass nor a
failure, so pass rates and scores leave it out. Left out without a word, it would let a
run whose judge never answered read as clean: 60 unreadable replies and no score looks
exactly like a suite without that judge. So the gate, the comparison of two runs and the
monitor's windows count errors here, per layer, and each asks for review when

* a check ran in the layer (gave a result other than ``skip``) and decided nothing; or
* the share of the layer's trials with an errored result is above the tolerance
  (`fourfold.gate.GateConfig.max_error_rate`, or the layer's own `max_error_rate`).

Skips are not errors: a check that does not apply to a trace (a pairwise judge without a
baseline run, a criterion that needs an expected outcome the case lacks) says so, and a
layer fed only by skips has no data, as before.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from ._model import Trial
from ._result import CheckResult, Layer

__all__ = [
    "ERROR_CATEGORY_KEY",
    "CheckErrors",
    "LayerErrors",
    "category_words",
    "count_errors",
]

ERROR_CATEGORY_KEY = "error_category"
"""The result-metadata key naming why a judge could not decide (``unparseable``,
``server``, ``config``...); a result without it is a check that raised or returned nothing
usable (``check_error``)."""

_CHECK_ERROR = "check_error"

_CATEGORY_WORDS = {
    "unparseable": "unparseable reply",
    "score_out_of_scale": "score off the scale",
    "config": "configuration error",
    "auth": "authentication failed",
    "rate_limit": "rate limited",
    "bad_request": "bad request",
    "server": "server error",
    "timeout": "timeout",
    "provider": "provider error",
    _CHECK_ERROR: "check error",
}


def category_words(category: str) -> str:
    """An error category in words (``unparseable`` → ``unparseable reply``).

    Examples:
        >>> category_words("server"), category_words("made_up")
        ('server error', 'made_up')
    """
    return _CATEGORY_WORDS.get(category, category)


class CheckErrors(BaseModel):
    """One check's results in one layer: how many ran, how many could not decide, and why."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    check: str
    """The check's name (``rubric:grounding``)."""
    ran: int
    """Its results that were not skipped."""
    errored: int
    """Its results with status ``error``."""
    categories: dict[str, int] = Field(default_factory=dict)
    """The errored results by cause (``metadata["error_category"]``, else ``check_error``),
    most frequent first."""

    @property
    def never_decided(self) -> bool:
        """The check ran and every one of its results errored."""
        return self.ran > 0 and self.errored == self.ran

    def describe(self) -> str:
        """In a few words: ``rubric:grounding: 60 of 60 results errored (unparseable reply)``."""
        causes = [
            category_words(c) if len(self.categories) == 1 else f"{category_words(c)} ×{n}"
            for c, n in self.categories.items()
        ]
        plural = "result" if self.ran == 1 else "results"
        return f"{self.check}: {self.errored} of {self.ran} {plural} errored ({', '.join(causes)})"


@dataclass(frozen=True)
class LayerErrors:
    """The errored results of one layer over a set of trials."""

    layer: Layer
    ran_trials: int = 0
    """Trials with a result in the layer other than ``skip``."""
    errored_trials: int = 0
    """Trials with at least one errored result in the layer."""
    checks: list[CheckErrors] = field(default_factory=list)
    """The checks with at least one errored result, most errors first."""
    decided: bool = False
    """Whether any result of the layer passed or failed."""

    @property
    def error_rate(self) -> float:
        """`errored_trials` / `ran_trials` (0 when nothing ran)."""
        return self.errored_trials / self.ran_trials if self.ran_trials else 0.0

    @property
    def ran(self) -> bool:
        """Whether any check of the layer ran (gave a result other than ``skip``)."""
        return self.ran_trials > 0

    def reasons(self, tolerance: float) -> list[str]:
        """Why these errors ask for review (empty when they do not).

        Args:
            tolerance: the share of the layer's trials allowed an errored result.
        """
        out: list[str] = []
        listed = self.listed()
        if self.error_rate > tolerance:
            out.append(
                f"{self.errored_trials} of {self.ran_trials} trials had a result that could "
                f"not decide ({self.error_rate:.0%} > {tolerance:.0%} allowed): {listed}"
            )
        else:
            out.extend(
                f"{c.describe()}, so it never decided" for c in self.checks if c.never_decided
            )
        return out

    def listed(self, limit: int = 3) -> str:
        """The errored checks, described, the first `limit` of them."""
        shown = "; ".join(c.describe() for c in self.checks[:limit])
        more = len(self.checks) - limit
        return shown + (f"; and {more} more check{'s' if more != 1 else ''}" if more > 0 else "")


def count_errors(trials: Iterable[Trial], layer: Layer) -> LayerErrors:
    """Count the results of `layer` that could not decide, per check, over `trials`.

    Errored trials (the agent failed) are left out: the gate counts them on their own.

    Examples:
        >>> from datetime import datetime, UTC
        >>> now = datetime(2026, 1, 1, tzinfo=UTC)
        >>> bad = CheckResult(check="rubric:grounding", layer="grounding", status="error",
        ...                   metadata={"error_category": "unparseable"})
        >>> t = Trial(case_id="a", status="ok", started_at=now, ended_at=now, results=[bad])
        >>> errors = count_errors([t], "grounding")
        >>> errors.checks[0].describe(), errors.decided
        ('rubric:grounding: 1 of 1 result errored (unparseable reply)', False)
    """
    ran: Counter[str] = Counter()
    errored: Counter[str] = Counter()
    causes: dict[str, Counter[str]] = {}
    ran_trials = errored_trials = 0
    decided = False
    for trial in trials:
        if trial.status != "ok":
            continue
        results = [r for r in trial.results if r.layer == layer and r.status != "skip"]
        if not results:
            continue
        ran_trials += 1
        trial_errored = False
        for r in results:
            ran[r.check] += 1
            if r.status == "error":
                trial_errored = True
                errored[r.check] += 1
                causes.setdefault(r.check, Counter())[_category(r)] += 1
            else:
                decided = True
        errored_trials += trial_errored
    checks = [
        CheckErrors(
            check=name,
            ran=ran[name],
            errored=n,
            categories=dict(causes[name].most_common()),
        )
        for name, n in errored.most_common()
    ]
    return LayerErrors(layer, ran_trials, errored_trials, checks, decided)


def _category(result: CheckResult) -> str:
    category = result.metadata.get(ERROR_CATEGORY_KEY)
    return str(category) if category else _CHECK_ERROR

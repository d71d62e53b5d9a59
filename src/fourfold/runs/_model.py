"""What the store keeps: runs and their trials, each trial with its trace and every result."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..cases import Case
from ..trace import Trace
from ._result import CheckResult, Status

__all__ = [
    "Analysis",
    "Label",
    "Review",
    "ReviewAction",
    "Run",
    "RunStatus",
    "Trial",
    "TrialCount",
    "TrialStatus",
    "repeats_of",
]

RunStatus = Literal["running", "finished", "interrupted"]
TrialStatus = Literal["ok", "error"]
ReviewAction = Literal["accept", "override"]
"""``accept``: the judge's score stands; ``override``: a person gives another score."""


class Run(BaseModel):
    """One evaluation of one agent version on one suite."""

    model_config = ConfigDict(extra="forbid")

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

    @property
    def regraded_from(self) -> str | None:
        """The run whose stored traces this run graded again (`fourfold regrade`), or None.

        Kept in `config` (``config["regraded_from"]``), so the store, `fourfold export` and
        `fourfold load` carry it with the rest of the run's configuration.
        """
        value = self.config.get("regraded_from")
        return value if isinstance(value, str) else None


@dataclass(frozen=True)
class TrialCount:
    """How many of a run's trials are stored, against how many it has to run.

    A run has to run every case it started with, `repeats` times; a run with fewer stored
    trials is incomplete, whatever its status says, and never reads as ``deploy``.

    Examples:
        >>> TrialCount(stored=7, expected=24).describe()
        'incomplete: 7 of 24 trials'
    """

    stored: int
    """Stored trials of the run's cases, at most `repeats` of each case counted."""
    expected: int
    """The run's cases times its repeats."""

    @classmethod
    def of(cls, run: Run, cases: Sequence[Case], trials: Iterable[Trial]) -> TrialCount:
        """Count a run read into memory, as `Store.trial_count` counts it in the store.

        The repeats are the run's ``config["repeats"]`` (1 when absent); each case counts
        at most that many trials, and trials of cases the run does not hold do not count.
        """
        repeats = repeats_of(run.config)
        per_case = Counter(t.case_id for t in trials)
        ids = {c.id for c in cases}
        return cls(stored=sum(min(per_case[i], repeats) for i in ids), expected=len(ids) * repeats)

    @property
    def complete(self) -> bool:
        """Every case has all its repeats stored."""
        return self.stored >= self.expected

    def describe(self) -> str:
        """``incomplete: N of M trials`` (or ``N of M trials`` when complete)."""
        head = "" if self.complete else "incomplete: "
        return f"{head}{self.stored} of {self.expected} trials"


class Trial(BaseModel):
    """One execution of one case (one repeat) within a run, with every result."""

    model_config = ConfigDict(extra="forbid")

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


class Label(BaseModel):
    """A human's score of one trial (or of a case) on one criterion.

    The key is (run, case, repeat, criterion, labeller): storing a label with the key of a
    stored one replaces it, so re-importing a corrected file updates the labels.
    """

    model_config = ConfigDict(extra="forbid")

    run_id: str | None = None
    """The run whose trial was labelled; None for a label kept without a run."""
    case_id: str = Field(min_length=1)
    """The case."""
    repeat: int | None = Field(default=None, ge=0)
    """The repeat labelled; None for a label on the case (calibration applies it to
    repeat 0, the trial a labeller of a one-repeat run saw)."""
    criterion: str = Field(min_length=1)
    """The check the label grades, as results name it (``rubric:grounding``)."""
    labeller: str = Field(min_length=1)
    """Who labelled (a name or a pseudonym); labels of different people are kept apart."""
    value: float
    """The score, on the criterion's scale (0-3 for the built-in rubric criteria)."""
    note: str | None = None
    """Why, in the labeller's words: read when a judge disagrees."""
    source: str | None = None
    """Where the label came from (``labels.csv:12``)."""
    created_at: datetime | None = None
    """When it was stored (set by the store)."""

    @field_validator("value")
    @classmethod
    def _finite(cls, value: float) -> float:
        if not math.isfinite(value):
            raise ValueError("a label's value must be a finite number")
        return value


class Analysis(BaseModel):
    """A result computed from a run and kept with it: a calibration, a comparison..."""

    model_config = ConfigDict(extra="forbid")

    run_id: str
    """The run analysed."""
    kind: str
    """What analysis: ``calibration``, ``comparison``, ``consistency``..."""
    key: str
    """Which one of its kind: the criterion calibrated, the other run compared with."""
    body: dict[str, Any]
    """The analysis as JSON (the report model's ``model_dump(mode="json")``)."""
    created_at: datetime
    """When it was stored; saving the same (run, kind, key) again replaces it."""


class Review(BaseModel):
    """A person's review of one judge result: the score accepted, or overridden with a reason.

    Reviews are appended, never changed: the judge's result stays as it was stored, every
    review of it is kept, and the latest one is the one in force.
    """

    model_config = ConfigDict(extra="forbid")

    run_id: str = Field(min_length=1)
    """The run."""
    case_id: str = Field(min_length=1)
    """The case of the trial reviewed."""
    repeat: int = Field(ge=0)
    """The repeat of the trial reviewed."""
    check: str = Field(min_length=1)
    """The judge's check, as results name it (``rubric:grounding``)."""
    original_score: float | None = None
    """The judge's score, as stored with the result (None when it gave none)."""
    original_status: Status
    """The result's status, as stored."""
    action: ReviewAction
    """``accept`` or ``override``."""
    new_score: float | None = None
    """The reviewer's score (an override only)."""
    reason: str | None = None
    """Why (required to override)."""
    reviewer: str = Field(min_length=1)
    """Who reviewed (a name or a pseudonym)."""
    created_at: datetime | None = None
    """When it was stored (set by the store)."""
    id: int | None = None
    """The store's number for it (set by the store); later reviews have larger ones."""

    @model_validator(mode="after")
    def _override_has_score_and_reason(self) -> Review:
        if self.action == "override":
            if self.new_score is None:
                raise ValueError("an override needs the new score")
            if not (self.reason or "").strip():
                raise ValueError("an override needs a reason: say why the judge was wrong")
        elif self.new_score is not None:
            raise ValueError("an accepted score keeps the judge's: give no new score")
        if self.new_score is not None and not math.isfinite(self.new_score):
            raise ValueError("a review's score must be a finite number")
        return self

    @property
    def score(self) -> float | None:
        """The score in force after this review: the new one, or the judge's when accepted."""
        return self.new_score if self.action == "override" else self.original_score


def repeats_of(config: Any) -> int:
    """A run's repeats, from its stored config (1 for runs that do not say)."""
    repeats = config.get("repeats") if isinstance(config, dict) else None
    return repeats if isinstance(repeats, int) and repeats >= 1 else 1

"""What a judged result counts as once people reviewed it: the one rule every decision shares.

A review (`Review`) accepts a judge's score or overrides it with a reason; reviews are
appended and the latest of a result is in force. `effective_result` turns a stored result
and its reviews into the result the summary, the gate and `compare` count from then on:

* **override**: the reviewer's score, with the status it earns on the judge's own rule
  (a rubric's ``pass_at``; a pairwise verdict from the win score). The judge's result is
  kept beside it in ``metadata["review"]`` (`REVIEW_KEY`), with who, when and why.
* **accept**: the judge's result, unchanged but for ``metadata["review"]``: a person
  confirmed it.
* **no review**, or a review of another score (the result was graded again since, so the
  person saw a different one): the judge's result as stored.

Calibration does not count effective results: the judge is the instrument being
calibrated, so its original score is what is compared, and a review is one more human
label of the trial (`review_labels`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._model import Label, Review, Trial
from ._result import CheckResult, Status

__all__ = [
    "REVIEW_KEY",
    "ReviewKey",
    "ReviewTally",
    "applies",
    "effective_result",
    "latest_reviews",
    "review_labels",
    "review_of",
    "reviewed_trials",
    "tally_reviews",
]

REVIEW_KEY = "review"
"""The result-metadata key of a reviewed result: the review in force and the judge's
original (``action``, ``reviewer``, ``at``, ``reason``, ``judge_score``, ``judge_status``
and, for pairwise, ``judge_verdict``)."""

ReviewKey = tuple[str, int, str]
"""(case id, repeat, check): the result a review is of."""

_WIN_SCORES = {1.0: "candidate", 0.5: "tie", 0.0: "baseline"}
"""A pairwise win score as its verdict (the inverse of `PAIRWISE_SCORES`)."""


def latest_reviews(reviews: Iterable[Review]) -> dict[ReviewKey, Review]:
    """The review in force per (case, repeat, check): the last one of `reviews`.

    `reviews` are in store order, oldest first, as `Store.reviews` lists them (and an
    export carries them), so the latest review of a result is the one kept.
    """
    return {(r.case_id, r.repeat, r.check): r for r in reviews}


def applies(review: Review, result: CheckResult) -> bool:
    """Whether `review` is of `result` as stored: the same check, score and status.

    A result graded again since its review (another score, or a decision where there was an
    error) is not the one the person saw, so their review no longer stands for it.
    """
    return (
        review.check == result.check
        and review.original_status == result.status
        and review.original_score == result.score
    )


def effective_result(result: CheckResult, review: Review | None) -> CheckResult:
    """The result that counts: `result` as `review` (the one in force, or None) leaves it.

    A result that carries a review already (``metadata["review"]``) is returned as it is,
    so reading a run through its reviews twice changes nothing.

    Examples:
        >>> from datetime import datetime, UTC
        >>> judge = CheckResult(check="rubric:grounding", layer="grounding", status="fail",
        ...                     score=1, metadata={"pass_at": 2, "model_calls": []})
        >>> review = Review(run_id="r", case_id="a", repeat=0, check="rubric:grounding",
        ...                 original_score=1, original_status="fail", action="override",
        ...                 new_score=3, reason="the refund policy allows it",
        ...                 reviewer="ana", created_at=datetime(2026, 1, 2, tzinfo=UTC))
        >>> counted = effective_result(judge, review)
        >>> counted.status, counted.score, counted.metadata["review"]["judge_score"]
        ('pass', 3.0, 1.0)
    """
    if review is None or review_of(result) is not None or not applies(review, result):
        return result  # no review, a result reviewed already, or a stale review
    note: dict[str, Any] = {
        "action": review.action,
        "reviewer": review.reviewer,
        "at": None if review.created_at is None else review.created_at.isoformat(),
        "reason": review.reason,
        "judge_score": result.score,
        "judge_status": result.status,
    }
    metadata = {**result.metadata, REVIEW_KEY: note}
    if review.action == "accept" or review.new_score is None:
        return result.model_copy(update={"metadata": metadata})
    score = review.new_score
    status = _status_of(result, score)
    verdict = _WIN_SCORES.get(score)
    if "verdict" in result.metadata and verdict is not None:
        note["judge_verdict"] = result.metadata.get("verdict")
        metadata.update(verdict=verdict, position_inconsistent=False)
    return result.model_copy(update={"score": score, "status": status, "metadata": metadata})


def _status_of(result: CheckResult, score: float) -> Status:
    """The status `score` earns on the judge's own rule; the judge's status when it has none.

    A rubric passes at its ``pass_at``; a pairwise result fails only when the baseline
    wins. A model-graded check with neither keeps the judge's pass or fail (the reviewer's
    score is recorded and shown, and counts where scores count); where the judge could not
    decide, a score above 0 passes.
    """
    pass_at = result.metadata.get("pass_at")
    if isinstance(pass_at, int | float) and not isinstance(pass_at, bool):
        return "pass" if score >= pass_at else "fail"
    if "verdict" in result.metadata and score in _WIN_SCORES:
        return "fail" if _WIN_SCORES[score] == "baseline" else "pass"
    if result.status in ("pass", "fail"):
        return result.status
    return "pass" if score > 0 else "fail"


def review_of(result: CheckResult) -> Mapping[str, Any] | None:
    """The review note `effective_result` put on a result (None: not reviewed)."""
    note = result.metadata.get(REVIEW_KEY)
    return note if isinstance(note, Mapping) else None


def reviewed_trials(trials: Sequence[Trial], reviews: Iterable[Review]) -> list[Trial]:
    """`trials` with every judged result as its reviews leave it (`effective_result`).

    Trials without a review in force are returned as they are (the same objects).
    """
    latest = latest_reviews(reviews)
    if not latest:
        return list(trials)
    out: list[Trial] = []
    for trial in trials:
        results = [
            effective_result(r, latest.get((trial.case_id, trial.repeat, r.check)))
            for r in trial.results
        ]
        changed = any(a is not b for a, b in zip(results, trial.results, strict=True))
        out.append(trial.model_copy(update={"results": results}) if changed else trial)
    return out


@dataclass(frozen=True)
class ReviewTally:
    """How many of a run's judged results people reviewed, as the reviews in force say."""

    overridden: int = 0
    """Results whose score a person replaced."""
    accepted: int = 0
    """Results whose score a person confirmed."""
    stale: int = 0
    """Reviews of a score the result no longer has (graded again since): not counted."""


def tally_reviews(trials: Sequence[Trial], reviews: Iterable[Review]) -> ReviewTally:
    """Count the reviews in force on `trials`' results: overridden, accepted, stale."""
    latest = latest_reviews(reviews)
    overridden = accepted = stale = 0
    for trial in trials:
        for result in trial.results:
            review = latest.get((trial.case_id, trial.repeat, result.check))
            note = review_of(result)
            if note is not None:  # a trial read through its reviews already
                overridden += note.get("action") == "override"
                accepted += note.get("action") == "accept"
            elif review is None:
                continue
            elif not applies(review, result):
                stale += 1
            elif review.action == "override":
                overridden += 1
            else:
                accepted += 1
    return ReviewTally(overridden=overridden, accepted=accepted, stale=stale)


def review_labels(trials: Sequence[Trial], reviews: Iterable[Review], check: str) -> list[Label]:
    """The reviews in force on `check` as human labels of the judge's original scores.

    An override is a person's score of the trial; an accept is a person's score equal to
    the judge's. Each becomes a `Label` by the reviewer (``source="review"``, the reason
    as its note). Stale reviews are left out, as are reviews of results without a score.
    """
    latest = latest_reviews(reviews)
    labels: list[Label] = []
    for trial in trials:
        for result in trial.results:
            if result.check != check:
                continue
            review = latest.get((trial.case_id, trial.repeat, check))
            if review is None or not applies(review, result) or review.score is None:
                continue
            labels.append(
                Label(
                    run_id=review.run_id,
                    case_id=trial.case_id,
                    repeat=trial.repeat,
                    criterion=check,
                    labeller=review.reviewer,
                    value=review.score,
                    note=review.reason,
                    source="review",
                    created_at=review.created_at,
                )
            )
            break
    return labels

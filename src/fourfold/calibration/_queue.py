"""A share of a run's judge scores drawn for people to review, the least certain first.

People cannot review every judge score, so `fourfold sample RUN --review-share 0.1` draws
a share of them, weighted to the scores the judge was least sure of. A judged result's
uncertainty (0 sure, 1 not at all) is the largest of what the run says about it:

* **confidence**: ``1 - metadata["confidence"]`` when the judge reported one (0-1);
* **the scale's middle**: a rubric score next to its pass mark (``pass_at``) could as
  well have been on the other side of it; a score at either end of the scale could not.
  On 0-3 with ``pass_at`` 2, a 1 or a 2 is 0.75 and a 0 or a 3 is 0.25;
* **spread across repeats**: the same check on the other repeats of the case disagreeing
  (the scores' standard deviation against half the scale; pass against fail);
* **pairwise**: a verdict that changed when the two answers swapped places is 1, a tie
  0.5;
* **no score**: a judge that errored is 1 (a person decides instead).

Each result is drawn with weight ``FLOOR + uncertainty`` (so a sure score can still be
drawn, and a reviewer sees how the judge does where it is sure), without replacement, by
a seeded draw (Efraimidis–Spirakis keys): the same seed gives the same queue. Results
reviewed already and skipped results are not drawn. The queue is kept with the run
(``store.get_analysis(run, "review_queue", "")``) for the viewer's reviews page.
"""

from __future__ import annotations

import csv
import json
import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..errors import ConfigError
from ..runs import (
    CheckResult,
    Review,
    Trial,
    is_model_graded,
    is_pairwise,
    latest_reviews,
)
from ..store import Store
from ._sample import _csv_cell

__all__ = [
    "FLOOR",
    "QUEUE_COLUMNS",
    "QUEUE_KIND",
    "QueueItem",
    "ReviewQueue",
    "draw_review_queue",
    "review_queue",
    "uncertainty",
    "write_queue",
]

QUEUE_KIND = "review_queue"
"""The kind of analysis the queue is kept as (its key is ``""``: one queue per run)."""
FLOOR = 0.05
"""Weight every result has besides its uncertainty, so no score is never drawn."""
QUEUE_COLUMNS = ["case_id", "repeat", "check", "layer", "status", "score", "uncertainty", "why"]
"""The columns of a queue written to a file."""
JUDGE_PREFIXES = ("rubric:", "pairwise:")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class QueueItem(_Model):
    """One judge result to review."""

    case_id: str
    repeat: int
    check: str
    layer: str
    status: str
    """The judge's status."""
    score: float | None
    """The judge's score (None when it gave none)."""
    uncertainty: float
    """0 (the run gives no reason to doubt the score) to 1."""
    why: str
    """Which measure gave the uncertainty, in words."""


class ReviewQueue(_Model):
    """A seeded draw of a run's judge results for people to review."""

    run_id: str
    share: float = Field(gt=0, le=1)
    """The share of the run's judged results asked for."""
    seed: int
    """The seed of the draw."""
    judged: int
    """Judged results that could be drawn (not skipped, not reviewed already)."""
    reviewed: int
    """Judged results left out because people reviewed them already."""
    items: list[QueueItem]
    """The draw, least certain first."""


def _is_judged(result: CheckResult) -> bool:
    return result.check.startswith(JUDGE_PREFIXES) or is_model_graded(result)


def _scale(result: CheckResult) -> tuple[float, float] | None:
    scale = result.metadata.get("scale")
    if (
        isinstance(scale, list | tuple)
        and len(scale) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in scale)
        and scale[0] < scale[1]
    ):
        return float(scale[0]), float(scale[1])
    return None


def uncertainty(result: CheckResult, others: Sequence[CheckResult] = ()) -> tuple[float, str]:
    """How unsure the judge's `result` is (0-1) and which measure says so.

    Args:
        result: a judged result.
        others: the same check's results on the case's other repeats.

    Examples:
        >>> from fourfold.runs import CheckResult
        >>> r = CheckResult(check="rubric:grounding", layer="grounding", status="fail",
        ...                 score=1, metadata={"scale": [0, 3], "pass_at": 2})
        >>> uncertainty(r)
        (0.75, 'score 1 next to the pass mark 2 on 0-3')
    """
    if result.status == "error":
        return 1.0, "the judge could not decide"
    found: list[tuple[float, str]] = [(0.0, "no measure of doubt")]
    confidence = result.metadata.get("confidence")
    if isinstance(confidence, int | float) and not isinstance(confidence, bool):
        if 0 <= confidence <= 1:
            found.append((1.0 - float(confidence), f"the judge's confidence {confidence:g}"))
    scale = _scale(result)
    pass_at = result.metadata.get("pass_at")
    if scale is not None and result.score is not None and isinstance(pass_at, int | float):
        lo, hi = scale
        half = (hi - lo + 1) / 2
        mark = float(pass_at) - 0.5
        value = max(0.0, 1.0 - abs(result.score - mark) / half)
        found.append(
            (value, f"score {result.score:g} next to the pass mark {pass_at:g} on {lo:g}-{hi:g}")
        )
    if is_pairwise(result):
        if result.metadata.get("position_inconsistent"):
            found.append((1.0, "the verdict changed when the answers swapped places"))
        elif result.metadata.get("verdict") == "tie":
            found.append((0.5, "a tie"))
    decided = [o for o in others if o.status in ("pass", "fail")]
    if decided and result.status in ("pass", "fail"):
        every = [result, *decided]
        scores = [o.score for o in every if o.score is not None]
        if scale is not None and len(scores) == len(every):
            spread = min(1.0, statistics.pstdev(scores) / ((scale[1] - scale[0]) / 2))
            found.append((spread, f"scores {', '.join(f'{s:g}' for s in scores)} over repeats"))
        passes = sum(o.status == "pass" for o in every)
        minority = min(passes, len(every) - passes) / len(every)
        if minority:
            found.append((2 * minority, f"{passes} of {len(every)} repeats pass, the rest fail"))
    value, why = max(found, key=lambda f: f[0])
    return round(min(1.0, value), 6), why


def draw_review_queue(
    trials: Sequence[Trial],
    share: float,
    *,
    run_id: str,
    seed: int,
    reviews: Sequence[Review] = (),
    checks: Sequence[str] | None = None,
) -> ReviewQueue:
    """Draw `share` of the run's judged results for review, weighted to the least certain.

    Args:
        trials: the run's trials, as the judges left them.
        share: the share to draw, above 0 and at most 1 (at least one result is drawn
            when there is any).
        run_id: the run.
        seed: the seed of the draw.
        reviews: the run's reviews: results reviewed already are not drawn.
        checks: draw only results of these checks (all judged results when None).

    Raises:
        ValueError: `share` is not above 0 and at most 1.
    """
    if not 0 < share <= 1:
        raise ValueError(f"share must be above 0 and at most 1 (0.1 is a tenth), got {share}")
    done = latest_reviews(reviews)
    by_case: dict[tuple[str, str], list[tuple[Trial, CheckResult]]] = defaultdict(list)
    for trial in trials:
        if trial.status != "ok":
            continue
        for result in trial.results:
            if _is_judged(result) and (checks is None or result.check in checks):
                by_case[(trial.case_id, result.check)].append((trial, result))
    pool: list[QueueItem] = []
    reviewed = 0
    for (_, check), found in by_case.items():
        for trial, result in found:
            if result.status == "skip":
                continue
            if (trial.case_id, trial.repeat, check) in done:
                reviewed += 1
                continue
            others = [r for t, r in found if t.repeat != trial.repeat]
            value, why = uncertainty(result, others)
            pool.append(
                QueueItem(
                    case_id=trial.case_id,
                    repeat=trial.repeat,
                    check=check,
                    layer=result.layer,
                    status=result.status,
                    score=result.score,
                    uncertainty=value,
                    why=why,
                )
            )
    n = min(len(pool), math.ceil(share * len(pool) - 1e-9)) if pool else 0
    rng = np.random.default_rng(np.random.SeedSequence([seed % 2**64, 0x5E71E4]))
    weights = np.array([FLOOR + item.uncertainty for item in pool])
    # Efraimidis–Spirakis: the n largest of u^(1/w) are a weighted draw without replacement.
    keys = rng.random(len(pool)) ** (1.0 / weights) if pool else np.array([])
    order = sorted(range(len(pool)), key=lambda i: (-keys[i], i))[:n]
    items = sorted(
        (pool[i] for i in order),
        key=lambda it: (-it.uncertainty, it.case_id, it.repeat, it.check),
    )
    return ReviewQueue(
        run_id=run_id, share=share, seed=seed, judged=len(pool), reviewed=reviewed, items=items
    )


def review_queue(
    store: Store,
    run_id: str,
    share: float,
    *,
    seed: int | None = None,
    checks: Sequence[str] | None = None,
    save: bool = True,
) -> ReviewQueue:
    """Draw a run's review queue (`draw_review_queue`) and keep it with the run.

    The viewer's reviews page lists the queue's results not yet reviewed; drawing again
    replaces it.

    Args:
        store: the run store.
        run_id: the run (a unique prefix or ``latest`` works).
        share: the share of judged results to draw (above 0, at most 1).
        seed: the seed of the draw (default: the run's).
        checks: draw only results of these checks.
        save: keep the queue with the run.

    Raises:
        ConfigError: the run has no judged result to draw.
    """
    run = store.get_run(run_id)
    queue = draw_review_queue(
        store.trials(run.id),
        share,
        run_id=run.id,
        seed=run.seed if seed is None else seed,
        reviews=store.reviews(run.id),
        checks=checks,
    )
    if not queue.judged:
        what = f"of {', '.join(checks)} " if checks else ""
        raise ConfigError(
            f"run {run.id} has no judge result {what}left to review",
            hint="only scores a model judge gave are reviewed (rubric and pairwise checks); "
            + (f"{queue.reviewed} are reviewed already" if queue.reviewed else "run a judge"),
        )
    if save:
        store.save_analysis(run.id, QUEUE_KIND, "", queue.model_dump(mode="json"))
    return queue


def write_queue(path: str | Path, queue: ReviewQueue) -> Path:
    """Write the queue's items as CSV or JSONL, by the file's suffix.

    Raises:
        ConfigError: the suffix is neither ``.csv`` nor ``.jsonl``, or the file cannot be
            written.
    """
    file = Path(path)
    suffix = file.suffix.lower()
    if suffix not in (".csv", ".jsonl"):
        raise ConfigError(f"cannot write a review queue to {file}: give a .csv or .jsonl file")
    rows = [item.model_dump(mode="json") for item in queue.items]
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        with file.open("w", encoding="utf-8", newline="") as handle:
            if suffix == ".jsonl":
                handle.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
            else:
                writer = csv.DictWriter(handle, fieldnames=QUEUE_COLUMNS)
                writer.writeheader()
                writer.writerows({k: _csv_cell(v) for k, v in row.items()} for row in rows)
    except OSError as exc:
        raise ConfigError(f"cannot write the review queue {file}: {exc.strerror}") from exc
    return file

"""The labelled items of a criterion, and their seeded split into tuning and held-out.

An item is one trial with a judge score and a human score. The split is by case (the
repeats of a case fall on one side), seeded, so the same seed gives the same held-out
slice; the held-out slice is never shown to a proposal, nor used to choose one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..runs import Label, Trial

__all__ = ["Item", "Split", "labelled_items", "split_items"]

Key = tuple[str, int]


@dataclass(frozen=True)
class Item:
    """One labelled trial: the judge's stored score and the people's."""

    case_id: str
    """The case."""
    repeat: int
    """The repeat."""
    judge: float
    """The judge's score, as stored with the run (the criterion before any edit)."""
    human: float
    """The people's score: their mean, rounded to the scale (half up)."""
    notes: tuple[str, ...] = ()
    """The labellers' notes."""

    @property
    def key(self) -> Key:
        """``(case_id, repeat)``."""
        return (self.case_id, self.repeat)


@dataclass(frozen=True)
class Split:
    """The items, split: tuning (proposals see and are chosen on it) and held-out."""

    tuning: tuple[Item, ...]
    """What proposals are made from and chosen on."""
    held_out: tuple[Item, ...]
    """What the kappa before and after is reported on; no proposal ever sees it."""
    seed: int
    """The seed of the split."""
    fraction: float
    """The share of cases held out, as asked."""


def labelled_items(trials: Sequence[Trial], labels: Sequence[Label], check: str) -> list[Item]:
    """The trials with a judge score on `check` and at least one human label, in order.

    A label on a case (no repeat) applies to repeat 0, as calibration applies it.
    """
    scores: dict[Key, float] = {}
    for trial in trials:
        for result in trial.results:
            if result.check == check and result.score is not None:
                scores[(trial.case_id, trial.repeat)] = float(result.score)
    given: dict[Key, list[Label]] = {}
    for label in labels:
        if label.criterion == check:
            given.setdefault((label.case_id, label.repeat or 0), []).append(label)
    items = []
    for key, judge in scores.items():
        found = given.get(key)
        if not found:
            continue
        mean = sum(lb.value for lb in found) / len(found)
        items.append(
            Item(
                key[0],
                key[1],
                judge,
                float(math.floor(mean + 0.5)),
                tuple(lb.note for lb in found if lb.note),
            )
        )
    return items


def split_items(items: Sequence[Item], fraction: float, seed: int) -> Split:
    """Hold out `fraction` of the cases (at least one, and one left to tune on), seeded.

    Raises:
        ValueError: `fraction` is not in (0, 1), or fewer than two cases are labelled.

    Examples:
        >>> items = [Item(f"c{i}", 0, 1.0, 1.0) for i in range(10)]
        >>> split = split_items(items, 0.3, seed=7)
        >>> len(split.held_out), len(split.tuning)
        (3, 7)
        >>> split_items(items, 0.3, seed=7) == split
        True
    """
    if not 0 < fraction < 1:
        raise ValueError(f"the held-out share must be between 0 and 1, not {fraction}")
    cases = sorted({item.case_id for item in items})
    if len(cases) < 2:
        raise ValueError(
            f"{len(cases)} labelled cases: a held-out slice and a tuning slice need two at least"
        )
    order = np.random.default_rng(seed).permutation(len(cases))
    n_held = min(len(cases) - 1, max(1, round(fraction * len(cases))))
    held = {cases[i] for i in order[:n_held]}
    return Split(
        tuple(i for i in items if i.case_id not in held),
        tuple(i for i in items if i.case_id in held),
        seed,
        fraction,
    )

"""Labelling samples: which trials people label, drawn so failures are well represented.

A run that passes 90% of the time would give a sample of 90% passes at its own rate, and
agreement on the rare failures — the ones a gate exists for — would rest on a handful of
items. The sample is stratified by the judge's score instead, with equal allocation
across the levels of the scale (a level with fewer trials than its share gives all of
them, and the rest goes to the other levels).

One trial per case (a random repeat, when the run has several): items are then
independent for the bootstrap, and the labelling effort covers more cases.

The held-out slice is fixed by the case and the criterion alone (`is_held_out`): the
same cases are held out whatever the run, the seed or the rubric's wording, so a rubric
revised after reading disagreements is tested on cases it was never tuned on. Within each
level the sample draws `HELD_OUT_SHARE` from the held-out slice, so the held-out verdict
has items to stand on (a fifth of 100 would leave it about 20).

The file hides the judge: no score, no status, no explanation, and the rows shuffled (in
score order they would give the score away).
"""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict

from ..cases import Case
from ..errors import ConfigError
from ..judges import Criterion
from ..runs import Trial
from ..store import Store
from ..trace import Trace
from ._items import JudgedTrial, criterion_definition, judged_trials, resolve_criterion

__all__ = [
    "HELD_OUT_FRACTION",
    "HELD_OUT_SHARE",
    "SAMPLE_COLUMNS",
    "Sample",
    "SampleItem",
    "StratumCount",
    "draw_sample",
    "export_sample",
    "is_held_out",
    "sample_rows",
    "write_sample",
]

HELD_OUT_FRACTION = 0.2
"""The share of cases held out (per criterion), never to be tuned on."""

HELD_OUT_SHARE = 0.5
"""The share of each level's draw taken from the held-out slice (when it has enough)."""

SAMPLE_COLUMNS = (
    "case_id",
    "repeat",
    "slot",
    "labeller",
    "value",
    "note",
    "criterion",
    "run",
    "held_out",
    "seed",
    "input",
    "output",
    "passages",
    "expected",
    "focus",
    "tool_calls",
    "rubric",
)
"""The columns of a sample file: fill in ``labeller``, ``value`` and ``note``."""

_MAX_OUTPUT = 20_000
_MAX_INPUT = 10_000
_MAX_PASSAGE = 600
_MAX_PASSAGES = 10
_MAX_TOOL_LOG = 3_000
# A cell starting with one of these is a formula to a spreadsheet: agent output such as
# "=HYPERLINK(...)" would run when the labeller opens the file (CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SampleItem(_Model):
    """One trial to label."""

    case_id: str
    """The case."""
    repeat: int
    """The repeat (one per case)."""
    held_out: bool
    """Whether the case is in the held-out slice of the criterion."""
    judge_score: float
    """The judge's score: the stratum. Never written to the file labellers see."""


class StratumCount(_Model):
    """How many trials a (judge score, slice) stratum had and how many were drawn."""

    judge_score: float
    """The judge's score."""
    held_out: bool
    """The slice."""
    available: int
    """Cases with a trial at this score in this slice."""
    drawn: int
    """Drawn into the sample."""


class Sample(_Model):
    """A labelling sample of one run on one criterion."""

    run_id: str
    """The run sampled."""
    criterion: str
    """The check labelled (``rubric:grounding``)."""
    seed: int
    """The seed of the draw; the same seed and run give the same sample."""
    n: int
    """The size asked for."""
    items: list[SampleItem]
    """The trials drawn, in the (shuffled) order of the file."""
    strata: list[StratumCount]
    """The draw by judge score and slice."""
    unscored: int
    """Trials whose result on the criterion is an error or a skip, not sampled."""


def is_held_out(case_id: str, criterion: str) -> bool:
    """Whether a case is in the criterion's held-out slice (`HELD_OUT_FRACTION` of cases).

    A hash of the criterion and the case id alone: the same in every run, for every seed
    and every wording of the rubric.

    Examples:
        >>> is_held_out("refund-1", "rubric:grounding") == is_held_out(
        ...     "refund-1", "rubric:grounding")
        True
    """
    digest = hashlib.sha256(f"fourfold-held-out\x00{criterion}\x00{case_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") < HELD_OUT_FRACTION * 2**64


def draw_sample(
    trials: Sequence[Trial],
    criterion: str,
    *,
    run_id: str,
    n: int,
    seed: int,
    held_out_share: float = HELD_OUT_SHARE,
) -> Sample:
    """Draw a labelling sample from a run's trials (no I/O).

    Args:
        trials: the run's trials.
        criterion: the check to label, as results name it (``rubric:grounding``).
        run_id: the run's id, recorded in the sample.
        n: how many trials to draw (fewer when the run has fewer cases).
        seed: the seed of the draw.
        held_out_share: the share of each level's draw taken from the held-out slice.

    Returns:
        The sample, shuffled.

    Raises:
        ValueError: `n` is below 1 or `held_out_share` is not between 0 and 1.
    """
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    if not 0 <= held_out_share <= 1:
        raise ValueError(f"held_out_share must be between 0 and 1, got {held_out_share}")
    rng = np.random.default_rng(_seed_sequence(seed))
    judged = judged_trials(trials, criterion)
    scored = [j for j in judged if j.score is not None]
    by_case: dict[str, list[JudgedTrial]] = {}
    for item in scored:
        by_case.setdefault(item.case_id, []).append(item)
    chosen = [
        options[int(rng.integers(len(options)))] if len(options) > 1 else options[0]
        for options in by_case.values()
    ]
    pools: dict[tuple[float, bool], list[JudgedTrial]] = {}
    for item in chosen:
        assert item.score is not None  # only scored trials were kept
        pools.setdefault((item.score, is_held_out(item.case_id, criterion)), []).append(item)
    levels = sorted({score for score, _ in pools})
    per_level = _allocate(
        n, [len(pools.get((s, True), [])) + len(pools.get((s, False), [])) for s in levels]
    )
    drawn: list[SampleItem] = []
    strata: list[StratumCount] = []
    for score, quota in zip(levels, per_level, strict=True):
        slices = (True, False)
        sizes = [len(pools.get((score, held), [])) for held in slices]
        counts = _allocate(quota, sizes, [held_out_share, 1 - held_out_share])
        for held, size, count in zip(slices, sizes, counts, strict=True):
            pool = pools.get((score, held), [])
            picks = rng.choice(size, size=count, replace=False).tolist() if count else []
            drawn.extend(
                SampleItem(
                    case_id=pool[int(i)].case_id,
                    repeat=pool[int(i)].repeat,
                    held_out=held,
                    judge_score=score,
                )
                for i in picks
            )
            if size:
                strata.append(
                    StratumCount(judge_score=score, held_out=held, available=size, drawn=count)
                )
    order = rng.permutation(len(drawn))
    return Sample(
        run_id=run_id,
        criterion=criterion,
        seed=seed,
        n=n,
        items=[drawn[int(i)] for i in order],
        strata=strata,
        unscored=len(judged) - len(scored),
    )


def _seed_sequence(seed: int) -> np.random.SeedSequence:
    # SeedSequence takes non-negative entropy; a run's seed may be any integer.
    return np.random.SeedSequence(seed % 2**64)


def _allocate(
    n: int, capacities: Sequence[int], weights: Sequence[float] | None = None
) -> list[int]:
    """Split `n` across strata in proportion to `weights` (equal by default), capped.

    A stratum with fewer than its share gives all it has, and what it could not give is
    shared among the others in the same proportions. Fractions go by largest remainder.

    Examples:
        >>> _allocate(100, [5, 500, 500, 500])
        [5, 32, 32, 31]
        >>> _allocate(10, [3, 20], [0.5, 0.5])
        [3, 7]
    """
    k = len(capacities)
    shares = list(weights) if weights is not None else [1.0] * k
    given = [0] * k
    remaining = min(n, sum(capacities))
    active = [i for i in range(k) if capacities[i] > 0 and shares[i] > 0]
    while remaining > 0 and active:
        total = sum(shares[i] for i in active)
        exact = {i: remaining * shares[i] / total for i in active}
        full = [i for i in active if exact[i] >= capacities[i] - given[i]]
        if full:
            for i in full:
                remaining -= capacities[i] - given[i]
                given[i] = capacities[i]
            active = [i for i in active if i not in full]
            continue
        floors = {i: int(exact[i]) for i in active}
        for i in active:
            given[i] += floors[i]
        left = remaining - sum(floors.values())
        by_remainder = sorted(active, key=lambda i: (-(exact[i] - floors[i]), i))
        for i in by_remainder[:left]:
            given[i] += 1
        remaining = 0
    if remaining > 0:
        # Only strata of weight 0 have room left (e.g. a held-out share of 0 or 1 with
        # one slice exhausted): fill them rather than draw fewer than asked.
        for i in range(k):
            take = min(remaining, capacities[i] - given[i])
            given[i] += take
            remaining -= take
    return given


def sample_rows(
    sample: Sample,
    *,
    cases: Sequence[Case],
    trials: Sequence[Trial],
    criterion: Criterion | None,
    labellers: int = 2,
) -> list[dict[str, Any]]:
    """The rows of the file to label: one per item and labeller slot (`SAMPLE_COLUMNS`).

    Each labeller slot gets every item, in its own order, with ``labeller``, ``value`` and
    ``note`` empty to fill in; ``slot`` says whose rows they are. Rows carry what a
    labeller needs (input, output, passages, the case's expected outcome and focus, the
    tool calls, the rubric with its anchors) and nothing of the judge's verdict.

    Raises:
        ValueError: `labellers` is below 1.
    """
    if labellers < 1:
        raise ValueError(f"labellers must be at least 1, got {labellers}")
    by_case = {c.id: c for c in cases}
    by_trial = {(t.case_id, t.repeat): t for t in trials}
    rubric = _rubric_text(criterion)
    # Its own stream, so the rows' order never moves the draw.
    rng = np.random.default_rng(_seed_sequence(sample.seed).spawn(1)[0])
    rows: list[dict[str, Any]] = []
    for slot in range(1, labellers + 1):
        order = range(len(sample.items)) if slot == 1 else rng.permutation(len(sample.items))
        for index in order:
            item = sample.items[int(index)]
            trial = by_trial.get((item.case_id, item.repeat))
            trace = trial.trace if trial is not None else None
            case = by_case.get(item.case_id)
            rows.append(
                {
                    "case_id": item.case_id,
                    "repeat": item.repeat,
                    "slot": slot,
                    "labeller": "",
                    "value": None,
                    "note": "",
                    "criterion": sample.criterion,
                    "run": sample.run_id,
                    "held_out": item.held_out,
                    "seed": sample.seed,
                    "input": _input_text(case),
                    "output": _cut(trace.text if trace else "", _MAX_OUTPUT),
                    "passages": _passages_text(trace),
                    "expected": (case.expected or "") if case else "",
                    "focus": (case.focus or "") if case else "",
                    "tool_calls": _tool_log(trace),
                    "rubric": rubric,
                }
            )
    return rows


def write_sample(path: str | Path, rows: Sequence[dict[str, Any]]) -> Path:
    """Write sample rows as CSV (for a spreadsheet) or JSONL, by the file's suffix.

    Text cells of a CSV that a spreadsheet would run as a formula (starting with ``=``,
    ``+``, ``-`` or ``@``) get a leading apostrophe.

    Raises:
        ConfigError: the suffix is neither ``.csv`` nor ``.jsonl``, or the file cannot be
            written.
    """
    file = Path(path)
    suffix = file.suffix.lower()
    if suffix not in (".csv", ".jsonl"):
        raise ConfigError(
            f"cannot write a sample to {file}: give a .csv (for a spreadsheet) or .jsonl file"
        )
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        with file.open("w", encoding="utf-8", newline="") as handle:
            if suffix == ".jsonl":
                for row in rows:
                    handle.write(json.dumps(row, ensure_ascii=False) + "\n")
            else:
                writer = csv.DictWriter(handle, fieldnames=SAMPLE_COLUMNS)
                writer.writeheader()
                for row in rows:
                    writer.writerow({k: _csv_cell(v) for k, v in row.items()})
    except OSError as exc:
        raise ConfigError(f"cannot write the sample {file}: {exc.strerror}") from exc
    return file


def export_sample(
    store: Store,
    run_id: str,
    criterion: str,
    *,
    n: int,
    path: str | Path,
    seed: int | None = None,
    labellers: int = 2,
    held_out_share: float = HELD_OUT_SHARE,
) -> Sample:
    """Draw a labelling sample of a stored run and write the file to label.

    Args:
        store: the run store.
        run_id: the run (a unique prefix or ``latest`` works).
        criterion: the check to label (``rubric:grounding``, or ``grounding``).
        n: how many trials to draw.
        path: the file to write (``.csv`` or ``.jsonl``).
        seed: the seed of the draw (default: the run's).
        labellers: how many people label each item (rows per item).
        held_out_share: the share of each level's draw taken from the held-out slice.

    Raises:
        ConfigError: the run has no such check, or no trial with a score on it.
    """
    run = store.get_run(run_id)
    trials = store.trials(run.id)
    name = resolve_criterion(criterion, {r.check for t in trials for r in t.results})
    sample = draw_sample(
        trials,
        name,
        run_id=run.id,
        n=n,
        seed=run.seed if seed is None else seed,
        held_out_share=held_out_share,
    )
    if not sample.items:
        raise ConfigError(
            f"run {run.id} has no trial with a score on {name} to sample "
            f"({sample.unscored} results are errors or skips)",
            hint="sample a run whose judge scored its trials",
        )
    rows = sample_rows(
        sample,
        cases=store.cases(run.id),
        trials=trials,
        criterion=criterion_definition(run, name),
        labellers=labellers,
    )
    write_sample(path, rows)
    return sample


def _csv_cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    if value is None:
        return ""
    return value


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f" […{len(text) - limit} more characters]"


def _input_text(case: Case | None) -> str:
    if case is None:
        return ""
    if isinstance(case.input, str):
        return _cut(case.input, _MAX_INPUT)
    turns = "\n\n".join(f"[{m.role}] {m.content or ''}" for m in case.input)
    return _cut(turns, _MAX_INPUT)


def _passages_text(trace: Trace | None) -> str:
    if trace is None or not trace.passages:
        return ""
    shown = [f"[{p.id}] {_cut(p.text, _MAX_PASSAGE)}" for p in trace.passages[:_MAX_PASSAGES]]
    more = len(trace.passages) - _MAX_PASSAGES
    if more > 0:
        shown.append(f"[…{more} more passages]")
    return "\n\n".join(shown)


def _tool_log(trace: Trace | None) -> str:
    if trace is None or not trace.tool_calls:
        return ""
    lines = []
    for i, call in enumerate(trace.tool_calls):
        line = f"[{i}] {call.signature()}"
        if call.error is not None:
            line += f" -> error: {call.error}"
        lines.append(line)
    return _cut("\n".join(lines), _MAX_TOOL_LOG)


def _rubric_text(criterion: Criterion | None) -> str:
    if criterion is None:
        return ""
    anchors = "\n".join(
        f"{score}: {criterion.anchors[score].strip()}" for score in reversed(criterion.levels)
    )
    return f"{criterion.description.strip()}\n{anchors}"

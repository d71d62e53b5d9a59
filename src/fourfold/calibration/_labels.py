"""Human labels from CSV or JSONL files: read, checked line by line, and stored.

A label file has one label per row, with the columns

=============  =========================================================================
``case_id``    the case (required)
``criterion``  the check labelled, ``rubric:grounding`` (or ``grounding``) (required)
``labeller``   who labelled (required when the row has a value)
``value``      the score on the criterion's scale; a row without one is not labelled yet
               and is skipped (required column)
``repeat``     the repeat labelled; empty for a label on the case
``note``       why, in the labeller's words
``run``        the run (or ``run_id``); may instead be given for the whole file
=============  =========================================================================

and any other columns, which are ignored: the file `fourfold sample` writes is a label
file once its ``value`` column is filled in.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from .._encoding import kind_of
from .._records import read_csv, read_jsonl
from ..errors import ConfigError, RunNotFoundError, StoreError
from ..runs import Label, Run
from ..store import Store
from ._items import RUBRIC_PREFIX, Scale, builtin_scales, judged_trials, scale_of

__all__ = ["LABEL_COLUMNS", "LabelImport", "import_labels", "load_labels", "trial_labels"]

LABEL_COLUMNS = ("case_id", "criterion", "labeller", "value")
"""The columns every label file must have."""

MAX_REPEAT = 2**31 - 1
"""The largest repeat a label may name (the store keeps it in a 32-bit integer)."""

_RUN_COLUMNS = ("run", "run_id")
_SUFFIXES = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}
_COLUMNS_HINT = (
    "a label file has the columns case_id, criterion, labeller, value, and optionally "
    "repeat, note and run (the file `fourfold sample` writes has them all)"
)


class LabelImport(BaseModel):
    """What `import_labels` stored."""

    model_config = ConfigDict(extra="forbid")

    stored: int
    """Labels stored (a label with the key of a stored one replaced it)."""
    skipped: int
    """Rows without a value (not labelled yet), left out."""
    runs: list[str]
    """The runs the labels are of."""
    criteria: list[str]
    """The criteria labelled."""
    without_run: int
    """Labels that name no run (kept, but calibration of a run uses only its own labels)."""


@dataclass(frozen=True, slots=True)
class _Row:
    """One row of a label file, as read: its first line and its fields."""

    line: int
    fields: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class _Parsed:
    """A row with a value, its fields checked for type."""

    line: int
    run: str | None
    case_id: str
    repeat: int | None
    criterion: str
    labeller: str
    value: float
    note: str | None


def load_labels(
    path: str | Path,
    *,
    run_id: str | None = None,
    scales: Mapping[str, Scale] | None = None,
) -> list[Label]:
    """Read the labels of a CSV or JSONL label file (rows without a value are skipped).

    A criterion written without its check prefix (``grounding``) is read as the built-in
    rubric check (``rubric:grounding``) when there is one. Values are checked against the
    criterion's scale when it is known: the built-in rubric criteria's, and `scales`.

    Args:
        path: a ``.csv`` or ``.jsonl`` file.
        run_id: the run of rows that name none (ids are kept as written).
        scales: the (low, high) integer scale of further criteria, by check name.

    Returns:
        The labels, in file order, each with its ``file:line`` as `Label.source`.

    Raises:
        ConfigError: the file is missing or unreadable, a column is missing, a value is not
            a number or off the scale, a repeat is not a whole number, a row has a value
            but no labeller, or two rows label the same thing; with the file and line.
    """
    known = {**builtin_scales(), **(scales or {})}
    file = Path(path)
    labels: list[Label] = []
    seen: dict[tuple[Any, ...], int] = {}
    for row in _read_rows(file):
        parsed = _parse(row, file)
        if parsed is None:
            continue
        criterion = _prefixed(parsed.criterion, known)
        run = parsed.run if parsed.run is not None else run_id
        _check_scale(parsed, criterion, known.get(criterion), file)
        _check_unique(
            seen, (run, parsed.case_id, parsed.repeat, criterion, parsed.labeller), parsed, file
        )
        labels.append(_label(parsed, run, criterion, file))
    return labels


def import_labels(store: Store, path: str | Path, *, run_id: str | None = None) -> LabelImport:
    """Read a label file, check every label against its run, and store the labels.

    Beyond what `load_labels` checks: each run named (in the file or by `run_id`; a unique
    prefix or ``latest`` works) must be in the store, the criterion must be a check the
    run has results of (``grounding`` is read as ``rubric:grounding`` when that is the
    run's), the value must be on the scale those results record, and the case (and
    repeat) must be one the run ran. Nothing is stored unless every row passes.

    Args:
        store: the run store.
        path: a ``.csv`` or ``.jsonl`` file.
        run_id: the run of rows that name none; a row naming another run is an error.

    Raises:
        ConfigError: a row is wrong (with the file and line), or `run_id` is not a run.
    """
    file = Path(path)
    read = _read_rows(file)
    rows = [(row, parsed) for row in read if (parsed := _parse(row, file)) is not None]
    skipped = len(read) - len(rows)
    default_run = _resolve_run(store, run_id, file, None) if run_id is not None else None
    resolved: dict[str, str] = {}
    for row, parsed in rows:
        if parsed.run is not None and parsed.run not in resolved:
            resolved[parsed.run] = _resolve_run(store, parsed.run, file, row.line)
    runs = {run: _RunFacts.of(store, run) for run in {default_run, *resolved.values()} if run}
    builtins = builtin_scales()
    labels: list[Label] = []
    seen: dict[tuple[Any, ...], int] = {}
    for _row, parsed in rows:
        run = resolved[parsed.run] if parsed.run is not None else default_run
        if default_run is not None and run != default_run:
            raise ConfigError(
                f"the row is of run {run}, but the labels were imported for run {default_run}",
                file=file,
                line=parsed.line,
                hint="leave out --run to import labels of several runs, or fix the run column",
            )
        if run is None:
            criterion = _prefixed(parsed.criterion, builtins)
            scale = builtins.get(criterion)
        else:
            facts = runs[run]
            criterion = facts.criterion(parsed, file)
            facts.check_trial(parsed, file)
            scale = facts.scales.get(criterion)
        _check_scale(parsed, criterion, scale, file)
        _check_unique(
            seen, (run, parsed.case_id, parsed.repeat, criterion, parsed.labeller), parsed, file
        )
        labels.append(_label(parsed, run, criterion, file))
    stored = store.add_labels(labels)
    return LabelImport(
        stored=stored,
        skipped=skipped,
        runs=sorted({label.run_id for label in labels if label.run_id is not None}),
        criteria=sorted({label.criterion for label in labels}),
        without_run=sum(label.run_id is None for label in labels),
    )


@dataclass(frozen=True, slots=True)
class _RunFacts:
    """What a run's labels are checked against."""

    run_id: str
    cases: frozenset[str]
    trials: frozenset[tuple[str, int]]
    checks: frozenset[str]
    scales: Mapping[str, Scale]

    @classmethod
    def of(cls, store: Store, run_id: str) -> _RunFacts:
        trials = store.trials(run_id)
        checks = {r.check for t in trials for r in t.results}
        scales: dict[str, Scale] = {}
        for check in checks:
            scale = scale_of(judged_trials(trials, check))
            if scale is not None:
                scales[check] = scale
        return cls(
            run_id=run_id,
            cases=frozenset({c.id for c in store.cases(run_id)} | {t.case_id for t in trials}),
            trials=frozenset((t.case_id, t.repeat) for t in trials),
            checks=frozenset(checks),
            scales=scales,
        )

    def criterion(self, parsed: _Parsed, file: Path) -> str:
        name = parsed.criterion
        if name in self.checks:
            return name
        if RUBRIC_PREFIX + name in self.checks:
            return RUBRIC_PREFIX + name
        known = sorted(self.checks)
        raise ConfigError(
            f"run {self.run_id} has no result of the check {name!r}",
            file=file,
            line=parsed.line,
            hint="its checks: " + ", ".join(known) if known else "the run has no results",
        )

    def check_trial(self, parsed: _Parsed, file: Path) -> None:
        if parsed.case_id not in self.cases:
            raise ConfigError(
                f"run {self.run_id} has no case {parsed.case_id!r}",
                file=file,
                line=parsed.line,
                hint="check the case_id, or the run the labels are imported for",
            )
        if parsed.repeat is not None and (parsed.case_id, parsed.repeat) not in self.trials:
            repeats = sorted(r for c, r in self.trials if c == parsed.case_id)
            raise ConfigError(
                f"run {self.run_id} has no repeat {parsed.repeat} of case {parsed.case_id!r}",
                file=file,
                line=parsed.line,
                hint=f"its repeats: {', '.join(map(str, repeats))}"
                if repeats
                else "the case has no trial yet",
            )


def _resolve_run(store: Store, given: str, file: Path, line: int | None) -> str:
    try:
        return store.get_run(given).id
    except StoreError as exc:
        if line is None:
            raise
        what = "no run" if isinstance(exc, RunNotFoundError) else "an ambiguous run"
        raise ConfigError(
            f"{what} {given!r} in the store {store.where}",
            file=file,
            line=line,
            hint="`fourfold runs` lists the runs (a unique prefix of an id or 'latest' works)",
        ) from exc


def _read_rows(file: Path) -> list[_Row]:
    kind = _SUFFIXES.get(file.suffix.lower())
    if kind is None:
        raise ConfigError(
            f"cannot read labels from {file}: the file must end in .csv or .jsonl",
            hint=_COLUMNS_HINT,
        )
    if kind_of(file) != "file":
        raise ConfigError(f"label file not found: {file}")
    read = read_csv if kind == "csv" else read_jsonl
    records = read(file, what="label file", required=LABEL_COLUMNS, hint=_COLUMNS_HINT)
    return [_Row(record.line, record.data) for record in records]


def _text(value: Any) -> str | None:
    """A field as stripped text; None when empty or missing."""
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _parse(row: _Row, file: Path) -> _Parsed | None:
    fields = row.fields
    raw_value = fields.get("value")
    if _text(raw_value) is None:
        return None

    def fail(message: str, hint: str | None = None) -> ConfigError:
        return ConfigError(message, file=file, line=row.line, hint=hint)

    case_id = _text(fields.get("case_id"))
    if case_id is None:
        raise fail(
            "the row has a value but no case_id",
            "write the id of the case labelled (as `fourfold show RUN` lists them)",
        )
    criterion = _text(fields.get("criterion"))
    if criterion is None:
        raise fail("the row has a value but no criterion", "e.g. rubric:grounding")
    labeller = _text(fields.get("labeller"))
    if labeller is None:
        raise fail(
            "the row has a value but no labeller",
            "write who labelled it (a name or pseudonym) in the labeller column",
        )
    value = _number(raw_value)
    if value is None:
        raise fail(
            f"the value {raw_value!r} is not a number",
            "write the score as a number on the criterion's scale, e.g. 2",
        )
    raw_repeat = fields.get("repeat")
    repeat: int | None = None
    if _text(raw_repeat) is not None:
        number = _number(raw_repeat)
        if number is None or not number.is_integer() or not 0 <= number <= MAX_REPEAT:
            raise fail(
                f"the repeat {raw_repeat!r} is not a whole number from 0 to {MAX_REPEAT:,}",
                "leave the repeat empty for a label on the whole case",
            )
        repeat = int(number)
    run = next((t for name in _RUN_COLUMNS if (t := _text(fields.get(name))) is not None), None)
    return _Parsed(
        line=row.line,
        run=run,
        case_id=case_id,
        repeat=repeat,
        criterion=criterion,
        labeller=labeller,
        value=value,
        note=_text(fields.get("note")),
    )


def _number(value: Any) -> float | None:
    """`value` as a finite float, or None when it is not one (booleans are not numbers)."""
    if isinstance(value, bool):
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def _prefixed(criterion: str, known: Mapping[str, Scale]) -> str:
    if criterion not in known and RUBRIC_PREFIX + criterion in known:
        return RUBRIC_PREFIX + criterion
    return criterion


def _check_scale(parsed: _Parsed, criterion: str, scale: Scale | None, file: Path) -> None:
    if scale is None:
        return
    lo, hi = scale
    if parsed.value.is_integer() and lo <= parsed.value <= hi:
        return
    levels = list(range(lo, hi + 1))
    raise ConfigError(
        f"the value {_show(parsed.value)} is off the scale {lo}-{hi} of {criterion}",
        file=file,
        line=parsed.line,
        hint="score with one of " + ", ".join(map(str, levels[:-1])) + f" or {levels[-1]}",
    )


def _check_unique(
    seen: dict[tuple[Any, ...], int], key: tuple[Any, ...], parsed: _Parsed, file: Path
) -> None:
    if key in seen:
        raise ConfigError(
            f"line {seen[key]} already labels case {parsed.case_id!r}"
            + ("" if parsed.repeat is None else f" repeat {parsed.repeat}")
            + f" on {key[3]} by {parsed.labeller!r}",
            file=file,
            line=parsed.line,
            hint="keep one of the two rows",
        )
    seen[key] = parsed.line


def _label(parsed: _Parsed, run: str | None, criterion: str, file: Path) -> Label:
    return Label(
        run_id=run,
        case_id=parsed.case_id,
        repeat=parsed.repeat,
        criterion=criterion,
        labeller=parsed.labeller,
        value=parsed.value,
        note=parsed.note,
        source=f"{file}:{parsed.line}",
    )


def _show(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)


def trial_labels(store: Store, run: Run, *, criterion: str | None = None) -> list[Label]:
    """The labels of `run`'s traces: its own, then those of the runs it re-graded.

    A regrade (`fourfold regrade`) holds the traces of the run it graded again, and a
    person labels a trace, not a grading: their labels of the source run are labels of the
    regrade too, so calibrating the regrade needs no second round of labelling. Where the
    regrade has a label of its own with the same (case, repeat, labeller), that one
    counts: it comes last, and later labels replace earlier ones (`calibration_report`).
    The labels of a source run come with `run`'s id, as labels of its trials.

    Args:
        store: the run store.
        run: the run whose trials are labelled.
        criterion: only labels on this check (``rubric:grounding``).
    """
    chain = [run]
    seen = {run.id}
    while (source := chain[-1].regraded_from) is not None and source not in seen:
        seen.add(source)
        try:
            chain.append(store.get_run(source))
        except RunNotFoundError:
            break  # the source was deleted (or not loaded with an exported regrade)
    labels: list[Label] = []
    for held in reversed(chain):  # the oldest first: a run's own labels come last
        for label in store.labels(run_id=held.id, criterion=criterion):
            # Read as labels of `run`'s trials; `source` still says where each came from.
            labels.append(label if held is run else label.model_copy(update={"run_id": run.id}))
    return labels

"""Every row that belongs to one run: read in one transaction, written in one.

`fourfold.exchange` hands a run over as a file; this is the store's side of it. A run
owns its row in ``runs`` and, by its id, the rows of ``cases``, ``trials`` (with their
``results``), ``labels``, ``reviews``, ``analyses`` and ``notes``; and of the shared ``model_calls``
archive, the calls its results name (``metadata["model_calls"][*]["key"]``: the judges'
prompts and raw replies, the evidence behind every judged score).

The rows are the tables' own, column for column, with the JSON columns as stored, so a
run written back reads exactly as it was read. Only what names the store itself is left
out: surrogate ids (``trials.id``, ``results.id``... the target gives its own; results
keep their order, reviews their order of arrival), the ``run_id`` every row repeats (the
run's), and ``runs.owner`` (a process of the host the run was made on).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError

from ..errors import RunExistsError, StoreError
from ..runs import MODEL_CALLS_KEY
from . import _schema as db
from ._rows import INSERT_RESULTS, INSERT_TRIALS, first_line, run_from_row
from ._store import Store

__all__ = [
    "RUN_ROW_SKIPPED",
    "RunRows",
    "WriteCounts",
    "columns_of",
    "read_run_rows",
    "write_run_rows",
]

RUN_ROW_SKIPPED: dict[str, frozenset[str]] = {
    "runs": frozenset({"owner"}),
    "cases": frozenset({"run_id"}),
    "trials": frozenset({"id", "run_id"}),
    "results": frozenset({"id", "trial_id", "run_id", "position"}),
    "labels": frozenset({"id", "run_id"}),
    "reviews": frozenset({"id", "run_id"}),
    "analyses": frozenset({"id", "run_id"}),
    "model_calls": frozenset(),
    "notes": frozenset({"id", "run_id"}),
}
"""The columns of each table a run's rows leave out (see the module's docstring)."""

# Keys per IN (...) query: far below SQLite's and Postgres's bound on parameters.
_CHUNK = 500


def columns_of(table: str) -> tuple[str, ...]:
    """The columns of `table` that a run's rows carry, in the table's order."""
    skipped = RUN_ROW_SKIPPED[table]
    return tuple(c.name for c in db.metadata.tables[table].columns if c.name not in skipped)


@dataclass(frozen=True)
class RunRows:
    """A run and everything that belongs to it, as the store's rows (see the module).

    Each row is a dict of `columns_of` its table; a trial's row also holds ``results``,
    its results' rows in their order.
    """

    run: dict[str, Any]
    """The ``runs`` row."""
    cases: list[dict[str, Any]]
    """The ``cases`` rows, by position."""
    trials: list[dict[str, Any]]
    """The ``trials`` rows, each with its ``results``, in the order `Store.trials` reads."""
    labels: list[dict[str, Any]]
    """The ``labels`` rows of the run."""
    reviews: list[dict[str, Any]]
    """The ``reviews`` rows, oldest first (the last review of a result is in force)."""
    analyses: list[dict[str, Any]]
    """The ``analyses`` rows, by kind and key."""
    model_calls: list[dict[str, Any]]
    """The ``model_calls`` rows the run's results name, by key."""
    notes: list[dict[str, Any]] = field(default_factory=list)
    """The ``notes`` rows in the order they were stored (the target numbers them alike)."""


@dataclass(frozen=True)
class WriteCounts:
    """What `write_run_rows` wrote of the shared model-call archive."""

    model_calls_added: int
    """Calls the target did not hold."""
    model_calls_kept: int
    """Calls the target held already under the same key (kept as they were)."""


def read_run_rows(store: Store, run_id: str) -> RunRows:
    """Read run `run_id` and every row that belongs to it, in one read transaction.

    A run stored as ``running`` whose process is gone reads as ``interrupted``, as
    `Store.get_run` reads it.

    Args:
        store: the store.
        run_id: a run id, an unambiguous prefix of one, or ``latest``.

    Raises:
        RunNotFoundError: no such run.
        StoreError: the prefix names several runs, or the store cannot be read.
    """
    exact = store.get_run(run_id).id
    with _snapshot(store) as conn:
        row = conn.execute(sa.select(db.runs).where(db.runs.c.id == exact)).mappings().one()
        run = _pick(row, "runs")
        run["status"] = run_from_row(row).status
        cases = _rows(
            conn,
            sa.select(db.cases).where(db.cases.c.run_id == exact).order_by(db.cases.c.position),
            "cases",
        )
        trial_rows = (
            conn.execute(
                sa.select(db.trials)
                .select_from(
                    db.trials.outerjoin(
                        db.cases,
                        (db.cases.c.run_id == db.trials.c.run_id)
                        & (db.cases.c.case_id == db.trials.c.case_id),
                    )
                )
                .where(db.trials.c.run_id == exact)
                .order_by(
                    db.cases.c.position.asc().nulls_last(),
                    db.trials.c.case_id,
                    db.trials.c.repeat,
                )
            )
            .mappings()
            .all()
        )
        by_trial: dict[int, list[dict[str, Any]]] = {}
        results = (
            sa.select(db.results)
            .where(db.results.c.run_id == exact)
            .order_by(db.results.c.trial_id, db.results.c.position)
        )
        for result in conn.execute(results).mappings():
            by_trial.setdefault(result["trial_id"], []).append(_pick(result, "results"))
        trials = [
            {**_pick(trial, "trials"), "results": by_trial.get(trial["id"], [])}
            for trial in trial_rows
        ]
        labels = _rows(
            conn,
            sa.select(db.labels)
            .where(db.labels.c.run_id == exact)
            .order_by(
                db.labels.c.case_id,
                db.labels.c.repeat.asc().nulls_first(),
                db.labels.c.criterion,
                db.labels.c.labeller,
            ),
            "labels",
        )
        reviews = _rows(
            conn,
            sa.select(db.reviews)
            .where(db.reviews.c.run_id == exact)
            .order_by(db.reviews.c.created_at, db.reviews.c.id),
            "reviews",
        )
        analyses = _rows(
            conn,
            sa.select(db.analyses)
            .where(db.analyses.c.run_id == exact)
            .order_by(db.analyses.c.kind, db.analyses.c.key),
            "analyses",
        )
        notes = _rows(
            conn,
            sa.select(db.notes).where(db.notes.c.run_id == exact).order_by(db.notes.c.id),
            "notes",
        )
        keys = sorted(_named_calls(trials))
        model_calls: list[dict[str, Any]] = []
        for chunk in _chunks(keys):
            model_calls += _rows(
                conn,
                sa.select(db.model_calls).where(db.model_calls.c.key.in_(chunk)),
                "model_calls",
            )
    model_calls.sort(key=lambda call: str(call["key"]))
    return RunRows(run, cases, trials, labels, reviews, analyses, model_calls, notes)


def write_run_rows(store: Store, rows: RunRows) -> WriteCounts:
    """Write a run and every row that belongs to it, in one transaction: all or nothing.

    The run must be new to the store. Model calls the store already holds under the same
    key are kept as they are: a key is the hash of the whole request, so the stored call
    asked the same question, and the store's other runs rest on the reply it holds. A run
    written as ``running`` is stored ``interrupted``: no process runs it here.

    Raises:
        RunExistsError: the store holds a run with this id.
        StoreError: a row cannot be stored (two cases with one id, two trials with one
            case and repeat...), or the store cannot be written; nothing is written.
    """
    run_id = rows.run["id"]
    run = {**rows.run, "owner": None}
    if run["status"] == "running":
        run["status"] = "interrupted"
    dialect = store._engine.dialect.name
    try:
        with store._write() as conn:
            if conn.execute(sa.select(db.runs.c.id).where(db.runs.c.id == run_id)).first():
                raise _exists(store, run_id)
            conn.execute(db.runs.insert().values(**run))
            if rows.cases:
                conn.execute(db.cases.insert(), [{**c, "run_id": run_id} for c in rows.cases])
            if rows.trials:
                trial_rows = [
                    {k: v for k, v in t.items() if k != "results"} | {"run_id": run_id}
                    for t in rows.trials
                ]
                ids = {
                    (case, repeat): trial_id
                    for trial_id, case, repeat in conn.execute(INSERT_TRIALS, trial_rows)
                }
                result_rows = [
                    {
                        **result,
                        "trial_id": ids[(t["case_id"], t["repeat"])],
                        "run_id": run_id,
                        "position": position,
                    }
                    for t in rows.trials
                    for position, result in enumerate(t["results"])
                ]
                if result_rows:
                    conn.execute(INSERT_RESULTS, result_rows)
            if rows.labels:
                conn.execute(db.labels.insert(), [{**r, "run_id": run_id} for r in rows.labels])
            # One at a time: the ids then follow the file's order, which is the reviews'.
            for review in rows.reviews:
                conn.execute(db.reviews.insert(), {**review, "run_id": run_id})
            if rows.analyses:
                conn.execute(db.analyses.insert(), [{**r, "run_id": run_id} for r in rows.analyses])
            for note in rows.notes:  # one at a time, as the reviews: ids in the file's order
                conn.execute(db.notes.insert(), {**note, "run_id": run_id})
            held: set[str] = set()
            for chunk in _chunks([call["key"] for call in rows.model_calls]):
                query = sa.select(db.model_calls.c.key).where(db.model_calls.c.key.in_(chunk))
                held.update(conn.execute(query).scalars())
            new = [call for call in rows.model_calls if call["key"] not in held]
            if new:
                conn.execute(_insert_new_calls(dialect), new)
    except IntegrityError as exc:
        raise StoreError(
            f"cannot store run {run_id} in {store.where}: {first_line(exc.orig)}; nothing "
            "was stored (the run's rows contradict each other or the store's)"
        ) from exc
    return WriteCounts(len(new), len(rows.model_calls) - len(new))


@contextmanager
def _snapshot(store: Store) -> Iterator[sa.Connection]:
    """A read transaction whose statements all see the same data, while runs are written.

    SQLite's is one already (WAL: the snapshot is taken at the first read and held).
    Postgres's default, READ COMMITTED, lets each statement see what committed meanwhile:
    a trial saved again between the trials' query and the results' would come out
    without its results. REPEATABLE READ takes one snapshot for the transaction.
    """
    if store._engine.dialect.name != "postgresql":
        with store._read() as conn:
            yield conn
        return
    with store._translate("read"), store._engine.connect() as conn:
        with conn.execution_options(isolation_level="REPEATABLE READ").begin():
            yield conn


def _exists(store: Store, run_id: str) -> RunExistsError:
    return RunExistsError(
        f"the store {store.where} already holds a run with id {run_id}; nothing was "
        "loaded. Load it under another id with --as NEW_ID, or into another store "
        "with --store"
    )


def _insert_new_calls(dialect: str) -> sa.Executable:
    # Checked in the transaction already; DO NOTHING covers a writer that got there first.
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    return insert(db.model_calls).on_conflict_do_nothing(index_elements=[db.model_calls.c.key])


def _pick(row: sa.RowMapping, table: str) -> dict[str, Any]:
    return {name: row[name] for name in columns_of(table)}


def _rows(conn: sa.Connection, query: sa.Select[Any], table: str) -> list[dict[str, Any]]:
    return [_pick(row, table) for row in conn.execute(query).mappings()]


def _named_calls(trials: Iterable[dict[str, Any]]) -> set[str]:
    """The model-call keys the results of `trials` name in their metadata."""
    keys: set[str] = set()
    for trial in trials:
        for result in trial["results"]:
            calls = (result["metadata"] or {}).get(MODEL_CALLS_KEY)
            if not isinstance(calls, list):
                continue
            for call in calls:
                if isinstance(call, dict) and isinstance(call.get("key"), str):
                    keys.add(call["key"])
    return keys


def _chunks(items: list[str]) -> Iterator[list[str]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]

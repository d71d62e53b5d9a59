"""The run store: runs, the cases they ran, and every trial with its trace and results."""

from __future__ import annotations

import enum
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError, IntegrityError

from ..cases import Case
from ..checks import CheckResult, Layer, Status
from ..errors import (
    AmbiguousRunError,
    IncompleteRunError,
    RunBusyError,
    RunNotFoundError,
    StoreError,
)
from ..trace import Trace
from . import _schema as db
from ._connect import WRITE, Target, create_engine, parse_target
from ._migrations import migrate
from ._model import Analysis, Label, Review, Run, RunStatus, Trial, TrialCount
from ._owner import Owner, this_process

__all__ = ["LATEST", "Store", "new_run_id"]

LATEST = "latest"
"""The run id that selects the most recent run."""

_CANDIDATES_SHOWN = 10

# Built once: building statements per call costs more than running them.
_DELETE_TRIAL = db.trials.delete().where(
    (db.trials.c.run_id == sa.bindparam("k_run"))
    & (db.trials.c.case_id == sa.bindparam("k_case"))
    & (db.trials.c.repeat == sa.bindparam("k_repeat"))
)
_INSERT_TRIALS = db.trials.insert().returning(
    db.trials.c.id, db.trials.c.case_id, db.trials.c.repeat
)
# With RETURNING, SQLAlchemy sends a batch's trials, and their results, as multi-row
# INSERTs ("insertmanyvalues"), where psycopg would otherwise send a statement per row.
_INSERT_RESULTS = db.results.insert().returning(db.results.c.id)
_GET_MODEL_CALL = sa.select(
    db.model_calls.c.provider,
    db.model_calls.c.model,
    db.model_calls.c.request,
    db.model_calls.c.response,
    db.model_calls.c.created_at,
).where(db.model_calls.c.key == sa.bindparam("k_key"))
_MODEL_CALL_COLUMNS = ("provider", "model", "request", "response", "created_at")


_LABEL_COLUMNS = ("value", "note", "created_at", "source")


def _upsert_labels(dialect: str) -> sa.Executable:
    """INSERT ... ON CONFLICT on the labels' key (its NULLs coalesced) DO UPDATE."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(db.labels)
    return statement.on_conflict_do_update(
        # Literal, not bound: the target must read as the index does for SQLite to match it.
        index_elements=[
            sa.func.coalesce(db.labels.c.run_id, sa.literal_column("''")),
            db.labels.c.case_id,
            sa.func.coalesce(db.labels.c.repeat, sa.literal_column("-1")),
            db.labels.c.criterion,
            db.labels.c.labeller,
        ],
        set_={name: statement.excluded[name] for name in _LABEL_COLUMNS},
    )


def _upsert_analysis(dialect: str) -> sa.Executable:
    """INSERT ... ON CONFLICT (run_id, kind, key) DO UPDATE."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(db.analyses)
    return statement.on_conflict_do_update(
        index_elements=[db.analyses.c.run_id, db.analyses.c.kind, db.analyses.c.key],
        set_={name: statement.excluded[name] for name in ("body", "created_at")},
    )


def _upsert_model_calls(dialect: str) -> sa.Executable:
    """INSERT ... ON CONFLICT (key) DO UPDATE, in the dialect's spelling."""
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(db.model_calls)
    return statement.on_conflict_do_update(
        index_elements=[db.model_calls.c.key],
        set_={name: statement.excluded[name] for name in _MODEL_CALL_COLUMNS},
    )


class _Unset(enum.Enum):
    UNSET = enum.auto()


_UNSET = _Unset.UNSET


def new_run_id(now: datetime | None = None) -> str:
    """Make a run id: the UTC time (so ids sort in time) and a random suffix.

    For example ``20261129-193755-a1b2c3``.

    Args:
        now: the time to stamp (default: the current time).

    Examples:
        >>> rid = new_run_id(datetime(2026, 11, 29, 19, 37, 55, tzinfo=UTC))
        >>> rid.startswith("20261129-193755-"), len(rid)
        (True, 22)
    """
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{secrets.token_hex(3)}"


class Store:
    """Every run, the cases it ran, and each trial with its trace and all its results.

    Open one with `Store.open`. Writes are transactions: a trial is stored with all its
    results or not at all, so a run killed at any point leaves a readable store and can be
    resumed from `finished_keys`. Several `Store` objects, in one process or several, may
    use the same store at once; with SQLite, one writes at a time and readers never wait.

    Datetimes go in aware or naive (naive ones are taken as UTC) and always come out
    aware, in UTC.

    Examples:
        >>> import tempfile, pathlib
        >>> with Store.open(pathlib.Path(tempfile.mkdtemp()) / "runs.db") as store:
        ...     store.list_runs()
        []
    """

    def __init__(self, engine: sa.Engine, target: Target) -> None:
        self._engine = engine
        self._target = target
        self._upsert_model_calls = _upsert_model_calls(engine.dialect.name)
        self._upsert_labels = _upsert_labels(engine.dialect.name)
        self._upsert_analysis = _upsert_analysis(engine.dialect.name)

    @classmethod
    def open(cls, target: str | Path) -> Store:
        """Open (creating and migrating as needed) the store at `target`.

        Args:
            target: a file path or ``sqlite:///path`` (SQLite, created if missing), or a
                ``postgresql://`` / ``postgresql+psycopg://`` URL.

        Raises:
            StoreError: the file is not a SQLite database, the store comes from a newer
                fourfold, or the database cannot be reached.
        """
        parsed = parse_target(target)
        engine = create_engine(parsed)
        try:
            migrate(engine, parsed)
        except StoreError:
            engine.dispose()
            raise
        except DBAPIError as exc:
            engine.dispose()
            raise _open_error(parsed, exc) from exc
        return cls(engine, parsed)

    @property
    def where(self) -> str:
        """The store as messages name it: the SQLite file, or the URL without its password."""
        return self._target.where

    def close(self) -> None:
        """Close the store's connections (call it, or use the store as a context manager)."""
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.where!r})"

    # Runs

    def create_run(self, run: Run, cases: Sequence[Case] = ()) -> None:
        """Store a new run and the cases it runs, in one transaction: both or neither.

        A run is never stored without its cases, so a process killed while a run starts
        leaves either no run or a run that can be resumed. A ``running`` run is stored as
        owned by this process (see `get_run`). The cases are kept as `save_cases` keeps
        them; a run made up as it goes (the monitor's windows) may start with none.

        Raises:
            StoreError: a run with the same id exists, or two cases share an id.
        """
        rows = _case_rows(run.id, cases)
        values = run.model_dump()
        values["owner"] = str(this_process()) if run.status == "running" else None
        try:
            with self._write() as conn:
                conn.execute(db.runs.insert().values(**values))
                if rows:
                    conn.execute(db.cases.insert(), rows)
        except IntegrityError as exc:
            raise StoreError(
                f"a run with id {run.id} is already in the store {self.where}; "
                "make the new run's id with new_run_id()"
            ) from exc

    def get_run(self, run_id: str) -> Run:
        """Find the run with id `run_id`, a unique prefix of it, or ``latest`` (the newest run).

        A run stored as ``running`` whose process is known to be gone (killed, crashed,
        ended by user code: it was on this host and has exited) reads as ``interrupted``;
        so it does from `list_runs`.

        Raises:
            RunNotFoundError: no run matches.
            StoreError: the prefix matches several runs (they are listed).
        """
        with self._read() as conn:
            return self._find_run(conn, run_id)

    def list_runs(self, *, limit: int = 50, suite: str | None = None) -> list[Run]:
        """List the newest `limit` runs (of `suite`, when given), newest first."""
        query = (
            sa.select(db.runs)
            .order_by(db.runs.c.started_at.desc(), db.runs.c.id.desc())
            .limit(limit)
        )
        if suite is not None:
            query = query.where(db.runs.c.suite == suite)
        with self._read() as conn:
            return [_run_from_row(row) for row in conn.execute(query).mappings()]

    def update_run(
        self,
        run_id: str,
        *,
        status: RunStatus | None = None,
        ended_at: datetime | None | Literal[_Unset.UNSET] = _UNSET,
        summary: dict[str, Any] | None | Literal[_Unset.UNSET] = _UNSET,
    ) -> None:
        """Change the given fields of run `run_id` (its exact id); the others stay as they are.

        Args:
            run_id: the run's exact id.
            status: the new status, if it changes.
            ended_at: the end time (None clears it), if it changes.
            summary: the gate's summary (None clears it), if it changes.

        Raises:
            RunNotFoundError: no run has this id.
        """
        values: dict[str, Any] = {}
        if status is not None:
            values["status"] = status
            values["owner"] = str(this_process()) if status == "running" else None
        if ended_at is not _UNSET:
            values["ended_at"] = ended_at
        if summary is not _UNSET:
            values["summary"] = summary
        with self._write() as conn:
            if not values:
                self._require_run(conn, run_id)
                return
            if status == "finished":
                count = self._trial_count(conn, run_id)
                if not count.complete:
                    raise IncompleteRunError(
                        f"run {run_id} cannot be marked finished: {count.describe()} are "
                        "stored; a run is finished only when every case has all its repeats "
                        "(resume it to run the rest)"
                    )
            updated = conn.execute(db.runs.update().where(db.runs.c.id == run_id).values(**values))
            if updated.rowcount == 0:
                raise self._not_found(run_id)

    def claim_run(self, run_id: str) -> Run:
        """Mark run `run_id` (its exact id) ``running`` by this process, to resume it.

        Returns:
            The run as it was before.

        Raises:
            RunNotFoundError: no run has this id.
            RunBusyError: another process on this host is running it now.
        """
        with self._write() as conn:
            row = conn.execute(sa.select(db.runs).where(db.runs.c.id == run_id)).mappings().first()
            if row is None:
                raise self._not_found(run_id)
            before = _run_from_row(row)
            owner = Owner.parse(row["owner"])
            here = this_process()
            if (
                before.status == "running"
                and owner is not None
                and owner.host == here.host
                and owner != here
            ):
                raise RunBusyError(
                    f"run {run_id} is being run right now by {owner.describe()}; wait for it "
                    "to end (or stop it) before resuming the run"
                )
            conn.execute(
                db.runs.update()
                .where(db.runs.c.id == run_id)
                .values(status="running", owner=str(here))
            )
        return before

    def trial_count(self, run_id: str) -> TrialCount:
        """Count run `run_id`'s stored trials against its cases × repeats.

        The repeats are the run's ``config["repeats"]`` (1 when absent); each case counts
        at most that many trials, and trials of cases the run does not hold do not count.

        Raises:
            RunNotFoundError: no run has this id.
        """
        with self._read() as conn:
            self._require_run(conn, run_id)
            return self._trial_count(conn, run_id)

    # Cases

    def save_cases(self, run_id: str, cases: Sequence[Case]) -> None:
        """Keep `cases`, in this order, as the cases run `run_id` runs.

        The cases are snapshotted as they are now, so later edits to the suite's files do
        not change what the run was. Saving again replaces the list.

        Raises:
            RunNotFoundError: no run has this id.
            StoreError: two cases share an id.
        """
        rows = _case_rows(run_id, cases)
        with self._write() as conn:
            self._require_run(conn, run_id)
            conn.execute(db.cases.delete().where(db.cases.c.run_id == run_id))
            if rows:
                conn.execute(db.cases.insert(), rows)

    def cases(self, run_id: str) -> list[Case]:
        """Read the cases of run `run_id`, as they were when it started, in their saved order.

        Raises:
            RunNotFoundError: no run has this id.
        """
        query = (
            sa.select(db.cases.c.case)
            .where(db.cases.c.run_id == run_id)
            .order_by(db.cases.c.position)
        )
        with self._read() as conn:
            self._require_run(conn, run_id)
            return [Case.model_validate(data) for data in conn.execute(query).scalars()]

    # Trials

    def save_trial(self, run_id: str, trial: Trial) -> None:
        """Store `trial` and all its results in one transaction, replacing any earlier save.

        A trial is identified by its case and repeat; saving the same one again replaces it
        and its results. The same as ``save_trials(run_id, [trial])``.

        Raises:
            RunNotFoundError: no run has this id.
            StoreError: the trial cannot be stored.
        """
        self.save_trials(run_id, [trial])

    def save_trials(self, run_id: str, trials: Sequence[Trial]) -> None:
        """Store `trials` and all their results in one transaction: all of them or none.

        A trial is identified by its case and repeat; saving one again replaces it and its
        results, whether the earlier save was in this batch or another. When a case and
        repeat come twice in `trials`, the last one wins. If any trial cannot be stored,
        nothing of the batch is (and what was stored before stays as it was). An empty
        batch writes nothing.

        One transaction for many trials is what makes a run's writes cheap: the runner
        writes the trials that finish together in one call.

        Raises:
            RunNotFoundError: no run has this id.
            StoreError: a trial cannot be stored (the database's reason is given).
        """
        if not trials:
            return
        by_key: dict[tuple[str, int], Trial] = {}
        for trial in trials:
            by_key[(trial.case_id, trial.repeat)] = trial
        keys = [{"k_run": run_id, "k_case": case, "k_repeat": repeat} for case, repeat in by_key]
        trial_rows = [
            {
                "run_id": run_id,
                "case_id": trial.case_id,
                "repeat": trial.repeat,
                "status": trial.status,
                "error": trial.error,
                "trace": trial.trace,
                "started_at": trial.started_at,
                "ended_at": trial.ended_at,
                "latency_s": trial.latency_s,
            }
            for trial in by_key.values()
        ]
        try:
            with self._write() as conn:
                # The results of an earlier save go with it (ON DELETE CASCADE).
                conn.execute(_DELETE_TRIAL, keys)
                # One multi-row INSERT; RETURNING's order is not the rows' on every backend,
                # so the new ids are matched to the trials by their key.
                ids = {
                    (case, repeat): trial_id
                    for trial_id, case, repeat in conn.execute(_INSERT_TRIALS, trial_rows)
                }
                result_rows = [
                    _result_row(run_id, ids[key], position, result)
                    for key, trial in by_key.items()
                    for position, result in enumerate(trial.results)
                ]
                if result_rows:
                    conn.execute(_INSERT_RESULTS, result_rows)
        except IntegrityError as exc:
            # A well-formed trial can break only the run's foreign key; a malformed one (a
            # result built without validation) a NOT NULL.
            with self._read() as conn:
                self._require_run(conn, run_id)
            n = len(by_key)
            what = "the trial" if n == 1 else f"a batch of {n} trials (none of them is stored)"
            raise StoreError(f"cannot store {what}: {_first_line(exc.orig)}") from exc

    def trials(self, run_id: str, *, case_id: str | None = None) -> list[Trial]:
        """Read the trials of run `run_id` (of one case, when given), with all their results.

        Trials come in the run's case order, then by repeat; trials of cases that were
        never saved with `save_cases` come last, by case id. Results keep their order.

        Raises:
            RunNotFoundError: no run has this id.
        """
        trial_query = (
            sa.select(db.trials)
            .select_from(
                db.trials.outerjoin(
                    db.cases,
                    (db.cases.c.run_id == db.trials.c.run_id)
                    & (db.cases.c.case_id == db.trials.c.case_id),
                )
            )
            .where(db.trials.c.run_id == run_id)
            .order_by(
                db.cases.c.position.asc().nulls_last(), db.trials.c.case_id, db.trials.c.repeat
            )
        )
        result_query = (
            sa.select(db.results)
            .where(db.results.c.run_id == run_id)
            .order_by(db.results.c.trial_id, db.results.c.position)
        )
        if case_id is not None:
            trial_query = trial_query.where(db.trials.c.case_id == case_id)
            of_case = sa.select(db.trials.c.id).where(
                (db.trials.c.run_id == run_id) & (db.trials.c.case_id == case_id)
            )
            result_query = result_query.where(db.results.c.trial_id.in_(of_case))
        with self._read() as conn:
            self._require_run(conn, run_id)
            trial_rows = conn.execute(trial_query).mappings().all()
            by_trial: dict[int, list[CheckResult]] = {}
            for row in conn.execute(result_query).mappings():
                by_trial.setdefault(row["trial_id"], []).append(_result_from_row(row))
        return [_trial_from_row(row, by_trial.get(row["id"], [])) for row in trial_rows]

    def finished_keys(self, run_id: str) -> set[tuple[str, int]]:
        """Return the (case id, repeat) of every stored trial of run `run_id`: what a resume skips.

        Raises:
            RunNotFoundError: no run has this id.
        """
        query = sa.select(db.trials.c.case_id, db.trials.c.repeat).where(
            db.trials.c.run_id == run_id
        )
        with self._read() as conn:
            self._require_run(conn, run_id)
            return {(case_id, repeat) for case_id, repeat in conn.execute(query)}

    def layer_counts(self, run_id: str) -> dict[Layer, dict[Status, int]]:
        """Count the results of run `run_id` by layer and status, in the database.

        Examples:
            ``{"outcome": {"pass": 90, "fail": 10}, "policy": {"pass": 100}}``

        Raises:
            RunNotFoundError: no run has this id.
        """
        query = (
            sa.select(db.results.c.layer, db.results.c.status, sa.func.count())
            .where(db.results.c.run_id == run_id)
            .group_by(db.results.c.layer, db.results.c.status)
        )
        counts: dict[Layer, dict[Status, int]] = {}
        with self._read() as conn:
            self._require_run(conn, run_id)
            for layer, status, n in conn.execute(query):
                counts.setdefault(layer, {})[status] = int(n)
        return counts

    # Model calls (the response cache)

    def get_model_call(self, key: str) -> dict[str, Any] | None:
        """Read the model call stored under cache key `key`, or None.

        Returns:
            ``{"provider", "model", "request", "response", "created_at"}``, the request and
            response as the JSON they were stored as.
        """
        with self._read() as conn:
            row = conn.execute(_GET_MODEL_CALL, {"k_key": key}).mappings().first()
        return None if row is None else dict(row)

    def put_model_calls(self, calls: Sequence[Mapping[str, Any]]) -> None:
        """Store model calls in one transaction, replacing any stored under the same key.

        Each call is a mapping with ``key``, ``provider``, ``model``, ``request`` and
        ``response`` (JSON-able) and optionally ``created_at`` (default: now). When a key
        comes twice, the last one wins.
        """
        if not calls:
            return
        now = datetime.now(UTC)
        rows: dict[str, dict[str, Any]] = {}
        for call in calls:
            rows[call["key"]] = {
                "key": call["key"],
                "provider": call["provider"],
                "model": call["model"],
                "request": call["request"],
                "response": call["response"],
                "created_at": call.get("created_at") or now,
            }
        with self._write() as conn:
            conn.execute(self._upsert_model_calls, list(rows.values()))

    def model_call_keys(self) -> set[str]:
        """The cache keys of every stored model call."""
        with self._read() as conn:
            return set(conn.execute(sa.select(db.model_calls.c.key)).scalars())

    def count_model_calls(self) -> int:
        """How many model calls the store holds."""
        with self._read() as conn:
            return int(
                conn.execute(sa.select(sa.func.count()).select_from(db.model_calls)).scalar_one()
            )

    # Human labels

    def add_labels(self, labels: Sequence[Label]) -> int:
        """Store human labels in one transaction, replacing any with the same key.

        A label's key is (run, case, repeat, criterion, labeller), a missing run or repeat
        included: re-importing a corrected file replaces the labels it held. When a key
        comes twice, the last label wins. A label without `created_at` is stamped now.

        Returns:
            How many labels were stored (keys counted once).

        Raises:
            RunNotFoundError: a label names a run the store does not hold.
        """
        if not labels:
            return 0
        now = datetime.now(UTC)
        rows: dict[tuple[Any, ...], dict[str, Any]] = {}
        for label in labels:
            key = (label.run_id, label.case_id, label.repeat, label.criterion, label.labeller)
            rows[key] = {
                "run_id": label.run_id,
                "case_id": label.case_id,
                "repeat": label.repeat,
                "criterion": label.criterion,
                "labeller": label.labeller,
                "value": label.value,
                "note": label.note,
                "created_at": label.created_at or now,
                "source": label.source,
            }
        run_ids = {label.run_id for label in labels if label.run_id is not None}
        with self._write() as conn:
            for run_id in sorted(run_ids):
                self._require_run(conn, run_id)
            conn.execute(self._upsert_labels, list(rows.values()))
        return len(rows)

    def labels(self, *, run_id: str | None = None, criterion: str | None = None) -> list[Label]:
        """Read human labels (of run `run_id`, on `criterion`, when given).

        Labels come by run, case, repeat (case-level labels first), criterion, labeller.
        """
        query = sa.select(db.labels).order_by(
            db.labels.c.run_id.asc().nulls_first(),
            db.labels.c.case_id,
            db.labels.c.repeat.asc().nulls_first(),
            db.labels.c.criterion,
            db.labels.c.labeller,
        )
        if run_id is not None:
            query = query.where(db.labels.c.run_id == run_id)
        if criterion is not None:
            query = query.where(db.labels.c.criterion == criterion)
        with self._read() as conn:
            return [
                Label.model_validate({k: v for k, v in row.items() if k != "id"})
                for row in conn.execute(query).mappings()
            ]

    # Analyses

    def save_analysis(self, run_id: str, kind: str, key: str, body: Mapping[str, Any]) -> None:
        """Keep an analysis of run `run_id`, replacing one of the same kind and key.

        Args:
            run_id: the run's exact id.
            kind: ``calibration``, ``comparison``, ``consistency``...
            key: which one of its kind (the criterion, the other run's id).
            body: the analysis as JSON-able data.

        Raises:
            RunNotFoundError: no run has this id.
        """
        row = {
            "run_id": run_id,
            "kind": kind,
            "key": key,
            "body": dict(body),
            "created_at": datetime.now(UTC),
        }
        with self._write() as conn:
            self._require_run(conn, run_id)
            conn.execute(self._upsert_analysis, row)

    def analyses(self, run_id: str, kind: str | None = None) -> list[Analysis]:
        """Read the analyses kept with run `run_id` (of one kind, when given), by kind and key.

        Raises:
            RunNotFoundError: no run has this id.
        """
        query = (
            sa.select(db.analyses)
            .where(db.analyses.c.run_id == run_id)
            .order_by(db.analyses.c.kind, db.analyses.c.key)
        )
        if kind is not None:
            query = query.where(db.analyses.c.kind == kind)
        with self._read() as conn:
            self._require_run(conn, run_id)
            return [_analysis_from_row(row) for row in conn.execute(query).mappings()]

    def get_analysis(self, run_id: str, kind: str, key: str) -> Analysis | None:
        """Read one analysis of run `run_id`, or None when none was saved.

        Raises:
            RunNotFoundError: no run has this id.
        """
        query = sa.select(db.analyses).where(
            (db.analyses.c.run_id == run_id)
            & (db.analyses.c.kind == kind)
            & (db.analyses.c.key == key)
        )
        with self._read() as conn:
            self._require_run(conn, run_id)
            row = conn.execute(query).mappings().first()
        return None if row is None else _analysis_from_row(row)

    # Judge-score reviews

    def add_review(self, review: Review) -> Review:
        """Append a person's review of a judge result; the result itself is left as it is.

        Reviews are never replaced: reviewing the same result again adds a review, and
        the latest (`reviews` lists them oldest first) is the one in force. A review
        without `created_at` is stamped now.

        Returns:
            The review as stored, with its `id` and `created_at`.

        Raises:
            RunNotFoundError: no run has this id.
        """
        row = review.model_dump(exclude={"id"})
        row["created_at"] = review.created_at or datetime.now(UTC)
        with self._write() as conn:
            self._require_run(conn, review.run_id)
            inserted = conn.execute(db.reviews.insert().returning(db.reviews.c.id), row)
            review_id = int(inserted.scalar_one())
        return review.model_copy(update={"id": review_id, "created_at": row["created_at"]})

    def reviews(
        self, run_id: str, *, case_id: str | None = None, repeat: int | None = None
    ) -> list[Review]:
        """Read the reviews of run `run_id`'s judge results (of one trial, when given).

        Reviews come oldest first (the last one of a result is the one in force).

        Raises:
            RunNotFoundError: no run has this id.
        """
        query = (
            sa.select(db.reviews)
            .where(db.reviews.c.run_id == run_id)
            .order_by(db.reviews.c.created_at, db.reviews.c.id)
        )
        if case_id is not None:
            query = query.where(db.reviews.c.case_id == case_id)
        if repeat is not None:
            query = query.where(db.reviews.c.repeat == repeat)
        with self._read() as conn:
            self._require_run(conn, run_id)
            return [Review.model_validate(dict(row)) for row in conn.execute(query).mappings()]

    # Machinery

    @contextmanager
    def _read(self) -> Iterator[sa.Connection]:
        with self._translate("read"), self._engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self) -> Iterator[sa.Connection]:
        with self._translate("write to"), self._engine.connect() as conn:
            conn.execution_options(**{WRITE: True})
            with conn.begin():
                yield conn

    @contextmanager
    def _translate(self, doing: str) -> Iterator[None]:
        # Integrity errors are the callers' to interpret; the rest (locked, disk full,
        # server gone) are a store the user must look at.
        try:
            yield
        except IntegrityError:
            raise
        except DBAPIError as exc:
            raise StoreError(
                f"cannot {doing} the store {self.where}: {_first_line(exc.orig)}"
                + _hint(self._target)
            ) from exc

    def _find_run(self, conn: sa.Connection, run_id: str) -> Run:
        if run_id == LATEST:
            query = (
                sa.select(db.runs)
                .order_by(db.runs.c.started_at.desc(), db.runs.c.id.desc())
                .limit(1)
            )
            row = conn.execute(query).mappings().first()
            if row is None:
                raise RunNotFoundError(
                    f"the store {self.where} holds no runs yet; start one with `fourfold run`"
                )
            return _run_from_row(row)
        if not run_id:
            raise RunNotFoundError("no run id given; give a run id, a prefix of one, or 'latest'")
        exact = conn.execute(sa.select(db.runs).where(db.runs.c.id == run_id)).mappings().first()
        if exact is not None:
            return _run_from_row(exact)
        query = (
            sa.select(db.runs)
            .where(db.runs.c.id.startswith(run_id, autoescape=True))
            .order_by(db.runs.c.started_at.desc(), db.runs.c.id.desc())
            .limit(_CANDIDATES_SHOWN + 1)
        )
        rows = conn.execute(query).mappings().all()
        if not rows:
            raise self._not_found(run_id)
        if len(rows) > 1:
            shown = ", ".join(row["id"] for row in rows[:_CANDIDATES_SHOWN])
            more = " and more" if len(rows) > _CANDIDATES_SHOWN else ""
            raise AmbiguousRunError(
                f"{run_id!r} is the start of several run ids ({shown}{more}); give more of the id"
            )
        return _run_from_row(rows[0])

    def _trial_count(self, conn: sa.Connection, run_id: str) -> TrialCount:
        config = conn.execute(sa.select(db.runs.c.config).where(db.runs.c.id == run_id)).scalar()
        repeats = _repeats_of(config)
        per_case = conn.execute(
            sa.select(db.cases.c.case_id, sa.func.count(db.trials.c.id))
            .select_from(
                db.cases.outerjoin(
                    db.trials,
                    (db.trials.c.run_id == db.cases.c.run_id)
                    & (db.trials.c.case_id == db.cases.c.case_id),
                )
            )
            .where(db.cases.c.run_id == run_id)
            .group_by(db.cases.c.case_id)
        ).all()
        stored = sum(min(int(n), repeats) for _, n in per_case)
        return TrialCount(stored=stored, expected=len(per_case) * repeats)

    def _require_run(self, conn: sa.Connection, run_id: str) -> None:
        found = conn.execute(sa.select(db.runs.c.id).where(db.runs.c.id == run_id)).first()
        if found is None:
            raise self._not_found(run_id)

    def _not_found(self, run_id: str) -> RunNotFoundError:
        return RunNotFoundError(
            f"no run {run_id!r} in the store {self.where}; "
            "`fourfold runs` lists the runs (a unique prefix of an id or 'latest' also works)"
        )


def _run_from_row(row: sa.RowMapping) -> Run:
    values = dict(row)
    owner = Owner.parse(values.pop("owner", None))
    if values["status"] == "running" and owner is not None and owner.is_gone():
        values["status"] = "interrupted"
    return Run.model_validate(values)


def _repeats_of(config: Any) -> int:
    """A run's repeats, from its stored config (1 for runs that do not say)."""
    repeats = config.get("repeats") if isinstance(config, dict) else None
    return repeats if isinstance(repeats, int) and repeats >= 1 else 1


def _case_rows(run_id: str, cases: Sequence[Case]) -> list[dict[str, Any]]:
    """The rows of the cases table for `cases`, in order.

    Raises:
        StoreError: two cases share an id.
    """
    seen: set[str] = set()
    for case in cases:
        if case.id in seen:
            raise StoreError(
                f"two cases have the id {case.id!r}; give every case of a suite its own id"
            )
        seen.add(case.id)
    return [
        {
            "run_id": run_id,
            "case_id": case.id,
            "position": position,
            "content_hash": case.content_hash,
            "case": case,
        }
        for position, case in enumerate(cases)
    ]


def _analysis_from_row(row: sa.RowMapping) -> Analysis:
    return Analysis(
        run_id=row["run_id"],
        kind=row["kind"],
        key=row["key"],
        body=row["body"],
        created_at=row["created_at"],
    )


def _result_row(run_id: str, trial_id: int, position: int, result: CheckResult) -> dict[str, Any]:
    return {
        "trial_id": trial_id,
        "run_id": run_id,
        "position": position,
        "check": result.check,
        "layer": result.layer,
        "status": result.status,
        "score": result.score,
        "evidence": result.evidence,
        "explanation": result.explanation,
        "metadata": result.metadata,
    }


def _result_from_row(row: sa.RowMapping) -> CheckResult:
    return CheckResult(
        check=row["check"],
        layer=row["layer"],
        status=row["status"],
        score=row["score"],
        evidence=row["evidence"],
        explanation=row["explanation"],
        metadata=row["metadata"],
    )


def _trial_from_row(row: sa.RowMapping, trial_results: list[CheckResult]) -> Trial:
    trace = row["trace"]
    return Trial(
        case_id=row["case_id"],
        repeat=row["repeat"],
        status=row["status"],
        error=row["error"],
        trace=None if trace is None else Trace.from_json(trace),
        results=trial_results,
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        latency_s=row["latency_s"],
    )


def _first_line(error: BaseException | None) -> str:
    text = str(error).strip() if error is not None else ""
    return text.splitlines()[0] if text else type(error).__name__


def _hint(target: Target) -> str:
    if target.is_sqlite:
        return (
            "; check that the file is writable and the disk not full (if another process "
            "holds the store for long, wait for it or stop it)"
        )
    return "; check that the Postgres server is running and the URL is right"


def _open_error(target: Target, exc: DBAPIError) -> StoreError:
    reason = _first_line(exc.orig)
    if target.is_sqlite and "not a database" in reason:
        return StoreError(
            f"{target.where} is not a SQLite database (or is damaged), so it cannot be a "
            "fourfold run store; point at a store fourfold created (or a new file), "
            "or move this file away"
        )
    return StoreError(f"cannot open the store {target.where}: {reason}" + _hint(target))

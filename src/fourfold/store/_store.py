"""The run store: runs, the cases they ran, and every trial with its trace and results."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError, IntegrityError

from ..cases import Case
from ..errors import (
    AmbiguousRunError,
    IncompleteRunError,
    RunBusyError,
    RunNotFoundError,
    StoreError,
)
from ..runs import (
    Analysis,
    CheckResult,
    Label,
    Layer,
    Review,
    Run,
    RunStatus,
    Status,
    Trial,
    TrialCount,
    repeats_of,
)
from . import _schema as db
from ._checkpoint import WalCheckpoints
from ._connect import WRITE, Target, create_engine, parse_target
from ._migrations import migrate
from ._notes import NoteStore
from ._owner import Owner, this_process
from ._rows import (
    DELETE_TRIAL,
    GET_MODEL_CALL,
    INSERT_RESULTS,
    INSERT_TRIALS,
    analysis_from_row,
    case_rows,
    first_line,
    label_key,
    label_row,
    model_call_rows,
    open_error,
    result_from_row,
    result_row,
    run_from_row,
    run_id_prefix,
    store_hint,
    trial_from_row,
    upsert_analysis,
    upsert_labels,
    upsert_model_calls,
)

__all__ = ["LATEST", "Store"]

LATEST = "latest"
"""The run id that selects the most recent run."""

_CANDIDATES_SHOWN = 10


class _Unset(enum.Enum):
    UNSET = enum.auto()


_UNSET = _Unset.UNSET


class Store(NoteStore):
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
        self._upsert_model_calls = upsert_model_calls(engine.dialect.name)
        self._upsert_labels = upsert_labels(engine.dialect.name)
        self._upsert_analysis = upsert_analysis(engine.dialect.name)
        self._checkpoints = WalCheckpoints(engine) if target.is_sqlite else None

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
            raise open_error(parsed, exc) from exc
        return cls(engine, parsed)

    @property
    def where(self) -> str:
        """The store as messages name it: the SQLite file, or the URL without its password."""
        return self._target.where

    @property
    def target(self) -> str:
        """What `Store.open` takes to reopen it in a worker (password included: no messages)."""
        path, url = self._target.path, self._target.url
        return str(path.absolute()) if path else url.render_as_string(hide_password=False)

    @property
    def file(self) -> Path | None:
        """The SQLite file (as given, made absolute), or None for a database server."""
        return None if self._target.path is None else self._target.path.absolute()

    def close(self) -> None:
        """Close the store's connections (call it, or use the store as a context manager)."""
        if self._checkpoints is not None:
            self._checkpoints.wait()
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
        rows = case_rows(run.id, cases)
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
            return [run_from_row(row) for row in conn.execute(query).mappings()]

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
            before = run_from_row(row)
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
        rows = case_rows(run_id, cases)
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

    def save_trials(
        self, run_id: str, trials: Sequence[Trial], *, calls: Sequence[Mapping[str, Any]] = ()
    ) -> None:
        """Store `trials` and all their results in one transaction: all of them or none.

        A trial is identified by its case and repeat; saving one again replaces it and its
        results, whether the earlier save was in this batch or another. When a case and
        repeat come twice in `trials`, the last one wins. If any trial cannot be stored,
        nothing of the batch is (and what was stored before stays as it was). An empty
        batch writes nothing.

        One transaction for many trials is what makes a run's writes cheap: the runner
        writes the trials that finish together in one call, with the model calls made for
        them (`calls`, as `put_model_calls` takes them), stored first in the same transaction.

        Raises:
            RunNotFoundError: no run has this id.
            StoreError: a trial cannot be stored (the database's reason is given).
        """
        if not trials:
            self.put_model_calls(calls)
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
                if calls:
                    rows = model_call_rows(calls, datetime.now(UTC))
                    conn.execute(self._upsert_model_calls, rows)
                # The results of an earlier save go with it (ON DELETE CASCADE).
                conn.execute(DELETE_TRIAL, keys)
                # One multi-row INSERT; RETURNING's order is not the rows' on every backend,
                # so the new ids are matched to the trials by their key.
                ids = {
                    (case, repeat): trial_id
                    for trial_id, case, repeat in conn.execute(INSERT_TRIALS, trial_rows)
                }
                result_rows = [
                    result_row(run_id, ids[key], position, result)
                    for key, trial in by_key.items()
                    for position, result in enumerate(trial.results)
                ]
                if result_rows:
                    conn.execute(INSERT_RESULTS, result_rows)
        except IntegrityError as exc:
            # A well-formed trial can break only the run's foreign key; a malformed one (a
            # result built without validation) a NOT NULL.
            with self._read() as conn:
                self._require_run(conn, run_id)
            n = len(by_key)
            what = "the trial" if n == 1 else f"a batch of {n} trials (none of them is stored)"
            raise StoreError(f"cannot store {what}: {first_line(exc.orig)}") from exc

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
        result_query = sa.select(db.results).order_by(db.results.c.trial_id, db.results.c.position)
        if case_id is None:
            result_query = result_query.where(db.results.c.run_id == run_id)
        else:
            trial_query = trial_query.where(db.trials.c.case_id == case_id)
            of_case = sa.select(db.trials.c.id).where(
                (db.trials.c.run_id == run_id) & (db.trials.c.case_id == case_id)
            )
            # By trial alone: with the run's id too, SQLite searches the run's index and
            # reads every result of the run to keep the case's few.
            result_query = result_query.where(db.results.c.trial_id.in_(of_case))
        with self._read() as conn:
            self._require_run(conn, run_id)
            trial_rows = conn.execute(trial_query).mappings().all()
            by_trial: dict[int, list[CheckResult]] = {}
            for row in conn.execute(result_query).mappings():
                by_trial.setdefault(row["trial_id"], []).append(result_from_row(row))
        return [trial_from_row(row, by_trial.get(row["id"], [])) for row in trial_rows]

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
            row = conn.execute(GET_MODEL_CALL, {"k_key": key}).mappings().first()
        return None if row is None else dict(row)

    def put_model_calls(self, calls: Sequence[Mapping[str, Any]]) -> None:
        """Store model calls in one transaction, replacing any stored under the same key.

        Each call is a mapping with ``key``, ``provider``, ``model``, ``request`` and
        ``response`` (JSON-able) and optionally ``created_at`` (default: now). When a key
        comes twice, the last one wins.
        """
        if not calls:
            return
        with self._write() as conn:
            conn.execute(self._upsert_model_calls, model_call_rows(calls, datetime.now(UTC)))

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
        rows = {label_key(label): label_row(label, now) for label in labels}
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
            return [analysis_from_row(row) for row in conn.execute(query).mappings()]

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
        return None if row is None else analysis_from_row(row)

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
        if self._checkpoints is not None:
            self._checkpoints.after_write()

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
                f"cannot {doing} the store {self.where}: {first_line(exc.orig)}"
                + store_hint(self._target)
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
            return run_from_row(row)
        if not run_id:
            raise RunNotFoundError("no run id given; give a run id, a prefix of one, or 'latest'")
        exact = conn.execute(sa.select(db.runs).where(db.runs.c.id == run_id)).mappings().first()
        if exact is not None:
            return run_from_row(exact)
        query = (
            sa.select(db.runs)
            .where(run_id_prefix(conn, run_id))
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
        return run_from_row(rows[0])

    def _trial_count(self, conn: sa.Connection, run_id: str) -> TrialCount:
        config = conn.execute(sa.select(db.runs.c.config).where(db.runs.c.id == run_id)).scalar()
        repeats = repeats_of(config)
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

"""What the store sends and reads: its prepared statements, and rows to and from models.

Kept apart from `Store`, which says what each operation does; here is how a row looks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError

from ..cases import Case
from ..errors import StoreError
from ..runs import Analysis, CheckResult, Label, Run, Trial
from ..trace import Trace
from . import _schema as db
from ._connect import Target
from ._owner import Owner

if TYPE_CHECKING:
    from sqlalchemy.dialects import postgresql, sqlite

__all__ = [
    "model_call_rows",
    "DELETE_TRIAL",
    "GET_MODEL_CALL",
    "INSERT_RESULTS",
    "INSERT_TRIALS",
    "LABEL_COLUMNS",
    "MODEL_CALL_COLUMNS",
    "analysis_from_row",
    "case_rows",
    "first_line",
    "open_error",
    "result_from_row",
    "result_row",
    "run_from_row",
    "run_id_prefix",
    "store_hint",
    "trial_from_row",
    "upsert_analysis",
    "upsert_labels",
    "upsert_model_calls",
]

# Built once: building statements per call costs more than running them.
DELETE_TRIAL = db.trials.delete().where(
    (db.trials.c.run_id == sa.bindparam("k_run"))
    & (db.trials.c.case_id == sa.bindparam("k_case"))
    & (db.trials.c.repeat == sa.bindparam("k_repeat"))
)
INSERT_TRIALS = db.trials.insert().returning(
    db.trials.c.id, db.trials.c.case_id, db.trials.c.repeat
)
# With RETURNING, SQLAlchemy sends a batch's trials, and their results, as multi-row
# INSERTs ("insertmanyvalues"), where psycopg would otherwise send a statement per row.
INSERT_RESULTS = db.results.insert().returning(db.results.c.id)
GET_MODEL_CALL = sa.select(
    db.model_calls.c.provider,
    db.model_calls.c.model,
    db.model_calls.c.request,
    db.model_calls.c.response,
    db.model_calls.c.created_at,
).where(db.model_calls.c.key == sa.bindparam("k_key"))
MODEL_CALL_COLUMNS = ("provider", "model", "request", "response", "created_at")


LABEL_COLUMNS = ("value", "note", "created_at", "source")


def _insert(dialect: str) -> Callable[[sa.Table], postgresql.Insert | sqlite.Insert]:
    """The dialect's INSERT, which has ON CONFLICT; a SQLite store never loads Postgres'."""
    if dialect == "postgresql":
        from sqlalchemy.dialects import postgresql

        return postgresql.insert
    from sqlalchemy.dialects import sqlite

    return sqlite.insert


def upsert_labels(dialect: str) -> sa.Executable:
    """INSERT ... ON CONFLICT on the labels' key (its NULLs coalesced) DO UPDATE."""
    insert = _insert(dialect)
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
        set_={name: statement.excluded[name] for name in LABEL_COLUMNS},
    )


def upsert_analysis(dialect: str) -> sa.Executable:
    """INSERT ... ON CONFLICT (run_id, kind, key) DO UPDATE."""
    insert = _insert(dialect)
    statement = insert(db.analyses)
    return statement.on_conflict_do_update(
        index_elements=[db.analyses.c.run_id, db.analyses.c.kind, db.analyses.c.key],
        set_={name: statement.excluded[name] for name in ("body", "created_at")},
    )


def upsert_model_calls(dialect: str) -> sa.Executable:
    """INSERT ... ON CONFLICT (key) DO UPDATE, in the dialect's spelling."""
    insert = _insert(dialect)
    statement = insert(db.model_calls)
    return statement.on_conflict_do_update(
        index_elements=[db.model_calls.c.key],
        set_={name: statement.excluded[name] for name in MODEL_CALL_COLUMNS},
    )


def model_call_rows(calls: Sequence[Mapping[str, Any]], now: datetime) -> list[dict[str, Any]]:
    """The ``model_calls`` rows of `calls` (see `Store.put_model_calls`), one a key.

    When a key comes twice, the last call wins.
    """
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
    return list(rows.values())


def run_from_row(row: sa.RowMapping) -> Run:
    values = dict(row)
    owner = Owner.parse(values.pop("owner", None))
    if values["status"] == "running" and owner is not None and owner.is_gone():
        values["status"] = "interrupted"
    return Run.model_validate(values)


def case_rows(run_id: str, cases: Sequence[Case]) -> list[dict[str, Any]]:
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


def label_key(label: Label) -> tuple[Hashable, ...]:
    """What makes a label unique: a newer label with the same key replaces it."""
    return (label.run_id, label.case_id, label.repeat, label.criterion, label.labeller)


def label_row(label: Label, now: datetime) -> dict[str, Any]:
    """A label as its row; one without `created_at` is stamped `now`."""
    return {
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


def analysis_from_row(row: sa.RowMapping) -> Analysis:
    return Analysis(
        run_id=row["run_id"],
        kind=row["kind"],
        key=row["key"],
        body=row["body"],
        created_at=row["created_at"],
    )


def result_row(run_id: str, trial_id: int, position: int, result: CheckResult) -> dict[str, Any]:
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


def result_from_row(row: sa.RowMapping) -> CheckResult:
    return CheckResult(
        check=row["check"],
        layer=row["layer"],
        status=row["status"],
        score=row["score"],
        evidence=row["evidence"],
        explanation=row["explanation"],
        metadata=row["metadata"],
    )


def trial_from_row(row: sa.RowMapping, trial_results: list[CheckResult]) -> Trial:
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


def first_line(error: BaseException | None) -> str:
    text = str(error).strip() if error is not None else ""
    return text.splitlines()[0] if text else type(error).__name__


def store_hint(target: Target) -> str:
    if target.is_sqlite:
        return (
            "; check that the file is writable and the disk not full (if another process "
            "holds the store for long, wait for it or stop it)"
        )
    return "; check that the Postgres server is running and the URL is right"


def open_error(target: Target, exc: DBAPIError) -> StoreError:
    reason = first_line(exc.orig)
    if target.is_sqlite and "not a database" in reason:
        return StoreError(
            f"{target.where} is not a SQLite database (or is damaged), so it cannot be a "
            "fourfold run store; point at a store fourfold created (or a new file), "
            "or move this file away"
        )
    return StoreError(f"cannot open the store {target.where}: {reason}" + store_hint(target))


def run_id_prefix(conn: sa.Connection, prefix: str) -> sa.ColumnElement[bool]:
    """The runs whose id starts with `prefix` (``LIKE 'prefix%'``, wildcards escaped).

    SQLite's ``LIKE`` ignores case, so it cannot search the primary key and would scan the
    runs table; there a range on the key (ordered byte by byte) is added, which can. A
    Postgres database searches the key by the ``LIKE`` itself under the ``C`` collation.

    Examples:
        >>> import sqlalchemy as sa
        >>> with sa.create_engine("sqlite://").connect() as conn:
        ...     print(run_id_prefix(conn, "2026").compile(conn))
        runs.id >= ? AND runs.id < ? AND (runs.id LIKE ? || '%' ESCAPE '/')
    """
    like = db.runs.c.id.startswith(prefix, autoescape=True)
    if conn.dialect.name != "sqlite" or not prefix:
        return like
    last = ord(prefix[-1])
    if last == 0x10FFFF:  # nothing sorts after it: the lower bound alone
        return sa.and_(db.runs.c.id >= prefix, like)
    return sa.and_(db.runs.c.id >= prefix, db.runs.c.id < prefix[:-1] + chr(last + 1), like)

"""Numbered schema migrations, tracked in the ``_migrations`` table.

Migration N is the function at ``MIGRATIONS[N - 1]``; it takes a connection inside the
transaction that also records it, so a migration is applied whole or not at all. Each one
builds its tables from its own snapshot (never from `_schema`, which follows the current
schema), so a store made by any fourfold version upgrades through the same steps.

A brand-new store skips the steps: its tables are created from `_schema` at once and every
version is recorded as applied, in the one transaction. Replaying six migrations took a
new SQLite store 23 ms of CPU, against 3 ms to open an existing one; created at once, from
statements compiled once per process, it takes 8 (the first ``fourfold run`` of a project
and the hundreds of tests that make a store gain it). The two ways must end in the same
schema, which the store tests check table by table, column by column and index by index,
on SQLite and Postgres.

To change the schema: append ``m00N_what_it_does(conn)`` to `MIGRATIONS`, change `_schema`
to match, and leave the earlier migrations alone.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version

import sqlalchemy as sa

from ..errors import StoreError
from ._connect import WRITE, Target
from ._schema import ID, JSON, UTCDateTime, metadata, migrations

__all__ = [
    "MIGRATIONS",
    "STORE_SCHEMA_VERSION",
    "m001_create_schema",
    "m002_model_calls",
    "m003_labels_and_analyses",
    "m004_reviews",
    "m005_run_owner",
    "m006_notes",
    "migrate",
]

_OWN_TABLES = frozenset(
    {
        "runs",
        "cases",
        "trials",
        "results",
        "model_calls",
        "labels",
        "analyses",
        "reviews",
        "notes",
    }
)

_PG_LOCK_KEY = 0x464F5552  # "FOUR": serialises concurrent migrations of one database


def m001_create_schema(conn: sa.Connection) -> None:
    """Create runs, cases, trials and results, with their indexes."""
    meta = sa.MetaData()
    sa.Table(
        "runs",
        meta,
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("suite", sa.Text, nullable=False),
        sa.Column("suite_path", sa.Text),
        sa.Column("agent_version", sa.Text, nullable=False),
        sa.Column("config", JSON, nullable=False),
        sa.Column("package_version", sa.String(64), nullable=False),
        sa.Column("git_sha", sa.String(64)),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("started_at", UTCDateTime, nullable=False),
        sa.Column("ended_at", UTCDateTime),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("summary", JSON),
        sa.Index("ix_runs_started_at", "started_at"),
        sa.Index("ix_runs_suite_started_at", "suite", "started_at"),
    )
    sa.Table(
        "cases",
        meta,
        sa.Column(
            "run_id",
            sa.String(64),
            sa.ForeignKey("runs.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("case_id", sa.Text, primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("content_hash", sa.String(80), nullable=False),
        sa.Column("case", JSON, nullable=False),
    )
    sa.Table(
        "trials",
        meta,
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column(
            "run_id",
            sa.String(64),
            sa.ForeignKey("runs.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("case_id", sa.Text, nullable=False),
        sa.Column("repeat", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("error", sa.Text),
        sa.Column("trace", JSON),
        sa.Column("started_at", UTCDateTime, nullable=False),
        sa.Column("ended_at", UTCDateTime, nullable=False),
        sa.Column("latency_s", sa.Float),
        sa.UniqueConstraint("run_id", "case_id", "repeat", name="uq_trials_run_case_repeat"),
    )
    sa.Table(
        "results",
        meta,
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column(
            "trial_id",
            ID,
            sa.ForeignKey("trials.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("run_id", sa.String(64), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("check", sa.Text, nullable=False),
        sa.Column("layer", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("score", sa.Float),
        sa.Column("evidence", JSON, nullable=False),
        sa.Column("explanation", sa.Text, nullable=False),
        sa.Column("metadata", JSON, nullable=False),
        sa.UniqueConstraint("trial_id", "position", name="uq_results_trial_position"),
        sa.Index("ix_results_run_layer", "run_id", "layer"),
    )
    meta.create_all(conn, checkfirst=False)


def m002_model_calls(conn: sa.Connection) -> None:
    """Create model_calls, the response cache: each model call's request and reply by key."""
    meta = sa.MetaData()
    sa.Table(
        "model_calls",
        meta,
        sa.Column("key", sa.String(80), primary_key=True),
        sa.Column("provider", sa.String(64), nullable=False),
        sa.Column("model", sa.Text, nullable=False),
        sa.Column("request", JSON, nullable=False),
        sa.Column("response", JSON, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
    )
    meta.create_all(conn, checkfirst=False)


def m003_labels_and_analyses(conn: sa.Connection) -> None:
    """Create labels (human labels of trials and cases) and analyses (results kept with runs)."""
    meta = sa.MetaData()
    # Only for the foreign keys to resolve; the runs table exists since m001.
    sa.Table("runs", meta, sa.Column("id", sa.String(64), primary_key=True))
    labels = sa.Table(
        "labels",
        meta,
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column("run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE")),
        sa.Column("case_id", sa.Text, nullable=False),
        sa.Column("repeat", sa.Integer),
        sa.Column("criterion", sa.Text, nullable=False),
        sa.Column("labeller", sa.Text, nullable=False),
        sa.Column("value", sa.Float, nullable=False),
        sa.Column("note", sa.Text),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("source", sa.Text),
        sa.Index("ix_labels_run_criterion", "run_id", "criterion"),
    )
    sa.Index(
        "uq_labels_key",
        sa.func.coalesce(labels.c.run_id, ""),
        labels.c.case_id,
        sa.func.coalesce(labels.c.repeat, -1),
        labels.c.criterion,
        labels.c.labeller,
        unique=True,
    )
    analyses = sa.Table(
        "analyses",
        meta,
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column(
            "run_id",
            sa.String(64),
            sa.ForeignKey("runs.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("body", JSON, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.UniqueConstraint("run_id", "kind", "key", name="uq_analyses_run_kind_key"),
    )
    meta.create_all(conn, tables=[labels, analyses], checkfirst=False)


def m004_reviews(conn: sa.Connection) -> None:
    """Create reviews: people accepting or overriding judge results (the results stay)."""
    meta = sa.MetaData()
    sa.Table("runs", meta, sa.Column("id", sa.String(64), primary_key=True))
    reviews = sa.Table(
        "reviews",
        meta,
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column(
            "run_id",
            sa.String(64),
            sa.ForeignKey("runs.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("case_id", sa.Text, nullable=False),
        sa.Column("repeat", sa.Integer, nullable=False),
        sa.Column("check", sa.Text, nullable=False),
        sa.Column("original_score", sa.Float),
        sa.Column("original_status", sa.String(16), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("new_score", sa.Float),
        sa.Column("reason", sa.Text),
        sa.Column("reviewer", sa.Text, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Index("ix_reviews_run_trial", "run_id", "case_id", "repeat"),
    )
    meta.create_all(conn, tables=[reviews], checkfirst=False)


def m005_run_owner(conn: sa.Connection) -> None:
    """Add runs.owner: the process running a run, so that a vanished one can be told apart."""
    conn.execute(sa.text("ALTER TABLE runs ADD COLUMN owner TEXT"))


def m006_notes(conn: sa.Connection) -> None:
    """Create notes: people's free-text notes on trials, grouped into failure modes."""
    meta = sa.MetaData()
    sa.Table("runs", meta, sa.Column("id", sa.String(64), primary_key=True))
    notes = sa.Table(
        "notes",
        meta,
        sa.Column("id", ID, primary_key=True, autoincrement=True),
        sa.Column(
            "run_id",
            sa.String(64),
            sa.ForeignKey("runs.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("case_id", sa.Text, nullable=False),
        sa.Column("repeat", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("author", sa.Text, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("mode", sa.Text),
        sa.Index("ix_notes_run_mode", "run_id", "mode"),
    )
    meta.create_all(conn, tables=[notes], checkfirst=False)


MIGRATIONS: tuple[Callable[[sa.Connection], None], ...] = (
    m001_create_schema,
    m002_model_calls,
    m003_labels_and_analyses,
    m004_reviews,
    m005_run_owner,
    m006_notes,
)

STORE_SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this fourfold writes; a store from a newer one is refused."""


def migrate(engine: sa.Engine, target: Target) -> int:
    """Bring the store up to `STORE_SCHEMA_VERSION` and return that version.

    A store already up to date costs one read and takes no write lock, so opening a store
    while a run writes to it does not wait.

    Raises:
        StoreError: the store comes from a newer fourfold, or the database holds tables
            that are not a fourfold store's.
    """
    with engine.connect() as conn, conn.begin():
        version = _current_version(conn, target)
    if version == STORE_SCHEMA_VERSION:
        return version
    with engine.connect() as conn:
        conn.execution_options(**{WRITE: True})
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_PG_LOCK_KEY)))
            # Read again under the lock: another process may have migrated meanwhile.
            version = _current_version(conn, target)
            if version is None:
                _create_current(conn)
                return STORE_SCHEMA_VERSION
            for number in range(version + 1, STORE_SCHEMA_VERSION + 1):
                step = MIGRATIONS[number - 1]
                step(conn)
                conn.execute(
                    migrations.insert().values(
                        version=number, name=step.__name__, applied_at=datetime.now(UTC)
                    )
                )
    return STORE_SCHEMA_VERSION


def _create_current(conn: sa.Connection) -> None:
    """Create a new store's tables as `_schema` has them and record every version applied.

    Every version gets its row (named for its migration), as in a store that was migrated
    step by step, so the ``_migrations`` table reads the same either way: what matters to a
    later fourfold is the highest version, and the schema it names is the one created here.
    """
    for statement in _schema_ddl(conn.dialect):
        conn.exec_driver_sql(statement)
    now = datetime.now(UTC)
    conn.execute(
        migrations.insert(),
        [
            {"version": number, "name": step.__name__, "applied_at": now}
            for number, step in enumerate(MIGRATIONS, start=1)
        ],
    )


_DDL: dict[tuple[str, str], tuple[str, ...]] = {}


def _schema_ddl(dialect: sa.Dialect) -> tuple[str, ...]:
    """The statements ``metadata.create_all`` runs on `dialect`, compiled once per process.

    `create_all` itself compiles every statement each time, which took half the CPU of
    creating a store. Here it runs once on a mock engine of the same dialect and driver
    (same statements, same order), whose statements are kept as SQL text.
    """
    key = (dialect.name, dialect.driver)
    if key not in _DDL:
        statements: list[str] = []

        def keep(element: sa.schema.ExecutableDDLElement, *args: object, **kw: object) -> None:
            statements.append(str(element.compile(dialect=dialect)))

        mock = sa.create_mock_engine(sa.URL.create(f"{dialect.name}+{dialect.driver}"), keep)
        metadata.create_all(mock, checkfirst=False)
        _DDL[key] = tuple(statements)
    return _DDL[key]


def _current_version(conn: sa.Connection, target: Target) -> int | None:
    """Read the store's schema version; None for a database without a ``_migrations`` table."""
    tables = set(sa.inspect(conn).get_table_names())
    if migrations.name not in tables:
        foreign = tables if target.is_sqlite else tables & _OWN_TABLES
        if foreign:
            raise StoreError(
                f"{target.where} is a database but not a fourfold run store (it has the "
                f"tables {', '.join(sorted(foreign))} and no {migrations.name} table); "
                "give a new file or an empty database"
            )
        return None
    version = conn.execute(sa.select(sa.func.max(migrations.c.version))).scalar_one_or_none()
    version = version or 0
    if version > STORE_SCHEMA_VERSION:
        raise StoreError(
            f"the store {target.where} has schema version {version}, made by a newer fourfold; "
            f"this fourfold ({_fourfold_version()}) reads up to version "
            f"{STORE_SCHEMA_VERSION}: upgrade fourfold (pip install -U fourfold)"
        )
    return int(version)


def _fourfold_version() -> str:
    try:
        return package_version("fourfold")
    except PackageNotFoundError:  # pragma: no cover - only in a source tree never installed
        return "unknown version"

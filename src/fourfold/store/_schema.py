"""The store's tables as the queries see them (the current schema), and its column types.

A new store is created from these definitions directly; an older one reaches the same
tables through the migrations in `_migrations`, each of which keeps its own snapshot of the
tables it creates, because the definitions here move on with the schema while a migration
must keep doing what it did. The store tests compare a store created here with one migrated
from version 1, on SQLite and Postgres, so the two cannot drift apart.
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.engine import Dialect

__all__ = [
    "ID",
    "JSON",
    "UTCDateTime",
    "analyses",
    "cases",
    "labels",
    "metadata",
    "migrations",
    "model_calls",
    "notes",
    "results",
    "reviews",
    "runs",
    "trials",
]


class UTCDateTime(sa.TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back timezone-aware.

    SQLite has no timestamp type and drops the offset, Postgres keeps it but answers in
    the session's zone; converting to UTC on the way in and labelling UTC on the way out
    gives the same aware value from both. A naive datetime is taken to be UTC already.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Convert to UTC; SQLite gets the naive UTC value, so stored strings sort in time."""
        if value is None:
            return None
        value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Label (SQLite) or convert (Postgres) the stored value as UTC."""
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
"""A surrogate key: 64-bit on Postgres, SQLite's rowid (which must be spelled INTEGER)."""

JSON = sa.JSON(none_as_null=True)
"""A JSON document; Python None is SQL NULL (not the JSON ``null``), so "absent" stays absent.

Postgres gets ``json`` rather than ``jsonb``: it keeps the text as written, so a suite's
configuration reads back with its keys in their original order.
"""

metadata = sa.MetaData()

migrations = sa.Table(
    "_migrations",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("applied_at", UTCDateTime, nullable=False),
)

runs = sa.Table(
    "runs",
    metadata,
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
    # The process running the run (`_owner.Owner`), while it is running.
    sa.Column("owner", sa.Text),
    sa.Index("ix_runs_started_at", "started_at"),
    sa.Index("ix_runs_suite_started_at", "suite", "started_at"),
)

cases = sa.Table(
    "cases",
    metadata,
    sa.Column(
        "run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("case_id", sa.Text, primary_key=True),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("content_hash", sa.String(80), nullable=False),
    sa.Column("case", JSON, nullable=False),
)

trials = sa.Table(
    "trials",
    metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    sa.Column(
        "run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("case_id", sa.Text, nullable=False),
    sa.Column("repeat", sa.Integer, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("error", sa.Text),
    sa.Column("trace", JSON),
    sa.Column("started_at", UTCDateTime, nullable=False),
    sa.Column("ended_at", UTCDateTime, nullable=False),
    sa.Column("latency_s", sa.Float),
    # Its index also serves "the trials of a run", the leading column being run_id.
    sa.UniqueConstraint("run_id", "case_id", "repeat", name="uq_trials_run_case_repeat"),
)

results = sa.Table(
    "results",
    metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    sa.Column("trial_id", ID, sa.ForeignKey("trials.id", ondelete="CASCADE"), nullable=False),
    # Repeated from the trial so "results of a run by layer" is one indexed scan, no join.
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

model_calls = sa.Table(
    "model_calls",
    metadata,
    # "sha256:" and 64 hex digits: ModelRequest.cache_key.
    sa.Column("key", sa.String(80), primary_key=True),
    sa.Column("provider", sa.String(64), nullable=False),
    sa.Column("model", sa.Text, nullable=False),
    sa.Column("request", JSON, nullable=False),
    sa.Column("response", JSON, nullable=False),
    sa.Column("created_at", UTCDateTime, nullable=False),
)
"""The response cache: every model call's request and reply, by cache key."""

labels = sa.Table(
    "labels",
    metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    # NULL: a label kept without a run (the run's id may be given later, on re-import).
    sa.Column("run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE")),
    sa.Column("case_id", sa.Text, nullable=False),
    # NULL: a label on the case rather than on one repeat of it.
    sa.Column("repeat", sa.Integer),
    sa.Column("criterion", sa.Text, nullable=False),
    sa.Column("labeller", sa.Text, nullable=False),
    sa.Column("value", sa.Float, nullable=False),
    sa.Column("note", sa.Text),
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.Column("source", sa.Text),
    sa.Index("ix_labels_run_criterion", "run_id", "criterion"),
)
"""Human labels: one labeller's score of one trial (or case) on one criterion."""

# A unique constraint would let two labels differing only in a NULL through (NULLs are
# distinct in SQL): the key is unique with its NULLs coalesced.
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
    metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    sa.Column(
        "run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("kind", sa.String(64), nullable=False),
    sa.Column("key", sa.Text, nullable=False),
    sa.Column("body", JSON, nullable=False),
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.UniqueConstraint("run_id", "kind", "key", name="uq_analyses_run_kind_key"),
)
"""Analyses of a run kept with it (a calibration per criterion, a comparison per other run)."""

reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    sa.Column(
        "run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False
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
"""People's reviews of judge results, append-only: each accepts a score or overrides it."""

notes = sa.Table(
    "notes",
    metadata,
    sa.Column("id", ID, primary_key=True, autoincrement=True),
    sa.Column(
        "run_id", sa.String(64), sa.ForeignKey("runs.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("case_id", sa.Text, nullable=False),
    sa.Column("repeat", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("author", sa.Text, nullable=False),
    sa.Column("created_at", UTCDateTime, nullable=False),
    # NULL while the note is in no failure mode yet.
    sa.Column("mode", sa.Text),
    sa.Index("ix_notes_run_mode", "run_id", "mode"),
)
"""People's notes on trials (what went wrong, in their words), grouped into failure modes."""

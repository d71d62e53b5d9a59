"""The store's notes: people's free-text notes on trials, grouped into failure modes.

A mixin of `Store` (which stays one class for its users): the notes are their own
concept, and `_store` holds the runs, trials and results.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import sqlalchemy as sa

from ..errors import ConfigError
from ..runs import Note, check_mode_name
from . import _schema as db

__all__ = ["NoteStore"]


class NoteStore:
    """`Store`'s notes: add a note to a trial, read them, group them into failure modes."""

    if TYPE_CHECKING:

        @property
        def where(self) -> str: ...

        def _read(self) -> AbstractContextManager[sa.Connection]: ...

        def _write(self) -> AbstractContextManager[sa.Connection]: ...

        def _require_run(self, conn: sa.Connection, run_id: str) -> None: ...

    def add_note(self, note: Note) -> Note:
        """Store a note on a trial of a run; a note without `created_at` is stamped now.

        Returns:
            The note as stored, with its `id` and `created_at`.

        Raises:
            RunNotFoundError: no run has this id.
            ConfigError: the run has no trial of this case and repeat (names the trials
                it has).
        """
        row = note.model_dump(exclude={"id"})
        row["created_at"] = note.created_at or datetime.now(UTC)
        with self._write() as conn:
            self._require_run(conn, note.run_id)
            self._require_trial(conn, note.run_id, note.case_id, note.repeat)
            inserted = conn.execute(db.notes.insert().returning(db.notes.c.id), row)
            note_id = int(inserted.scalar_one())
        return note.model_copy(update={"id": note_id, "created_at": row["created_at"]})

    def notes(
        self,
        run_id: str,
        *,
        mode: str | None = None,
        case_id: str | None = None,
        repeat: int | None = None,
    ) -> list[Note]:
        """Read the notes of run `run_id`, oldest first (of one mode or trial, when given).

        Raises:
            RunNotFoundError: no run has this id.
        """
        query = (
            sa.select(db.notes)
            .where(db.notes.c.run_id == run_id)
            .order_by(db.notes.c.created_at, db.notes.c.id)
        )
        if mode is not None:
            query = query.where(db.notes.c.mode == mode)
        if case_id is not None:
            query = query.where(db.notes.c.case_id == case_id)
        if repeat is not None:
            query = query.where(db.notes.c.repeat == repeat)
        with self._read() as conn:
            self._require_run(conn, run_id)
            return [Note.model_validate(dict(row)) for row in conn.execute(query).mappings()]

    def set_note_mode(self, run_id: str, note_ids: Sequence[int], mode: str | None) -> int:
        """Put the notes `note_ids` of run `run_id` into failure mode `mode` (None: ungroup).

        All or nothing: if any id is not a note of the run, no note changes.

        Returns:
            How many notes were changed.

        Raises:
            RunNotFoundError: no run has this id.
            ConfigError: an id is not a note of this run, or `mode` is no mode name.
        """
        if not note_ids:
            raise ConfigError(
                "no note ids given", hint="`fourfold notes list RUN` shows each note's id"
            )
        return self.set_note_modes(run_id, [(mode, note_ids)])

    def set_note_modes(
        self, run_id: str, groups: Sequence[tuple[str | None, Sequence[int]]]
    ) -> int:
        """Put notes of run `run_id` into modes, group by group, in one transaction.

        `groups` pairs a mode (None: out of any mode) with the ids of its notes; a note
        named twice ends in its last group. All or nothing: if any id is not a note of
        the run, or a name is no mode name, no note changes.

        Returns:
            How many distinct notes were named.

        Raises:
            RunNotFoundError: no run has this id.
            ConfigError: an id is not a note of this run, or a mode is no mode name.
        """
        checked: list[tuple[str | None, list[int]]] = []
        for mode, ids in groups:
            try:
                name = None if mode is None else check_mode_name(mode)
            except ValueError as exc:
                raise ConfigError(str(exc)) from exc
            checked.append((name, sorted(set(ids))))
        wanted = sorted({i for _, ids in checked for i in ids})
        with self._write() as conn:
            self._require_run(conn, run_id)
            found = set(
                conn.execute(
                    sa.select(db.notes.c.id).where(
                        (db.notes.c.run_id == run_id) & db.notes.c.id.in_(wanted)
                    )
                ).scalars()
            )
            missing = [i for i in wanted if i not in found]
            if missing:
                raise ConfigError(
                    f"run {run_id} has no note with id {', '.join(map(str, missing))}; "
                    "nothing was grouped",
                    hint="`fourfold notes list RUN` shows each note's id",
                )
            for mode, ids in checked:
                if ids:
                    conn.execute(
                        db.notes.update()
                        .where((db.notes.c.run_id == run_id) & db.notes.c.id.in_(ids))
                        .values(mode=mode)
                    )
        return len(wanted)

    def _require_trial(self, conn: sa.Connection, run_id: str, case_id: str, repeat: int) -> None:
        found = conn.execute(
            sa.select(db.trials.c.id).where(
                (db.trials.c.run_id == run_id)
                & (db.trials.c.case_id == case_id)
                & (db.trials.c.repeat == repeat)
            )
        ).first()
        if found is not None:
            return
        rows = conn.execute(
            sa.select(db.trials.c.case_id, db.trials.c.repeat)
            .where(db.trials.c.run_id == run_id)
            .order_by(db.trials.c.case_id, db.trials.c.repeat)
            .limit(6)
        ).all()
        shown = ", ".join(f"{c}#{r}" for c, r in rows[:5]) + (", ..." if len(rows) > 5 else "")
        raise ConfigError(
            f"run {run_id} has no trial {case_id}#{repeat} in {self.where}",
            hint=(
                f"give one of its trials as CASE or CASE#REPEAT ({shown})"
                if rows
                else "the run has no trials yet: note its trials once they are stored"
            ),
        )

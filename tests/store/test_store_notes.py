"""Notes on trials: stored with id and time, read by run, mode or trial, grouped by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from pydantic import ValidationError

from fourfold.errors import ConfigError, RunNotFoundError
from fourfold.runs import MODE_NAME_MAX, Note
from fourfold.store import STORE_SCHEMA_VERSION, Store
from tests.helpers.store_builders import make_run, make_trial, raw_engine

RUN = "20261129-193755-a1b2c3"
OTHER = "20261129-200000-d4e5f6"
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


def _note(**fields: Any) -> Note:
    values: dict[str, Any] = {
        "run_id": RUN,
        "case_id": "case-1",
        "repeat": 0,
        "text": "invented policy number 4.7",
        "author": "ann",
    }
    values.update(fields)
    return Note(**values)


@pytest.fixture
def with_runs(store: Store) -> Store:
    store.create_run(make_run(RUN))
    store.create_run(make_run(OTHER))
    store.save_trials(RUN, [make_trial("case-1"), make_trial("case-1", 1), make_trial("case-2")])
    store.save_trial(OTHER, make_trial("case-1"))
    return store


def test_a_note_round_trips_with_its_id_and_time(with_runs: Store) -> None:
    stored = with_runs.add_note(_note(text="  looped on search ✓  "))
    assert stored.id is not None and stored.created_at is not None and stored.mode is None
    (back,) = with_runs.notes(RUN)
    assert back == stored
    assert back.text == "  looped on search ✓  "  # the author's words, as written


def test_notes_filter_by_mode_and_trial_oldest_first(with_runs: Store) -> None:
    a = with_runs.add_note(_note(created_at=T0 + timedelta(minutes=2)))
    b = with_runs.add_note(_note(repeat=1, created_at=T0))
    c = with_runs.add_note(_note(case_id="case-2", created_at=T0 + timedelta(minutes=1)))
    with_runs.add_note(_note(run_id=OTHER))
    assert [n.id for n in with_runs.notes(RUN)] == [b.id, c.id, a.id]
    assert [n.id for n in with_runs.notes(RUN, case_id="case-1")] == [b.id, a.id]
    assert [n.id for n in with_runs.notes(RUN, case_id="case-1", repeat=0)] == [a.id]
    assert a.id is not None and c.id is not None
    assert with_runs.set_note_mode(RUN, [a.id, c.id, a.id], " invented policy ") == 2
    assert [n.id for n in with_runs.notes(RUN, mode="invented policy")] == [c.id, a.id]
    assert with_runs.set_note_mode(RUN, [c.id], None) == 1
    assert [n.id for n in with_runs.notes(RUN, mode="invented policy")] == [a.id]


def test_grouping_is_all_or_nothing_and_names_the_missing_ids(with_runs: Store) -> None:
    mine = with_runs.add_note(_note())
    theirs = with_runs.add_note(_note(run_id=OTHER))
    assert mine.id is not None and theirs.id is not None
    with pytest.raises(ConfigError, match=rf"no note with id {theirs.id}, 999; nothing"):
        with_runs.set_note_mode(RUN, [mine.id, theirs.id, 999], "mode")
    assert with_runs.notes(RUN)[0].mode is None
    with pytest.raises(ConfigError, match="not a failure-mode name"):
        with_runs.set_note_mode(RUN, [mine.id], "two\nlines")
    with pytest.raises(ConfigError, match="no note ids given"):
        with_runs.set_note_mode(RUN, [], "mode")


def test_a_note_on_a_trial_the_run_does_not_have_names_its_trials(with_runs: Store) -> None:
    with pytest.raises(ConfigError, match="no trial case-1#5") as caught:
        with_runs.add_note(_note(repeat=5))
    assert "case-1#0, case-1#1, case-2#0" in str(caught.value)
    with pytest.raises(RunNotFoundError, match="no run 'nope'"):
        with_runs.add_note(_note(run_id="nope"))
    with pytest.raises(RunNotFoundError):
        with_runs.notes("nope")
    assert with_runs.notes(RUN) == []


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"text": " \n "}, "a note needs text"),
        ({"author": " "}, "needs an author"),
        ({"repeat": -1}, "greater than or equal to 0"),
        ({"mode": ""}, "not a failure-mode name"),
        ({"mode": "x" * (MODE_NAME_MAX + 1)}, f"at most {MODE_NAME_MAX} characters"),
    ],
)
def test_malformed_notes_are_rejected(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        _note(**fields)


def test_a_store_at_version_5_gains_notes_and_deleting_a_run_deletes_them(
    store_target: str,
) -> None:
    with Store.open(store_target) as store:
        store.create_run(make_run(RUN))
        store.save_trial(RUN, make_trial("case-1"))
    engine = raw_engine(store_target)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE notes"))
        conn.execute(sa.text("DELETE FROM _migrations WHERE version >= 6"))
    engine.dispose()
    with Store.open(store_target) as store:
        store.add_note(_note())
        assert len(store.notes(RUN)) == 1
    engine = raw_engine(store_target)
    with engine.begin() as conn:
        versions = list(
            conn.execute(sa.text("SELECT version FROM _migrations ORDER BY 1")).scalars()
        )
        if engine.dialect.name == "sqlite":
            conn.execute(sa.text("PRAGMA foreign_keys = ON"))
        conn.execute(sa.text(f"DELETE FROM runs WHERE id = '{RUN}'"))
        left = conn.execute(sa.text("SELECT count(*) FROM notes")).scalar_one()
    engine.dispose()
    assert versions == list(range(1, STORE_SCHEMA_VERSION + 1))
    assert left == 0


def test_several_groups_are_set_in_one_transaction(with_runs: Store) -> None:
    a, b, c = (with_runs.add_note(_note(text=t)) for t in ("one", "two", "three"))
    assert a.id is not None and b.id is not None and c.id is not None
    with pytest.raises(ConfigError, match="no note with id 999"):
        with_runs.set_note_modes(RUN, [("first", [a.id]), ("second", [b.id, 999])])
    assert [n.mode for n in with_runs.notes(RUN)] == [None, None, None]
    with pytest.raises(ConfigError, match="not a failure-mode name"):
        with_runs.set_note_modes(RUN, [("first", [a.id]), (" ", [b.id])])
    assert with_runs.set_note_modes(RUN, [("first", [a.id, b.id]), ("second", [b.id])]) == 2
    assert [n.mode for n in with_runs.notes(RUN)] == ["first", "second", None]

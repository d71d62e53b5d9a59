"""Judge-score reviews: append-only, the latest in force, the results left as they were."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import sqlalchemy as sa
from pydantic import ValidationError

from fourfold.errors import RunNotFoundError
from fourfold.runs import Review
from fourfold.store import STORE_SCHEMA_VERSION, Store
from tests.helpers.store_builders import make_run, make_trial, raw_engine

RUN = "20261129-193755-a1b2c3"
OTHER = "20261129-200000-d4e5f6"


def _review(**fields: Any) -> Review:
    values: dict[str, Any] = {
        "run_id": RUN,
        "case_id": "case-1",
        "repeat": 0,
        "check": "rubric:grounding",
        "original_score": 1.0,
        "original_status": "fail",
        "action": "override",
        "new_score": 3.0,
        "reason": "every claim is in passage 4.2",
        "reviewer": "ann",
    }
    values.update(fields)
    return Review(**values)


@pytest.fixture
def with_runs(store: Store) -> Store:
    store.create_run(make_run(RUN))
    store.create_run(make_run(OTHER))
    store.save_trial(RUN, make_trial("case-1"))
    return store


def test_a_review_round_trips_with_its_id_and_time(with_runs: Store) -> None:
    stored = with_runs.add_review(_review())
    assert stored.id is not None and stored.created_at is not None
    (back,) = with_runs.reviews(RUN)
    assert back == stored
    assert back.score == 3.0


def test_reviews_are_appended_and_the_results_stay(with_runs: Store) -> None:
    before = with_runs.trials(RUN)
    t0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
    with_runs.add_review(_review(created_at=t0))
    with_runs.add_review(
        _review(action="accept", new_score=None, reason=None, reviewer="bob", created_at=t0)
    )
    with_runs.add_review(_review(new_score=2.0, created_at=t0 + timedelta(minutes=1)))
    reviews = with_runs.reviews(RUN)
    assert [(r.reviewer, r.action, r.score) for r in reviews] == [
        ("ann", "override", 3.0),
        ("bob", "accept", 1.0),
        ("ann", "override", 2.0),
    ]
    assert with_runs.trials(RUN) == before


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ({}, 3),
        ({"case_id": "case-1"}, 2),
        ({"case_id": "case-1", "repeat": 1}, 1),
        ({"case_id": "case-2"}, 1),
        ({"case_id": "case-3"}, 0),
    ],
)
def test_reviews_filter_by_trial(with_runs: Store, where: dict[str, Any], expected: int) -> None:
    with_runs.add_review(_review())
    with_runs.add_review(_review(repeat=1))
    with_runs.add_review(_review(case_id="case-2"))
    with_runs.add_review(_review(run_id=OTHER))
    assert len(with_runs.reviews(RUN, **where)) == expected


def test_reviews_of_an_unknown_run_are_refused(with_runs: Store) -> None:
    with pytest.raises(RunNotFoundError, match="no run 'nope'"):
        with_runs.add_review(_review(run_id="nope"))
    with pytest.raises(RunNotFoundError):
        with_runs.reviews("nope")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"new_score": None}, "needs the new score"),
        ({"reason": "  "}, "needs a reason"),
        ({"reason": None}, "needs a reason"),
        ({"action": "accept", "reason": None}, "give no new score"),
        ({"new_score": float("nan")}, "finite"),
        ({"action": "delete"}, "accept"),
        ({"reviewer": ""}, "at least 1 character"),
        ({"repeat": -1}, "greater than or equal to 0"),
    ],
)
def test_malformed_reviews_are_rejected(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        _review(**fields)


def test_a_store_at_version_3_gains_reviews(store_target: str) -> None:
    with Store.open(store_target) as store:
        store.create_run(make_run(RUN))
    engine = raw_engine(store_target)
    with engine.begin() as conn:
        conn.execute(sa.text("DROP TABLE reviews"))
        conn.execute(sa.text("ALTER TABLE runs DROP COLUMN owner"))  # m005, after reviews
        conn.execute(sa.text("DROP TABLE notes"))  # m006
        conn.execute(sa.text("DELETE FROM _migrations WHERE version >= 4"))
    engine.dispose()
    with Store.open(store_target) as store:
        store.add_review(_review())
        assert len(store.reviews(RUN)) == 1
    engine = raw_engine(store_target)
    with engine.connect() as conn:
        versions = list(
            conn.execute(sa.text("SELECT version FROM _migrations ORDER BY 1")).scalars()
        )
    engine.dispose()
    assert versions == list(range(1, STORE_SCHEMA_VERSION + 1))


def test_deleting_a_run_deletes_its_reviews(store_target: str) -> None:
    with Store.open(store_target) as store:
        store.create_run(make_run(RUN))
        store.add_review(_review())
    engine = raw_engine(store_target)
    with engine.begin() as conn:
        if engine.dialect.name == "sqlite":
            conn.execute(sa.text("PRAGMA foreign_keys=ON"))
        conn.execute(sa.text("DELETE FROM runs"))
        left = conn.execute(sa.text("SELECT count(*) FROM reviews")).scalar_one()
    engine.dispose()
    assert left == 0

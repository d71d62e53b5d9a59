"""Timestamps: an aware datetime comes back from the store and from JSON as the same instant,
labelled UTC by the store; a naive one is taken as UTC, as `UTCDateTime` documents.

Each property runs on SQLite and, given a server, on Postgres (which answers in the
session's zone, whatever the server's). One store serves all of a property's examples.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from fourfold.runs import Run
from fourfold.store import Store
from tests.helpers.store_builders import make_run

OFFSETS = st.integers(min_value=-23 * 60 - 59, max_value=23 * 60 + 59).map(
    lambda minutes: timezone(timedelta(minutes=minutes))
)
"""Every offset a zone can have, to the minute."""
NAIVE = st.datetimes(min_value=datetime(1970, 1, 2), max_value=datetime(2200, 1, 1))
AWARE = st.builds(lambda naive, zone: naive.replace(tzinfo=zone), NAIVE, OFFSETS)
_ids = (f"run-{n:06d}" for n in itertools.count())


def test_an_aware_datetime_reads_back_as_the_same_instant_in_utc(store_target: str) -> None:
    with Store.open(store_target) as store:

        @given(AWARE, st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=3)))
        def check(started: datetime, took: timedelta) -> None:
            run = make_run(next(_ids), started_at=started, ended_at=started + took)
            store.create_run(run)
            back = store.get_run(run.id)
            assert back.started_at == started and back.ended_at == started + took
            assert back.started_at.utcoffset() == timedelta(0)
            assert back.started_at.tzinfo is UTC and back.ended_at.tzinfo is UTC

        check()


def test_a_naive_datetime_is_taken_as_utc(store_target: str) -> None:
    with Store.open(store_target) as store:

        @given(NAIVE)
        def check(started: datetime) -> None:
            run = make_run(next(_ids), started_at=started)
            store.create_run(run)
            assert store.get_run(run.id).started_at == started.replace(tzinfo=UTC)

        check()


def test_runs_list_newest_first_whatever_their_offsets(store_target: str) -> None:
    with Store.open(store_target) as store:

        @given(st.lists(AWARE, min_size=1, max_size=6, unique_by=lambda d: d.astimezone(UTC)))
        def check(times: list[datetime]) -> None:
            suite = next(_ids)
            for started in times:
                store.create_run(make_run(next(_ids), suite=suite, started_at=started))
            listed = [r.started_at for r in store.list_runs(suite=suite)]
            assert listed == sorted(times, reverse=True)

        check()


@given(AWARE)
def test_an_aware_datetime_survives_json_with_its_offset(started: datetime) -> None:
    run = make_run(started_at=started)
    back = Run.model_validate_json(run.model_dump_json())
    assert back.started_at == started
    assert back.started_at.utcoffset() == started.utcoffset()

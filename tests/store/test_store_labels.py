"""Human labels and analyses go in and come back out, keyed and replaced, on every backend."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from fourfold.errors import RunNotFoundError
from fourfold.runs import Analysis, Label
from fourfold.store import STORE_SCHEMA_VERSION, Store
from tests.helpers.store_builders import make_run, raw_engine

RUN = make_run().id
OTHER = "20261130-080000-000000"


def _label(**fields: object) -> Label:
    values: dict[str, object] = {
        "run_id": RUN,
        "case_id": "case-1",
        "repeat": 0,
        "criterion": "rubric:grounding",
        "labeller": "ann",
        "value": 2.0,
    }
    values.update(fields)
    return Label.model_validate(values)


@pytest.fixture
def with_runs(store: Store) -> Store:
    store.create_run(make_run())
    store.create_run(make_run(OTHER))
    return store


# Labels


def test_label_round_trip(with_runs: Store) -> None:
    stamped = datetime(2026, 11, 30, 8, 0, tzinfo=UTC)
    label = _label(
        note="quotes “30 days” — the passage says 14 🙃", source="l.csv:3", created_at=stamped
    )
    assert with_runs.add_labels([label]) == 1
    assert with_runs.labels() == [label]


def test_a_label_without_created_at_is_stamped(with_runs: Store) -> None:
    before = datetime.now(UTC)
    with_runs.add_labels([_label()])
    (back,) = with_runs.labels()
    assert back.created_at is not None and back.created_at >= before.replace(microsecond=0)


@pytest.mark.parametrize(
    "key",
    [
        {},
        {"repeat": None},
        {"run_id": None},
        {"run_id": None, "repeat": None},
    ],
    ids=["trial", "case", "no run", "case without run"],
)
def test_re_adding_a_label_replaces_it(with_runs: Store, key: dict[str, object]) -> None:
    with_runs.add_labels([_label(**key, value=1, note="first")])
    assert with_runs.add_labels([_label(**key, value=3, note="second")]) == 1
    (back,) = with_runs.labels()
    assert (back.value, back.note) == (3.0, "second")


@pytest.mark.parametrize(
    "other",
    [
        {"run_id": OTHER},
        {"run_id": None},
        {"case_id": "case-2"},
        {"repeat": 1},
        {"repeat": None},
        {"criterion": "rubric:outcome"},
        {"labeller": "bob"},
    ],
)
def test_labels_differing_in_any_key_column_are_kept_apart(
    with_runs: Store, other: dict[str, object]
) -> None:
    with_runs.add_labels([_label()])
    with_runs.add_labels([_label(**other)])
    assert len(with_runs.labels()) == 2


def test_within_one_call_the_last_label_of_a_key_wins(with_runs: Store) -> None:
    stored = with_runs.add_labels([_label(value=1), _label(labeller="bob"), _label(value=3)])
    assert stored == 2
    assert {(lb.labeller, lb.value) for lb in with_runs.labels()} == {("ann", 3.0), ("bob", 2.0)}


def test_labels_filter_by_run_and_criterion(with_runs: Store) -> None:
    with_runs.add_labels(
        [
            _label(),
            _label(criterion="rubric:outcome"),
            _label(run_id=OTHER),
            _label(run_id=None),
        ]
    )
    assert len(with_runs.labels()) == 4
    assert {lb.criterion for lb in with_runs.labels(run_id=RUN)} == {
        "rubric:grounding",
        "rubric:outcome",
    }
    assert [lb.run_id for lb in with_runs.labels(criterion="rubric:grounding")] == [
        None,
        RUN,
        OTHER,
    ]
    assert with_runs.labels(run_id=OTHER, criterion="rubric:outcome") == []


def test_labels_come_in_key_order(with_runs: Store) -> None:
    with_runs.add_labels(
        [
            _label(case_id="b", repeat=1),
            _label(case_id="b", repeat=None),
            _label(case_id="a", repeat=0, labeller="zoe"),
            _label(case_id="a", repeat=0, labeller="ann"),
        ]
    )
    keys = [(lb.case_id, lb.repeat, lb.labeller) for lb in with_runs.labels()]
    assert keys == [("a", 0, "ann"), ("a", 0, "zoe"), ("b", None, "ann"), ("b", 1, "ann")]


def test_labels_of_an_unknown_run_are_refused_whole(with_runs: Store) -> None:
    with pytest.raises(RunNotFoundError, match="no run 'nope'"):
        with_runs.add_labels([_label(), _label(run_id="nope")])
    assert with_runs.labels() == []


def test_adding_no_labels_stores_nothing(with_runs: Store) -> None:
    assert with_runs.add_labels([]) == 0
    assert with_runs.labels() == []


# Analyses


def test_analysis_round_trip_and_replace(with_runs: Store) -> None:
    body = {"verdict": "may_gate", "scale": [0.0, 1.0], "nested": {"ünï": [1, None, True]}}
    with_runs.save_analysis(RUN, "calibration", "rubric:grounding", body)
    got = with_runs.get_analysis(RUN, "calibration", "rubric:grounding")
    assert isinstance(got, Analysis)
    assert (got.run_id, got.kind, got.key, got.body) == (
        RUN,
        "calibration",
        "rubric:grounding",
        body,
    )
    with_runs.save_analysis(RUN, "calibration", "rubric:grounding", {"verdict": "human_review"})
    again = with_runs.get_analysis(RUN, "calibration", "rubric:grounding")
    assert again is not None and again.body == {"verdict": "human_review"}
    assert again.created_at >= got.created_at
    assert len(with_runs.analyses(RUN)) == 1


def test_analyses_by_kind_and_key(with_runs: Store) -> None:
    with_runs.save_analysis(RUN, "comparison", OTHER, {"n": 1})
    with_runs.save_analysis(RUN, "calibration", "rubric:outcome", {"n": 2})
    with_runs.save_analysis(RUN, "calibration", "rubric:grounding", {"n": 3})
    with_runs.save_analysis(OTHER, "calibration", "rubric:grounding", {"n": 4})
    assert [(a.kind, a.key) for a in with_runs.analyses(RUN)] == [
        ("calibration", "rubric:grounding"),
        ("calibration", "rubric:outcome"),
        ("comparison", OTHER),
    ]
    assert [a.body["n"] for a in with_runs.analyses(RUN, kind="calibration")] == [3, 2]
    assert with_runs.analyses(RUN, kind="consistency") == []
    assert with_runs.get_analysis(RUN, "calibration", "rubric:policy") is None


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.save_analysis("nope", "calibration", "k", {}),
        lambda s: s.analyses("nope"),
        lambda s: s.get_analysis("nope", "calibration", "k"),
    ],
    ids=["save", "list", "get"],
)
def test_analyses_of_an_unknown_run(with_runs: Store, call: object) -> None:
    with pytest.raises(RunNotFoundError, match="no run 'nope'"):
        call(with_runs)  # type: ignore[operator]


# Migration


def test_a_store_made_before_labels_is_upgraded(store_target: str) -> None:
    """A store at schema version 2, with a run in it, gains the labels and analyses tables."""
    with Store.open(store_target) as store:
        store.create_run(make_run())
    engine = raw_engine(store_target)
    with engine.begin() as conn:  # back to version 2: what fourfold wrote before labels
        conn.execute(sa.text("DROP TABLE labels"))
        conn.execute(sa.text("DROP TABLE analyses"))
        conn.execute(sa.text("DROP TABLE reviews"))  # m004, after labels
        conn.execute(sa.text("ALTER TABLE runs DROP COLUMN owner"))  # m005
        conn.execute(sa.text("DROP TABLE notes"))  # m006
        conn.execute(sa.text("DELETE FROM _migrations WHERE version >= 3"))
    engine.dispose()
    with Store.open(store_target) as store:
        store.add_labels([_label()])
        store.save_analysis(RUN, "calibration", "rubric:grounding", {"ok": True})
        assert len(store.labels(run_id=RUN)) == 1
        assert store.get_run(RUN) == make_run()
    engine = raw_engine(store_target)
    with engine.connect() as conn:
        versions = list(
            conn.execute(sa.text("SELECT version FROM _migrations ORDER BY 1")).scalars()
        )
    engine.dispose()
    assert versions == list(range(1, STORE_SCHEMA_VERSION + 1))

"""Runs, cases, trials and results go in and come back out the same, on every backend."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from fourfold.cases import Case
from fourfold.errors import AmbiguousRunError, RunNotFoundError, StoreError
from fourfold.store import Store
from fourfold.trace import Message, ToolCall, Trace
from tests.helpers.store_builders import (
    T0,
    make_result,
    make_run,
    make_trial,
    rich_results,
    rich_trace,
)

# Runs


def test_run_round_trip(store: Store) -> None:
    paris = timezone(timedelta(hours=1))
    run = make_run(
        suite="remboursements-été ☀",
        suite_path="/suites/refunds.yaml",
        agent_version="gpt-4o @ 2026-11 «β»",
        config={"zeta": 1, "alpha": {"checks": [{"name": "tool_called", "args": {"x": [1]}}]}},
        git_sha="0123456789abcdef0123456789abcdef01234567",
        seed=2**40,
        started_at=datetime(2026, 11, 29, 20, 0, tzinfo=paris),
        ended_at=datetime(2026, 11, 29, 21, 30, 15, 5, tzinfo=paris),
        status="finished",
        summary={"decision": "pass", "layers": {"outcome": {"rate": 0.93}}},
    )
    store.create_run(run)

    back = store.get_run(run.id)

    assert back == run
    assert back.started_at.tzinfo == UTC and back.started_at.hour == 19
    assert back.ended_at is not None and back.ended_at.tzinfo == UTC
    assert list(back.config) == ["zeta", "alpha"]  # as written, not re-sorted


def test_naive_datetimes_are_taken_as_utc(store: Store) -> None:
    store.create_run(make_run(started_at=datetime(2026, 1, 2, 3, 4, 5)))
    assert store.get_run("latest").started_at == datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def test_create_run_twice_is_refused(store: Store) -> None:
    store.create_run(make_run("20261129-193755-aaaaaa"))
    with pytest.raises(StoreError, match="already in the store"):
        store.create_run(make_run("20261129-193755-aaaaaa", suite="other"))
    assert store.get_run("20261129-193755-aaaaaa").suite == "refunds"


IDS = ["20261129-193755-a1b2c3", "20261129-193755-a1ffff", "20261130-080000-000000"]


@pytest.mark.parametrize(
    ("asked", "found"),
    [
        ("20261129-193755-a1b2c3", "20261129-193755-a1b2c3"),
        ("20261129-193755-a1b", "20261129-193755-a1b2c3"),
        ("20261130", "20261130-080000-000000"),
        ("2026113", "20261130-080000-000000"),
    ],
)
def test_get_run_by_id_or_unique_prefix(store: Store, asked: str, found: str) -> None:
    for i, run_id in enumerate(IDS):
        store.create_run(make_run(run_id, started_at=T0 + timedelta(minutes=i)))
    assert store.get_run(asked).id == found


@pytest.mark.parametrize(
    ("asked", "error", "message"),
    [
        ("20261129-193755-a1", AmbiguousRunError, "several run ids.*a1ffff.*a1b2c3"),
        ("2026", AmbiguousRunError, "several run ids"),
        ("20261129-193755-a1b2c4", RunNotFoundError, "no run '20261129-193755-a1b2c4'"),
        ("zzz", RunNotFoundError, "fourfold runs"),
        ("%", RunNotFoundError, "no run '%'"),
        ("2026_", RunNotFoundError, "no run"),
        ("", RunNotFoundError, "no run id given"),
    ],
)
def test_get_run_that_is_missing_or_ambiguous(
    store: Store, asked: str, error: type[Exception], message: str
) -> None:
    for i, run_id in enumerate(IDS):
        store.create_run(make_run(run_id, started_at=T0 + timedelta(minutes=i)))
    with pytest.raises(error, match=message) as caught:
        store.get_run(asked)
    if error is StoreError:
        assert not isinstance(caught.value, RunNotFoundError)


def test_ambiguous_prefix_lists_at_most_ten_candidates(store: Store) -> None:
    for i in range(12):
        store.create_run(make_run(f"20261129-1937{i:02d}-000000", started_at=T0 + timedelta(i)))
    with pytest.raises(StoreError) as caught:
        store.get_run("20261129")
    assert str(caught.value).count("20261129-1937") == 10
    assert "and more" in str(caught.value)


def test_latest_is_the_most_recently_started_run(store: Store) -> None:
    # Ids sort the other way round from start times here: `latest` goes by time.
    store.create_run(make_run("b-run", started_at=T0))
    store.create_run(make_run("a-run", started_at=T0 + timedelta(hours=1)))
    store.create_run(make_run("c-run", started_at=T0 - timedelta(hours=1)))
    assert store.get_run("latest").id == "a-run"


def test_latest_of_an_empty_store(store: Store) -> None:
    with pytest.raises(RunNotFoundError, match="holds no runs yet"):
        store.get_run("latest")


def test_list_runs_newest_first(store: Store) -> None:
    for i in range(5):
        store.create_run(
            make_run(
                f"run-{i}",
                suite="even" if i % 2 == 0 else "odd",
                started_at=T0 + timedelta(minutes=i),
            )
        )
    assert [r.id for r in store.list_runs()] == ["run-4", "run-3", "run-2", "run-1", "run-0"]
    assert [r.id for r in store.list_runs(limit=2)] == ["run-4", "run-3"]
    assert [r.id for r in store.list_runs(suite="odd")] == ["run-3", "run-1"]
    assert store.list_runs(suite="none") == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"status": "finished"}, {"status": "finished"}),
        ({"ended_at": T0 + timedelta(hours=2)}, {"ended_at": T0 + timedelta(hours=2)}),
        ({"ended_at": None}, {"ended_at": None}),
        ({"summary": {"decision": "fail"}}, {"summary": {"decision": "fail"}}),
        ({"summary": None}, {"summary": None}),
        (
            {"status": "interrupted", "summary": {"n": 1}},
            {"status": "interrupted", "summary": {"n": 1}},
        ),
        ({}, {}),
    ],
)
def test_update_run_changes_only_the_given_fields(
    store: Store, change: dict[str, Any], expected: dict[str, Any]
) -> None:
    run = make_run(ended_at=T0 + timedelta(hours=1), summary={"decision": "pass"})
    store.create_run(run)
    store.update_run(run.id, **change)
    assert store.get_run(run.id) == run.model_copy(update=expected)


def test_update_of_a_missing_run(store: Store) -> None:
    with pytest.raises(RunNotFoundError):
        store.update_run("nope", status="finished")
    with pytest.raises(RunNotFoundError):
        store.update_run("nope")


# Cases


def _cases() -> list[Case]:
    return [
        Case(id="z-last-alphabetically", input="Où est ma commande ? 📦", strata={"lang": "fr"}),
        Case(
            id="conversation",
            input=[
                Message(role="system", content="Be brief."),
                Message(role="user", content="Refund order A-1"),
            ],
            context={"account": "acme", "nested": [1, {"a": None}]},
            expected="Refunds it",
            focus="the amount",
            ground_truth={"amount": 12.5},
            tags=["must_refund"],
            metadata={"source": "ticket-77"},
        ),
        Case(id="a-first-alphabetically", input="hi"),
    ]


def test_cases_round_trip_in_saved_order(store: Store) -> None:
    store.create_run(make_run())
    store.save_cases("20261129-193755-a1b2c3", _cases())
    back = store.cases("20261129-193755-a1b2c3")
    assert back == _cases()
    assert [c.content_hash for c in back] == [c.content_hash for c in _cases()]


def test_save_cases_again_is_idempotent_and_replaces(store: Store) -> None:
    run = make_run()
    store.create_run(run)
    store.save_cases(run.id, _cases())
    store.save_cases(run.id, _cases())
    assert store.cases(run.id) == _cases()
    store.save_cases(run.id, _cases()[::-1][:2])
    assert store.cases(run.id) == _cases()[::-1][:2]
    store.save_cases(run.id, [])
    assert store.cases(run.id) == []


def test_cases_belong_to_their_run(store: Store) -> None:
    store.create_run(make_run("run-a"))
    store.create_run(make_run("run-b"))
    store.save_cases("run-a", _cases())
    store.save_cases("run-b", _cases()[:1])
    assert store.cases("run-a") == _cases()
    assert store.cases("run-b") == _cases()[:1]


def test_save_cases_with_a_duplicate_id(store: Store) -> None:
    store.create_run(make_run())
    with pytest.raises(StoreError, match="two cases have the id 'x'"):
        store.save_cases(make_run().id, [Case(id="x", input="a"), Case(id="x", input="b")])


# Trials


def test_trial_round_trip_with_trace_and_results(store: Store) -> None:
    store.create_run(make_run())
    trial = make_trial(trace=rich_trace(), results=rich_results(), latency_s=3.25)
    store.save_trial(make_run().id, trial)
    [back] = store.trials(make_run().id)
    assert back == trial
    assert back.trace is not None and back.trace.output is not None
    assert back.trace.output.endswith("\x00(end)")
    assert back.started_at.tzinfo == UTC


def test_errored_trial_without_trace(store: Store) -> None:
    store.create_run(make_run())
    trial = make_trial(status="error", error="TimeoutError: agent took > 60 s", trace=None)
    trial = trial.model_copy(update={"results": [], "latency_s": None})
    store.save_trial(make_run().id, trial)
    assert store.trials(make_run().id) == [trial]


def test_large_trace_round_trips(store: Store) -> None:
    store.create_run(make_run())
    trace = Trace(
        output="Ω" * 2_000_000,
        tool_calls=[
            ToolCall(name=f"tool_{i}", arguments={"i": i, "s": "x" * 100}) for i in range(2000)
        ],
    )
    store.save_trial(make_run().id, make_trial(trace=trace))
    [back] = store.trials(make_run().id)
    assert back.trace == trace


def test_results_keep_their_order(store: Store) -> None:
    store.create_run(make_run())
    results = [make_result(f"check-{i:03d}") for i in reversed(range(120))]
    store.save_trial(make_run().id, make_trial(results=results))
    [back] = store.trials(make_run().id)
    assert [r.check for r in back.results] == [f"check-{i:03d}" for i in reversed(range(120))]


def test_non_finite_numbers_in_metadata_become_null(store: Store) -> None:
    store.create_run(make_run())
    result = make_result(metadata={"nan": float("nan"), "inf": float("inf"), "ok": 1.5})
    store.save_trial(make_run().id, make_trial(results=[result]))
    [back] = store.trials(make_run().id)
    assert back.results[0].metadata == {"nan": None, "inf": None, "ok": 1.5}


def test_save_trial_again_replaces_it_and_its_results(store: Store) -> None:
    run_id = make_run().id
    store.create_run(make_run())
    store.save_trial(run_id, make_trial("c", 0, n_results=5))
    store.save_trial(run_id, make_trial("c", 1, n_results=2))
    again = make_trial("c", 0, n_results=1, status="error", error="flaky")
    store.save_trial(run_id, again)
    store.save_trial(run_id, again)

    trials = store.trials(run_id)

    assert [(t.case_id, t.repeat, len(t.results)) for t in trials] == [("c", 0, 1), ("c", 1, 2)]
    assert trials[0] == again
    assert store.layer_counts(run_id) == {"outcome": {"pass": 3}}  # no orphaned results


def test_trials_in_case_order_then_repeat(store: Store) -> None:
    run_id = make_run().id
    store.create_run(make_run())
    store.save_cases(run_id, [Case(id=i, input="q") for i in ("m", "b", "x")])
    for case_id, repeat in [("x", 1), ("b", 0), ("unsaved-b", 0), ("m", 1), ("x", 0),
                            ("unsaved-a", 2), ("m", 0), ("b", 1), ("unsaved-a", 0)]:  # fmt: skip
        store.save_trial(run_id, make_trial(case_id, repeat))

    keys = [(t.case_id, t.repeat) for t in store.trials(run_id)]

    assert keys == [
        ("m", 0), ("m", 1), ("b", 0), ("b", 1), ("x", 0), ("x", 1),
        ("unsaved-a", 0), ("unsaved-a", 2), ("unsaved-b", 0),
    ]  # fmt: skip
    assert [(t.case_id, t.repeat) for t in store.trials(run_id, case_id="x")] == [
        ("x", 0),
        ("x", 1),
    ]
    assert store.trials(run_id, case_id="never-run") == []


def test_trials_with_case_filter_carry_their_own_results(store: Store) -> None:
    run_id = make_run().id
    store.create_run(make_run())
    store.save_trial(run_id, make_trial("a", n_results=2))
    store.save_trial(run_id, make_trial("b", n_results=4))
    [b] = store.trials(run_id, case_id="b")
    assert len(b.results) == 4 and b.trace == Trace(output="answer to b")


def test_trials_belong_to_their_run(store: Store) -> None:
    store.create_run(make_run("run-a"))
    store.create_run(make_run("run-b"))
    store.save_trial("run-a", make_trial("same", n_results=2))
    store.save_trial("run-b", make_trial("same", n_results=5))
    assert [len(t.results) for t in store.trials("run-a")] == [2]
    assert [len(t.results) for t in store.trials("run-b")] == [5]
    assert store.finished_keys("run-a") == {("same", 0)}


def test_finished_keys(store: Store) -> None:
    run_id = make_run().id
    store.create_run(make_run())
    assert store.finished_keys(run_id) == set()
    for key in [("a", 0), ("a", 1), ("b", 0)]:
        store.save_trial(run_id, make_trial(*key))
    store.save_trial(run_id, make_trial("a", 0))
    assert store.finished_keys(run_id) == {("a", 0), ("a", 1), ("b", 0)}


def test_layer_counts(store: Store) -> None:
    run_id = make_run().id
    store.create_run(make_run())
    store.save_trial(run_id, make_trial("a", results=rich_results()))
    store.save_trial(run_id, make_trial("b", results=rich_results()[:2]))
    assert store.layer_counts(run_id) == {
        "policy": {"fail": 2},
        "trajectory": {"pass": 2},
        "grounding": {"skip": 1},
        "outcome": {"error": 1},
    }


@pytest.mark.parametrize(
    "call",
    [
        lambda s: s.save_trial("nope", make_trial()),
        lambda s: s.save_cases("nope", [Case(id="a", input="q")]),
        lambda s: s.trials("nope"),
        lambda s: s.cases("nope"),
        lambda s: s.finished_keys("nope"),
        lambda s: s.layer_counts("nope"),
    ],
    ids=["save_trial", "save_cases", "trials", "cases", "finished_keys", "layer_counts"],
)
def test_a_missing_run_is_reported(store: Store, call: Any) -> None:
    store.create_run(make_run())
    with pytest.raises(RunNotFoundError, match="no run 'nope'"):
        call(store)


def test_a_trial_for_a_missing_run_leaves_nothing_behind(store: Store) -> None:
    with pytest.raises(RunNotFoundError):
        store.save_trial("nope", make_trial())
    store.create_run(make_run("nope"))
    assert store.trials("nope") == []
    assert store.layer_counts("nope") == {}

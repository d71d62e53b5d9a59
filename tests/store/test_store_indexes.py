"""The store's reads use its indexes: query plans of the SQL the report, compare and viewer send.

A store is filled through its own API (`Store.save_trials` in batches, `add_review`,
`add_labels`, `save_analysis`, `add_note`): 100,000 trials in Postgres, 10,000 in SQLite.
Then the real read functions run — `load_run` by a prefix of a run's id (what ``fourfold
compare`` and the viewer call), `load_report` against a baseline (the HTML report and the
viewer's pages), and the store's per-run and per-case reads the viewer makes — while a
``before_cursor_execute`` listener records every SELECT they send. The test explains those
statements, not a hand-written copy, so it follows the code: a new query that scans a
per-run table fails it.

Postgres: ``EXPLAIN (FORMAT JSON)`` after ``ANALYZE``: no ``Seq Scan`` of trials, results or
cases in the planner's own plans, and none of any per-run table with ``enable_seqscan``
off (which leaves a Seq Scan only where no index serves the query; reviews, labels,
analyses and notes hold a few rows a run, so scanning them may well be the cheapest plan).
SQLite: ``EXPLAIN QUERY PLAN`` (without ``ANALYZE``, as a user's store is); no ``SCAN`` of a
per-run table (a ``SEARCH ... USING INDEX`` or a primary key lookup is what must show).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from fourfold.cases import Case
from fourfold.errors import AmbiguousRunError
from fourfold.report.html import load_report
from fourfold.runs import Label, Note, Review, Trial
from fourfold.store import Store, load_run
from tests.helpers.store_builders import T0, make_result, make_run, raw_engine

pytestmark = pytest.mark.slow

PER_RUN_TABLES = frozenset({"trials", "results", "cases", "reviews", "labels", "analyses", "notes"})
"""Tables that grow with every run: a read of one run or case must not scan them."""
BULK_TABLES = frozenset({"trials", "results", "cases"})
"""The per-run tables with rows by the trial or case: large enough in the test's store that
the Postgres planner's own choice must be an index (the others hold a few rows a run)."""
INDEX_NODES = frozenset({"Index Scan", "Index Only Scan", "Bitmap Heap Scan"})

BATCH = 2_000


def _fill(store: Store, *, runs: int, cases: int, repeats: int) -> list[str]:
    """Store `runs` runs of `cases` cases x `repeats` repeats, each trial with two results.

    Each run also gets reviews, labels, analyses and notes, so that those tables are as
    large, against one run's share, as in a store used for a while.
    """
    run_ids = []
    case_list = [Case(id=f"case-{c:04d}", input=f"question {c}") for c in range(cases)]
    for r in range(runs):
        run = make_run(
            f"20261129-{r:06d}-a1b2c3",
            suite=f"suite-{r % 5}",
            started_at=T0 + timedelta(minutes=r),
            status="finished",
            config={"repeats": repeats},
        )
        store.create_run(run, case_list)
        run_ids.append(run.id)
        trials = [
            Trial(
                case_id=case.id,
                repeat=repeat,
                status="ok",
                started_at=T0,
                ended_at=T0 + timedelta(seconds=1),
                latency_s=1.0,
                results=[
                    make_result("exact", layer="outcome", status="pass", score=1.0),
                    make_result(
                        "rubric", layer="grounding", status="fail", score=0.25, explanation="no"
                    ),
                ],
            )
            for case in case_list
            for repeat in range(repeats)
        ]
        for start in range(0, len(trials), BATCH):
            store.save_trials(run.id, trials[start : start + BATCH])
        for c in range(0, cases, max(cases // 20, 1)):
            store.add_review(
                Review(
                    run_id=run.id,
                    case_id=case_list[c].id,
                    repeat=0,
                    check="rubric",
                    original_score=0.25,
                    original_status="fail",
                    action="override",
                    new_score=1.0,
                    reason="the answer is right",
                    reviewer="ana",
                )
            )
            store.add_note(
                Note(run_id=run.id, case_id=case_list[c].id, repeat=0, text="wrong", author="ana")
            )
        store.add_labels(
            [
                Label(
                    run_id=run.id,
                    case_id=case.id,
                    repeat=0,
                    criterion="rubric",
                    labeller="ana",
                    value=1.0,
                )
                for case in case_list[: min(cases, 100)]
            ]
        )
        for kind in ("calibration", "comparison", "consistency"):
            store.save_analysis(run.id, kind, "rubric", {"n": r})
    return run_ids


@contextmanager
def _captured() -> Iterator[list[tuple[str, Any]]]:
    """Record every SELECT any engine sends, with its parameters, while in the block."""
    sent: list[tuple[str, Any]] = []

    def record(
        conn: sa.Connection,
        cursor: Any,
        statement: str,
        parameters: Any,
        context: Any,
        executemany: bool,
    ) -> None:
        if statement.lstrip().upper().startswith("SELECT") and not executemany:
            sent.append((statement, parameters))

    sa.event.listen(sa.Engine, "before_cursor_execute", record)
    try:
        yield sent
    finally:
        sa.event.remove(sa.Engine, "before_cursor_execute", record)


def _reads(store: Store, run_ids: list[str]) -> None:
    """What the report, compare and the viewer read of one run, through the real functions."""
    run, baseline = run_ids[len(run_ids) // 2], run_ids[len(run_ids) // 2 - 1]
    load_run(store, run[:-3])  # `fourfold compare RUN`, the viewer: a run by a prefix
    load_report(store, run, baseline=baseline, n_resamples=10)  # the report and its pages
    store.list_runs()
    store.list_runs(suite="suite-1")
    store.get_run("latest")
    store.trials(run, case_id="case-0007")  # the viewer's trial page
    store.reviews(run, case_id="case-0000", repeat=0)
    store.notes(run)
    store.notes(run, case_id="case-0000", repeat=0)
    store.labels(run_id=run)
    store.labels(run_id=run, criterion="rubric")
    store.analyses(run, "calibration")
    store.get_analysis(run, "comparison", "rubric")
    store.finished_keys(run)  # the viewer's run list and report cache
    store.trial_count(run)
    store.layer_counts(run)


def _statements(store: Store, run_ids: list[str]) -> list[tuple[str, Any]]:
    with _captured() as sent:
        _reads(store, run_ids)
    touched = {t for statement, _ in sent for t in PER_RUN_TABLES if _names(statement, t)}
    # Guards the capture itself: a listener that saw nothing would pass every plan.
    assert touched == PER_RUN_TABLES, f"the reads never queried {PER_RUN_TABLES - touched}"
    return sent


def _names(statement: str, table: str) -> bool:
    return re.search(rf"\b(FROM|JOIN)\s+{table}\b", statement, re.IGNORECASE) is not None


def _pg_scans(plan: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(node type, relation) of every node of a JSON plan that reads a table."""
    if "Relation Name" in plan:
        yield plan["Node Type"], plan["Relation Name"]
    for child in plan.get("Plans", []):
        yield from _pg_scans(child)


@pytest.mark.postgres
def test_postgres_reads_of_a_run_use_indexes_on_a_100k_trial_store(
    postgres_schema_url: str,
) -> None:
    with Store.open(postgres_schema_url) as store:
        run_ids = _fill(store, runs=50, cases=200, repeats=10)
        engine = raw_engine(postgres_schema_url)
        with engine.begin() as conn:
            assert conn.exec_driver_sql("SELECT count(*) FROM trials").scalar() == 100_000
            conn.exec_driver_sql("ANALYZE")
        sent = _statements(store, run_ids)
    scans: list[str] = []
    with engine.connect() as conn:
        for seqscan in ("on", "off"):
            # Off, a Seq Scan is chosen only where no index serves the query: it checks the
            # small tables too, where reading every row is the planner's cheapest choice.
            conn.exec_driver_sql(f"SET enable_seqscan = {seqscan}")
            checked = BULK_TABLES if seqscan == "on" else PER_RUN_TABLES
            for statement, parameters in sent:
                plan = conn.exec_driver_sql(
                    "EXPLAIN (FORMAT JSON) " + statement, parameters
                ).scalar_one()
                for node, table in _pg_scans(plan[0]["Plan"]):
                    if table in checked:
                        assert node in INDEX_NODES, (
                            f"{node} on {table} (enable_seqscan {seqscan}) for:\n"
                            f"{statement}\n{parameters}"
                        )
                        scans.append(f"{node} {table}")
    engine.dispose()
    assert any(scan.endswith(" trials") for scan in scans)
    assert any(scan.endswith(" results") for scan in scans)


def test_sqlite_reads_of_a_run_search_indexes(tmp_path: Path) -> None:
    target = str(tmp_path / "runs.db")
    with Store.open(target) as store:
        run_ids = _fill(store, runs=20, cases=100, repeats=5)
        sent = _statements(store, run_ids)
    engine = raw_engine(target)
    searched: set[str] = set()
    with engine.connect() as conn:
        for statement, parameters in sent:
            for row in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters):
                detail = str(row[-1])
                found = re.match(r"(SCAN|SEARCH) (\w+)", detail)
                if found is None or found.group(2) not in PER_RUN_TABLES:
                    continue
                assert found.group(1) == "SEARCH", f"{detail} for:\n{statement}\n{parameters}"
                searched.add(found.group(2))
    engine.dispose()
    assert searched == PER_RUN_TABLES


def test_sqlite_reads_one_case_s_results_by_their_trials(tmp_path: Path) -> None:
    # `fourfold show RUN CASE`: searched by run, the results of every trial of the run are
    # read to keep the few of one case; searched by trial, only those.
    target = str(tmp_path / "runs.db")
    with Store.open(target) as store:
        run_ids = _fill(store, runs=3, cases=20, repeats=2)
        with _captured() as sent:
            store.trials(run_ids[1], case_id="case-0007")
    engine = raw_engine(target)
    with engine.connect() as conn:
        plans = [
            str(row[-1])
            for statement, parameters in sent
            if _names(statement, "results")
            for row in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters)
        ]
    engine.dispose()
    searches = [p for p in plans if p.startswith(("SEARCH results", "SCAN results"))]
    assert searches, plans
    assert all(p.endswith("(trial_id=?)") for p in searches), plans


def test_sqlite_finds_a_run_by_a_prefix_of_its_id_through_the_key(tmp_path: Path) -> None:
    # SQLite's LIKE ignores case and cannot search the primary key: the lookup by a prefix
    # scanned every run. A range on the key beside it searches.
    target = str(tmp_path / "runs.db")
    with Store.open(target) as store:
        run_ids = _fill(store, runs=12, cases=2, repeats=1)
        with _captured() as sent:
            found = load_run(store, run_ids[7][:-3])
            with pytest.raises(AmbiguousRunError):
                load_run(store, "20261129-00000")
    assert found.run.id == run_ids[7]
    engine = raw_engine(target)
    with engine.connect() as conn:
        plans = [
            str(row[-1])
            for statement, parameters in sent
            if _names(statement, "runs") and " LIKE " in statement
            for row in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + statement, parameters)
        ]
    engine.dispose()
    runs = [p for p in plans if re.match(r"(SCAN|SEARCH) runs\b", p)]
    assert len(runs) == 2 and all(p.startswith("SEARCH runs") for p in runs), plans

"""A run exported and loaded into a fresh store (SQLite, Postgres) reads exactly as it did.

The report of the loaded run is byte-identical, ``fourfold show`` prints the same, every
row that belongs to the run is equal column for column, and exporting the loaded run
gives the same file byte for byte.
"""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from fourfold.exchange import (
    AnalysisRecord,
    CaseRecord,
    LabelRecord,
    ModelCallRecord,
    NoteRecord,
    ResultRecord,
    ReviewRecord,
    RunRecord,
    SuiteConfigRecord,
    TrialRecord,
    export_run,
)
from fourfold.runs import MODEL_CALLS_KEY, Run
from fourfold.store import Store, read_run_rows
from fourfold.store import _schema as db
from fourfold.store._bundle import columns_of
from tests.exchange.exchange_builders import CRITERION, Made, invoke

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def _export(made: Made, tmp_path: Path, name: str = "run.jsonl.gz") -> Path:
    file = tmp_path / name
    invoke("export", made.cand, "-o", str(file), "--store", str(made.db))
    return file


def test_the_run_to_export_holds_every_kind_of_row(made: Made) -> None:
    # Else the round trip below could pass with parts of a run never exported.
    with Store.open(made.db) as store:
        rows = read_run_rows(store, made.cand)
    assert len(rows.cases) == 3 and len(rows.trials) == 6
    assert any(t["status"] == "error" for t in rows.trials)
    requested = [
        r["id"]
        for t in rows.trials
        for m in (t["trace"] or {}).get("messages", [])
        for r in m.get("tool_calls", [])
    ]
    assert requested == ["call_0"] * 4  # an assistant turn's requested call, in each answer
    assert len(rows.labels) == 6 and any(label["repeat"] is None for label in rows.labels)
    assert [r["action"] for r in rows.reviews] == ["accept", "override", "override"]
    assert {a["kind"] for a in rows.analyses} == {
        "calibration",
        "comparison",
        "consistency",
        "forecast",
    }
    assert len(rows.model_calls) == 4  # one judge call per trial the agent answered
    assert [(n["text"][:4], n["mode"]) for n in rows.notes] == [
        ("four", "too long"),
        ("answ", None),
    ]
    with Store.open(made.db) as store:
        assert store.count_model_calls() > len(rows.model_calls)  # the other run's stay out


def test_the_loaded_run_reports_and_shows_exactly_as_the_original(
    made: Made, target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764590400")
    file = _export(made, tmp_path)
    out = invoke("load", str(file), "--store", target)
    assert f"run {made.cand} loaded" in out

    source, loaded = str(made.db), target
    for view in (
        ["show", made.cand, "--json"],
        ["show", made.cand],
        ["show", made.cand, "--case", "c1", "--json"],
        ["show", made.cand, "--errors"],
        ["labels", "list", made.cand, "--json"],
        ["notes", "list", made.cand, "--json"],
        ["notes", "modes", made.cand, "--json"],
    ):
        assert invoke(*view, "--store", loaded) == invoke(*view, "--store", source), view
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    invoke("report", made.cand, "-o", str(a), "--store", source)
    invoke("report", made.cand, "-o", str(b), "--store", loaded)
    assert a.read_bytes() == b.read_bytes()
    assert b"padded" in b.read_bytes() or b"conciseness" in b.read_bytes()


def test_every_row_of_the_run_is_equal_and_a_second_export_is_the_same_file(
    made: Made, target: str, tmp_path: Path
) -> None:
    file = _export(made, tmp_path)
    invoke("load", str(file), "--store", target)
    with Store.open(made.db) as source, Store.open(target) as loaded:
        assert read_run_rows(loaded, made.cand) == read_run_rows(source, made.cand)
        assert loaded.reviews(made.cand)[-1].score == 2.0  # the latest override is in force
        keys = {
            call["key"]
            for t in source.trials(made.cand)
            for r in t.results
            for call in r.metadata.get(MODEL_CALLS_KEY, [])
        }
        assert keys and all(loaded.get_model_call(k) == source.get_model_call(k) for k in keys)
        first = export_run(source, made.cand, tmp_path / "first.jsonl.gz", now=NOW)
        again = export_run(loaded, made.cand, tmp_path / "again.jsonl.gz", now=NOW)
    assert first.path.read_bytes() == again.path.read_bytes()


def test_the_file_is_gzip_json_lines_with_the_header_first(made: Made, tmp_path: Path) -> None:
    file = _export(made, tmp_path)
    lines = [json.loads(line) for line in gzip.decompress(file.read_bytes()).splitlines()]
    header, records = lines[0], lines[1:]
    assert header["format"] == "fourfold-run" and header["schema_version"] == 2
    assert header["run_id"] == made.cand and header["fourfold_version"]
    assert header["records"] == {
        "run": 1,
        "suite_config": 1,
        "case": 3,
        "trial": 6,
        "label": 6,
        "review": 3,
        "analysis": 4,
        "model_call": 4,
        "note": 2,
    }
    types = [r["type"] for r in records]
    assert types == sorted(types, key=list(header["records"]).index)  # in the header's order
    judged = next(r for r in records if r["type"] == "trial" and r["status"] == "ok")
    rubric = next(r for r in judged["results"] if r["check"] == CRITERION)
    assert rubric["evidence"] and rubric["metadata"][MODEL_CALLS_KEY]


def test_export_names_the_file_after_the_run_by_default(
    made: Made, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = invoke("export", made.cand[:-1], "--store", str(made.db))
    assert (tmp_path / f"{made.cand}.jsonl.gz").is_file()
    assert "3 cases, 6 trials, 6 labels, 3 reviews, 4 analyses, 4 model calls" in out


def test_a_run_already_in_the_store_is_refused_and_loads_under_another_id(
    made: Made, target: str, tmp_path: Path
) -> None:
    file = _export(made, tmp_path)
    invoke("load", str(file), "--store", target)
    out = " ".join(invoke("load", str(file), "--store", target, code=2).split())
    assert f"already holds a run with id {made.cand}" in out and "--as NEW_ID" in out
    assert "Traceback" not in out
    copy = f"{made.cand}-copy"
    invoke("load", str(file), "--store", target, "--as", copy)
    original = json.loads(invoke("show", made.cand, "--json", "--store", target))
    renamed = json.loads(invoke("show", copy, "--json", "--store", target))
    assert renamed.pop("id") == copy and original.pop("id") == made.cand
    assert renamed == original
    with Store.open(target) as store:
        assert len(store.trials(copy)) == 6 and len(store.labels(run_id=copy)) == 6
        assert len(store.reviews(copy)) == 3 and len(store.analyses(copy)) == 4
    for bad in ("latest", "has space", "a/b", "x" * 65, ""):
        out = invoke("load", str(file), "--store", target, "--as", bad, code=2)
        assert "cannot be a run id" in out


def test_a_running_run_loads_as_interrupted(tmp_path: Path) -> None:
    run = Run(
        id="20261129-193755-runnin",
        suite="s",
        agent_version="v1",
        package_version="0.1.0",
        started_at=NOW,
        status="running",
    )
    with Store.open(tmp_path / "a.db") as store:
        store.create_run(run)  # owned by this process, which is alive: it reads running
        assert store.get_run(run.id).status == "running"
        export_run(store, run.id, tmp_path / "run.jsonl.gz")
    invoke("load", str(tmp_path / "run.jsonl.gz"), "--store", str(tmp_path / "b.db"))
    with Store.open(tmp_path / "b.db") as store:
        assert store.get_run(run.id).status == "interrupted"  # nothing runs it there


def test_every_column_of_every_table_of_a_run_has_its_record_field() -> None:
    """A column added to the store without a field (or a version bump) fails here."""
    records = {
        "runs": RunRecord,
        "cases": CaseRecord,
        "trials": TrialRecord,
        "results": ResultRecord,
        "labels": LabelRecord,
        "reviews": ReviewRecord,
        "analyses": AnalysisRecord,
        "model_calls": ModelCallRecord,
        "notes": NoteRecord,
    }
    assert set(db.metadata.tables) - {"_migrations"} == set(records)
    for table, model in records.items():
        fields = set(model.model_fields) - {"type", "results"}
        if table == "runs":
            fields |= set(SuiteConfigRecord.model_fields) - {"type"}
        assert fields == set(columns_of(table)), table

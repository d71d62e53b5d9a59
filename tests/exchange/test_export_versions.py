"""Old versions load: the committed version-1 file, the upgrade steps, a newer version refused."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from fourfold.exchange import read_export
from fourfold.store import RunRows, Store, read_run_rows
from tests.exchange.exchange_builders import invoke
from tests.exchange.v1_fixture import FILE, RUN_ID, build


def _without_analysis_times(rows: RunRows) -> RunRows:
    # `Store.save_analysis` stamps the time it runs; the file keeps the time it was made.
    analyses = [{k: v for k, v in a.items() if k != "created_at"} for a in rows.analyses]
    return RunRows(
        rows.run, rows.cases, rows.trials, rows.labels, rows.reviews, analyses, rows.model_calls
    )


def _lines(file: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in gzip.decompress(file.read_bytes()).splitlines()]


def _write(file: Path, lines: list[dict[str, Any]]) -> Path:
    file.write_bytes(gzip.compress("".join(json.dumps(x) + "\n" for x in lines).encode()))
    return file


def test_the_version_1_file_loads_into_the_rows_its_run_has_today(tmp_path: Path) -> None:
    invoke("load", str(FILE), "--store", str(tmp_path / "loaded.db"))
    with Store.open(tmp_path / "built.db") as built, Store.open(tmp_path / "loaded.db") as loaded:
        build(built)
        expected, got = read_run_rows(built, RUN_ID), read_run_rows(loaded, RUN_ID)
        assert _without_analysis_times(got) == _without_analysis_times(expected)
        file_analysis = next(x for x in _lines(FILE) if x.get("type") == "analysis")
        assert (
            got.analyses[0]["created_at"].isoformat().replace("+00:00", "Z")
            == (file_analysis["created_at"])
        )
        # What the run is made of reads as it did: trials with traces, results, reviews.
        trials = loaded.trials(RUN_ID)
        assert [(t.case_id, t.repeat, t.status) for t in trials] == [
            ("c1", 0, "ok"),
            ("c1", 1, "ok"),
            ("c2", 0, "error"),
            ("c2", 1, "error"),
        ]
        assert trials[0].trace is not None and trials[0].trace.tool_calls[0].id == "call-1"
        assert [r.score for r in loaded.reviews(RUN_ID)] == [1.0, 3.0]
        assert loaded.get_run(RUN_ID).status == "finished"
        # The judge's call the results name came along; the store's other call did not.
        assert loaded.model_call_keys() == {"sha256:" + "ab" * 32}


def test_upgrade_steps_bring_old_lines_to_the_current_version(tmp_path: Path) -> None:
    """A made-up version 1 that called analyses "studies", and lower-case labellers."""
    lines = _lines(FILE)
    lines[0]["records"]["study"] = lines[0]["records"].pop("analysis")
    for line in lines[1:]:
        if line["type"] == "analysis":
            line["type"] = "study"
    old = _write(tmp_path / "old.jsonl.gz", lines)
    seen: list[str] = []

    def step(kind: str, line: dict[str, Any]) -> dict[str, Any]:
        seen.append(kind)
        if kind == "header":
            records = dict(line["records"])
            records["analysis"] = records.pop("study")
            return {**line, "records": records}
        if kind == "study":
            return {**line, "type": "analysis"}
        if kind == "label":
            return {**line, "labeller": line["labeller"].upper()}
        return line

    file = read_export(old, current=2, steps={1: step})
    assert file.version == 1
    assert sorted(label["labeller"] for label in file.rows.labels) == ["ANA", "BEN"]
    assert [a["kind"] for a in file.rows.analyses] == ["calibration"]
    assert seen[0] == "header" and seen.count("trial") == 4
    out = " ".join(invoke("load", str(old), "--store", str(tmp_path / "s.db"), code=2).split())
    assert "the header, field records.study" in out  # without the step, today's reader refuses


def test_a_file_of_a_newer_version_is_refused_naming_it(tmp_path: Path) -> None:
    lines = _lines(FILE)
    lines[0]["schema_version"] = 7
    lines[1]["field_of_the_future"] = True
    file = _write(tmp_path / "v7.jsonl.gz", lines)
    store = tmp_path / "store.db"
    out = " ".join(invoke("load", str(file), "--store", str(store), code=2).split())
    assert f"{file}:1:" in out
    assert "schema version 7" in out and "versions up to 2" in out and "upgrade fourfold" in out
    assert "Traceback" not in out and not store.exists()

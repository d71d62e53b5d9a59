"""A bad export file: exit 2 naming the file, line and field, no traceback, nothing stored.

Each case breaks the committed version-1 file one way and loads it into a store that
holds another run already: the store must hold that run alone afterwards.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fourfold.runs import Run
from fourfold.store import Store
from fourfold.store import _schema as db
from tests.exchange.exchange_builders import invoke
from tests.exchange.v1_fixture import FILE

Lines = list[dict[str, Any]]
T0 = "2026-11-29T19:37:55Z"


def _lines() -> Lines:
    return [json.loads(line) for line in gzip.decompress(FILE.read_bytes()).splitlines()]


def _line_of(lines: Lines, kind: str, n: int = 0) -> dict[str, Any]:
    return [x for x in lines if x.get("type") == kind][n]


def _gz(lines: Lines) -> bytes:
    return gzip.compress("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines).encode())


def _edit(change: Callable[[Lines], None]) -> bytes:
    lines = _lines()
    change(lines)
    return _gz(lines)


def _drop_latency(lines: Lines) -> None:
    del _line_of(lines, "trial", 1)["latency_s"]


def _bad_status(lines: Lines) -> None:
    _line_of(lines, "trial")["results"][1]["status"] = "maybe"


def _bad_evidence(lines: Lines) -> None:
    del _line_of(lines, "trial")["results"][0]["evidence"][0]["text"]


def _extra_field(lines: Lines) -> None:
    _line_of(lines, "label")["colour"] = "blue"


def _unknown_type(lines: Lines) -> None:
    lines.insert(3, {"type": "bookmark", "case_id": "c1"})


def _duplicate_trial(lines: Lines) -> None:
    lines.insert(7, dict(_line_of(lines, "trial", 1)))
    lines[0]["records"]["trial"] += 1


def _missing_trial(lines: Lines) -> None:
    lines.remove(_line_of(lines, "trial", 3))


def _other_run(lines: Lines) -> None:
    _line_of(lines, "run")["id"] = "20261129-000000-ffffff"


def _case_id_mismatch(lines: Lines) -> None:
    _line_of(lines, "case", 1)["case"]["id"] = "c9"


def _override_without_reason(lines: Lines) -> None:
    _line_of(lines, "review")["reason"] = None


def _naive_time(lines: Lines) -> None:
    _line_of(lines, "run")["started_at"] = "2026-11-29T19:37:55"


def _not_a_header(lines: Lines) -> None:
    lines[0] = {"format": "something-else", "schema_version": 1}


def _bad_trace(lines: Lines) -> None:
    _line_of(lines, "trial")["trace"]["tool_calls"][0]["arguments"] = "not a mapping"


def _array_line(lines: Lines) -> None:
    lines.insert(2, [1, 2])  # type: ignore[arg-type]


def _not_json_at_line_3(data: bytes) -> bytes:
    text = gzip.decompress(data).decode().splitlines(keepends=True)
    text[2] = text[2][: len(text[2]) // 2] + "\n"
    return gzip.compress("".join(text).encode())


def _not_utf8_at_line_4(data: bytes) -> bytes:
    raw = gzip.decompress(data).splitlines(keepends=True)
    raw[3] = raw[3].replace(b'"c1"', b'"c\xff"', 1)
    return gzip.compress(b"".join(raw))


GOOD = FILE.read_bytes()

CASES: list[tuple[str, bytes, int | None, list[str]]] = [
    ("not gzip (plain JSON lines)", gzip.decompress(GOOD), None, ["not a gzip-compressed"]),
    ("not gzip (other bytes)", b"PK\x03\x04 a zip file", None, ["not a gzip-compressed"]),
    ("cut short", GOOD[: len(GOOD) // 2], None, ["damaged or cut short"]),
    ("empty", gzip.compress(b""), None, ["empty", "no export header"]),
    ("not JSON at line 3", _not_json_at_line_3(GOOD), 3, ["not JSON: EOF", "at column"]),
    ("not UTF-8 at line 4", _not_utf8_at_line_4(GOOD), 4, ["not UTF-8"]),
    ("not an export", _edit(_not_a_header), 1, ["not a fourfold export"]),
    ("a line not an object", _edit(_array_line), 3, ["must be a JSON object, not an array"]),
    ("unknown record type", _edit(_unknown_type), 4, ["unknown record type 'bookmark'"]),
    ("missing field", _edit(_drop_latency), 7, ["trial record, field latency_s", "required"]),
    ("field of no record", _edit(_extra_field), 10, ["label record, field colour"]),
    ("bad result status", _edit(_bad_status), 6, ["field results[1].status"]),
    ("bad evidence", _edit(_bad_evidence), 6, ["field results[0].evidence[0].text"]),
    ("bad trace", _edit(_bad_trace), 6, ["field trace", "arguments"]),
    (
        "override with no reason",
        _edit(_override_without_reason),
        12,
        ["review record: an override needs a reason"],
    ),
    ("time without zone", _edit(_naive_time), 2, ["field started_at", "timezone"]),
    ("case id mismatch", _edit(_case_id_mismatch), 5, ["field case.id", "'c9'"]),
    ("another run's record", _edit(_other_run), 2, ["field id", "header's run_id"]),
    ("duplicate trial", _edit(_duplicate_trial), 8, ["second trial record", "line 7"]),
    ("counts do not match", _edit(_missing_trial), 1, ["trial: 4 declared, 3 found"]),
]


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [pytest.param(data, line, words, id=name) for name, data, line, words in CASES],
)
def test_a_bad_file_is_refused_naming_file_line_and_field_and_loads_nothing(
    tmp_path: Path, data: bytes, line: int | None, words: list[str]
) -> None:
    file = tmp_path / "run.jsonl.gz"
    file.write_bytes(data)
    store_path = tmp_path / "runs.db"
    with Store.open(store_path) as store:
        store.create_run(
            Run(
                id="20261128-000000-aaaaaa",
                suite="s",
                agent_version="v0",
                package_version="0.1.0",
                started_at=T0,
                status="finished",
            )
        )
    out = " ".join(invoke("load", str(file), "--store", str(store_path), code=2).split())
    assert "Traceback" not in out
    assert out.startswith(f"error: {file}" + (f":{line}:" if line is not None else ""))
    for word in words:
        assert word in out
    with Store.open(store_path) as store:
        assert [r.id for r in store.list_runs()] == ["20261128-000000-aaaaaa"]
        assert store.count_model_calls() == 0


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    out = invoke("load", str(tmp_path / "nope.jsonl.gz"), "--store", str(tmp_path / "s.db"), code=2)
    assert "export file not found" in out and "nope.jsonl.gz" in out
    assert not (tmp_path / "s.db").exists()


@pytest.mark.postgres
@pytest.mark.parametrize("target", ["postgres"], indirect=True)
def test_a_file_the_target_cannot_store_loads_nothing_at_all(tmp_path: Path, target: str) -> None:
    """The checks pass, the database refuses a late row: the one transaction leaves nothing.

    Postgres keeps no NUL character in a text column (SQLite does), so a run made on
    SQLite whose last model call's provider holds one is refused there mid-write.
    """
    lines = _lines()
    _line_of(lines, "model_call")["provider"] = "open\x00ai"
    file = tmp_path / "nul.jsonl.gz"
    file.write_bytes(_gz(lines))
    out = invoke("load", str(file), "--store", target, code=(1, 2))
    assert "Traceback" not in out and "cannot write to the store" in " ".join(out.split())
    with Store.open(target) as store:
        assert store.list_runs() == [] and store.count_model_calls() == 0
        with store._read() as conn:
            for table in ("cases", "trials", "results", "labels", "reviews", "analyses"):
                count = conn.execute(db.metadata.tables[table].select()).all()
                assert count == [], table

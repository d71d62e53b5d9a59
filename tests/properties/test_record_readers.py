"""Any list of records written as JSONL or CSV reads back, each with the line it is on.

A record's line is where it starts: the line a person opens the file at to fix it. JSONL
lines may be separated by blank lines and end in ``\\r\\n``; JSON strings may hold the
characters `str.splitlines` would split at. CSV fields may hold commas, quotes and line
breaks (then a record spans several lines).
"""

from __future__ import annotations

import csv
import io
import json
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from fourfold._records import read_records
from tests.helpers.strategies import JSON_OBJECTS, TEXT

BLANKS = st.lists(st.sampled_from(["", " ", "\t"]), max_size=2)
"""Blank lines before a record."""


def _read(suffix: str, text: str, newline: str = "") -> list[Any]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"records{suffix}"
        path.write_text(text, encoding="utf-8", newline=newline)
        return [(r.data, r.line) for r in read_records(path)]


@given(st.lists(st.tuples(BLANKS, JSON_OBJECTS), max_size=8), st.sampled_from(["\n", "\r\n"]))
def test_jsonl_records_read_back_with_their_line(
    records: list[tuple[list[str], dict[str, Any]]], end: str
) -> None:
    lines: list[str] = []
    expected = []
    for blanks, record in records:
        lines.extend(blanks)
        lines.append(json.dumps(record, ensure_ascii=False))
        expected.append((record, len(lines)))
    assert _read(".jsonl", "".join(line + end for line in lines)) == expected


FIELD = TEXT.map(lambda s: s.replace("\x00", "")).filter(lambda s: s != "")
"""A CSV value: any text but NUL (the csv module refuses it) and empty (read as absent)."""
ONE_LINE_FIELD = FIELD.map(lambda s: s.replace("\n", " ").replace("\r", " ")).filter(bool)
HEADER = st.lists(
    st.text(st.characters(codec="ascii", categories=("L",)), min_size=1),
    min_size=1,
    max_size=4,
    unique=True,
)


def _lines_before(text: str) -> int:
    r"""Line breaks in `text` as Python's universal newlines and most editors count them.

    ``\r\n``, ``\n`` and a lone ``\r`` (inside a quoted field too) each end a line.
    """
    return len(re.findall(r"\r\n|\r|\n", text))


def _csv(header: list[str], rows: list[tuple[str, ...]]) -> tuple[str, list[Any]]:
    """The CSV text and, for each row, its record and the line it starts on."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(header)
    expected = []
    for row in rows:
        expected.append((dict(zip(header, row, strict=True)), _lines_before(out.getvalue()) + 1))
        writer.writerow(row)
    return out.getvalue(), expected


@given(HEADER, st.data())
def test_csv_records_read_back_with_their_line(header: list[str], data: st.DataObject) -> None:
    """Fields with commas, quotes and any character but a line break."""
    rows = data.draw(st.lists(st.tuples(*[ONE_LINE_FIELD for _ in header]), max_size=6))
    text, expected = _csv(header, rows)
    assert _read(".csv", text) == expected


@given(HEADER, st.data())
def test_a_csv_record_with_line_breaks_reads_back_with_the_line_it_starts_on(
    header: list[str], data: st.DataObject
) -> None:
    rows = data.draw(st.lists(st.tuples(*[FIELD for _ in header]), max_size=6))
    text, expected = _csv(header, rows)
    assert _read(".csv", text) == expected

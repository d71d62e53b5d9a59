"""Mutated export files: loaded whole, or refused naming the file; never a traceback.

Each example breaks the committed version-1 file's text (bytes replaced, spans cut or
repeated, values swapped for others of JSON's kinds), compresses it again, and loads it
into a fresh store: the load succeeds, or fails with a `ConfigError` naming the file (or
a `StoreError` the store gave); and a failed load leaves the store without the run.
"""

from __future__ import annotations

import gzip
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourfold.errors import ConfigError, StoreError
from fourfold.exchange import load_export
from fourfold.store import Store
from tests.exchange.v1_fixture import FILE, RUN_ID

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

TEXT = gzip.decompress(FILE.read_bytes())
_VALUE = re.compile(rb'(?<=:)(?:"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:e-?\d+)?|true|false|null)')
VALUES = [m.span() for m in _VALUE.finditer(TEXT)]
ODD_VALUES = [
    b"null",
    b"-1",
    b"0",
    b"1e400",
    b"99999999999999999999999999",
    b"NaN",
    b'""',
    b'"x"',
    b"[]",
    b"{}",
    b'"' + b"x" * 100 + b'"',
    b'"2026-11-29T19:37:55"',
    b'"\\u0000"',
    b'"\\ud800"',
    b"true",
]


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(TEXT)
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["value", "value", "value", "byte", "cut", "repeat"]))
        if how == "value":
            start, end = draw(st.sampled_from(VALUES))
            data[start:end] = draw(st.sampled_from(ODD_VALUES))
            continue
        start = draw(st.integers(0, len(data) - 1))
        if how == "byte":
            data[start] = draw(st.integers(0, 255))
        elif how == "cut":
            del data[start : start + draw(st.integers(1, 400))]
        else:
            end = min(len(data), start + draw(st.integers(1, 400)))
            data[start:start] = data[start:end]
    return bytes(data)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
@pytest.mark.slow
def test_a_mutated_file_loads_or_is_refused_by_name(text: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "run.jsonl.gz"
        file.write_bytes(gzip.compress(text))
        with Store.open(Path(folder) / "runs.db") as store:
            try:
                load_export(store, file)
            except ConfigError as exc:
                assert str(exc).startswith(str(file)), exc
                assert store.list_runs() == []
            except StoreError:
                assert store.list_runs() == []
            else:
                assert [r.id for r in store.list_runs()] == [RUN_ID]

"""Mutated trace files of every import format: `fourfold import` exits 0 or 2, never a
traceback, naming the file, in bounded time and memory."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given

from tests.helpers.fuzz_inputs import (
    assert_handled,
    fuzz_settings,
    mutated_file,
    run_cli,
    trace_files,
)

# A failing example of 200 kB is shown in full: hypothesis warns about its repr, and the
# suite turns warnings into errors, which would hide the failure itself.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

FILES = trace_files()
KINDS = {name: "jsonl" if name.endswith(".jsonl") else "json" for name in FILES}
FORMATS = {"otlp.json": "otel", "openinference.json": "openinference", "tau2.json": "tau2"}


def _import(root: Path, name: str, fmt: str) -> list[str]:
    return ["import", name, "--format", fmt, "-o", "out.jsonl", "--cases", "cases.jsonl"]


@pytest.mark.parametrize("name", list(FILES))
@pytest.mark.parametrize("fmt", ["auto", "given"])
def test_each_valid_trace_file_imports(tmp_path: Path, name: str, fmt: str) -> None:
    (tmp_path / name).write_bytes(FILES[name])
    chosen = (
        FORMATS.get(name, "tau-bench" if "airline" in name else "otel")
        if fmt == "given"
        else "auto"
    )
    outcome = run_cli(_import(tmp_path, name, chosen), tmp_path)
    assert outcome.exit_code == 0, outcome.output
    assert "imported" in outcome.output and (tmp_path / "out.jsonl").stat().st_size > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", list(FILES))
def test_a_mutated_trace_file_is_imported_or_refused_by_name(name: str) -> None:
    @fuzz_settings(examples=30)
    @given(mutated_file(FILES[name], KINDS[name]))
    def check(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            (root / name).write_bytes(data)
            outcome = run_cli(_import(root, name, "auto"), root)
        assert_handled(outcome, names=[name], ok_words="imported")

    check()

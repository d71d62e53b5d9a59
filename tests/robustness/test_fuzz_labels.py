"""Mutated label files: `fourfold labels import` exits 0 or 2, never a traceback, naming the
file, in bounded time and memory; what it stores fits the store."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given

from tests.helpers.fuzz_inputs import (
    LABELS_CSV,
    LABELS_JSONL,
    assert_handled,
    fuzz_settings,
    mutated_file,
    run_cli,
    write_project,
)

# A failing example of 200 kB is shown in full: hypothesis warns about its repr, and the
# suite turns warnings into errors, which would hide the failure itself.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

FILES = {"labels.csv": (LABELS_CSV, "csv"), "labels.jsonl": (LABELS_JSONL, "jsonl")}


@pytest.mark.parametrize("name", list(FILES))
def test_the_valid_label_file_imports(tmp_path: Path, name: str) -> None:
    write_project(tmp_path, {name: FILES[name][0]})
    outcome = run_cli(["labels", "import", name, "--store", "runs.db"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    assert "stored 2 labels" in outcome.output


@pytest.mark.slow
@pytest.mark.parametrize("name", list(FILES))
def test_a_mutated_label_file_is_imported_or_refused_by_name(name: str) -> None:
    text, kind = FILES[name]

    @fuzz_settings(examples=40)
    @given(mutated_file(text.encode(), kind))
    def check(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            write_project(root, {name: data})
            outcome = run_cli(["labels", "import", name, "--store", "runs.db"], root)
        assert_handled(outcome, names=[name], ok_words="stored")

    check()

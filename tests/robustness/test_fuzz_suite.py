"""Mutated suite, case, resource and criterion files: `fourfold validate` exits 0 or 2, never
a traceback, naming the file, in bounded time and memory."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given

from tests.helpers.fuzz_inputs import (
    PROJECT,
    assert_handled,
    fuzz_settings,
    mutated_file,
    run_cli,
    write_project,
)

# A failing example of 200 kB is shown in full: hypothesis warns about its repr, and the
# suite turns warnings into errors, which would hide the failure itself.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

KINDS = {
    "suite.yaml": "yaml",
    "cases.jsonl": "jsonl",
    "more.yaml": "yaml",
    "extra.csv": "csv",
    "catalog.csv": "csv",
    "crit.yaml": "yaml",
}


def test_the_valid_project_validates(tmp_path: Path) -> None:
    write_project(tmp_path, PROJECT)
    outcome = run_cli(["validate", "suite.yaml"], tmp_path)
    assert outcome.exit_code == 0, outcome.output
    assert "6 cases × 2 repeats, 3 checks" in outcome.output


@pytest.mark.slow
@pytest.mark.parametrize("name", list(KINDS))
def test_a_mutated_file_is_valid_or_refused_by_name(name: str) -> None:
    original = PROJECT[name].encode()

    @fuzz_settings(examples=30)
    @given(mutated_file(original, KINDS[name]))
    def check(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            write_project(root, {**PROJECT, name: data})
            outcome = run_cli(["validate", "suite.yaml"], root)
        assert_handled(outcome, names=[name, "suite.yaml"], ok_words="ok suite.yaml")

    check()

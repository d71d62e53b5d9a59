"""The worst inputs of #9 through a real ``fourfold`` process with its memory capped.

Before, an alias bomb took 3.5 GB and ended in `MemoryError`; nesting 2,000 deep ended in
`RecursionError`. Here the process may address 768 MiB at most (``RLIMIT_AS``; Python and
fourfold's imports need about 300) and must answer within a minute: exit 2, the file and
line on stderr, no traceback.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.fuzz_inputs import (
    ALIAS_BOMB,
    CASES_JSONL,
    PROJECT,
    tau_bench_records,
    write_project,
)

pytestmark = pytest.mark.slow

MEMORY_CAP = 768 * 2**20
TIMEOUT_S = 60


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def fourfold(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "COLUMNS": "400"}
    return subprocess.run(
        [sys.executable, "-m", "fourfold", *args],
        cwd=cwd,
        env=env,
        preexec_fn=_capped,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )


BIG_FIELD = 17 * 2**20  # past the 16 MiB a CSV field may hold


@pytest.mark.parametrize(
    ("files", "where", "words"),
    [
        ({"suite.yaml": PROJECT["suite.yaml"] + ALIAS_BOMB.decode()}, "suite.yaml:22", "expands"),
        (
            {
                "more.yaml": "- id: b\n  input: hi\n  metadata:\n"
                + "".join("    " + line + "\n" for line in ALIAS_BOMB.decode().splitlines())
            },
            "more.yaml:9",
            "expands",
        ),
        (
            {
                "cases.jsonl": CASES_JSONL
                + '{"id": "d", "input": '
                + "[" * 5000
                + "]" * 5000
                + "}\n"
            },
            "cases.jsonl:3",
            "nested more than 100 levels deep",
        ),
        (
            {"more.yaml": "- id: d\n  input: " + "[" * 5000 + "]" * 5000 + "\n"},
            "more.yaml:2",
            "nested more than 100 levels deep",
        ),
        (
            {"extra.csv": "id,input\nv1,ok\nv2," + "x" * BIG_FIELD + "\n"},
            "extra.csv:3",
            "field larger than field limit",
        ),
        (
            {
                "suite.yaml": PROJECT["suite.yaml"].replace(
                    "seed: 7", "seed: 1180591620717411303424"
                )
            },
            "suite.yaml:5",
            "less than or equal to 9223372036854775807",
        ),
    ],
    ids=["suite-bomb", "cases-bomb", "deep-jsonl", "deep-yaml", "csv-field", "seed"],
)
def test_a_capped_process_refuses_it_by_file_and_line(
    tmp_path: Path, files: dict[str, str], where: str, words: str
) -> None:
    write_project(tmp_path, {**PROJECT, **files})
    done = fourfold(["validate", "suite.yaml"], tmp_path)
    assert done.returncode == 2, done.stderr
    assert f"{where}" in done.stderr and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_capped_import_keeps_the_good_tau_bench_records(tmp_path: Path) -> None:
    crashed = {"task_id": 9, "trial": 0, "info": {"error": "boom", "traceback": "T"}, "traj": []}
    (tmp_path / "gpt-4o-airline.json").write_text(json.dumps([*tau_bench_records(), crashed]))
    done = fourfold(["import", "gpt-4o-airline.json", "-o", "out.jsonl"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "left out 1" in done.stderr and "task 9" in done.stderr
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 3

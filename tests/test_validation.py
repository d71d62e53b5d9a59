"""validation/run_all.py: reproduces published figures, skips absent data, fails on a mismatch."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUN_ALL = ROOT / "validation" / "run_all.py"
SCRIPTS = ["mt_bench", "tau_bench", "llmbar", "tau2_policy_ab", "unieval_topicalchat"]


def _shared_data() -> Path:
    override = os.environ.get("FOURFOLD_SHARED_DATA")
    return Path(override) if override else ROOT.parent / "shared" / "data"


def _run_all(*args: str, data: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if data is not None:
        env["FOURFOLD_SHARED_DATA"] = str(data)
    return subprocess.run(
        [sys.executable, str(RUN_ALL), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
@pytest.mark.skipif(
    not _shared_data().is_dir(),
    reason=f"shared validation data not found at {_shared_data()} (set FOURFOLD_SHARED_DATA)",
)
def test_reproduces_every_published_figure() -> None:
    proc = _run_all()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "validate: ok" in proc.stdout
    assert "MISMATCH" not in proc.stdout


@pytest.mark.slow
def test_absent_data_is_skipped_not_failed(tmp_path: Path) -> None:
    proc = _run_all(data=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("skipped: ") == len(SCRIPTS)
    assert f"skipped: {tmp_path / 'mt-bench-human-judgments'} not found" in proc.stdout


def _vote(judge: str, winner: str) -> str:
    row = {"judge": judge, "model_a": "m1", "model_b": "m2", "question_id": 81, "turn": 1}
    return json.dumps({**row, "winner": winner})


@pytest.mark.slow
def test_a_figure_that_differs_fails(tmp_path: Path) -> None:
    folder = tmp_path / "mt-bench-human-judgments"
    folder.mkdir()
    (folder / "human.jsonl").write_text(
        "\n".join([_vote("expert_1", "model_a"), _vote("expert_2", "model_b")]) + "\n"
    )
    (folder / "gpt4_pair.jsonl").write_text(_vote("gpt4_pair", "model_a") + "\n")
    proc = _run_all("mt_bench", data=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "MISMATCH G4-H agreement, with ties (count): published 886/1343, fourfold 1/2" in (
        proc.stdout
    )
    assert "validate: FAILED" in proc.stdout


@pytest.mark.slow
def test_unknown_script_is_a_usage_error() -> None:
    proc = _run_all("no_such_script")
    assert proc.returncode == 2
    assert "no script no_such_script" in proc.stderr

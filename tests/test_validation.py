"""validation/run_all.py: reproduces published figures, skips absent data, fails on a mismatch."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUN_ALL = ROOT / "validation" / "run_all.py"
SCRIPTS = [
    "mt_bench",
    "tau_bench",
    "tau_bench_agreement",
    "tau_runs",
    "llmbar",
    "tau2_policy_ab",
    "unieval_topicalchat",
    "policy_detectors",
]
IN_REPOSITORY = {"policy_detectors"}
"""Scripts whose data is in the repository (tests/data/policy): they never skip."""


def _run_all(
    *args: str, data: Path | None = None, runs: Path | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if data is not None:
        env["FOURFOLD_SHARED_DATA"] = str(data)
    if runs is not None:
        env["FOURFOLD_TAU_RUNS"] = str(runs)  # tau_runs reads these, not tests/data/tau/runs
    return subprocess.run(
        [sys.executable, str(RUN_ALL), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
def test_reproduces_every_published_figure(shared_data: Path) -> None:
    proc = _run_all()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "validate: ok" in proc.stdout
    assert "MISMATCH" not in proc.stdout


@pytest.mark.slow
def test_absent_data_is_skipped_not_failed(tmp_path: Path) -> None:
    proc = _run_all(data=tmp_path, runs=tmp_path / "no-runs")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("skipped: ") == len(SCRIPTS) - len(IN_REPOSITORY)
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


def _tau_record(task_id: int, reward: float) -> dict[str, object]:
    """A τ-bench record whose agent made the one expected change, with the given reward."""
    call = {"reservation_id": f"R{task_id}"}
    return {
        "task_id": task_id,
        "trial": 0,
        "reward": reward,
        "info": {
            "task": {
                "user_id": "u1",
                "instruction": f"Cancel R{task_id}.",
                "actions": [{"name": "cancel_reservation", "kwargs": call}],
                "outputs": [],
            },
            "source": "user",
            "reward_info": {"reward": reward, "info": {"r_actions": reward}, "actions": []},
        },
        "traj": [
            {"role": "system", "content": "policy"},
            {"role": "user", "content": f"Cancel R{task_id}."},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "c1",
                        "type": "function",
                        "function": {"name": "cancel_reservation", "arguments": json.dumps(call)},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "name": "cancel_reservation", "content": "{}"},
            {"role": "assistant", "content": "Cancelled."},
        ],
    }


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rewards", "code", "shown"),
    [
        ([1.0, 1.0], 0, "validate: ok"),
        ([1.0, 0.0], 1, "MISMATCH agreement, tau/expected_actions: published ≥ 97%"),
    ],
)
def test_the_agreement_script_fails_only_below_its_floor(
    tmp_path: Path, rewards: list[float], code: int, shown: str
) -> None:
    folder = tmp_path / "tau-bench" / "historical_trajectories"
    folder.mkdir(parents=True)
    records = [_tau_record(i, reward) for i, reward in enumerate(rewards)]
    (folder / "gpt-4o-airline.json").write_text(json.dumps(records))
    proc = _run_all("tau_bench_agreement", data=tmp_path)
    assert proc.returncode == code, proc.stdout + proc.stderr
    assert shown in proc.stdout
    agreed = sum(reward == 1.0 for reward in rewards)
    assert f"{agreed / len(rewards):.1%} ({agreed}/{len(rewards)})" in proc.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rewards", "code", "shown"),
    [
        # the last run's reward 1 is the one disagreement: 33 of 34 agree, above the floor
        ([1.0] * 34, 0, "97.1% (33/34)"),
        # 29 of 30 are below it
        ([1.0] * 30, 1, "MISMATCH tau-bench/garrettallen14/claude-3.7-sonnet-airline"),
        ([1.0] * 29 + [0.0], 0, "100.0% (30/30)"),
    ],
)
def test_the_per_file_script_fails_a_file_below_its_floor(
    tmp_path: Path, rewards: list[float], code: int, shown: str
) -> None:
    """Every record's agent made the expected change except the last one's, which cancelled
    another reservation: a reward of 1 there is the one disagreement."""
    records = [_tau_record(i, reward) for i, reward in enumerate(rewards)]
    wrong = records[-1]["traj"][2]["tool_calls"][0]["function"]  # type: ignore[index]
    wrong["arguments"] = json.dumps({"reservation_id": "OTHER"})
    target = (
        tmp_path / "runs" / "tau-bench" / "garrettallen14" / "claude-3.7-sonnet-airline.json.gz"
    )
    target.parent.mkdir(parents=True)
    target.write_bytes(gzip.compress(json.dumps(records).encode()))
    proc = _run_all("tau_runs", data=tmp_path / "no-shared-data", runs=tmp_path / "runs")
    assert proc.returncode == code, proc.stdout + proc.stderr
    assert shown in proc.stdout


@pytest.mark.slow
def test_unknown_script_is_a_usage_error() -> None:
    proc = _run_all("no_such_script")
    assert proc.returncode == 2
    assert "no script no_such_script" in proc.stderr

"""A run of simulated-user cases killed mid-way and resumed: the dialogues already stored
are not played again (their simulated users are not called again), the rest are."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer
from tests.simulation.conftest import ScriptedUsers

AGENT = """
import os, time

def answer(case):
    said = " ".join(m.content for m in case.input if m.role == "user")
    if "toaster" in said and os.path.exists(os.environ["FF_HOLD"]):
        time.sleep(60)  # held until the test kills the run
    return "Refunded." if "O-" in said else "Which order number?"
"""

SUITE = """
name: simulated-resume
agent: {{python: "agent:answer", timeout: 120}}
cases: cases.yaml
concurrency: 1
models:
  sim: {{model: "openai-compatible/simulator", base_url: "{url}", api_key_env: ""}}
checks: [no_loops]
"""

CASES = """
- id: kettle
  user: {model: sim, goal: Refund the kettle., facts: {order_number: O-1}}
- id: toaster
  user: {model: sim, goal: Refund the toaster., facts: {order_number: O-2}}
"""


@pytest.mark.slow
def test_a_killed_run_resumes_without_playing_a_stored_dialogue_again(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    users.scripts.update(
        {
            "kettle": ["My kettle broke.", "O-1", "###STOP###"],
            "toaster": ["My toaster broke.", "O-2", "###STOP###"],
        }
    )
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.yaml").write_text(CASES)
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE.format(url=server.base_url))
    hold = tmp_path / "hold"
    hold.write_text("")
    db = str(tmp_path / "runs.db")
    env = {**os.environ, "FF_HOLD": str(hold)}
    command = [sys.executable, "-m", "fourfold", "run", str(suite), "--store", db, "--no-progress"]

    first = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    run_id, stored = None, set()
    while time.monotonic() < deadline and not stored:
        time.sleep(0.05)
        if Path(db).exists():
            with Store.open(db) as store:
                runs = store.list_runs()
                run_id = runs[0].id if runs else None
                stored = store.finished_keys(run_id) if run_id else set()
    first.kill()
    first.communicate(timeout=30)
    assert run_id is not None and stored == {("kettle", 0)}, "the first dialogue never got stored"
    kettle_calls = sum("kettle" in c["messages"][0]["content"] for c in users.simulator_calls)
    assert kettle_calls == 3

    hold.unlink()
    resumed = subprocess.run(
        [*command, "--resume", run_id], env=env, capture_output=True, text=True, timeout=120
    )
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert sum("kettle" in c["messages"][0]["content"] for c in users.simulator_calls) == 3
    with Store.open(db) as store:
        assert store.get_run(run_id).status == "finished"
        trials = {t.case_id: t for t in store.trials(run_id)}
    for case_id, order in (("kettle", "O-1"), ("toaster", "O-2")):
        trace = trials[case_id].trace
        assert trials[case_id].status == "ok" and trace is not None
        assert [m.content for m in trace.messages] == [
            f"My {case_id} broke.",
            "Which order number?",
            order,
            "Refunded.",
        ]

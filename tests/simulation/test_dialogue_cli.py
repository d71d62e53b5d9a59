"""Simulated users through the command line: ``fourfold run`` on a suite whose cases have a
``user:`` block, against a command agent (one process per agent turn, the conversation on
stdin), with the user played by a real local OpenAI-compatible server from a script."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer
from tests.simulation.conftest import ScriptedUsers

AGENT = """
import json, re, sys

request = json.load(sys.stdin)
case = request["case"]
assert "user" not in case, "the agent must not see the simulated user"
said = " ".join(m["content"] for m in case["input"] if m["role"] == "user")
order = re.search(r"O-\\d+", said)
if order is None:
    print(json.dumps({"output": "Which order number is it?"}))
else:
    print(json.dumps({
        "output": f"Order {order.group(0)} is refunded.",
        "tool_calls": [{"name": "refund", "arguments": {"order_id": order.group(0)}}],
    }))
"""

SUITE = """
name: simulated-cli
agent: {{command: "{python} agent.py"}}
cases: cases.yaml
models:
  sim: {{model: "openai-compatible/simulator", base_url: "{url}", api_key_env: ""}}
checks:
  - tools_required: {{tools: [refund]}}
"""

CASES = """
- id: patient
  user:
    model: sim
    goal: Get the broken kettle refunded.
    facts: {order_number: O-1042}
- id: leaky
  user:
    model: sim
    goal: Get the broken toaster refunded.
    facts: {order_number: O-9}
"""


@pytest.mark.slow
def test_fourfold_run_plays_the_simulated_user_against_a_command_agent(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    users.scripts.update(
        {
            "kettle": ["My kettle is broken.", "It's O-1042.", "###STOP###"],
            "toaster": ["Toaster O-9 is broken, refund it."],  # gives the order unasked
        }
    )
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.yaml").write_text(CASES)
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE.format(python=sys.executable, url=server.base_url))
    db = tmp_path / "runs.db"

    result = CliRunner().invoke(
        cli, ["run", str(suite), "--store", str(db), "--no-progress"], catch_exceptions=False
    )
    assert result.exit_code == 3, result.output  # review: one trial errored
    assert "Traceback" not in result.output
    assert "1 of 2 trials errored (agent failures, or simulated users that failed" in " ".join(
        result.output.split()
    )

    with Store.open(db) as store:
        [stored] = store.list_runs()
        trials = {t.case_id: t for t in store.trials(stored.id)}
    patient = trials["patient"]
    assert patient.status == "ok" and patient.trace is not None
    assert [m.content for m in patient.trace.messages] == [
        "My kettle is broken.",
        "Which order number is it?",
        "It's O-1042.",
        "Order O-1042 is refunded.",
    ]
    assert patient.trace.tool_names == ["refund"]
    assert [r.status for r in patient.results] == ["pass"]
    leaky = trials["leaky"]
    assert leaky.status == "error" and leaky.trace is not None
    failures = leaky.trace.metadata["simulated_user"]["failures"]
    assert [f["category"] for f in failures] == ["simulator/revealed_fact"]

    errors = CliRunner().invoke(cli, ["show", stored.id, "--errors", "--store", str(db)])
    assert errors.exit_code == 0, errors.output
    listed = " ".join(errors.output.replace("│", " ").split())
    assert "leaky#0" in listed and "the simulated user failed (not the agent)" in listed
    assert "simulator/revealed_fact on user turn 1" in listed
    assert patient.trace.metadata["simulated_user"]["ended"] == "stop"

"""examples/support/suite.simulated.yaml: the support agent against simulated customers.

The example names a hosted model to play the customers; here the same suite, copied with
its data, points its `customer` model at a real local OpenAI-compatible server, which plays
a customer that reacts to the agent's last reply from a script: it opens with its problem,
gives the order number when asked for it, says what went wrong when asked, and says the
stop token once the agent has refunded or refused. The test checks what the example is
there to show: v1, which reads the whole conversation, resolves each case in two turns and
deploys; v2, which reads only the last message, goes round in circles and is blocked.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from fourfold import RunOptions, run
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "support"
README = Path(__file__).resolve().parents[2] / "README.md"


def customer(body: dict[str, Any]) -> Reply:
    """A customer who answers what the agent asked (the agent's replies are its `user` turns)."""
    prompt = body["messages"][0]["content"]
    order = re.search(r"order number: (O-\d+)", prompt)
    assert order is not None, prompt
    agent = [m["content"] for m in body["messages"][2:] if m["role"] == "user"]
    if not agent:
        thing = "kettle has a cracked lid" if "kettle" in prompt else "friend's shoes are damaged"
        return chat_reply(f"Hi, my {thing}. Can I get a refund?")
    last = agent[-1]
    if "refunded" in last or "can't refund" in last:
        return chat_reply("###STOP###")
    if "order number" in last:
        return chat_reply(f"It's {order.group(1)}.")
    return chat_reply("It arrived damaged, as I said: the lid is cracked.")


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(customer) as s:
        yield s


def simulated_suite(tmp_path: Path, url: str) -> Path:
    folder = tmp_path / "support"
    shutil.copytree(EXAMPLE, folder)
    suite = folder / "suite.simulated.yaml"
    config = yaml.safe_load(suite.read_text(encoding="utf-8"))
    assert set(config["models"]) == {"customer"}
    config["models"]["customer"] = {
        "model": "openai-compatible/customer",
        "base_url": url,
        "api_key_env": "",
    }
    suite.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return suite


def test_v1_resolves_each_conversation_and_deploys(tmp_path: Path, server: OpenAIServer) -> None:
    suite = simulated_suite(tmp_path, server.base_url)
    outcome = run(suite, store=tmp_path / "runs.db", options=RunOptions(agent="v1", progress=False))
    assert outcome.gate.decision == "deploy", outcome.gate.reasons
    assert len(outcome.trials) == 4  # two cases, two repeats
    for trial in outcome.trials:
        assert trial.status == "ok" and trial.trace is not None
        meta = trial.trace.metadata["simulated_user"]
        assert meta["ended"] == "stop" and meta["agent_turns"] == 2
    kettle = next(t for t in outcome.trials if t.case_id == "sim-cracked-kettle")
    assert kettle.trace is not None and kettle.trace.tool_names[-1] == "issue_refund"
    assert kettle.trace.tool_calls[-1].arguments["amount"] == 39.9


def test_v2_forgets_what_was_said_and_is_blocked(tmp_path: Path, server: OpenAIServer) -> None:
    suite = simulated_suite(tmp_path, server.base_url)
    outcome = run(suite, store=tmp_path / "runs.db", options=RunOptions(agent="v2", progress=False))
    assert outcome.gate.decision == "block"
    failing = {v.layer for v in outcome.gate.layers if v.status == "fail"}
    assert failing == {"trajectory", "policy"}
    for trial in outcome.trials:
        assert trial.status == "ok" and trial.trace is not None
        assert trial.trace.metadata["simulated_user"]["ended"] == "max_turns"
        assert "issue_refund" not in trial.trace.tool_names


def test_the_readme_case_is_the_example_case() -> None:
    readme = README.read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(- id: sim-cracked-kettle\n.*?)```", readme, re.S)
    assert block is not None
    assert block.group(1) in (EXAMPLE / "cases.simulated.yaml").read_text(encoding="utf-8")

"""Simulated users through the Python API: `fourfold.run` on suites whose cases have a
``user:`` block, with the user played by a real local OpenAI-compatible server from a
script, against a Python agent and a model agent."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold import RunOptions, run
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply, error, tool_call_reply
from tests.simulation.conftest import ScriptedUsers, is_simulator_call

AGENT = '''
import re
from fourfold.agents import tool

@tool
def refund(order_id):
    return {"order_id": order_id, "refunded": True}

def answer(case):
    """Asks for the order number, then refunds it; says what it saw."""
    assert case.user is None, "the agent must not see the simulated user's goal"
    said = " ".join(m.content for m in case.input if m.role == "user")
    if "crash" in said:
        raise RuntimeError("agent down")
    seen = f"[{len(case.input)} messages]"
    order = re.search(r"O-\\d+", said)
    if order is None:
        return f"Sorry to hear that. What is your order number? {seen}"
    refund(order.group(0))
    return f"Done: order {order.group(0)} is refunded. {seen}"
'''

CASES = """
- id: refund
  user:
    model: sim
    persona: A customer whose kettle arrived broken.
    goal: Get a refund for the broken kettle.
    facts: {order_number: O-1042}
    max_turns: 4
- id: opening
  input: Hello, my kettle is broken.
  user:
    model: sim
    goal: Get a refund for the opened kettle.
    facts: {order_number: O-7}
"""

SUITE = """
name: simulated
agent: {{python: "agent:answer"}}
cases: cases.yaml
models:
  sim: {{model: "openai-compatible/simulator", base_url: "{url}", api_key_env: "", max_retries: 0}}
checks:
  - tools_required: {{tools: [refund]}}
"""

SCRIPTS = {
    "broken kettle": [
        "Hi, my kettle arrived broken. I want a refund.",
        "It is O-1042.",
        "###STOP###",
    ],
    # the case's opening is the user's first turn: the script starts at the second
    "opened kettle": ["(opening)", "The order is O-7.", "Thanks! ###STOP###"],
}


def _project(tmp_path: Path, server: OpenAIServer, cases: str = CASES) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.yaml").write_text(cases)
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE.format(url=server.base_url))
    return suite


def test_a_python_agent_gets_the_whole_conversation_each_turn(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    users.scripts.update(SCRIPTS)
    outcome = run(_project(tmp_path, server), store=tmp_path / "runs.db", options=_quiet())
    trials = {t.case_id: t for t in outcome.trials}

    trial = trials["refund"]
    assert trial.status == "ok", trial.error
    trace = trial.trace
    assert trace is not None
    said = [(m.role, m.content) for m in trace.messages]
    assert said == [
        ("user", "Hi, my kettle arrived broken. I want a refund."),
        ("assistant", "Sorry to hear that. What is your order number? [1 messages]"),
        ("user", "It is O-1042."),
        ("assistant", "Done: order O-1042 is refunded. [3 messages]"),
    ]
    assert trace.output == "Done: order O-1042 is refunded. [3 messages]"
    assert trace.tool_names == ["refund"]
    meta = trace.metadata["simulated_user"]
    assert meta["ended"] == "stop" and meta["failures"] == []
    assert (meta["user_turns"], meta["agent_turns"]) == (2, 2)
    # the second agent turn made the tool call
    assert [t["tool_calls"] for t in meta["turns"]] == [[0, 0], [0, 1]]
    assert meta["usage"]["input_tokens"] == 30  # three simulator calls of 10 prompt tokens
    assert trial.results[0].status == "pass"
    assert outcome.gate.decision == "deploy"

    # the case's input opens the dialogue; the simulator takes over from the agent's reply
    opening = trials["opening"].trace
    assert opening is not None and [m.content for m in opening.messages][:3] == [
        "Hello, my kettle is broken.",
        "Sorry to hear that. What is your order number? [1 messages]",
        "The order is O-7.",
    ]
    assert opening.messages[-1].content == "Thanks!"  # the stop token is taken out
    # the simulator saw the agent's replies as the other party's, its own turns as its own
    calls = [c for c in users.simulator_calls if "opened kettle" in c["messages"][0]["content"]]
    last = max(calls, key=lambda c: len(c["messages"]))["messages"]
    assert [m["role"] for m in last] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert "O-7" in last[0]["content"] and "only when the agent asks" in last[0]["content"]
    assert all(c["max_tokens"] == 1024 for c in users.simulator_calls)


def test_a_fact_given_before_the_agent_asked_fails_the_simulator_not_the_agent(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    users.scripts.update(
        {
            "broken kettle": ["My kettle broke, order O-1042, refund please."],
            "opened kettle": ["(opening)", "Hi", "Hi"],  # the same thing twice: stuck
        }
    )
    outcome = run(_project(tmp_path, server), store=tmp_path / "runs.db", options=_quiet())
    trials = {t.case_id: t for t in outcome.trials}

    revealed = trials["refund"]
    assert revealed.status == "error" and revealed.results == []
    assert revealed.error is not None
    assert revealed.error.startswith("the simulated user failed (not the agent)")
    trace = revealed.trace
    assert trace is not None
    [failure] = trace.metadata["simulated_user"]["failures"]
    assert failure["category"] == "simulator/revealed_fact" and failure["turn"] == 1
    assert "'order_number'" in failure["detail"]
    assert trace.metadata["simulated_user"]["ended"] == "simulator_failed"
    assert [m.content for m in trace.messages] == ["My kettle broke, order O-1042, refund please."]

    stuck = trials["opening"].trace
    assert stuck is not None
    [failure] = stuck.metadata["simulated_user"]["failures"]
    assert failure["category"] == "simulator/left_goal"
    assert "its own previous message" in failure["detail"]
    # excluded from the layers and counted as errored trials by the gate
    assert outcome.gate.errored_trials == 2 and outcome.gate.decision != "deploy"


def test_the_agent_failing_mid_dialogue_errors_the_trial_and_keeps_the_dialogue(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    users.scripts["broken kettle"] = ["My kettle is broken.", "Why did it crash?"]
    cases = CASES.split("- id: opening")[0]
    outcome = run(_project(tmp_path, server, cases), store=tmp_path / "runs.db", options=_quiet())
    [trial] = outcome.trials
    assert trial.status == "error"
    assert trial.error is not None and trial.error.startswith("the agent failed on its turn 2")
    assert "RuntimeError: agent down" in trial.error
    trace = trial.trace
    assert trace is not None and trace.metadata["simulated_user"]["ended"] == "agent_error"
    assert [m.role for m in trace.messages] == ["user", "assistant", "user"]


def test_the_simulators_model_failing_errors_the_trial(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    server.handler = lambda body: error(400, "bad request")
    cases = CASES.split("- id: opening")[0]
    outcome = run(_project(tmp_path, server, cases), store=tmp_path / "runs.db", options=_quiet())
    [trial] = outcome.trials
    assert trial.status == "error" and trial.error is not None
    assert trial.error.startswith("the simulated user's model openai-compatible/simulator failed")
    assert trial.trace is not None
    assert trial.trace.metadata["simulated_user"]["ended"] == "simulator_error"


def test_max_turns_ends_the_dialogue_and_the_agents_checks_judge_it(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    users.scripts["broken kettle"] = [f"It is broken, still ({i})." for i in range(10)]
    cases = CASES.split("- id: opening")[0]
    outcome = run(_project(tmp_path, server, cases), store=tmp_path / "runs.db", options=_quiet())
    [trial] = outcome.trials
    assert trial.status == "ok" and trial.trace is not None
    meta = trial.trace.metadata["simulated_user"]
    assert meta["ended"] == "max_turns" and (meta["user_turns"], meta["agent_turns"]) == (4, 4)
    assert trial.results[0].status == "fail"  # never refunded: the agent's failure, counted
    assert outcome.gate.decision == "block"


def test_a_rerun_replays_the_simulated_user_from_the_cache(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    users.scripts.update(SCRIPTS)
    suite = _project(tmp_path, server)
    db = tmp_path / "runs.db"
    first = run(suite, store=db, options=_quiet())
    calls = len(users.simulator_calls)
    second = run(suite, store=db, options=_quiet())
    assert len(users.simulator_calls) == calls  # every user turn came from the cache
    for a, b in zip(first.trials, second.trials, strict=True):
        assert a.trace is not None and b.trace is not None
        assert a.trace.messages == b.trace.messages
    # another repeat is another dialogue: its calls are salted apart
    run(suite, store=db, options=RunOptions(progress=False, repeats=2))
    assert len(users.simulator_calls) > calls
    with Store.open(db) as store:
        assert len(store.list_runs()) == 3


MODEL_SUITE = """
name: simulated-model-agent
agent:
  model: {{model: "openai-compatible/agent", base_url: "{url}", api_key_env: ""}}
  system: You handle refunds.
  tools: "shop_tools:TOOLS"
cases: cases.yaml
models:
  sim: {{model: "openai-compatible/simulator", base_url: "{url}", api_key_env: ""}}
checks:
  - tools_required: {{tools: [refund]}}
"""

TOOLS = '''
def refund(order_id: str) -> dict:
    """Refund an order.

    Args:
        order_id: the order's id.
    """
    return {"order_id": order_id, "refunded": True}

TOOLS = [refund]
'''


def model_agent(body: dict[str, Any]) -> Reply:
    """Asks for the order number until it is given, then refunds it and says so."""
    assert not is_simulator_call(body)
    messages = body["messages"]
    if messages[-1]["role"] == "tool":
        return chat_reply(f"Refunded: {json.loads(messages[-1]['content'])['order_id']}.")
    said = " ".join(m["content"] for m in messages if m["role"] == "user")
    if "O-1042" in said:
        return tool_call_reply(("refund", {"order_id": "O-1042"}))
    return chat_reply("Which order number is it?")


def test_a_model_agent_gets_the_conversation_and_its_tool_calls_stay_in_the_trace(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    users.scripts.update(SCRIPTS)
    users.agent = model_agent
    (tmp_path / "shop_tools.py").write_text(TOOLS)
    (tmp_path / "cases.yaml").write_text(CASES.split("- id: opening")[0])
    suite = tmp_path / "suite.yaml"
    suite.write_text(MODEL_SUITE.format(url=server.base_url))
    outcome = run(suite, store=tmp_path / "runs.db", options=_quiet())
    [trial] = outcome.trials
    assert trial.status == "ok", trial.error
    trace = trial.trace
    assert trace is not None
    assert [(m.role, m.content) for m in trace.messages] == [
        ("user", "Hi, my kettle arrived broken. I want a refund."),
        ("assistant", "Which order number is it?"),
        ("user", "It is O-1042."),
        ("assistant", None),  # the call of the refund tool
        ("tool", '{"order_id":"O-1042","refunded":true}'),
        ("assistant", "Refunded: O-1042."),
    ]
    assert trace.tool_names == ["refund"] and trace.turns == 3
    # the agent's second call held the whole conversation, after its system prompt
    agent_calls = [b for b in server.bodies if b["model"] == "agent"]
    assert [m["role"] for m in agent_calls[1]["messages"]] == [
        "system",
        "user",
        "assistant",
        "user",
    ]
    assert outcome.gate.decision == "deploy"


def _quiet() -> RunOptions:
    return RunOptions(progress=False)


def test_a_simulated_user_that_loops_to_the_output_cap_is_stopped(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    runaway = chat_reply("I want a refund now. " * 300, finish_reason="length")
    server.handler = lambda body: runaway
    cases = CASES.split("- id: opening")[0]
    outcome = run(_project(tmp_path, server, cases), store=tmp_path / "runs.db", options=_quiet())
    [trial] = outcome.trials
    assert trial.status == "error" and trial.error is not None
    assert "failed on user turn 1 (runaway)" in trial.error, trial.error
    assert trial.trace is not None and trial.trace.messages == []
    [call] = server.bodies
    assert call["max_tokens"] == 1024  # the user turn's own cap, the model's config sets none

"""The simulated user's rules one by one (`turn_failures`), what the simulator is told, and
the two agent kinds not run elsewhere here: an HTTP agent gets the conversation in its
request each turn, a replay agent's recorded dialogue is used as it is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold import RunOptions, run
from fourfold.cases import SimulatedUser
from fourfold.simulation import LEFT_GOAL, REVEALED_FACT, simulator_messages, turn_failures
from fourfold.trace import Message
from tests.helpers.openai_server import OpenAIServer, Reply
from tests.simulation.conftest import ScriptedUsers

USER = SimulatedUser.model_validate(
    {
        "model": "sim",
        "goal": "Get a refund",
        "facts": {
            "order_id": "O-1042",
            "email": {"value": "ana@example.com", "asked_by": ["e-mail", "email address"]},
        },
    }
)


def _failures(
    text: str, replies: list[str], *, previous: str | None = None, stopped: bool = False
) -> list[tuple[str, str]]:
    return [
        (f.category, f.detail)
        for f in turn_failures(
            USER, turn=2, text=text, stopped=stopped, agent_replies=replies, previous=previous
        )
    ]


def test_a_fact_counts_as_asked_only_after_an_agent_reply_names_it() -> None:
    assert _failures("It's o-1042.", ["What is your order ID?"]) == []
    [(category, detail)] = _failures("It's O-1042.", ["How can I help?"])
    assert category == REVEALED_FACT and "'order_id'" in detail and "'order id'" in detail
    # whole words only: "border identity" does not ask for the order id
    assert _failures("O-1042", ["Your border identity?"])[0][0] == REVEALED_FACT
    # asked_by replaces the name
    assert _failures("ana@example.com", ["Your e-mail, please?"]) == []
    assert _failures("ana@example.com", ["Your email?"])[0][0] == REVEALED_FACT


def test_leaving_the_goal() -> None:
    assert _failures("", ["How can I help?"]) == [(LEFT_GOAL, "it wrote an empty message")]
    assert _failures("", ["Done."], stopped=True) == []  # a bare stop is how it ends
    assert _failures("", [], stopped=True) == [
        (LEFT_GOAL, "it said the stop before the agent said anything")
    ]
    assert _failures("How can I help you today?", ["How can I help  you today?"]) == [
        (LEFT_GOAL, "it repeated the agent's last reply word for word")
    ]
    assert _failures("Refund, please.", ["Sure?"], previous="refund,  please.") == [
        (LEFT_GOAL, "it repeated its own previous message word for word")
    ]
    assert _failures("Refund, please.", ["Sure?"], previous="I want a refund.") == []


def test_the_simulator_sees_the_roles_swapped_and_only_what_was_said() -> None:
    conversation = [
        Message(role="user", content="Hi"),
        Message(role="assistant", content=None),  # a turn that only called tools
        Message(role="tool", content="{}", name="lookup", tool_call_id="c1"),
        Message(role="assistant", content="Your order id?"),
    ]
    messages = simulator_messages(USER, conversation)
    assert [(m.role, m.content) for m in messages[1:]] == [
        ("user", "[The conversation starts now. Write your first message to the agent.]"),
        ("assistant", "Hi"),
        ("user", "Your order id?"),
    ]
    system = messages[0].content or ""
    assert "Get a refund" in system and "- order id: O-1042" in system
    assert "reply with exactly ###STOP### and nothing else" in system
    phrases = USER.model_copy(update={"stop": ["bye now", "goodbye"]})
    assert "say 'bye now' to end the conversation" in (
        simulator_messages(phrases, [])[0].content or ""
    )


HTTP_SUITE = """
name: simulated-http
agent: {{http: "{url}/agent"}}
cases: cases.yaml
models:
  sim: {{model: "openai-compatible/simulator", base_url: "{url}/v1", api_key_env: ""}}
checks: [no_loops]
"""

CASES = """
- id: refund
  user: {model: sim, goal: Get a refund for the broken kettle., facts: {order_id: O-1042}}
"""


def test_an_http_agent_gets_the_whole_conversation_in_each_request(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    requests: list[dict[str, Any]] = []

    def agent(body: dict[str, Any]) -> Reply:
        requests.append(body)
        n = len(body["case"]["input"])
        return Reply(200, {"output": "What is your order id?" if n == 1 else "Refunded."})

    users.agent = agent
    users.scripts["broken kettle"] = ["My kettle broke.", "O-1042", "###STOP###"]
    (tmp_path / "cases.yaml").write_text(CASES)
    suite = tmp_path / "suite.yaml"
    suite.write_text(HTTP_SUITE.format(url=server.url))
    outcome = run(suite, store=tmp_path / "runs.db", options=RunOptions(progress=False))
    [trial] = outcome.trials
    assert trial.status == "ok", trial.error
    said = [[(m["role"], m["content"]) for m in r["case"]["input"]] for r in requests]
    assert said == [
        [("user", "My kettle broke.")],
        [("user", "My kettle broke."), ("assistant", "What is your order id?"), ("user", "O-1042")],
    ]
    assert all("user" not in r["case"] for r in requests)
    assert trial.trace is not None and trial.trace.output == "Refunded."


def test_a_replay_agent_uses_the_recorded_dialogue_as_it_is(
    tmp_path: Path, server: OpenAIServer, users: ScriptedUsers
) -> None:
    recorded = {
        "messages": [
            {"role": "user", "content": "My kettle broke."},
            {"role": "assistant", "content": "Refunded."},
        ],
        "output": "Refunded.",
    }
    (tmp_path / "traces.jsonl").write_text(json.dumps({"case_id": "refund", "trace": recorded}))
    (tmp_path / "cases.yaml").write_text(CASES)
    suite = tmp_path / "suite.yaml"
    text = HTTP_SUITE.format(url=server.url)
    suite.write_text(text.replace(f'{{http: "{server.url}/agent"}}', "{replay: traces.jsonl}"))
    outcome = run(suite, store=tmp_path / "runs.db", options=RunOptions(progress=False))
    [trial] = outcome.trials
    assert trial.status == "ok" and trial.trace is not None
    assert [m.content for m in trial.trace.messages] == ["My kettle broke.", "Refunded."]
    assert users.simulator_calls == [] and server.requests == []

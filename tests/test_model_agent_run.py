"""One suite, two models: a model-plus-tools agent run on each against a real local
OpenAI-compatible server, then compared case by case."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold import RunOptions, compare, run
from fourfold.store import Store, load_run
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply, tool_call_reply

TOOLS = '''
ORDERS = {"O-1": 40.0, "O-2": 12.5}

def lookup_order(order_id: str) -> dict:
    """Look an order up by its id.

    Args:
        order_id: the order's id, like O-1.
    """
    return {"order_id": order_id, "total": ORDERS[order_id]}

TOOLS = [lookup_order]
'''

SUITE = """
name: models
agents:
  careful: {{model: {{model: "openai-compatible/careful", base_url: "{url}", api_key_env: ""}},
            system: "You answer order questions. Look orders up first.", tools: "shop_tools:TOOLS"}}
  hasty: {{model: {{model: "openai-compatible/hasty", base_url: "{url}", api_key_env: ""}},
          system: "You answer order questions.", tools: "shop_tools:TOOLS"}}
cases: cases.jsonl
checks:
  - tools_required: {{tools: [lookup_order]}}
  - values_grounded: {{kinds: [number], sources: [tool_results]}}
"""


def model(body: dict[str, Any]) -> Reply:
    """The careful model looks the order up, then answers from the result; the hasty one guesses."""
    messages = body["messages"]
    order = "O-1" if "O-1" in messages[1]["content"] else "O-2"
    if body["model"] == "hasty":
        return chat_reply(f"Order {order} came to 99.00.", usage=(50, 10))
    tool_results = [m for m in messages if m["role"] == "tool"]
    if not tool_results:
        return tool_call_reply(("lookup_order", {"order_id": order}), usage=(60, 12))
    total = json.loads(tool_results[-1]["content"])["total"]
    return chat_reply(f"Order {order} came to {total:.2f}.", usage=(90, 15))


def test_same_suite_on_two_models(tmp_path: Path) -> None:
    with OpenAIServer(model) as server:
        (tmp_path / "shop_tools.py").write_text(TOOLS)
        (tmp_path / "cases.jsonl").write_text(
            '{"id": "o1", "input": "What did O-1 cost?"}\n'
            '{"id": "o2", "input": "What did O-2 cost?"}\n'
        )
        suite = tmp_path / "suite.yaml"
        suite.write_text(SUITE.format(url=server.base_url))
        db = tmp_path / "runs.db"
        careful = run(suite, store=db, options=RunOptions(agent="careful", progress=False))
        hasty = run(suite, store=db, options=RunOptions(agent="hasty", progress=False))
        sent = [r.json for r in server.requests]

    trace = careful.trials[0].trace
    assert trace is not None and trace.error is None
    assert trace.tool_names == ["lookup_order"] and trace.turns == 2
    assert trace.tool_calls[0].result == {"order_id": "O-1", "total": 40.0}
    assert trace.output == "Order O-1 came to 40.00."
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (150, 27)
    assert careful.gate.decision == "deploy"
    # the server saw the tools in OpenAI's format and the system prompt first
    first = next(b for b in sent if b["model"] == "careful")
    assert first["messages"][0] == {
        "role": "system",
        "content": "You answer order questions. Look orders up first.",
    }
    assert first["tools"][0]["function"]["name"] == "lookup_order"
    assert first["tools"][0]["function"]["parameters"]["required"] == ["order_id"]

    assert hasty.gate.decision == "block"
    assert {v.layer for v in hasty.gate.layers if v.status == "fail"} == {"trajectory", "grounding"}
    with Store.open(db) as store:
        cmp = compare(load_run(store, careful.run.id), load_run(store, hasty.run.id))
    assert {(f.case_id, f.layer) for f in cmp.flips} == {
        ("o1", "trajectory"),
        ("o2", "trajectory"),
        ("o1", "grounding"),
        ("o2", "grounding"),
    }

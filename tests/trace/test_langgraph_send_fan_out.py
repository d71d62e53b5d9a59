"""A LangGraph ``Send`` fan-out under OpenInference: the graph's state input, the branches' calls.

Shapes from ``langgraph/langgraph-send-2026-12-06c.json`` (openinference-instrumentation-
langchain 0.1.80, LangGraph 1.2.24): the graph's own span records the state it was invoked
with (``{question, cities}``), each ``report_city`` node its ``Send`` payload (a bare city);
the two branches' agents run side by side, so one branch may ask for its call first and run
it last.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fourfold.integrations._call_order import Placed, in_call_order
from fourfold.trace import ToolCall
from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "5e" * 16
QUESTION = "What is the weather in Paris and in Tokyo?"
_GRAPH = {"ls_integration": "langgraph"}


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None, t: float) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=t, end=t + 0.4)


def _node(n: int, node: str, value: str, parent: int, t: float) -> Any:
    metadata = json.dumps({**_GRAPH, "langgraph_node": node})
    attrs = {"openinference.span.kind": "CHAIN", "input.value": value, "metadata": metadata}
    return _span(n, node, attrs, parent, t)


def _branch(n: int, city: str, call: str, ask: float, run: float) -> list[Any]:
    """A `report_city` node: its model call asking for `call` at `ask`, the tool run at `run`."""
    asked = [
        {"role": "system", "content": f"You report the weather in {city}."},
        {"role": "user", "content": f"What is the weather in {city}?"},
    ]
    reply = [{"role": "assistant", "tool_calls": [(call, "get_weather", {"city": city})]}]
    llm = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "m",
        **openinference_messages("llm.input_messages", asked),
        **openinference_messages("llm.output_messages", reply),
    }
    message = {"type": "tool", "data": {"content": f"{city}: fine", "tool_call_id": call}}
    tool = {
        "openinference.span.kind": "TOOL",
        "tool.name": "get_weather",
        "input.value": city,
        "output.value": json.dumps(message),
    }
    return [
        _node(n, "report_city", city, 1, ask - 0.1),
        _span(n + 1, "ChatOpenAI", llm, n, ask),
        _span(n + 2, "get_weather", tool, n, run),
    ]


def _graph(state: dict[str, Any], paris: tuple[float, float], tokyo: tuple[float, float]) -> Any:
    root = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps(state),
        "metadata": json.dumps(_GRAPH),
    }
    return [
        _span(1, "LangGraph", root, None, 0.0),
        *_branch(10, "Paris", "call_w1", *paris),
        *_branch(20, "Tokyo", "call_w2", *tokyo),
    ]


def test_the_graphs_state_object_gives_its_question_not_a_branchs_city(tmp_path: Path) -> None:
    spans = _graph({"question": QUESTION, "cities": ["Paris", "Tokyo"]}, (1.5, 3.0), (1.0, 3.5))
    assert import_one(tmp_path, spans).input == QUESTION


def test_a_state_object_with_no_ask_key_leaves_the_input_to_what_recorded_one(
    tmp_path: Path,
) -> None:
    # no question, task, query or prompt in the state: the graph's input says no ask, and
    # the first node input recorded stands, as before the rule (Tokyo's node started first)
    spans = _graph({"cities": ["Paris", "Tokyo"]}, (1.5, 3.0), (1.0, 3.5))
    assert import_one(tmp_path, spans).input == "Tokyo"


def test_a_nodes_state_input_is_not_the_graphs_question(tmp_path: Path) -> None:
    spans = _graph({"cities": ["Paris", "Tokyo"]}, (1.5, 3.0), (1.0, 3.5))
    write = json.dumps({"question": "written by a node", "cities": []})
    spans.append(_node(30, "write", write, 1, 0.5))  # started before the branches
    # a node's span (langgraph_node in its metadata) is no graph's own: its state says nothing
    assert import_one(tmp_path, spans).input == "Tokyo"


def test_calls_of_branches_running_side_by_side_are_in_the_order_asked(tmp_path: Path) -> None:
    # Tokyo's model call asked first (1.0), Paris's tool ran first (3.0 < 3.5): the branches
    # ran together, so the calls stand as the conversations do, Tokyo's first
    spans = _graph({"question": QUESTION, "cities": ["Paris", "Tokyo"]}, (1.5, 3.0), (1.0, 3.5))
    imported = import_one(tmp_path, spans)
    assert [c.id for c in imported.trace.tool_calls] == ["call_w2", "call_w1"]


def _placed(rank: int, n: int, asked: float, started: float) -> Placed:
    at = datetime.fromtimestamp(started, UTC)
    end = datetime.fromtimestamp(started + 1, UTC)
    call = ToolCall(name="f", id=f"c{rank}", started_at=at, ended_at=end)
    return Placed(rank, n, call, turn=rank, asked=int(asked * 1e9))


def test_a_call_asked_while_another_ran_stands_in_request_order() -> None:
    # c0 asked at 10, run at 30; c1 asked at 15, run at 20: c1 ran while c0 was asked for
    calls = [_placed(1, 0, 15, 20), _placed(0, 1, 10, 30)]
    assert [c.id for c in in_call_order(calls)] == ["c0", "c1"]


def test_a_call_asked_after_another_ended_keeps_start_order() -> None:
    # c1 ran 20-21 before c0 was even asked for (25): one after the other, as they started
    calls = [_placed(1, 0, 15, 20), _placed(0, 1, 25, 30)]
    assert [c.id for c in in_call_order(calls)] == ["c1", "c0"]

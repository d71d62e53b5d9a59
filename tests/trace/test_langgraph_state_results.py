"""A LangGraph state of the application's own schema: its answer field, or the state whole.

Shapes from ``langgraph/langgraph-structured-output-2026-12-06q.json`` (an agent node, then a
node adding ``with_structured_output``'s report to the state) and
``langgraph/langgraph-send-2026-12-06c.json`` (the last node writing the answer).
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_openinference
from tests.helpers.span_builders import hex_span

_TRACE = "0x" + "cd" * 16
_QUESTION = "What is the weather in Paris?"
_ANSWER = "Paris is sunny at 22 C."
_REPORT = {"summary": _ANSWER, "cities": ["Paris"]}


def _node(name: str, span_id: int, step: int, output: str) -> dict[str, Any]:
    metadata = {"ls_integration": "langgraph", "langgraph_node": name, "langgraph_step": step}
    return hex_span(
        name,
        span_id,
        1,
        trace=_TRACE,
        **{
            "openinference.span.kind": "CHAIN",
            "output.value": output,
            "metadata": json.dumps(metadata),
        },
    )


def _graph(state: dict[str, Any], *nodes: dict[str, Any]) -> list[dict[str, Any]]:
    root = hex_span(
        "LangGraph",
        1,
        None,
        trace=_TRACE,
        **{
            "openinference.span.kind": "CHAIN",
            "input.value": _QUESTION,
            "output.value": json.dumps(state),
            "metadata": json.dumps({"ls_integration": "langgraph"}),
        },
    )
    return [root, *nodes]


def test_a_state_whose_last_node_added_an_object_is_the_result_whole() -> None:
    state = {"question": _QUESTION, "answer": _ANSWER, "report": _REPORT}
    spans = _graph(
        state,
        _node("ask_weather", 2, 1, _ANSWER),
        _node("extract", 3, 2, json.dumps({"report": _REPORT})),
    )
    [imported] = from_openinference(spans)
    assert imported.trace.structured == state


def test_a_state_whose_last_node_wrote_the_answer_is_read_for_it() -> None:
    # the answer written last, as its bare value or beside another key: the answer's text
    state = {"question": _QUESTION, "reports": [_ANSWER], "answer": _ANSWER}
    for update in (_ANSWER, json.dumps({"answer": _ANSWER, "sources": ["a"]})):
        spans = _graph(
            state,
            _node("report_city", 2, 1, json.dumps({"reports": [_ANSWER]})),
            _node("write", 3, 2, update),
        )
        [imported] = from_openinference(spans)
        assert imported.trace.output == _ANSWER
        assert imported.trace.structured is None


def test_a_state_with_no_node_spans_keeps_its_answer_field() -> None:
    # nothing says what the graph ended on: the answer field, as before
    state = {"question": _QUESTION, "answer": _ANSWER, "report": _REPORT}
    [imported] = from_openinference(_graph(state))
    assert imported.trace.output == _ANSWER

"""A BeeAI Workflow's final state: its answer field, or the state whole.

Shapes from ``beeai/beeai-workflow-2026-12-06t.json`` (openinference-instrumentation-beeai: a
Workflow CHAIN span listing its steps' states, an agent step, then a step putting the answer
under a heading as the state's ``report``).
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_openinference
from tests.helpers.span_builders import hex_span

_TRACE = "0x" + "be" * 16
_QUESTION = "What is the weather in Paris?"
_ANSWER = "Paris is sunny at 22 C."
_REPORT = "Weather report\n\n" + _ANSWER


def _workflow(
    state: dict[str, Any], steps: list[tuple[str, dict[str, Any]]], class_name: str = "Workflow"
) -> list[dict[str, Any]]:
    """The workflow's span, its steps' states flattened as the instrumentation writes them."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "CHAIN",
        "metadata.class_name": class_name,
        "input.value": json.dumps({"state": {"question": _QUESTION, "answer": None}}),
        "output.value": json.dumps(state),
        "output.mime_type": "application/json",
    }
    for i, (name, left) in enumerate(steps):
        attrs[f"metadata.steps.{i}.name"] = name
        for key, value in left.items():
            attrs[f"metadata.steps.{i}.state.{key}"] = value
    return [hex_span("weather_workflow", 1, None, trace=_TRACE, **attrs)]


_ASKED = {"question": _QUESTION, "answer": _ANSWER}
_PUBLISHED = {**_ASKED, "report": _REPORT}


def test_a_workflow_whose_last_step_wrote_no_answer_returns_its_state_whole() -> None:
    spans = _workflow(_PUBLISHED, [("ask", _ASKED), ("publish", _PUBLISHED)])
    [imported] = from_openinference(spans)
    assert imported.trace.structured == _PUBLISHED


def test_a_workflow_whose_last_step_wrote_the_answer_is_read_for_it() -> None:
    # the agent's step last (the only step, or after one that wrote something else)
    for steps in (
        [("ask", _ASKED)],
        [("prepare", {"question": _QUESTION, "report": _REPORT}), ("ask", _PUBLISHED)],
    ):
        state = _PUBLISHED if len(steps) > 1 else _ASKED
        [imported] = from_openinference(_workflow(state, steps))
        assert imported.trace.output == _ANSWER
        assert imported.trace.structured is None


def test_a_chain_that_is_no_workflow_or_lists_no_steps_keeps_its_answer_field() -> None:
    # nothing says what the run ended on: the answer field, as before
    for spans in (
        _workflow(_PUBLISHED, []),
        _workflow(_PUBLISHED, [("ask", _ASKED), ("publish", _PUBLISHED)], "AgentWorkflow"),
    ):
        [imported] = from_openinference(spans)
        assert imported.trace.output == _ANSWER

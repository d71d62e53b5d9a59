"""A BeeAI ``Workflow`` whose last step wrote no answer: its final state is the run's result.

openinference-instrumentation-beeai records a BeeAI ``Workflow`` run as one CHAIN span
(``metadata.class_name`` ``Workflow``); its steps make no spans of their own. The span's
``output.value`` is the workflow's final state, an object of the application's own schema
(what ``workflow.run`` returned), and ``metadata.steps.<i>`` records each step that ran, in
order, by ``name`` and the ``state`` it left (a null field left out); ``input.value`` holds
the state the run started from (``{"state": {...}, "options": ...}``).

A state that holds an answer field (``answer``, ``response``, ...) is read for it
(`.._answer.run_answer`) when the answer is what the workflow ended on: its last step wrote
it. A workflow whose last step wrote something else after the answer (a step that puts the
agent's answer under a heading as the state's ``report``) ended on that: the answer text is
an intermediate value, and the run's result is structured, the state object as a whole
(both readings of ``beeai-workflow``; the contract's "a JSON value when the run's result is
structured"). This is the rule LangGraph's own-schema states follow
(`.._state_results`), read from the steps the workflow's span lists rather than from node
spans.

The rule, `workflow_result`: a Workflow span whose final state has an answer field, and
whose last step's update (the fields its state changed from the state before it) does not
hold that answer's text, records the run's result as a whole (`AgentRun.whole_output`).
"""

from __future__ import annotations

from typing import Any

from .._answer import run_answer
from .._messages import try_json
from .._spans import indexed

__all__ = ["workflow_result"]

_STATE = "state."


def workflow_result(attrs: dict[str, Any]) -> bool:
    """Whether a BeeAI Workflow span's final state, as a whole, is the run's result.

    `attrs`: the span's attributes, flattened (``metadata.steps.0.state.answer``).

    Examples:
        >>> import json
        >>> state = {"question": "Weather?", "answer": "Sunny.", "report": "Weather: Sunny."}
        >>> attrs = {"metadata.class_name": "Workflow", "output.value": json.dumps(state),
        ...     "metadata.steps.0.name": "ask", "metadata.steps.0.state.answer": "Sunny.",
        ...     "metadata.steps.1.name": "publish", "metadata.steps.1.state.answer": "Sunny.",
        ...     "metadata.steps.1.state.report": "Weather: Sunny."}
        >>> workflow_result(attrs)
        True
        >>> ended_on_answer = {k: v for k, v in attrs.items() if ".steps.1." not in k}
        >>> workflow_result(ended_on_answer)
        False
    """
    if attrs.get("metadata.class_name") != "Workflow":
        return False
    state = try_json(attrs.get("output.value"))
    if not isinstance(state, dict):
        return False
    answer = run_answer([], state)
    if answer is None or answer[1] is not None or answer[0] is None:
        return False  # no answer field: the state is read whole already
    states = [_fields(step) for step in indexed(attrs, "metadata.steps.")]
    if not states:
        return False  # no step recorded: nothing says which step wrote the answer
    before = states[-2] if len(states) > 1 else _start_state(attrs.get("input.value"))
    update = {k: v for k, v in states[-1].items() if before.get(k) != v}
    return answer[0] not in update.values()


def _fields(step: dict[str, Any]) -> dict[str, Any]:
    """The state a step left, as its flattened fields (``answer``, ``report.sky``)."""
    return {k[len(_STATE) :]: v for k, v in step.items() if k.startswith(_STATE)}


def _start_state(raw_input: Any) -> dict[str, Any]:
    """The state the run started from (``input.value``'s ``state``), its fields flattened.

    Examples:
        >>> _start_state('{"state": {"question": "Weather?", "answer": null}, "options": null}')
        {'question': 'Weather?'}
    """
    found = try_json(raw_input)
    state = found.get("state") if isinstance(found, dict) else None
    out: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{prefix}.{k}" if prefix else str(k), v)
        elif value is not None:  # a null field is left out, as the steps' states leave it
            out[prefix] = value

    walk("", state if isinstance(state, dict) else {})
    return out

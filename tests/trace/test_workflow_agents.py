"""The agent of a LlamaIndex agent workflow, named only in its steps' events (D21)."""

from __future__ import annotations

import json

import pytest

from fourfold.integrations._spans import Span
from fourfold.integrations._workflow_agents import workflow_agent


def _span(name: str, key: str, value: str) -> Span:
    return Span("t", name, None, name, 0, 1, "unset", None, {key: value})


def _setup(agent: str) -> Span:
    repr_ = f"AgentInput(input=[...], current_agent_name='{agent}')"
    return _span("AgentWorkflow.setup_agent", "input.value", repr_)


def test_the_first_step_naming_an_agent_gives_it() -> None:
    start = _span("AgentWorkflow.init_run", "output.value", "StartEvent()")
    assert workflow_agent([start, _setup("triage_agent"), _setup("weather_agent")]) == (
        "triage_agent"
    )


def test_openllmetrys_json_entity_output_names_it() -> None:
    state = json.dumps({"input": [], "current_agent_name": "weather_agent"})
    task = _span("BaseWorkflowAgent.task", "traceloop.entity.output", state)
    assert workflow_agent([task]) == "weather_agent"


@pytest.mark.parametrize(
    "span",
    [
        _setup("Agent"),
        _span("my_app.handle", "input.value", "current_agent_name='weather_agent'"),
        _span("AgentWorkflow.run_agent_step", "input.value", "AgentInput(input=[])"),
    ],
    ids=["llamaindex-default-name", "not-a-workflow-step", "no-name"],
)
def test_no_agent_from_a_default_name_another_span_or_no_name(span: Span) -> None:
    assert workflow_agent([span]) is None

"""AgentOps' spans (the ``agentops`` SDK, 0.4.x), on small span lists written its way
(tests/data/traces/agentops/agentops-openai-agents-2026-12-07d.json).

AgentOps says what a span is by ``agentops.span.kind``, never ``gen_ai.operation.name``. Its
OpenAI Agents SDK instrumentation writes the SDK's agent span as kind ``agent`` with
``agent.name``: that span is the agent's run, its ``agent.name`` the agent. Its ``session``
span (``operation.name`` the session's name) and its ``Agent workflow`` trace span name no
agent; its other kinds are read, or not, as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._spans import Span
from fourfold.integrations.otel._auto import interpret_span
from fourfold.integrations.otel._operations import operation
from tests.helpers.span_builders import import_one, span

TRACE = "a0" * 16
ASK = "What is the weather in Paris?"
ANSWER = "Paris is sunny at 22 C."


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=10.0 - n)


def _chat() -> dict[str, Any]:
    return {
        "gen_ai.request.type": "chat",
        "gen_ai.system": "OpenAI",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": ASK,
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": ANSWER,
        "gen_ai.usage.prompt_tokens": 10,
        "gen_ai.usage.completion_tokens": 5,
    }


def _run(agent_kind: str) -> list[dict[str, Any]]:
    """A session, the SDK's workflow span, its agent span of `agent_kind`, and the call."""
    session = {"agentops.span.kind": "session", "operation.name": "default"}
    workflow = {"workflow.name": "Agent workflow", "workflow.step.type": "trace"}
    agent = {
        "agentops.span.kind": agent_kind,
        "agent.name": "weather_agent",
        "agent.tools": json.dumps(["get_weather"]),
        "instrumentation.name": "agentops",
    }
    return [
        _span(1, "default.session", session),
        _span(2, "Agent workflow", workflow, parent=1),
        _span(3, "weather_agent", agent, parent=2),
        _span(4, "openai.chat.completion", _chat(), parent=1),
    ]


def test_the_agent_span_names_the_agent(tmp_path: Path) -> None:
    # before, the agent span was no run and the trace named no agent
    imported = import_one(tmp_path, _run("agent"))
    assert imported.metadata["agent_name"] == "weather_agent"
    assert imported.trace.output == ANSWER  # the agent span records no answer: the call's
    assert imported.trace.usage is not None and imported.trace.usage.input_tokens == 10


def test_no_agent_from_the_session_workflow_or_other_kinds(tmp_path: Path) -> None:
    # the same span under another of AgentOps' kinds names no agent, nor do the session
    # (operation.name `default`) and workflow spans
    for kind in ("task", "workflow", "unknown"):
        imported = import_one(tmp_path, _run(kind))
        assert imported.metadata.get("agent_name") is None, kind


def _read(attrs: dict[str, Any]) -> Span:
    return Span(
        trace_id=TRACE,
        span_id="01" * 8,
        parent_id=None,
        name="weather_agent",
        start_ns=0,
        end_ns=1,
        status="unset",
        status_message=None,
        attributes=attrs,
    )


def test_only_agentops_kind_makes_the_agent_run() -> None:
    assert operation(_read({"agentops.span.kind": "agent", "agent.name": "a"})) == "invoke_agent"
    # AgentOps' own llm and tool spans are not read as model or tool calls here
    assert interpret_span(_read({"agentops.span.kind": "tool", "tool.name": "get_weather"})) is None
    assert operation(_read({"agentops.span.kind": "llm", "gen_ai.system": "openai"})) is None
    # another tracer's kind of the same name (traceloop-sdk's) is read by its own rule
    traceloop = {"traceloop.span.kind": "agent", "traceloop.entity.name": "a"}
    assert operation(_read(traceloop)) == "invoke_agent"
    # a bare agent.name, as OpenInference writes beside its own span kind, is no run by itself
    assert operation(_read({"agent.name": "a"})) is None
    # a span naming its own operation keeps it
    named = {"agentops.span.kind": "agent", "gen_ai.operation.name": "chat"}
    assert operation(_read(named)) == "chat"

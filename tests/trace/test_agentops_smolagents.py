"""AgentOps' smolagents spans (AgentOps 0.4.21), on small span lists written its way
(tests/data/traces/agentops/agentops-smolagents-2026-12-07f.json).

Its spans carry no ``agentops.span.kind``: ``<agent>.run`` is the agent's run (its
``agent.name``, its answer as ``agentops.entity.output``), ``litellm.generate (<model>)`` a
model call with no prompt whose reply's ``content`` is written as its ``str()`` (``"None"``
for a turn that only requested tools: no text), ``tool.execute`` a tool run whose name and
arguments are the placeholders ``unknown`` and ``{}`` and whose ``tool.id`` is a uuid the
instrumentation draws. With model calls that record nothing said, a result no call id ties
to a request is no message; a result carrying the model's call id still answers it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "b1" * 16
SCOPE = "agentops.instrumentation.smolagents"
ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."


def _span(
    n: int, name: str, attrs: dict[str, Any], *, parent: int | None, scope: str | None
) -> dict[str, Any]:
    built = span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)
    if scope is not None:
        built["instrumentation_scope"] = {"name": scope}
    return built


def _run(scope: str | None = SCOPE) -> list[dict[str, Any]]:
    common = {"instrumentation.name": "agentops", "instrumentation.version": "0.4.21"}
    agent = {
        **common,
        "agent.name": "weather_agent",
        "agent.id": "4d7f010a-e5e3-4fe8-a7fa-754aa61ac04b",
        "agent.role": "executor",
        "agent.tools": '["get_weather", "final_answer"]',
        "agent.managed_agents": "[]",
        "agentops.entity.output": ANSWER,
    }

    def generate(prompt: int, completion: int) -> dict[str, Any]:
        return {
            **common,
            "gen_ai.request.model": "openai/gpt-4o-mini",
            "gen_ai.request.tools.0.name": "get_weather",
            "gen_ai.completion.0.content": "None",
            "gen_ai.usage.prompt_tokens": prompt,
            "gen_ai.usage.completion_tokens": completion,
        }

    def tool(result: str, uuid: str) -> dict[str, Any]:
        return {
            **common,
            "tool.id": uuid,
            "tool.name": "unknown",
            "tool.description": "unknown",
            "tool.parameters": "{}",
            "tool.status": "success",
            "tool.result": result,
        }

    session = {"agentops.span.kind": "session", "operation.name": "default"}
    return [
        _span(1, "default.session", session, parent=None, scope="agentops"),
        _span(2, "weather_agent.run", agent, parent=1, scope=scope),
        _span(3, "litellm.generate (openai/gpt-4o-mini)", generate(61, 34), parent=2, scope=scope),
        _span(
            4,
            "tool.execute",
            tool("sunny, 22 C", "b7e73f19-3299-434d-a66f-c91de538d854"),
            parent=2,
            scope=scope,
        ),
        _span(5, "litellm.generate (openai/gpt-4o-mini)", generate(118, 21), parent=2, scope=scope),
        _span(
            6,
            "tool.execute",
            tool(ANSWER, "eda926a5-3a64-4f12-84a7-d458fcad0f83"),
            parent=2,
            scope=scope,
        ),
    ]


def test_the_run_its_calls_and_tools(tmp_path: Path) -> None:
    # before: the agent span no run (no agent, the output the text "None"), the tool spans no
    # calls, and the replies "None" assistant messages
    imported = import_one(tmp_path, _run())
    trace = imported.trace
    assert imported.metadata["agent_name"] == "weather_agent"
    assert trace.output == ANSWER
    assert trace.messages == []  # no prompt, no text, no turn requesting the tools
    assert [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls] == [
        (None, {}, "sunny, 22 C", None),  # the placeholders, and never the drawn uuid
        (None, {}, ANSWER, None),
    ]
    assert trace.usage is not None and trace.usage.input_tokens == 179


def test_read_the_same_with_no_scope(tmp_path: Path) -> None:
    # the SDK's console dump keeps no scope: the common attributes and the names say it
    trace = import_one(tmp_path, _run(scope=None)).trace
    assert trace.output == ANSWER and trace.messages == []
    assert [c.id for c in trace.tool_calls] == [None, None]


def test_another_scopes_none_reply_is_the_models_text(tmp_path: Path) -> None:
    # the same spans under another scope: not AgentOps' smolagents', so "None" is text said
    spans = _run(scope="opentelemetry.instrumentation.litellm")
    trace = import_one(tmp_path, spans).trace
    assert any(m.role == "assistant" and m.content == "None" for m in trace.messages)


def test_a_result_with_the_models_call_id_is_no_message_either(tmp_path: Path) -> None:
    # model calls that hold nothing said, and a tool span carrying the model's call id (as
    # Semantic Kernel's, whose messages go to logs): the request it would answer is in no
    # span, so its result is the call's and no tool message (the contract, 2026-12-07)
    spans = _run()
    spans[3]["attributes"]["gen_ai.tool.call.id"] = "call_w1"
    trace = import_one(tmp_path, spans).trace
    assert [m for m in trace.messages if m.role == "tool"] == []
    assert [(c.id, c.result) for c in trace.tool_calls][:1] == [("call_w1", "sunny, 22 C")]

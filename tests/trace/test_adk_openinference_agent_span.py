"""openinference-instrumentation-google-adk on ADK 2.x: each model call's record written on the
agent's ``invoke_agent`` span (tests/data/traces/google-adk/openinference-google-adk-*), on
small spans written that way, so each rule is checked apart from the exports.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.integrations._messages import Msg, ToolRequest
from fourfold.integrations._spans import Span
from fourfold.integrations._steps import ModelCall
from fourfold.integrations.otel._agent_span_calls import agent_span_call
from tests.helpers.span_builders import import_one, span

TRACE = "ad" * 16


def _span(n: int, name: str, attrs: dict[str, Any], start: float, end: float, **kw: Any) -> Any:
    return span(n, name, attrs, trace=TRACE, start=start, end=end, **kw)


def _agent_span(
    n: int,
    agent: str,
    system: str,
    user: str,
    calls: list[tuple[str, str, dict[str, Any]]],
    **kw: Any,
) -> dict[str, Any]:
    """ADK's ``invoke_agent`` span with its last call's record (OpenInference's and ADK's
    keys), and the first call's requests left in ``llm.output_messages.0`` by a stale key."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "gen_ai.operation.name": "generate_content",
        "gen_ai.agent.name": agent,
        "llm.model_name": "openai/gpt-4o-mini",
        "llm.token_count.prompt": kw.pop("prompt", 118),
        "llm.token_count.completion": kw.pop("completion", 21),
        "llm.input_messages.0.message.role": "system",
        "llm.input_messages.0.message.content": system,
        "llm.input_messages.1.message.role": "user",
        "llm.input_messages.1.message.content": user,
        "llm.input_messages.2.message.role": "model",
        "llm.output_messages.0.message.role": "model",
        "llm.output_messages.0.message.content": kw.pop("answer"),
    }
    ids = kw.pop("ids", True)  # ADK's native Gemini model: the calls have no ids
    for i, (cid, name, args) in enumerate(calls):
        for where in ("llm.input_messages.2", "llm.output_messages.0"):  # the stale record
            key = f"{where}.message.tool_calls.{i}.tool_call"
            if ids:
                attrs[f"{key}.id"] = cid
            attrs[f"{key}.function.name"] = name
            attrs[f"{key}.function.arguments"] = json.dumps(args)
        attrs[f"llm.input_messages.{3 + i}.message.role"] = "tool"
        if ids:
            attrs[f"llm.input_messages.{3 + i}.message.tool_call_id"] = cid
        attrs[f"llm.input_messages.{3 + i}.message.content"] = json.dumps({"result": cid})
    return _span(n, f"invoke_agent {agent}", attrs, **kw)


def _tool(n: int, parent: int, cid: str, name: str, args: dict[str, Any], at: float) -> Any:
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": name,
        "tool.id": cid,
        "input.value": json.dumps(args),
        "output.value": json.dumps({"id": cid, "name": name, "response": {"result": cid}}),
    }
    return _span(n, f"execute_tool {name}", attrs, at, at + 0.1, parent=parent)


def _run(n: int, name: str, parent: int | None, start: float, end: float) -> Any:
    attrs = {"openinference.span.kind": "AGENT", "agent.name": name}
    return _span(n, f"agent_run [{name}]", attrs, start, end, parent=parent)


def _said(imported: Any) -> list[tuple[str, str | None, list[str | None]]]:
    return [(m.role, m.content, [r.id for r in m.tool_calls]) for m in imported.trace.messages]


def test_the_answer_does_not_request_calls_its_own_input_answers(tmp_path: Path) -> None:
    weather = [("c1", "get_weather", {"city": "Paris"})]
    spans = [
        _run(1, "weather_agent", None, 0.0, 10.0),
        _agent_span(
            2,
            "weather_agent",
            "Be brief.",
            "Weather?",
            weather,
            answer="Sunny.",
            start=0.1,
            end=9.0,
            parent=1,
        ),
        _tool(3, 2, "c1", "get_weather", {"city": "Paris"}, 1.0),
    ]
    imported = import_one(tmp_path, spans)
    assert _said(imported) == [
        ("system", "Be brief.", []),
        ("user", "Weather?", []),
        ("assistant", None, ["c1"]),
        ("tool", '{"result": "c1"}', []),
        ("assistant", "Sunny.", []),
    ]
    assert [c.result for c in imported.trace.tool_calls] == [{"result": "c1"}]  # unwrapped


def test_a_sub_agent_inside_its_callers_agent_span_keeps_its_conversation(
    tmp_path: Path,
) -> None:
    """An AgentTool: the sub-agent's ``invoke_agent`` span runs inside the caller's, which
    holds the caller's last call; each is a call of its own, the sub-agent's a conversation
    after the caller's, and both count."""
    asked = [("a1", "weather_agent", {"request": "Weather?"})]
    weather = [("c1", "get_weather", {"city": "Paris"})]
    spans = [
        _run(1, "orchestrator", None, 0.0, 10.0),
        _agent_span(
            2,
            "orchestrator",
            "Orchestrate.",
            "Weather?",
            asked,
            answer="Sunny!",
            prompt=131,
            completion=22,
            start=0.1,
            end=9.5,
            parent=1,
        ),
        _tool(3, 2, "a1", "weather_agent", {"request": "Weather?"}, 1.0),
        _run(4, "weather_agent", 3, 1.1, 8.0),
        _agent_span(
            5,
            "weather_agent",
            "Be brief.",
            "Weather?",
            weather,
            answer="Sunny.",
            start=1.2,
            end=7.9,
            parent=4,
        ),
        _tool(6, 5, "c1", "get_weather", {"city": "Paris"}, 2.0),
    ]
    imported = import_one(tmp_path, spans)
    assert _said(imported) == [
        ("system", "Orchestrate.", []),
        ("user", "Weather?", []),
        ("assistant", None, ["a1"]),
        ("tool", '{"result": "a1"}', []),
        ("assistant", "Sunny!", []),
        ("system", "Be brief.", []),
        ("user", "Weather?", []),
        ("assistant", None, ["c1"]),
        ("tool", '{"result": "c1"}', []),
        ("assistant", "Sunny.", []),
    ]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (131 + 118, 22 + 21)
    assert imported.trace.output == "Sunny!"
    assert imported.metadata["agent_name"] == "orchestrator"
    assert [c.id for c in imported.trace.tool_calls] == ["a1", "c1"]


@pytest.mark.parametrize("name", ["invoke_agent", "invoke_agent  ", "invoke_agentx y", ""])
def test_an_odd_span_name_is_read_as_one_model_call(tmp_path: Path, name: str) -> None:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Hi",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "Hello",
        "llm.output_messages.0.message.tool_calls.0.tool_call.id": 7,
        "llm.token_count.prompt": 3,
    }
    imported = import_one(tmp_path, [_span(1, name, attrs, 0.0, 1.0)])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Hi"),
        ("assistant", "Hello"),
    ]
    assert imported.trace.usage.input_tokens == 3


def _gemini_spans(answer_calls: list[tuple[str, str, dict[str, Any]]] | None = None) -> list[Any]:
    """ADK 2.13 on its native ``Gemini`` model: no call ids in the messages, ADK's own
    ``adk-<uuid>`` ids on the tool spans; `answer_calls` the requests left beside the answer."""
    weather = [
        ("adk-1", "get_weather", {"city": "Paris"}),
        ("adk-2", "get_weather", {"city": "Tokyo"}),
    ]
    agent = _agent_span(
        2,
        "weather_agent",
        "Be brief.",
        "Weather?",
        weather,
        answer="Sunny; rain.",
        ids=False,
        start=0.1,
        end=9.0,
        parent=1,
    )
    if answer_calls is not None:  # the stale key holds other requests than the input's
        attrs = agent["attributes"]
        for key in [k for k in attrs if k.startswith("llm.output_messages.0.message.tool_")]:
            del attrs[key]
        for i, (_, name, args) in enumerate(answer_calls):
            key = f"llm.output_messages.0.message.tool_calls.{i}.tool_call"
            attrs[f"{key}.function.name"] = name
            attrs[f"{key}.function.arguments"] = json.dumps(args)
    return [
        _run(1, "weather_agent", None, 0.0, 10.0),
        agent,
        _tool(3, 2, "adk-1", "get_weather", {"city": "Paris"}, 1.0),
        _tool(4, 2, "adk-2", "get_weather", {"city": "Tokyo"}, 1.2),
    ]


def test_an_answer_without_ids_does_not_request_the_calls_its_input_answers(
    tmp_path: Path,
) -> None:
    """ADK on Gemini: the first call's id-less requests, left by a stale key beside the last
    call's answer, are the ones its input already answers (by order); the tool spans' ids
    are the calls'."""
    imported = import_one(tmp_path, _gemini_spans())
    assert _said(imported) == [
        ("system", "Be brief.", []),
        ("user", "Weather?", []),
        ("assistant", None, ["adk-1", "adk-2"]),
        ("tool", '{"result": "adk-1"}', []),
        ("tool", '{"result": "adk-2"}', []),
        ("assistant", "Sunny; rain.", []),
    ]
    assert [m.tool_call_id for m in imported.trace.messages if m.role == "tool"] == [
        "adk-1",
        "adk-2",
    ]
    assert [c.id for c in imported.trace.tool_calls] == ["adk-1", "adk-2"]


def test_an_answer_requesting_other_calls_without_ids_keeps_them(tmp_path: Path) -> None:
    """Requests that are not the input's answered ones (other arguments) are the reply's own."""
    again = [("", "get_weather", {"city": "Rome"})]
    imported = import_one(tmp_path, _gemini_spans(again))
    last = imported.trace.messages[-1]
    assert (last.role, last.content) == ("assistant", "Sunny; rain.")
    assert [(r.name, r.arguments) for r in last.tool_calls] == [("get_weather", {"city": "Rome"})]


def test_a_model_span_repeating_answered_requests_without_ids_is_not_changed() -> None:
    """The id-less rule is the agent's run span's (a stale key there); a model call's own span
    that asks again for what its input answered keeps its requests."""
    asked = ToolRequest(name="get_weather", arguments={"city": "Paris"})
    inputs = [Msg("assistant", tool_calls=[asked]), Msg("tool", "sunny")]
    outputs = [Msg("assistant", "Again.", tool_calls=[asked])]
    chat = Span("t", "s", None, "generate_content gemini-2.5-flash", None, None, "unset", None, {})
    call = ModelCall(chat, inputs, outputs)
    assert agent_span_call(call).outputs == outputs

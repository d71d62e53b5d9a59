"""The span shapes of the generated framework exports (tests/data/traces/{langgraph,smolagents,
strands,semantic-kernel,autogen}), each on small spans written the way the framework writes
them, so each rule is checked apart from the one export that showed it broken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import import_traces

TRACE = "cd" * 16


def _span(
    n: int,
    name: str,
    attrs: dict[str, Any],
    *,
    parent: int | None = None,
    start: float = 1.0,
    events: list[tuple[str, dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    return {
        "name": name,
        "context": {"trace_id": TRACE, "span_id": f"{n:016x}"},
        "parent_id": f"{parent:016x}" if parent is not None else None,
        "start_time": int(1.7e18 + start * 1e9),
        "end_time": int(1.7e18 + (start + 0.5) * 1e9),
        "attributes": attrs,
        "events": [{"name": e, "attributes": a} for e, a in events or []],
    }


def _import(tmp_path: Path, spans: list[dict[str, Any]]) -> Any:
    path = tmp_path / "spans.json"
    path.write_text(json.dumps(spans), encoding="utf-8")
    [imported] = import_traces(path)
    return imported


def _roles(imported: Any) -> list[tuple[str, str | None, str | None]]:
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


_USE = [{"toolUse": {"toolUseId": "c1", "name": "lookup", "input": {"q": "x"}}}]
_RESULT = [{"toolResult": {"toolUseId": "c1", "status": "success", "content": [{"text": "42"}]}}]


def test_converse_content_blocks_in_message_events_are_turns_and_tool_messages(
    tmp_path: Path,
) -> None:
    # Strands, default conventions: per-message events whose content is Converse blocks
    agent = _span(
        1,
        "invoke_agent a",
        {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a"},
        events=[("gen_ai.choice", {"message": "The answer is 42.\n"})],
    )
    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    first = _span(
        2,
        "chat",
        {**chat, "gen_ai.usage.input_tokens": 3},
        parent=1,
        events=[
            ("gen_ai.user.message", {"content": json.dumps([{"text": "Ask"}])}),
            ("gen_ai.choice", {"message": json.dumps(_USE), "finish_reason": "tool_use"}),
        ],
    )
    tool = _span(
        3,
        "execute_tool lookup",
        {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup"},
        parent=1,
        start=2.0,
        events=[
            ("gen_ai.tool.message", {"role": "tool", "content": '{"q": "x"}', "id": "c1"}),
            ("gen_ai.choice", {"message": json.dumps([{"text": "42"}]), "id": "c1"}),
        ],
    )
    second = _span(
        4,
        "chat",
        chat,
        parent=1,
        start=3.0,
        events=[
            ("gen_ai.user.message", {"content": json.dumps([{"text": "Ask"}])}),
            ("gen_ai.assistant.message", {"content": json.dumps(_USE)}),
            ("gen_ai.tool.message", {"content": json.dumps(_RESULT)}),
            ("gen_ai.choice", {"message": json.dumps([{"text": "The answer is 42."}])}),
        ],
    )
    imported = _import(tmp_path, [agent, first, tool, second])
    assert _roles(imported) == [
        ("user", "Ask", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "The answer is 42.", None),
    ]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == ("lookup", {"q": "x"}, "42", "c1")
    assert imported.trace.output == "The answer is 42.\n"  # the agent span's reply, as written


def test_details_events_one_attribute_each_are_read_together(tmp_path: Path) -> None:
    # Strands, gen_ai_latest_experimental: system, input and output as three details events
    details = "gen_ai.client.inference.operation.details"
    system = json.dumps([{"type": "text", "content": "Be brief."}])
    user = json.dumps([{"role": "user", "parts": [{"type": "text", "content": "Hi"}]}])
    reply = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": "Hello"}]}])
    chat = _span(
        1,
        "chat",
        {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"},
        events=[
            (details, {"gen_ai.system_instructions": system}),
            (details, {"gen_ai.input.messages": user}),
            (details, {"gen_ai.output.messages": reply}),
        ],
    )
    imported = _import(tmp_path, [chat])
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Hi", None),
        ("assistant", "Hello", None),
    ]


def test_a_result_of_text_blocks_is_its_text(tmp_path: Path) -> None:
    tool = _span(
        1,
        "execute_tool lookup",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "lookup",
            "gen_ai.tool.call.result": json.dumps([{"text": "sunny"}]),
        },
    )
    [call] = _import(tmp_path, [tool]).trace.tool_calls
    assert call.result == "sunny"


def test_python_call_arguments_are_the_keywords(tmp_path: Path) -> None:
    # smolagents' TOOL spans: input.value is the bound call
    bound = {"args": [], "sanitize_inputs_outputs": True, "kwargs": {"city": "Oslo"}}
    tool = _span(
        1,
        "SimpleTool",
        {
            "openinference.span.kind": "TOOL",
            "tool.name": "get_weather",
            "input.value": json.dumps(bound),
            "output.value": "cold",
        },
    )
    [call] = _import(tmp_path, [tool]).trace.tool_calls
    assert call.arguments == {"city": "Oslo"}


def test_smolagents_run_span_gives_the_agent_name_and_the_task(tmp_path: Path) -> None:
    def run(name: str) -> Any:
        root = _span(
            1,
            name,
            {
                "openinference.span.kind": "AGENT",
                "input.value": json.dumps({"task": "Weather?", "stream": False}),
                "output.value": "Cold.",
            },
        )
        return _import(tmp_path, [root])

    named = run("weather_agent.run")
    assert named.metadata.get("agent_name") == "weather_agent"
    assert named.input == "Weather?"
    assert run("ToolCallingAgent.run").metadata.get("agent_name") is None  # a class name


def _lc(kind: str, **data: Any) -> dict[str, Any]:
    return {"type": kind, "data": data}


def test_langgraph_state_and_tool_message(tmp_path: Path) -> None:
    state = {
        "messages": [
            _lc("human", content="Weather?"),
            _lc("ai", content="", name="bot", tool_calls=[{"name": "w", "args": {}, "id": "c1"}]),
            _lc("tool", content="cold", tool_call_id="c1", name="w"),
            _lc("ai", content="It is cold.", name="bot"),
        ]
    }
    root = _span(
        1,
        "LangGraph",
        {"openinference.span.kind": "AGENT", "output.value": json.dumps(state)},
    )
    tool = _span(
        2,
        "w",
        {
            "openinference.span.kind": "TOOL",
            "tool.name": "w",
            "input.value": "{}",
            "output.value": json.dumps(_lc("tool", content="cold", tool_call_id="c1")),
        },
        parent=1,
    )
    imported = _import(tmp_path, [root, tool])
    assert imported.trace.output == "It is cold."  # not the state's JSON
    assert imported.metadata.get("agent_name") == "bot"
    [call] = imported.trace.tool_calls
    assert (call.result, call.id) == ("cold", "c1")  # not the serialised ToolMessage


def test_openinference_request_model_from_invocation_parameters(tmp_path: Path) -> None:
    llm = _span(
        1,
        "ChatOpenAI",
        {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini-2024-07-18",
            "llm.invocation_parameters": json.dumps({"model": "gpt-4o-mini"}),
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": "Hi",
        },
    )
    imported = _import(tmp_path, [llm])
    assert imported.metadata.get("model") == "gpt-4o-mini"
    assert imported.metadata.get("response_model") == "gpt-4o-mini-2024-07-18"

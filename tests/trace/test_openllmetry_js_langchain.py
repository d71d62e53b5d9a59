"""OpenLLMetry for JS over a LangChain.js agent (@traceloop/instrumentation-langchain 0.27.0).

Each span of the run is a trace of its own (the real export: tests/data/traces/openllmetry/
openllmetry-js-langchain-2026-12-07e.json). The graph's runnables are ``workflow`` spans whose
entity input and output are LangGraph states (`integrations/otel/_entity_states.py`,
`integrations/_entity_workflows.py`); the calls a state answers are calls of a trace with no
model call (`integrations/_state_calls.py`); the agent is the name on its replies
(`integrations/_replay_agents.py`); a tool span names its class, its ``ToolMessage`` the tool
(`otel/_js_tool_runs.py`); a chat span writes a turn of calls as one empty text part
(`integrations/_unwritten_requests.py`, `_silent_replies.without_unwritten_replays`) and a
content-block system prompt as their JSON (`integrations/_text_block.written_blocks`). Each
test also checks the look-alikes the rule must leave alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "3c" * 16
ASK = "What is the weather in Paris and in Tokyo?"
SYSTEM = "You are a weather assistant."
ANSWER = "Paris is sunny; Tokyo has rain."
WORKFLOW = {"gen_ai.operation.name": "workflow", "traceloop.span.kind": "workflow"}


def _lc(kind: str, **kwargs: Any) -> dict[str, Any]:
    return {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain_core", "messages", kind],
        "kwargs": kwargs,
    }


HUMAN = _lc("HumanMessage", content=ASK)
TURN = _lc(
    "AIMessage",
    content="",
    name="weather_agent",
    tool_calls=[
        {"name": "get_weather", "args": {"city": "Paris"}, "id": "call_w1"},
        {"name": "get_weather", "args": {"city": "Tokyo"}, "id": "call_w2"},
    ],
)
SUNNY = _lc("ToolMessage", content="sunny", tool_call_id="call_w1", name="get_weather")
RAIN = _lc("ToolMessage", content="rain", tool_call_id="call_w2", name="get_weather")
REPLY = _lc("AIMessage", content=ANSWER, name="weather_agent", tool_calls=[])


def _runnable(given: Any, returned: Any, **attrs: Any) -> Any:
    values = {
        **WORKFLOW,
        "traceloop.entity.input": json.dumps(given),
        "traceloop.entity.output": json.dumps(returned),
        **attrs,
    }
    return span(1, "workflow RunnableSequence", values, trace=TRACE)


def _cells(imported: Any) -> tuple[Any, ...]:
    trace = imported.trace
    calls = [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls]
    return (
        imported.input,
        trace.output,
        calls,
        len(trace.messages),
        imported.metadata.get("agent_name"),
    )


def test_a_node_returning_its_answer_is_a_run_with_its_state_calls(tmp_path: Path) -> None:
    command = {"lg_name": "Command", "update": {"messages": [REPLY]}, "goto": []}
    given = {"messages": [HUMAN, TURN, SUNNY, RAIN]}
    imported = import_one(tmp_path, [_runnable(given, {"output": [command]})])
    assert _cells(imported) == (
        ASK,
        ANSWER,
        [
            ("get_weather", {"city": "Paris"}, "sunny", "call_w1"),
            ("get_weather", {"city": "Tokyo"}, "rain", "call_w2"),
        ],
        0,  # no model call: no messages
        "weather_agent",
    )
    assert imported.trace.usage.known is False and imported.metadata.get("model") is None


def test_a_route_and_a_tools_node_answer_nothing_and_run_only_answered_calls(
    tmp_path: Path,
) -> None:
    route = import_one(
        tmp_path,
        [_runnable({"messages": [HUMAN, TURN, SUNNY, RAIN, REPLY]}, {"output": "__end__"})],
    )
    assert route.trace.output is None and len(route.trace.tool_calls) == 2
    tools = import_one(
        tmp_path,
        [_runnable({"messages": [HUMAN, TURN], "lg_tool_call": {}}, {"messages": [SUNNY]})],
    )
    assert [c.id for c in tools.trace.tool_calls] == ["call_w1"]  # call_w2 has no result here
    assert tools.trace.output is None


def test_the_graph_invoked_with_plain_messages_asks_the_user_text(tmp_path: Path) -> None:
    start = {"messages": [{"role": "user", "content": ASK}]}
    imported = import_one(tmp_path, [_runnable(start, start)])
    assert _cells(imported) == (ASK, None, [], 0, None)  # no reply: no answer, no agent


def test_pythons_chain_span_is_not_read_as_a_js_runnable(tmp_path: Path) -> None:
    """OpenLLMetry's Python LangChain: ``invoke_agent``, its callback record as entity input."""
    record = {"inputs": {"messages": [HUMAN, TURN, SUNNY, RAIN, REPLY]}, "tags": []}
    values = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "RunnableSequence",
        "traceloop.span.kind": "workflow",
        "traceloop.entity.input": json.dumps(record),
        "traceloop.entity.output": json.dumps({"outputs": {}}),
    }
    imported = import_one(tmp_path, [span(1, "RunnableSequence.workflow", values, trace=TRACE)])
    assert imported.trace.tool_calls == []  # no state read: no calls
    assert imported.metadata.get("agent_name") is None  # nor the replies' name


def test_state_calls_are_not_added_beside_a_model_call(tmp_path: Path) -> None:
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": ASK}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": ANSWER}]),
    }
    spans = [
        _runnable({"messages": [HUMAN, TURN, SUNNY, RAIN]}, {"output": []}),
        span(2, "chat gpt-4o-mini", chat, trace=TRACE, parent=1),
    ]
    imported = import_one(tmp_path, spans)
    assert imported.trace.tool_calls == []  # the model call's conversation holds no request


def _tool(**attrs: Any) -> Any:
    values = {
        "gen_ai.operation.name": "execute_tool",
        "traceloop.span.kind": "task",
        "traceloop.entity.name": "DynamicStructuredTool",
        "traceloop.entity.input": json.dumps({"args": [json.dumps({"city": "Paris"})]}),
        "traceloop.entity.output": json.dumps(SUNNY),
        **attrs,
    }
    return span(1, "execute_tool DynamicStructuredTool", values, trace=TRACE)


def test_a_tool_span_alone_is_the_call_its_tool_message_names(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_tool()])
    assert _cells(imported) == (
        None,
        None,
        [("get_weather", {"city": "Paris"}, "sunny", "call_w1")],
        0,  # a tool's execution alone: its result is no message
        None,
    )


def test_a_tool_name_attribute_stands_and_a_bare_argument_stays(tmp_path: Path) -> None:
    named = import_one(tmp_path, [_tool(**{"gen_ai.tool.name": "weather_lookup"})])
    assert named.trace.tool_calls[0].name == "weather_lookup"
    bare = import_one(tmp_path, [_tool(**{"traceloop.entity.input": '{"args": ["Paris"]}'})])
    assert bare.trace.tool_calls[0].arguments == {"args": ["Paris"]}


def _chat(n: int, given: list[Any], said: list[Any], **attrs: Any) -> Any:
    values = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(given),
        "gen_ai.output.messages": json.dumps(said),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 2,
        **attrs,
    }
    return span(n, "chat gpt-4o-mini", values, trace=TRACE, start=n, end=n + 0.5)


def _text(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}]}


BLOCKS = json.dumps([{"type": "text", "text": SYSTEM}])
EMPTY = _text("assistant", "")


def test_a_chat_span_alone_keeps_its_empty_turns_and_block_system(tmp_path: Path) -> None:
    given = [_text("system", BLOCKS), _text("user", ASK)]
    first = import_one(tmp_path, [_chat(1, given, [{**EMPTY, "finish_reason": "tool_call"}])])
    assert [(m.role, m.content) for m in first.trace.messages] == [
        ("system", SYSTEM),
        ("user", ASK),
        ("assistant", None),
    ]
    replay = [*given, EMPTY, _text("tool", "sunny"), _text("tool", "rain")]
    second = import_one(tmp_path, [_chat(1, replay, [_text("assistant", ANSWER)])])
    assert [(m.role, m.content) for m in second.trace.messages] == [
        ("system", SYSTEM),
        ("user", ASK),
        ("assistant", None),
        ("tool", "sunny"),
        ("tool", "rain"),
        ("assistant", ANSWER),
    ]


def test_an_empty_reply_with_no_reason_and_nothing_after_says_nothing(tmp_path: Path) -> None:
    """Mastra 1.x's reply of a tool-call turn: no finish reason, nothing after it."""
    imported = import_one(tmp_path, [_chat(1, [_text("user", ASK)], [EMPTY])])
    assert [m.role for m in imported.trace.messages] == ["user"]


def test_an_empty_replay_of_a_turn_a_reply_records_whole_is_that_turn(tmp_path: Path) -> None:
    """openlit's Cohere: the reply holds the calls, the next input replays it empty."""
    asked = [_text("user", ASK)]
    calls = {
        "role": "assistant",
        "parts": [
            {"type": "tool_call", "id": "c1", "name": "get_weather", "arguments": "{}"},
        ],
        "finish_reason": "tool_calls",
    }
    spans = [
        _chat(1, asked, [calls]),
        _chat(2, [*asked, EMPTY, _text("tool", "sunny")], [_text("assistant", ANSWER)]),
    ]
    imported = import_one(tmp_path, spans)
    turns = [(m.role, [r.id for r in m.tool_calls]) for m in imported.trace.messages]
    assert turns == [("user", []), ("assistant", ["c1"]), ("tool", []), ("assistant", [])]


def test_json_blocks_in_a_tool_message_or_untyped_stay_as_written(tmp_path: Path) -> None:
    untyped = json.dumps([{"text": SYSTEM}])
    given = [_text("system", untyped), _text("user", ASK)]
    imported = import_one(tmp_path, [_chat(1, given, [_text("assistant", ANSWER)])])
    assert imported.trace.messages[0].content == untyped
    replay = [_text("user", ASK), EMPTY, _text("tool", BLOCKS)]
    tool = import_one(tmp_path, [_chat(1, replay, [_text("assistant", ANSWER)])])
    assert [m.content for m in tool.trace.messages if m.role == "tool"] == [BLOCKS]


def test_a_model_step_returning_its_message_alone_answers_with_its_text(
    tmp_path: Path,
) -> None:
    """A node's ``prompt | model`` step: its output the model's ``AIMessage``, written alone."""
    alone = _lc("AIMessage", content=ANSWER, tool_calls=[])  # LangGraph signs it later
    imported = import_one(tmp_path, [_runnable({"messages": [HUMAN, TURN, SUNNY, RAIN]}, alone)])
    assert _cells(imported) == (
        ASK,
        ANSWER,
        [
            ("get_weather", {"city": "Paris"}, "sunny", "call_w1"),
            ("get_weather", {"city": "Tokyo"}, "rain", "call_w2"),
        ],
        0,
        "weather_agent",  # the name on the turn its input holds
    )
    calls = _lc("AIMessage", content="", tool_calls=TURN["kwargs"]["tool_calls"])
    turn = import_one(tmp_path, [_runnable({"messages": [HUMAN]}, calls)])
    assert _cells(turn) == (ASK, None, [], 0, None)  # requests, no answer, no result here


def test_a_lone_message_of_no_answer_or_of_another_tracer_is_not_the_answer(
    tmp_path: Path,
) -> None:
    """A tool's ``ToolMessage``, a ``Document``; the same value on another tracer's chain spans."""
    given = {"messages": [HUMAN]}
    document = {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain_core", "documents", "Document"],
        "kwargs": {"page_content": ANSWER, "metadata": {}},
    }
    for returned in (SUNNY, document):
        assert import_one(tmp_path, [_runnable(given, returned)]).trace.output is None
    alone = _lc("AIMessage", content=ANSWER, tool_calls=[])
    python = {
        "gen_ai.operation.name": "invoke_agent",  # OpenLLMetry's Python chain
        "traceloop.span.kind": "workflow",
        "traceloop.entity.input": json.dumps({"inputs": given, "tags": []}),
        "traceloop.entity.output": json.dumps(alone),
    }
    decorated = {"traceloop.span.kind": "workflow", **{k: python[k] for k in list(python)[2:]}}
    for values in (python, decorated):
        imported = import_one(tmp_path, [span(1, "RunnableSequence.workflow", values, trace=TRACE)])
        assert imported.trace.output != ANSWER  # not read as a JS runnable's model step

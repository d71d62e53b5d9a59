"""VoltAgent's own tracer (voltagent-2026-12-07d, voltagent-streamed-2026-12-07d): its agent,
``llm`` and ``tool`` spans (`fourfold.integrations.otel._voltagent`), and the turns of a tool
loop whose model-call span records no reply, given back from its tool calls
(`fourfold.integrations._replies_in_runs`).

VoltAgent writes no ``gen_ai.*`` attribute: every span of an agent's operation carries
``entity.type`` and ``operation.id``, its child spans ``span.type``. Its ``llm:generateText``
span is the whole AI SDK call (every step of the tool loop), records the request only, and
its ``llm.usage.*`` is the last step's; the agent's span holds the answer and the run's usage.
Spans that only look alike (a GenAI model call that recorded no reply, its tool run during
it) are read as before: no turn is made up for them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5a" * 16
SYSTEM = "You are a weather assistant."
QUESTION = "What is the weather in Paris?"
ANSWER = "Paris is sunny at 22 C."
PROMPT = json.dumps(
    [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": [{"type": "text", "text": QUESTION}]},
    ]
)


def _volt(n: int, name: str, parent: int | None, start: float, end: float, **attrs: Any) -> Any:
    """A VoltAgent span of the weather agent's operation."""
    found = {"operation.id": "op-1", "entity.id": "weather", "entity.type": "agent"}
    found["entity.name"] = "weather"
    return span(n, name, {**found, **attrs}, trace=TRACE, parent=parent, start=start, end=end)


def _agent(n: int = 1, parent: int | None = None, **attrs: Any) -> Any:
    return _volt(
        n,
        "weather",
        parent,
        1.0,
        9.0,
        input=QUESTION,
        output=ANSWER,
        **{"ai.model.name": "gpt-4o-mini", "usage.prompt_tokens": 179},
        **{"usage.completion_tokens": 55},
        **attrs,
    )


def _llm(n: int = 2, parent: int = 1, start: float = 1.1, end: float = 8.9) -> Any:
    return _volt(
        n,
        "llm:generateText",
        parent,
        start,
        end,
        **{"span.type": "llm", "llm.model": "gpt-4o-mini", "llm.messages": PROMPT},
        **{"llm.usage.prompt_tokens": 118, "llm.usage.completion_tokens": 21},
    )


def _tool(n: int, call_id: str, city: str, start: float, end: float, parent: int = 1) -> Any:
    return _volt(
        n,
        "tool.execution:get_weather",
        parent,
        start,
        end,
        input=json.dumps({"city": city}),
        output=f"weather in {city}",
        **{"span.type": "tool", "tool.name": "get_weather", "tool.call.id": call_id},
    )


def _said(trace: Any) -> list[tuple[str, str | None, list[str], str | None]]:
    return [
        (m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id) for m in trace.messages
    ]


def test_a_loop_of_two_steps_is_two_turns_each_answered_then_the_answer(tmp_path: Path) -> None:
    """A call run after every earlier one ended was asked for by the next step."""
    spans = [
        _agent(),
        _llm(),
        _tool(3, "call_a", "Paris", 2.0, 2.5),
        _tool(4, "call_b", "Oslo", 5.0, 5.5),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace

    assert _said(trace) == [
        ("system", SYSTEM, [], None),
        ("user", QUESTION, [], None),
        ("assistant", None, ["call_a"], None),
        ("tool", "weather in Paris", [], "call_a"),
        ("assistant", None, ["call_b"], None),
        ("tool", "weather in Oslo", [], "call_b"),
        ("assistant", ANSWER, [], None),
    ]
    assert [(c.name, c.arguments, c.id) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "call_a"),
        ("get_weather", {"city": "Oslo"}, "call_b"),
    ]
    assert (trace.output, imported.input, trace.metadata["agent_name"]) == (
        ANSWER,
        QUESTION,
        "weather",
    )
    # the run's totalUsage, not the last step's 118/21, nor both
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (179, 55)


def test_calls_that_ran_together_are_one_turn_in_start_order(tmp_path: Path) -> None:
    spans = [
        _agent(),
        _llm(),
        _tool(3, "call_b", "Tokyo", 2.0, 2.4),
        _tool(4, "call_a", "Paris", 2.0, 2.2),
    ]
    trace = import_one(tmp_path, spans).trace

    assert [m.role for m in trace.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]
    assert [r.id for r in trace.messages[2].tool_calls] == ["call_a", "call_b"]


def test_a_sub_agents_tools_are_not_its_callers_turn(tmp_path: Path) -> None:
    """A sub-agent's span names its parent in ``entity.name``, itself in ``subagent.name``;
    the tools run in its own loop are not the caller's call's requests."""
    sub = _volt(
        5,
        "subagent:forecaster",
        3,
        2.1,
        2.9,
        input="Paris",
        output="sunny",
        **{"voltagent.is_subagent": True, "subagent.name": "forecaster"},
    )
    spans = [
        _agent(),
        _llm(),
        _tool(3, "call_a", "Paris", 2.0, 3.0),
        sub,
        _llm(6, 5, 2.2, 2.8),
        _tool(7, "call_x", "Paris", 2.3, 2.4, parent=5),
    ]
    trace = import_one(tmp_path, spans).trace

    turns = [[r.id for r in m.tool_calls] for m in trace.messages if m.tool_calls]
    assert ["call_a"] in turns
    assert ["call_a", "call_x"] not in turns
    assert trace.metadata["agents"] == ["weather", "forecaster"]


def test_a_failed_tool_is_a_call_with_its_error(tmp_path: Path) -> None:
    failed = _tool(3, "call_a", "Atlantis", 2.0, 2.5)
    del failed["attributes"]["output"]
    failed["status"] = {"status_code": "ERROR", "description": "no such city"}
    [call] = import_one(tmp_path, [_agent(), _llm(), failed]).trace.tool_calls

    assert (call.id, call.result, call.error) == ("call_a", None, "no such city")


def test_a_genai_call_that_recorded_no_reply_gets_no_turn_made_up(tmp_path: Path) -> None:
    """The rule is the marked call's only: a GenAI model call that recorded no reply, a tool
    run during it with an id, keep the conversation the spans record."""
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": QUESTION}]),
    }
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": "call_a",
        "gen_ai.tool.call.arguments": '{"city": "Paris"}',
        "gen_ai.tool.call.result": "sunny",
    }
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather"}
    spans = [
        span(1, "invoke_agent weather", agent, trace=TRACE, start=1.0, end=9.0),
        span(2, "chat gpt-4o-mini", chat, trace=TRACE, parent=1, start=1.1, end=8.9),
        span(3, "execute_tool get_weather", tool, trace=TRACE, parent=1, start=2.0, end=2.5),
    ]
    trace = import_one(tmp_path, spans).trace

    assert not any(m.tool_calls for m in trace.messages)


def _failed(n: int, call_id: str, city: str, start: float, end: float) -> Any:
    """A tool span whose tool threw, as VoltAgent writes it: no output, the error's type and
    message, an ERROR status and an exception event."""
    failed = _tool(n, call_id, city, start, end)
    del failed["attributes"]["output"]
    message = f"unknown city: {city}"
    failed["attributes"] |= {"error.type": "VoltAgentError", "error.message": message}
    failed["status"] = {"status_code": "ERROR", "description": message}
    failed["events"] = [
        {
            "name": "exception",
            "timestamp": failed["end_time"],
            "attributes": {"exception.type": "VoltAgentError", "exception.message": message},
        }
    ]
    return failed


def test_a_failed_tool_the_model_went_on_after_is_answered_with_the_errors_message(
    tmp_path: Path,
) -> None:
    """The AI SDK hands the model a thrown tool error's message alone; the call keeps its
    type. In the first turn (a later turn follows) or in the last (the answer follows)."""
    spans = [
        _agent(),
        _llm(),
        _tool(3, "call_a", "Paris", 2.0, 2.2),
        _failed(4, "call_b", "Tokio", 2.0, 2.4),
        _failed(5, "call_c", "Tokyo", 5.0, 5.5),
    ]
    trace = import_one(tmp_path, spans).trace

    assert _said(trace) == [
        ("system", SYSTEM, [], None),
        ("user", QUESTION, [], None),
        ("assistant", None, ["call_a", "call_b"], None),
        ("tool", "weather in Paris", [], "call_a"),
        ("tool", "unknown city: Tokio", [], "call_b"),
        ("assistant", None, ["call_c"], None),
        ("tool", "unknown city: Tokyo", [], "call_c"),
        ("assistant", ANSWER, [], None),
    ]
    assert [(c.id, c.result, c.error) for c in trace.tool_calls][1:] == [
        ("call_b", None, "VoltAgentError: unknown city: Tokio"),
        ("call_c", None, "VoltAgentError: unknown city: Tokyo"),
    ]


def test_a_failed_tool_the_run_ended_on_is_not_answered(tmp_path: Path) -> None:
    """A run that failed with its last call (no answer recorded): the model was told nothing."""
    agent = _agent()
    del agent["attributes"]["output"]
    agent["status"] = {"status_code": "ERROR", "description": "unknown city: Tokio"}
    trace = import_one(tmp_path, [agent, _llm(), _failed(3, "call_b", "Tokio", 2.0, 2.4)]).trace

    assert [m.role for m in trace.messages] == ["system", "user", "assistant"]
    assert trace.tool_calls[0].error == "VoltAgentError: unknown city: Tokio"


def test_a_genai_tool_that_threw_keeps_its_typed_error_as_its_message(tmp_path: Path) -> None:
    """`error.message` beside the exception is VoltAgent's record of what the AI SDK gives the
    model: a GenAI tool span with the same keys keeps the error as read."""
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": QUESTION}]),
        "gen_ai.output.messages": json.dumps(
            [
                {
                    "role": "assistant",
                    "parts": [
                        {
                            "type": "tool_call",
                            "id": "call_b",
                            "name": "get_weather",
                            "arguments": {"city": "Tokio"},
                        }
                    ],
                }
            ]
        ),
    }
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": "call_b",
        "gen_ai.tool.call.arguments": '{"city": "Tokio"}',
        "error.type": "ValueError",
        "error.message": "unknown city: Tokio",
    }
    later = {
        **chat,
        "gen_ai.output.messages": json.dumps(
            [{"role": "assistant", "parts": [{"type": "text", "content": ANSWER}]}]
        ),
    }
    exception = {"exception.type": "ValueError", "exception.message": "unknown city: Tokio"}
    spans = [
        span(2, "chat gpt-4o-mini", chat, trace=TRACE, start=1.1, end=1.9),
        span(
            3,
            "execute_tool get_weather",
            tool,
            trace=TRACE,
            start=2.0,
            end=2.5,
            events=[
                {"name": "exception", "timestamp": int(1.7e18 + 2.5e9), "attributes": exception}
            ],
        ),
        span(4, "chat gpt-4o-mini", later, trace=TRACE, start=3.0, end=3.9),
    ]
    trace = import_one(tmp_path, spans).trace

    [answer] = [m for m in trace.messages if m.role == "tool"]
    assert answer.content == "ValueError: unknown city: Tokio"


def _supervisor_and_sub_agent() -> list[Any]:
    """A supervisor whose one call delegates to a sub-agent (VoltAgent's ``delegate_task``),
    each agent span with its own loop's usage."""
    sub_prompt = json.dumps(
        [{"role": "system", "content": "Forecast."}, {"role": "user", "content": "Paris?"}]
    )
    delegate = _volt(
        3,
        "tool.execution:delegate_task",
        1,
        2.0,
        4.0,
        input=json.dumps({"task": "Paris?", "targetAgents": ["forecaster"]}),
        output="sunny",
        **{"span.type": "tool", "tool.name": "delegate_task", "tool.call.id": "call_d"},
    )
    sub = _volt(
        4,
        "subagent:forecaster",
        3,
        2.1,
        3.9,
        input=json.dumps([{"role": "user", "content": "Paris?"}]),
        output="sunny",
        **{"voltagent.is_subagent": True, "subagent.name": "forecaster"},
        **{"usage.prompt_tokens": 100, "usage.completion_tokens": 10},
    )
    sub_llm = _volt(
        5,
        "llm:streamText",
        4,
        2.2,
        3.8,
        **{"span.type": "llm", "llm.model": "gpt-4o-mini", "llm.messages": sub_prompt},
    )
    return [_agent(), _llm(), delegate, sub, sub_llm, _tool(6, "call_x", "Paris", 2.5, 2.6, 4)]


def test_a_supervisors_answer_ends_its_conversation_before_its_sub_agents(
    tmp_path: Path,
) -> None:
    trace = import_one(tmp_path, _supervisor_and_sub_agent()).trace

    assert _said(trace) == [
        ("system", SYSTEM, [], None),
        ("user", QUESTION, [], None),
        ("assistant", None, ["call_d"], None),
        ("tool", "sunny", [], "call_d"),
        ("assistant", ANSWER, [], None),
        ("system", "Forecast.", [], None),
        ("user", "Paris?", [], None),
        ("assistant", None, ["call_x"], None),
        ("tool", "weather in Paris", [], "call_x"),
        ("assistant", "sunny", [], None),
    ]
    assert trace.output == ANSWER
    # each agent span counts its own loop's steps: the supervisor's 179/55, the sub-agent's
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (279, 65)


def test_genai_agent_runs_that_each_report_usage_are_not_added(tmp_path: Path) -> None:
    """Nested agent spans of another tracer may repeat each other's usage: still unknown."""

    def agent(n: int, parent: int | None, tokens: int) -> Any:
        attrs = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": f"a{n}"}
        attrs |= {"gen_ai.usage.input_tokens": tokens, "gen_ai.usage.output_tokens": 1}
        return span(n, f"invoke_agent a{n}", attrs, trace=TRACE, parent=parent, start=n, end=9)

    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o-mini"}
    chat["gen_ai.input.messages"] = json.dumps([{"role": "user", "content": QUESTION}])
    spans = [agent(1, None, 300), agent(2, 1, 100), span(3, "chat", chat, trace=TRACE, parent=2)]
    trace = import_one(tmp_path, spans).trace

    assert not trace.usage.known

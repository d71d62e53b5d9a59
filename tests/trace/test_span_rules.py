"""The importer's rules (D0–D12 of docs/importers.md) on small spans written from the conventions.

Each test builds the spans one convention or framework writes (OpenTelemetry GenAI semantic
conventions, OpenInference, or a framework's documented keys) and checks the one rule the
real corpus showed broken (tests/trace/test_import_truth.py checks the real traces).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.checks import create_check
from fourfold.integrations._messages import call_id
from fourfold.integrations._spans import Span
from fourfold.integrations._steps import AgentRun
from fourfold.integrations.otel._auto import interpret_span
from fourfold.trace import Trace, Usage
from tests.helpers import run_check
from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16


def _span(n: int, name: str, attrs: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, **fields)


_import = import_one


def _msg(role: str, content: str | None) -> dict[str, Any]:
    return {"role": role, "content": content}


def _chat(
    n: int, start: float, inputs: list[Any], output: Any, *, took: float = 1, **at: Any
) -> dict[str, Any]:
    """A model-call span holding `inputs` and its one `output`, in the convention's keys."""
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps([output]),
    }
    return _span(n, "chat m", attrs, start=start, end=start + took, **at)


def test_d0_llm_keys_beside_gen_ai_keys_are_read_as_gen_ai(tmp_path: Path) -> None:
    # OpenLLMetry: llm.request.type and llm.usage.total_tokens next to gen_ai.*
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "openai.chat",
                {
                    "llm.request.type": "chat",
                    "llm.usage.total_tokens": 12,
                    "gen_ai.system": "openai",
                    "gen_ai.request.model": "gpt-3.5-turbo",
                    "gen_ai.usage.prompt_tokens": 5,
                    "gen_ai.usage.completion_tokens": 7,
                    "gen_ai.prompt.0.role": "user",
                    "gen_ai.prompt.0.content": "Hi",
                    "gen_ai.completion.0.role": "assistant",
                    "gen_ai.completion.0.content": "Hello",
                },
            )
        ],
    )
    assert imported.trace.output == "Hello"
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (5, 7)
    assert imported.metadata["model"] == "gpt-3.5-turbo"


def test_d1_a_span_with_a_tool_name_and_no_operation_is_a_tool_call(tmp_path: Path) -> None:
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "tool.HelloTool",
                {
                    "gen_ai.tool.name": "HelloTool",
                    "gen_ai.tool.call.id": "call_1",
                    "input.value": '{"name": "Bob"}',
                    "output.value": "Hello Bob",
                },
            ),
            _span(
                2,
                "running tool: bye",
                {
                    "gen_ai.tool.name": "bye",
                    "gen_ai.tool.call.id": "c2",
                    "tool_arguments": "{}",
                    "tool_response": "Bye",
                },
                start=3,
                end=4,
            ),
        ],
    )
    assert [(c.name, c.id, c.arguments, c.result) for c in imported.trace.tool_calls] == [
        ("HelloTool", "call_1", {"name": "Bob"}, "Hello Bob"),
        ("bye", "c2", {}, "Bye"),
    ]


def test_d3_messages_in_span_events_of_each_semconv_generation(tmp_path: Path) -> None:
    old = _import(
        tmp_path,
        [
            _span(
                1,
                "openai.chat",
                {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"},
                events=[
                    {"name": "gen_ai.content.prompt", "attributes": {"gen_ai.prompt": "user: Hi"}},
                    {
                        "name": "gen_ai.content.completion",
                        "attributes": {"gen_ai.completion": "Hello"},
                    },
                ],
            )
        ],
    )
    assert [(m.role, m.content) for m in old.trace.messages] == [
        ("user", "Hi"),
        ("assistant", "Hello"),
    ]
    per_message = _import(
        tmp_path,
        [
            _span(
                1,
                "chat m",
                {
                    "gen_ai.operation.name": "chat",
                    "events": json.dumps(
                        [
                            {"event.name": "gen_ai.system.message", "content": "Be brief"},
                            {"event.name": "gen_ai.user.message", "content": "Hi"},
                            {
                                "index": 0,
                                "finish_reason": "stop",
                                "message": {"role": "assistant", "content": ["Hel", "lo"]},
                            },
                        ]
                    ),
                },
            )
        ],
    )
    assert [(m.role, m.content) for m in per_message.trace.messages] == [
        ("system", "Be brief"),
        ("user", "Hi"),
        ("assistant", "Hello"),
    ]


def test_d3_vercel_prompt_messages_and_tool_calls(tmp_path: Path) -> None:
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "ai.generateText.doGenerate",
                {
                    "operation.name": "ai.generateText.doGenerate",
                    "ai.model.id": "gpt-5",
                    "ai.prompt.messages": json.dumps(
                        [{"role": "user", "content": [{"type": "text", "text": "Weather?"}]}]
                    ),
                    "ai.response.toolCalls": json.dumps(
                        [{"toolCallId": "call_7", "toolName": "weather", "input": '{"city": "SF"}'}]
                    ),
                    "ai.usage.inputTokens": 3,
                    "ai.usage.outputTokens": 4,
                },
            ),
            _span(
                2,
                "weather",
                {
                    "operation.name": "ai.toolCall",
                    "ai.toolCall.name": "weather",
                    "ai.toolCall.id": "call_7",
                    "ai.toolCall.args": '{"city": "SF"}',
                    "ai.toolCall.result": '{"temp": 20}',
                },
                start=3,
                end=4,
            ),
        ],
    )
    [call] = imported.trace.tool_calls
    assert (call.name, call.id, call.arguments, call.result) == (
        "weather",
        "call_7",
        {"city": "SF"},
        {"temp": 20},
    )
    assert [m.role for m in imported.trace.messages] == ["user", "assistant", "tool"]
    assert imported.trace.messages[2].tool_call_id == "call_7"
    assert imported.metadata["model"] == "gpt-5"


def test_d4_a_tool_result_in_the_next_input_and_on_the_tool_span_is_one_message(
    tmp_path: Path,
) -> None:
    first = [{"role": "user", "content": "Weather?"}]
    turn = {
        "role": "assistant",
        "tool_calls": [
            {"id": None, "type": "function", "function": {"name": "w", "arguments": "{}"}}
        ],
    }
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "chat m",
                {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.input.messages": json.dumps(first),
                    "gen_ai.output.messages": json.dumps([turn]),
                },
            ),
            _span(
                2,
                "execute_tool w",
                {
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": "w",
                    "gen_ai.tool.call.id": "adk-1",
                    "gen_ai.tool.call.result": json.dumps(
                        {"id": "adk-1", "name": "w", "response": {"t": 3}}
                    ),
                },
                start=3,
                end=4,
            ),
            _span(
                3,
                "chat m",
                {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.input.messages": json.dumps(
                        [*first, turn, {"role": "tool", "content": '{"t": 3}'}]
                    ),
                    "gen_ai.output.messages": json.dumps(
                        [{"role": "assistant", "content": "3 degrees"}]
                    ),
                },
                start=5,
                end=6,
            ),
        ],
    )
    roles = [(m.role, m.tool_call_id) for m in imported.trace.messages]
    assert roles == [("user", None), ("assistant", None), ("tool", "adk-1"), ("assistant", None)]
    [call] = imported.trace.tool_calls
    assert (call.id, call.result) == ("adk-1", {"t": 3})  # D7: ADK's wrapper unwrapped


def test_d4_the_calls_one_turn_requested_are_in_request_order_whatever_ran_first(
    tmp_path: Path,
) -> None:
    # One turn asks for c1 then c2; the framework runs them as parallel tasks and c2's
    # thread gets there first: its span starts and ends before c1's starts (LangGraph's
    # Send). The spans do not overlap, yet the calls ran together, in the order asked.
    def request(call: str, q: str) -> dict[str, Any]:
        arguments = json.dumps({"q": q})
        return {"id": call, "type": "function", "function": {"name": "f", "arguments": arguments}}

    def tool(n: int, call: str, q: str, result: str, start: float) -> dict[str, Any]:
        attrs = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "f",
            "gen_ai.tool.call.id": call,
            "gen_ai.tool.call.arguments": json.dumps({"q": q}),
            "gen_ai.tool.call.result": result,
        }
        return _span(n, "execute_tool f", attrs, start=start, end=start + 0.2)

    user = {"role": "user", "content": "a and b?"}
    asked = {"role": "assistant", "tool_calls": [request("c1", "a"), request("c2", "b")]}
    results = [
        {"role": "tool", "tool_call_id": "c1", "content": "A"},
        {"role": "tool", "tool_call_id": "c2", "content": "B"},
    ]
    later = {"role": "assistant", "tool_calls": [request("c3", "c")]}
    imported = _import(
        tmp_path,
        [
            _chat(1, 1, [user], asked),
            tool(2, "c2", "b", "B", 2.2),
            tool(3, "c1", "a", "A", 2.6),
            _chat(4, 3, [user, asked, *results], later),
            tool(5, "c3", "c", "C", 4.2),
        ],
    )
    assert [c.id for c in imported.trace.tool_calls] == ["c1", "c2", "c3"]


def test_d5_an_id_written_as_a_list_is_its_call_id() -> None:
    assert call_id(["run_9gu", "call_Sz1"]) == "call_Sz1"
    assert call_id('["run_1", "call_2"]') == "call_2"


def test_d6_a_streamed_reply_is_one_message(tmp_path: Path) -> None:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Hi",
    }
    for i, token in enumerate(["Hel", "lo", "!"]):
        attrs[f"llm.output_messages.{i}.message.role"] = "assistant"
        attrs[f"llm.output_messages.{i}.message.content"] = token
    imported = _import(tmp_path, [_span(1, "llm", attrs)])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Hi"),
        ("assistant", "Hello!"),
    ]


def test_d8_the_answer_is_the_run_result_not_a_repr_nor_the_whole_object(
    tmp_path: Path,
) -> None:
    llm = {
        "openinference.span.kind": "LLM",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "model text",
    }
    run = _span(
        1,
        "Agent.run",
        {
            "openinference.span.kind": "AGENT",
            "output.value": json.dumps({"content": "the answer", "model": "m"}),
        },
    )
    imported = _import(tmp_path, [run, _span(2, "llm", llm, parent=1)])
    assert imported.trace.output == "the answer"
    run["attributes"]["output.value"] = "{'content': 'a repr'}"
    assert _import(tmp_path, [run, _span(2, "llm", llm, parent=1)]).trace.output == "model text"


def test_d9_model_is_the_request_model_and_agent_never_a_span_name(tmp_path: Path) -> None:
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "invoke_agent a1",
                {"gen_ai.operation.name": "invoke_agent", "gen_ai.request.model": "unknown"},
                end=9,
            ),
            _span(
                2,
                "chat gpt-4o",
                {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.request.model": "gpt-4o",
                    "gen_ai.response.model": "gpt-4o-2024-08-06",
                },
                parent=1,
            ),
            _span(
                3,
                "agent_run [helper]",
                {"gen_ai.operation.name": "invoke_agent"},
                parent=1,
                start=3,
                end=4,
            ),
        ],
    )
    assert imported.metadata["model"] == "gpt-4o"
    assert imported.metadata["response_model"] == "gpt-4o-2024-08-06"
    assert imported.metadata["agent_name"] == "helper"  # the outer one names no agent


def test_d10_no_token_counts_is_unknown_usage_and_max_tokens_cannot_pass(
    tmp_path: Path,
) -> None:
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "chat m",
                {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.input.messages": json.dumps([{"role": "user", "content": "Hi"}]),
                },
            )
        ],
    )
    assert imported.trace.usage.known is False
    result = run_check(create_check("max_tokens", {"limit": 10}), trace=imported.trace)
    assert result.status == "skip"


def test_unknown_usage_survives_json_and_known_usage_serialises_as_before() -> None:
    unknown = Trace(output="x", usage=Usage(known=False))
    assert Trace.from_json(unknown.to_json()).usage.known is False
    # A trace with its counts is written without the flag: stored, exported and hashed
    # traces from before the flag existed read the same.
    known = Trace(output="x", usage=Usage(input_tokens=3, output_tokens=2))
    assert "known" not in json.loads(known.to_json())["usage"]
    assert Trace.from_json(known.to_json()).usage.known is True


def test_d11_an_exception_event_is_the_tool_error_without_error_status(tmp_path: Path) -> None:
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "Function: {name}",
                {
                    "logfire.msg_template": "Function: {name}",
                    "name": "tool",
                    "input": "{}",
                    "output": "An error occurred",
                },
                events=[
                    {
                        "name": "exception",
                        "attributes": {
                            "exception.type": "RuntimeError",
                            "exception.message": "Ouch",
                        },
                    }
                ],
            )
        ],
    )
    [call] = imported.trace.tool_calls
    assert (call.name, call.error, call.result) == (
        "tool",
        "RuntimeError: Ouch",
        "An error occurred",
    )


def test_d11_an_error_observation_tied_to_no_call_answers_the_failed_call_it_names(
    tmp_path: Path,
) -> None:
    # A framework that keeps nothing of a step whose tool raised but the error (smolagents):
    # the next input holds no result of the turn, only a tool message with no call id
    # naming the failed call's error. It is that call's answer, and its result; the calls
    # beside it, whose results the model was never given, get no tool message.
    def request(call: str, q: str) -> dict[str, Any]:
        arguments = json.dumps({"q": q})
        return {"id": call, "type": "function", "function": {"name": "f", "arguments": arguments}}

    def tool(n: int, q: str, start: float, result: str | None = None) -> dict[str, Any]:
        attrs = {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "f",
            "gen_ai.tool.call.arguments": json.dumps({"q": q}),
        }
        if result is not None:
            attrs["gen_ai.tool.call.result"] = result
        ran = _span(n, "execute_tool f", attrs, start=start, end=start + 0.1)
        if result is None:
            ran["status"] = {"status_code": "ERROR", "description": f"KeyError: {q}"}
        return ran

    user = {"role": "user", "content": "a, b and c?"}
    asked = {"role": "assistant", "tool_calls": [request(c, c[1]) for c in ("ca", "cb", "cc")]}
    # the errors in another order than the calls: the error named decides, not the place
    errors = [{"role": "tool", "content": f"Error:\nf failed: KeyError: {q}\n"} for q in "cb"]
    spans = [
        _chat(1, 1, [user], asked),
        tool(2, "a", 2.1, "A"),
        tool(3, "b", 2.2),
        tool(4, "c", 2.3),
        _chat(5, 3, [user, *errors], {"role": "assistant", "content": "Only a: A."}),
    ]
    trace = _import(tmp_path, spans).trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", "a, b and c?", None),
        ("assistant", None, None),
        ("tool", errors[0]["content"], "cc"),
        ("tool", errors[1]["content"], "cb"),
        ("assistant", "Only a: A.", None),
    ]
    assert [(c.id, c.result, c.error) for c in trace.tool_calls] == [
        ("ca", "A", None),
        ("cb", errors[1]["content"], "KeyError: b"),
        ("cc", errors[0]["content"], "KeyError: c"),
    ]


def test_d12_small_integers_in_nanosecond_fields_stay_nanoseconds(tmp_path: Path) -> None:
    # Logfire's test clock: each span starts a second (10**9 ns) after the previous one.
    span = _span(1, "invoke_agent a", {"gen_ai.operation.name": "invoke_agent"})
    span["start_time"], span["end_time"] = 1_000_000_000, 4_000_000_000
    assert _import(tmp_path, [span]).trace.latency_s == 3.0


def _oi(n: int, name: str, parent: int | None, start: float, **attrs: Any) -> dict[str, Any]:
    return _span(n, name, attrs, parent=parent, start=start, end=start + 0.5)


def test_d2_event_spans_of_one_operation_are_one_step(tmp_path: Path) -> None:
    # BeeAI: every emitter event is a span named <path>.<event>-<n>
    params = '{"query": "Barcelona"}'
    imported = _import(
        tmp_path,
        [
            _oi(1, "main", None, 0, **{"openinference.span.kind": "CHAIN", "input.value": "Q?"}),
            _oi(
                2,
                "agent.react.update-11",
                1,
                1,
                **{
                    "openinference.span.kind": "AGENT",
                    "tool.name": "Wikipedia",
                    "tool.parameters": params,
                },
            ),
            _oi(
                3,
                "tool.search.wikipedia.start-12",
                2,
                2,
                **{"openinference.span.kind": "TOOL", "tool.parameters": params},
            ),
            _oi(4, "tool.search.wikipedia.finish-12", 2, 3, **{"openinference.span.kind": "TOOL"}),
            _oi(
                5,
                "tool.search.wikipedia.success-12",
                2,
                3,
                **{"openinference.span.kind": "TOOL", "output.value": "Gaudí"},
            ),
            _oi(
                6,
                "agent.react.partial_update-30",
                1,
                4,
                **{
                    "openinference.span.kind": "AGENT",
                    "tool.name": "Weather",
                    "tool.parameters": '{"city": "Barcelona"}',
                    "output.value": '{"t": 29}',
                },
            ),
            _oi(
                7,
                "agent.react.success-2",
                1,
                5,
                **{
                    "openinference.span.kind": "AGENT",
                    "output.value": json.dumps(
                        {"role": "assistant", "content": [{"type": "text", "text": "Go."}]}
                    ),
                },
            ),
        ],
    )
    calls = [(c.name, c.arguments, c.result) for c in imported.trace.tool_calls]
    assert calls == [
        ("Wikipedia", {"query": "Barcelona"}, "Gaudí"),  # one call, named by the agent event
        ("Weather", {"city": "Barcelona"}, {"t": 29}),  # only in the agent's update event
    ]
    assert imported.trace.output == "Go."
    assert imported.input == "Q?"


def test_d6_a_stream_whose_start_was_dropped_is_not_the_answer(tmp_path: Path) -> None:
    llm = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Hi",
    }
    for i, token in [(233, "end"), (234, " of it")]:  # indices 0-232 dropped by the exporter
        llm[f"llm.output_messages.{i}.message.role"] = "assistant"
        llm[f"llm.output_messages.{i}.message.content"] = token
    run = {"openinference.span.kind": "AGENT", "output.value": "The whole answer."}
    imported = _import(tmp_path, [_span(1, "agent", run, end=9), _span(2, "llm", llm, parent=1)])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Hi"),
        ("assistant", "The whole answer."),
    ]
    assert imported.metadata["truncated_attributes"] is True


def test_d4_a_request_answered_in_the_conversation_without_a_tool_span_is_a_call(
    tmp_path: Path,
) -> None:
    # A handoff: the model requests transfer_to_b, the next input answers it; no tool span.
    def req(call: str, name: str) -> dict[str, Any]:
        return {
            "role": "assistant",
            "tool_calls": [
                {"id": call, "type": "function", "function": {"name": name, "arguments": "{}"}}
            ],
        }

    def ans(call: str, text: str) -> dict[str, Any]:
        return {"role": "tool", "tool_call_id": call, "content": text}

    history = [
        {"role": "user", "content": "go"},
        req("c1", "roll"),
        ans("c1", "4"),
        req("c2", "transfer_to_b"),
        ans("c2", '{"assistant": "b"}'),
    ]
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "chat m",
                {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.input.messages": json.dumps(history[:1]),
                    "gen_ai.output.messages": json.dumps([history[1]]),
                },
            ),
            _span(
                2,
                "execute_tool roll",
                {
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": "roll",
                    "gen_ai.tool.call.id": "c1",
                    "gen_ai.tool.call.result": "4",
                },
                start=3,
                end=4,
            ),
            _span(
                3,
                "chat m",
                {
                    "gen_ai.operation.name": "chat",
                    "gen_ai.input.messages": json.dumps(history),
                    "gen_ai.output.messages": json.dumps(
                        [{"role": "assistant", "content": "done"}]
                    ),
                },
                start=5,
                end=6,
            ),
        ],
    )
    calls = [(c.name, c.id, c.result) for c in imported.trace.tool_calls]
    assert calls == [("roll", "c1", "4"), ("transfer_to_b", "c2", {"assistant": "b"})]


def test_d4_a_request_with_no_span_comes_before_the_tools_that_started_after_it(
    tmp_path: Path,
) -> None:
    # An agent that runs code: the model asks its code tool (c1) to run code that calls
    # lookup; only lookup has a span (no id: the model never asked for it), and the next
    # input answers c1. c1 was requested before lookup started: it comes first.
    code = {"id": "c1", "type": "function", "function": {"name": "run_code"}}
    code["function"]["arguments"] = json.dumps({"code": "print(lookup(q='x'))"})
    asked = {"role": "assistant", "content": "I call lookup in code.", "tool_calls": [code]}
    history = [
        {"role": "user", "content": "go"},
        asked,
        {"role": "tool", "tool_call_id": "c1", "content": "printed: 42"},
    ]
    chat = {"gen_ai.operation.name": "chat"}
    imported = _import(
        tmp_path,
        [
            _span(
                1,
                "chat m",
                chat
                | {
                    "gen_ai.input.messages": json.dumps(history[:1]),
                    "gen_ai.output.messages": json.dumps([asked]),
                },
            ),
            _span(
                2,
                "execute_tool lookup",
                {
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": "lookup",
                    "gen_ai.tool.call.arguments": '{"q": "x"}',
                    "gen_ai.tool.call.result": "42",
                },
                start=3,
                end=4,
            ),
            _span(
                3,
                "chat m",
                chat
                | {
                    "gen_ai.input.messages": json.dumps(history),
                    "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": "42"}]),
                },
                start=5,
                end=6,
            ),
        ],
    )
    calls = [(c.name, c.id, c.result) for c in imported.trace.tool_calls]
    assert calls == [("run_code", "c1", "printed: 42"), ("lookup", None, "42")]
    assert [m.role for m in imported.trace.messages] == ["user", "assistant", "tool", "assistant"]


def test_d4_a_message_a_later_history_leaves_out_follows_the_most_complete_history(
    tmp_path: Path,
) -> None:
    # A handoff where each agent sends its own system prompt: the first call's input holds
    # agent A's, every later one B's instead. A's prompt is only in another history: it
    # follows the most complete one (the last call's input and its output).
    user = {"role": "user", "content": "go"}
    transfer = {"id": "h1", "type": "function", "function": {"name": "to_b", "arguments": "{}"}}
    asked = {"role": "assistant", "tool_calls": [transfer]}
    moved = {"role": "tool", "tool_call_id": "h1", "content": '{"assistant": "b"}'}
    a_prompt = {"role": "system", "content": "You are A."}
    b_prompt = {"role": "system", "content": "You are B."}

    done = {"role": "assistant", "content": "done"}
    imported = _import(
        tmp_path,
        [
            _chat(1, 1, [a_prompt, user], asked),
            _chat(2, 3, [b_prompt, user, asked, moved], done),
        ],
    )
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("system", "You are B."),
        ("user", "go"),
        ("assistant", None),
        ("tool", '{"assistant": "b"}'),
        ("assistant", "done"),
        ("system", "You are A."),
    ]
    assert imported.input == "go"
    assert imported.trace.output == "done"


def test_d4_a_reply_follows_its_own_input_not_a_conversation_held_in_between(
    tmp_path: Path,
) -> None:
    # An agent used as a tool (the OpenAI Agents SDK's as_tool): the orchestrator's call
    # asks the sub-agent tool; the sub-agent's own conversation runs inside the tool; the
    # orchestrator's next call sends its history with the result and answers. Its answer
    # ends its conversation; the sub-agent's separate one follows, and the run's answer is
    # the orchestrator's, the latest reply.
    ask = {"id": "a1", "type": "function", "function": {"name": "ask_b", "arguments": "{}"}}
    asked = {"role": "assistant", "content": None, "tool_calls": [ask]}
    result = {"role": "tool", "tool_call_id": "a1", "content": "B says 3."}
    mine = [_msg("system", "You are A."), _msg("user", "How much?")]
    theirs = [_msg("system", "You are B."), _msg("user", "Count them.")]
    imported = _import(
        tmp_path,
        [
            _chat(1, 1, mine, asked, took=0.5),
            _chat(2, 2, theirs, _msg("assistant", "B says 3."), took=0.5),
            _chat(3, 3, [*mine, asked, result], _msg("assistant", "It is 3."), took=0.5),
        ],
    )
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("system", "You are A."),
        ("user", "How much?"),
        ("assistant", None),
        ("tool", "B says 3."),
        ("assistant", "It is 3."),
        ("system", "You are B."),
        ("user", "Count them."),
        ("assistant", "B says 3."),
    ]
    assert imported.trace.output == "It is 3."
    assert imported.input == "How much?"


def test_d4_model_calls_inside_a_tool_run_hold_the_tool_agents_own_conversation(
    tmp_path: Path,
) -> None:
    # A sub-agent as a tool, asked the user's own question word for word: its model calls
    # run inside the caller's tool span, in a conversation of their own (its system prompt,
    # that question as its user message). The same text is not the caller's message.
    ask = {"id": "a1", "type": "function", "function": {"name": "ask_b"}}
    ask["function"]["arguments"] = json.dumps({"input": "How much?"})
    asked = {"role": "assistant", "content": None, "tool_calls": [ask]}
    result = {"role": "tool", "tool_call_id": "a1", "content": "B says 3."}
    question = _msg("user", "How much?")
    answer = _msg("assistant", "B says 3.")
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "ask_b",
        "gen_ai.tool.call.id": "a1",
        "gen_ai.tool.call.result": "B says 3.",
    }
    imported = _import(
        tmp_path,
        [
            _chat(1, 1, [_msg("system", "You are A."), question], asked, took=0.5),
            _span(2, "execute_tool ask_b", tool, start=1.6, end=2.8),
            _chat(3, 2, [_msg("system", "You are B."), question], answer, took=0.5, parent=2),
            _chat(
                4,
                3,
                [_msg("system", "You are A."), question, asked, result],
                _msg("assistant", "3."),
                took=0.5,
            ),
        ],
    )
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("system", "You are A."),
        ("user", "How much?"),
        ("assistant", None),
        ("tool", "B says 3."),
        ("assistant", "3."),
        ("system", "You are B."),
        ("user", "How much?"),
        ("assistant", "B says 3."),
    ]
    assert imported.trace.output == "3."
    assert [c.id for c in imported.trace.tool_calls] == ["a1"]


def test_d4_a_trimmed_history_keeps_the_turns_it_left_out_where_they_were(tmp_path: Path) -> None:
    # A history window (the system prompt plus the latest turns) steps over the oldest turns
    # between two of its own messages: they are the same agent's conversation, earlier, not
    # another history's. Only a system prompt that a later input replaces marks another
    # agent's history.
    sys_prompt, u1, a1 = _msg("system", "You help."), _msg("user", "one"), _msg("assistant", "1")
    u2, a2, u3, a3 = (
        _msg("user", "two"),
        _msg("assistant", "2"),
        _msg("user", "3?"),
        _msg("assistant", "3"),
    )

    imported = _import(
        tmp_path,
        [
            _chat(1, 1, [sys_prompt, u1], a1),
            _chat(2, 3, [sys_prompt, u1, a1, u2], a2),
            _chat(3, 5, [sys_prompt, u2, a2, u3], a3),
        ],
    )
    assert [m.content for m in imported.trace.messages] == [
        "You help.",
        "one",
        "1",
        "two",
        "2",
        "3?",
        "3",
    ]


def test_d4_calls_sharing_only_a_system_prompt_keep_the_order_they_were_made_in(
    tmp_path: Path,
) -> None:
    # Stateless calls (or parallel branches, or an edited question) share the system prompt
    # and nothing else: the later call's new turns follow the earlier call's, not the system
    # prompt they follow in their own history.
    sys_prompt = _msg("system", "You classify.")

    imported = _import(
        tmp_path,
        [
            _chat(1, 1, [sys_prompt, _msg("user", "first")], _msg("assistant", "A")),
            _chat(2, 3, [sys_prompt, _msg("user", "second")], _msg("assistant", "B")),
            _chat(3, 5, [sys_prompt, _msg("user", "third")], _msg("assistant", "C")),
        ],
    )
    assert [m.content for m in imported.trace.messages] == [
        "You classify.",
        "first",
        "A",
        "second",
        "B",
        "third",
        "C",
    ]
    assert imported.trace.output == "C"


def test_a_status_message_holding_a_traceback_gives_way_to_the_exception(tmp_path):
    # OpenInference writes the exception's repr and its whole traceback into the status
    # description of a run that raised: the trace's error is the exception, said once
    from fourfold.integrations._spans import Span

    dump = "ValueError('unknown city')Traceback (most recent call last):\n  File ...\nValueError"
    event = {
        "name": "exception",
        "attributes": {"exception.type": "ValueError", "exception.message": "unknown city"},
    }

    def failed(message: str | None, events: list) -> Span:
        return Span("t", "s", None, "run", 1, 2, "error", message, {}, events=events)

    assert failed(dump, [event]).error == "ValueError: unknown city"
    assert failed(dump, []).error == "ValueError('unknown city')"
    assert failed("timed out", [event]).error == "timed out"
    assert failed(None, [event]).error == "ValueError: unknown city"


def _oi_tool(n: int, start: float, city: str, **fields: Any) -> dict[str, Any]:
    """An OpenInference TOOL span of LangChain's `get_weather` for `city` (input the string)."""
    attrs = {"openinference.span.kind": "TOOL", "tool.name": "get_weather", "input.value": city}
    return _span(n, "get_weather", attrs, parent=1, start=start, end=start + 0.5, **fields)


def _oi_turn(
    n: int, start: float, *, ask: list[tuple[str, str]], answer: str | None = None
) -> dict[str, Any]:
    """An OpenInference LLM span: the question (and the results so far), then a reply that
    requests `ask` (call id, city) or says `answer`."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Weather in Paris and Tokio?",
        "llm.output_messages.0.message.role": "assistant",
    }
    if answer is not None:
        attrs |= {
            "llm.input_messages.1.message.role": "assistant",
            "llm.input_messages.1.message.tool_calls.0.tool_call.id": "call_w1",
            "llm.input_messages.1.message.tool_calls.0.tool_call.function.name": "get_weather",
            "llm.input_messages.2.message.role": "tool",
            "llm.input_messages.2.message.content": "sunny",
            "llm.input_messages.2.message.tool_call_id": "call_w1",
            "llm.output_messages.0.message.content": answer,
        }
    for i, (call, city) in enumerate(ask):
        key = f"llm.output_messages.0.message.tool_calls.{i}.tool_call"
        attrs |= {
            f"{key}.id": call,
            f"{key}.function.name": "get_weather",
            f"{key}.function.arguments": json.dumps({"city": city}),
        }
    return _span(n, "ChatOpenAI", attrs, parent=1, start=start, end=start + 0.5)


def test_d11_a_failed_tool_no_model_call_followed_is_a_call_and_no_tool_message(
    tmp_path: Path,
) -> None:
    # LangChain 1.x's create_agent does not catch a tool's error: the run raises at the
    # turn's tools, no later model call is given anything for the failed call, and LangGraph
    # builds no ToolMessage for it. The call failed (its error); nothing was said back. The
    # call that succeeded beside it still answers with the result its span recorded.
    raised = [
        {
            "name": "exception",
            "attributes": {"exception.type": "ValueError", "exception.message": "no Tokio"},
        }
    ]
    paris = _oi_tool(3, 2, "Paris") | {"status": {"status_code": "OK"}}
    paris["attributes"]["output.value"] = json.dumps(
        {"type": "tool", "data": {"content": "sunny", "tool_call_id": "call_w1"}}
    )
    tokio = _oi_tool(4, 2.1, "Tokio", events=raised) | {"status": {"status_code": "ERROR"}}
    asked = [("call_w1", "Paris"), ("call_e1", "Tokio")]
    agent = _span(1, "weather_agent", {"openinference.span.kind": "AGENT"}, start=0, end=5)
    imported = _import(tmp_path, [agent, _oi_turn(2, 1, ask=asked), paris, tokio])
    trace = imported.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", "Weather in Paris and Tokio?", None),
        ("assistant", None, None),
        ("tool", "sunny", "call_w1"),
    ]
    assert [(c.arguments, c.result, c.id, c.error) for c in trace.tool_calls] == [
        ({"city": "Paris"}, "sunny", "call_w1", None),
        ({"city": "Tokio"}, None, "call_e1", "ValueError: no Tokio"),
    ]
    assert trace.output is None

    # the run went on: a later model call was answered for the failed call too (what the
    # framework handed it is not in its input here), so the error is its tool message
    answered = _oi_turn(5, 3, ask=[], answer="Paris is sunny.")
    imported = _import(tmp_path, [agent, _oi_turn(2, 1, ask=asked), paris, tokio, answered])
    assert ("tool", "ValueError: no Tokio", "call_e1") in [
        (m.role, m.content, m.tool_call_id) for m in imported.trace.messages
    ]


def test_d19_a_message_list_cut_inside_a_unicode_escape_is_cut_short(tmp_path: Path) -> None:
    # JSON with ASCII escapes (an emoji a surrogate pair) cut by a length limit mid-escape:
    # Python's parser calls it an invalid escape, not text that ended too soon
    inputs = [
        {"role": "user", "parts": [{"type": "text", "content": "Wetter in Zu\u0308rich?"}]},
        {"role": "assistant", "parts": [{"type": "text", "content": "\U0001f30d Moment"}]},
    ]
    text = json.dumps(inputs)
    cut = text[: text.index("\\udf0d") + 4]  # ends '\ud83c\udf': the low half cut off
    output = {"role": "assistant", "parts": [{"type": "text", "content": "Sonnig \u2600\ufe0f"}]}
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.input.messages": cut,
        "gen_ai.output.messages": json.dumps([output]),
    }
    imported = _import(tmp_path, [_span(1, "chat m", attrs)])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Wetter in Zu\u0308rich?"),
        ("assistant", "Sonnig \u2600\ufe0f"),
    ]
    assert imported.metadata["truncated_attributes"] is True


def test_adk_1x_agent_run_span_without_attributes_is_the_agents_run() -> None:
    # ADK 1.x writes its agent's run as ``agent_run [<name>]`` with no attribute at all
    # (its calls and tools under it say which agent they belong to only by this span)
    bare = Span("t", "a", None, "agent_run [weather_agent]", 1, 2, "ok", None, {},
                scope="gcp.vertex.agent")  # fmt: skip
    step = interpret_span(bare)
    assert isinstance(step, AgentRun) and step.name == "weather_agent"
    other = Span("t", "b", None, "agent_run [weather_agent]", 1, 2, "ok", None, {},
                 scope="some.other.library")  # fmt: skip
    assert interpret_span(other) is None

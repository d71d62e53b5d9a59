"""Runs split over traces joined by span links (D13), and AgentChat's messages on autogen-core's
runtime spans (D3, D10): small spans written as the runtimes write them.

autogen-core's agent runtime opens each message delivery in a trace of its own and ties it to
the sender by a span link; its ``autogen process`` spans carry the delivered AgentChat
messages as JSON in a ``message`` attribute (``tests/data/traces/autogen/
autogen-team-2026-12-03.json`` is a real one). What must not be joined: a batch (a span linking
to many traces), a trace following from a batch, links to traces absent from the import, links
from spans that are not a trace's root and deliver no message (a link to a producer span).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import ImportedTrace, SpanAssembler, import_traces
from tests.helpers.span_builders import span

A, B, C, D = ("a1" * 16, "b2" * 16, "c3" * 16, "d4" * 16)


def _linked(
    n: int,
    name: str,
    attrs: dict[str, Any],
    *,
    trace: str,
    links: list[tuple[str, int]] = (),  # type: ignore[assignment]
    **fields: Any,
) -> dict[str, Any]:
    out = span(n, name, attrs, trace=trace, **fields)
    out["links"] = [
        {"context": {"trace_id": t, "span_id": f"{s:016x}"}, "attributes": {}} for t, s in links
    ]
    return out


def _import(tmp_path: Path, spans: list[dict[str, Any]]) -> list[ImportedTrace]:
    path = tmp_path / "spans.json"
    path.write_text(json.dumps(spans), encoding="utf-8")
    return import_traces(path)


def _agent(n: int, trace: str, **fields: Any) -> dict[str, Any]:
    attrs = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    return _linked(n, "invoke_agent weather_agent", attrs, trace=trace, **fields)


def _tool(n: int, trace: str, call: str, result: str, **fields: Any) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": call,
        "gen_ai.tool.call.result": result,
    }
    return _linked(n, "execute_tool get_weather", attrs, trace=trace, **fields)


# ------------------------------------------------------------------ D13: joined by links


def test_d13_a_trace_whose_root_links_to_another_trace_continues_that_run(tmp_path: Path) -> None:
    spans = [
        _agent(1, A, start=0, end=5),
        _tool(2, B, "call_1", "sunny", links=[(A, 1)], start=1, end=2),
        _tool(3, C, "call_2", "rain", links=[(B, 2)], start=3, end=4),
    ]
    [run] = _import(tmp_path, spans)
    assert run.trace_id == A
    assert run.metadata["joined_traces"] == [B, C]
    assert [c.id for c in run.trace.tool_calls] == ["call_1", "call_2"]
    assert run.metadata["agent_name"] == "weather_agent"


def test_d13_otlp_links_with_hex_ids_join_too(tmp_path: Path) -> None:
    def otlp(trace: str, n: int, attrs: dict[str, str], links: list[Any]) -> dict[str, Any]:
        return {
            "traceId": trace,
            "spanId": f"{n:016x}",
            "name": f"s{n}",
            "startTimeUnixNano": str(1_700_000_000_000_000_000 + n),
            "endTimeUnixNano": str(1_700_000_000_000_000_000 + n + 10),
            "attributes": [{"key": k, "value": {"stringValue": v}} for k, v in attrs.items()],
            "links": links,
        }

    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a"}
    tool = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "t"}
    doc = {
        "resourceSpans": [
            {
                "scopeSpans": [
                    {
                        "spans": [
                            otlp(A, 1, agent, []),
                            otlp(B, 2, tool, [{"traceId": A, "spanId": f"{1:016x}"}]),
                        ]
                    }
                ]
            }
        ]
    }
    path = tmp_path / "otlp.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    [run] = import_traces(path)
    assert (run.trace_id, run.metadata["joined_traces"]) == (A, [B])


def test_d13_a_batch_linking_to_many_traces_joins_none_of_them(tmp_path: Path) -> None:
    # a batch job (trace D) handling three requests, each its own run: it links to all three
    spans = [
        _agent(1, A, start=0),
        _agent(2, B, start=1),
        _agent(3, C, start=2),
        _tool(4, D, "call_b", "done", links=[(A, 1), (B, 2), (C, 3)], start=5),
    ]
    runs = _import(tmp_path, spans)
    assert [r.trace_id for r in runs] == [A, B, C, D]
    assert all("joined_traces" not in r.metadata for r in runs)


def test_d13_a_batch_is_a_batch_even_when_only_one_linked_trace_is_in_the_import(
    tmp_path: Path,
) -> None:
    elsewhere = "e5" * 16
    spans = [_agent(1, A), _tool(2, B, "call_b", "done", links=[(A, 1), (elsewhere, 9)])]
    assert [r.trace_id for r in _import(tmp_path, spans)] == [A, B]


def test_d13_a_trace_following_a_batch_is_not_joined_to_it(tmp_path: Path) -> None:
    spans = [
        _agent(1, A),
        _agent(2, B),
        _tool(3, C, "call_b", "done", links=[(A, 1), (B, 2)]),
        _tool(4, D, "call_n", "sent", links=[(C, 3)]),
    ]
    assert [r.trace_id for r in _import(tmp_path, spans)] == [A, B, C, D]


def test_d13_links_to_traces_absent_from_the_import_join_nothing(tmp_path: Path) -> None:
    spans = [_agent(1, A), _tool(2, B, "call_1", "sunny", links=[("e5" * 16, 7)])]
    runs = _import(tmp_path, spans)
    assert [r.trace_id for r in runs] == [A, B]


def test_d13_a_link_from_a_span_that_is_not_the_root_joins_nothing(tmp_path: Path) -> None:
    # a step inside a run that cites an earlier run (its root has no link)
    spans = [
        _agent(1, A),
        _agent(2, B),
        _tool(3, B, "call_1", "sunny", parent=2, links=[(A, 1)]),
    ]
    assert [r.trace_id for r in _import(tmp_path, spans)] == [A, B]


def _workflow(n: int, trace: str, **fields: Any) -> dict[str, Any]:
    attrs = {"gen_ai.operation.name": "invoke_workflow", "gen_ai.workflow.name": "weather"}
    return _linked(n, "invoke_workflow weather", attrs, trace=trace, **fields)


def _sent(n: int, trace: str, parent: int) -> dict[str, Any]:
    # Agent Framework's message.send: the span that sent a message, kind PRODUCER
    return {
        **_linked(n, "message.send", {}, trace=trace, parent=parent),
        "kind": "SpanKind.PRODUCER",
    }


def _delivered(n: int, trace: str, parent: int, links: list[tuple[str, int]]) -> dict[str, Any]:
    return _linked(n, "executor.process publish", {}, trace=trace, parent=parent, links=links)


def test_d13_a_trace_whose_steps_deliver_another_traces_message_continues_that_run(
    tmp_path: Path,
) -> None:
    # a workflow resumed from a checkpoint: its root links nowhere, its step delivers the
    # message the first run's message.send (a producer) sent
    spans = [
        _workflow(1, A, start=0, end=5),
        _agent(2, A, parent=1, start=1, end=4),
        _tool(3, A, "call_1", "sunny", parent=2, start=2, end=3),
        _sent(4, A, parent=2),
        _workflow(5, B, start=6, end=8),
        _delivered(6, B, parent=5, links=[(A, 4)]),
    ]
    [run] = _import(tmp_path, spans)
    assert (run.trace_id, run.metadata["joined_traces"]) == (A, [B])
    assert [c.id for c in run.trace.tool_calls] == ["call_1"]


def test_d13_steps_delivering_messages_of_several_traces_join_none(tmp_path: Path) -> None:
    # a consumer handling messages sent by two runs is a batch: it continues neither
    spans = [
        _workflow(1, A),
        _sent(2, A, parent=1),
        _workflow(3, B),
        _sent(4, B, parent=3),
        _workflow(5, C),
        _delivered(6, C, parent=5, links=[(A, 2), (B, 4)]),
    ]
    assert [r.trace_id for r in _import(tmp_path, spans)] == [A, B, C]


def test_d13_the_assembler_hands_a_joined_run_out_once_every_trace_of_it_settled() -> None:
    assembler = SpanAssembler(settle_s=1.0, timeout_s=10.0)
    assembler.add([_agent(1, A)], now=0.0)
    assembler.add([_tool(2, B, "call_1", "sunny", links=[(A, 1)])], now=0.8)
    assert assembler.due(now=1.2) == []  # A settled, B not yet: the run waits
    [run] = assembler.due(now=1.9)
    assert (run.trace_id, run.metadata["joined_traces"]) == (A, [B])
    assert assembler.waiting == 0


# ------------------------------------------------------------------ AgentChat messages


def _said(kind: str, ident: str, at: str, content: Any, **more: Any) -> dict[str, Any]:
    return {
        "id": ident,
        "source": more.pop("source", "weather_agent"),
        "models_usage": more.pop("usage", None),
        "metadata": {},
        "created_at": f"2026-12-03T03:11:{at}Z",
        "content": content,
        "type": kind,
    }


TASK = _said("TextMessage", "m1", "01.10", "Weather in Paris and Tokyo?", source="user")
REQUEST = _said(
    "ToolCallRequestEvent",
    "m2",
    "01.20",
    [
        {"id": "call_1", "arguments": '{"city": "Paris"}', "name": "get_weather"},
        {"id": "call_2", "arguments": '{"city": "Tokyo"}', "name": "get_weather"},
    ],
    usage={"prompt_tokens": 61, "completion_tokens": 34},
)
THOUGHT = _said("ThoughtEvent", "m2t", "01.19", "Let me look both up.")
RESULTS = _said(
    "ToolCallExecutionEvent",
    "m3",
    "01.30",
    [
        {"content": "sunny, 22 C", "name": "get_weather", "call_id": "call_1", "is_error": False},
        {"content": "unknown city", "name": "get_weather", "call_id": "call_2", "is_error": True},
    ],
)
ANSWER = _said(
    "TextMessage",
    "m4",
    "01.40",
    "Paris is sunny; Tokyo is unknown.",
    usage={"prompt_tokens": 118, "completion_tokens": 21},
)


def _process(n: int, trace: str, payload: Any, **fields: Any) -> dict[str, Any]:
    attrs = {
        "messaging.operation": "process",
        "messaging.destination": "group_topic",
        "message": json.dumps(payload),
    }
    return _linked(n, "autogen process group_topic", attrs, trace=trace, **fields)


def _team_run(response_first: bool = False) -> list[dict[str, Any]]:
    """A team run as the runtime records it: one trace per delivery, joined by links."""
    deliveries = [
        _process(1, A, {"messages": [TASK], "output_task_messages": True}, start=0),
        _process(2, B, {"messages": [TASK]}, links=[(A, 1)], start=1),  # to the agent too
        _process(4, C, {"message": THOUGHT}, links=[(B, 2)], start=2),
        _process(5, C, {"message": REQUEST}, parent=4, start=3),
        _process(6, D, {"message": RESULTS}, links=[(C, 4)], start=4),
        _process(7, D, {"message": ANSWER}, parent=6, start=5),
        _process(
            8,
            D,
            {"response": {"chat_message": ANSWER, "inner_messages": [THOUGHT, REQUEST, RESULTS]}},
            parent=6,
            start=6,
        ),
    ]
    agent = _agent(3, B, parent=2, start=1.5, end=6)
    tools = [_tool(9, B, "call_1", "", parent=3, start=3.1), _tool(10, B, "call_2", "", parent=3)]
    for tool in tools:  # autogen's tool spans record no arguments and no result
        del tool["attributes"]["gen_ai.tool.call.result"]
    spans = [*deliveries, agent, *tools]
    return list(reversed(spans)) if response_first else spans


def test_d3_agentchat_messages_on_runtime_spans_are_the_conversation(tmp_path: Path) -> None:
    [run] = _import(tmp_path, _team_run())
    messages = [(m.role, m.content, m.tool_call_id) for m in run.trace.messages]
    assert messages == [
        ("user", "Weather in Paris and Tokyo?", None),
        # the ThoughtEvent: the text the model wrote beside the calls it requests
        ("assistant", "Let me look both up.", None),
        ("tool", "sunny, 22 C", "call_1"),
        ("tool", "unknown city", "call_2"),
        ("assistant", "Paris is sunny; Tokyo is unknown.", None),
    ]
    calls = [(c.id, c.arguments, c.result, c.error) for c in run.trace.tool_calls]
    assert calls == [
        ("call_1", {"city": "Paris"}, "sunny, 22 C", None),
        ("call_2", {"city": "Tokyo"}, "unknown city", "unknown city"),
    ]
    assert run.input == "Weather in Paris and Tokyo?"
    assert run.trace.output == "Paris is sunny; Tokyo is unknown."


def test_d10_agentchat_models_usage_counts_each_message_once(tmp_path: Path) -> None:
    usage = _import(tmp_path, _team_run())[0].trace.usage
    assert (usage.known, usage.input_tokens, usage.output_tokens) == (True, 179, 55)


def test_d3_agentchat_messages_go_in_the_order_they_were_made(tmp_path: Path) -> None:
    # the response that gathers the turn read first: its messages still go by creation time
    [run] = _import(tmp_path, _team_run(response_first=True))
    roles = [m.role for m in run.trace.messages]
    assert roles == ["user", "assistant", "tool", "tool", "assistant"]


def test_d3_agentchat_messages_are_not_added_to_model_calls_that_hold_the_conversation(
    tmp_path: Path,
) -> None:
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": "Hi"}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": "Hello"}]),
        "gen_ai.usage.input_tokens": 5,
        "gen_ai.usage.output_tokens": 2,
    }
    spans = [
        _process(1, A, {"messages": [TASK]}),
        _linked(2, "chat m", chat, trace=A, parent=1),
    ]
    [run] = _import(tmp_path, spans)
    assert [m.content for m in run.trace.messages] == ["Hi", "Hello"]
    assert run.trace.usage.input_tokens == 5


def test_d3_agentchat_handoff_message_is_its_agents_text_after_the_transfer(
    tmp_path: Path,
) -> None:
    # a Swarm's handoff: the transfer tool's request and result are the triage agent's inner
    # events, its HandoffMessage its response to the team (the next agent's model gets it)
    moved = "Transferred to weather_agent, adopting the role of weather_agent immediately."
    transfer = _said(
        "ToolCallRequestEvent",
        "h1",
        "01.15",
        [{"id": "call_h1", "arguments": "{}", "name": "transfer_to_weather_agent"}],
        source="triage_agent",
    )
    done = _said(
        "ToolCallExecutionEvent",
        "h2",
        "01.16",
        [{"content": moved, "name": "transfer_to_weather_agent", "call_id": "call_h1"}],
        source="triage_agent",
    )
    handoff = {
        **_said("HandoffMessage", "h3", "01.17", moved, source="triage_agent"),
        "target": "weather_agent",
        "context": [],
    }
    response = {"chat_message": handoff, "inner_messages": [transfer, done]}
    spans = [
        _process(1, A, {"messages": [TASK]}, start=0),
        _process(2, B, {"response": response}, links=[(A, 1)], start=1),
        _process(3, C, {"message": REQUEST}, links=[(B, 2)], start=2),
        _process(4, C, {"message": ANSWER}, parent=3, start=3),
    ]
    [run] = _import(tmp_path, spans)
    said = [(m.role, m.content) for m in run.trace.messages]
    assert said == [
        ("user", "Weather in Paris and Tokyo?"),
        ("assistant", None),
        ("tool", moved),
        ("assistant", moved),
        ("assistant", None),
        ("assistant", "Paris is sunny; Tokyo is unknown."),
    ]
    assert run.trace.output == "Paris is sunny; Tokyo is unknown."


def test_d3_agentchat_stop_message_is_no_message(tmp_path: Path) -> None:
    # the termination's reason, said by the team's manager, not by an agent
    stop = _said("StopMessage", "s1", "01.50", "Text message received.", source="Manager")
    spans = [
        _process(1, A, {"messages": [TASK]}, start=0),
        _process(2, B, {"message": ANSWER}, links=[(A, 1)], start=1),
        _process(3, C, {"message": stop}, links=[(B, 2)], start=2),
    ]
    [run] = _import(tmp_path, spans)
    assert [m.content for m in run.trace.messages] == [
        "Weather in Paris and Tokyo?",
        "Paris is sunny; Tokyo is unknown.",
    ]


def test_d3_agentchat_multimodal_summary_and_structured_messages(tmp_path: Path) -> None:
    # the task with a picture; a turn ending without reflection in the summary of its
    # results; an answer of output_content_type, an object
    task = _said(
        "MultiModalMessage",
        "m1",
        "01.10",
        ["Weather in Paris and Tokyo?", {"data": "iVBORw0KGgo="}],
        source="user",
    )
    summary = {
        **_said("ToolCallSummaryMessage", "m3s", "01.31", "sunny, 22 C\nunknown city"),
        "tool_calls": REQUEST["content"],
        "results": RESULTS["content"],
    }
    report = {"summary": "Paris is sunny.", "cities": ["Paris", "Tokyo"]}
    answer = {
        **_said(
            "StructuredMessage[WeatherReport]",
            "m4",
            "01.40",
            report,
            source="reporter",
            usage={"prompt_tokens": 80, "completion_tokens": 9},
        ),
        "format_string": None,
    }
    spans = [
        _process(1, A, {"messages": [task]}, start=0),
        _process(2, B, {"message": REQUEST}, links=[(A, 1)], start=1),
        _process(3, B, {"message": RESULTS}, parent=2, start=2),
        _process(
            4,
            C,
            {"response": {"chat_message": summary, "inner_messages": []}},
            links=[(B, 2)],
            start=3,
        ),
        _process(5, D, {"message": answer}, links=[(C, 4)], start=4),
    ]
    [run] = _import(tmp_path, spans)
    said = [(m.role, m.content) for m in run.trace.messages]
    assert said == [
        ("user", "Weather in Paris and Tokyo?"),  # the picture is no text
        ("assistant", None),
        ("tool", "sunny, 22 C"),
        ("tool", "unknown city"),
        ("assistant", "sunny, 22 C\nunknown city"),
        ("assistant", '{"summary":"Paris is sunny.","cities":["Paris","Tokyo"]}'),
    ]
    assert run.input == "Weather in Paris and Tokyo?"
    assert run.trace.structured == report  # the answer is the object
    usage = run.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (141, 43)


def test_d3_agentchat_structured_message_with_a_format_string_is_that_text(
    tmp_path: Path,
) -> None:
    answer = {
        **_said("StructuredMessage[Report]", "m4", "01.40", {"city": "Paris", "sky": "sunny"}),
        "format_string": "{city} is {sky}.",
    }
    spans = [
        _process(1, A, {"messages": [TASK]}, start=0),
        _process(2, B, {"message": answer}, links=[(A, 1)], start=1),
    ]
    [run] = _import(tmp_path, spans)
    assert [m.content for m in run.trace.messages] == [
        "Weather in Paris and Tokyo?",
        "Paris is sunny.",
    ]
    assert run.trace.output == "Paris is sunny."
    assert run.trace.structured == {"city": "Paris", "sky": "sunny"}

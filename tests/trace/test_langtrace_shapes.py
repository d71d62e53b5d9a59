"""Langtrace's Python SDK (langtrace-python-sdk 3.8.21): its own shapes of the older events.

Its OpenAI instrumentation writes a reply that only requests tools as an assistant message
whose ``content`` is the list of requests, and replays that turn in the next prompt as the
bare list of its calls (``[{"id": "", "type": ""}]`` for a history kept as dicts); its
Anthropic instrumentation appends the ``system`` parameter after the conversation; its
LangChain-core instrumentation records a chat model's ``invoke`` with the messages as dumps
of their fields (``langchain.inputs`` / ``langchain.outputs``), the agent's name only on the
replies a later input replays (the real exports: tests/data/traces/langtrace/). Rules:
`integrations/otel/_langtrace.py`, `otel/_langtrace_langchain.py`,
`integrations/_replay_agents.py`. Each is the tracer's, never another's look-alike.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "1a" * 16
ASK = "What is the weather in Paris and in Tokyo?"
SYSTEM = "You are a weather assistant."
ANSWER = "Paris is sunny; Tokyo has rain."
LANGTRACE = {"langtrace.sdk.name": "langtrace-python-sdk", "langtrace.service.type": "llm"}
REQUESTS = [
    {
        "id": i,
        "type": "function",
        "function": {"name": "get_weather", "arguments": json.dumps({"city": c})},
    }
    for i, c in (("call_w1", "Paris"), ("call_w2", "Tokyo"))
]
RESULTS = [
    {"role": "tool", "tool_call_id": "call_w1", "content": "sunny"},
    {"role": "tool", "tool_call_id": "call_w2", "content": "rain"},
]


def _events(prompt: list[Any], completion: list[Any]) -> list[dict[str, Any]]:
    return [
        {"name": "gen_ai.content.prompt", "attributes": {"gen_ai.prompt": json.dumps(prompt)}},
        {
            "name": "gen_ai.content.completion",
            "attributes": {"gen_ai.completion": json.dumps(completion)},
        },
    ]


def _call(n: int, prompt: list[Any], completion: list[Any], **attrs: Any) -> dict[str, Any]:
    given = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.usage.input_tokens": 10 * n,
        "gen_ai.usage.output_tokens": n,
        **attrs,
    }
    return span(
        n,
        "openai.chat.completions.create",
        given,
        trace=TRACE,
        parent=1,
        start=n,
        end=n + 0.5,
        events=_events(prompt, completion),
    )


def _loop(tmp_path: Path, replayed: list[Any], **attrs: Any) -> Any:
    """The OpenAI tool loop: the first reply requests both cities, the second answers."""
    first = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    spans = [
        span(1, "weather_loop", {}, trace=TRACE, start=0, end=9),
        _call(2, first, [{"role": "assistant", "content": REQUESTS}], **attrs),
        _call(3, [*first, replayed, *RESULTS], [{"role": "assistant", "content": ANSWER}], **attrs),
    ]
    return import_one(tmp_path, spans)


def test_langtrace_writes_a_reply_that_only_requests_tools_as_its_content(
    tmp_path: Path,
) -> None:
    imported = _loop(tmp_path, [{"id": "", "type": ""}, {"id": "", "type": ""}], **LANGTRACE)
    roles = [(m.role, [c.id for c in m.tool_calls]) for m in imported.trace.messages]
    assert roles == [
        ("system", []),
        ("user", []),
        ("assistant", ["call_w1", "call_w2"]),
        ("tool", []),
        ("tool", []),
        ("assistant", []),
    ]
    calls = [(c.id, c.arguments, c.result) for c in imported.trace.tool_calls]
    assert calls == [
        ("call_w1", {"city": "Paris"}, "sunny"),
        ("call_w2", {"city": "Tokyo"}, "rain"),
    ]
    assert imported.trace.output == ANSWER


def test_a_replayed_turn_that_names_its_functions_is_read_as_that_turn(tmp_path: Path) -> None:
    imported = _loop(tmp_path, REQUESTS, **LANGTRACE)
    asked = [m for m in imported.trace.messages if m.tool_calls]
    assert len(asked) == 1
    assert [c.name for c in asked[0].tool_calls] == ["get_weather", "get_weather"]


def test_another_tracers_events_of_that_shape_are_not_read_so(tmp_path: Path) -> None:
    """Without Langtrace's attribute (or scope) a content of calls is not its requests."""
    imported = _loop(tmp_path, [{"id": "", "type": ""}])
    assert not any(m.tool_calls for m in imported.trace.messages)


def _anthropic(tmp_path: Path, prompt: list[Any], **attrs: Any) -> Any:
    spans = [
        span(1, "weather_loop", {}, trace=TRACE, start=0, end=9),
        _call(2, prompt, [{"type": "text", "role": "assistant", "content": ANSWER}], **attrs),
    ]
    return import_one(tmp_path, spans)


def test_anthropics_system_parameter_written_last_heads_the_input(tmp_path: Path) -> None:
    prompt = [{"role": "user", "content": ASK}, {"role": "system", "content": SYSTEM}]
    imported = _anthropic(tmp_path, prompt, **LANGTRACE, **{"gen_ai.system": "anthropic"})
    assert [m.role for m in imported.trace.messages] == ["system", "user", "assistant"]


def test_a_system_message_last_is_not_moved_for_openai_or_another_tracer(
    tmp_path: Path,
) -> None:
    prompt = [{"role": "user", "content": ASK}, {"role": "system", "content": SYSTEM}]
    for attrs in ({**LANGTRACE, "gen_ai.system": "openai"}, {"gen_ai.system": "anthropic"}):
        imported = _anthropic(tmp_path, prompt, **attrs)
        assert [m.role for m in imported.trace.messages] == ["user", "system", "assistant"]


LANGCHAIN = {
    "langtrace.sdk.name": "langtrace-python-sdk",
    "langtrace.service.name": "Langchain Core",
    "langtrace.service.type": "framework",
    "langchain.task.name": "chatmodel",
    "gen_ai.request.model": "gpt-4o-mini",
}
HUMAN = [{"content": SYSTEM, "type": "system"}, {"content": ASK, "type": "human", "id": "h1"}]
ASKED = {
    "type": "ai",
    "tool_calls": [
        {"name": "get_weather", "args": {"city": "Paris"}, "id": "call_w1", "type": "tool_call"},
        {"name": "get_weather", "args": {"city": "Tokyo"}, "id": "call_w2", "type": "tool_call"},
    ],
}
TOOLS = [
    {"content": "sunny", "type": "tool", "name": "get_weather", "tool_call_id": "call_w1"},
    {"content": "rain", "type": "tool", "name": "get_weather", "tool_call_id": "call_w2"},
]


def _invoke(
    given: list[Any], reply: dict[str, Any], *, name: str = "weather_agent", **keep: Any
) -> list[dict[str, Any]]:
    """One LangGraph agent's model call as Langtrace's LangChain-core instrumentation writes
    it: ``invoke`` > ``generate`` > the OpenAI client's span (the prompt, no completion)."""
    replayed = [{**m, "name": name} if m.get("type") == "ai" else m for m in given]
    config = {"metadata": {"langgraph_node": "agent"}}
    invoke = {
        **LANGCHAIN,
        "langchain.inputs": json.dumps([replayed, config]),
        "langchain.outputs": json.dumps(reply),
        "gen_ai.usage.input_tokens": 61,
        "gen_ai.usage.output_tokens": 34,
        **keep,
    }
    generate = {
        **LANGCHAIN,
        "langchain.inputs": json.dumps([[replayed]]),
        "langchain.outputs": json.dumps({"generations": [[{"text": "x"}]], "type": "LLMResult"}),
    }
    client = {**LANGTRACE, "gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o-mini"}
    prompt = [{"role": "user", "content": ASK}]
    return [
        span(1, "RunnableSequence.invoke", {**LANGCHAIN, "langchain.task.name": "runnable"},
             trace=TRACE, start=0, end=9),
        span(2, "BaseChatModel.invoke", invoke, trace=TRACE, parent=1, start=1, end=8),
        span(3, "BaseChatModel.generate", generate, trace=TRACE, parent=2, start=2, end=7),
        span(4, "openai.chat.completions.create", client, trace=TRACE, parent=3, start=3, end=6,
             events=[_events(prompt, [])[0]]),
    ]  # fmt: skip


def test_a_chat_models_invoke_is_the_call_its_client_span_inside_the_same(
    tmp_path: Path,
) -> None:
    answer = {"content": ANSWER, "type": "ai", "id": "r2"}
    imported = import_one(tmp_path, _invoke([*HUMAN, ASKED, *TOOLS], answer))
    trace = imported.trace
    assert [m.role for m in trace.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]
    assert [(c.id, c.result) for c in trace.tool_calls] == [
        ("call_w1", "sunny"),
        ("call_w2", "rain"),
    ]
    assert trace.output == ANSWER
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (61, 34)  # counted once
    assert imported.metadata["agent_name"] == "weather_agent"  # the replayed reply's name


def test_a_first_call_requesting_tools_names_no_agent(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _invoke(HUMAN, {**ASKED, "id": "r1"}))
    [asked] = [m for m in imported.trace.messages if m.tool_calls]
    assert [c.id for c in asked.tool_calls] == ["call_w1", "call_w2"]
    assert imported.trace.output is None
    assert "agent_name" not in imported.metadata


def test_a_human_messages_name_or_another_tracers_dump_names_no_agent(tmp_path: Path) -> None:
    named = [HUMAN[0], {**HUMAN[1], "name": "ann"}, ASKED, *TOOLS]
    answer = {"content": ANSWER, "type": "ai"}
    assert "agent_name" not in import_one(tmp_path, _invoke(named, answer, name="")).metadata
    other = _invoke([*HUMAN, ASKED, *TOOLS], answer)
    for built in other:
        built["attributes"].pop("langtrace.sdk.name", None)
    imported = import_one(tmp_path, other)
    assert "agent_name" not in imported.metadata
    assert imported.trace.output is None  # nor is its invoke read as a call

"""LangChain.js under OpenInference's JS instrumentation: what only its JSON values hold.

Shapes from ``langchain/langchain-js-openinference-2026-12-06b.json`` (langchain 1.5.14
``createAgent`` traced by @arizeai/openinference-instrumentation-langchain 4.1.1): the
flattened messages leave out a system prompt given as text parts and every call id, which
the LLM spans' serialised messages (``input.value`` / ``output.value``) hold; a TOOL span's
output is the run's ``{"output": <ToolMessage>}``; the agent's own span is a CHAIN named as
its metadata's ``lc_agent_name``. The Python instrumentation's shapes (all flattened, the
``ToolMessage`` alone, the agent's span AGENT) read as before.
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_openinference
from tests.helpers.langchain_js_messages import lc as _lc
from tests.helpers.span_builders import hex_span

_TRACE = "0x" + "cd" * 16
_SYSTEM = "You are a weather assistant."
_QUESTION = "What is the weather in Paris and in Tokyo?"
_ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."
_META = {"ls_integration": "langchain_create_agent", "lc_agent_name": "weather_agent"}
_CALL = "llm.output_messages.0.message.tool_calls"


_REQUESTS = [
    {"name": "get_weather", "args": {"city": "Paris"}, "type": "tool_call", "id": "call_w1"},
    {"name": "get_weather", "args": {"city": "Tokyo"}, "type": "tool_call", "id": "call_w2"},
]
_PROMPT = [
    _lc("SystemMessage", content=[{"type": "text", "text": _SYSTEM}]),
    _lc("HumanMessage", content=_QUESTION),
]
_TURN = _lc("AIMessage", content="", tool_calls=_REQUESTS)
_RESULTS = [
    _lc("ToolMessage", content="sunny, 22 C", tool_call_id="call_w1", status="success"),
    _lc("ToolMessage", content="rain, 17 C", tool_call_id="call_w2", status="success"),
]


def _span(name: str, span_id: int, parent: int | None, **attributes: Any) -> dict[str, Any]:
    return hex_span(name, span_id, parent, trace=_TRACE, **attributes)


def _flat_requests(prefix: str) -> dict[str, Any]:
    """Two get_weather requests as the JS instrumentation flattens them: no id."""
    out: dict[str, Any] = {}
    for j, city in enumerate(("Paris", "Tokyo")):
        out[f"{prefix}.{j}.tool_call.function.name"] = "get_weather"
        out[f"{prefix}.{j}.tool_call.function.arguments"] = json.dumps({"city": city})
    return out


def _model(span_id: int, prompt: list[dict[str, Any]], reply: dict[str, Any], **flat: Any) -> Any:
    return _span(
        "ChatOpenAI",
        span_id,
        1,
        **{
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini",
            "input.value": json.dumps({"messages": [prompt]}),
            "output.value": json.dumps({"generations": [[{"text": "", "message": reply}]]}),
            "metadata": json.dumps({**_META, "ls_integration": "langchain_chat_model"}),
            **flat,
        },
    )


def _tool(span_id: int, city: str, result: dict[str, Any]) -> dict[str, Any]:
    return _span(
        "get_weather",
        span_id,
        1,
        **{
            "openinference.span.kind": "TOOL",
            "tool.name": "get_weather",
            "input.value": city,
            "output.value": json.dumps({"output": result}),
            "metadata": json.dumps(_META),
        },
    )


def _js_run() -> list[dict[str, Any]]:
    """The root CHAIN ``weather_agent``, a node CHAIN, two model calls and two tool runs."""
    state = json.dumps({"messages": [{"role": "user", "content": _QUESTION}]})
    first = {
        "llm.input_messages.0.message.role": "system",
        "llm.input_messages.1.message.role": "user",
        "llm.input_messages.1.message.content": _QUESTION,
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "",
        **_flat_requests(_CALL),
    }
    second = {
        "llm.input_messages.0.message.role": "system",
        "llm.input_messages.1.message.role": "user",
        "llm.input_messages.1.message.content": _QUESTION,
        "llm.input_messages.2.message.role": "assistant",
        "llm.input_messages.2.message.content": "",
        **_flat_requests("llm.input_messages.2.message.tool_calls"),
        "llm.input_messages.3.message.role": "tool",
        "llm.input_messages.3.message.content": "sunny, 22 C",
        "llm.input_messages.4.message.role": "tool",
        "llm.input_messages.4.message.content": "rain, 17 C",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": _ANSWER,
    }
    return [
        _span(
            "weather_agent",
            1,
            None,
            **{
                "openinference.span.kind": "CHAIN",
                "input.value": state,
                "metadata": json.dumps(_META),
            },
        ),
        _span(
            "model_request",
            2,
            1,
            **{
                "openinference.span.kind": "CHAIN",
                "metadata": json.dumps({**_META, "langgraph_node": "model_request"}),
            },
        ),
        _model(3, _PROMPT, _TURN, **first),
        _tool(4, "Paris", _RESULTS[0]),
        _tool(5, "Tokyo", _RESULTS[1]),
        _model(6, [*_PROMPT, _TURN, *_RESULTS], _lc("AIMessage", content=_ANSWER), **second),
    ]


def _messages(spans: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    [imported] = from_openinference(spans)
    return [
        (m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id)
        for m in imported.trace.messages
    ]


def test_the_system_text_and_the_ids_come_from_the_serialised_messages() -> None:
    assert _messages(_js_run()) == [
        ("system", _SYSTEM, [], None),
        ("user", _QUESTION, [], None),
        ("assistant", None, ["call_w1", "call_w2"], None),
        ("tool", "sunny, 22 C", [], "call_w1"),
        ("tool", "rain, 17 C", [], "call_w2"),
        ("assistant", _ANSWER, [], None),
    ]


def test_the_ids_come_from_the_serialised_messages_with_no_tool_span() -> None:
    # the last model call alone: its serialised prompt names the requests and the results
    spans = _js_run()
    assert _messages([spans[0], spans[1], spans[5]])[2:5] == [
        ("assistant", None, ["call_w1", "call_w2"], None),
        ("tool", "sunny, 22 C", [], "call_w1"),
        ("tool", "rain, 17 C", [], "call_w2"),
    ]
    # the first alone: its serialised reply names its requests
    assert _messages(spans[:3])[2] == ("assistant", None, ["call_w1", "call_w2"], None)


def test_serialised_messages_that_do_not_line_up_give_nothing() -> None:
    # a prompt serialised with one message more than the flattened ones is not the same
    # list, nor a reply of no generation; no tool ran, so no result names the calls either
    spans = _js_run()[:3]
    given = json.loads(spans[2]["attributes"]["input.value"])["messages"][0]
    spans[2]["attributes"]["input.value"] = json.dumps({"messages": [[*given, given[-1]]]})
    spans[2]["attributes"]["output.value"] = json.dumps({"generations": []})
    assert _messages(spans) == [
        ("system", None, [], None),
        ("user", _QUESTION, [], None),
        ("assistant", None, [None, None], None),
    ]


def test_what_the_flattened_messages_say_stays() -> None:
    # Python's instrumentation flattens texts and ids: a serialised twin saying otherwise
    # changes nothing
    spans = _js_run()
    first = spans[2]["attributes"]
    first["llm.input_messages.0.message.content"] = "Flattened system text."
    first[f"{_CALL}.0.tool_call.id"] = "call_a"
    first[f"{_CALL}.1.tool_call.id"] = "call_b"
    [imported] = from_openinference(spans[:3])
    system, _, turn = imported.trace.messages
    assert system.content == "Flattened system text."
    assert [r.id for r in turn.tool_calls] == ["call_a", "call_b"]


def test_a_tool_runs_output_holding_a_tool_message_is_that_message() -> None:
    [imported] = from_openinference(_js_run())
    assert [(c.name, c.arguments, c.result, c.id, c.error) for c in imported.trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny, 22 C", "call_w1", None),
        ("get_weather", {"city": "Tokyo"}, "rain, 17 C", "call_w2", None),
    ]


def test_an_output_holding_anything_else_is_the_tools_own_result() -> None:
    spans = _js_run()[:1] + [_tool(4, "Paris", {"answer": "sunny"})]
    spans[1]["attributes"]["output.value"] = json.dumps({"output": "sunny, 22 C"})
    [imported] = from_openinference(spans)
    [call] = imported.trace.tool_calls
    assert call.result == {"output": "sunny, 22 C"}


def test_the_python_tool_message_reads_as_before() -> None:
    spans = _js_run()[:1] + [_tool(4, "Paris", {})]
    message = {"content": "sunny, 22 C", "tool_call_id": "call_w1", "status": "success"}
    spans[1]["attributes"]["output.value"] = json.dumps({"type": "tool", "data": message})
    [imported] = from_openinference(spans)
    [call] = imported.trace.tool_calls
    assert (call.result, call.id) == ("sunny, 22 C", "call_w1")


def test_a_chain_named_as_its_lc_agent_name_names_the_agent() -> None:
    [imported] = from_openinference(_js_run())
    assert imported.metadata["agent_name"] == "weather_agent"


def test_chains_named_otherwise_name_no_agent() -> None:
    # the nodes carry the same metadata under names of their own; a chain without the
    # metadata is no agent's either
    spans = _js_run()
    spans[0]["name"] = "LangGraph"
    [imported] = from_openinference(spans)
    assert imported.metadata.get("agent_name") is None
    spans[0]["name"] = "weather_agent"
    for span in spans:
        span["attributes"].pop("metadata", None)
    [imported] = from_openinference(spans)
    assert imported.metadata.get("agent_name") is None

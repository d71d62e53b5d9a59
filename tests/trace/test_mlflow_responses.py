"""MLflow's OpenAI autolog on the Responses API (``client.responses.create``), each rule on
small spans written as MLflow 3.17.2 exports them (tests/data/traces/mlflow/
mlflow-openai-responses-*): no ``mlflow.chat.messages``; a call's request is its keyword
arguments ``{"model", "instructions", "input", "tools"}`` (the system prompt only in
``instructions``, the second call's input holding the ``function_call`` items, ids ``fc_...``
and ``call_id``s, and the ``function_call_output`` items), its reply the ``Response``
object. Before, the instructions and the user's message were read nowhere and the two
``function_call`` items of a reply were one turn, after which the results came first.

The siblings keep their reading: a Chat Completions request (``{"messages"}``) and the
Agents SDK's generation, whose ``Response`` object was built from a Chat Completions reply,
are a turn requesting both calls.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, stepped_span
from tests.helpers.span_builders import mlflow_attributes as _attrs

TRACE = "e6" * 16
SYSTEM = "You are a weather assistant."
ASK = "What is the weather in Paris and in Tokyo?"
SAID = "Paris: sunny; Tokyo: rain."
RESULTS = {"Paris": "sunny, 22 C", "Tokyo": "rain, 17 C"}


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = None) -> Any:
    return stepped_span(n, name, attrs, trace=TRACE, parent=parent)


def _call_item(n: int, city: str) -> dict[str, Any]:
    """A ``function_call`` item as the openai SDK serialises it: item id, call id, nulls."""
    return {
        "arguments": json.dumps({"city": city}),
        "call_id": f"call_w{n}",
        "name": "get_weather",
        "type": "function_call",
        "id": f"fc_00{n}",
        "caller": None,
        "status": "completed",
    }


def _response(output: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": "resp_1",
        "object": "response",
        "model": "gpt-4o-mini-2024-07-18",
        "instructions": SYSTEM,
        "output": output,
        "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2},
    }


def _answer() -> dict[str, Any]:
    text = {"type": "output_text", "text": SAID, "annotations": []}
    return {"id": "msg_1", "type": "message", "role": "assistant", "content": [text]}


def _responses(n: int, given: Any, output: list[dict[str, Any]], **request: Any) -> Any:
    inputs = {"model": "gpt-4o-mini", **request, "input": given, "tools": []}
    more = {"mlflow.message.format": "openai", "mlflow.llm.model": "gpt-4o-mini-2024-07-18"}
    usage = {"mlflow.chat.tokenUsage": {"input_tokens": 10 * n, "output_tokens": n}}
    return _span(
        n, "Responses", _attrs("CHAT_MODEL", inputs, _response(output), **more, **usage), 1
    )


def _tool(n: int, city: str) -> Any:
    fn = {"mlflow.spanFunctionName": "get_weather"}
    return _span(n, "get_weather", _attrs("TOOL", {"city": city}, RESULTS[city], **fn), 1)


def _loop(question: str = ASK) -> Any:
    fn = {"mlflow.spanFunctionName": "weather_loop"}
    return _span(1, "weather_loop", _attrs("AGENT", {"question": question}, SAID, **fn))


def _tool_loop(**request: Any) -> list[Any]:
    """``weather_loop``: a call answered by two ``function_call`` items, the two tools, a
    second call given the items and their ``function_call_output``s."""
    asked = {"role": "user", "content": ASK}
    calls = [_call_item(1, "Paris"), _call_item(2, "Tokyo")]
    outputs = [
        {"type": "function_call_output", "call_id": f"call_w{n}", "output": RESULTS[city]}
        for n, city in ((1, "Paris"), (2, "Tokyo"))
    ]
    return [
        _loop(),
        _responses(2, [asked], calls, **request),
        _tool(3, "Paris"),
        _tool(4, "Tokyo"),
        _responses(5, [asked, *calls, *outputs], [_answer()], **request),
    ]


def _said(imported: Any) -> list[tuple[str, str | None, list[str | None], str | None]]:
    return [
        (m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id)
        for m in imported.trace.messages
    ]


def test_a_responses_tool_loop_reads_instructions_items_and_one_turn_per_call(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, _tool_loop(instructions=SYSTEM))
    assert _said(imported) == [
        ("system", SYSTEM, [], None),
        ("user", ASK, [], None),
        ("assistant", None, ["call_w1"], None),
        ("assistant", None, ["call_w2"], None),
        ("tool", RESULTS["Paris"], [], "call_w1"),
        ("tool", RESULTS["Tokyo"], [], "call_w2"),
        ("assistant", SAID, [], None),
    ]
    trace = imported.trace
    calls = [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls]
    assert calls == [
        ("get_weather", {"city": "Paris"}, RESULTS["Paris"], "call_w1"),
        ("get_weather", {"city": "Tokyo"}, RESULTS["Tokyo"], "call_w2"),
    ]
    assert (imported.input, trace.output) == (ASK, SAID)
    assert imported.metadata["model"] == "gpt-4o-mini"


def test_a_responses_request_without_instructions_starts_with_the_user(tmp_path: Path) -> None:
    said = _said(import_one(tmp_path, _tool_loop()))
    assert [role for role, *_ in said] == ["user", "assistant", "assistant", "tool", "tool"] + [
        "assistant"
    ]


def test_a_responses_input_given_as_text_is_the_users_message(tmp_path: Path) -> None:
    spans = [_loop(), _responses(2, ASK, [_answer()], instructions=SYSTEM)]
    assert _said(import_one(tmp_path, spans)) == [
        ("system", SYSTEM, [], None),
        ("user", ASK, [], None),
        ("assistant", SAID, [], None),
    ]


def _chat_turn() -> dict[str, Any]:
    requested = [
        {
            "id": f"call_w{n}",
            "type": "function",
            "function": {"name": "get_weather", "arguments": json.dumps({"city": city})},
        }
        for n, city in ((1, "Paris"), (2, "Tokyo"))
    ]
    return {"role": "assistant", "content": None, "tool_calls": requested}


def test_a_chat_completions_request_keeps_its_turn_of_two_calls(tmp_path: Path) -> None:
    """The autolog's ``chat.completions.create``: the request's ``messages``, the reply a
    ChatCompletion whose one message requests both calls."""
    first = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    results = [
        {"role": "tool", "tool_call_id": f"call_w{n}", "content": RESULTS[city]}
        for n, city in ((1, "Paris"), (2, "Tokyo"))
    ]

    def completion(message: dict[str, Any]) -> dict[str, Any]:
        return {"object": "chat.completion", "choices": [{"index": 0, "message": message}]}

    spans = [
        _loop(),
        _span(
            2, "Completions", _attrs("CHAT_MODEL", {"messages": first}, completion(_chat_turn())), 1
        ),
        _tool(3, "Paris"),
        _tool(4, "Tokyo"),
        _span(
            5,
            "Completions",
            _attrs(
                "CHAT_MODEL",
                {"messages": [*first, _chat_turn(), *results]},
                completion({"role": "assistant", "content": SAID}),
            ),
            1,
        ),
    ]
    said = _said(import_one(tmp_path, spans))
    assert said[2] == ("assistant", None, ["call_w1", "call_w2"], None)
    assert [role for role, *_ in said] == ["system", "user", "assistant", "tool", "tool"] + [
        "assistant"
    ]


def test_the_agents_sdk_generations_response_object_stays_one_turn(tmp_path: Path) -> None:
    """The Agents SDK's generation under MLflow: its input the message list, its output the
    ``Response`` object the SDK built from a Chat Completions reply: one turn, both calls."""
    first = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    reply = [_response([_call_item(1, "Paris"), _call_item(2, "Tokyo")])]
    fmt = {"mlflow.message.format": "openai-agent"}
    spans = [_loop(), _span(2, "Generation", _attrs("CHAT_MODEL", first, reply, **fmt), 1)]
    said = _said(import_one(tmp_path, spans))
    assert said[2] == ("assistant", None, ["call_w1", "call_w2"], None)

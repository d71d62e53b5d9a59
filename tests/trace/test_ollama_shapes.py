"""Agents on Ollama's native API, on small spans written the way their instrumentations write
them (tests/data/traces/*/*-ollama-2026-12-05.json): Ollama gives a tool call no id, and
sends a turn of calls with empty text.

- OpenLLMetry's and openlit's Ollama instrumentations record such a turn's reply without its
  calls (an assistant message with nothing in it); the next call's input holds the turn whole:
  one turn, not an empty message before it (`_silent_replies`);
- llama-index-llms-ollama gives each call the tool's name as its id: the results that say
  ``tool_call_id: get_weather`` for two calls name no call (`_name_ids`); so does
  llama-index-llms-google-genai on Gemini (tests/data/traces/llamaindex/
  llamaindex-google-2026-12-05.json), which writes the name on both requests too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "0a" * 16
SYSTEM = "You are a weather assistant."
ASK = "What is the weather in Paris and in Tokyo?"
ANSWER = "Paris is sunny; Tokyo has rain."


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = 1) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=n + 0.5)


def _flat(prefix: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """OpenLLMetry's flattened ``gen_ai.prompt.<i>.*`` / ``gen_ai.completion.<i>.*`` keys."""
    out: dict[str, Any] = {}
    for i, message in enumerate(messages):
        for key, value in message.items():
            if key == "tool_calls":
                for j, (name, arguments) in enumerate(value):
                    out[f"{prefix}.{i}.tool_calls.{j}.name"] = name
                    out[f"{prefix}.{i}.tool_calls.{j}.arguments"] = json.dumps(arguments)
            else:
                out[f"{prefix}.{i}.{key}"] = value
    return out


ASKED = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
TURN = {
    "role": "assistant",
    "tool_calls": [("get_weather", {"city": c}) for c in ("Paris", "Tokyo")],
}
RESULTS = [{"role": "tool", "content": "sunny"}, {"role": "tool", "content": "rain"}]


def _openllmetry_call(inputs: list[dict[str, Any]], output: dict[str, Any], usage: int) -> Any:
    return {
        "llm.request.type": "chat",
        "gen_ai.system": "Ollama",
        "gen_ai.request.model": "llama3.2",
        "gen_ai.usage.input_tokens": usage,
        "gen_ai.usage.output_tokens": 5,
        **_flat("gen_ai.prompt", inputs),
        **_flat("gen_ai.completion", [output]),
    }


def test_a_reply_recorded_without_its_calls_is_the_turn_the_next_input_holds(
    tmp_path: Path,
) -> None:
    # opentelemetry-instrumentation-ollama: the first completion is its role alone
    first = _openllmetry_call(ASKED, {"role": "assistant"}, 61)
    second = _openllmetry_call(
        [*ASKED, TURN, *RESULTS], {"role": "assistant", "content": ANSWER}, 118
    )
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_loop", {}, None),
            _span(2, "ollama.chat", first),
            _span(3, "ollama.chat", second),
        ],
    )
    messages = imported.trace.messages
    assert [m.role for m in messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]
    assert [r.name for r in messages[2].tool_calls] == ["get_weather", "get_weather"]
    assert [(c.arguments["city"], c.result) for c in imported.trace.tool_calls] == [
        ("Paris", "sunny"),
        ("Tokyo", "rain"),
    ]


def _parts(role: str, *parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": role, "parts": list(parts)}


def test_an_empty_parts_reply_is_the_turn_the_next_input_holds(tmp_path: Path) -> None:
    # openlit: the first output is {"role": "assistant", "parts": []}
    asked = [
        _parts("system", {"type": "text", "content": SYSTEM}),
        _parts("user", {"type": "text", "content": ASK}),
    ]
    calls = [
        {"type": "tool_call", "id": "", "name": "get_weather", "arguments": {"city": city}}
        for city in ("Paris", "Tokyo")
    ]
    turn = _parts("assistant", {"type": "text", "content": ""}, *calls)
    results = [_parts("tool", {"type": "text", "content": text}) for text in ("sunny", "rain")]

    def call(inputs: list[Any], outputs: list[Any]) -> dict[str, Any]:
        return {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": "ollama",
            "gen_ai.request.model": "llama3.2",
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
        }

    silent = call(asked, [{"role": "assistant", "parts": [], "finish_reason": "stop"}])
    answer = call(
        [*asked, turn, *results], [_parts("assistant", {"type": "text", "content": ANSWER})]
    )
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_loop", {}, None),
            _span(2, "chat llama3.2", silent),
            _span(3, "chat llama3.2", answer),
        ],
    )
    roles = [m.role for m in imported.trace.messages]
    assert roles == ["system", "user", "assistant", "tool", "tool", "assistant"]
    assert imported.trace.output == ANSWER


def test_a_silent_reply_no_later_input_records_stays(tmp_path: Path) -> None:
    # the last call's empty reply: nothing records the turn elsewhere, so nothing replaces it
    only = _openllmetry_call(ASKED, {"role": "assistant"}, 61)
    imported = import_one(
        tmp_path, [_span(1, "weather_loop", {}, None), _span(2, "ollama.chat", only)]
    )
    assert [m.role for m in imported.trace.messages] == ["system", "user", "assistant"]


def _oi_messages(prefix: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """OpenInference's ``llm.<input|output>_messages.<i>.message.*`` keys."""
    out: dict[str, Any] = {}
    for i, message in enumerate(messages):
        base = f"{prefix}.{i}.message"
        out[f"{base}.role"] = message["role"]
        if "content" in message:
            out[f"{base}.content"] = message["content"]
        if "tool_call_id" in message:
            out[f"{base}.tool_call_id"] = message["tool_call_id"]
        for j, (name, arguments, *given) in enumerate(message.get("tool_calls", [])):
            call = f"{base}.tool_calls.{j}.tool_call"
            out[f"{call}.function.name"] = name
            out[f"{call}.function.arguments"] = json.dumps(arguments)
            if given:
                out[f"{call}.id"] = given[0]
    return out


def _llamaindex(results_say: list[str | None], requests: list[str | None]) -> list[Any]:
    """A FunctionAgent's two LLM calls (no tool spans): the requests with the given ids, the
    results answering them with `results_say` as their tool_call_id."""
    asked = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    calls = [
        ("get_weather", {"city": city}, *([given] if given else []))
        for city, given in zip(("Paris", "Tokyo"), requests, strict=True)
    ]
    turn = {"role": "assistant", "tool_calls": calls}
    results = [
        {"role": "tool", "content": text, **({"tool_call_id": said} if said else {})}
        for text, said in zip(("sunny", "rain"), results_say, strict=True)
    ]
    llm = {"openinference.span.kind": "LLM", "llm.model_name": "llama3.2"}
    first = {
        **llm,
        **_oi_messages("llm.input_messages", asked),
        **_oi_messages("llm.output_messages", [turn]),
    }
    second = {
        **llm,
        **_oi_messages("llm.input_messages", [*asked, turn, *results]),
        **_oi_messages("llm.output_messages", [{"role": "assistant", "content": ANSWER}]),
    }
    run = {"openinference.span.kind": "CHAIN"}
    return [
        _span(1, "FunctionAgent.run", run, None),
        _span(2, "Ollama.astream_chat", first),
        _span(3, "Ollama.astream_chat", second),
    ]


def test_a_tools_name_written_as_its_results_call_id_is_no_id(tmp_path: Path) -> None:
    # llama-index-llms-ollama: tool_id = the tool's name, the same for both calls
    imported = import_one(tmp_path, _llamaindex(["get_weather", "get_weather"], [None, None]))
    messages = imported.trace.messages
    assert [m.role for m in messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]
    assert [m.tool_call_id for m in messages if m.role == "tool"] == [None, None]
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [
        (None, "sunny"),
        (None, "rain"),
    ]


def test_an_id_a_request_carries_stands_even_when_it_is_the_tools_name(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _llamaindex(["get_weather", "w2"], ["get_weather", "w2"]))
    tool_ids = [m.tool_call_id for m in imported.trace.messages if m.role == "tool"]
    assert tool_ids == ["get_weather", "w2"]


def test_a_tools_name_two_requests_carry_as_their_id_is_no_id(tmp_path: Path) -> None:
    # llama-index-llms-google-genai on Gemini (no ids): the tool's name on the requests too
    imported = import_one(
        tmp_path, _llamaindex(["get_weather", "get_weather"], ["get_weather", "get_weather"])
    )
    requests = [r.id for m in imported.trace.messages for r in m.tool_calls]
    assert requests == [None, None]
    assert [m.tool_call_id for m in imported.trace.messages if m.role == "tool"] == [None, None]
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [
        (None, "sunny"),
        (None, "rain"),
    ]

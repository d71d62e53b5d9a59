"""LiteLLM's own OpenTelemetry spans (``litellm.callbacks = ["otel"]``) and
openinference-instrumentation-litellm's, on small spans written the way litellm 1.110.2 and
openinference-instrumentation-litellm 0.1.51 write them (tests/data/traces/litellm/).

Before, on a tool loop traced by LiteLLM's callback:

- its ``gen_ai.input.messages`` put OpenAI's ``tool_calls`` and ``tool_call_id`` beside the
  parts, which were read as a turn without requests and tool messages answering no call: no
  tool call at all;
- a tool-call reply's calls are only ``gen_ai.completion.{i}.function_call.*``: a trace of
  that call alone (a streamed call is one) lost them;
- its ``raw_gen_ai_request`` spans (``llm.<provider>.*`` Python reprs) were not read, and
  where LiteLLM writes every call's attributes on the application's span (its default since
  1.81, the last call overwriting the others) the first call's usage was lost: 118/21 of
  179/55;
- OpenInference's flattened tool messages carry no ``tool_call_id``: the results answered no
  call;
- on a provider LiteLLM calls in its own API (``gemini/``, ``bedrock/``, ``ollama_chat/``) the
  raw spans hold that API's request and reply (``llm.gemini.contents`` / ``candidates`` /
  ``usageMetadata``, ``llm.bedrock.output`` / ``usage``, ``llm.ollama_chat.message`` /
  ``prompt_eval_count``): they were not read, and the first call's usage was lost again;
- a call that failed at the provider (HTTP 500, raised) leaves its request and error on the
  application's span beside the earlier call's reply: that reply, the turn the request
  replays, was read as the failed call's, the turn said twice.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "2a" * 16
SYSTEM = "You are a weather assistant."
ASK = "What is the weather in Oslo and in Rome?"
ANSWER = "Oslo has snow; Rome is sunny."
CALLS = [("call_o", "Oslo", "snow, -3 C"), ("call_r", "Rome", "sunny, 19 C")]


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _parts(role: str, text: str, **beside: Any) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": text}], **beside}


def _openai_calls() -> list[dict[str, Any]]:
    return [
        {
            "id": cid,
            "type": "function",
            "function": {"name": "get_weather", "arguments": json.dumps({"city": city})},
        }
        for cid, city, _ in CALLS
    ]


def _history() -> list[dict[str, Any]]:
    """The second call's input as LiteLLM writes it: parts, OpenAI's keys beside them."""
    return [
        _parts("system", SYSTEM),
        _parts("user", ASK),
        _parts("assistant", "", tool_calls=_openai_calls()),
        *[_parts("tool", result, tool_call_id=cid) for cid, _, result in CALLS],
    ]


def _call_attrs(inputs: list[Any], output: str, finish: str, usage: tuple[int, int]) -> Any:
    return {
        "gen_ai.operation.name": "chat",
        "gen_ai.system": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.response.model": "gpt-4o-mini-2024-07-18",
        "litellm.call_id": "x",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(
            [{**_parts("assistant", output), "finish_reason": finish}]
        ),
        "gen_ai.response.finish_reasons": [finish],
        "gen_ai.usage.input_tokens": usage[0],
        "gen_ai.usage.output_tokens": usage[1],
    }


_FIRST_CALLS = {
    f"gen_ai.completion.{i}.function_call.{key}": value
    for i, (_, city, _) in enumerate(CALLS)
    for key, value in (("name", "get_weather"), ("arguments", json.dumps({"city": city})))
}


def _raw(messages: list[Any], message: dict[str, Any], usage: tuple[int, int]) -> Any:
    """A ``raw_gen_ai_request`` span's attributes: Python reprs, as LiteLLM writes them."""
    return {
        "llm.openai.messages": repr(messages),
        "llm.openai.choices": repr([{"finish_reason": "x", "index": 0, "message": message}]),
        "llm.openai.usage": repr({"prompt_tokens": usage[0], "completion_tokens": usage[1]}),
        "llm.openai.model": "gpt-4o-mini-2024-07-18",
    }


def _raw_history() -> list[dict[str, Any]]:
    return [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": ASK},
        {"role": "assistant", "tool_calls": _openai_calls()},
        *[{"role": "tool", "tool_call_id": cid, "content": r} for cid, _, r in CALLS],
    ]


def _conversation(imported: Any) -> list[tuple[str, Any, Any, list[Any]]]:
    return [
        (m.role, m.content, m.tool_call_id, [r.id or r.name for r in m.tool_calls])
        for m in imported.trace.messages
    ]


_FULL = [
    ("system", SYSTEM, None, []),
    ("user", ASK, None, []),
    ("assistant", None, None, ["call_o", "call_r"]),
    ("tool", "snow, -3 C", "call_o", []),
    ("tool", "sunny, 19 C", "call_r", []),
    ("assistant", ANSWER, None, []),
]


def test_tool_calls_and_ids_beside_the_parts_are_the_turns_requests_and_answers(
    tmp_path: Path,
) -> None:
    second = _call_attrs(_history(), ANSWER, "stop", (90, 12))
    imported = import_one(tmp_path, [_span(1, "litellm_request", second)])
    assert _conversation(imported) == _FULL
    assert [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls] == [
        ("get_weather", {"city": city}, result, cid) for cid, city, result in CALLS
    ]


def test_a_tool_call_reply_is_read_from_its_flattened_function_calls(tmp_path: Path) -> None:
    first = _call_attrs([_parts("system", SYSTEM), _parts("user", ASK)], "", "tool_calls", (40, 20))
    imported = import_one(tmp_path, [_span(1, "litellm_request", {**first, **_FIRST_CALLS})])
    [turn] = [m for m in imported.trace.messages if m.role == "assistant"]
    assert [(r.name, r.arguments) for r in turn.tool_calls] == [
        ("get_weather", {"city": "Oslo"}),
        ("get_weather", {"city": "Rome"}),
    ]


def test_an_earlier_calls_leftover_function_calls_are_not_the_answers(tmp_path: Path) -> None:
    """The application's span the second call overwrote keeps the first's function_call keys
    beside the second's answer (finish reason ``stop``): they are not that answer's calls."""
    second = {**_call_attrs(_history(), ANSWER, "stop", (90, 12)), **_FIRST_CALLS}
    imported = import_one(tmp_path, [_span(1, "weather_loop", second)])
    assert _conversation(imported) == _FULL


def test_calls_written_on_the_application_span_are_counted_from_their_raw_spans(
    tmp_path: Path,
) -> None:
    """LiteLLM's default inside an application span: the span holds the last call's
    attributes (and the first's leftover function calls), each call's own record is a
    ``raw_gen_ai_request`` under it. Each call once: 40+90, 20+12."""
    start = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    reply = {"role": "assistant", "content": None, "tool_calls": _openai_calls()}
    answer = {"role": "assistant", "content": ANSWER}
    app = {**_call_attrs(_history(), ANSWER, "stop", (90, 12)), **_FIRST_CALLS}
    spans = [
        _span(1, "weather_loop", app),
        _span(2, "raw_gen_ai_request", _raw(start, reply, (40, 20)), parent=1),
        _span(3, "raw_gen_ai_request", _raw(_raw_history(), answer, (90, 12)), parent=1),
    ]
    imported = import_one(tmp_path, spans)
    assert _conversation(imported) == _FULL
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (130, 32)
    assert imported.metadata["model"] == "gpt-4o-mini"
    assert [c.id for c in imported.trace.tool_calls] == ["call_o", "call_r"]


def test_a_call_span_and_its_raw_span_are_one_call(tmp_path: Path) -> None:
    """``USE_OTEL_LITELLM_REQUEST_SPAN``: a ``litellm_request`` per call, its raw span under
    it; the raw span's reply gives the calls' ids the call span's empty reply leaves out."""
    start = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    reply = {"role": "assistant", "content": None, "tool_calls": _openai_calls()}
    first = _call_attrs([_parts("system", SYSTEM), _parts("user", ASK)], "", "tool_calls", (40, 20))
    spans = [
        _span(1, "litellm_request", {**first, **_FIRST_CALLS}),
        _span(2, "raw_gen_ai_request", _raw(start, reply, (40, 20)), parent=1),
    ]
    imported = import_one(tmp_path, spans)
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (40, 20)
    [turn] = [m for m in imported.trace.messages if m.role == "assistant"]
    assert [r.id for r in turn.tool_calls] == ["call_o", "call_r"]


def test_a_raw_span_of_odd_values_records_no_call(tmp_path: Path) -> None:
    odd = {"llm.openai.messages": 7, "llm.openai.choices": "[{'message': ", "llm.openai.usage": []}
    spans = [
        _span(1, "litellm_request", _call_attrs([_parts("user", ASK)], ANSWER, "stop", (5, 2)))
    ]
    spans.append(_span(2, "raw_gen_ai_request", odd, parent=1))
    imported = import_one(tmp_path, spans)
    assert imported.trace.output == ANSWER
    assert imported.trace.usage.input_tokens == 5


def test_openinference_tool_messages_take_their_ids_from_the_request_value(
    tmp_path: Path,
) -> None:
    """openinference-instrumentation-litellm flattens the tool messages without their
    ``tool_call_id``; ``input.value`` holds the request's messages with them."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "openai/gpt-4o-mini",
        "input.value": json.dumps({"messages": _raw_history()}),
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": ANSWER,
        "llm.token_count.prompt": 90,
        "llm.token_count.completion": 12,
    }
    for i, m in enumerate(_raw_history()):
        attrs[f"llm.input_messages.{i}.message.role"] = m["role"]
        if m.get("content"):
            attrs[f"llm.input_messages.{i}.message.content"] = m["content"]
        for j, c in enumerate(m.get("tool_calls") or []):
            key = f"llm.input_messages.{i}.message.tool_calls.{j}.tool_call"
            attrs[f"{key}.id"] = c["id"]
            attrs[f"{key}.function.name"] = c["function"]["name"]
            attrs[f"{key}.function.arguments"] = c["function"]["arguments"]
    imported = import_one(tmp_path, [_span(1, "completion", attrs)])
    assert _conversation(imported) == _FULL
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [
        (cid, result) for cid, _, result in CALLS
    ]
    assert imported.metadata["model"] == "openai/gpt-4o-mini"


def _app_span() -> Any:
    return _span(
        1, "weather_loop", {**_call_attrs(_history(), ANSWER, "stop", (90, 12)), **_FIRST_CALLS}
    )


def _gemini_call(name: str, city: str) -> dict[str, Any]:
    return {"function_call": {"name": name, "args": {"city": city}}}


def test_gemini_raw_spans_are_the_calls_named_by_the_clients_ids(tmp_path: Path) -> None:
    """``gemini/...``: each raw span the Gemini API's request and reply (no ids; a tool's
    result sent as ``{'content': ...}``); the ids are LiteLLM's, only in the application
    span's history. Each call once, the turn once, the results as the loop sent them."""
    asked = [_gemini_call("get_weather", city) for _, city, _ in CALLS]
    answers = [
        {"function_response": {"name": "get_weather", "response": {"content": r}}}
        for _, _, r in CALLS
    ]
    user = {"role": "user", "parts": [{"text": ASK}]}
    system = repr({"parts": [{"text": SYSTEM}]})

    def raw(contents: list[Any], parts: list[Any], usage: tuple[int, int]) -> dict[str, Any]:
        reply = [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}]
        return {
            "llm.gemini.contents": repr(contents),
            "llm.gemini.system_instruction": system,
            "llm.gemini.candidates": repr(reply).replace("function_call", "functionCall"),
            "llm.gemini.usageMetadata": repr(
                {"promptTokenCount": usage[0], "candidatesTokenCount": usage[1]}
            ),
            "llm.gemini.modelVersion": "gemini-2.5-flash",
        }

    history = [user, {"role": "model", "parts": asked}, {"role": "user", "parts": answers}]
    spans = [
        _app_span(),
        _span(2, "raw_gen_ai_request", raw([user], asked, (40, 20)), parent=1),
        _span(3, "raw_gen_ai_request", raw(history, [{"text": ANSWER}], (90, 12)), parent=1),
    ]
    imported = import_one(tmp_path, spans)
    assert _conversation(imported) == _FULL
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (130, 32)
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [
        (cid, result) for cid, _, result in CALLS
    ]


def test_raw_spans_holding_only_replies_are_the_calls(tmp_path: Path) -> None:
    """``bedrock/...``: each raw span only the Converse reply (``output``, ``usage``); two
    replies, not the same: two calls the application span wraps, each counted once."""

    def raw(content: list[Any], usage: tuple[int, int]) -> dict[str, Any]:
        return {
            "llm.bedrock.output": repr({"message": {"role": "assistant", "content": content}}),
            "llm.bedrock.stopReason": "end_turn",
            "llm.bedrock.usage": repr({"inputTokens": usage[0], "outputTokens": usage[1]}),
        }

    uses = [
        {"toolUse": {"toolUseId": cid, "name": "get_weather", "input": {"city": city}}}
        for cid, city, _ in CALLS
    ]
    spans = [
        _app_span(),
        _span(2, "raw_gen_ai_request", raw(uses, (40, 20)), parent=1),
        _span(3, "raw_gen_ai_request", raw([{"text": ANSWER}], (90, 12)), parent=1),
    ]
    imported = import_one(tmp_path, spans)
    assert _conversation(imported) == _FULL
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (130, 32)
    assert [c.id for c in imported.trace.tool_calls] == ["call_o", "call_r"]


def test_ollama_raw_replies_without_ids_are_the_turns_the_history_names(
    tmp_path: Path,
) -> None:
    """``ollama_chat/...``: each raw span Ollama's reply alone, its calls without ids; the
    history on the application span names them (LiteLLM's ids): one turn, not two."""

    def raw(message: dict[str, Any], usage: tuple[int, int]) -> dict[str, Any]:
        return {
            "llm.ollama_chat.model": "llama3.2",
            "llm.ollama_chat.message": repr(message),
            "llm.ollama_chat.done": True,
            "llm.ollama_chat.prompt_eval_count": usage[0],
            "llm.ollama_chat.eval_count": usage[1],
        }

    calls = [
        {"function": {"name": "get_weather", "arguments": {"city": city}}} for _, city, _ in CALLS
    ]
    asked = {"role": "assistant", "content": "", "tool_calls": calls}
    spans = [
        _app_span(),
        _span(2, "raw_gen_ai_request", raw(asked, (40, 20)), parent=1),
        _span(
            3,
            "raw_gen_ai_request",
            raw({"role": "assistant", "content": ANSWER}, (90, 12)),
            parent=1,
        ),
    ]
    imported = import_one(tmp_path, spans)
    assert _conversation(imported) == _FULL
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (130, 32)
    assert [c.id for c in imported.trace.tool_calls] == ["call_o", "call_r"]


def test_the_proxys_async_call_is_a_model_call(tmp_path: Path) -> None:
    """The LiteLLM proxy calls ``litellm.acompletion``: its ``litellm_request`` names the
    operation ``acompletion`` (``gen_ai.operation.name`` and ``llm.request.type``), and a
    streamed call's raw span holds only the request. Before, the call was no model call: no
    answer, usage or model (litellm-proxy-streamed)."""
    call = {
        **_call_attrs(_history(), ANSWER, "stop", (90, 12)),
        "gen_ai.operation.name": "acompletion",
        "llm.request.type": "acompletion",
        "llm.is_streaming": True,
    }
    request = {"llm.openai.messages": repr(_raw_history()), "llm.openai.stream": True}
    spans = [
        _span(1, "Received Proxy Server Request", {"http.route": "/v1/chat/completions"}),
        _span(2, "litellm_request", call, parent=1),
        _span(3, "raw_gen_ai_request", request, parent=2),
    ]
    imported = import_one(tmp_path, spans)
    assert _conversation(imported) == _FULL
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (90, 12)
    assert (imported.trace.output, imported.metadata["model"]) == (ANSWER, "gpt-4o-mini")


def test_a_call_the_proxy_answered_from_its_cache_spent_no_tokens(tmp_path: Path) -> None:
    """With its cache on, the LiteLLM proxy answers a request it has seen with the stored
    reply, whose usage its ``litellm_request`` repeats; only ``hidden_params``' ``cache_key``
    (set on a cache hit alone) says no model was called. A ``guardrail`` span under each call
    (OpenInference's kind ``GUARDRAIL``) is a check, no tool call. Before, the cached call's
    stored usage was counted again: 179/55 where the run spent 118/21
    (litellm-proxy-cache)."""
    hidden = {"cache_key": "01a1b7", "response_cost": 0.0, "litellm_model_name": "gpt-4o-mini"}
    cached = {
        **_call_attrs(_history()[:2], "", "tool_calls", (61, 34)),
        **_FIRST_CALLS,
        "gen_ai.operation.name": "acompletion",
        "hidden_params": json.dumps(hidden),
    }
    answered = {
        **_call_attrs(_history(), ANSWER, "stop", (118, 21)),
        "gen_ai.operation.name": "acompletion",
        "hidden_params": json.dumps({**hidden, "cache_key": None, "response_cost": 3e-05}),
    }
    guard = {
        "openinference.span.kind": "GUARDRAIL",
        "guardrail_name": "weather-topic",
        "guardrail_mode": "pre_call",
        "guardrail_response": '"allow"',
    }
    spans = [
        _span(1, "weather_loop", {}),
        _span(2, "litellm_request", cached, parent=1),
        _span(3, "guardrail", guard, parent=2),
        _span(4, "litellm_request", answered, parent=1),
        _span(5, "guardrail", guard, parent=4),
    ]
    imported = import_one(tmp_path, spans)
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (118, 21)
    assert _conversation(imported) == _FULL
    assert [c.id for c in imported.trace.tool_calls] == ["call_o", "call_r"]


_FAILED = {
    "error.code": "500",
    "http.response.status_code": "500",
    "error.type": "InternalServerError",
    "error.message": "litellm.InternalServerError: OpenAIException - The server had an error.",
    "error.llm_provider": "openai",
}


def _failed_loop(app: dict[str, Any]) -> list[Any]:
    start = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    reply = {"role": "assistant", "content": None, "tool_calls": _openai_calls()}
    return [
        _span(1, "weather_loop", app),
        _span(2, "raw_gen_ai_request", _raw(start, reply, (40, 20)), parent=1),
    ]


def test_a_call_that_failed_at_the_provider_has_no_reply(tmp_path: Path) -> None:
    """litellm 1.110.2 (litellm-otel-provider-error): the loop's second call raises (HTTP
    500) and has no span; the application's span holds its request (the history, the
    tool-call turn replayed with an empty text part) and its error beside what the first call
    left (its usage, an empty reply asking for tools, the flattened function calls). The
    first call's raw span is the turn; the failed call said nothing: the conversation ends at
    the results."""
    app = {
        **_call_attrs(_history(), "", "tool_calls", (40, 20)),
        **_FIRST_CALLS,
        **_FAILED,
    }
    app["gen_ai.output.messages"] = json.dumps(
        [{"role": "assistant", "parts": [], "finish_reason": "tool_calls"}]
    )
    imported = import_one(tmp_path, _failed_loop(app))
    assert _conversation(imported) == _FULL[:-1]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (40, 20)
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [
        (cid, result) for cid, _, result in CALLS
    ]
    assert imported.trace.output is None


def test_a_failure_a_later_call_overwrote_keeps_that_calls_answer(tmp_path: Path) -> None:
    """A router's retry that then succeeded (litellm-otel-router-retry): the failure's
    ``error.*`` stay beside the answering call's attributes; the answer is no turn of the
    request, so it is the reply, as before."""
    app = {**_call_attrs(_history(), ANSWER, "stop", (90, 12)), **_FIRST_CALLS, **_FAILED}
    answer = {"role": "assistant", "content": ANSWER}
    spans = [
        *_failed_loop(app),
        _span(3, "raw_gen_ai_request", _raw(_raw_history(), answer, (90, 12)), parent=1),
    ]
    imported = import_one(tmp_path, spans)
    assert _conversation(imported) == _FULL
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (130, 32)


def test_a_reply_that_repeats_the_turn_without_a_failure_is_the_reply(tmp_path: Path) -> None:
    """Only a failure LiteLLM recorded makes the turn an earlier call's: a call that asked for
    the same tools again, with no error, said so."""
    app = {**_call_attrs(_history(), "", "tool_calls", (90, 12)), **_FIRST_CALLS}
    imported = import_one(tmp_path, [_span(1, "litellm_request", app)])
    turns = [m for m in imported.trace.messages if m.role == "assistant"]
    assert len(turns) == 2

"""Genkit's own tracer (genkit-2026-12-07b, genkit-flow-2026-12-07b): its ``model`` and tool
actions, its ``generate`` and its flows (`fourfold.integrations.otel._genkit`).

Genkit writes no ``gen_ai.*`` attribute: each action is a span with ``genkit:type``,
``genkit:metadata:subtype``, ``genkit:name`` and its input and output as JSON. A ``model``
action is one model call (Genkit's messages and parts, usage as floats), a ``tool.v2`` action
one tool call whose output is Genkit's ``{output}`` envelope, ``generate`` the wrapper of its
tool loop (its usage the last call's only: not added), a ``flow`` the application's workflow
(its input the run's, its output the answer; no agent). Spans that only look alike (a GenAI
tool span whose result has an ``output`` key, an instrumentation's model call inside Genkit's)
are read as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "6e" * 16
SYSTEM = "You are a weather assistant."
QUESTION = "What is the weather in Paris?"
ANSWER = "Paris is sunny at 22 C."
MODEL = "openai/gpt-4o-mini"


def _genkit(
    n: int, name: str, parent: int | None, kind: str, subtype: str | None, given: Any, out: Any
) -> dict[str, Any]:
    """Genkit's span of one action, its input and output as JSON (spans start at second n)."""
    attrs = {"genkit:name": name, "genkit:type": kind, "genkit:state": "success"}
    if subtype is not None:
        attrs["genkit:metadata:subtype"] = subtype
    attrs["genkit:input"] = json.dumps(given)
    if out is not None:
        attrs["genkit:output"] = json.dumps(out)
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=30.0 - n)


def _said(role: str, *parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": role, "content": list(parts)}


ASKED = [_said("system", {"text": SYSTEM}), _said("user", {"text": QUESTION})]
REQUEST = _said(
    "model", {"toolRequest": {"ref": "call_1", "name": "get_weather", "input": {"city": "Paris"}}}
)
RESULT = _said(
    "tool", {"toolResponse": {"ref": "call_1", "name": "get_weather", "output": "sunny, 22 C"}}
)
REPLY = _said("model", {"text": ANSWER})


def _response(message: dict[str, Any], tokens: tuple[float, float] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"message": message, "finishReason": "stop"}
    if tokens is not None:
        out["usage"] = {"inputTokens": tokens[0], "outputTokens": tokens[1]}
    return out


def _loop(
    parent: int | None = None, *, counted: bool = True, start: int = 1
) -> list[dict[str, Any]]:
    """``generate`` running one tool call: model, tool, model (the last call's usage again on
    ``generate``, as Genkit writes its response)."""
    first, second = ((61.0, 34.0), (118.0, 21.0)) if counted else (None, None)
    n = start
    return [
        _genkit(
            n,
            "generate",
            parent,
            "util",
            None,
            {"model": MODEL, "messages": ASKED, "tools": ["get_weather"]},
            _response(REPLY, (118.0, 21.0)),
        ),
        _genkit(
            n + 1,
            MODEL,
            n,
            "action",
            "model",
            {"messages": ASKED, "tools": []},
            _response(REQUEST, first),
        ),
        _genkit(
            n + 2,
            "get_weather",
            n,
            "action",
            "tool.v2",
            {"city": "Paris"},
            {"output": "sunny, 22 C"},
        ),
        _genkit(
            n + 3,
            MODEL,
            n,
            "action",
            "model",
            {"messages": [*ASKED, REQUEST, RESULT], "tools": []},
            _response(REPLY, second),
        ),
    ]


def test_a_generate_loop_is_its_model_calls_and_its_tool_call(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _loop())
    trace = imported.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),
        ("user", QUESTION, None),
        ("assistant", None, None),
        ("tool", "sunny, 22 C", "call_1"),
        ("assistant", ANSWER, None),
    ]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Paris"},
        "sunny, 22 C",  # out of Genkit's {"output": ...} envelope
        "call_1",  # the request's ref: the tool span carries none
    )
    assert (imported.input, trace.output) == (QUESTION, ANSWER)
    # each model call once; generate's usage, the last call's, is not added
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (179, 55)
    assert trace.metadata["model"] == MODEL
    assert trace.metadata.get("agent_name") is None


def test_generate_alone_gives_no_usage_of_the_loop(tmp_path: Path) -> None:
    # model calls with no counts: generate's usage is its last call's, not the run's
    trace = import_one(tmp_path, _loop(counted=False)).trace
    assert not trace.usage.known
    assert trace.output == ANSWER


def _flow(given: Any, returned: Any) -> dict[str, Any]:
    flow = _genkit(0, "weather_flow", None, "action", "flow", given, returned)
    flow["attributes"]["genkit:metadata:flow:name"] = "weather_flow"
    return flow


def test_a_flow_gives_the_run_its_input_and_its_answer_and_no_agent(tmp_path: Path) -> None:
    asked = "Paris?"  # the flow's own input, apart from the prompt it built
    imported = import_one(tmp_path, [_flow(asked, "Sunny."), *_loop(0)])
    assert (imported.input, imported.trace.output) == (asked, "Sunny.")
    assert imported.trace.metadata.get("agent_name") is None  # a flow is a workflow
    assert [m.content for m in imported.trace.messages][-1] == ANSWER


def test_a_flow_of_parameters_asks_nothing(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_flow({"city": "Paris"}, {"sky": "sunny"}), *_loop(0)])
    assert imported.input == QUESTION  # the first user message
    assert imported.trace.structured == {"sky": "sunny"}


def test_a_tool_that_raised_is_a_failed_call_with_no_result(tmp_path: Path) -> None:
    # Genkit's generate raises what the tool raised: no model call after it
    spans = _loop()[:3]
    tool = spans[2]
    tool["attributes"].pop("genkit:output")
    tool["attributes"].update({"genkit:state": "error", "genkit:error": "no such city"})
    tool["status"] = {"code": 2, "message": "no such city"}
    tool["events"] = [
        {
            "name": "exception",
            "attributes": {"exception.type": "ValueError", "exception.message": "no such city"},
        }
    ]
    [call] = import_one(tmp_path, spans).trace.tool_calls
    assert (call.name, call.result, call.id) == ("get_weather", None, "call_1")
    assert call.error is not None and "no such city" in call.error


def test_a_genai_tool_result_with_an_output_key_is_kept_whole(tmp_path: Path) -> None:
    # only Genkit's tool.v2 envelope is unwrapped: another tracer's {"output": ...} is the
    # tool's own object
    tool = span(
        1,
        "execute_tool get_weather",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.arguments": json.dumps({"city": "Paris"}),
            "gen_ai.tool.call.result": json.dumps({"output": "sunny"}),
        },
        trace=TRACE,
    )
    [call] = import_one(tmp_path, [tool]).trace.tool_calls
    assert call.result == {"output": "sunny"}


def test_a_model_call_an_instrumentation_records_inside_genkits_counts_once(
    tmp_path: Path,
) -> None:
    # the OpenAI instrumentation's chat span under Genkit's model action: the same call
    spans = _loop()
    inner = span(
        9,
        "chat gpt-4o-mini",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.input.messages": json.dumps(
                [{"role": "system", "content": SYSTEM}, {"role": "user", "content": QUESTION}]
            ),
            "gen_ai.usage.input_tokens": 61,
            "gen_ai.usage.output_tokens": 34,
        },
        trace=TRACE,
        parent=2,
        start=2.1,
        end=2.2,
    )
    trace = import_one(tmp_path, [*spans, inner]).trace
    assert [m.role for m in trace.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (179, 55)

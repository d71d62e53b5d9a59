"""The openai JS client streamed under OpenInference's JS instrumentation and core wrappers.

Shapes from ``openai/openinference-openai-js-streamed-2026-12-06c.json`` (openai 7.60.0,
@arizeai/openinference-instrumentation-openai 4.2.7, @arizeai/openinference-core 2.7.1): the
instrumentation keys each streamed tool-call piece by its place in its chunk, so the first
reply's two calls are recorded as one run together (``call_w1call_w2``,
``get_weatherget_weather``), while the next input replays the turn whole
(`_run_together`); ``traceTool``'s TOOL spans name no tool and no call and take the bare
city, matched to the requests by their arguments, in whatever order the spans came
(`_call_requests`); ``traceAgent``'s AGENT span names the agent by its span name
(`_traced_agents`). BeeAI's run-together turn, tool spans naming their tool, and other
scopes' AGENT spans read as before.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fourfold.integrations import ImportedTrace, from_openinference
from tests.helpers.span_builders import hex_span

_TRACE = "0x" + "cd" * 16
_SYSTEM = "You are a weather assistant."
_QUESTION = "What is the weather in Paris and in Tokyo?"
_ANSWER = "Paris is sunny at 22 C; Tokyo has rain at 17 C."
_CORE = "openinference-core"
_JS = "@arizeai/openinference-instrumentation-openai"
_OUT = "llm.output_messages.0.message"
_TURN = "llm.input_messages.2.message"


def _span(
    name: str, span_id: int, parent: int | None, scope: str | None, start: int, **attributes: Any
) -> dict[str, Any]:
    return hex_span(
        name, span_id, parent, trace=_TRACE, start=start, end=start + 10, scope=scope, **attributes
    )


def _prompt() -> dict[str, Any]:
    return {
        "llm.input_messages.0.message.role": "system",
        "llm.input_messages.0.message.content": _SYSTEM,
        "llm.input_messages.1.message.role": "user",
        "llm.input_messages.1.message.content": _QUESTION,
    }


def _replay() -> dict[str, Any]:
    """The next input's copy of the turn, as the application sent it back: two calls."""
    out: dict[str, Any] = {f"{_TURN}.role": "assistant"}
    for j, city in enumerate(("Paris", "Tokyo")):
        out[f"{_TURN}.tool_calls.{j}.tool_call.id"] = f"call_w{j + 1}"
        out[f"{_TURN}.tool_calls.{j}.tool_call.function.name"] = "get_weather"
        out[f"{_TURN}.tool_calls.{j}.tool_call.function.arguments"] = json.dumps({"city": city})
    for k, result in enumerate(("sunny, 22 C", "rain, 17 C")):
        out[f"llm.input_messages.{3 + k}.message.role"] = "tool"
        out[f"llm.input_messages.{3 + k}.message.content"] = result
        out[f"llm.input_messages.{3 + k}.message.tool_call_id"] = f"call_w{k + 1}"
    return out


def _run(
    *,
    merged_id: str = "call_w1call_w2",
    merged_name: str = "get_weatherget_weather",
    tool_name: str | None = None,
    scope: str | None = _CORE,
    tools_first: str = "Paris",
) -> list[dict[str, Any]]:
    """The export's five spans: the AGENT root, two model calls, two tool runs."""
    agent = _span(
        "weather_agent",
        1,
        None,
        scope,
        0,
        **{
            "openinference.span.kind": "AGENT",
            "input.value": _QUESTION,
            "input.mime_type": "text/plain",
            "output.value": _ANSWER,
            "output.mime_type": "text/plain",
        },
    )
    first = _span(
        "OpenAI Chat Completions",
        2,
        1,
        _JS if scope else None,
        10,
        **{
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini",
            **_prompt(),
            f"{_OUT}.role": "assistant",
            f"{_OUT}.content": "",
            f"{_OUT}.tool_calls.0.tool_call.id": merged_id,
            f"{_OUT}.tool_calls.0.tool_call.function.name": merged_name,
            f"{_OUT}.tool_calls.0.tool_call.function.arguments": '{"city": "Paris"}'
            '{"city": "Tokyo"}',
        },
    )

    def tool(span_id: int, city: str, result: str) -> dict[str, Any]:
        named = {"tool.name": tool_name} if tool_name else {}
        return _span(
            "get_weather",
            span_id,
            1,
            scope,
            30,  # both in the same millisecond
            **{
                "openinference.span.kind": "TOOL",
                "input.value": city,
                "input.mime_type": "text/plain",
                "output.value": result,
                "output.mime_type": "text/plain",
                **named,
            },
        )

    paris, tokyo = tool(3, "Paris", "sunny, 22 C"), tool(4, "Tokyo", "rain, 17 C")
    second = _span(
        "OpenAI Chat Completions",
        5,
        1,
        _JS if scope else None,
        50,
        **{
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini",
            **_prompt(),
            **_replay(),
            f"{_OUT}.role": "assistant",
            f"{_OUT}.content": _ANSWER,
        },
    )
    tools = [paris, tokyo] if tools_first == "Paris" else [tokyo, paris]
    return [first, *tools, agent, second]


def _imported(spans: list[dict[str, Any]]) -> ImportedTrace:
    [imported] = from_openinference(spans)
    return imported


def _messages(imported: ImportedTrace) -> list[tuple[Any, ...]]:
    return [
        (m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id)
        for m in imported.trace.messages
    ]


def _calls(imported: ImportedTrace) -> list[tuple[Any, ...]]:
    return [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]


_CONVERSATION = [
    ("system", _SYSTEM, [], None),
    ("user", _QUESTION, [], None),
    ("assistant", None, ["call_w1", "call_w2"], None),
    ("tool", "sunny, 22 C", [], "call_w1"),
    ("tool", "rain, 17 C", [], "call_w2"),
    ("assistant", _ANSWER, [], None),
]
_CALLS = [
    ("get_weather", {"city": "Paris"}, "sunny, 22 C", "call_w1"),
    ("get_weather", {"city": "Tokyo"}, "rain, 17 C", "call_w2"),
]


def test_calls_a_streamed_reply_ran_together_are_the_turn_the_next_input_replays() -> None:
    assert _messages(_imported(_run())) == _CONVERSATION


def test_a_recorded_turn_whose_ids_the_replay_does_not_spell_is_kept_beside_it() -> None:
    # call_w1call_w3 is not call_w1 and call_w2 run together: two turns, as before
    turns = [
        m for m in _messages(_imported(_run(merged_id="call_w1call_w3"))) if m[0] == "assistant"
    ]
    assert [t[2] for t in turns] == [["call_w1call_w3"], ["call_w1", "call_w2"], []]
    # nor are names the replay's names joined otherwise
    turns = [
        m for m in _messages(_imported(_run(merged_name="get_weather"))) if m[0] == "assistant"
    ]
    assert [t[2] for t in turns] == [["call_w1call_w2"], ["call_w1", "call_w2"], []]


@pytest.mark.parametrize("first", ["Paris", "Tokyo"])
def test_tool_spans_naming_no_tool_answer_the_requests_their_input_is(first: str) -> None:
    imported = _imported(_run(tools_first=first))
    assert _calls(imported) == _CALLS
    assert _messages(imported) == _CONVERSATION


def test_a_tool_span_naming_no_tool_whose_input_no_request_has_is_matched_to_none() -> None:
    # and its call names no tool: nothing in the trace does (no placeholder name is made up)
    spans = _run()
    spans[1]["attributes"]["input.value"] = "Oslo"
    calls = _calls(_imported(spans))
    assert (None, {"input": "Oslo"}, "sunny, 22 C", None) in calls
    assert ("get_weather", {"city": "Tokyo"}, "rain, 17 C", "call_w2") in calls


def test_a_tool_span_naming_its_tool_keeps_its_name() -> None:
    # the request takes the name of the tool that ran, as before
    imported = _imported(_run(tool_name="Get Weather"))
    assert [c[0] for c in _calls(imported)] == ["Get Weather", "Get Weather"]
    assert [c[3] for c in _calls(imported)] == ["call_w1", "call_w2"]


def test_the_core_agent_span_names_the_agent() -> None:
    assert _imported(_run()).metadata["agent_name"] == "weather_agent"


def test_with_no_scope_written_the_lone_bare_agent_over_the_js_model_calls_names_it() -> None:
    assert _imported(_run(scope=None)).metadata["agent_name"] == "weather_agent"


def test_another_scopes_bare_agent_span_names_no_agent() -> None:
    # the OpenAI Agents SDK's root AGENT is named after the workflow, not an agent
    root = _span(
        "Agent workflow",
        1,
        None,
        "openinference.instrumentation.openai_agents",
        0,
        **{"openinference.span.kind": "AGENT", "input.value": _QUESTION, "output.value": _ANSWER},
    )
    call = _run()[-1]
    call["instrumentation_scope"] = {"name": "openinference.instrumentation.openai_agents"}
    assert _imported([root, call]).metadata.get("agent_name") is None
    # nor does the application's own tracer's, not OpenInference's JS core
    assert _imported(_run(scope="my.tracer")).metadata.get("agent_name") is None
    # nor a lone bare one without a scope over no JS model call
    del root["instrumentation_scope"]
    del call["instrumentation_scope"]
    call["name"] = "ChatCompletion"
    assert _imported([root, call]).metadata.get("agent_name") is None

"""Google ADK streamed and failing runs (tests/data/traces/google-adk/google-adk-streamed-*,
google-adk-tool-error-*), each rule on small spans written the way ADK writes them.

A streamed model call's ``gen_ai.output.messages`` lists each partial response, then the
whole one: the partials are chunks of it, not turns (`integrations/_stream_chunks.py`). A
failed tool's span says ``<not specified>`` where the call id goes: no id, so the call takes
its request's. A tool whose ``on_tool_error_callback`` answered with ``{"error": ...}`` has
``error.type`` ``TOOL_ERROR`` and no exception: its error is the type and that dict's text
(`otel/_failed_results.py`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._messages import Msg, ToolRequest, call_id
from fourfold.integrations._stream_chunks import without_stream_chunks
from tests.helpers.span_builders import import_one, span

TRACE = "ad" * 16
USER = {"role": "user", "parts": [{"type": "text", "content": "Weather in Paris and Tokyo?"}]}


def _span(n: int, name: str, attrs: dict[str, Any], **kw: Any) -> dict[str, Any]:
    start = kw.pop("start", float(n))
    return span(n, name, attrs, trace=TRACE, start=start, end=start + 0.5, **kw)


def _agent() -> dict[str, Any]:
    attrs = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    return _span(1, "invoke_agent weather_agent", attrs, start=0.0)


def _chat(n: int, inputs: list[Any], outputs: list[Any], usage: tuple[int, int]) -> Any:
    return _span(
        n,
        "generate_content openai/gpt-4o-mini",
        {
            "gen_ai.operation.name": "generate_content",
            "gen_ai.request.model": "openai/gpt-4o-mini",
            "gen_ai.agent.name": "weather_agent",
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
            "gen_ai.usage.input_tokens": usage[0],
            "gen_ai.usage.output_tokens": usage[1],
        },
        parent=1,
    )


def _call(call: str, city: str | None) -> dict[str, Any]:
    arguments = None if city is None else {"city": city}
    return {"type": "tool_call", "id": call, "name": "get_weather", "arguments": arguments}


def _said(parts: list[Any], finish: str = "") -> dict[str, Any]:
    return {"role": "assistant", "parts": parts, "finish_reason": finish}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "content": text}


def _tool(n: int, call: str, city: str, result: str | None, **extra: Any) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": call,
        "gen_ai.tool.call.arguments": json.dumps({"city": city}),
    }
    if result is not None:
        attrs["gen_ai.tool.call.result"] = json.dumps({"result": result})
    return _span(n, "execute_tool get_weather", attrs, parent=1, **extra)


def test_streamed_partial_responses_before_the_whole_reply_are_no_turns(tmp_path: Path) -> None:
    """Each partial response (one call each without arguments, then text pieces) precedes
    the reply assembled from them in one span's output: one turn requesting both calls, one
    answer, each once; the usage of each call once."""
    turn = _said([_call("c1", "Paris"), _call("c2", "Tokyo")], "stop")
    partials = [_said([_call("c1", None)]), _said([_call("c2", None)])]
    results = {
        "role": "user",
        "parts": [
            {"type": "tool_call_response", "id": "c1", "response": {"result": "sunny"}},
            {"type": "tool_call_response", "id": "c2", "response": {"result": "rain"}},
        ],
    }
    imported = import_one(
        tmp_path,
        [
            _agent(),
            _chat(2, [USER], [*partials, turn], (6, 3)),
            _tool(3, "c1", "Paris", "sunny"),
            _tool(4, "c2", "Tokyo", "rain"),
            _chat(
                5,
                [USER, {"role": "assistant", "parts": turn["parts"]}, results],
                [_said([_text("Paris: sunny;")]), _said([_text(" Tokyo: rain.")])]
                + [_said([_text("Paris: sunny; Tokyo: rain.")], "stop")],
                (11, 2),
            ),
        ],
    )
    said = [
        (m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id)
        for m in imported.trace.messages
    ]
    assert said == [
        ("user", "Weather in Paris and Tokyo?", [], None),
        ("assistant", None, ["c1", "c2"], None),
        ("tool", '{"result": "sunny"}', [], "c1"),
        ("tool", '{"result": "rain"}', [], "c2"),
        ("assistant", "Paris: sunny; Tokyo: rain.", [], None),
    ]
    assert [r.arguments for r in imported.trace.messages[1].tool_calls] == [
        {"city": "Paris"},
        {"city": "Tokyo"},
    ]
    assert imported.trace.output == "Paris: sunny; Tokyo: rain."
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (17, 5)


def test_a_reply_of_one_message_per_token_without_the_whole_is_kept(tmp_path: Path) -> None:
    """OpenInference's streamed reply, one entry per token and no assembled one, is still
    joined (D6); chunks recorded before their whole are left out first."""
    base = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Hi?",
    }
    tokens = {
        f"llm.output_messages.{i}.message.{key}": value
        for i, text in enumerate(["Hel", "lo", "Hello"])
        for key, value in (("role", "assistant"), ("content", text))
    }
    imported = import_one(tmp_path, [_span(1, "ChatOpenAI", {**base, **tokens}, start=0.0)])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Hi?"),
        ("assistant", "Hello"),
    ]


def test_only_messages_that_make_the_last_one_are_its_chunks() -> None:
    """Separate turns, a repeated record, a call requested twice or a text that does not
    add up are not chunks."""
    first, again = Msg("assistant", "Yes."), Msg("assistant", "Yes.")
    assert without_stream_chunks([first, again]) == [first, again]
    turns = [Msg("assistant", "Yes."), Msg("assistant", "No.")]
    assert without_stream_chunks(turns) == turns
    twice = [
        Msg("assistant", tool_calls=[ToolRequest("f", {}, "c1")]),
        Msg("assistant", tool_calls=[ToolRequest("f", {}, "c1")]),
        Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1}, "c1")]),
    ]
    assert without_stream_chunks(twice) == twice
    other_call = [
        Msg("assistant", tool_calls=[ToolRequest("f", {}, "c9")]),
        Msg("assistant", tool_calls=[ToolRequest("f", {"x": 1}, "c1")]),
    ]
    assert without_stream_chunks(other_call) == other_call
    asked = [Msg("user", "Hel"), Msg("assistant", "lo"), Msg("assistant", "Hello")]
    assert without_stream_chunks(asked) == asked
    pieces = [Msg("assistant", "x"), Msg("assistant", "Hel"), Msg("assistant", "lo")]
    whole = Msg("assistant", "Hello")
    assert without_stream_chunks([*pieces, whole]) == [pieces[0], whole]
    assert without_stream_chunks([]) == [] and without_stream_chunks([whole]) == [whole]


def test_a_placeholder_call_id_is_no_id() -> None:
    assert call_id("<not specified>") is None
    assert call_id(["<unknown>", "call_1"]) == "call_1"
    assert call_id("call_<1>") == "call_<1>"
    assert call_id(7) == "7"


def test_a_failed_tool_whose_span_says_not_specified_takes_its_requests_id(
    tmp_path: Path,
) -> None:
    """ADK's span of a tool that raised writes ``<not specified>`` as the call id: the call is
    the requested one (``e1``), with the span's error and no result; no tool message answers
    it (the exception ended the run: no model call came after it)."""
    failed = {"status_code": "ERROR", "description": "ValueError: unknown city: Tokio"}
    imported = import_one(
        tmp_path,
        [
            _agent(),
            _chat(2, [USER], [_said([_call("c1", "Paris"), _call("e1", "Tokio")], "stop")], (6, 3)),
            _tool(3, "c1", "Paris", "sunny"),
            {
                **_tool(4, "<not specified>", "Tokio", None),
                "status": failed,
            },
        ],
    )
    calls = [(c.name, c.id, c.arguments, c.result, c.error) for c in imported.trace.tool_calls]
    assert calls == [
        ("get_weather", "c1", {"city": "Paris"}, {"result": "sunny"}, None),
        ("get_weather", "e1", {"city": "Tokio"}, None, "ValueError: unknown city: Tokio"),
    ]
    answered = [m.tool_call_id for m in imported.trace.messages if m.role == "tool"]
    assert answered == ["c1"]
    assert imported.trace.output is None


def _failed_by_callback(error_type: str, result: dict[str, Any]) -> dict[str, Any]:
    """ADK's span of a tool whose error callback answered in its stead: status ERROR with the
    type as description, ``error.type``, no exception event, the callback's dict the result."""
    tool = _tool(4, "e1", "Tokio", None)
    tool["attributes"]["error.type"] = error_type
    tool["attributes"]["gen_ai.tool.call.result"] = json.dumps(result)
    return {**tool, "status": {"status_code": "ERROR", "description": error_type}}


def _error_of(tmp_path: Path, failed: dict[str, Any]) -> tuple[Any, Any]:
    asked = _said([_call("c1", "Paris"), _call("e1", "Tokio")], "stop")
    spans = [_agent(), _chat(2, [USER], [asked], (6, 3)), _tool(3, "c1", "Paris", "sunny"), failed]
    calls = import_one(tmp_path, spans).trace.tool_calls
    [call] = [c for c in calls if c.id == "e1"]
    return call.result, call.error


def test_a_tool_error_callbacks_dict_gives_the_status_as_written(tmp_path: Path) -> None:
    """``TOOL_ERROR`` with the callback's ``{"error": ...}``: the error is the status as
    written (seven of eight blind readings of the shape; until 2026-12-08 the type and the
    dict's text); the result stays the dict the model was given."""
    said = {"error": "unknown city: Tokio"}
    assert _error_of(tmp_path, _failed_by_callback("TOOL_ERROR", said)) == (said, "TOOL_ERROR")


def test_other_failed_results_keep_their_own_error(tmp_path: Path) -> None:
    """Not that shape, the error stays as it was: another type, a dict with no error text, a
    failed MCP result (its text), an exception event (its message)."""
    other = _failed_by_callback("ValueError", {"error": "unknown city: Tokio"})
    assert _error_of(tmp_path, other)[1] == "ValueError"
    blank = _failed_by_callback("TOOL_ERROR", {"error": " ", "code": 4})
    assert _error_of(tmp_path, blank)[1] == "TOOL_ERROR"
    mcp = {"content": [{"type": "text", "text": "no station"}], "isError": True}
    assert _error_of(tmp_path, _failed_by_callback("MCP_TOOL_ERROR", mcp))[1] == "no station"
    raised = _failed_by_callback("TOOL_ERROR", {"error": "unknown city: Tokio"})
    raised["events"] = [
        {
            "name": "exception",
            "attributes": {"exception.type": "ValueError", "exception.message": "bad city"},
        }
    ]
    assert _error_of(tmp_path, raised)[1] == "ValueError: bad city"

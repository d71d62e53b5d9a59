"""The Vercel AI SDK on an MCP client's tools: ``ai.toolCall.result`` is MCP's ``CallToolResult``.

ai 6 with @ai-sdk/mcp records each MCP tool's result as the protocol's object, ``{"content":
[{"type": "text", "text": ...}], "isError": false}``, and gives the model its content blocks
(the next prompt's ``output: {type: "content", value: [...]}``). The result is those blocks
read as any MCP content (one text block: its text), a result marked ``isError`` the call's
error too (the real export: tests/data/traces/vercel-ai-sdk/vercel-ai-sdk-v6-mcp-*). Rule:
`integrations/otel/_ai_sdk_mcp.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = 1) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _run(result: Any, given: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A generateText run: the model asks get_weather (c1), the tool span records `result`,
    the next prompt gives the model `given` as the tool result's content."""
    user = {"role": "user", "content": [{"type": "text", "text": "Paris?"}]}
    call = {"type": "tool-call", "toolCallId": "c1", "toolName": "get_weather"}
    asked = {"role": "assistant", "content": [{**call, "input": {"city": "Paris"}}]}
    output = {"type": "content", "value": given}
    answered = {"role": "tool", "content": [{**call, "type": "tool-result", "output": output}]}
    common = {"ai.model.id": "m", "gen_ai.request.model": "m"}
    run = {"operation.name": "ai.generateText", "ai.operationId": "ai.generateText"}
    step = {"operation.name": "ai.generateText.doGenerate"}
    return [
        _span(1, "ai.generateText", {**run, **common}, None),
        _span(
            2,
            "ai.generateText.doGenerate",
            {
                "ai.operationId": "ai.generateText.doGenerate",
                **step,
                "ai.prompt.messages": json.dumps([user]),
                "ai.response.toolCalls": json.dumps(
                    [{"toolCallId": "c1", "toolName": "get_weather", "input": '{"city":"Paris"}'}]
                ),
                **common,
            },
        ),
        _span(
            3,
            "ai.toolCall get_weather",
            {
                "operation.name": "ai.toolCall",
                "ai.operationId": "ai.toolCall",
                "ai.toolCall.name": "get_weather",
                "ai.toolCall.id": "c1",
                "ai.toolCall.args": '{"city":"Paris"}',
                "ai.toolCall.result": json.dumps(result),
            },
        ),
        _span(
            4,
            "ai.generateText.doGenerate",
            {
                "ai.operationId": "ai.generateText.doGenerate",
                **step,
                "ai.prompt.messages": json.dumps([user, asked, answered]),
                "ai.response.text": "Sunny.",
                **common,
            },
        ),
    ]


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def test_an_mcp_result_of_one_text_block_is_its_text(tmp_path: Path) -> None:
    """The protocol's object is a wrapper: the call's result is the one block's text, as the
    model was given it, and isError false is no error. Before, the object was the result."""
    result = {"content": [_text("sunny, 22 C")], "isError": False}
    trace = import_one(tmp_path, _run(result, [_text("sunny, 22 C")])).trace
    assert [(c.id, c.result, c.error) for c in trace.tool_calls] == [("c1", "sunny, 22 C", None)]
    assert [(m.tool_call_id, m.content) for m in trace.messages if m.role == "tool"] == [
        ("c1", "sunny, 22 C")
    ]


def test_structured_content_beside_the_blocks_is_no_part_of_the_result(tmp_path: Path) -> None:
    """@ai-sdk/mcp gives the model the content blocks only, not ``structuredContent``."""
    result = {
        "content": [_text("sunny, 22 C")],
        "structuredContent": {"result": "sunny, 22 C"},
        "isError": False,
    }
    trace = import_one(tmp_path, _run(result, [_text("sunny, 22 C")])).trace
    assert [c.result for c in trace.tool_calls] == ["sunny, 22 C"]


def test_an_mcp_result_marked_is_error_is_the_calls_error(tmp_path: Path) -> None:
    """The span ends OK (the SDK hands the failed result to the model as any other): the
    call failed all the same, its error the blocks' text and its result that text."""
    failed = "Error executing tool get_weather: no station in Oslo"
    result = {"content": [_text(failed)], "isError": True}
    trace = import_one(tmp_path, _run(result, [_text(failed)])).trace
    assert [(c.result, c.error) for c in trace.tool_calls] == [(failed, failed)]


def test_an_mcp_result_holding_an_image_keeps_its_blocks(tmp_path: Path) -> None:
    """A block that is not text is data the text alone would drop: the block list stays, as
    recorded (the contract's rule for MCP content with a picture)."""
    image = {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"}
    result = {"content": [_text("chart"), image], "isError": False}
    trace = import_one(tmp_path, _run(result, [_text("chart")])).trace
    assert [c.result for c in trace.tool_calls] == [[_text("chart"), image]]


def test_an_applications_own_object_is_no_mcp_result(tmp_path: Path) -> None:
    """A tool of the application's own that returns an object with other keys, or content
    that is no block list, keeps its object (the siblings' reading)."""
    for own in (
        {"content": [_text("sunny")], "source": "met office"},
        {"content": "sunny", "isError": False},
    ):
        trace = import_one(tmp_path, _run(own, [_text("sunny")])).trace
        assert [c.result for c in trace.tool_calls] == [own]


def test_a_genai_tool_spans_mcp_result_stays_as_written(tmp_path: Path) -> None:
    """Google ADK hands the model MCP's whole object (its ``execute_tool`` span's
    ``gen_ai.tool.call.result``): that is not read so, the object stays the result."""
    result = {"content": [_text("sunny, 22 C")], "isError": False}
    spans = [
        _span(
            1,
            "execute_tool get_weather",
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "get_weather",
                "gen_ai.tool.call.id": "c1",
                "gen_ai.tool.call.arguments": '{"city": "Paris"}',
                "gen_ai.tool.call.result": json.dumps(result),
            },
            None,
        )
    ]
    trace = import_one(tmp_path, spans).trace
    assert [(c.name, c.result) for c in trace.tool_calls] == [("get_weather", result)]

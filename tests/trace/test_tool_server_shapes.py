"""Tools run elsewhere than the agent: an MCP server's tools, recorded by the agent's framework
and by the MCP SDK on both sides of the protocol (tests/data/traces/openai-agents/
openai-agents-mcp-*, langgraph/langgraph-mcp-*, pydantic-ai/pydantic-ai-mcp-*), each rule on
small spans written the way they are written there."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ef" * 16


def _span(
    n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None, start: float = 1.0
) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=start + 0.5)


def _mcp_run(output: str) -> list[dict[str, Any]]:
    """An agent calling an MCP tool: the framework's TOOL span (its `output`), under it the
    MCP client's send and, from the server's process, the server's ``tools/call``."""
    return [
        _span(1, "weather_agent", {"openinference.span.kind": "AGENT", "agent.name": "w"}),
        _span(
            2,
            "get_weather",
            {
                "openinference.span.kind": "TOOL",
                "tool.name": "get_weather",
                "input.value": '{"city": "Paris"}',
                "output.value": output,
            },
            parent=1,
            start=1.1,
        ),
        _span(
            3,
            "MCP send tools/call get_weather",
            {"mcp.method.name": "tools/call", "jsonrpc.request.id": "3"},
            parent=2,
            start=1.2,
        ),
        _span(
            4,
            "tools/call get_weather",
            {
                "mcp.method.name": "tools/call",
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "get_weather",
            },
            parent=3,
            start=1.3,
        ),
    ]


def test_an_mcp_servers_tools_call_span_is_the_same_call_not_another(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _mcp_run("sunny"))
    calls = imported.trace.tool_calls
    assert [(c.name, c.arguments) for c in calls] == [("get_weather", {"city": "Paris"})]


def test_an_mcp_text_content_block_as_a_tools_output_is_its_text(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _mcp_run('{"type": "text", "text": "sunny, 22 C"}'))
    assert [c.result for c in imported.trace.tool_calls] == ["sunny, 22 C"]


def test_a_bare_text_object_or_a_block_with_more_stays_data(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _mcp_run('{"text": "sunny", "score": 1}'))
    assert [c.result for c in imported.trace.tool_calls] == [{"text": "sunny", "score": 1}]


def _failed_on_the_server(spans: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`spans` with the server's ``tools/call`` failed as the MCP SDK records an ``isError``
    result (tests/data/traces/openai-agents/openai-agents-mcp-content-*): status error,
    ``error.type`` ``tool_error``, no message."""
    spans[3]["status"] = {"status_code": "ERROR"}
    spans[3]["attributes"]["error.type"] = "tool_error"
    return spans


def test_a_failure_the_mcp_server_records_is_the_calls_error(tmp_path: Path) -> None:
    # the framework hands the isError result on as the tool's output, status OK: the server's
    # record of the same call says it failed, and the error is the text the result holds
    output = '{"type": "text", "text": "Error executing tool get_weather: no city Oslo"}'
    imported = import_one(tmp_path, _failed_on_the_server(_mcp_run(output)))
    calls = [(c.result, c.error) for c in imported.trace.tool_calls]
    failed = "Error executing tool get_weather: no city Oslo"
    assert calls == [(failed, failed)]


def test_a_failed_repeat_with_no_text_result_gives_its_own_error(tmp_path: Path) -> None:
    output = '[{"type": "image", "image_url": "data:image/png;base64,iVBO"}]'
    imported = import_one(tmp_path, _failed_on_the_server(_mcp_run(output)))
    assert [c.error for c in imported.trace.tool_calls] == ["tool_error"]


def test_the_frameworks_own_error_stands_over_the_servers(tmp_path: Path) -> None:
    spans = _failed_on_the_server(_mcp_run("Error executing tool get_weather: no city Oslo"))
    spans[1]["status"] = {"status_code": "ERROR", "description": "ToolRetryError: no city Oslo"}
    imported = import_one(tmp_path, spans)
    assert [c.error for c in imported.trace.tool_calls] == ["ToolRetryError: no city Oslo"]


def test_a_tool_inside_another_tool_is_a_call_of_its_own(tmp_path: Path) -> None:
    # a sub-agent used as a tool: its own tools' spans are calls, under the outer tool's
    spans = _mcp_run("done")
    spans[3]["attributes"]["gen_ai.tool.name"] = "lookup"
    spans[3]["name"] = "execute_tool lookup"
    names = [c.name for c in import_one(tmp_path, spans).trace.tool_calls]
    assert names == ["get_weather", "lookup"]


def _tool_message(content: Any) -> str:
    """A LangChain ``ToolMessage`` serialised as openinference-instrumentation-langchain
    writes a TOOL span's output (tests/data/traces/langgraph/langgraph-mcp-*)."""
    data = {"content": content, "type": "tool", "name": "get_weather", "tool_call_id": "call_w1"}
    return json.dumps({"type": "tool", "data": data})


def test_langchain_text_blocks_with_their_own_ids_are_the_text(tmp_path: Path) -> None:
    # langchain-mcp-adapters renders an MCP text result as LangChain's standard text block,
    # which carries the block's own id: the id names the block, the text is the result
    block = {"type": "text", "text": "sunny, 22 C", "id": "lc_4fb5902b"}
    imported = import_one(tmp_path, _mcp_run(_tool_message([block])))
    assert [c.result for c in imported.trace.tool_calls] == ["sunny, 22 C"]


def test_an_untyped_block_with_an_id_stays_data(tmp_path: Path) -> None:
    # without its type a {text, id} object is a record (a document and its id), not a block
    imported = import_one(tmp_path, _mcp_run(_tool_message([{"text": "a", "id": "doc-1"}])))
    assert [c.result for c in imported.trace.tool_calls] == [[{"text": "a", "id": "doc-1"}]]


def _adk_mcp_call(result: dict[str, Any], status: str | None) -> list[dict[str, Any]]:
    """Google ADK's ``execute_tool`` span of an MCP tool (tests/data/traces/google-adk/
    google-adk-mcp-content-*): the dumped ``CallToolResult`` its result; an ``isError`` one
    marked as ADK marks it, ``error.type`` ``MCP_TOOL_ERROR`` and status ERROR whose
    description (`status`) repeats the type."""
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_station",
        "gen_ai.tool.type": "McpTool",
        "gen_ai.tool.call.id": "call_s2",
        "gen_ai.tool.call.arguments": '{"city": "Oslo"}',
        "gen_ai.tool.call.result": json.dumps(result),
        "error.type": "MCP_TOOL_ERROR",
    }
    tool = _span(2, "execute_tool get_station", attrs, parent=1, start=1.1)
    tool["status"] = {"status_code": "ERROR", "description": status}
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    return [_span(1, "invoke_agent weather_agent", agent), tool]


def test_an_error_naming_only_its_kind_is_the_failed_results_text(tmp_path: Path) -> None:
    failed = "Error executing tool get_station: no weather station in Oslo"
    result = {"content": [{"type": "text", "text": failed}], "isError": True}
    imported = import_one(tmp_path, _adk_mcp_call(result, "MCP_TOOL_ERROR"))
    assert [(c.result, c.error) for c in imported.trace.tool_calls] == [(result, failed)]


def test_an_error_of_its_own_or_a_result_with_no_text_keeps_the_spans(tmp_path: Path) -> None:
    text = {"content": [{"type": "text", "text": "no station"}], "isError": True}
    picture = {"type": "image", "data": "iVBO", "mimeType": "image/png"}
    image = {"content": [picture], "isError": True}
    own = import_one(tmp_path, _adk_mcp_call(text, "ToolError: the server is down"))
    textless = import_one(tmp_path, _adk_mcp_call(image, "MCP_TOOL_ERROR"))
    errors = [c.error for t in (own, textless) for c in t.trace.tool_calls]
    assert errors == ["ToolError: the server is down", "MCP_TOOL_ERROR"]


def test_a_tool_message_with_status_error_is_a_failed_call(tmp_path: Path) -> None:
    # langchain-mcp-adapters raises on an isError result and the tool hands the model a
    # ToolMessage with status 'error', the span OK (tests/data/traces/langgraph/
    # langgraph-mcp-content-*): the call failed, its error the message's text
    failed = "Error executing tool get_station: no weather station in Oslo"
    message = json.loads(_tool_message([{"type": "text", "text": failed, "id": "lc_2636"}]))
    message["data"]["status"] = "error"
    ok = json.loads(_tool_message("sunny"))
    ok["data"]["status"] = "success"
    calls = [
        import_one(tmp_path, _mcp_run(json.dumps(m))).trace.tool_calls[0] for m in (message, ok)
    ]
    assert [(c.result, c.error) for c in calls] == [(failed, failed), ("sunny", None)]

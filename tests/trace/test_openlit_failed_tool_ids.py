"""A failed LangChain tool under openlit: the run id its span keeps is no call's id.

Shapes from ``openlit/openlit-langgraph-tool-error-2026-12-06c.json`` (openlit 1.45.0,
LangGraph's ``ToolNode(handle_tool_errors=True)``): the failed ``execute_tool`` span records
LangChain's run id (a UUID) as ``gen_ai.tool.call.id``, an error and no result; the text the
model was given for it is only in the next chat's input, a tool message with no id.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ce" * 16
SYSTEM = "Be brief."
RUN_ID = "01a24b17-fc4d-711a-bcac-470f5c4d4a22"
GIVEN = "Error: ValueError('no b')\n Please fix your mistakes."
_LANGCHAIN = "openlit.instrumentation.langchain"


def _span(n: int, name: str, attrs: dict[str, Any], **extra: Any) -> dict[str, Any]:
    out = span(n, name, attrs, trace=TRACE, parent=9, start=float(n), end=n + 0.5)
    return {**out, "instrumentation_scope": {"name": _LANGCHAIN}, **extra}


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _ask(call_id: str, q: str) -> dict[str, Any]:
    return {"type": "tool_call", "id": call_id, "name": "lookup", "arguments": json.dumps({"q": q})}


def _chat(n: int, inputs: list[Any], outputs: list[Any]) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "m",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(outputs),
    }
    return _span(n, "chat m", attrs)


def _tool(n: int, q: str, call_id: str, *, result: str | None = None) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "lookup",
        "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.call.arguments": repr({"q": q}),
    }
    if result is not None:
        attrs["gen_ai.tool.call.result"] = result
        return _span(n, "execute_tool lookup", attrs)
    attrs["error.type"] = "ValueError"
    status = {"status_code": "ERROR", "description": f"no {q}"}
    return _span(n, "execute_tool lookup", attrs, status=status)


def _run(failed_id: str = RUN_ID, **scope: Any) -> list[dict[str, Any]]:
    asked = [_text("system", SYSTEM), _text("user", "Q?")]
    first = _chat(1, asked, [{"role": "assistant", "parts": [_ask("c_a", "a"), _ask("c_b", "b")]}])
    ok = _tool(2, "a", "c_a", result="content='found a' name='lookup' tool_call_id='c_a'")
    failed = _tool(3, "b", failed_id)
    replayed = [*asked, _text("assistant", ""), _text("tool", "found a"), _text("tool", GIVEN)]
    second = _chat(4, replayed, [_text("assistant", "Only a was found.")])
    spans = [_span(9, "invoke_workflow agent", {}), first, ok, failed, second]
    return [{**s, **scope} for s in spans]


def _calls(imported: Any) -> list[tuple[str | None, Any, Any, str | None]]:
    return [(c.id, c.arguments, c.result, c.error) for c in imported.trace.tool_calls]


def test_a_failed_tools_run_id_gives_way_to_the_requests_id(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run())
    assert _calls(imported) == [
        ("c_a", {"q": "a"}, "found a", None),
        ("c_b", {"q": "b"}, GIVEN, "ValueError: no b"),
    ]
    tools = [(m.content, m.tool_call_id) for m in imported.trace.messages if m.role == "tool"]
    assert tools == [("found a", "c_a"), (GIVEN, "c_b")]


def test_a_failed_tools_id_that_is_no_uuid_is_kept(tmp_path: Path) -> None:
    # an id of the call's own (no run id): the rule leaves it, and the request stays apart
    imported = import_one(tmp_path, _run("call_x"))
    assert [c.id for c in imported.trace.tool_calls][:2] == ["c_a", "call_x"]


def test_a_uuid_on_another_instrumentations_failed_tool_is_kept(tmp_path: Path) -> None:
    # not openlit's LangChain spans: a UUID may be the call's own id (a provider's)
    imported = import_one(tmp_path, _run(instrumentation_scope={"name": "other"}))
    assert RUN_ID in [c.id for c in imported.trace.tool_calls]


def test_a_successful_tools_uuid_is_kept(tmp_path: Path) -> None:
    result = f"content='found a' name='lookup' tool_call_id='{RUN_ID}'"
    imported = import_one(tmp_path, [_tool(2, "a", RUN_ID, result=result)])
    assert [c.id for c in imported.trace.tool_calls] == [RUN_ID]

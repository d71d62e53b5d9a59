"""AG2's tool executions as OpenInference's AG2 instrumentation records them.

``openinference-instrumentation-ag2`` 0.1.12 writes ``ConversableAgent.execute_function``'s
``TOOL`` span with ``input.value`` the function call ``{name, arguments: <JSON text>}`` and
``output.value`` AG2's ``[true, {name, role: function, content}]`` (the real export:
tests/data/traces/autogen/openinference-ag2-2026-12-07c): the call's arguments are the
JSON object inside, its result the function message's content. Rule:
`integrations/otel/_ag2_tools.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "a2" * 16


def _tool(arguments: Any, output: Any, name: str = "get_weather") -> Any:
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": name,
        "tool_call.id": "call_w1",
        "input.value": json.dumps(arguments),
        "input.mime_type": "application/json",
        "output.value": json.dumps(output),
        "output.mime_type": "application/json",
    }
    root = span(1, "user_proxy.initiate_chat", {"openinference.span.kind": "AGENT"}, trace=TRACE)
    tool = span(2, name, attrs, trace=TRACE, parent=1, start=1.0, end=1.5)
    return [root, tool]


def _call(tmp_path: Path, arguments: Any, output: Any) -> tuple[Any, Any]:
    call = import_one(tmp_path, _tool(arguments, output)).trace.tool_calls[0]
    return call.arguments, call.result


def test_the_function_call_and_its_function_message_are_unwrapped(tmp_path: Path) -> None:
    """Before, the arguments were the record {arguments, name}, the result the pair."""
    arguments = {"arguments": '{"city": "Paris"}', "name": "get_weather"}
    output = [True, {"name": "get_weather", "role": "function", "content": "sunny, 22 C"}]
    assert _call(tmp_path, arguments, output) == ({"city": "Paris"}, "sunny, 22 C")


def test_a_failed_execution_and_a_tool_s_own_pair_are_kept(tmp_path: Path) -> None:
    """A false flag (AG2's ``Error: ...``) is left as written; a tool taking ``name`` and
    ``arguments`` of its own (not JSON object text), and a list a tool returned, are its."""
    failed = [False, {"name": "get_weather", "role": "function", "content": "Error: x"}]
    own = {"arguments": "Paris", "name": "get_weather"}
    assert _call(tmp_path, own, failed) == (own, failed)
    assert _call(tmp_path, {"city": "Paris"}, [True, "sunny"]) == (
        {"city": "Paris"},
        [True, "sunny"],
    )

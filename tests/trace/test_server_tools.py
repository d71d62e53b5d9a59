"""Tools the provider ran inside one model call, read from the reply's own blocks.

Anthropic's server tools under openinference-instrumentation-anthropic
(``anthropic-web-search-2026-12-06r``, all three blind readings count the call): the raw
``Message`` in ``output.value`` holds text, a ``server_tool_use`` block, the result block
answering it by ``tool_use_id`` and more text; the reply is those turns in block order, the
result's ``content`` the call's result (`_server_tools.server_tool_turns`); and Gemini's
built-in code execution under openinference-instrumentation-google-genai
(``openinference-google-genai-code-execution-2026-12-06r``): ``executable_code`` and
``code_execution_result`` parts only in the raw response, a ``code_execution`` call with no id.
These tests hold the edges the truths do not: a failed server tool or execution, an
application's own request in the same reply, the REST API's casing, and the replies the rule
must leave as the flattened messages read them (no server tool, or one the reply holds no
result of).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "5e" * 16
ASKED = "Summarise https://example.com/a and file it."


def _llm(blocks: list[dict[str, Any]], flat: dict[str, Any]) -> dict[str, Any]:
    """An OpenInference Anthropic LLM span's attributes: `flat` output, `blocks` the Message."""
    message = {"id": "msg_1", "type": "message", "role": "assistant", "content": blocks}
    return {
        "openinference.span.kind": "LLM",
        "llm.provider": "anthropic",
        **openinference_messages("llm.input_messages", [{"role": "user", "content": ASKED}]),
        **flat,
        "output.value": json.dumps(message),
    }


def _said(blocks: list[dict[str, Any]], flat: dict[str, Any], tmp_path: Path) -> Any:
    return import_one(tmp_path, [span(1, "messages.create", _llm(blocks, flat), trace=TRACE)])


def test_a_failed_server_tool_gives_its_error_and_a_client_request_stays_in_its_turn(
    tmp_path: Path,
) -> None:
    fetch = {"url": "https://example.com/a"}
    failed = {"type": "web_fetch_tool_result_error", "error_code": "url_not_accessible"}
    blocks = [
        {"type": "thinking", "thinking": "Fetch it first.", "signature": "x"},
        {"type": "server_tool_use", "id": "srvtoolu_9", "name": "web_fetch", "input": fetch},
        {"type": "web_fetch_tool_result", "tool_use_id": "srvtoolu_9", "content": failed},
        {"type": "text", "text": "The page could not be fetched; filing a note."},
        {"type": "tool_use", "id": "toolu_7", "name": "file_note", "input": {"text": "n/a"}},
    ]
    flat = openinference_messages(
        "llm.output_messages",
        [{"role": "assistant", "content": "The page could not be fetched; filing a note."}],
    )
    trace = _said(blocks, flat, tmp_path).trace
    assert [(m.role, m.content, [r.id for r in m.tool_calls]) for m in trace.messages] == [
        ("user", ASKED, []),
        ("assistant", None, ["srvtoolu_9"]),
        ("tool", json.dumps(failed), []),
        ("assistant", "The page could not be fetched; filing a note.", ["toolu_7"]),
    ]
    fetched = next(c for c in trace.tool_calls if c.id == "srvtoolu_9")
    assert (fetched.name, fetched.arguments, fetched.result, fetched.error) == (
        "web_fetch",
        fetch,
        failed,
        "url_not_accessible",
    )


def test_a_reply_with_no_server_tool_is_read_as_flattened(tmp_path: Path) -> None:
    blocks = [
        {"type": "text", "text": "Filing it."},
        {"type": "tool_use", "id": "toolu_1", "name": "file_note", "input": {"text": "a"}},
    ]
    flat = openinference_messages(
        "llm.output_messages",
        [
            {
                "role": "assistant",
                "content": "Filing it.",
                "tool_calls": [("toolu_1", "file_note", {"text": "a"})],
            }
        ],
    )
    trace = _said(blocks, flat, tmp_path).trace
    assert [(m.role, m.content, [r.id for r in m.tool_calls]) for m in trace.messages] == [
        ("user", ASKED, []),
        ("assistant", "Filing it.", ["toolu_1"]),
    ]


def test_a_server_tool_the_reply_holds_no_result_of_is_no_split(tmp_path: Path) -> None:
    # a paused turn (stop_reason pause_turn): the search asked, its result not yet written
    blocks = [
        {"type": "text", "text": "Searching."},
        {"type": "server_tool_use", "id": "srvtoolu_2", "name": "web_search", "input": {}},
    ]
    flat = openinference_messages(
        "llm.output_messages",
        [
            {
                "role": "assistant",
                "content": "Searching.",
                "tool_calls": [("srvtoolu_2", "web_search", {})],
            }
        ],
    )
    trace = _said(blocks, flat, tmp_path).trace
    assert [(m.role, m.content, [r.id for r in m.tool_calls]) for m in trace.messages] == [
        ("user", ASKED, []),
        ("assistant", "Searching.", ["srvtoolu_2"]),
    ]
    assert not any(m.role == "tool" for m in trace.messages)


def test_a_failed_code_execution_in_the_rest_casing_is_a_call_with_its_error(
    tmp_path: Path,
) -> None:
    code = {"language": "PYTHON", "code": "print(1 / 0)"}
    ran = {"outcome": "OUTCOME_FAILED", "output": "ZeroDivisionError: division by zero"}
    response = {
        "candidates": [
            {
                "content": {
                    "role": "model",
                    "parts": [
                        {"text": "Let me try.", "thought": True},
                        {"executableCode": code},
                        {"codeExecutionResult": ran},
                        {"text": "That divides by zero; asking the calculator."},
                        {"functionCall": {"name": "calculate", "args": {"x": 1}}},
                    ],
                }
            }
        ]
    }
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.provider": "google",
        **openinference_messages("llm.input_messages", [{"role": "user", "content": "1/0?"}]),
        **openinference_messages(
            "llm.output_messages",
            [{"role": "model", "content": "That divides by zero; asking the calculator."}],
        ),
        "output.value": json.dumps(response),
    }
    trace = import_one(tmp_path, [span(1, "GenerateContent", attrs, trace=TRACE)]).trace
    assert [(m.role, m.content, [r.name for r in m.tool_calls]) for m in trace.messages] == [
        ("user", "1/0?", []),
        ("assistant", None, ["code_execution"]),
        ("tool", json.dumps(ran), []),
        ("assistant", "That divides by zero; asking the calculator.", ["calculate"]),
    ]
    executed = next(c for c in trace.tool_calls if c.name == "code_execution")
    assert (executed.arguments, executed.result, executed.id, executed.error) == (
        code,
        ran,
        None,
        "ZeroDivisionError: division by zero",
    )

"""The Responses API's hosted file search under openinference-instrumentation-openai-agents.

The Agents SDK's ``FileSearchTool(include_search_results=True)`` runs inside the model call:
no tool span, no retrieval span. The ``response`` span (LLM) writes the search as an
assistant request named ``file_search_call`` (the output item's type), a tool message with its
results as a JSON list, then the answer; ``output.value`` is the whole ``Response``. The call is
``file_search`` (the tool's name) and its results are passages (D14). Function tools (a
``function_call`` item) read as before. Real export: ``openai-agents-file-search-2026-12-06k``
in ``tests/data/traces/openai-agents/``.
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_openinference
from fourfold.integrations._messages import Msg, ToolRequest
from fourfold.integrations._spans import Span
from fourfold.integrations.otel._hosted_search import hosted_search
from tests.helpers.span_builders import iso_span as _span
from tests.helpers.span_builders import openinference_messages

USER = "How long does shipping take?"
ANSWER = "Orders ship within 2 business days."
RESULTS = [
    {
        "attributes": {"source": "policies/shipping.md"},
        "file_id": "file-doc-shipping",
        "filename": "shipping.md",
        "score": 0.8731,
        "text": "Shipping: orders ship within 2 business days.",
    },
    {
        "attributes": {},
        "file_id": "file-doc-refund",
        "filename": "refunds.md",
        "score": 0.4127,
        "text": "Refunds: within 30 days.",
    },
]
QUERIES = {"queries": ["shipping delivery time"]}


def _message(text: str) -> dict[str, Any]:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }


def _response(item: dict[str, Any], tool: str) -> str:
    return json.dumps(
        {
            "id": "resp_1",
            "object": "response",
            "model": "gpt-4o-mini-2024-07-18",
            "output": [item, _message(ANSWER)],
            "tools": [{"type": tool}],
            "usage": {"input_tokens": 143, "output_tokens": 16},
        }
    )


def _trace(name: str, call_id: str, arguments: Any, result: Any, item: dict[str, Any]) -> Any:
    """An agent run whose one model call requested `name` and answered: one imported trace."""
    agent = _span(
        1,
        None,
        "policy_agent",
        {"openinference.span.kind": "AGENT", "agent.name": "policy_agent"},
    )
    reply = openinference_messages(
        "llm.output_messages",
        [
            {"role": "assistant", "tool_calls": [(call_id, name, arguments)]},
            {"role": "tool", "tool_call_id": call_id, "content": json.dumps(result)},
            {"role": "assistant", "content": ANSWER},
        ],
    )
    llm = _span(
        2,
        1,
        "response",
        {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini-2024-07-18",
            "input.value": json.dumps([{"role": "user", "content": USER}]),
            "output.value": _response(item, "file_search" if "file" in name else "function"),
            **openinference_messages("llm.input_messages", [{"role": "user", "content": USER}]),
            **reply,
        },
    )
    [imported] = from_openinference([agent, llm])
    return imported.trace


def _search(results: Any = RESULTS) -> dict[str, Any]:
    return {
        "id": "fs_1",
        "type": "file_search_call",
        "status": "completed",
        "queries": QUERIES["queries"],
        "results": results,
    }


def test_the_hosted_file_search_is_a_file_search_call_whose_results_are_passages() -> None:
    trace = _trace("file_search_call", "fs_1", QUERIES, RESULTS, _search())
    assert [(c.name, c.id, c.arguments, c.result) for c in trace.tool_calls] == [
        ("file_search", "fs_1", QUERIES, RESULTS)
    ]
    assert [(p.id, p.text, p.source, p.score) for p in trace.passages] == [
        ("file-doc-shipping", RESULTS[0]["text"], "policies/shipping.md", 0.8731),
        ("file-doc-refund", RESULTS[1]["text"], "refunds.md", 0.4127),  # no source: its file
    ]
    assert [(m.role, m.tool_call_id) for m in trace.messages] == [
        ("user", None),
        ("assistant", None),
        ("tool", "fs_1"),
        ("assistant", None),
    ]
    assert trace.output == ANSWER


def test_a_search_whose_results_were_not_included_gives_no_passage() -> None:
    trace = _trace("file_search_call", "fs_1", QUERIES, None, _search(results=None))
    assert [c.name for c in trace.tool_calls] == ["file_search"]
    assert trace.passages == []


def test_a_function_tools_request_is_not_renamed_and_gives_no_passage() -> None:
    # the openai-agents-* siblings: a function_call item, its tool span elsewhere
    item = {
        "id": "fc_1",
        "call_id": "call_1",
        "type": "function_call",
        "name": "get_weather",
        "arguments": json.dumps({"city": "Paris"}),
    }
    trace = _trace("get_weather", "call_1", {"city": "Paris"}, "sunny", item)
    assert [(c.name, c.id) for c in trace.tool_calls] == [("get_weather", "call_1")]
    assert trace.passages == []


def test_only_a_request_under_a_file_search_items_id_is_renamed() -> None:
    span = Span("t", "s", None, "response", 0, 1, "ok", None, {})
    other = ToolRequest("file_search_call", {}, "fs_2")  # no item of the response has its id
    mine = ToolRequest("file_search_call", {}, "fs_1")
    outputs = [Msg("assistant", tool_calls=[other, mine])]
    found = hosted_search(span, outputs, {"object": "response", "output": [_search()]})
    assert (other.name, mine.name) == ("file_search_call", "file_search")
    assert found is not None and [p.id for p in found.passages] == [
        "file-doc-shipping",
        "file-doc-refund",
    ]
    # not a Response object (Chat Completions' reply): nothing read, nothing renamed
    again = ToolRequest("file_search_call", {}, "fs_1")
    assert hosted_search(span, [Msg("assistant", tool_calls=[again])], {"output": []}) is None
    assert again.name == "file_search_call"

"""A reply one record of a call writes as the repr of the requests the other records.

CrewAI's ``<model>.llm`` span (OpenLLMetry's CrewAI instrumentation) over LiteLLM writes a
reply that only requested tools as the Python repr of LiteLLM's
``ChatCompletionMessageToolCall`` objects, as text; the ``litellm.chat`` span under it has
the requests as structured parts. The turn is its requests (`_tool_call_reprs`). The rule must
not fire when the repr names other calls than the ones the other record requests.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
ASK = "What is the weather in Oslo?"


def _repr(ident: str) -> str:
    return (
        '[ChatCompletionMessageToolCall(function=Function(arguments=\'{"city": "Oslo"}\', '
        f"name='get_weather'), id='{ident}', type='function')]"
    )


def _spans(written_id: str) -> list[dict[str, Any]]:
    asked = json.dumps([{"role": "user", "parts": [{"type": "text", "content": ASK}]}])
    text = [{"type": "text", "content": _repr(written_id)}]
    call: dict[str, Any] = {"type": "tool_call", "name": "get_weather", "id": "call_1"}
    call["arguments"] = {"city": "Oslo"}
    common = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "openai/gpt-4o-mini"}
    outer = {
        **common,
        "gen_ai.input.messages": asked,
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": text}]),
    }
    inner = {
        **common,
        "gen_ai.input.messages": asked,
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "parts": [call]}]),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 5,
    }
    return [
        span(1, "openai/gpt-4o-mini.llm", outer, trace=TRACE, start=1.0, end=3.0),
        span(2, "litellm.chat", inner, trace=TRACE, parent=1, start=1.1, end=2.9),
    ]


def test_a_reply_written_as_the_repr_of_the_other_records_requests_is_those_requests(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, _spans("call_1"))
    turns = [m for m in imported.trace.messages if m.role == "assistant"]
    assert [(m.content, [c.id for c in m.tool_calls]) for m in turns] == [(None, ["call_1"])]


def test_a_repr_of_other_calls_stays_the_reply_text(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans("call_9"))
    turns = [m for m in imported.trace.messages if m.role == "assistant"]
    assert [m.content for m in turns] == [_repr("call_9")]

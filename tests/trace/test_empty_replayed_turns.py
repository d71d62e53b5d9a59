"""A turn that said nothing but its calls, replayed as an empty message, is that turn.

LlamaIndex's ``AgentWorkflow`` (llama-index-core 0.14, OpenInference) hands the next agent the
history with a ``CodeActAgent``'s ``handoff`` turn replayed as ``''`` with no ``tool_calls``,
then the ``call_h1`` result (``llamaindex-codeact-handoff-2026-12-06i``: two of three blind
readings take it as the turn that asked for ``call_h1``). With no text to tell it by, the
replayed turn is the held turn whose calls the results right after it name
(`integrations/_dropped_calls.py`); before, it was a message of its own, and the turn with
its call and result stood apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "e7" * 16
SYSTEM = "You write code."
ASK = "What is the weather in Paris?"
HANDOFF = ("call_h1", "handoff", {"to_agent": "writer"})
HANDED = "Agent writer is now handling the request."
ANSWER = "Paris is sunny."


def _llm(n: int, said: list[dict[str, Any]], reply: dict[str, Any]) -> dict[str, Any]:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        **openinference_messages("llm.input_messages", said),
        **openinference_messages("llm.output_messages", [reply]),
    }
    return span(n, "OpenAI.astream_chat", attrs, trace=TRACE, parent=1, start=n, end=n + 0.5)


def _said(tmp_path: Path, replayed: dict[str, Any], result_id: str | None) -> list[tuple[Any, ...]]:
    asked = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    result = {"role": "tool", "content": HANDED}
    if result_id is not None:
        result["tool_call_id"] = result_id
    spans = [
        span(1, "AgentWorkflow.run", {"openinference.span.kind": "CHAIN"}, trace=TRACE, end=9),
        _llm(2, asked, {"role": "assistant", "content": "", "tool_calls": [HANDOFF]}),
        _llm(4, [*asked, replayed, result], {"role": "assistant", "content": ANSWER}),
    ]
    return [
        (m.role, m.content or None, [r.id for r in m.tool_calls], m.tool_call_id)
        for m in import_one(tmp_path, spans).trace.messages
    ]


def test_an_empty_turn_before_its_calls_results_is_the_turn_that_asked(tmp_path: Path) -> None:
    said = _said(tmp_path, {"role": "assistant", "content": ""}, "call_h1")
    assert said == [
        ("system", SYSTEM, [], None),
        ("user", ASK, [], None),
        ("assistant", None, ["call_h1"], None),
        ("tool", HANDED, [], "call_h1"),
        ("assistant", ANSWER, [], None),
    ]


def test_an_empty_turn_before_a_result_naming_no_call_stays_its_own(tmp_path: Path) -> None:
    """Nothing tells which turn it replays: it is not matched to the held one."""
    said = _said(tmp_path, {"role": "assistant", "content": ""}, None)
    assert ("assistant", None, [], None) in said
    assert ("assistant", None, ["call_h1"], None) in said

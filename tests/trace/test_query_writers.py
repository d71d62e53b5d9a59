"""A model call that writes the retrieval's query is the retrieval's own work, no turn.

LlamaIndex 0.14's ``CondensePlusContextChatEngine`` under OpenInference, asked a follow-up
(``llamaindex-condense-chat-2026-12-06l``, both blind readings): before it retrieves, an
``OpenAI.complete`` call right under the engine's span rewrites the follow-up and the history
as a standalone question, and the retriever's ``input.value`` is that reply. Like a
reranker's scoring (D16), it is no turn of the conversation; its tokens count
(`integrations/_query_writers`). Before, its prompt and its reply were messages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "c0" * 16
FOLLOW_UP = "And how long for refunds?"
QUESTION = "How many days do I have to return an item?"
ANSWER = "Items can be returned within 30 days."


def _oi(n: int, name: str, kind: str, parent: int | None, **attrs: Any) -> dict[str, Any]:
    attrs = {"openinference.span.kind": kind, **attrs}
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _llm(n: int, said: list[dict[str, Any]], reply: str, tokens: tuple[int, int]) -> Any:
    return _oi(
        n,
        "OpenAI.chat",
        "LLM",
        1,
        **openinference_messages("llm.input_messages", said),
        **openinference_messages("llm.output_messages", [{"role": "assistant", "content": reply}]),
        **{"llm.token_count.prompt": tokens[0], "llm.token_count.completion": tokens[1]},
    )


def _spans(query: str) -> list[dict[str, Any]]:
    condense = [{"role": "user", "content": f"Rephrase as a standalone question: {FOLLOW_UP}"}]
    retriever = _oi(
        3,
        "VectorIndexRetriever.retrieve",
        "RETRIEVER",
        1,
        **{
            "input.value": query,
            "retrieval.documents.0.document.id": "doc-refund",
            "retrieval.documents.0.document.content": "Refunds: within 30 days.",
        },
    )
    answer = [{"role": "system", "content": "Context: Refunds: within 30 days."}]
    return [
        _oi(1, "CondensePlusContextChatEngine.chat", "CHAIN", None, **{"input.value": FOLLOW_UP}),
        _llm(2, condense, QUESTION, (97, 11)),
        retriever,
        _llm(4, [*answer, {"role": "user", "content": FOLLOW_UP}], ANSWER, (171, 15)),
    ]


def test_the_call_that_wrote_the_query_is_no_turn_and_its_tokens_count(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(QUESTION))
    said = [m.content for m in imported.trace.messages]
    assert QUESTION not in said and not any("Rephrase" in (c or "") for c in said)
    assert said[-1] == ANSWER
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (268, 26)


def test_a_call_whose_reply_no_retrieval_asked_stays_a_turn(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans("something else"))
    assert QUESTION in [m.content for m in imported.trace.messages]

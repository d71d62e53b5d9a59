"""A reply of several choices (Chat Completions' ``n``): each a message, the answer the first.

Shapes from ``openai/openinference-openai-n-choices-2026-12-06r.json`` (OpenInference:
``llm.output_messages.0`` and ``.1``, ``n`` in ``llm.invocation_parameters``, the response's
``choices`` in ``output.value``) and ``openllmetry/openllmetry-openai-n-choices-2026-12-06r.json``
(``gen_ai.output.messages``, each message with its own ``finish_reason``); and the edges the
rule must not fire on: a reply streamed one entry per chunk, a stream's unfinished pieces.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

_TRACE = "c5" * 16
_ASK = "Which is warmer, 22 C or 17 C?"
_FIRST, _SECOND = "22 C.", "22 C is warmer than 17 C."


def _openinference(replies: list[str], extra: dict[str, Any]) -> list[dict[str, Any]]:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        **openinference_messages("llm.input_messages", [{"role": "user", "content": _ASK}]),
        **openinference_messages(
            "llm.output_messages", [{"role": "assistant", "content": r} for r in replies]
        ),
        **extra,
    }
    return [span(1, "ChatCompletion", attrs, trace=_TRACE)]


def _said(spans: list[dict[str, Any]], tmp_path: Path) -> tuple[list[str | None], str | None]:
    imported = import_one(tmp_path, spans)
    replies = [m.content for m in imported.trace.messages if m.role == "assistant"]
    return replies, imported.trace.output


def test_openinference_entries_of_a_request_asking_n_are_choices(tmp_path: Path) -> None:
    asked = {"llm.invocation_parameters": json.dumps({"model": "gpt-4o-mini", "n": 2})}
    spans = _openinference([_FIRST, _SECOND], asked)
    assert _said(spans, tmp_path) == ([_FIRST, _SECOND], _FIRST)


def test_openinference_entries_of_a_response_of_as_many_finished_choices(tmp_path: Path) -> None:
    choices = [
        {"index": i, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}
        for i, text in enumerate([_FIRST, _SECOND])
    ]
    response = {"object": "chat.completion", "choices": choices}
    spans = _openinference([_FIRST, _SECOND], {"output.value": json.dumps(response)})
    assert _said(spans, tmp_path) == ([_FIRST, _SECOND], _FIRST)


def test_openinference_chunk_entries_are_still_one_message(tmp_path: Path) -> None:
    chunks = ["22 C", " is", " warmer."]
    one = {"llm.invocation_parameters": json.dumps({"n": 1}), "output.value": "22 C is warmer."}
    assert _said(_openinference(chunks, one), tmp_path) == (["22 C is warmer."], "22 C is warmer.")
    # as many entries as asked for is what makes them choices, not n above 1 alone
    two = {"llm.invocation_parameters": json.dumps({"n": 2})}
    assert _said(_openinference(chunks, two), tmp_path)[0] == ["22 C is warmer."]


def _reply(text: str, finish: str) -> dict[str, Any]:
    return {
        "role": "assistant",
        "parts": [{"type": "text", "content": text}],
        "finish_reason": finish,
    }


def _chat(n: int, inputs: list[dict[str, Any]], replies: list[dict[str, Any]]) -> dict[str, Any]:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(replies),
    }
    return span(n, "openai.chat", attrs, trace=_TRACE, start=float(n), end=float(n) + 0.5)


_USER = {"role": "user", "parts": [{"type": "text", "content": _ASK}]}


def test_genai_replies_each_finished_are_choices(tmp_path: Path) -> None:
    spans = [_chat(1, [_USER], [_reply(_FIRST, "stop"), _reply(_SECOND, "stop")])]
    assert _said(spans, tmp_path) == ([_FIRST, _SECOND], _FIRST)


def test_a_later_call_answers_after_the_choices(tmp_path: Path) -> None:
    follow = {"role": "user", "parts": [{"type": "text", "content": "And 30 C?"}]}
    spans = [
        _chat(1, [_USER], [_reply(_FIRST, "stop"), _reply(_SECOND, "stop")]),
        _chat(2, [_USER, _reply(_FIRST, "stop"), follow], [_reply("30 C.", "stop")]),
    ]
    replies, output = _said(spans, tmp_path)
    assert sorted(map(str, replies)) == sorted([_FIRST, _SECOND, "30 C."])
    assert output == "30 C."  # the choices' first is no answer over a later reply


def test_genai_pieces_of_a_stream_are_one_message(tmp_path: Path) -> None:
    spans = [_chat(1, [_USER], [_reply("22 C", ""), _reply(" is warmer.", "stop")])]
    assert _said(spans, tmp_path) == (["22 C is warmer."], "22 C is warmer.")


def _choice_event(index: int, text: str, finish: str) -> dict[str, Any]:
    body = {"index": index, "finish_reason": finish, "message": {"content": text}}
    return {"name": "gen_ai.choice", "attributes": body}


def _events_chat(choices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    attrs = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o-mini"}
    asked = {"name": "gen_ai.user.message", "attributes": {"content": _ASK}}
    return [span(1, "chat gpt-4o-mini", attrs, trace=_TRACE, events=[asked, *choices])]


def test_choice_events_each_finished_are_choices(tmp_path: Path) -> None:
    # the OpenTelemetry project's openai-v2 instrumentation: a gen_ai.choice event a choice
    spans = _events_chat([_choice_event(0, _FIRST, "stop"), _choice_event(1, _SECOND, "stop")])
    assert _said(spans, tmp_path) == ([_FIRST, _SECOND], _FIRST)

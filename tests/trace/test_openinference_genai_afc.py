"""openinference-instrumentation-google-genai on google-genai's automatic function calling: one
``GenerateContent`` span for the whole loop, the turns between only in the response's
``automatic_function_calling_history``
(tests/data/traces/google-genai/openinference-google-genai-afc-*), on small spans written
that way, so each rule is checked apart from the export.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "af" * 16
QUESTION = "Weather in Paris and Tokyo?"
ASKED = {"parts": [{"text": QUESTION}], "role": "user"}
CALLS = {
    "role": "model",
    "parts": [
        {"function_call": {"name": "get_weather", "args": {"city": "Paris"}}},
        {"function_call": {"name": "get_weather", "args": {"city": "Tokyo"}}},
    ],
}
RESULTS = {
    "role": "user",
    "parts": [
        {"function_response": {"parts": None, "name": "get_weather", "response": {"result": r}}}
        for r in ("sunny", "rain")
    ],
}


def _generate_content(history: list[Any], *, contents: Any = None) -> dict[str, Any]:
    """The one span of a ``generate_content`` call, with the final response's AFC history."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gemini-2.5-flash",
        "llm.token_count.prompt": 118,
        "llm.token_count.completion": 21,
        "input.value": json.dumps({"contents": [ASKED] if contents is None else contents}),
        "output.value": json.dumps(
            {
                "candidates": [{"content": {"parts": [{"text": "Sunny; rain."}], "role": "model"}}],
                "automatic_function_calling_history": history,
            }
        ),
        **openinference_messages(
            "llm.input_messages",
            [{"role": "system", "content": "Be brief."}, {"role": "user", "content": QUESTION}],
        ),
        **openinference_messages(
            "llm.output_messages", [{"role": "model", "content": "Sunny; rain."}]
        ),
    }
    # the instrumentation's bare keys for the requests (no llm.output_messages prefix)
    for k, city in enumerate(("Paris", "Tokyo")):
        attrs[f"message.tool_calls.{k}.tool_call.function.name"] = "get_weather"
        attrs[f"message.tool_calls.{k}.tool_call.function.arguments"] = json.dumps({"city": city})
    return span(1, "GenerateContent", attrs, trace=TRACE)


def _said(imported: Any) -> list[tuple[str, str | None, list[str]]]:
    return [(m.role, m.content, [r.name for r in m.tool_calls]) for m in imported.trace.messages]


def test_the_turns_automatic_function_calling_ran_are_read_from_its_history(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, [_generate_content([ASKED, CALLS, RESULTS])])
    assert _said(imported) == [
        ("system", "Be brief.", []),
        ("user", QUESTION, []),  # the history's first turn is the request's: said once
        ("assistant", None, ["get_weather", "get_weather"]),
        ("tool", '{"result": "sunny"}', []),
        ("tool", '{"result": "rain"}', []),
        ("assistant", "Sunny; rain.", []),
    ]
    calls = imported.trace.tool_calls
    assert [(c.name, c.arguments, c.result, c.id) for c in calls] == [
        ("get_weather", {"city": "Paris"}, {"result": "sunny"}, None),
        ("get_weather", {"city": "Tokyo"}, {"result": "rain"}, None),
    ]
    assert imported.trace.output == "Sunny; rain."
    assert imported.trace.usage.input_tokens == 118


def test_a_question_given_as_text_is_one_turn_of_the_history(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_generate_content([ASKED, CALLS, RESULTS], contents=QUESTION)])
    assert [m.role for m in imported.trace.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]


def test_an_empty_history_changes_nothing(tmp_path: Path) -> None:
    """No function ran (or AFC was off): the call is its request and its answer."""
    imported = import_one(tmp_path, [_generate_content([])])
    assert _said(imported) == [
        ("system", "Be brief.", []),
        ("user", QUESTION, []),
        ("assistant", "Sunny; rain.", []),
    ]
    assert imported.trace.tool_calls == []


def test_a_history_of_the_request_only_adds_nothing(tmp_path: Path) -> None:
    imported = import_one(tmp_path, [_generate_content([ASKED])])
    assert [m.role for m in imported.trace.messages] == ["system", "user", "assistant"]


def test_a_request_without_contents_is_not_read_for_the_history(tmp_path: Path) -> None:
    """Without the request's ``contents`` the history's own turns cannot be told apart."""
    one = _generate_content([ASKED, CALLS, RESULTS])
    one["attributes"]["input.value"] = json.dumps({"model": "gemini-2.5-flash"})
    imported = import_one(tmp_path, [one])
    assert [m.role for m in imported.trace.messages] == ["system", "user", "assistant"]


def test_turns_the_request_already_records_are_not_said_twice(tmp_path: Path) -> None:
    """A request whose own messages hold the history's turns (a later release's) keeps them."""
    one = _generate_content([ASKED, CALLS, RESULTS])
    attrs = one["attributes"]
    attrs.update(
        openinference_messages(
            "llm.input_messages",
            [
                {"role": "system", "content": "Be brief."},
                {"role": "user", "content": QUESTION},
                {
                    "role": "model",
                    "tool_calls": [
                        (None, "get_weather", {"city": "Paris"}),
                        (None, "get_weather", {"city": "Tokyo"}),
                    ],
                },
                {"role": "tool", "name": "get_weather", "content": '{"result": "sunny"}'},
                {"role": "tool", "name": "get_weather", "content": '{"result": "rain"}'},
            ],
        )
    )
    for key in [k for k in attrs if k.endswith(".tool_call.id")]:
        del attrs[key]
    imported = import_one(tmp_path, [one])
    assert [m.role for m in imported.trace.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "tool",
        "assistant",
    ]

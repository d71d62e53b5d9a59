"""A call whose arguments the tool's schema refused (the fifty-sixth round, `-2026-12-07zc`):
the tool never ran, the framework told the model why. MLflow's pydantic-ai autolog records the
refusal as a ``<tool>.validation`` PARSER span (`otel/_validation_spans`); the Vercel AI SDK
only as the error text it gives the model (`_sdk_error_texts`). Misses of the round's first
run; each test fails without its rule."""

from __future__ import annotations

import json
from pathlib import Path

from fourfold.integrations._spans import Span
from fourfold.integrations._steps import ToolRun
from fourfold.integrations.otel._mlflow import interpret_mlflow
from fourfold.integrations.otel._mlflow_native import native_request
from tests.helpers.genai_messages import chat_attributes
from tests.helpers.span_builders import import_one, span

TRACE = "e7" * 16
REFUSED = (
    "AI_InvalidToolInputError: Invalid input for tool get_weather: AI_TypeValidationError: "
    'Type validation failed: Value: {"town":"Paris"}.'
)
ERRORS = [{"type": "missing", "loc": ["city"], "msg": "Field required"}]


def test_a_failed_validation_span_is_the_refused_call() -> None:
    event = {
        "name": "exception",
        "attributes": {
            "exception.type": "ValidationError",
            "exception.message": "1 validation error for get_weather",
        },
    }
    attrs = {"mlflow.spanType": '"PARSER"', "mlflow.spanInputs": json.dumps('{"town": "Paris"}')}
    failed = Span(
        TRACE,
        "v",
        "a",
        "get_weather.validation",
        1,
        2,
        "error",
        "ValidationError: 1 validation error for get_weather",
        attrs,
        [event],
    )
    run = interpret_mlflow(failed)
    assert isinstance(run, ToolRun)
    assert (run.call.name, run.call.arguments) == ("get_weather", {"town": "Paris"})
    assert run.call.error == "ValidationError: 1 validation error for get_weather"
    passed = Span(TRACE, "v", "a", "get_weather.validation", 1, 2, "ok", None, attrs)
    assert interpret_mlflow(passed) is None


def test_a_tool_return_of_values_is_their_json() -> None:
    request = {
        "messages": [
            {
                "kind": "request",
                "parts": [
                    {
                        "part_kind": "tool-return",
                        "tool_call_id": "call_b1",
                        "tool_name": "get_weather",
                        "content": ERRORS,
                    }
                ],
            }
        ]
    }
    [answer] = native_request(request)
    assert answer.role == "tool" and answer.tool_call_id == "call_b1"
    assert json.loads(answer.content or "") == ERRORS


def test_the_ai_sdks_error_text_is_the_unrun_calls_error(tmp_path: Path) -> None:
    asked = {
        "role": "assistant",
        "parts": [
            {
                "type": "tool_call",
                "id": "call_b1",
                "name": "get_weather",
                "arguments": {"town": "Paris"},
            }
        ],
    }
    told = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "call_b1", "response": REFUSED}],
    }
    question = {"role": "user", "parts": [{"type": "text", "content": "Weather in Paris?"}]}

    def chat(n: int, given: list[object], said: dict[str, object]) -> dict[str, object]:
        attrs = chat_attributes(given, [said], usage=None)
        return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, start=n, end=n + 0.5)

    answer = {"role": "assistant", "parts": [{"type": "text", "content": "Try the city."}]}
    trace = import_one(
        tmp_path, [chat(1, [question], asked), chat(2, [question, asked, told], answer)]
    ).trace
    [call] = trace.tool_calls
    assert (call.id, call.error, call.result) == ("call_b1", REFUSED, REFUSED)

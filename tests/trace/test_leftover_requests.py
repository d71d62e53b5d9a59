"""A flattened reply's requests beyond those its raw Gemini response lists are an earlier
call's (otel/_leftover_requests): read from one OpenInference LLM span, with the edges the
rule must not fire on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fourfold.integrations._spans import Span
from fourfold.integrations._steps import ModelCall
from fourfold.integrations.otel._openinference import interpret_openinference

_OUT = "llm.output_messages.0.message"


def _call(flat: list[str], response: Any) -> list[str]:
    """The names the reply requests, read from a span whose flattened reply asks for `flat`
    (one call each, no ids) and whose ``output.value`` is `response`."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Weather in Paris?",
        f"{_OUT}.role": "model",
        "output.value": json.dumps(response),
    }
    for k, name in enumerate(flat):
        attrs[f"{_OUT}.tool_calls.{k}.tool_call.function.name"] = name
        attrs[f"{_OUT}.tool_calls.{k}.tool_call.function.arguments"] = json.dumps({"k": k})
    span = Span("t", "s", None, "call_llm", None, None, "unset", None, attrs)
    step = interpret_openinference(span)
    assert isinstance(step, ModelCall)
    return [r.name for m in step.outputs for r in m.tool_calls]


def _parts(*names: str, **extra: Any) -> dict[str, Any]:
    calls = [{"function_call": {"name": n, "args": {"k": i}}} for i, n in enumerate(names)]
    return {"content": {"role": "model", "parts": calls}, **extra}


def test_a_request_the_response_does_not_list_is_left_out() -> None:
    assert _call(["set_model_response", "get_weather"], _parts("set_model_response")) == [
        "set_model_response"
    ]


def test_google_genai_response_of_one_candidate_is_read_the_same() -> None:
    response = {"candidates": [{"content": _parts("f")["content"], "finish_reason": "STOP"}]}
    assert _call(["f", "g"], response) == ["f"]


@pytest.mark.parametrize(
    "response",
    [
        _parts("f", "g"),  # the response lists them all
        _parts("h"),  # another reply's record: the kept request is not its call
        _parts("f", partial=True),  # a stream's chunk
        {"content": {"role": "model", "parts": []}},  # lists no parts
        {"candidates": [_parts("f"), _parts("f")]},  # several candidates
        {"choices": [{"message": {"role": "assistant", "content": None}}]},  # not Gemini's
    ],
)
def test_the_flattened_requests_stand_when_the_response_does_not_say_otherwise(
    response: Any,
) -> None:
    assert _call(["f", "g"], response) == ["f", "g"]

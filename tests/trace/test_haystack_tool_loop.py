"""Haystack's tool loop built as a pipeline, under Haystack's own OpenTelemetry tracer.

A ``MessageCollector`` (the application's component) feeds an ``OpenAIChatGenerator``, whose
replies a ``ConditionalRouter`` sends to a ``ToolInvoker`` and back to the collector. On its
second visit the collector is handed the pipeline's input again, with the reply and the tool
results, and appends them all: the second model call's input is the system prompt and the
question twice, then the reply and the results. The copy is the earlier input given again
whole, before that input's reply: each message once (`integrations/_repeated_inputs.py`).
A user who says the same again after a reply is said again. The real export:
``haystack-tool-loop-otel-2026-12-06b`` in ``tests/data/traces/haystack/``.
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_otel
from tests.helpers.haystack_messages import call as _call
from tests.helpers.haystack_messages import message as _message
from tests.helpers.haystack_messages import result_part
from tests.helpers.span_builders import iso_span as _span

SYSTEM = "You are a weather assistant."
USER = "Weather in Paris and Tokyo?"
ANSWER = "Paris is sunny; Tokyo has rain."


def _result(city: str, call_id: str, result: str) -> Any:
    return _message("tool", result_part(city, call_id, result))


ASK = [_message("system", {"text": SYSTEM}), _message("user", {"text": USER})]
CALLS = _message(
    "assistant", {"tool_call": _call("Paris", "call_1")}, {"tool_call": _call("Tokyo", "call_2")}
)
RESULTS = [_result("Paris", "call_1", "sunny"), _result("Tokyo", "call_2", "rain")]
REPLY = _message("assistant", {"text": ANSWER})


def _component(span_id: int, kind: str, given: Any, output: Any) -> Any:
    attrs = {
        "haystack.component.name": kind.lower(),
        "haystack.component.type": kind,
        "haystack.component.input": json.dumps(given),
        "haystack.component.output": json.dumps(output),
    }
    return _span(span_id, 1, "haystack.component.run", attrs)


def _loop(first: list[Any], second: list[Any]) -> list[Any]:
    """A pipeline whose generator is called with `first`, then, after the tools, `second`."""
    return [
        _span(1, None, "haystack.pipeline.run", {"haystack.pipeline.output_data": "{}"}),
        _component(2, "OpenAIChatGenerator", {"messages": first}, {"replies": [CALLS]}),
        _component(3, "ToolInvoker", {"messages": [CALLS]}, {"tool_messages": RESULTS}),
        _component(4, "OpenAIChatGenerator", {"messages": second}, {"replies": [REPLY]}),
    ]


def _said(spans: list[Any]) -> list[tuple[str, str | None, str | None]]:
    [imported] = from_otel({"spans": spans})
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def test_the_pipelines_input_collected_again_is_each_message_once() -> None:
    """The second input gives the first one again whole before the reply it got: the model
    answered the first input without the copy, so nothing was said between; once each."""
    assert _said(_loop(ASK, [*ASK, *ASK, CALLS, *RESULTS])) == [
        ("system", SYSTEM, None),
        ("user", USER, None),
        ("assistant", None, None),
        ("tool", "sunny", "call_1"),
        ("tool", "rain", "call_2"),
        ("assistant", ANSWER, None),
    ]


def test_a_question_asked_again_after_the_reply_is_said_again() -> None:
    """The same question after the reply and the results follows them: a message of its own."""
    assert _said(_loop(ASK, [*ASK, CALLS, *RESULTS, ASK[1]])) == [
        ("system", SYSTEM, None),
        ("user", USER, None),
        ("assistant", None, None),
        ("tool", "sunny", "call_1"),
        ("tool", "rain", "call_2"),
        ("user", USER, None),
        ("assistant", ANSWER, None),
    ]


def test_an_input_first_given_twice_stays_twice() -> None:
    """A first input that itself holds the question twice (the user sent it twice), replayed
    as it was before the reply: both are messages, the second input adds no copy."""
    twice = [*ASK, ASK[1]]
    assert _said(_loop(twice, [*twice, CALLS, *RESULTS])) == [
        ("system", SYSTEM, None),
        ("user", USER, None),
        ("user", USER, None),
        ("assistant", None, None),
        ("tool", "sunny", "call_1"),
        ("tool", "rain", "call_2"),
        ("assistant", ANSWER, None),
    ]

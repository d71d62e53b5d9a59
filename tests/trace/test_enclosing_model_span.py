"""A model call's span that encloses the tools its reply asked for, and a run that failed.

Google ADK under OpenInference (``openinference-google-adk-gemini-tool-error-2026-12-06m``,
both blind readings): the one model call is a span (``invoke_agent weather_agent``, kind LLM)
whose tool spans run inside it, so its reply is recorded when it ends, after them. A tool
that raised there ended the run: no model call came after it, nothing was said back for it,
and it has no tool message (`Conversation.went_on_after` does not count the reply that asked
for the call). The invocation's output is ADK's event for the failure (``error_code``, no
content): no answer (`_answer.run_answer`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "ae" * 16
QUESTION = "What is the weather in Paris and in Tokyo?"
ERROR = {"status_code": "ERROR", "description": "ValueError: unknown city: Tokio"}


def _oi(
    n: int, name: str, kind: str, parent: int | None, start: float, end: float, **a: Any
) -> Any:
    attrs = {"openinference.span.kind": kind, **a}
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=end)


def _tool(n: int, city: str, *, result: str | None, call_id: str) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "execute_tool",
        "tool.name": "get_weather",
        "gen_ai.tool.call.id": call_id,
        "input.value": json.dumps({"city": city}),
    }
    if result is not None:
        attrs["output.value"] = json.dumps({"result": result})
    done: dict[str, Any] = _oi(
        n, "execute_tool get_weather", "TOOL", 3, float(n), float(n) + 0.5, **attrs
    )
    if result is None:
        done["status"] = ERROR
    return done


def _spans(output: dict[str, Any]) -> list[dict[str, Any]]:
    reply = {
        "role": "model",
        "tool_calls": [("", "get_weather", {"city": c}) for c in ("Paris", "Tokio")],
    }
    return [
        _oi(
            1,
            "invocation [weather_app]",
            "CHAIN",
            None,
            0.0,
            9.0,
            **{"output.value": json.dumps(output)},
        ),
        _oi(2, "agent_run [weather_agent]", "AGENT", 1, 0.5, 8.5),
        _oi(
            3,
            "invoke_agent weather_agent",  # the model call, its tools inside it
            "LLM",
            2,
            1.0,
            8.0,
            **openinference_messages("llm.input_messages", [{"role": "user", "content": QUESTION}]),
            **openinference_messages("llm.output_messages", [reply]),
            **{"llm.model_name": "gemini-2.5-flash"},
        ),
        _tool(4, "Paris", result="sunny, 22 C", call_id="adk-1"),
        _tool(5, "Tokio", result=None, call_id="<not specified>"),
    ]


FAILED = {
    "error_code": "ValueError",
    "error_message": "unknown city: Tokio",
    "invocation_id": "e-1",
    "author": "weather_agent",
    "actions": {},
}


def test_a_tool_that_ended_the_run_inside_its_model_call_gets_no_tool_message(
    tmp_path: Path,
) -> None:
    trace = import_one(tmp_path, _spans(FAILED)).trace
    assert [(m.role, m.tool_call_id) for m in trace.messages] == [
        ("user", None),
        ("assistant", None),
        ("tool", "adk-1"),
    ]
    failed = trace.tool_calls[1]
    assert (failed.arguments, failed.result, failed.error) == (
        {"city": "Tokio"},
        None,
        "ValueError: unknown city: Tokio",
    )


def test_an_adk_event_without_content_is_no_answer(tmp_path: Path) -> None:
    assert import_one(tmp_path, _spans(FAILED)).trace.output is None


def test_an_adk_event_with_content_is_its_text(tmp_path: Path) -> None:
    said = {**FAILED, "content": {"role": "model", "parts": [{"text": "Sunny in Paris."}]}}
    del said["error_code"]
    assert import_one(tmp_path, _spans(said)).trace.output == "Sunny in Paris."

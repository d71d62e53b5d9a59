"""AG2's chat session under MLflow's AG2 autolog: the run, its answer the chat's summary.

Shape from ``mlflow/mlflow-ag2-2026-12-07.json``: the root ``initiate_chat`` span (type
``UNKNOWN``, ``mlflow.message.format`` ``ag2``) whose outputs are AG2's ``ChatResult``, over an
``AGENT`` span per message an agent received (``{"message", "sender", "valid"}``) and the
``LLM`` calls (`fourfold.integrations.otel._mlflow_ag2`). The edges it must not fire on: an
``UNKNOWN`` span whose outputs are some other object, a ``ChatResult`` with no summary.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, stepped_span
from tests.helpers.span_builders import mlflow_attributes as _attrs

TRACE = "a2" * 16
ASK = "What is the weather in Paris?"
SAID = "Paris is sunny at 22 C."
SUMMARY = "Sunny in Paris."


def _result(summary: str) -> dict[str, Any]:
    """AG2's ``ChatResult`` as MLflow writes it."""
    history = [
        {"content": ASK, "role": "assistant", "name": "user"},
        {"content": SAID, "role": "user", "name": "weather_agent"},
    ]
    cost = {"usage_including_cached_inference": {}, "usage_excluding_cached_inference": {}}
    return {
        "chat_id": 1,
        "chat_history": history,
        "summary": summary,
        "cost": cost,
        "human_input": [],
    }


def _spans(root_outputs: Any) -> list[dict[str, Any]]:
    asked = {"recipient": "weather_agent", "max_turns": 1, "summary_method": "last_msg"}
    root = _attrs(
        "UNKNOWN", {**asked, "message": ASK}, root_outputs, **{"mlflow.message.format": "ag2"}
    )
    reply = {
        "choices": [
            {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": SAID}}
        ]
    }
    call = _attrs(
        "LLM",
        {"messages": [{"role": "user", "content": ASK}], "model": "gpt-4o-mini"},
        reply,
        **{
            "mlflow.message.format": "ag2",
            "mlflow.chat.tokenUsage": {"input_tokens": 5, "output_tokens": 3},
        },
    )
    envelope = {"message": SAID, "sender": "weather_agent", "valid": True}
    agent = _attrs(
        "AGENT",
        {"message": ASK, "sender": "user", "valid": True},
        envelope,
        **{"mlflow.message.format": "ag2"},
    )
    return [
        stepped_span(1, "initiate_chat", root, trace=TRACE),
        stepped_span(2, "weather_agent", agent, trace=TRACE, parent=1),
        stepped_span(3, "chat_completion", call, trace=TRACE, parent=2),
    ]


def test_the_chat_sessions_answer_is_its_summary(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(_result(SUMMARY)))
    assert (imported.trace.output, imported.trace.structured) == (SUMMARY, None)
    assert imported.input == ASK
    assert imported.metadata["agent_name"] == "weather_agent"  # the session names no agent
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [("user", ASK), ("assistant", SAID)]  # the ChatResult's history adds none


def test_a_chat_result_with_no_summary_leaves_the_answer_to_the_agents(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(_result("")))
    assert imported.trace.output != SUMMARY
    assert "chat_history" not in str(imported.trace.output)


def test_another_unknown_span_is_no_run(tmp_path: Path) -> None:
    # an UNKNOWN span whose outputs are no ChatResult stays no step, as before
    imported = import_one(tmp_path, _spans({"summary": SUMMARY, "chat_history": []}))
    assert imported.trace.output != SUMMARY

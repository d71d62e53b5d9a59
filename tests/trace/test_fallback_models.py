"""A pydantic-ai ``FallbackModel`` whose models all failed (`otel/_fallback_models.py`).

The chat span keeps the fallback's own name, ``fallback:gpt-4o,gpt-4o-mini``, as its request
model; the model the call asked for first is the first listed
(`pydantic-ai/pydantic-ai-fallback-all-fail-2026-12-06.json`). A call one of the models
answered is named after that model and read as it is.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "fb" * 16
ASKED = [{"role": "user", "parts": [{"type": "text", "content": "Weather in Paris?"}]}]


def _run(model: str, *, failed: bool) -> list[dict[str, Any]]:
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    chat: dict[str, Any] = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": model,
        "gen_ai.input.messages": json.dumps(ASKED),
    }
    if not failed:
        reply = [{"role": "assistant", "parts": [{"type": "text", "content": "Sunny."}]}]
        chat["gen_ai.output.messages"] = json.dumps(reply)
    call = span(2, f"chat {model}", chat, trace=TRACE, parent=1, start=1, end=2)
    if failed:
        call["status"] = {"status_code": "ERROR", "description": "status_code: 500"}
    return [span(1, "invoke_agent weather_agent", agent, trace=TRACE, start=0, end=3), call]


def test_a_fallback_whose_models_all_failed_asked_its_first_model(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run("fallback:gpt-4o,gpt-4o-mini", failed=True))
    assert imported.metadata["model"] == "gpt-4o"


def test_a_call_a_model_answered_keeps_that_models_name(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run("gpt-4o-mini", failed=False))
    assert imported.metadata["model"] == "gpt-4o-mini"

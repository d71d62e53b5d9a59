r"""A smolagents plan and its replays (smolagents 1.26.0, OpenInference's instrumentation).

An agent with ``planning_interval`` asks for a plan in a call of its own; every later step's
input gives that plan back as an assistant message in smolagents' template (``Here are the
facts I know and the plan of action...``). The replay is the plan's turn said again: one
message, the plan as the model wrote it (`integrations/otel/_smol_plans.py`; every reading of
`smolagents-managed-planning` took it so, and before, the import held it twice).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one
from tests.trace.test_smolagents_observations import _llm, _span

PLAN = "## 1. Facts survey\n- the task asks for A's weather\n\n## 2. Plan\n1. Answer.\n"
FENCE = "`" * 3
REPLAY = (
    "Here are the facts I know and the plan of action that I will follow to solve the task:"
    f"\n{FENCE}\n{PLAN}\n{FENCE}"
)
UPDATED = "## 1. Updated facts survey\n- A is sunny\n\n## 2. Plan\n1. Say so.\n"
UPDATED_REPLAY = (
    f"I still need to solve the task I was given:\n{FENCE}\nWeather in A?\n{FENCE}\n\n"
    "Here are the facts I know and my new/updated plan of action to solve the task:"
    f"\n{FENCE}\n{UPDATED}\n{FENCE}"
)
SYSTEM = {"role": "system", "content": "You solve tasks."}
USER = {"role": "user", "content": "Weather in A?"}
PLANNING = {"role": "user", "content": "Make a plan for: Weather in A?"}
PROCEED = {"role": "user", "content": "Now proceed and carry out this plan."}


def _said(spans: list[dict[str, Any]], tmp_path: Path) -> list[tuple[str, str | None]]:
    return [(m.role, m.content) for m in import_one(tmp_path, spans).trace.messages]


def test_a_replayed_plan_is_the_plans_own_turn(tmp_path: Path) -> None:
    step = [SYSTEM, USER, {"role": "assistant", "content": REPLAY}, PROCEED]
    spans = [
        _span(1, "agent.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _llm(2, 0.1, [PLANNING], [{"role": "assistant", "content": PLAN}]),
        _llm(3, 1.0, step, [{"role": "assistant", "content": "A is sunny."}]),
    ]
    said = _said(spans, tmp_path)
    assert said.count(("assistant", PLAN)) == 1
    assert not any(text and text.startswith("Here are the facts") for _, text in said)
    assert said.index(("assistant", PLAN)) < said.index(("assistant", "A is sunny."))


def test_an_updated_plans_replay_is_that_plans_turn(tmp_path: Path) -> None:
    step = [SYSTEM, USER, {"role": "assistant", "content": UPDATED_REPLAY}, PROCEED]
    spans = [
        _span(1, "agent.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _llm(2, 0.1, [PLANNING], [{"role": "assistant", "content": UPDATED}]),
        _llm(3, 1.0, step, [{"role": "assistant", "content": "A is sunny."}]),
    ]
    said = _said(spans, tmp_path)
    assert said.count(("assistant", UPDATED)) == 1
    assert not any(text and text.startswith("I still need") for _, text in said)


def test_text_that_only_begins_like_a_replay_is_kept_as_written(tmp_path: Path) -> None:
    almost = "Here are the facts I know and the plan of action: ask the user."
    step = [SYSTEM, USER, {"role": "assistant", "content": almost}, PROCEED]
    spans = [
        _span(1, "agent.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _llm(2, 1.0, step, [{"role": "assistant", "content": "A is sunny."}]),
    ]
    assert ("assistant", almost) in _said(spans, tmp_path)

"""A magentic manager stopped by a limit before its final answer: the run has no answer.

Semantic Kernel 1.45's ``MagenticOrchestration`` with ``max_round_count=1``
(``semantic-kernel/semantic-kernel-magentic-round-limit-2026-12-06e.json``, SK's own
diagnostics with the runtime's spans): the manager's calls (facts, plan, a progress ledger) under
``agent_runtime process MagenticManagerActor_…``, in no agent span; the weather agent's run;
then the runtime's delivery of its report to the manager, which logs ``Max round count
reached.`` and makes no model call: no final answer. The agent's report is its turn, not the
run's answer; before, it was the output (`integrations/_stopped_teams.py`). The siblings, a
final-answer call in that last delivery (``semantic-kernel-magentic``), keep their answer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import agent_attributes, chat_attributes, text
from tests.helpers.span_builders import import_one, span

TRACE = "5e" * 16
SYSTEM = "You are a weather assistant. Use get_weather for every city the user asks about."
LEDGER = "We are working to address the following user request: the weather in Paris."
INSTRUCTION = "Look up the current weather in Paris with get_weather."
REPORT = "Paris is sunny at 22 C."
FINAL = "In Paris it is sunny at 22 C."
MANAGER = "MagenticManagerActor_c031.(default)-A"


def _chat(n: int, parent: int, inputs: list[Any], reply: str, at: float) -> dict[str, Any]:
    """SK's ``chat gpt-4o-mini`` span: its messages in, one text out."""
    attrs = chat_attributes(inputs, [text("assistant", reply)])
    return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=parent, start=at, end=at + 0.5)


def _process(n: int, to: str, start: float, end: float) -> dict[str, Any]:
    """The runtime's delivery of a message to actor `to`."""
    attrs = {"messaging.operation": "process", "messaging.destination": to}
    return span(n, f"agent_runtime process {to}", attrs, trace=TRACE, start=start, end=end)


def _spans(*, final: bool, manager: str = MANAGER) -> list[dict[str, Any]]:
    """The manager's ledger call, the agent's run, the report delivered to the manager and,
    when `final`, its final-answer call there."""
    given = [text("assistant", LEDGER), text("assistant", INSTRUCTION)]
    agent = agent_attributes("weather_agent", given, [text("assistant", REPORT)])
    ledger = json.dumps({"next_speaker": {"answer": "weather_agent"}})
    spans = [
        _process(1, manager, 0, 1.5),
        _chat(2, 1, [text("user", "Is the request satisfied?")], ledger, 0.5),
        _process(3, "weather_agent_c031.(default)-A", 2, 6),
        span(4, "invoke_agent weather_agent", agent, trace=TRACE, parent=3, start=2, end=5.5),
        _chat(5, 4, [text("system", SYSTEM), *given], REPORT, 3),
        _process(6, manager, 6.5, 9),
    ]
    if final:
        spans.append(_chat(7, 6, [text("user", "Provide the final answer.")], FINAL, 7))
    return spans


def test_a_manager_stopped_before_its_final_answer_gives_no_output(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _spans(final=False))

    assert imported.trace.output is None  # before: the weather agent's report
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said[-1] == ("assistant", REPORT)  # still the agent's turn, in the conversation
    assert imported.trace.usage.input_tokens == 20  # the manager's call counted


def test_a_manager_that_answered_keeps_its_answer(tmp_path: Path) -> None:
    # semantic-kernel-magentic, -replan: the final-answer call in the last delivery
    imported = import_one(tmp_path, _spans(final=True))

    assert imported.trace.output == FINAL


def test_a_team_that_is_no_magentic_manager_keeps_its_agents_answer(tmp_path: Path) -> None:
    # SK's other orchestrations, AutoGen's selector: the agent's reply is still the answer
    imported = import_one(tmp_path, _spans(final=False, manager="GroupChatManagerActor_c031"))

    assert imported.trace.output == REPORT


def test_a_manager_given_nothing_after_its_agents_keeps_their_answer(tmp_path: Path) -> None:
    # no delivery to the manager after the agent's run (the trace says nothing of a stop)
    spans = [s for s in _spans(final=False) if s["context"]["span_id"] != f"{6:016x}"]
    imported = import_one(tmp_path, spans)

    assert imported.trace.output == REPORT

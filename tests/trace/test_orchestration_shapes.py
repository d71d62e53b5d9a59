"""Shapes Microsoft Agent Framework's orchestrations showed (tests/data/traces/
microsoft-agent-framework/agent-framework-concurrent-* and agent-framework-magentic-*), each on
small spans written the way the framework writes them (GenAI 1.37 parts messages on ``chat``
spans inside ``invoke_agent`` spans), so each rule is checked apart from the export.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
USER = "Weather in Paris?"
Said = tuple[str, str]  # (role, text)


def _parts(messages: list[Said]) -> str:
    return json.dumps(
        [{"role": role, "parts": [{"type": "text", "content": text}]} for role, text in messages]
    )


def _run(n: int, agent: str, system: str, given: list[Said], reply: str, start: float) -> list[Any]:
    """An agent run (``invoke_agent``) and its one model call (``chat``), a second long."""
    run = span(
        n,
        f"invoke_agent {agent}",
        {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": agent},
        trace=TRACE,
        parent=1,
        start=start,
        end=start + 1.0,
    )
    chat = span(
        n + 1,
        "chat gpt-4o-mini",
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.system_instructions": json.dumps([{"type": "text", "content": system}]),
            "gen_ai.input.messages": _parts(given),
            "gen_ai.output.messages": _parts([("assistant", reply)]),
            "gen_ai.usage.input_tokens": 10,
            "gen_ai.usage.output_tokens": 5,
        },
        trace=TRACE,
        parent=n,
        start=start + 0.1,
        end=start + 0.9,
    )
    return [run, chat]


def _root(end: float) -> dict[str, Any]:
    return span(1, "workflow.run", {"workflow.name": "Team"}, trace=TRACE, start=0.0, end=end)


def _said(tmp_path: Path, spans: list[Any]) -> list[Said]:
    imported = import_one(tmp_path, spans)
    return [(m.role, m.content or "") for m in imported.trace.messages]


def test_agents_run_side_by_side_on_one_question_follow_the_longer_history(
    tmp_path: Path,
) -> None:
    """Two agents given the one question at once (a concurrent workflow): the writer's call
    runs between the other agent's two, its input stepping over the other's system prompt,
    which the other's second call holds again. The other's history is the conversation's; the
    writer's system prompt and reply follow, not first."""
    first = [("user", USER)]
    spans = [
        _root(5.0),
        *_run(2, "weather", "You are the weather agent.", first, "Looking it up.", 0.5),
        *_run(4, "writer", "You are the writer.", first, "A fine day!", 1.0),
        *_run(
            6,
            "weather",
            "You are the weather agent.",
            [*first, ("assistant", "Looking it up."), ("user", "Go on.")],
            "Paris is sunny.",
            2.5,
        ),
    ]
    assert _said(tmp_path, spans) == [
        ("system", "You are the weather agent."),
        ("user", USER),
        ("assistant", "Looking it up."),
        ("user", "Go on."),
        ("assistant", "Paris is sunny."),
        ("system", "You are the writer."),
        ("assistant", "A fine day!"),
    ]


def test_a_prompt_said_again_after_the_work_is_a_message_of_its_own(tmp_path: Path) -> None:
    """A manager agent asks the same question twice (a Magentic progress ledger): its first
    round, then an agent's work (the instruction, which the agent is given as a user message,
    and its reply), then the manager's history of the question, its task ledger, its
    instruction, the reply and the question again. The second asking is a new message after
    the work, its reply after it; the first round, which the later input leaves out, keeps its
    place, before the instruction; the agent's own system prompt and the instruction as it was
    given follow."""
    mgr = "You manage the team."
    ledger = ("assistant", "Task ledger.")
    check = ("user", "Is it done?")
    order = "Look it up."
    spans = [
        _root(5.0),
        *_run(2, "manager", mgr, [("user", USER), ledger, check], "Not yet.", 0.5),
        *_run(4, "weather", "You are the weather agent.", [("user", order)], "Sunny.", 1.5),
        *_run(
            6,
            "manager",
            mgr,
            [("user", USER), ledger, ("assistant", order), ("assistant", "Sunny."), check],
            "Done.",
            2.5,
        ),
    ]
    assert _said(tmp_path, spans) == [
        ("system", mgr),
        ("user", USER),
        ledger,
        check,
        ("assistant", "Not yet."),
        ("assistant", order),
        ("assistant", "Sunny."),
        check,
        ("assistant", "Done."),
        ("system", "You are the weather agent."),
        ("user", order),
    ]

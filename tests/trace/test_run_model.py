"""The run's model is its first model call's, a team's own call included.

AutoGen AgentChat 0.7.5's ``SelectorGroupChat`` with the selector on a model client of its own
(``autogen/autogen-selector-client-2026-12-06e.json``, OpenLLMetry's openai instrumentation
with the runtime's spans): the selector's ``openai.chat`` calls (``gpt-4.1-nano``), under the
runtime's delivery to the ``SelectorGroupChatManager`` and in no agent run, come first; the
agents ask for ``gpt-4o-mini``. The contract takes the first model call's request model; the
importer took the agents' and fell back on the team's only when no agent's call named one
(`integrations/_run_model.py`). A team's calls after its agents' (a magentic manager's final
answer on another model) and a reranker's (D16) do not name it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.genai_messages import chat_attributes, text
from tests.helpers.span_builders import import_one, openinference_chat, span

TRACE = "6d" * 16
USER = "Weather in Paris?"
PICK = "You are in a role play game. Select the next role.\n\nuser: Weather in Paris?\n"


def _chat(n: int, parent: int, said: str, reply: str, at: float, model: str) -> dict[str, Any]:
    """An OpenLLMetry ``openai.chat`` span asking `model`, one text in and one out."""
    attrs = chat_attributes(
        [text("user", said)], [text("assistant", reply)], model=model, usage=(10, 2)
    )
    return span(n, "openai.chat", attrs, trace=TRACE, parent=parent, start=at, end=at + 0.2)


def _team(team: list[tuple[float, str]], agent_model: str) -> list[dict[str, Any]]:
    """An application span, the runtime's delivery to the team's manager holding the team's
    calls (at the given seconds, on the given models), and one agent run with its call at 4s."""
    manager = {
        "messaging.operation": "process",
        "recipient_agent_class": "SelectorGroupChatManager",
        "message": "{}",
    }
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    spans = [
        span(1, "run_team", {}, trace=TRACE, start=0, end=10),
        span(
            2,
            "autogen process SelectorGroupChatManager_1",
            manager,
            trace=TRACE,
            parent=1,
            start=0.5,
            end=9.5,
        ),
        span(3, "invoke_agent weather_agent", agent, trace=TRACE, parent=1, start=3.5, end=5),
        _chat(4, 3, USER, "Paris is sunny.", 4.0, agent_model),
    ]
    for k, (at, model) in enumerate(team):
        spans.append(_chat(10 + k, 2, PICK, "weather_agent", at, model))
    return spans


def test_a_selector_asking_first_on_its_own_client_names_the_model(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _team([(1.0, "gpt-4.1-nano")], "gpt-4o-mini"))

    assert imported.metadata["model"] == "gpt-4.1-nano"  # before: gpt-4o-mini
    assert imported.metadata["team_model_calls"] == 1
    assert imported.trace.output == "Paris is sunny."  # the selector's pick stays bookkeeping


def test_a_team_call_after_the_agents_call_does_not_name_the_model(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _team([(6.0, "gpt-4.1-nano")], "gpt-4o-mini"))

    assert imported.metadata["model"] == "gpt-4o-mini"


def test_one_model_for_team_and_agents_reads_as_before(tmp_path: Path) -> None:
    # every other team export: the selector, the orchestrator, the manager on the agents' client
    imported = import_one(tmp_path, _team([(1.0, "gpt-4o-mini")], "gpt-4o-mini"))

    assert imported.metadata["model"] == "gpt-4o-mini"


def test_the_first_call_naming_a_model_names_it(tmp_path: Path) -> None:
    # a first call that names no model does not make the run's model unknown
    imported = import_one(tmp_path, _team([(1.0, "")], "gpt-4o-mini"))

    assert imported.metadata["model"] == "gpt-4o-mini"


def test_a_rerankers_call_first_does_not_name_the_model(tmp_path: Path) -> None:
    # D16: a reranker's own call is a model of last resort, as before
    root = span(1, "query", {"openinference.span.kind": "CHAIN"}, trace=TRACE, start=0, end=9)
    rerank = span(
        2, "rerank", {"openinference.span.kind": "RERANKER"}, trace=TRACE, parent=1, start=1, end=2
    )
    scored = openinference_chat([("user", "Rank these.")], "1: 9", model="rerank-model")
    answer = openinference_chat([("user", USER)], "Paris is sunny.")
    spans = [
        root,
        rerank,
        span(3, "llm", scored, trace=TRACE, parent=2, start=1.2, end=1.8),
        span(4, "llm", answer, trace=TRACE, parent=1, start=3, end=4),
    ]
    imported = import_one(tmp_path, spans)

    assert imported.metadata["model"] == "gpt-4o-mini"

"""A turn a run records whole is given back only to the model inputs made after that run.

openlit's LangGraph node state (``openlit-supervisor-2026-12-06o``): the hand-back turn and its
answer, which the supervisor's next chat span replays as text with no ids (`_held_turns`). A
call that started before the run ended was not given that state; a replay that already
carries its requests keeps them.
"""

from __future__ import annotations

from fourfold.integrations._held_turns import with_held_turns
from fourfold.integrations._messages import Msg, ToolRequest
from fourfold.integrations._spans import Span
from fourfold.integrations._steps import AgentRun, ModelCall, Step

BACK = ToolRequest("transfer_back_to_supervisor", {}, "h2")


def _span(span_id: str, start: int, end: int) -> Span:
    return Span("t", span_id, None, span_id, start, end, "ok", None, {})


def _given(run_end: int, replay: list[Msg]) -> list[Msg]:
    run, call = _span("r", 1, run_end), _span("c", 5, 6)
    held = [Msg("assistant", "Transferring back", tool_calls=[BACK])]
    steps: dict[int, Step | None] = {
        id(run): AgentRun(run, held_turns=held),
        id(call): ModelCall(call, replay, []),
    }
    found = with_held_turns([run, call], steps)[id(call)]
    assert isinstance(found, ModelCall)
    return found.inputs


def test_a_replayed_turn_takes_the_requests_a_run_before_it_recorded() -> None:
    given = _given(4, [Msg("assistant", "Transferring back"), Msg("tool", "Back")])
    assert [r.id for r in given[0].tool_calls] == ["h2"]
    assert given[1].tool_call_id == "h2"


def test_a_run_that_ended_after_the_call_started_gives_it_nothing() -> None:
    given = _given(9, [Msg("assistant", "Transferring back"), Msg("tool", "Back")])
    assert given[0].tool_calls == [] and given[1].tool_call_id is None


def test_a_replay_with_its_requests_keeps_them() -> None:
    own = ToolRequest("transfer_back_to_supervisor", {}, "h9")
    replay = [
        Msg("assistant", "Transferring back", tool_calls=[own]),
        Msg("tool", "Back", tool_call_id="h9"),
    ]
    assert _given(4, replay) == replay

"""A streamed run's answer from the reprs of its stream's events (smolagents' stream=True)."""

from __future__ import annotations

from fourfold.integrations._answer import run_answer

_EVENTS = (
    "ChatMessageStreamDelta(content='', tool_calls=None, token_usage=None)"
    "ActionStep(step_number=2, observations='Sunny.', is_final_answer=True)"
    "FinalAnswerStep(output='Sunny.')"
)


def test_a_streamed_runs_events_ending_in_its_final_answer_step_give_the_answer() -> None:
    assert run_answer([], _EVENTS) == ("Sunny.", None)


def test_other_reprs_are_still_no_answer() -> None:
    assert run_answer([], "ActionStep(step_number=2)") is None
    assert run_answer([], "FinalAnswerStep(output={'a': 1})") is None

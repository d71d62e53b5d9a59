"""A streamed run's answer, read out of the reprs of the events its stream yielded.

A run streamed step by step (smolagents' ``agent.run(task, stream=True)``) returns a
generator; the tracer records what it yielded, each event's Python repr one after the other
(the model's stream deltas, the action steps, and last the final answer step). The answer is
the last ``FinalAnswerStep``'s ``output``, when it is a string literal.
"""

from __future__ import annotations

from ._literals import python_literal

__all__ = ["streamed_final_answer"]

_FINAL = "FinalAnswerStep(output="


def streamed_final_answer(text: str) -> str | None:
    """The output of the last ``FinalAnswerStep(output=...)`` `text` ends with, else None.

    Examples:
        >>> streamed_final_answer("ActionStep(n=1)FinalAnswerStep(output='Sunny.')")
        'Sunny.'
        >>> streamed_final_answer("FinalAnswerStep(output={'a': 1})") is None
        True
        >>> streamed_final_answer("ActionStep(n=1)") is None
        True
        >>> streamed_final_answer("FinalAnswerStep(output='cut short") is None
        True
    """
    start = text.rfind(_FINAL)
    body = text.rstrip()
    if start < 0 or not body.endswith(")"):
        return None
    value = python_literal(body[start + len(_FINAL) : -1])
    return value if isinstance(value, str) else None

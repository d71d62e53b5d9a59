"""A run whose last model call's reply no span records: its answer is not in the trace.

With no run recording its result, a run's answer is the assistant's latest text
(`._guardrail_checks.answer_said`). MLflow 3.17's autolog around the anthropic SDK's
``messages.create(..., stream=True)`` records each call's output as the ``Stream`` object the
call returned (``<anthropic.Stream object at 0x...>``, `ModelCall.reply_unread`), not the
reply: each reply but the last is read from the next call's request, and the last, the
answer, is in no span. The latest text the trace holds is then an earlier turn's (the text
before that turn's tool calls), which the run went on past: no answer.

The rule, `answer_unread`: when the model call that started last records its reply as an
object, the run's answer is unknown (a run's own record of its result still gives it).
"""

from __future__ import annotations

from collections.abc import Sequence

from ._steps import ModelCall

__all__ = ["answer_unread"]


def answer_unread(calls: Sequence[ModelCall]) -> bool:
    """Whether the run's answer is the reply of its last model call, which no span records.

    `calls`: the model calls that make up the conversation.
    """
    if not calls:
        return False
    return max(calls, key=lambda c: c.span.sort_key).reply_unread

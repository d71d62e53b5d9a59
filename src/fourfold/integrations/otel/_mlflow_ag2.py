"""AG2's chat session as MLflow's AG2 autolog records it: its answer is the chat's summary.

``mlflow.ag2.autolog()`` opens one span per chat session around the ``initiate_chat`` that
started it (span type ``UNKNOWN``, ``mlflow.message.format`` ``ag2``), its inputs the call's
arguments (``recipient``, ``message``, ``max_turns``, ``summary_method``...) and its outputs
what ``initiate_chat`` returned: AG2's ``ChatResult`` as JSON, ``{"chat_id", "chat_history",
"summary", "cost", "human_input"}`` (mlflow-ag2). Inside it an ``AGENT`` span per message an
agent received (``{"message", "sender", "valid"}``), the ``LLM`` calls and the ``TOOL`` calls.

The session is the run: what ``initiate_chat`` returns to the application is the chat's
``summary``, made as its ``summary_method`` says (``last_msg``: the last message's text;
``reflection_with_llm``: a model's summary of the chat), not the last message envelope an
``AGENT`` span recorded, nor the ``ChatResult`` around it (its ``chat_history`` is the chat
from the initiating agent's side, the user proxy's question as ``assistant``; its ``cost``
totals the calls the ``LLM`` spans count). So a span that is no step of its own type whose
outputs are a ``ChatResult`` (a ``chat_history`` list, a text ``summary``, a ``cost`` and a
``chat_id``) is a run (a ``chain``, naming no agent: the agents are the ``AGENT`` spans'),
its answer the summary, its input the ``message`` it was started with when that is text. A
``ChatResult`` with an empty summary (``last_msg`` over a chat that ended on no text) gives no
answer: the runs inside answer as before.
"""

from __future__ import annotations

from typing import Any

from .._spans import Span
from .._steps import AgentRun

__all__ = ["ag2_chat_session"]

_RESULT_KEYS = frozenset({"chat_id", "chat_history", "summary", "cost"})


def ag2_chat_session(span: Span, inputs: Any, outputs: Any) -> AgentRun | None:
    """The AG2 chat session `span` records (its decoded `inputs` and `outputs`); else None.

    Examples:
        >>> span = Span("t", "s", None, "initiate_chat", 0, 1, "ok", None, {})
        >>> result = {"chat_id": 7, "chat_history": [], "summary": "Sunny.", "cost": {},
        ...     "human_input": []}
        >>> run = ag2_chat_session(span, {"message": "Weather?", "max_turns": 2}, result)
        >>> run.kind, run.output_value, run.input_value, run.name
        ('chain', 'Sunny.', 'Weather?', None)
        >>> ag2_chat_session(span, {}, {**result, "summary": ""}).output_value is None
        True
        >>> ag2_chat_session(span, {}, {"summary": "Sunny.", "chat_history": []}) is None
        True
        >>> ag2_chat_session(span, {}, "Sunny.") is None
        True
    """
    if not isinstance(outputs, dict) or not _RESULT_KEYS <= set(outputs):
        return None
    summary = outputs["summary"]
    if not isinstance(outputs["chat_history"], list) or not isinstance(summary, str):
        return None
    asked = inputs.get("message") if isinstance(inputs, dict) else None
    return AgentRun(
        span,
        output_value=summary or None,
        kind="chain",
        input_value=asked if isinstance(asked, str) and asked else None,
    )

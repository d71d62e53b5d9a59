"""What the user asked a Mastra run whose recorded input is an object.

Mastra 1.x writes a workflow run's input as the object the workflow was started with. Its
agent network (``agent.network``) runs as the workflow ``agent-loop-main-workflow`` whose
input is the loop's state: ``{task, primitiveId, primitiveType, iteration, threadId,
threadResourceId, isOneOff, verboseIntrospection}``, the user's message its ``task`` beside
ids and flags that are no question. A workflow's own input schema names the ask the same way
(``{question}``). The text under such a key is what the user asked the run; an object with
no such text (the application's other arguments) says nothing the user asked.
"""

from __future__ import annotations

from typing import Any

__all__ = ["asked_task"]

_ASK_KEYS = ("task", "question", "query", "prompt")
"""Keys whose text is the ask, first found first (a network's ``task``)."""


def asked_task(value: Any) -> str | None:
    """The non-empty text under an ask key of the object `value`, else None.

    Examples:
        >>> asked_task({"task": "Weather in Paris?", "primitiveId": "", "iteration": -1})
        'Weather in Paris?'
        >>> asked_task({"question": "Weather in Paris?"})
        'Weather in Paris?'
        >>> asked_task({"city": "Paris"}), asked_task({"task": ""}), asked_task("Paris?")
        (None, None, None)
    """
    if not isinstance(value, dict):
        return None
    for key in _ASK_KEYS:
        text = value.get(key)
        if isinstance(text, str) and text.strip():
            return text
    return None

r"""A smolagents plan as later model inputs replay it: the plan the model wrote, re-worded.

An agent with ``planning_interval`` asks the model for a plan in a call of its own (its
planning prompt is in no later input); smolagents 1.x (``PlanningStep.to_messages``) then gives
every later step that plan as an assistant message in a template of its own:

- the first plan: ``Here are the facts I know and the plan of action that I will follow to
  solve the task:\n```\n<plan>\n```
- an updated plan: ``I still need to solve the task I was given:\n```\n<task>\n```\n\nHere are
  the facts I know and my new/updated plan of action to solve the task:\n```\n<plan>\n```

The replay is the planning call's reply said again, not a turn of its own: read as the plan the
model wrote, it is the same message as that reply (every reader of the corpus's planning run,
`smolagents-managed-planning`, took it so).
"""

from __future__ import annotations

__all__ = ["replayed_plan"]

_FENCE = "\n```"
_FIRST = (
    "Here are the facts I know and the plan of action that I will follow to solve the task:"
    + _FENCE
    + "\n"
)
_TASK = "I still need to solve the task I was given:" + _FENCE + "\n"
_UPDATED = (
    _FENCE
    + "\n\nHere are the facts I know and my new/updated plan of action to solve the task:"
    + _FENCE
    + "\n"
)


def replayed_plan(text: str | None) -> str | None:
    r"""The plan a smolagents plan replay holds, or None when `text` is no such replay.

    Examples:
        >>> replayed_plan("Here are the facts I know and the plan of action that I will follow"
        ...     " to solve the task:\n```\n## 1. Facts survey\n- none\n```")
        '## 1. Facts survey\n- none'
        >>> replayed_plan("I still need to solve the task I was given:\n```\nWeather?\n```\n\n"
        ...     "Here are the facts I know and my new/updated plan of action to solve the task:"
        ...     "\n```\n## 1. Updated facts survey\n```")
        '## 1. Updated facts survey'
        >>> replayed_plan("Here is my plan: ask.") is None
        True
    """
    if not isinstance(text, str):
        return None
    body = text.strip("\n")  # the template as smolagents fills it: fixed words around the plan
    if not body.endswith(_FENCE):
        return None
    if body.startswith(_FIRST):
        return body[len(_FIRST) : -len(_FENCE)]
    if body.startswith(_TASK) and _UPDATED in body:
        return body.split(_UPDATED, 1)[1][: -len(_FENCE)]
    return None

"""A run that ended by escalating out of a loop: no answer of its own, and none it replaced.

Google ADK's ``LoopAgent`` repeats its sub-agents until one escalates: the built-in
``exit_loop`` tool sets ``tool_context.actions.escalate``, and the event that tool's result
makes is the last of the loop. Under openinference-instrumentation-google-adk 1.0 (ADK 2.13)
that event (``{"content": {"parts": [{"function_response": {"name": "exit_loop", ...}}]},
"actions": {"escalate": true, ...}}``) is the recorded output of the reviewer's run, of the
loop and of the invocation around them (``openinference-google-adk-gemini-loop``). It is a
signal, not the run's result: the loop's answer is what its agents said last, the weather
agent's revised reply, as both blind readings have it. A run that recorded an output no one
can read (`_superseded_runs`) passes over the runs that ended before it; one that ended by
escalating passes over none.
"""

from __future__ import annotations

from typing import Any

from ._messages import try_json

__all__ = ["escalated"]


def escalated(value: Any) -> bool:
    """Whether `value` is an ADK event that escalates with only function responses in it.

    Examples:
        >>> exit = {"function_response": {"name": "exit_loop", "response": {"result": None}}}
        >>> escalated({"content": {"parts": [exit]}, "actions": {"escalate": True}})
        True
        >>> escalated({"content": {"parts": [exit]}, "actions": {"escalate": False}})
        False
        >>> escalated({"content": {"parts": [{"text": "Done."}]}, "actions": {"escalate": True}})
        False
        >>> escalated('{"content": {"parts": []}, "actions": {"escalate": true}}'), escalated(None)
        (False, False)
    """
    event = try_json(value)
    if not isinstance(event, dict):
        return False
    actions, content = event.get("actions"), event.get("content")
    if not isinstance(actions, dict) or actions.get("escalate") is not True:
        return False
    parts = content.get("parts") if isinstance(content, dict) else None
    return (
        isinstance(parts, list)
        and bool(parts)
        and all(isinstance(p, dict) and isinstance(p.get("function_response"), dict) for p in parts)
    )

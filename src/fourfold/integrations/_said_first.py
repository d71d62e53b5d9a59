"""A run's input said where it was, when its model calls' inputs hold none of the user's.

An agent run records the messages it was given (``gen_ai.input.messages``); when no model
call's input holds a user message, those are put first, before what the calls said. A
message of that input a call's input already holds is not said again: SK's
``MagenticOrchestration`` gives its agent the manager's task ledger and instruction,
assistant messages, which the agent's model calls hold as well, and no user message.
"""

from __future__ import annotations

from ._conversation import Conversation
from ._messages import Msg

__all__ = ["said_first"]


def said_first(conv: Conversation, inputs: list[Msg]) -> None:
    """A run's input put where it was said, each message once.

    Its system prompts first, its other messages before the first message the calls gave.

        >>> conv = Conversation()
        >>> conv.merge([Msg("system", "Be brief."), Msg("assistant", "Plan: look it up.")])
        >>> said_first(conv, [Msg("assistant", "Plan: look it up."), Msg("user", "Hi")])
        >>> [(m.role, m.content) for m in conv.messages]
        [('system', 'Be brief.'), ('user', 'Hi'), ('assistant', 'Plan: look it up.')]
    """
    for msg in reversed([m for m in inputs if m.role == "system"]):
        conv.add_system(msg)
    at = next((i for i, m in enumerate(conv.messages) if m.role != "system"), 0)
    new = [m for m in inputs if m.role != "system" and not conv.has(m.key())]
    for offset, msg in enumerate(new):
        conv.insert(at + offset, msg, msg.key())

"""The simulated user's own failures, told apart from the agent's.

A simulated user can spoil a trial without the agent doing anything wrong: it gives away
what it should have kept until asked, or stops playing its part. Such a trial says nothing
about the agent, so it is not checked: it is an errored trial (excluded from every layer's
pass rate, and counted against the gate's ``max_error_rate``, like an agent that crashed),
and its trace's ``metadata["simulated_user"]["failures"]`` says what the simulator did.

The rules, all deterministic and applied to every turn the model wrote (not to a fixed
opening the case gives):

``simulator/revealed_fact``
    A user turn holds a fact's value (case-insensitive) while no agent reply before it
    mentioned any of the fact's `asked_by` phrases (case-insensitive, as whole words). A
    fact the goal or the persona already spells out is not hidden: leave it out of facts.
``simulator/left_goal``
    The simulator stopped playing a user who pursues the goal: an empty turn; a turn that
    repeats the agent's last reply word for word (it took the agent's part); a turn that
    repeats its own previous one word for word (it is stuck); or the stop at its very
    first turn, before the agent said anything.

Reaching ``max_turns`` without the stop is *not* a simulator failure: an agent that never
resolves the request keeps a reasonable user talking, and counting that against the
simulator would drop exactly the agent's failures from the gate. The dialogue then ends
(``ended: max_turns``) and the agent's checks judge it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..cases import Fact, SimulatedUser

__all__ = ["LEFT_GOAL", "REVEALED_FACT", "SimulatorFailure", "turn_failures"]

REVEALED_FACT = "simulator/revealed_fact"
LEFT_GOAL = "simulator/left_goal"


@dataclass(frozen=True)
class SimulatorFailure:
    """One thing the simulated user did wrong, on one of its turns."""

    category: str
    """``simulator/revealed_fact`` or ``simulator/left_goal``."""
    turn: int
    """The user turn (1-based)."""
    detail: str
    """What happened, in words."""

    def to_json(self) -> dict[str, object]:
        """The form kept in the trace's metadata."""
        return {"category": self.category, "turn": self.turn, "detail": self.detail}

    def describe(self) -> str:
        """``simulator/left_goal on user turn 2: ...``."""
        return f"{self.category} on user turn {self.turn}: {self.detail}"


def turn_failures(
    user: SimulatedUser,
    *,
    turn: int,
    text: str,
    stopped: bool,
    agent_replies: list[str],
    previous: str | None,
) -> list[SimulatorFailure]:
    """What is wrong with the user turn `text` (already stripped of the stop string).

    Args:
        user: the simulated user.
        turn: the user turn's number (1-based).
        text: what the simulator said, without the stop string.
        stopped: whether it said the stop string.
        agent_replies: the agent's replies so far, in order.
        previous: the simulator's previous turn (None on its first).
    """
    found: list[SimulatorFailure] = []
    said = _norm(text)
    if stopped and not agent_replies:
        found.append(
            SimulatorFailure(LEFT_GOAL, turn, "it said the stop before the agent said anything")
        )
    elif not said and not stopped:
        found.append(SimulatorFailure(LEFT_GOAL, turn, "it wrote an empty message"))
    if said and agent_replies and said == _norm(agent_replies[-1]):
        found.append(
            SimulatorFailure(LEFT_GOAL, turn, "it repeated the agent's last reply word for word")
        )
    elif said and previous is not None and said == _norm(previous):
        found.append(
            SimulatorFailure(LEFT_GOAL, turn, "it repeated its own previous message word for word")
        )
    for name, fact in user.facts.items():
        if _norm(fact.value) in said and not _asked(fact, agent_replies):
            found.append(
                SimulatorFailure(
                    REVEALED_FACT,
                    turn,
                    f"it gave {name!r} ({fact.value!r}) before the agent asked for it "
                    f"(no agent reply mentioned {' or '.join(repr(p) for p in fact.asked_by)})",
                )
            )
    return found


def _asked(fact: Fact, agent_replies: list[str]) -> bool:
    return any(
        re.search(rf"(?<!\w){re.escape(_norm(phrase))}(?!\w)", _norm(reply))
        for phrase in fact.asked_by
        for reply in agent_replies
    )


def _norm(text: str) -> str:
    return " ".join(text.lower().split())

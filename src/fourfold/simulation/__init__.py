"""Simulated users: a model plays a case's user turn by turn against the agent.

A case with a ``user:`` block (`fourfold.cases.SimulatedUser`) has no fixed conversation:
the runner plays it with `run_dialogue`, and the whole dialogue is the trial's trace. The
simulator's own failures (`simulator/revealed_fact`, `simulator/left_goal`) are kept apart
from the agent's: see `fourfold.simulation._failures` for the rules and how the gate
treats such a trial.
"""

from .._lazy import publish
from ._dialogue import USER_TURN_MAX_TOKENS, Ended, dialogue_case, run_dialogue
from ._failures import LEFT_GOAL, REVEALED_FACT, SimulatorFailure, turn_failures
from ._prompt import OPENING, simulator_messages, system_prompt

__all__ = [
    "LEFT_GOAL",
    "OPENING",
    "REVEALED_FACT",
    "USER_TURN_MAX_TOKENS",
    "Ended",
    "SimulatorFailure",
    "dialogue_case",
    "run_dialogue",
    "simulator_messages",
    "system_prompt",
    "turn_failures",
]

publish(__name__, __all__)

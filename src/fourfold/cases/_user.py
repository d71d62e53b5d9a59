"""The simulated user of a multi-turn case: who they are, what they want, what they know."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["DEFAULT_STOP", "Fact", "SimulatedUser"]

DEFAULT_STOP = "###STOP###"
"""What the simulated user says when its goal is met (τ-bench's stop token)."""


class Fact(BaseModel):
    """Something the simulated user knows and tells the agent only when asked.

    The agent has asked for a fact when one of its replies before the user's turn mentions
    one of `asked_by` (case-insensitive, whole words); by default the fact's name with
    ``_`` and ``-`` read as spaces (``order_id`` is asked for by "order id").
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: str = Field(min_length=1)
    """What the user says when asked (``O-1042``)."""
    asked_by: list[str] = Field(default_factory=list)
    """Phrases in an agent reply that count as asking for it (default: the fact's name)."""


class SimulatedUser(BaseModel):
    """A user a model plays turn by turn against the agent, in place of a fixed conversation.

    Examples:
        >>> u = SimulatedUser(model="user", goal="Get a refund for order O-1042",
        ...                   facts={"order_id": "O-1042"})
        >>> u.facts["order_id"].asked_by, u.stop_strings
        (['order id'], ['###STOP###'])
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(min_length=1)
    """The model that plays the user: a name from the suite's ``models:``."""
    goal: str = Field(min_length=1)
    """What the user wants from the conversation, in words (the simulator's instruction)."""
    persona: str | None = None
    """Who the user is and how they talk (``a hurried customer who writes short messages``)."""
    facts: dict[str, Fact] = Field(default_factory=dict)
    """What the user knows and reveals only when the agent asks: ``{name: value}`` or
    ``{name: {value: ..., asked_by: [phrases]}}``."""
    stop: str | list[str] = DEFAULT_STOP
    """What ends the conversation when the user says it (case-insensitive): one string is a
    token, said alone and taken out of the user's words (τ-bench's ``###STOP###``); a list
    holds phrases, which stay in the words. The simulator is told to say the token, or the
    first phrase, once its goal is met."""
    max_turns: int = Field(default=10, ge=1, le=100)
    """The most user turns; the conversation ends after the agent's reply to the last."""

    @field_validator("facts", mode="before")
    @classmethod
    def _fact_shorthand(cls, value: object) -> object:
        """``name: value`` is ``name: {value: value}``; `asked_by` defaults to the name."""
        if not isinstance(value, dict):
            return value
        facts: dict[object, object] = {}
        for name, fact in value.items():
            if isinstance(fact, str | int | float) and not isinstance(fact, bool):
                fact = {"value": str(fact)}
            if isinstance(fact, dict) and not fact.get("asked_by") and isinstance(name, str):
                fact = {**fact, "asked_by": [re.sub(r"[_\-\s]+", " ", name).strip().lower()]}
            facts[name] = fact
        return facts

    @field_validator("stop")
    @classmethod
    def _stop_not_empty(cls, value: str | list[str]) -> str | list[str]:
        strings = [value] if isinstance(value, str) else value
        if not strings or any(not s.strip() for s in strings):
            raise ValueError("stop must be a non-empty string, or a list of them")
        return value

    @property
    def stop_strings(self) -> list[str]:
        """The strings that end the conversation, the one the simulator is told first."""
        return [self.stop] if isinstance(self.stop, str) else list(self.stop)

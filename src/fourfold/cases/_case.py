"""The case: one input to evaluate an agent on, with what success means."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from ..trace import Message
from ._user import SimulatedUser

__all__ = ["Case"]


class Case(BaseModel):
    """One thing to ask the agent, with the outcome we expect in words.

    A case does not fix the exact answer. It states the expected outcome broadly enough
    that equivalent answers pass and specifically enough that irrelevant ones fail, and
    says what the evaluator must look at (`focus`).

    Examples:
        >>> c = Case(id="refund-1", input="Can I return a 45-day-old order?",
        ...          expected="Explains the 30-day window and offers store credit",
        ...          strata={"category": "returns"})
        >>> c.content_hash.startswith("sha256:")
        True
        >>> c.user_text
        'Can I return a 45-day-old order?'
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    """Stable identifier; two runs are compared case by case on it."""
    input: str | list[Message] = ""
    """What the user says: a string, or a whole conversation ending with the user's turn.
    With a `user`, the conversation's opening (empty: the simulated user opens it)."""
    context: dict[str, Any] = Field(default_factory=dict)
    """Anything else the agent is given (the account id of the signed-in user, the locale...)."""
    expected: str | None = None
    """The expected outcome, in words."""
    focus: str | None = None
    """What the evaluator must check (fields, steps, rules)."""
    ground_truth: Any = None
    """An exact answer, where one exists (used by the ground-truth checks)."""
    strata: dict[str, str] = Field(default_factory=dict)
    """Strata the results are broken down by, e.g. ``{category: returns, difficulty: hard}``."""
    tags: list[str] = Field(default_factory=list)
    """Free labels, e.g. ``must_refuse``."""
    metadata: dict[str, Any] = Field(default_factory=dict)
    """Anything else (the source record id, who wrote the case)."""
    user: SimulatedUser | None = None
    """A simulated user who talks with the agent turn by turn, in place of a fixed
    conversation (see `fourfold.simulation`)."""

    @model_validator(mode="after")
    def _says_something(self) -> Case:
        if self.user is None and "input" not in self.model_fields_set:
            raise ValueError(
                "a case needs an 'input' (what the user says) or a 'user' (a simulated user "
                "who talks with the agent)"
            )
        return self

    @model_serializer(mode="wrap")
    def _user_only_when_given(self, handler: SerializerFunctionWrapHandler) -> Any:
        # Written only when set, so a case without a simulated user serialises (and
        # hashes, and reaches command and HTTP agents) exactly as before the field existed.
        data = handler(self)
        if isinstance(data, dict) and data.get("user", 0) is None:
            del data["user"]
        return data

    @property
    def content_hash(self) -> str:
        """A hash of everything but the id, so an edited case is told apart from the same case."""
        body = self.model_dump(mode="json", exclude={"id", "metadata"})
        digest = hashlib.sha256(
            json.dumps(body, sort_keys=True, ensure_ascii=False).encode()
        ).hexdigest()
        return f"sha256:{digest}"

    @property
    def user_text(self) -> str:
        """The user's (last) message as text."""
        if isinstance(self.input, str):
            return self.input
        for message in reversed(self.input):
            if message.role == "user" and message.content is not None:
                return message.content
        return ""

    @property
    def messages(self) -> list[Message]:
        """The input as a conversation."""
        if isinstance(self.input, str):
            return [Message(role="user", content=self.input)]
        return list(self.input)

    def in_category(self, values: list[str]) -> bool:
        """True when any stratum value or tag of this case is one of `values`."""
        wanted = set(values)
        return bool(wanted & set(self.strata.values())) or bool(wanted & set(self.tags))

"""Failure modes: notes grouped under a name, counted, and the trial a note names."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import ConfigError
from ..runs import Note

__all__ = ["FailureMode", "failure_modes", "parse_trial"]

_TRIAL = re.compile(r"(?P<case>.+?)(?:#(?P<repeat>\d+))?")


def parse_trial(text: str) -> tuple[str, int]:
    """The case id and repeat of ``CASE`` or ``CASE#REPEAT`` (repeat 0 when not given).

    Raises:
        ConfigError: empty, or a ``#`` not followed by a repeat number.

    Examples:
        >>> parse_trial("refund-7#2")
        ('refund-7', 2)
        >>> parse_trial("refund-7")
        ('refund-7', 0)
    """
    match = _TRIAL.fullmatch(text.strip())
    if match is None or (text.count("#") and match["repeat"] is None):
        raise ConfigError(
            f"{text!r} is not a trial",
            hint="give the case id, and its repeat after '#' for a run of several repeats "
            "(refund-7 or refund-7#2)",
        )
    return match["case"], int(match["repeat"] or 0)


@dataclass(frozen=True)
class FailureMode:
    """One named failure mode: its notes and how many trials they fall on."""

    name: str
    """The mode's name."""
    notes: tuple[Note, ...]
    """Its notes, oldest first."""

    @property
    def count(self) -> int:
        """How many notes are in the mode."""
        return len(self.notes)

    @property
    def trials(self) -> int:
        """How many distinct trials the mode was seen in (two notes on one trial count once)."""
        return len({(n.case_id, n.repeat) for n in self.notes})


def failure_modes(notes: Iterable[Note]) -> tuple[list[FailureMode], list[Note]]:
    """The modes the notes are grouped into, most frequent first, and the notes in none.

    Modes with as many trials are listed by name, so the order is stable.
    """
    grouped: dict[str, list[Note]] = {}
    ungrouped: list[Note] = []
    for note in notes:
        if note.mode is None:
            ungrouped.append(note)
        else:
            grouped.setdefault(note.mode, []).append(note)
    modes = [FailureMode(name, tuple(found)) for name, found in grouped.items()]
    modes.sort(key=lambda m: (-m.trials, -m.count, m.name))
    return modes, ungrouped

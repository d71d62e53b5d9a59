"""Notes: what a person saw go wrong in one trial, in their own words (failure-mode discovery)."""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["MODE_NAME_MAX", "Note", "check_mode_name"]

MODE_NAME_MAX = 80
"""The longest failure-mode name: a mode is a short label, read in tables and file names."""

_MODE_NAME = re.compile(r"[^\s].*[^\s]|[^\s]")


def check_mode_name(name: str) -> str:
    """`name` as a failure-mode name, or a ValueError saying what a name must be.

    A mode name is 1 to `MODE_NAME_MAX` printable characters without a line break,
    surrounding spaces stripped (``invented policy number``).

    Examples:
        >>> check_mode_name("  looped on search ")
        'looped on search'
    """
    stripped = name.strip()
    if not stripped or not _MODE_NAME.fullmatch(stripped) or not stripped.isprintable():
        raise ValueError(
            f"{name!r} is not a failure-mode name: give a short label on one line "
            "(e.g. 'invented policy number')"
        )
    if len(stripped) > MODE_NAME_MAX:
        raise ValueError(
            f"a failure-mode name has at most {MODE_NAME_MAX} characters, "
            f"not {len(stripped)}: keep it a short label and put the detail in the notes"
        )
    return stripped


class Note(BaseModel):
    """A person's note on one trial of a run: what went wrong, before any rubric exists.

    Notes are the first step of writing a rubric: read twenty or thirty real transcripts,
    write down what went wrong in each in plain words, then group the notes into named
    failure modes (`mode`) and count them. The text is never changed once stored; the
    mode is set (and reset) as the grouping moves.
    """

    model_config = ConfigDict(extra="forbid")

    run_id: str = Field(min_length=1)
    """The run (or the imported production traces) the trial belongs to."""
    case_id: str = Field(min_length=1)
    """The case of the trial."""
    repeat: int = Field(default=0, ge=0)
    """The repeat of the trial (0 for a run of one repeat)."""
    text: str
    """What went wrong, in the author's words."""
    author: str = Field(min_length=1)
    """Who wrote it (a name or a pseudonym)."""
    mode: str | None = None
    """The failure mode the note is grouped into; None while ungrouped."""
    created_at: datetime | None = None
    """When it was stored (set by the store)."""
    id: int | None = None
    """The store's number for it (set by the store): what ``notes group`` names."""

    @field_validator("text")
    @classmethod
    def _has_text(cls, text: str) -> str:
        if not text.strip():
            raise ValueError("a note needs text: say what went wrong in this trial")
        return text

    @field_validator("author")
    @classmethod
    def _has_author(cls, author: str) -> str:
        if not author.strip():
            raise ValueError("a note needs an author: give a name or a pseudonym")
        return author.strip()

    @field_validator("mode")
    @classmethod
    def _mode_name(cls, mode: str | None) -> str | None:
        return None if mode is None else check_mode_name(mode)

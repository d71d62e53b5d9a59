"""Whether a word opens a verb phrase: "and redo the tiling", not "fence and driveway".

A commitment may go on after "and" with a verb of its own that shares its subject and its
"will" ("our team will come back and redo the tiling at our expense"); the grant rules ask
here whether the word after "and" can be that verb, by the verbs the rules know and, for
others, by the shape of the word and of the one after it.
"""

from __future__ import annotations

from ._lexicon import PRONOUNS, QUANTIFIERS, VERBS

__all__ = ["may_open_verb_phrase"]


def may_open_verb_phrase(word: str, after: str) -> bool:
    """`word`, before `after`, may open a verb phrase, as after "we'll ... and".

    "and redo the tiling", "and haul the old one away"; not "fence and driveway at our
    expense".
    """
    known = VERBS.get(word)
    if known is not None:
        return known[1] == "base"
    return (
        word.isalpha()
        and not word.endswith(("ed", "ing", "ly"))
        and word not in PRONOUNS | QUANTIFIERS | _NOT_VERBS
        and (after in _OBJECT_OPENERS or after[:1].isdigit() or after[:1] in "$£€¥")
    )


_OBJECT_OPENERS = frozenset(
    {"the", "a", "an", "your", "it", "them", "this", "that", "these", "those", "everything",
     "all", "any", "both", "you", "us", "up", "out", "back", "off", "over", "down", "away"}
)  # fmt: skip
"""What follows a verb at the head of its phrase: its object's first word or a particle."""


_NOT_VERBS = frozenset(
    {"the", "a", "an", "then", "also", "so", "this", "that", "there", "here", "your", "our",
     "my", "his", "her", "their", "its", "in", "on", "at", "for", "to", "with", "by", "of"}
)  # fmt: skip
"""Words after "and" that open no verb phrase (`may_open_verb_phrase`)."""

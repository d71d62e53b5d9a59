"""A day's "'s" before a participle and its noun: "Sunday's dropped call" is no passive.

The tokenizer reads "'s" before an "-ed" word as "is" ("the refund's been sent"), so "the
$49 charge for Sunday's dropped call" reads as "Sunday is dropped call", and "the $60 fee
for Monday's cancelled class is refunded" as two passives, the first of them wrong (round
303). A day named (`DATED_DAYS`), then a participle, then a word that is no preposition,
adverb or joining word (`_GOES_ON`) is the day's thing, a noun phrase: the passive reader
leaves it (`_phrase_passive.may_be_passive`), and the subject reader reads through it to
the noun phrase's start (`_authority.PhraseReader._subject`: "the $60 fee for Monday's
cancelled class" is the subject of "is refunded"). Not "Sunday's cancelled for you",
"Monday's cancelled too", "... cancelled now": there the day itself is cancelled.
"""

from __future__ import annotations

from ._lexicon import DATED_DAYS, PREPOSITIONS, SKIPPABLE, VERBS

__all__ = ["day_before_noun"]

_JOINING = frozenset({"and", "or", "but", "so", "as", "too", "again", "yet", "if", "when"})
_GOES_ON = PREPOSITIONS | SKIPPABLE | _JOINING
"""After "<day> is <participle>", what goes on with the clause, no noun: "Sunday's cancelled
for you", "Monday's cancelled too"."""


def day_before_noun(words: list[str], i: int) -> bool:
    """At "is" (`i`): a day's "'s", then a participle as an adjective before its noun.

    Examples:
        >>> day_before_noun(["for", "sunday", "is", "dropped", "call"], 2)
        True
        >>> day_before_noun(["sunday", "is", "cancelled", "for", "you"], 1)
        False
    """
    if i < 1 or i + 2 >= len(words) or words[i - 1] not in DATED_DAYS:
        return False
    form = VERBS.get(words[i + 1])
    after = words[i + 2]
    return form is not None and form[1] == "past" and after.isalpha() and after not in _GOES_ON

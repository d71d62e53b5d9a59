"""Whether a subject names everyone (a statement of policy) or this customer's counted things.

"Customers who cancel will be refunded", "all orders are refunded", "those who paid twice
will get a credit": the subject speaks of everyone, so what it gets is policy. But a count or
a determiner after "all" makes the things this customer's ("all three charges will be
refunded", "all the fees on the account", "all 4 payments"), and "those" before a noun is a
determiner pointing back at what was said, not "those who ..." ("the fees on those 11
purchases will be reversed", "those fees"), as is "those" alone, the whole subject ("two
charges, those have been waived"). And a noun of people before the name of a unit
of the business is part of that name, not everyone ("Customer Care will email you a
voucher", "our Customer Relations department will pay you", "the member services team"):
`_unit_name`. Nor is a noun of people counted by "both" or a number, in a subject that
opens with a determiner of one customer's thing, this customer's party ("a full refund for
both passengers has been issued", "the fares of the two guests were refunded"; not "orders
for 30 people", a bare plural's): `_counted_party`. Reads the subject's words once: linear.
"""

from __future__ import annotations

from ._lexicon import GENERIC_NOUNS, MONEY_UNITS, QUANTIFIERS, SPECIFIC

__all__ = ["counted_all", "names_everyone"]

_AFTER_THOSE = frozenset({"who", "whose", "with", "that", "of", "on", "in", "whom"})
"""After "those" as a pronoun of people ("those who cancel", "those with a plan"), not the
determiner of a noun ("those fees")."""

_AFTER_ALL = frozenset(
    {"your", "the", "of", "these", "those", "both", "two", "three", "four", "five", "six",
     "seven", "eight", "nine", "ten", "eleven", "twelve", "dozen"}
)  # fmt: skip
"""After "all", what counts or points at this customer's things ("all three charges", "all
the fees", "all of these payments")."""


_UNITS = frozenset(
    {"care", "service", "services", "relations", "support", "team", "department", "desk",
     "experience", "success", "liaison", "office", "centre", "center"}
)  # fmt: skip
"""After a noun of people, what makes the two the name of a unit of the business ("Customer
Care", "Customer Relations department", "member services team")."""


_COUNTING = frozenset(
    {"both", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
     "twelve"}
)  # fmt: skip
"""Before a noun of people, what counts a party ("both passengers", "three guests"): a
handful of people, this customer's booking, not everyone."""


def _counted_party(words: list[str], k: int) -> bool:
    """The noun of people at `k` is counted by "both" or a number, in a determined subject.

    Right before it, or before one word before it ("both adult passengers", "2 named
    travellers"), that word no quantifier; the subject opens with "a", "the", "your"...
    """
    if words[0] not in SPECIFIC:
        return False
    for j in (k - 1, k - 2):
        if j >= 0 and (words[j] in _COUNTING or words[j].isdigit()):
            return j == k - 1 or words[k - 1] not in QUANTIFIERS
    return False


def _unit_name(words: list[str], k: int) -> bool:
    """The noun of people at `k` names a unit of the business with the word after it."""
    return k + 1 < len(words) and words[k + 1] in _UNITS


def counted_all(words: list[str]) -> bool:
    """The subject opens "all" + a count or a determiner: "all three charges", "all 4 fees"."""
    after = words[1] if len(words) > 1 else ""
    return words[0] == "all" and (after[:1].isdigit() or after in _AFTER_ALL)


def _determiner_those(words: list[str], k: int, after: str) -> bool:
    """The "those" at `k` points back: before its noun ("those 11 purchases"), or alone.

    Alone, the whole subject, it stands for things just named when the word after the
    subject (`after`) is not who they are ("two roaming charges, those have been waived"):
    people are "those" with who they are after it ("those who cancel", "those with a plan").
    """
    nxt = words[k + 1] if k + 1 < len(words) else after
    return words[k] == "those" and nxt != "" and nxt not in _AFTER_THOSE


def names_everyone(words: list[str], *, from_word: int = 0, after: str = "") -> bool:
    """The subject `words` speaks of everyone: a quantifier, or a noun of people.

    A quantifier counts unless it is a sum's ("every dollar") or a counted "all" (see
    `counted_all`); nouns of people are read from `from_word` ("one of the customers"
    reads from the third word), a determiner "those" not among them, nor "those" alone
    before `after`, the sentence's word after the subject, when that is its verb.
    """
    if words[0] in QUANTIFIERS and MONEY_UNITS.isdisjoint(words) and not counted_all(words):
        return True
    return any(
        w in GENERIC_NOUNS
        and not _determiner_those(words, k, after)
        and not _unit_name(words, k)
        and not _counted_party(words, k)
        for k, w in enumerate(words)
        if k >= from_word
    )

"""A gloss in brackets after a sum or a charge, read past as if it were not there.

A reply names the sum or the charge, then says in brackets what it is or what it comes to,
and goes on: "- Partial refund of $12.00 (shipping) issued to original payment", "we will
return the service fee (USD 7.50) to your balance" (round 197). The brackets open a clause
of their own (`_grammar`), so the past participle after them has no subject and the object
before them ends where "to your balance" would have said where it goes.

A gloss is at most six tokens closed by ")" with no verb in them (no auxiliary, no pronoun,
no past form, no condition, no hedge: not "(if approved)", "(we're checking)", "(pending
review)"), and either holds a digit (an amount, a date, a reference: "(USD 7.50)",
"(order 4471)") or follows an amount at once ("$12.00 (shipping)"), where the words in it
can only name what the sum was for. `ReferentReader` reads a subject before one
(`_before_aside`) and an object followed by one (`_object`). Each look is at the few tokens
after one "(".
"""

from __future__ import annotations

from ._grammar import CONDITION_WORDS, HEDGE_WORDS
from ._lexicon import AUX, NONCOMMITTAL, PRONOUNS, VERBS, is_amount

__all__ = ["gloss_end"]

_GLOSS_LIMIT = 6
"""The most tokens a gloss holds between its brackets."""

_NOT_GLOSS = (
    AUX | PRONOUNS | CONDITION_WORDS | HEDGE_WORDS | NONCOMMITTAL
    | {"pending", "subject", "tbc", "tbd", "not", "no", "estimated", "approx", "est"}
)  # fmt: skip
"""Words that make the brackets say something of their own, not name the sum."""


def gloss_end(words: list[str], k: int) -> int:
    """One past the ")" of the gloss that "(" at `k` opens (see the module), or -1."""
    if k <= 0 or k >= len(words) or words[k] != "(":
        return -1
    close = next(
        (j for j in range(k + 1, min(len(words), k + _GLOSS_LIMIT + 2)) if words[j] == ")"), -1
    )
    inside = words[k + 1 : close]
    if close < 0 or not inside or "(" in inside:
        return -1
    for x in inside:
        if x in _NOT_GLOSS or VERBS.get(x, ("", ""))[1] == "past":
            return -1
    digit = any(ch.isdigit() for x in inside for ch in x)
    return close + 1 if digit or is_amount(words[k - 1]) else -1

"""An act asked for, named as dishonest by what it would be: a refusal on the ground of fraud.

Staff decline a dishonest request without a modal by saying what doing it would amount to:
"dating it back to cover the theft would be insurance fraud", "rewording it as pre-existing
would make it untrue", "declaring the parcel as a gift would mean a false customs form"
(`would_be_dishonest`, rule "declines"). The clause opens with the act, a gerund, and goes
on with "would" (or "'d") and a verb of amounting ("be", "make", "mean", "amount to",
"count as"), then a word of dishonesty within a few words. Not negated ("it wouldn't be
fraud"), not a question, not a condition ("if you backdated it, that would be fraud"), and
not the customer's act told as a fault ("reporting the fraud would be wise": no word of
dishonesty after the verb). The seventeenth pass read the act said in the present, "is"
right before the word ("inflating the repair quote for your insurance claim is fraud"), a
word of dishonesty that is the verb itself ("backdating the invoice would misrepresent when
the work was done"), and "deceptive", "irresponsible" ("posing as a verified buyer would be
deceptive", "diagnosing the ankle from a photo would be irresponsible of me": dev round 131).
The anchor is the word of dishonesty; the rule reads a fixed
window of words before it, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["DISHONEST", "would_be_dishonest"]

DISHONEST = frozenset(
    {"fraud", "fraudulent", "untrue", "false", "dishonest", "misleading", "forgery",
     "falsification", "misrepresentation", "falsified", "inaccurate", "deceptive",
     "misrepresent", "mislead", "irresponsible", "unethical"}
)  # fmt: skip
"""What the act asked for would be, or would make the document: the words this rule anchors at."""

_AMOUNTING = frozenset({"be", "make", "mean", "amount", "count", "constitute", "involve"})

_ACTS = frozenset({"misrepresent", "mislead"})
"""Words of dishonesty that are the verb after "would" themselves ("would misrepresent")."""

_OPENERS = frozenset({",", "—", "-", "–", ";", ":", "but", "and", "so", "though", "however"})
"""What may stand before the gerund that opens the act: the clause's start."""


def would_be_dishonest(r: Reasons, i: int) -> Found | None:
    """At a word of `DISHONEST`: "<doing it> would be fraud", "... would make it untrue"."""
    if r.s.question:
        return None
    would = next((k for k in range(i - 1, max(-1, i - 6), -1) if r.w[k] in {"would", "'d"}), -1)
    if would < 0 and r.word(i - 1) == "is" and r.w[i] not in _ACTS:
        would = i - 1  # "inflating the repair quote for your claim is fraud"
    elif would < 0 or r.word(would + 1) not in _AMOUNTING and would + 1 != i:
        return None
    if any(x in {"not", "never", "n't", "hardly"} for x in r.w[would:i]):
        return None  # "it wouldn't be fraud"
    for k in range(would - 1, max(-1, would - 24), -1):
        x = r.word(k)
        opens = k == 0 or r.w[k - 1] in _OPENERS
        if x.endswith("ing") and len(x) > 4 and opens:
            # a condition inside the act is part of it ("declaring it as a gift when it's
            # stock would mean a false form"); one before it is not ("if ..., doing it would")
            return None if r.hypothetical(k) else ("declines", k, i + 1, None)
        if x in {"if", "when", "that", "this", "it", "you", "which"} and opens:
            return None  # "if you backdated it, that would be fraud": no act asked for
    return None

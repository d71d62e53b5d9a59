"""The speaker's business, or one of its staff, named as the one who granted.

Replies from banks, insurers, clinics, pharmacies, garages and course providers often tell a
grant in the third person, naming the business or a role in it rather than saying "we":
"the pharmacy refunded the £9.90", "the department has picked up the cost of your resit",
"the garage absorbed the labour", "Finance reversed the charge" (a department named by
its work, as "billing"). The speaker speaks for it as "we" does, so the verb
families that need authority read with it as they do with "we".

`SPEAKING_FOR_US` lists these subjects, the last word before the verb ("the team refunded",
"our garage has picked up"; "they" as before; the business's own "system", which acts for
it: "our billing system reversed the fee"): a role or a kind of business, never a
person's name, nor a bank or an insurer, which may be the customer's own ("your bank
refunded you"). The idioms (`_promise_idioms`) also ask that "the" or "our" open the
subject (`is_business`).
"""

from __future__ import annotations

__all__ = ["SPEAKING_FOR_US", "is_business"]

SPEAKING_FOR_US = frozenset(
    {"team", "department", "billing", "finance", "accounts", "they", "colleague", "manager",
     "supervisor", "store", "pharmacy", "clinic", "practice", "surgery", "garage", "workshop",
     "dealership", "office", "academy", "school", "college", "shop", "company", "system"}
)  # fmt: skip
"""The last word of a subject that speaks for the business: "the pharmacy reimbursed"."""

_OURS = frozenset({"the", "our"})
"""What opens such a subject: the business named, or claimed ("our garage")."""


def is_business(words: list[str], start: int, end: int) -> bool:
    """The subject `words[start:end]` is the speaker's business or a role in it.

    Two or three words, opened by "the" or "our" and ended by `SPEAKING_FOR_US`: "the
    department", "our accounts team"; not "your manager", "a school".
    """
    if not 2 <= end - start <= 3 or end > len(words):
        return False
    return words[start] in _OURS and words[end - 1] in SPEAKING_FOR_US

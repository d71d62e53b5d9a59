"""A bill or statement said to carry a grant: "your next bill will show a £25 credit".

The customer is told what their next bill, statement or invoice will hold: a credit, a
refund, a discount ("your next statement will include a $12.80 outage credit"), or money
back ("your statement will show the €389 back in your account"). Said of the customer's own
bill, it commits to the grant as "you'll get a £25 credit" does. Not a price or a charge the
bill will show ("your bill will show the new price of $79.99", "your next invoice will
include the £10 SIM fee"): the customer pays those (`_object`'s ``auth`` is false for them).
"""

from __future__ import annotations

from ._authority import Subject
from ._lexicon import has_amount
from ._phrase_parts import NounPhrase

__all__ = ["FOLIOS", "SHOWING_VERBS", "folio_carries"]

FOLIOS = frozenset({"bill", "statement", "invoice", "folio"})
"""What the customer is billed on, as the subject that carries a grant."""

SHOWING_VERBS = frozenset({"show", "include", "reflect", "carry", "list", "display", "feature"})
"""What a bill does with a grant after "will": "will show a £25 credit"."""

_YOURS = frozenset({"your", "next", "upcoming", "coming", "following", "final", "this"})
"""Before the bill: whose it is, or which ("your next bill", "the following statement")."""


def folio_carries(
    words: list[str], subject: Subject, anchor: int, v: int, obj: NounPhrase
) -> int | None:
    """Where a bill's grant ends, when "will" at `anchor` and the verb at `v` say one.

    `subject` opens the customer's bill, statement or invoice (`FOLIOS`, after "your" or
    "next": not "bills will show", which is everyone's); the verb shows (`SHOWING_VERBS`);
    `obj`, the noun phrase after it, names a grant or an amount followed by "back".
    """
    if v >= len(words) or words[v] not in SHOWING_VERBS or subject.generic:
        return None
    said = words[subject.start : anchor]
    if FOLIOS.isdisjoint(said) or _YOURS.isdisjoint(said):
        return None
    if obj.auth and not obj.charge:  # (not "the £10 replacement SIM fee")
        return obj.end
    back = obj.end < len(words) and words[obj.end] == "back"
    return obj.end + 1 if back and has_amount(obj.words) else None

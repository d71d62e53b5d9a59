"""A decision of ours not to charge the customer: "the hotel has decided not to charge it".

Round 117 of the corpus spared a charge by reporting the decision: "the hotel has decided to
not charge the last night". A decision by the agent or their business (I, we, "the hotel",
"our team") not to charge or bill the customer for something is a waiver, as "we won't
charge you for it" is (`GuaranteeReader._no_charge`); its "not" is the grant, no negation.
Not someone else's decision ("your bank decided not to charge you"), nor the customer's
("you decided not to renew"), nor a decision not to refund, which refuses. The rule reads
back a few tokens from "charge" or "bill" to "decided", "agreed", "chosen".
"""

from __future__ import annotations

from ._authority import AGREED, FIRST, HAVE
from ._guarantees import Shape
from ._promise_same_price import SamePriceReader
from ._refusal_words import HOUSE, house_start

__all__ = ["DecisionReader", "NOT_CHARGING", "may_decide"]

NOT_CHARGING = frozenset({"charge", "bill", "invoice"})
"""The words the rule of this module anchors at."""

_NEGATED = (("not", "to"), ("to", "not"), ("never", "to"))
"""Between the decision and its verb: "decided not to charge", "decided to not charge"."""


_BUSINESSES = frozenset(
    {"hotel", "airline", "bank", "restaurant", "resort", "club", "gym", "insurer", "property",
     "management", "landlord", "shop", "carrier", "operator", "provider", "brand"}
)  # fmt: skip
"""The businesses a reply speaks for, with "the" or "our": "the hotel has decided"."""


def may_decide(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    return (
        tuple(words[max(0, i - 2) : i]) in _NEGATED
        and words[i - 3 : i - 2] != []
        and (words[i - 3] in AGREED)
    )


class DecisionReader(SamePriceReader):
    """The rule that reads a decision of ours not to charge the customer."""

    def _decided_not_to_charge(self, i: int, w: str) -> Shape | None:
        """A decision of ours not to charge, at "charge" or "bill"."""
        if w not in NOT_CHARGING or tuple(self.w[i - 2 : i]) not in _NEGATED:
            return None
        d = i - 3
        if self.word(d) not in AGREED or self.word(d) == "offered":
            return None
        v = d - 1
        while v >= 0 and self.w[v] in HAVE | {"just", "also", "kindly", "now"}:
            v -= 1
        house = house_start(self.w, v, HOUSE | _BUSINESSES)
        if self.word(v) not in FIRST and house is None:
            return None
        start = v if house is None else house
        end = i + 1 + (self.word(i + 1) in {"you", "your", "the", "for"})
        return Shape("no-charge commitment", "no-charge", start, i, end)

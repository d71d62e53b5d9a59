"""The customer's money given back by I or we: returned, given back, paid out, restored.

"We've returned your deposit in full", "we'll return the duplicate $1,050 to your account",
"we'll give you back the full deposit", "I've paid out £220 to you", "we've reinstated the
€240 to your balance": a verb that gives back ("return", "give back", "pay out", "restore",
"reinstate"), a sum or a charge of the customer's as the head of its object, and then "in
full" or where it goes ("to you", "to your card"). `ReturnReader._returned` reads it for
`GrantReader._verb` (`_promise_grants`).

A gloss in brackets may stand between the object and where it goes: "we will return half of
the service fee (USD 7.50) to your balance" (round 197, `_promise_brackets.gloss_end`).
"""

from __future__ import annotations

from ._authority import VERBS
from ._lexicon import CHARGE_NOUNS
from ._promise_brackets import gloss_end
from ._promise_portions import PortionReader

__all__ = ["BACK_TO", "SUMS_BACK", "ReturnReader"]

SUMS_BACK = frozenset({"amount", "sum", "money", "deposit", "bond", "penny", "balance", "funds"})
"""What "is on its way back" to the customer is their money: "the full amount is on its way
back to you"."""

_RETURNABLE = (CHARGE_NOUNS | SUMS_BACK | {"difference"}) - {"payment", "payments", "balance"}
"""What of the customer's may be returned to them: "your deposit", "the excess"."""

_RESTORED = frozenset({"money", "funds", "deposit", "bond", "credit", "credits", "cashback"})
"""What restored or reinstated to the customer is their money ("the €240", "your funds"), as
against a charge put back ("we've reinstated the late fee")."""

_CLAIMS = frozenset({"claim", "claims", "payout", "settlement"})
"""What paid out is the customer's money: "we'll pay out your claim in full"."""

BACK_TO = frozenset({"to", "into", "onto", "on", "in", "with"})
"""After "gone back", "is back": where the customer's money is ("back to your card", "back
with you")."""


class ReturnReader(PortionReader):
    """`_returned`: the customer's money given back by the agent."""

    def _returned(self, v: int) -> tuple[int, bool] | None:
        """The customer's money given back by the verb at `v`: returned, given back, paid out.

        "We've returned your deposit in full", "we'll return the duplicate $1,050 to your
        account", "we'll give you back the full deposit", "we'll give back full amount", "I've
        paid out £220 to you", "we've reinstated the €240 to your balance" (a sum or money
        restored, not a charge): a charge or sum of the customer's as the head of the
        object, given back in full or to them (not "we returned your payment to the bank",
        a bounced payment; nor "I'll return the deposit form to you").
        """
        base = VERBS.get(self.word(v), ("", ""))[0]
        j = v + 1
        if base == "give" and self.word(j) == "you" and self.word(j + 1) == "back":
            j += 2
        elif base == "give" and self.word(j) == "back":
            j += 1  # "we gonna give back full amount": the particle first, no article
        elif base == "pay" and self.word(j) == "out":
            j += 1
        elif base not in {"return", "restore", "reinstate"}:
            return None
        obj = self._object(j)
        head = self.word(obj.end - 1 - ("back" in obj.words))
        amount = head[:1] in "$£€¥" and head[1:2].isdigit()
        if base in {"restore", "reinstate"}:
            # "we've reinstated the €240 to your balance": a sum put back, not a charge
            money = amount or head in _RESTORED
        else:
            money = head in _RETURNABLE or amount
        # "we'll pay out your claim in full": a claim paid out is the customer's money
        money = money or (base == "pay" and j > v + 1 and head in _CLAIMS)
        if not money or obj.generic or obj.negated:
            return None
        glossed = gloss_end(self.w, obj.end)  # "the service fee (USD 7.50) to your balance"
        at = glossed if glossed > 0 else obj.end
        after = (self.word(at), self.word(at + 1))
        if (
            j > v + 1
            or after == ("in", "full")
            or (after[0] in BACK_TO and after[1] in {"you", "your"})
        ):
            return obj.end, False
        return None

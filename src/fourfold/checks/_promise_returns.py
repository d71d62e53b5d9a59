"""The customer's money given back by I or we: returned, given back, paid out, restored.

"We've returned your deposit in full", "we'll return the duplicate $1,050 to your account",
"we'll give you back the full deposit", "I've paid out £220 to you", "we've reinstated the
€240 to your balance": a verb that gives back ("return", "give back", "pay out", "restore",
"reinstate"), a sum or a charge of the customer's as the head of its object, and then "in
full" or where it goes ("to you", "to your card"). `ReturnReader._returned` reads it for
`GrantReader._verb` (`_promise_grants`).

A gloss in brackets may stand between the object and where it goes: "we will return half of
the service fee (USD 7.50) to your balance" (round 197, `_promise_brackets.gloss_end`).

The backlog of the dev split, read whole, had the business give the money back under its
own name or as "they", with no word of a grant: "they will return you the full amount of
1,450 CZK", "the agency will return your deposit" (round 241 and others: a third party's
commitment). `ReturnReader.party_returns` lets such a subject through: "the" or "our" and
a party that acts for the business (`_PARTIES`), or "they"; not "your agency", a bank (the
customer's own, round 10), nor a person's name. A sum restored needs no destination ("the
agency will restore the $1,200 that was taken"), and a sum returned may go "to the wallet"
(a wallet, a card or an account).
"""

from __future__ import annotations

from ._authority import AUX, VERBS
from ._lexicon import CHARGE_NOUNS
from ._phrase_parts import Subject
from ._promise_brackets import gloss_end
from ._promise_business import SPEAKING_FOR_US
from ._promise_portions import PortionReader

__all__ = ["BACK_TO", "SUMS_BACK", "ReturnReader"]

SUMS_BACK = frozenset(
    {"amount", "sum", "money", "deposit", "bond", "penny", "balance", "funds", "cent"}
)
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


_PARTIES = SPEAKING_FOR_US | {"agency", "hotel", "airline", "seller", "venue", "operator",
                               "carrier", "retailer", "merchant"}  # fmt: skip
"""The last word of a subject, opened by "the" or "our", that gives the customer's money back
for the business ("the agency will return", "the hotel will restore"); not a bank or an
insurer, which may be the customer's own (`_promise_business`: "the bank will restore the
€240 to your account" is a chargeback's, round 10)."""

_WHERE_MONEY_GOES = frozenset({"wallet", "card", "account", "balance"})
"""After "to the" or "to your": where a sum returned goes ("to the wallet")."""


_CURRENCIES = frozenset({"coins", "gems", "credits", "tokens", "points", "miles", "avios"})
"""What a game or a scheme gives back as money: "we'll give you back the 1200 coins"."""


def _lost_currency(head: str) -> bool:
    """`head` names a game's or a scheme's currency: "coins", "V-coins", "points"."""
    return head in _CURRENCIES or head.rpartition("-")[2] in _CURRENCIES


class ReturnReader(PortionReader):
    """`_returned`: the customer's money given back by the agent."""

    def party_returns(self, subject: Subject, v: int) -> bool:
        """The subject of the verb at `v` is a party of the business, or "they", giving back.

        "the hotel will", "our agency is going to", "they will" (`_PARTIES`) return, restore
        or give back; not "your agency will" (the customer's own), "a seller", "customers", a
        name; nor what a party pays out of its own ("the insurer will pay out your claim").
        """
        if subject.generic or subject.kind not in {"np", "pronoun"}:
            return False
        if VERBS.get(self.word(v), ("", ""))[0] not in {"return", "restore", "give"}:
            return False  # not "the insurer will pay out your claim", its own act
        if subject.kind == "pronoun":
            return self.word(subject.start) == "they"
        if self.word(subject.start) not in {"the", "our"}:
            return False
        head = subject.start + 1
        while head + 1 < v and self.w[head + 1] not in AUX and self.is_word(head + 1):
            head += 1
        return head - subject.start <= 2 and self.w[head] in _PARTIES

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
        elif base in {"give", "put"} and self.word(j) == "back":
            j += 1  # "we gonna give back full amount": the particle first, no article
        elif base == "pay" and self.word(j) == "out":
            j += 1
        elif base == "return" and self.word(j) == "you" and self.word(j + 1) != "to":
            j += 1  # "they will return you the full amount": the customer first, as "give"
        elif base not in {"return", "restore", "reinstate"}:
            return None
        obj = self._object(j)
        head = self.word(obj.end - 1 - ("back" in obj.words))
        amount = head[:1] in "$£€¥" and head[1:2].isdigit()
        if base in {"give", "put"} and self.word(v + 1) in {"back", "you"}:
            # "we'll give you back the 1200 coins", "we have put back the 1200 V-coins in
            # your account": what a game or a scheme lost, given back as money is
            money = amount or head in _RETURNABLE or _lost_currency(head)
        elif base in {"restore", "reinstate"}:
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
        if base == "put" and not (after[0] in BACK_TO and after[1] in {"you", "your"}):
            return None  # "put back ... in your account", not "put back on the shelf"
        if (
            j > v + 1
            or after == ("in", "full")
            or (after[0] in BACK_TO and after[1] in {"you", "your"})
        ):
            return obj.end, False
        if amount and base == "restore" and after[0] not in BACK_TO:
            return obj.end, False  # "the agency will restore the $1,200 that was taken"
        if amount and after in {("to", "the"), ("into", "the")}:
            if self.word(at + 2) in _WHERE_MONEY_GOES:
                return obj.end, False  # "we will return your $500 to the wallet"
        return None

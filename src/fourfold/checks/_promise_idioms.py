"""Acts of authority that an ordinary verb does in one construction.

To set a reminder, keep a copy, pick up a parcel or swap a seat needs no authority. But "I've
set your balance to zero" takes a charge off, and the verb alone does not say so: the words
that complete it do. `IdiomReader` reads these constructions, each a verb, an object of the
right kind and the words after it, in a window of a few tokens:

- a charge set to nothing: "I've set your outstanding balance to zero";
- a price held where it was: "I've kept your price at the Basic rate", "we've frozen your rent";
- a cost picked up: "we'll pick up the tab for your hotel" (not "pick up the return");
- a thing swapped for a new one: "we'll swap the damaged sofa for a new one";
- a period given free: "I've granted you an extra month of service free";
- an act of authority arranged to be done: "I have arranged for it to be refunded in full";
- a loss or damage made good: "we will make good the damage caused by our contractor".

The rules built on it (`_promise_grants`, `_promise_shapes`) ask `_verb` and `_passive` what a
verb does, and the answers here come after `PhraseReader`'s own.
"""

from __future__ import annotations

from ._authority import VERBS, NounPhrase, Subject
from ._lexicon import (
    APPROVING,
    BACK_ON,
    BOOKED,
    CHARGING,
    COST_VERBS,
    FREE_PERIODS,
    GIVE_BACK,
    GIVE_VERBS,
    HELD_PRICES,
    HOLDING,
    OBJECT_ENDS,
    PICKED_UP,
    PICKING,
    PREPOSITIONS,
    SWAPPING,
    is_amount,
    is_zero,
    names_new_one,
)
from ._promise_business import is_business
from ._promise_fragments import FragmentReader

__all__ = ["BILL_HEADS", "MONEY_PLACES", "IdiomReader"]

_RECEIVING = frozenset({"get", "receive", "enjoy"})
"""What the customer does with a period given free: "you'll get an extra month free"."""

_AFTER_ZERO = PREPOSITIONS | OBJECT_ENDS | {"and", "but"}

_PAYMENT_KINDS = frozenset(
    {"interim", "advance", "emergency", "one-off", "goodwill", "partial", "initial",
     "immediate", "full", "final", "courtesy", "special"}
)  # fmt: skip
"""Before "payment of" a sum approved, the kind of payout it is: "an interim payment of €150"."""

_PAYING_IN = frozenset({"pay", "send", "transfer", "deposit", "return", "put", "credit"})
"""Verbs by which an amount reaches the customer: "£23.40 has been paid into your account"."""

MONEY_PLACES = frozenset({"account", "bank", "card", "wallet", "balance", "paypal"})
"""Where a customer's money is: paid "into your account", taken "off your card"."""

_PAID_BY_THEM = frozenset({"payment", "payments", "instalment", "installment", "deposit"})
"""An amount that is the customer's own payment, sent on ("your £40 payment has been sent to
your account" moves their money, it gives none)."""

_WORK_TIME = frozenset(
    {"hour", "hours", "minutes", "labour", "labor", "visit", "call-out", "callout"}
)
"""Time spent on the customer's job, which is charged and may be written off."""

_AS_BEFORE = frozenset(
    {"current", "existing", "old", "same", "original", "present", "last", "previous"}
)
"""What a price charged on is, held as it was: "your current rate", "the old price"."""

_ARRANGING = frozenset({"arrange", "organise", "organize"})
"""Verbs by which I or we have something done: "I've arranged for the fee to be refunded"."""
"""What may follow "to zero" when a charge is set to it ("to zero as a courtesy")."""


_MONEY_BACK = frozenset(
    {"money", "difference", "amount", "sum", "overpayment", "deposit", "balance", "fee", "fees",
     "charge", "charges", "payment", "payments", "fare", "price", "cost"}
)  # fmt: skip
"""What a give-back verb gives back that is the customer's money ("the difference")."""

_SUM_WORDS = frozenset(
    {"the", "your", "a", "all", "full", "whole", "entire", "remaining", "total", "of", "extra"}
)
"""Words around a sum that name no other thing: "the full amount", "all of the money"."""

_THE_SUM = frozenset({"the", "all", "every", "your", "this", "that", "these", "those"})
"""What opens the money given back: "return to you this 15,00 CHF"."""

_ROUTINE = frozenset({"link", "password", "code", "pin", "card", "key", "login", "number"})
"""What is replaced with a new one as routine, not as a replacement given: "your link"."""

_OVERPAID = frozenset({"excess", "overpayment", "overpaid", "overcharge", "overcharged"})
"""What, adjusted in the customer's bill, is paid back: "the excess amount"."""

BILL_HEADS = frozenset({"bill", "invoice", "statement"})

_BILLED = frozenset({"billed", "charged", "invoiced", "priced"})
"""A passive of billing, at a price held as it was: "will be billed at the old rate"."""

_PAPERS = frozenset({"invoice", "bill", "receipt", "statement", "quote", "estimate", "link"})
"""What is sent for an amount and gives nothing: "I'll send you the invoice for $60"."""


def _is_share(word: str) -> bool:
    """`word` is a percentage ("10%", "12.5%"), a share of a price."""
    return word[-1:] == "%" and word[:-1].replace(".", "", 1).isdigit()


class IdiomReader(FragmentReader):
    """The constructions by which an ordinary verb does what needs authority."""

    def _verb(self, v: int, subject: Subject, *, done: bool) -> tuple[int, bool] | None:
        """`PhraseReader._verb`, and the idioms by which I or we do what needs authority.

        A period given free is also received by the customer ("you'll get a month free").
        """
        found = super()._verb(v, subject, done=done)
        base = VERBS.get(self.word(v), ("", ""))[0]
        if found is None and (
            (subject.kind == "first" and base in GIVE_VERBS | APPROVING)
            or (subject.kind == "you" and base in _RECEIVING)
        ):
            found = self._free_period(v + 1)
        if found is None and subject.kind == "you" and base == "keep":
            # "you'll keep the $39.99 promotional rate for another 12 months": a price held
            obj = self._object(v + 1)
            return self._held_for(obj) if obj.words & HELD_PRICES and not obj.generic else None
        if found is not None or not (subject.kind == "first" or self._business(subject, v)):
            return found
        if base in APPROVING and (paid := self._payment_of(v + 1)):
            return paid, False  # "I've authorised payment of £620 for the surgery"
        if base in GIVE_BACK - {"get"}:  # not "I'll get back to you about the fee"
            return self._money_given(v, base)
        if base == "set":
            return self._set_to_nothing(v)
        if base == "keep" and self.word(v + 1) in CHARGING:
            return self._charged_as_before(v + 2)
        if base in HOLDING:
            return self._held(v, base)
        if base in PICKING and self.word(v + 1) == "up":
            return self._picked_up(v + 2)
        if base == "take" and self.word(v + 1) == "over":
            # "we will take over the costs for the return shipment": paid, as "cover" is
            obj = self._object(v + 2)
            return (obj.end, False) if obj.cost and not obj.generic else None
        if base in SWAPPING or base == "replace":  # "we'll replace it with a new one"
            return self._swapped(v, "with" if base == "replace" else "for")
        if base in _ARRANGING and self.word(v + 1) == "for":
            return self._arranged_for(v + 2)
        if (
            base == "pay"
            and self.word(v + 1) in {"it", "this", "that"}
            and self.word(v + 2) == "out"
        ):
            # "I'm going to pay this out to the card on file": what "it" names is paid to them
            yours = self.word(v + 4) == "your" or self.w[v + 4 : v + 7] == ["the", "card", "on"]
            return (v + 3, False) if self.word(v + 3) in {"to", "into"} and yours else None
        if base == "make" and self.word(v + 1) == "good":
            # "we will make good the damage caused by our contractor": paid for
            obj = self._object(v + 2)
            return (obj.end, False) if obj.cost and not obj.generic else None
        return None

    def _payment_of(self, j: int) -> int:
        """Where "(the) payment of £620" from `j` ends, paid to the customer, or 0.

        After "I've authorised", "we've approved": an insurer's or a seller's payment out;
        not one taken ("the payment of $40 from your card").
        """
        j += self.word(j) in {"the", "a", "an"}
        j += self.word(j) in _PAYMENT_KINDS  # "we've approved an interim payment of €150"
        if self.word(j) not in {"payment", "payout", "settlement"} or self.word(j + 1) != "of":
            return 0
        taken = "from" in self.w[j + 3 : j + 7] or "by" in self.w[j + 3 : j + 5]
        return j + 3 if is_amount(self.word(j + 2)) and not taken else 0

    def _money_given(self, v: int, base: str) -> tuple[int, bool] | None:
        """The customer's money given back by I or we, however the words are ordered.

        "We'll return you the difference of €84", "we will give back all the money for your
        3 nights", "today we returned to your card the $1,198", "I sent back to you the $60":
        after the verb, "back", "you" (given to) or where it goes ("to your card"), then the
        money: an amount or the customer's money ("the difference"), not a paper that names
        one ("the invoice for $60").
        """
        j = v + 1
        back = self.word(j) == "back"
        j += back
        if self.word(j) == "you" and (back or base in {"return", "give"}):
            j += 1  # "return you the difference"
            if not back and self.word(j) == "back":
                j += 1  # "I gave you back the 10% in your PayPal"
        elif self.word(j) == "to" and self.word(j + 1) == "you" and (back or base == "return"):
            j += 2  # "sent back to you the $60"
        elif self.word(j) == "to" and self.word(j + 1) == "your" and (back or base == "return"):
            # "returned to your card the $1,198", "back to your Visa card the full amount"
            j = next((k for k in range(j + 2, j + 5) if self.word(k) in {"the", "all"}), -1)
            if j < 0:
                return None
        elif not back:
            # "we have returned the 150 EUR for the scratch back on your credit card": the
            # money alone, then "back" to the customer a few words on
            if j >= self.n:
                return None  # "... and then we sent": nothing after the verb
            obj = self._object(j)
            c = self.s.clause[j]
            later = [k for k in range(obj.end, min(self.n, obj.end + 8)) if self.s.clause[k] == c]
            if not self._money_alone(self.w[j : obj.end]) or not any(
                self.word(k) == "back"
                and self.word(k + 1) in BACK_ON
                and self.word(k + 2) in {"you", "your"}
                for k in later
            ):
                return None
            return obj.end, False
        if not (self.word(j) in _THE_SUM or is_amount(self.word(j)) or _is_share(self.word(j))):
            return None  # "I'll send back to you about the form"
        obj = self._object(j)
        said = obj.words
        # "I gave you back the 10% in your PayPal": a share of what was paid is money too
        money = any(is_amount(x) or _is_share(x) for x in said)
        if said & _PAPERS or not (said & _MONEY_BACK or money):
            return None
        return obj.end, False

    @staticmethod
    def _money_alone(said: list[str]) -> bool:
        """`said` (an object's words) is a sum and nothing else.

        "the $150", "the full amount", "all the money"; not "the $40 lamp".
        """
        rest = [x for x in said if x not in _SUM_WORDS]
        return bool(rest) and all(is_amount(x) or x in _MONEY_BACK for x in rest)

    def _passive(self, p: int, subject: Subject) -> int | None:
        """`PassiveReader._passive`, and a charge of this customer's set to nothing."""
        if self.word(p) == "set":
            # "your outstanding balance has been set to zero" ("set" is its own participle)
            return self._to_nothing(p + 1) if subject.charge and not subject.generic else None
        found = super()._passive(p, subject)
        base = VERBS.get(self.word(p), ("", ""))[0]
        said = self.w[subject.start : p]
        if found is None and base in {"write", "knock"} and self.word(p + 1) == "off":
            # "the extra hour the crew spent waiting for the lift has been written off": the
            # work's time, named at the head of the clause
            start = self.s.clause_start[self.s.clause[p]]
            for _ in range(3):  # ", but the extra hour ...": past the clause's joint
                start += not self.is_word(start) or self.word(start) in {"and", "but", "so"}
            head = self.w[start : min(p, start + 4)]
            if (
                head[:1]
                and head[0] in {"the", "your", "that", "those"}
                and _WORK_TIME.intersection(head)
            ):
                return p + 2
        if found is None and base in {"keep", "hold"} and subject.kind == "you":
            # "you'll be kept on your current $45 price for 12 months": held, said of the
            # customer (as "we'll keep you on your current price" is)
            obj = self._object(p + 2) if self.word(p + 1) in {"on", "at"} else None
            if obj is not None and obj.words & HELD_PRICES and not obj.generic:
                return obj.end
        if found is None and base in HOLDING and HELD_PRICES.intersection(said):
            # "your rate is locked at $29.99 for life", "your rent has been frozen"
            if subject.kind != "np" or subject.generic:
                return None
            if base in {"lock", "freeze"}:
                return p + 1 + (self.word(p + 1) == "in")
            return self._held_at(p + 1)
        if found is None and base in _PAYING_IN and self.word(p + 1) in {"into", "to", "onto"}:
            # "£23.40 has been paid into your bank account": an amount paid to the customer
            said = self.w[subject.start : p]
            amount = any(x[:1] in "$£€¥" and x[1:2].isdigit() for x in said)
            if amount and self.word(p + 2) == "your" and self.word(p + 3) in MONEY_PLACES:
                return p + 4 if _PAID_BY_THEM.isdisjoint(said) else None
        if found is None and base == "adjust" and self.word(p + 1) in {"in", "against"}:
            # "the excess amount of Rs. 3,460 will be adjusted in your upcoming bill": paid
            # back against the bill (not "your bill will be adjusted", either way)
            billed = self.word(p + 2) == "your" and BILL_HEADS.intersection(self.w[p + 3 : p + 6])
            if billed and _OVERPAID.intersection(said) and not subject.generic:
                return p + 1
        if found is None and self.word(p) in _BILLED and self.word(p + 1) == "at":
            # "your renewal will be billed at last year's rate": a price held as it was
            held = self._charged_as_before(p + 1)
            if held and subject.kind == "np" and not subject.generic and "your" in said:
                old = _AS_BEFORE - {"current", "present"}  # (not "at the current rate")
                return held[0] if not old.isdisjoint(self.w[p + 2 : held[0]]) else None
        by = p + 1 + (base == "pay" and self.word(p + 1) == "for")
        if found is None and base in COST_VERBS and self.word(by) == "by":
            # "this is covered by us", "it'll be paid for by us": our cost
            if self.word(by + 1) == "us" and subject.kind in {"pronoun", "np"}:
                return by + 2 if not subject.generic else None
        return found

    def _set_to_nothing(self, v: int) -> tuple[int, bool] | None:
        """A charge or cost set to nothing by the verb at `v`: "I've set your balance to zero".

        "We'll set the late fee to $0", "let me set this month's bill to nothing": the charge
        is taken off as by "zero it out" (not "I've set your credit limit to $0", no charge).
        """
        obj = self._object(v + 1)
        if not (obj.charge or obj.cost) or obj.generic:
            return None
        end = self._to_nothing(obj.end)
        return (end, False) if end is not None else None

    def _held(self, v: int, base: str) -> tuple[int, bool] | None:
        """A price of this customer's held where it was by the verb at `v`.

        "I've kept your price at the Basic rate", "we'll hold your rate at $29", "I've locked
        in your introductory rate", "we've frozen your rent": the customer would otherwise
        pay more. Kept or held needs what it is held at, a price or an amount ("I'll hold
        your room at the current rate" holds no price of theirs), or the price as it was
        ("I'll hold your current price", "we'll keep you on the old price").
        """
        j = v + 1 + (base == "lock" and self.word(v + 1) == "in")
        on_it = (
            base in {"keep", "hold"} and self.word(j) == "you" and self.word(j + 1) in {"on", "at"}
        )
        obj = self._object(j + 2 if on_it else j)
        if obj.generic or not obj.words & HELD_PRICES:
            return None
        if base == "freeze" or j > v + 1 or on_it:  # "I'll keep you on your current €25 price"
            return obj.end, False
        end = self._held_at(obj.end)
        if (
            end is None
            and not obj.words.isdisjoint(_AS_BEFORE)
            and self.word(obj.end + 1) != "mind"
        ):
            end = obj.end  # "I'll hold your current price", not "keep ... in mind"
        return (end, False) if end is not None else None

    def _charged_as_before(self, j: int) -> tuple[int, bool] | None:
        """After "keep charging": the customer's price as it was, from `j`.

        "We'll keep charging you your current rate", "I'll keep billing you at the old price"
        (on a better plan, the customer would otherwise pay more); not "we'll keep charging
        the card on file".
        """
        j += self.word(j) == "you"
        j += self.word(j) == "at"
        obj = self._object(j)
        if obj.generic or not obj.words & HELD_PRICES or obj.words.isdisjoint(_AS_BEFORE):
            return None  # (and "at last year's rate")
        return obj.end, False

    def _held_at(self, k: int) -> int | None:
        """Where "at the Basic rate", "at $29.99", "at the same level" ends, from `k`, or None."""
        if self.word(k) != "at":
            return None
        stop = min(self.n, k + 6, self.s.clause_end(self.s.clause[k]))
        for x in range(k + 1, stop):
            y = self.w[x]
            if y in HELD_PRICES or y == "level" or (y[:1] in "$£€¥" and y[1:2].isdigit()):
                return x + 1
        return None

    def _business(self, subject: Subject, v: int) -> bool:
        """The subject before the verb at `v` speaks for the business, as "we" does.

        "the department has picked up the cost" (`_promise_business`): its words run from
        its start to the auxiliary or the verb.
        """
        end = subject.start
        while end < v and self.is_word(end) and self.w[end] not in {"has", "have", "had"}:
            end += 1
        return subject.kind == "np" and is_business(self.w, subject.start, end)

    def _held_for(self, obj: NounPhrase) -> tuple[int, bool] | None:
        """After a price the customer keeps, how long or at what: "for another 12 months"."""
        end = self._held_at(obj.end)
        if end is None and self._free_for(obj.end):  # "for another 12 months", "until 2027"
            end = obj.end
        return (end, False) if end is not None else None

    def _picked_up(self, j: int) -> tuple[int, bool] | None:
        """A cost paid by "pick up", its object at `j`: "we'll pick up the tab for your hotel".

        "I've picked up the cost of the courier", "we're going to pick up the bill"; what is
        picked up otherwise is collected ("we'll pick up the return", "the parcel").
        """
        obj = self._object(j)
        head = self.w[j : obj.end]
        if "of" in head:
            head = head[: head.index("of")]
        return (obj.end, False) if PICKED_UP.intersection(head) and not obj.generic else None

    def _swapped(self, v: int, link: str = "for") -> tuple[int, bool] | None:
        """A thing swapped for a new one by the verb at `v`: a replacement, in other words.

        "We'll swap the damaged sofa for a new one", "I'll swap it out for a new unit", "we'll
        exchange the lamp for a replacement", "we'll replace it with a new one" (`link`
        "with", which "swap" and "exchange" take too: "we have exchanged your speaker with a new
        one"); not a booking swapped for another ("your delivery slot for a new one"), nor
        a colour for another ("the blue one for the green", "replace the link with this one").
        """
        obj = self._object(v + 1)
        end = obj.end + (self.word(obj.end) == "out")
        if self.word(end) not in {link, "with"} or obj.words & (BOOKED | _ROUTINE):
            return None
        new = self._object(end + 1)
        if names_new_one(new.words) or (new.auth and not new.generic and not new.negated):
            return new.end, False
        return None

    def _arranged_for(self, j: int) -> tuple[int, bool] | None:
        """What I or we arranged for, from `j`, to be done: an act of authority, in the passive.

        "I have arranged for it to be refunded in full", "we've arranged for the £45 garden
        waste subscription to be refunded", "I'll organise for the late fee to be taken off":
        the words before "to be" (at most eight) are the passive's subject; not what needs no
        authority ("for the engineer to be there", "for your old router to be collected").
        """
        stop = min(self.n, j + 9)
        k = next((x for x in range(j, stop) if self.w[x] == "to" and self.word(x + 1) == "be"), -1)
        if k <= j or any(not self.is_word(x) for x in range(j, k)):
            return None
        subject = self._subject(k)
        if subject.kind in {"first", "you"} or subject.generic:
            return None
        end = self._passive(self._skip(k + 2)[0], subject)
        return (end, False) if end is not None else None

    def _free_period(self, j: int) -> tuple[int, bool] | None:
        """A period given free, in the object at `j`: "you an extra month of service free".

        "I've granted you an extra month free", "we'll add two months free to your plan", "a
        month of premium free", "a month of Premium on top", "a bonus month": a period the
        customer does not pay for (not "an extra week to pay": no "free").
        """
        obj = self._object(j)
        span = self.w[j : obj.end]
        head = span[: span.index("of")] if "of" in span else span
        at = next((k for k, x in enumerate(head) if x in FREE_PERIODS), -1)
        if at >= 0 and self.word(obj.end) == "on" and self.word(obj.end + 1) == "top":
            return obj.end + 2, False  # "we'll add a month of Premium on top": a bonus
        if at >= 0 and "bonus" in head[:at]:
            return obj.end, False  # "I've given you a bonus month"
        return (obj.end, False) if at >= 0 and "free" in span[at + 1 :] else None

    def _to_nothing(self, j: int) -> int | None:
        """Where "to zero", "down to $0", "at nothing" ends, a few words from `j` in its clause.

        Not a count of something else: "to zero days before the due date".
        """
        end = min(self.n, j + 8, self.s.clause_end(self.s.clause[j]) if j < self.n else j)
        for k in range(j, end):
            if self.w[k] in {"to", "at"} and is_zero(self.word(k + 1)):
                after = self.word(k + 2)
                return None if after.isalpha() and after not in _AFTER_ZERO else k + 2
        return None

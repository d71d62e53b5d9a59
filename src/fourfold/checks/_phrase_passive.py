"""What a participle after "be" or "been" needs: "you'll be refunded", "the fee was waived".

A promise said in the passive names what is done to its subject: "the late fee has been
waived", "your deposit will be returned", "you've been upgraded"; and whether the participle
needs authority depends on that subject ("the fee was removed" takes a charge off, "the
payment was taken twice" takes nothing off; "a replacement has been sent" gives, "a reply
has been sent" does not). `PassiveReader` answers it for the rules built on it
(`_guarantees`, `_promise_shapes`), reading the participle and a few words after it.

A charge "paid" with the customer's own means ("your bill has been paid with the card on
file", "the balance was paid using your Visa", dev round 291) is their payment taken, not a
cost the business bore: `_with_own_means`.
"""

from __future__ import annotations

from ._authority import AUX, VERBS, PhraseReader, Subject, skip
from ._day_possessive import day_before_noun
from ._lexicon import (
    APPROVING,
    BACK_ON,
    CHARGE_VERBS,
    COST_VERBS,
    FITTING,
    GIVE_VERBS,
    LOWERING,
    NEEDS_OFF,
    PRICES,
    SAME_PAST,
    SELF_VERBS,
    STARTING,
    SWAPPING,
    is_amount,
    names_new_one,
    names_process,
)
from ._money import is_payment_method
from ._promise_folios import to_nothing

__all__ = [
    "ARRIVING_ING",
    "BASE_AS_PAST",
    "BE_DONE",
    "SHOWING",
    "UNDER_WAY",
    "PassiveReader",
    "may_be_passive",
]


_DEBITED = frozenset({"card", "wallet", "paypal", "bank", "account"})
"""After "taken off your": where money is taken from, a debit, not a charge taken away."""


_SUMS = frozenset({"amount", "sum", "money", "difference", "funds", "deposit", "balance"})
"""Subjects of "put back to your ..." that are the customer's money without a charge's name."""


_RETURNED_SUMS = _SUMS | {"price", "cost", "commission"}
"""A subject given back to the customer that is their money without a charge's name: "the full
price of the chair", "the commission for the card service" (`PassiveReader._sum_to_you`)."""


_OWN_PAYMENTS = frozenset(
    {"payment", "payments", "instalment", "installment", "instalments", "installments",
     "top-up", "topup", "deposit", "transfer", "remittance"}
)  # fmt: skip
"""The customer's own money paid in, which a bank or biller credits to their account: no grant."""


_MEANS = frozenset(
    {"card", "cards", "wallet", "paypal", "visa", "mastercard", "amex", "debit", "autopay",
     "auto-pay", "account"}
)  # fmt: skip
"""After "paid with", "using", "via" or "by": the customer's means of paying ("with the card
on file", "using your saved Visa", "by direct debit"), so the payment is theirs."""

_PAID_WITH = frozenset({"with", "using", "via", "by", "from", "through"})

_GIVEN_MEANS = frozenset({"credit", "voucher", "refund", "compensation", "goodwill", "points"})
"""Means the business gives, with which it pays: "paid with a goodwill credit"."""

_TAKING_OFF = frozenset({"remove", "deduct", "exclude", "waive", "refund", "credit", "drop"})
"""After "adjusted to": what takes something off the bill, so the adjustment goes down."""

BE_DONE = frozenset({"is", "are", "was", "were", "am", "got", "stands", "remains"})
"""The verbs before a participle that say what is or was done to their subject ("the fee is
waived", "your claim got approved": "got" as "was", not of "I got refunded", the agent's own;
"stands" and "remains" as "is", a state the grant left: "your claim stands approved")."""

_NOUN_BASES = frozenset({"return", "refund", "credit"})
"""Bases in `BASE_AS_PAST` that are nouns too: a participle only before "to your"."""

BASE_AS_PAST = frozenset(
    {"remove", "waive", "cancel", "reverse", "transfer", "restore", "send", "reimburse",
     "compensate"}
) | _NOUN_BASES  # fmt: skip
"""Verbs whose base stands for the participle after "be" in non-native English ("the charges
will be cancel", "the ¥15,000 is already transfer to your bank", "will be send back", "the
amount is already return to your card", "the fee will be refund to your GCash": round 255):
none is a noun there (`_NOUN_BASES` are, but not between "be" and "to your")."""


UNDER_WAY = frozenset({"underway", "through", "complete", "completed", "done", "en"})
"""After "your refund is": "underway", "through"... (and "on its way")."""

ARRIVING_ING = frozenset({"arriving", "coming", "landing", "reaching", "showing"})
"""After "is" and a certainty ("your laptop is 100% arriving before Christmas"): what is on
its way, said in the present; the certainty makes the forecast a guarantee, as "will
definitely arrive" is (`ShapeReader._forward`; not "it is arriving", a forecast)."""

SHOWING = frozenset({"showing", "sitting", "appearing", "visible", "reflected"})
"""Before "on your account": a refund or credit said to be there ("is now showing on your
account")."""


_FEES = frozenset({"fee", "fees", "charge", "charges", "penalty", "surcharge", "interest"})
"""In the subject of "taken back": a charge of the house's, not the customer's payment."""


def may_be_passive(words: list[str], i: int) -> bool:
    """What follows "is" at `i` may make `ShapeReader._be_passive` match.

    That is a participle the rules know (after "being", too: "is being refunded"), or a
    word that says a refund is under way. Tested before the subject is read: most "is"s
    are followed by neither.
    """
    p = skip(words, i + 1)[0]
    y = words[p] if p < len(words) else ""
    if day_before_noun(words, i):
        return False  # "the $49 charge for Sunday's dropped call": a day's, not "is"
    if _is_participle(y) or y in BASE_AS_PAST or (i + 1 < len(words) and words[i + 1] == "back"):
        return True
    if y in {"being", "been", "getting"}:  # "is been refunded": non-native English's "has been"
        p = skip(words, p + 1)[0]
        y = words[p] if p < len(words) else ""
    if y == "no" and p + 1 < len(words) and words[p + 1] == "longer":
        return True  # "the late fee is no longer on your bill"
    return (
        _is_participle(y)
        or y in {"on", "in", "gone", "off", "coming", "confirmed", "back"}
        or y in UNDER_WAY | SHOWING
    )


def _is_participle(word: str) -> bool:
    """`word` is the past tense or participle of a verb in `VERBS` (what `_passive` reads)."""
    form = VERBS.get(word)
    return form is not None and form[1] == "past"


class PassiveReader(PhraseReader):
    """The passive's participle, read with its subject."""

    def _passive(self, p: int, subject: Subject) -> int | None:
        """Whether a participle after "be"/"been" needs authority, with this subject.

        "you'll be refunded", "the fee has been waived", "a replacement has been sent"; not
        "you'll be charged", "a reply has been sent".

        Returns:
            The end of the passive, or None.
        """
        y = self.word(p)
        if y == "confirmed" and subject.auth and not subject.generic and subject.kind == "np":
            return p + 1  # "your complimentary upgrade is confirmed", "your refund is confirmed"
        if y == "withdrawn" and subject.charge and not subject.generic:
            return p + 1  # "your council tax penalty of £70 has been withdrawn"
        care = y == "taken" and self.w[p + 1 : p + 3] == ["care", "of"]
        if care and (subject.auth or subject.charge) and not subject.generic:
            return p + 3  # "your upgrade is taken care of", "the fee has been taken care of"
        if y not in VERBS or (VERBS[y][1] != "past" and y not in SAME_PAST | BASE_AS_PAST):
            # after "be", "put" is a participle ("it will be put back on your card"), and so
            # is a base in non-native English ("the charges will be cancel from your bill")
            return None
        if y in _NOUN_BASES and (self.word(p + 1), self.word(p + 2)) != ("to", "your"):
            return None  # a noun, unless it goes "to your" card ("is already return to your")
        base = VERBS[y][0]
        obj = self._object(p + 1)
        if base == "waive" and y == "waved" and not subject.charge:
            return None
        if (base == "replace" and self.word(p + 1) == "with") or (
            base in SWAPPING and self.word(p + 1) in {"for", "with", "against"}
        ):
            # "your phone is to be replaced with a new model", "your kettle will be exchanged
            # for a new one" ("against": the German "gegen"): a replacement given; not "the
            # link was replaced with this one", "your slot was swapped for a later one"
            new = self._object(p + 2)
            return new.end if names_new_one(new.words) and not subject.generic else None
        if base == "upgrade":
            # "you've been upgraded", "your order has been upgraded"
            return p + 1 if subject.kind == "you" or subject.auth or subject.det == "your" else None
        if base in FITTING:
            if (subject.auth or subject.charge) and base != "backdate":  # not "the invoice"
                return p + 1
            # "your membership has been extended", "your expired miles have been restored"
            said_of = self.w[subject.start : p]
            if not subject.generic and "your" in said_of and FITTING[base] & set(said_of):
                return p + 1
            return None
        if base in SELF_VERBS:
            if base == "credit" and not subject.auth and self._own_payment(subject.start, p):
                return None  # "your payment of $120 has been credited to your account"
            return p + 1
        if base in CHARGE_VERBS:
            # "the overdraft fee was taken back": a fee taken back, reversed (not "the payment
            # was taken back by your bank", the customer's own money)
            fee = _FEES.intersection(self.w[subject.start : p])
            particle = self.word(p + 1) in {"off", "out"} or (
                base == "take" and self.word(p + 1) == "back" and bool(fee)
            )
            struck = base == "strike" and self.word(p + 1) == "from" and subject.charge
            if base in NEEDS_OFF and not (
                particle or struck or (base == "zero" and subject.charge)
            ):
                return None  # "the payment was taken twice" takes nothing off
            if base == "adjust":
                # "the fare was adjusted down", "your sofa's price has been adjusted down";
                # "the fee was adjusted" may go either way
                # "your bill will be adjusted to remove the days without service": down too
                priced = PRICES & set(self.w[subject.start : p]) and not subject.generic
                down = self.word(p + 1) == "down"
                off = self.word(p + 1) == "to" and self.word(p + 2) in _TAKING_OFF
                # "your March bill has been adjusted to zero": taken away (`to_nothing`)
                off = off or to_nothing(self.w, p + 1)
                return p + 2 + off if (subject.charge or priced) and (down or off) else None
            lowered = base in LOWERING and PRICES & set(self.w[subject.start : p])
            if subject.charge or (lowered and not subject.generic):  # "your rent was reduced"
                return p + 1 + particle
            # "The £7.80 for those issues has been taken off your subscription" (not "off your
            # card", a debit)
            sum_off = particle and any(is_amount(x) for x in self.w[subject.start : p])
            debit = self.word(p + 2) == "your" and self.word(p + 3) in _DEBITED
            head = self.word(subject.start + (self.word(subject.start) in {"the", "your"}))
            if sum_off and not debit and (not subject.generic or is_amount(head)):
                return p + 2  # the amount is the head: "the £7.80 for those issues"
            return None
        if base in COST_VERBS:
            if base == "pay" and self._with_own_means(p + 1):
                return None  # "your bill has been paid with the card on file": theirs
            if subject.charge or subject.auth or self.freebie_from(p + 1) >= 0:
                return p + 1
            if (
                base in {"pay", "settle"}  # an insurer "settles" a claim: pays it out
                and subject.kind == "np"
                and not subject.generic
                and set(self.w[subject.start : p]) & {"claim", "payout", "settlement"}
            ):
                # "your claim will be paid out this week", "the claim has been paid in full",
                # "your contents claim is now settled"
                return p + 1 + (self.word(p + 1) == "out")
            return None
        if base in APPROVING:
            yours = self.word(subject.start) == "your"  # (not "a payment of $150 to you")
            if yours and not subject.auth and self._own_payment(subject.start, p):
                return None  # "your last top-up was accepted": the customer's own money in
            if subject.auth or subject.kind in {"np"} and not subject.generic:
                return p + 1
            return None
        if base in GIVE_VERBS:
            if subject.auth or (base in STARTING and names_process(self.w[subject.start : p])):
                return p + 1 + (1 if self.word(p + 1) in {"out", "off", "through"} else 0)
            said = self.w[subject.start : p]
            money = subject.charge or any(is_amount(x) for x in said) or "money" in said
            if base in {"return", "give", "pay", "release"} and money and not subject.generic:
                # "your deposit will be returned", "the deposit has been released back"
                return p + 1 + (1 if self.word(p + 1) == "back" else 0)
            if base in {"return", "give", "pay"} and not subject.generic:
                sent = self._sum_to_you(said, p + 1)  # "the full amount will be returned to you"
                if sent is not None:
                    return sent
            back = self.word(p + 1) == "back" and self.word(p + 2) in BACK_ON
            if back and self.word(p + 3) == "your" and not subject.generic:
                # "the £130 will be put back into your bank account", "the difference has
                # been transferred back to your card" (not "your parcel was sent back to us")
                if money or not _SUMS.isdisjoint(said):
                    return p + 2
            if obj.auth and (subject.kind == "you" or subject.det == "your"):
                return obj.end  # "you'll be given a full refund", "your account was sent a credit"
            free = self.freebie_from(p + 1)
            # "your booking was made at our rate and cannot be cancelled free of charge": the
            # freebie is another verb's (but "it was sent today, free of charge" is this one's)
            if free >= 0 and not ({"not", "never"} | AUX).intersection(self.w[p + 1 : free]):
                if subject.kind in {"pronoun", "np", "you"}:
                    return p + 1
        return None

    def _sum_to_you(self, said: list[str], k: int) -> int | None:
        """A sum of the customer's, by a word that names no charge, given back to them at `k`.

        The backlog of the dev split (rounds 8, 169) gave money back in the passive under
        the name of a sum or a price, not of a charge: "the full price of the chair will be
        returned to you", "the amount will be returned to you in full", "the commission for
        the card service will be returned to your account". The subject holds a sum word
        (`_RETURNED_SUMS`) and the participle ("back" may follow) goes on to the customer:
        "to you", "to your ...", "into your ...", or "in full". Not without that ("the
        amount was returned": to whom?), nor to someone else ("returned to the sender").
        """
        if _RETURNED_SUMS.isdisjoint(said):
            return None
        k += self.word(k) == "back"
        to = (self.word(k), self.word(k + 1))
        if to == ("in", "full") or (to[0] in {"to", "into", "onto"} and to[1] in {"you", "your"}):
            return k + 2
        return None

    def _with_own_means(self, k: int) -> bool:
        """From `k` (past "in full"), the customer's means of paying: "with your card".

        "with", "using", "via", "by", "from" or "through", then within four words a card,
        a wallet, an account or a payment method's id, before any punctuation ("by us",
        "through our payment partner" name no means of theirs).
        """
        if self.w[k : k + 2] == ["in", "full"]:
            k += 2
        if self.word(k) not in _PAID_WITH or self.word(k + 1) in {"our", "us", "we"}:
            return False
        for j in range(k + 1, min(self.n, k + 5)):
            if not self.is_word(j) or self.w[j] in _GIVEN_MEANS:
                return False  # "paid with a credit from us": given, not theirs
            if self.w[j] in _MEANS or is_payment_method(self.w[j]):
                return True
        return False

    def _own_payment(self, start: int, p: int) -> bool:
        """The subject from `start` to the participle at `p` is a payment the customer made.

        "your payment of $120", "your £40 instalment", "the bank transfer you sent": its head
        (the last word before "of" or the verb, within six words) is a payment's noun.
        """
        head = ""
        for k in range(start, min(p, start + 6)):
            x = self.w[k]
            if x in {"of", "for", "you", "from", "that", "which"} or x in AUX:
                break
            if x.isalpha() or "-" in x:
                head = x
        return head in _OWN_PAYMENTS

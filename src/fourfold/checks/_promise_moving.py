"""The customer's money said to move: a refund goes out, a charge comes off, a sum is back.

Said of this customer's refund, credit or charge, a verb of motion in the present commits as
"will" does, and in the past tells it done (`MovingReader._moving`, at the verbs of `MOVING`):

- "goes out", "goes through": "Your refund goes out on Monday" (a grant's noun, or money
  paid to the customer, "the payment of £3,240 goes out to you": `_paid_to_customer`; not
  "your payment goes out on the 1st", a debit); "went out" is done;
- "gets" and a participle of an act of authority: "the duplicate charge gets reversed
  overnight", "you get refunded tomorrow"; "got waived" is done;
- "is coming your way", "is going onto your account", "a new pair is going out";
- "goes (comes, heads) back", "is going back", "is coming back" to the customer or what
  they pay with (`_money_back`: "the $63 difference comes back to you as a credit", "the
  full amount is going back to your card"), "goes straight back" and "is returning to your
  card" (the tenth pass), and "went back", "went onto your gift card" (`_went_to_you`);
- "comes off", "will come off" of a charge or sum ("the £65 charge comes off"), not "comes
  off your card", taken from the customer; the eleventh pass read its perfect ("the $60
  no-show fee has come off your balance", "that's the cancellation charge gone off your
  account now") and a pronoun's to come off a bill ("it'll come off your invoice", "those
  come off in full on your next bill": `MovingReader._come_off`);
- "is going through" of a grant ("your refund is going through today", `_going_through`;
  not "... going through the usual checks"), and an amount "going back to your card" on a
  list's line (`_amount_going_back`);
- money landed in the customer's account ("£340 landed in your Nationwide account",
  `_promise_folios.landed`), or on their card ("the £30 lands on your card Friday": a sum
  or a grant, no charge; the tenth pass).

Not what is everyone's ("refunds go out within 5 days"), nor what is no money ("your parcel
goes out on Monday", "your parcel went back to the depot"). `_money_back` also serves the
grants and shapes built on this reader ("Refunds will go back to your card", "the fee has
gone back to your Visa"), as `_grant` does: a commitment when what is granted is to come,
else a completed act. Each reads the subject and a few words after the verb.
"""

from __future__ import annotations

from ._authority import BE_NOW, SPECIFIC, VERBS, Subject
from ._lexicon import INTENSIFIERS, PREPOSITIONS, SELF_VERBS, THIS_TIME, is_amount, names_new_one
from ._money import is_payment_method
from ._promise_folios import LANDING, landed, went_to_yours, yours
from ._promise_idioms import MONEY_PLACES
from ._promise_match import Shape, committed, completed
from ._promise_referents import FEE_NOUNS
from ._promise_returns import BACK_TO, SUMS_BACK, ReturnReader

__all__ = ["BILLS", "COMING_OFF", "MOVING", "MovingReader"]

COMING_OFF = frozenset({"comes", "come", "gone"})
"""The words "off" follows when a charge comes off: "comes off", "has gone off"."""

MOVING = frozenset(
    {"goes", "go", "went", "gets", "get", "got", "is", "are", "going", "heads"}
    | LANDING
    | COMING_OFF
)
"""Where `MovingReader._moving` anchors: "goes out", "gets reversed", "is coming back", "comes
off", "will come off"."""

_PAID = frozenset({"payment", "payout", "settlement", "money", "funds", "amount", "sum"})
"""What "goes out to you" is the customer's money paid to them (`_paid_to_customer`)."""

_PAID_INTO = MONEY_PLACES
"""After "going back to your", "goes out to your": where the customer's money is paid into
("your card", "your bank"), not a place ("your shop")."""

_THROUGH_THEN = THIS_TIME | {"now", "this", "in", "on", "by", "within", "shortly", "and", "as"}
"""After "is going through": when or how ("today", "this week", "in your favour"), not what
it goes through ("the usual checks")."""

_STRAIGHT = frozenset({"straight", "right", "directly"})
"""Between "goes" and "back": how directly ("the £89.99 goes straight back onto your card",
the tenth pass)."""

BILLS = frozenset({"bill", "bills", "account", "statement", "invoice", "balance", "card"})
"""Where a charge is billed: "the late fee is no longer on your bill" (gone), "comes off your
statement" (not "your card", taken from it)."""


_PERFECT = frozenset({"has", "have"})
"""Before "come off" or "gone off": the perfect of a charge taken off ("has come off")."""

_OWED = frozenset({"bill", "bills", "invoice", "statement", "rent", "tab", "folio"})
"""What a pronoun's charge comes off as owed ("it'll come off your invoice"): not a card, an
account or a balance, which a payment taken comes off too."""


def _bill_after(words: list[str], k: int, *, pronoun: bool) -> int:
    """Where the bill a charge comes off ends, read from `k` past "off", or -1.

    "your balance", "your next bill", "next month's rent", "in full on your next bill": at
    most six words, no mark between; a pronoun's only what is owed (`_OWED`), a charge's
    any of `BILLS` but a card.
    """
    bills = _OWED if pronoun else (BILLS | _OWED) - {"card"}
    for j in range(k, min(len(words), k + 6)):
        x = words[j]
        if x in bills:
            before = {"your", "next", "monthly", "final", "month", "week", "quarter"}
            return j if words[j - 1] in before else -1  # "next month's rent" (its "'s" cut)
        if not x[:1].isalnum():
            return -1
    return -1


class MovingReader(ReturnReader):
    """The reading of the customer's money said to move, for the rules on it."""

    claimed: int = -1
    """Where the shapes read so far in the sentence end (set by the scan before each anchor)."""

    def _moving(self, i: int, w: str) -> Shape | None:
        """The customer's refund or charge said to move, in the present for the future.

        "Your refund goes out on Monday", "the duplicate charge gets reversed overnight",
        "the fee is coming back to you", "the £65 charge comes off" commit as "will" does;
        "went out", "got waived"
        say it is done. Said of a refund or a charge of this customer's (not "refunds go
        out within 5 days", everyone's), or of "you" ("you get refunded tomorrow").
        """
        nxt = self.word(i + 1)
        if w == "going" and nxt == "through":
            return self._going_through(i)
        if w == "going":
            return self._amount_going_back(i)
        subject = self._subject(i)
        if subject.generic or subject.kind not in {"np", "you", "pronoun"}:
            return None
        if subject.start < self.claimed:
            return None  # "I'll make sure a replacement goes out": read already
        past = w in {"went", "got"}
        if w in {"goes", "go", "went"} and nxt in {"out", "through"}:
            if subject.auth and subject.det in SPECIFIC and not (past and nxt == "through"):
                return self._grant(subject.start, i, i + 2, not past)
            if nxt == "out" and subject.det in SPECIFIC and self._paid_to_customer(subject, i):
                end = i + 4 + (self.word(i + 3) == "your")
                return self._grant(subject.start, i, end, not past)
            return None
        if w in {"gets", "get", "got"} and VERBS.get(nxt, ("", ""))[1] == "past":
            if VERBS[nxt][0] in SELF_VERBS - {"extend", "match", "honour", "honor"} and (
                subject.charge or subject.auth or subject.kind != "np"
            ):
                return self._grant(subject.start, i, i + 2, not past)
            return None
        if w == "went":
            return self._went_to_you(i, subject)
        money = subject.auth or any(is_amount(x) for x in self.w[subject.start : i])
        if money and (end := landed(self.w, i, self.w[subject.start : i])):
            return self._grant(subject.start, i, end, w == "lands")  # "£340 landed in your"
        your_way = (self.word(i + 2), self.word(i + 3)) == ("your", "way")
        if w in BE_NOW and nxt in {"coming", "headed", "heading"} and your_way:
            # "a full reimbursement of €31.90 is coming your way"
            if (subject.auth or subject.charge) and not subject.generic:
                return committed(subject.start, i, i + 4)
        going = w in BE_NOW and nxt == "going"
        new = subject.auth or names_new_one(frozenset(self.w[subject.start : i]))
        if going and self.word(i + 2) == "out" and new and subject.det in SPECIFIC:
            return self._grant(subject.start, i, i + 3, True)  # "a new pair is going out"
        onto = going and self.word(i + 2) in {"onto", "into"} and self.word(i + 3) == "your"
        if onto and subject.auth and not subject.generic:
            return committed(subject.start, i, i + 5)  # "a £15 credit is going onto your account"
        straight = nxt in _STRAIGHT and self.word(i + 2) == "back"  # "goes straight back"
        if (w in {"goes", "go", "comes", "heads"} and (nxt == "back" or straight)) or (
            going and self.word(i + 2) == "back"
        ):
            # "the full amount is going back to your card", "£5.80 goes (heads) back to your
            # card", "the $63 difference comes back to you as a credit"
            b = i + 1 + (going or straight)
            back = self._money_back(subject, i, b)
            end = b + 3 + (self.word(b + 2) == "your")
            return committed(back, i, end) if back is not None else None
        will = w == "come" and self.word(i - 1) in {"will", "'ll", "shall"}
        if w in COMING_OFF and nxt == "off":
            return self._come_off(i, subject, will)
        if w in BE_NOW and nxt == "coming" and subject.kind == "np":
            back = self._money_back(subject, i, i + 2)
            return committed(back, i, i + 3) if back is not None else None
        if w in BE_NOW and nxt == "returning" and subject.kind == "np":
            # "the delivery cost of 350 RUB is returning to your card": "back" in the verb
            back = self._money_back(subject, i, i + 1)
            end = i + 4 + (self.word(i + 3) == "your")
            return committed(back, i, end) if back is not None else None
        return None

    def _come_off(self, i: int, subject: Subject, will: bool) -> Shape | None:
        """A charge of this customer's said to come off, "come", "comes" or "gone" at `i`.

        "The £65 charge comes off", "the difference will come off" commit (a charge or a sum
        named, not "comes off your card", taken from the customer). The eleventh pass read
        three more shapes of it (`_bill_after`, where it comes off is a bill):

        - the perfect, done: "the $60 no-show fee has come off your balance", and a British
          "that's the cancellation charge gone off your account now"; a charge's noun, not
          "your payment has come off your account" (a debit), nor off "your card";
        - a pronoun for a charge named before, to come: "it'll come off your invoice", "it'll
          come off next month's rent", "those come off in full on your next bill"; "will"
          before it or "next" before the bill (not "it comes off your bill each month", a
          rule), and never off a card, an account or a balance, where a pronoun may be a
          payment taken ("it'll come off your account on the 1st").
        """
        before = self.word(i - 1)
        said = self.w[i - 2 : i - 1] if will else self.w[subject.start : i]
        if said in (["it"], ["they"], ["those"], ["these"]):
            where = _bill_after(self.w, i + 2, pronoun=True)
            if where < 0 or not (will or self.word(where - 1) == "next") or before in _PERFECT:
                return None
            return committed(i - 1 - will, i, where + 1)
        if self.word(i) == "gone" or (before in _PERFECT and self.word(i) == "come"):
            that = self.w[subject.start - 2 : subject.start] == ["that", "is"]  # "that's"
            fee = not FEE_NOUNS.isdisjoint(self.w[subject.start : i])
            if not (before in _PERFECT or that) or not fee or subject.generic:
                return None  # a perfect, or "that's the fee gone off": not "the fee gone"
            if subject.det not in SPECIFIC or _bill_after(self.w, i + 2, pronoun=False) < 0:
                return None
            return completed(subject.start, i, i + 2)
        money = subject.charge or is_amount(self.word(i - 1 - will))
        money = money or (will and self.w[subject.start : i - 1][-1:] == ["difference"])
        if (self.word(i) == "comes" or will) and money and subject.det in SPECIFIC:
            # "The £65 charge (the difference will) come(s) off", not "comes off your card"
            where = i + 3 + (self.word(i + 3) in {"next", "monthly", "final", "current"})
            if self.word(i + 2) != "your" or self.word(where) in BILLS - {"card"}:
                return committed(subject.start, i, i + 2)
        return None

    def _went_to_you(self, i: int, subject: Subject) -> Shape | None:
        """The customer's money said to have gone to them.

        "The $40 went (straight) back to your card", "your refund of $96.45 went onto your
        gift card", "... onto gift_card_5540121" (a payment method's id); not "your parcel
        went back to the depot".
        """
        k = i + 1 + (self.word(i + 1) == "straight")
        end = k + 2
        while end < min(self.n, k + 5) and self.is_word(end) and self.w[end] not in PREPOSITIONS:
            end += 1  # "your gift card"
        if self.word(k) == "back":
            back = self._money_back(subject, i, k)
            return self._grant(back, i, end + 1, False) if back is not None else None
        yours = self.word(k + 1) == "your" or is_payment_method(self.word(k + 1))
        if self.word(k) in {"onto", "into", "to"} and yours and subject.auth:
            return self._grant(subject.start, i, end, False) if subject.det in SPECIFIC else None
        sent = went_to_yours(self.w, k, self.w[subject.start : i])  # "the €250 went to your"
        return self._grant(subject.start, i, sent, False) if sent else None

    def _going_through(self, i: int) -> Shape | None:
        """A grant of this customer's said to be going through, "going" at `i`.

        "Your refund is going through today", "the S$60 partial refund is definitely going
        through": "is" or "are" (then at most intensifiers, "now") and "going through" as a
        verb with its particle, ending its clause or followed by a time or a manner (not
        "your claim is going through the usual checks", a preposition with its object). Said
        of a refund, a credit... of this customer's (not "refunds are going through").
        """
        k = i - 1
        while k > 0 and (self.w[k] in INTENSIFIERS or self.w[k] in {"now", "just", "all"}):
            k -= 1
        after = self.word(i + 2)
        if self.word(k) not in BE_NOW or (self.is_word(i + 2) and after not in _THROUGH_THEN):
            return None
        subject = self._subject(k)
        if subject.kind != "np" or not subject.auth or subject.generic:
            return None
        return committed(subject.start, i, i + 2) if subject.det in SPECIFIC else None

    def _amount_going_back(self, i: int) -> Shape | None:
        """An amount, then "going back to your card" at `i` (a list's line, an aside).

        "Missing items: £5.80 — going back to your card", "£100.75, going back to your card".
        """
        k = i - 1 - (self.word(i - 1) in {"also", "all", "both"})
        bare, said = is_amount(self.word(k)) or self.word(k) == ",", self.w[i + 3 : i + 6]
        k += is_amount(self.word(k))  # "£100.75 going back to your card"
        sep = self.word(k) in {"—", "–", "-", ":", ",", "going"} and is_amount(self.word(k - 1))
        if not sep or (self.word(i + 1), self.word(i + 2) in BACK_TO) != ("back", True):
            return None
        if self.word(i + 3) not in {"you", "your"} or (bare and _PAID_INTO.isdisjoint(said)):
            return None  # not "I paid £20, going back to your shop tomorrow"
        return committed(k - 1, i, i + 4 + (self.word(i + 3) == "your"))

    def _paid_to_customer(self, subject: Subject, i: int) -> bool:
        """A payment that "goes out" at `i` goes to the customer: "to you", "to your account".

        "The payment of £3,240 goes out to you on Monday", "your settlement went out to your
        bank": money paid to them (not "your payment goes out on the 1st", a debit).
        """
        if not _PAID.intersection(self.w[subject.start : i]) or self.word(i + 2) != "to":
            return False
        return self.word(i + 3) == "you" or (
            self.word(i + 3) == "your" and self.word(i + 4) in _PAID_INTO
        )

    def _money_back(self, subject: Subject, verb: int, back: int) -> int | None:
        """The customer's money is said to be (gone) back to them, "back" at `back`.

        "The $40 difference has gone back to your Visa", "your £25 is back in your account",
        "the booking fee is back with you": a sum, a charge or an amount of this customer's,
        back to "you" or "your" something (not "your parcel has gone back to the depot").
        """
        if self.word(back) not in {"back", "returning"} or self.word(back + 1) not in BACK_TO:
            return None
        to = self.word(back + 2)
        to = "your" if yours(self.w, back + 2) else to  # "the Mastercard you booked with"
        if not (to in {"you", "your"} or is_payment_method(to)) or subject.generic:
            return None
        billed = not {"bill", "invoice", "statement"}.isdisjoint(self.w[back + 3 : back + 5])
        if billed and not subject.auth:
            return None  # "the fee is back on your bill": charged again, not given back
        if subject.kind != "np":
            return None
        start = subject.start
        if not (subject.det in SPECIFIC or subject.det[:1] in "$£€¥"):
            # "the booking fee": the subject's reading stops at "booking", an -ing form
            if self.word(start - 2) not in SPECIFIC:
                return None
            start -= 2
        said = self.w[start:verb]
        if (
            subject.charge
            or subject.auth
            or not SUMS_BACK.isdisjoint(said)
            or any(x[:1] in "$£€¥" and x[1:2].isdigit() for x in said)
        ):
            return start
        return None

    @staticmethod
    def _grant(start: int, trigger: int, end: int, to_come: bool) -> Shape:
        """The shape of an act granted: a commitment when it is to come, else done."""
        if to_come:
            return committed(start, trigger, end)
        return completed(start, trigger, end)

"""What the customer's record shows, or will not show: a grant read off the bill.

Round 112 of the corpus told grants from the customer's side, the agent's act left
implicit: what the customer's account, bill, statement, order or itinerary now shows ("your
account now shows a credit of £25", "the new itinerary shows a change fee of €0", "your bill
will show the spa package as complimentary"), and a charge the customer's bill will not
carry ("the standing charge won't appear on your next statement", "your final invoice won't
include the drop fee of €120", "the final bill will be without the cancellation fee").

A record's state is not by itself a grant: "your balance shows £0" is a balance paid,
"your bill shows a delivery fee of £5" a price. What makes it one is a grant in what it
shows: a credit (not a credit limit), something complimentary, free or at no charge, a
charge or cost at zero. And a charge that will not appear is a grant only when it is named
(the, that, an amount) and not merely delayed ("won't appear on your statement until
Monday"). Each rule reads a few tokens either side of its anchor, within its clause, so
it costs time linear in the sentence.
"""

from __future__ import annotations

import re

from ._authority import BE
from ._guarantees import Shape, committed, completed
from ._lexicon import CHARGE_NOUNS, COST_NOUNS, GENERIC_NOUNS, QUANTIFIERS, is_amount
from ._promise_bills import BillReader
from ._promise_folios import ZEROED

__all__ = [
    "BILL_PAPERS", "RECORD_ANCHORS", "GrantedRecordReader", "RecordReader", "may_match_record"
]  # fmt: skip

RECORDS = frozenset(
    {"account", "a/c", "bill", "invoice", "folio", "statement", "order", "itinerary",
     "booking", "reservation", "summary", "receipt", "schedule", "card", "history"}
)  # fmt: skip
"""What the customer's record is: where a grant is shown or a charge does not appear."""

SHOWING = frozenset(
    {"shows", "show", "showing", "reads", "lists", "listing", "displays", "displaying"}
)
"""What a record does with what is on it: "your account now shows a credit of £25"."""

_HOLDING = frozenset({"include", "carry", "have", "list", "contain", "show"})
"""What a bill will not do with a charge: "your invoice won't include the drop fee"."""

APPEARING = frozenset({"appear", "see", "without"}) | SHOWING | _HOLDING
"""The anchors of `RecordReader._not_on_record`."""

REVISED = frozenset({"revised", "corrected", "amended", "reissued", "redone", "through"})
"""What a bill is said to be, or come through, at nothing: "your invoice is revised to ₹0"."""

RECORD_ANCHORS = SHOWING | APPEARING | REVISED | {"anymore", "charge", "cost", "charged"}
"""The words the rules of this module anchor at."""

_GRANTED = frozenset({"complimentary", "free", "waived", "refunded", "comped", "credited"})
"""What a record shows a charge or thing as, to show a grant."""

_NOT_CREDIT = frozenset({"limit", "balance", "card", "score", "rating", "check", "note", "notes"})
"""After "credit": no credit given ("a credit limit of $500", "a credit card")."""

_OWN = frozenset({"payment", "payments", "deposit", "balance", "funds", "bond", "contribution",
                  "contributions", "donation", "donations", "prepayment"})  # fmt: skip
"""What is the customer's own money, not a charge: "your payment won't appear on ..."."""

_DELAYED = frozenset({"until", "till", "yet", "before"})
"""After a charge that won't appear: only delayed ("until Monday", "not yet")."""

BILL_PAPERS = frozenset({"bill", "invoice", "statement", "folio", "itinerary", "receipt"})
"""A record that holds charges, as the subject of "won't include the drop fee"."""

_NOT_SAID = frozenset(
    {"i", "we", "you", "if", "can", "could", "would", "might", "may", "should", "must"}
)
"""Between the record and "shows": another subject, a condition or a mood ("would show")."""

_ZERO = re.compile(r"\D*0+(?:[.,]0+)?")


def _zero(w: str) -> bool:
    """`w` is a sum of nothing: "$0.00", "€0,00", "zero", "nil"."""
    return w in {"zero", "nil"} or (is_amount(w) and _ZERO.fullmatch(w) is not None)


def may_match_record(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    near = words[max(0, i - 10) : i + 12]
    if w in SHOWING and not RECORDS.isdisjoint(near):
        return True
    if w in REVISED:
        return any(_zero(x) for x in words[i + 1 : i + 4])
    if w == "anymore":
        return "not" in words[max(0, i - 3) : i]
    if w in {"charge", "cost"}:
        return words[max(0, i - 3) : i].count("no") == 1 and words[i - 1 : i] != ["a"]
    if w == "charged":
        return words[i - 1 : i] == ["not"] and words[i - 2 : i - 1] in (["—"], [":"], ["–"])
    return w in APPEARING and "will" in words[max(0, i - 8) : i]


class RecordReader(BillReader):
    """The rules that read a grant off the customer's record, or a charge kept off it."""

    def _clause_words(self, i: int) -> tuple[int, int]:
        c = self.s.clause[i]
        return self.s.clause_start[c], self.s.clause_end(c)

    def _record_shows(self, i: int, w: str) -> Shape | None:
        """The customer's record at `i` ("shows", "reads") said to show a grant.

        "Your current account now shows a credit of £25", "the new itinerary shows a change
        fee of €0", "order #88213 shows shipping as $0.00", "at check-out your bill will
        show the spa package as complimentary", "the statement will show the £250 charge as
        zero". Not a balance at zero ("your balance shows £0"), a price ("shows a delivery
        fee of £5"), a credit limit, a plural's records ("invoices show ...").
        """
        if w not in SHOWING:
            return None
        start, end = self._clause_words(i)
        before = self.w[max(start, i - 10) : i]
        at = next((k for k in range(i - 1, max(start, i - 10) - 1, -1) if self.w[k] in RECORDS), -1)
        if at < 0 and w == "showing" and self._on_your_record(i + 1):
            return self._shown_on(i, start, end)  # "the second night is showing in your folio"
        if at < 0 or self.word(at - 1) in {"a", "an"} or not QUANTIFIERS.isdisjoint(before):
            return None
        numbered = self.word(at + 1) == "#" or self.word(at + 1)[:1].isdigit()  # "order #88213"
        whose = self.w[max(start, at - 5) : at]
        if {"your", "the", "this", "my"}.isdisjoint(whose) and not numbered:
            return None  # (not "invoices show the credit", nor "an account shows ...")
        if not _NOT_SAID.isdisjoint(self.w[at + 1 : i]):
            return None  # "your account shows ... when you ...": the record is the subject
        subject = self._subject(at + 1)
        if subject.generic and subject.det != "your":
            return None  # (not "customer accounts show ...", but "your customer account")
        charged = False
        last = min(end, i + 12)
        for k in range(i + 1, last):
            x = self.w[k]
            if x in COST_NOUNS and x not in _OWN:
                charged = True
            grant = x in _GRANTED or (x == "credit" and self.word(k + 1) not in _NOT_CREDIT)
            grant = grant or (x == "no" and self.word(k + 1) in {"charge", "cost", "extra"})
            grant = grant or (x == "offered" and self.word(k + 1) == "by")
            if (
                x == "credit"
                and self.word(k - 1) not in {"a", "an"}
                and not is_amount(self.word(k - 1))
            ):
                grant = grant and self.word(k - 1) in {"goodwill", "courtesy", "service"}
            if grant or (_zero(x) and (charged or subject.charge)):
                to_come = "will" in before
                begin = subject.start if subject.kind != "none" else at
                return committed(begin, i, k + 1) if to_come else completed(begin, i, k + 1)
        return None

    def _on_your_record(self, k: int) -> bool:
        """The customer's record at `k`: "in your folio", "on your final bill"."""
        if self.word(k) not in {"in", "on"} or self.word(k + 1) != "your":
            return False
        return self.word(k + 2) in RECORDS or self.word(k + 3) in RECORDS

    def _shown_on(self, i: int, start: int, end: int) -> Shape | None:
        """What shows on the customer's record, shown as given ("as offered by the hotel")."""
        subject = self._subject(i - 1 if self.word(i - 1) == "now" else i)
        if subject.kind not in {"np", "pronoun"} or subject.generic:
            return None
        for k in range(i + 3, min(end, i + 8)):
            x = self.w[k]
            if x == "as" and (
                self.word(k + 1) in _GRANTED or self.w[k + 1 : k + 3] == ["offered", "by"]
            ):
                return completed(subject.start, i, k + 2)
        return None

    def _not_on_record(self, i: int, w: str) -> Shape | None:
        """A named charge of the customer's that will not appear on their record.

        "The standing charge for those weeks won't appear on your next statement", "no
        damage charge will show on your invoice", "your final invoice won't include the drop
        fee of €120", "the final bill will be without the cancellation fee of 40 €", "you
        will never see another charge from us on that card": a no-charge commitment. Not a
        delay ("won't appear on your statement until Monday"), nor the customer's own
        payment, nor a charge not named ("fees won't appear on statements").
        """
        if w not in APPEARING:
            return None
        start, end = self._clause_words(i)
        k = i - 1
        while k > start and self.w[k] in {"up", "ever", "really"}:
            k -= 1
        if w == "without":
            if self.w[k - 1 : k + 1] != ["will", "be"]:
                return None
            will = k - 1
        elif self.w[k - 1 : k + 1] in (["will", "not"], ["will", "never"]):
            will = k - 1
        elif self.word(k) == "will" and w in {"appear", "show"}:
            will = k  # "no damage charge will show on your invoice"
        else:
            return None
        said = self.w[start:will]
        if will == k and "no" not in said:
            return None  # (not "the difference will appear on your card", a charge)
        if not QUANTIFIERS.isdisjoint(said) or "if" in said:
            return None
        after = self.w[i + 1 : min(end, i + 14)]
        if not _DELAYED.isdisjoint(self.w[i + 1 : i + 14]):
            return None  # (and "yet", which may end the clause: "... on your card yet")
        if w in {"appear", "show"} and "no" not in said and _named(said):
            # the charge is the subject: "... won't appear on your next statement"
            if self.word(i + 1) not in {"on", "in"} or RECORDS.isdisjoint(after[:5]):
                return None
            if not {"on", "in"}.isdisjoint(after[:1]) and _OWN.isdisjoint(said):
                return _no_charge(start, i, i + 2 + after.index(_first(after, RECORDS)))
            return None
        if w in {"appear", "show"} and "no" in said:
            named = said[said.index("no") + 1 :]
            if not CHARGE_NOUNS.isdisjoint(named) and _OWN.isdisjoint(named):
                if self.word(i + 1) in {"on", "in"} and not RECORDS.isdisjoint(after[:5]):
                    return _no_charge(start, i, i + 2 + after.index(_first(after, RECORDS)))
            return None
        if w == "see":
            if said[-1:] != ["you"] or self.word(i + 1) not in {"another", "any", "a"}:
                return None
            if not CHARGE_NOUNS.isdisjoint(self.w[i + 2 : i + 4]) and "from" in after[:5]:
                return _no_charge(start, i, i + 3)
            return None
        papers = not BILL_PAPERS.isdisjoint(said)
        if not papers or {"your", "the"}.isdisjoint(said) or w in {"appear", "see"}:
            return None  # the record is the subject: "your final invoice won't include ..."
        obj = after[:8]
        if obj[:1] not in (["the"], ["that"], ["this"], ["any"]) or not _named(obj):
            return None
        if not _OWN.isdisjoint(obj):
            return None  # (not "your statement won't show the payment")
        return _no_charge(start, i, i + 1 + len(obj))


def _named(words: list[str]) -> bool:
    """A charge named in `words`: a charge's noun or an amount ("the €150 ...")."""
    return any(x in CHARGE_NOUNS or is_amount(x) for x in words)


def _first(words: list[str], among: frozenset[str]) -> str:
    return next(x for x in words if x in among)


def _no_charge(start: int, trigger: int, end: int) -> Shape:
    return Shape("no-charge commitment", "no-charge", start, trigger, end)


class GrantedRecordReader(RecordReader):
    """The grants said of what the customer has or gets, their act left implicit."""

    def _zero_again(self, i: int, w: str) -> Shape | None:
        """A charge or bill of the customer's revised to nothing, at the verb (`i`).

        "Your subscription invoice for September is revised to ₹0", "your March invoice will
        come through at $0". Not a balance or total brought to nothing (perhaps paid off).
        """
        if w not in REVISED:
            return None
        j = i + 1
        if w == "through":
            if self.word(i - 1) not in {"come", "comes", "go", "goes"} or self.word(j) != "at":
                return None
        elif self.word(j) != "to":
            return None
        if not _zero(self.word(j + 1)):
            return None
        v = i - 1 if w == "through" else i
        while self.word(v - 1) in {"is", "was", "has", "have", "been", "be", "will", "got"}:
            v -= 1  # "has been corrected": the subject before its auxiliaries
        subject = self._subject(v)
        said = self.w[subject.start : v]
        if subject.generic or "your" not in said or ZEROED.isdisjoint(said):
            return None
        to_come = self.w[v:i].count("will") > 0
        start = subject.start
        return committed(start, i, j + 2) if to_come else completed(start, i, j + 2)

    def _not_anymore(self, i: int, w: str) -> Shape | None:
        """A named charge said to be no longer there, at "anymore".

        "The roaming charge of ₹2,340 is not there anymore in the bill", "the AED 300 annual
        fee is not anymore on your card account": the charge gone, as "not on your bill
        anymore" is. Not "the fee is not there anymore to pay online" with no record named.
        """
        if w != "anymore":
            return None
        k = i - 1 - (self.word(i - 1) == "there")
        if self.word(k) != "not" or self.word(k - 1) not in BE:
            return None
        if self.word(i + 1) in {"in", "on"} and self.word(i + 2) in {"your", "the"}:
            ends = next((x for x in range(i + 3, min(self.n, i + 6)) if self.w[x] in RECORDS), -1)
        else:
            ends = -1
        if ends < 0:
            return None
        subject = self._subject(k - 1)
        said = self.w[subject.start : k - 1]
        named = {subject.det, self.word(subject.start - 1)}  # "that overlimit charge"
        if subject.generic or named.isdisjoint({"the", "that", "this", "your"}):
            return None
        if not (_named(said) or subject.charge) or not _OWN.isdisjoint(said):
            return None  # ("the fee which was posted on 5th is not anymore ...": its head's)
        # (the kind of a no-charge commitment: its "not" is the grant, no negation of it)
        return Shape("completed authority action", "no-charge", subject.start, i, ends + 1)

    def _no_charge_for_yours(self, i: int, w: str) -> Shape | None:
        """What the customer has or gets, given at no charge, at "charge" or "cost".

        "Your training pack gets two extra sessions at no charge", "it'll go out with
        next-day delivery at no extra cost to you": the grant said of the customer's side,
        its act left out. Not everyone's ("members get two sessions at no charge"), nor a
        possibility ("you can get it at no extra cost").
        """
        if w not in {"charge", "cost"}:
            return None
        f = i - 2 - (self.word(i - 1) in {"extra", "additional"})
        if self.w[f : f + 2] != ["at", "no"] or self.word(i + 1) == "for":
            return None
        start, _ = self._clause_words(f)
        first = start
        while first < f and (not self.is_word(first) or self.w[first] in {"and", "so", "but"}):
            first += 1
        said = self.w[first:f]
        if not (_NOT_SAID - {"you", "i", "we"}).isdisjoint(said) or "if" in said:
            return None
        if not QUANTIFIERS.isdisjoint(said) or not GENERIC_NOUNS.isdisjoint(said):
            return None
        if "by" in said:
            return None  # "you'll be contacted by the courier at no cost to you": theirs
        to_you = self.w[i + 1 : i + 3] == ["to", "you"]
        gets = not {"gets", "get", "getting", "comes"}.isdisjoint(said)
        if not (to_you or (self.word(first) == "your" and gets)):
            return None
        end = i + 3 if to_you else i + 1
        return committed(first, i, end)

    def _listed_not_charged(self, i: int, w: str) -> Shape | None:
        """A charge named in a list's line, and "not charged" after its dash or colon.

        "Amendment fee (AUD 75) — not charged": the line's label names the charge. Not a
        label that is no charge ("Card: not charged yet" is no grant; nor "yet").
        """
        if w != "charged" or self.word(i - 1) != "not":
            return None
        mark = i - 2
        if self.word(mark) not in {"—", "–", ":"} or self.word(i + 1) in {"yet", "until"}:
            return None
        start, _ = self._clause_words(mark)
        line = self.w[max(0, mark - 8) : mark]
        if "." in line or not any(x in CHARGE_NOUNS and x not in _OWN for x in line):
            return None
        first = next((k for k in range(max(0, mark - 8), mark) if self.is_word(k)), mark)
        return Shape("no-charge commitment", "no-charge", first, i, i + 1)

"""What is taken off the customer's bill, said of the bill: "taken off your folio".

A charge need not be named as one to be taken off: "the third night has been taken off your
folio", "we've deducted the wellness surcharge from your invoice", "I've zapped it off your
tab", a table's "| Fuel charge (€78.00) | Removed from your invoice |". Whatever leaves the
customer's bill, invoice, folio or tab is something they no longer pay, and only authority
takes it off. So is what the bill is said no longer to hold ("your final folio no longer
includes the two nights of parking", "those charges are not on your room bill anymore").

Not what is no charge on the bill: a detail ("your old address has been removed from the
invoice"), nor the customer's own payment counted against it ("your deposit will be
deducted from your final bill"), nor what someone else or the customer removes ("you can
remove items from your bill").

A sum taken "off" the customer's next payment is taken off a bill too (round 161: "we'll
knock £10 off your next payment", "we take £15 off from your next instalment"): the next of
what they pay, named by "your next" and at most one word more ("your next membership
payment"); only "off" (a sum deducted "from" a payment may be taken from money paid to
them). "Off from" reads as "off". Round 219 said a charge "is off your final invoice
now", with no verb of taking (`BillReader._is_off`); dev round 239 that something of theirs
"comes off the final folio", in the present for what is to come (`BillReader._comes_off`).
`BillReader._off_the_bill` anchors at the bill's noun and reads at most 12 tokens before it,
in its clause, so it costs time linear in the sentence.
"""

from __future__ import annotations

from ._guarantees import Shape, committed, completed
from ._lexicon import CHARGE_NOUNS, SPECIFIC, is_amount
from ._promise_folios import BILL_DETAILS, BILL_NOUNS
from ._promise_scopes import ScopeReader

__all__ = ["BILL_ANCHORS", "BILL_NOUNS", "BillReader", "off_the_bill"]

"""What the customer is billed on, as where a charge is taken from."""

_WHICH = frozenset({"room", "final", "next", "hotel", "current", "latest", "upcoming", "updated"})
"""Between "your" and the bill: which of the customer's bills ("your final folio")."""

_MONTHLY = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"}
)  # fmt: skip
"""Between "your" and the bill, the month that names one bill (round 210: "off your May
bill", "from your June invoice"); only right after "your", a bill of the customer's."""

REMOVING = frozenset(
    {"take", "takes", "took", "taken", "taking", "remove", "removes", "removed", "removing",
     "deduct", "deducts", "deducted", "deducting", "subtract", "subtracted", "subtracting",
     "knock", "knocked", "knocking", "strike", "struck", "striking", "wipe", "wiped", "wiping",
     "zap", "zapped", "zapping", "delete", "deleted", "deleting", "scrub", "scrubbed", "drop",
     "dropped", "dropping", "strip", "stripped", "clear", "cleared"}
)  # fmt: skip
"""The forms of the verbs that take something off or from a bill."""

_BILLED_UNITS = frozenset(
    {"night", "nights", "day", "days", "week", "weeks", "month", "months", "stay", "session",
     "sessions", "lesson", "lessons", "visit", "visits", "ticket", "tickets"}
)  # fmt: skip
"""A unit of what the customer was billed for, which "comes off" the bill as a charge does."""

_TO_COME = frozenset({"will", "shall", "going", "gonna"})
_NOT_OURS = frozenset({"could", "might", "may", "would", "should", "must", "need", "needs"})
_BE = frozenset({"be", "been", "is", "are", "was", "were", "being", "get", "got", "gets"})
_ADVERBS = frozenset({"already", "just", "now", "also", "all", "entirely", "fully", "both"})
_TAKE = frozenset({"take", "takes", "took", "taken", "taking"})
_COUNTED = frozenset({"two", "three", "four", "five", "both", "all", "one"})
_AUXILIARIES = frozenset(
    {"have", "has", "had", "will", "shall", "am", "are", "is", "did", "going", "to", "gonna"}
)
_HOLDS = frozenset(
    {"include", "includes", "show", "shows", "list", "lists", "carry", "carries", "have",
     "has", "contain", "contains", "feature", "features"}
)  # fmt: skip
"""What a bill no longer does with a charge: "your folio no longer includes the parking"."""


_NEXT_CHARGES = frozenset(
    {"payment", "instalment", "installment", "renewal", "invoice", "premium", "debit"}
)
"""What the customer pays next, after "your next": "off your next payment"."""

BILL_ANCHORS = BILL_NOUNS | _NEXT_CHARGES
"""The words `off_the_bill` anchors at."""


def _off_next_charge(words: list[str], i: int) -> int:
    """Where "off" before "your next [one word] payment" at `i` stands, or -1."""
    if words[i] not in _NEXT_CHARGES or i < 3:
        return -1
    k = i - 1 - (words[i - 1] != "next")  # "your next membership payment"
    if k < 2 or words[k] != "next" or words[k - 1] != "your":
        return -1
    f = k - 2 - (words[k - 2] == "from" and words[k - 3 : k - 2] == ["off"])
    return f if words[f] == "off" else -1


def off_the_bill(words: list[str], i: int) -> int:
    """Where "off"/"from"/"on" before the customer's bill at `i` stands, or -1.

    "off your tab", "from your final folio", "from the invoice"; a tab only right after
    "your" or "the" (not "from the Settings tab").
    """
    if words[i] not in BILL_NOUNS:
        return _off_next_charge(words, i)
    k = i - 1
    if k > 0 and words[k] in _WHICH and words[i] != "tab":
        k -= 1
    elif k > 0 and words[k] in _MONTHLY and words[k - 1] == "your" and words[i] != "tab":
        k -= 1  # "off your May bill"
    if k < 1 or words[k] not in {"your", "the"}:
        return -1
    return k - 1 if words[k - 1] in {"off", "from", "on"} else -1


class BillReader(ScopeReader):
    """The rule that reads what is taken off the customer's bill, at the bill's noun."""

    def _off_the_bill(self, i: int, w: str) -> Shape | None:
        """A charge taken off the customer's bill, at the bill's noun (`i`).

        "The third night has been taken off your folio", "we have deducted the surcharge
        from your invoice", "I'll knock the parking off your bill", "| Removed from your
        invoice |"; "your folio no longer includes the parking", "those charges are not on
        your room bill anymore".
        """
        held = self._no_longer_holds(i)
        if held is not None:
            return held
        f = off_the_bill(self.w, i)
        if f < 0:
            return None
        if self.w[f] == "on":
            return self._not_on(f, i)
        start = self.s.clause_start[self.s.clause[i]]
        v = next((k for k in range(f - 1, max(start, f - 12) - 1, -1) if self.w[k] in REMOVING), -1)
        if v < 0:
            return self._is_off(f, i)
        if v < self.claimed or (self.w[f] == "from" and self.w[v] in _TAKE):
            return None  # read already, or "we took the payment from your statement"
        thing = [self.w[x] for x in range(v + 1, f) if self.is_word(x)]
        if not BILL_DETAILS.isdisjoint(thing) or len(thing) > 8:
            return None
        k = v - 1
        while k >= max(start, v - 4) and self.w[k] in _ADVERBS:
            k -= 1
        said = self.w[max(start, v - 12) : v]  # (a few words: linear in the sentence)
        if any(self._not_ours(x) for x in range(max(start, v - 12), v)):
            return None
        to_come = not _TO_COME.isdisjoint(said)
        if k >= start and self.w[k] in _BE:
            subject = self._subject(k)
            named = self.w[subject.start : k]
            if subject.kind in {"you", "first"} or not BILL_DETAILS.isdisjoint(named):
                return None  # "you've been removed from the invoice"
            if subject.kind == "none":
                return None
            begin, generic = subject.start, subject.generic
        else:
            while k >= max(start, v - 8) and self.w[k] in _AUXILIARIES:
                k -= 1  # "I've zapped", "we'll knock": the subject before its auxiliary
            subject = self._subject(k + 1)
            opens = v - start <= 6 and not any(self.is_word(x) for x in range(start, v))
            if subject.kind != "first" and not opens:
                return None  # "you can remove items from your bill", "the system took..."
            if self.w[v].endswith("ing") and not to_come and self.word(k) not in {"am", "are"}:
                return None
            begin = subject.start if subject.kind == "first" else v
            generic = self._object(v + 1).generic
        if to_come or self.w[v].endswith("ing"):
            return committed(begin, v, i + 1, generic=generic)
        return completed(begin, v, i + 1, generic=generic)

    def _is_off(self, f: int, i: int) -> Shape | None:
        """A charge said to be "off" the customer's bill, with no verb of taking it off.

        Round 219: "the diagnostic fee is off your final invoice now", "the £20 fee's now
        off your bill": a charge (named by its noun or a sum) that "is" off the bill is taken
        off. Not "the fee is off the bill for members" (everyone's: the subject generic),
        nor "is it off my bill?", "the fee isn't off your bill" (the detector's scopes).
        """
        if self.w[f] != "off" or f < self.claimed:
            return None  # (or read already: "the surcharge is off" at its "off")
        k = f - 1 - (self.word(f - 1) in {"now", "already", "completely", "fully"})
        will = self.word(k) == "come" and self.word(k - 1) in {"will", "'ll", "shall"}
        if self.word(k) == "comes" or will:
            return self._comes_off(k - will, k, i)
        if self.word(k) not in _BE:
            return None
        subject = self._subject(k)
        named = self.w[subject.start : k]
        charge = subject.charge or any(x in CHARGE_NOUNS or is_amount(x) for x in named)
        if subject.generic or subject.kind != "np" or not charge:
            return None
        return completed(subject.start, k, f + 1)

    def _comes_off(self, v: int, k: int, i: int) -> Shape | None:
        """Something of the customer's that "comes off" their bill (at `i`), its verb at `k`.

        Dev round 239: "your second night comes off the final folio at check-out", "the
        parking will come off your bill": what leaves the bill is taken off it, as "is off"
        says, in the present for what is to come: a charge by its noun, or a unit of what the
        customer was billed for (`_BILLED_UNITS`: "your second night"); not the customer's
        own payment counted against it ("your deposit"), nor everyone's, nor a figure's
        gap ("the price gap"). `v` is where the subject is read from ("will" or the verb).
        """
        subject = self._subject(v)
        named = self.w[subject.start : v]
        if subject.generic or subject.kind != "np" or not BILL_DETAILS.isdisjoint(named):
            return None
        head = named[-1] if named else ""
        if subject.det not in SPECIFIC or not (head in CHARGE_NOUNS or head in _BILLED_UNITS):
            return None  # (not "the price gap will come off your next invoice")
        return committed(subject.start, k, i + 1)

    def _not_ours(self, k: int) -> bool:
        """A modal at `k` makes the removal someone else's or a possibility.

        Not "May" the month, read so by the scopes ("the nights of 12 May have been removed").
        """
        if self.w[k] == "may" and self.s.hedge[k] < 0 and self.s.hedge[k + 1] < 0:
            return False
        return self.w[k] in _NOT_OURS

    def _no_longer_holds(self, i: int) -> Shape | None:
        """The customer's bill at `i` said no longer to hold something ("no longer includes")."""
        if self.word(i + 1) != "no" or self.word(i + 2) != "longer":
            return None
        if self.word(i + 3) not in _HOLDS:
            return None
        subject = self._subject(i + 1)
        if "your" not in self.w[subject.start : i + 1] or subject.generic:
            return None
        obj = self._object(i + 4)
        first = self.word(i + 4)
        said = first in SPECIFIC or first in _COUNTED or first[:1].isdigit() or is_amount(first)
        if not BILL_DETAILS.isdisjoint(obj.words) or not said or obj.generic:
            return None  # (not "your bill no longer includes paper statements", a service)
        return completed(subject.start, i, obj.end)

    def _not_on(self, f: int, i: int) -> Shape | None:
        """A charge said not to be on the customer's bill any more: "not on your bill anymore"."""
        after = self.w[i + 1 : i + 3]
        if not (after[:1] == ["anymore"] or after in (["any", "more"], ["any", "longer"])):
            return None
        if self.word(f - 1) != "not" or self.word(f - 2) not in _BE:
            return None
        subject = self._subject(f - 2)
        named = self.w[subject.start : f - 2]
        if subject.generic or not (
            subject.charge or any(x in CHARGE_NOUNS or is_amount(x) for x in named)
        ):
            return None
        return completed(subject.start, f - 2, i + 2 if after[:1] == ["anymore"] else i + 3)

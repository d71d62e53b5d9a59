"""A price of the customer's said lowered or held, its act left out: "billed at half price".

Round 117 of the corpus gave discounts by saying what the customer's charge will be: "your
renewal will be at 40% off", "your membership for April and May will be charged at half
price", "this rental will be billed at 3 days instead of 4", "your Pro plan stays at the old
$19/mo for the next 12 months", "your next bill will come to zero for line rental". A price
lowered below what it was, or held where it was against a rise, for this customer, is a
discount only authority gives.

The subject is the customer's charge or what they pay for ("your renewal", "this rental",
"your membership"; not everyone's: "new members' first month is half price"). The price is
lowered by "X% off" or "half price", by a figure "instead of" a larger one (not a larger
one: "$29 instead of $19" is a rise), held at "the old" or "the original" price (not "the
same price": nothing may have changed), or brought to nothing ("come to zero"). Round 153
held a price by honouring what the customer was charged at a price: "the sea-view supplement
has been honoured at the price shown in your quote", "your fare is honoured at £120" (done,
"has been" or "is"; a price or a sum after "at", not a time: "honoured at check-in"). Round
206 named the old price in the subject and said it stays for a time added on: "your old rate
of £18 a month stays in place for another twelve months", "your original price will remain
unchanged for a further year" (`_kept_for`: kept "in place", "unchanged", "the same", then
"for" a period with "another", "further", "more", "next" or a figure; not "your old rate
stays in place until your renewal", which only says when the new one starts). Round 236 held
a price at its sum where the reply tells of a rise for everyone else: "our Commuter plan goes
up to $45 on July 1 ... your rate stays at $39 a month" (`_RISE`: "goes up", "increases",
"rising" anywhere in the reply; the sum right after "stays at" or "remains at"; not "your plan
stays at $19" with no rise told, which may only say nothing changes). Each rule
reads a few tokens back from its anchor.
"""

from __future__ import annotations

import re

from ._authority import SPECIFIC, Subject
from ._guarantees import Shape, committed
from ._lexicon import (
    AUX,
    DATED_PERIODS,
    GENERIC_NOUNS,
    HELD_PRICES,
    QUANTIFIERS,
    is_amount,
    is_zero,
)
from ._promise_free_things import FreeThingReader

__all__ = ["PRICED", "PriceReader", "may_price"]

PRICED = frozenset({"off", "half", "half-price", "instead", "stays", "stay", "remains",
                    "remain", "come", "comes", "pay", "paying", "honoured", "honored"})  # fmt: skip
"""The words the rules of this module anchor at."""

_BILLED = frozenset({"be", "charged", "billed", "renewed", "invoiced", "priced", "at"})
"""Between "will" and the price: "will be charged at", "will be billed at", "will be at"."""

_RISE = re.compile(r"\b(?:goes|going|go) up\b|\bincreas(?:e|es|ing)\b|\bris(?:e|es|ing)\b", re.I)
"""A rise told in the reply, against which a price held at its sum is a favour (round 236)."""

_HELD = frozenset({"old", "original", "previous"})
"""What a price stays at, held against a newer one: "stays at the old $19/mo" (not "the same
price", "the current rate", which may say only that nothing changes)."""

_KEPT = (("in", "place"), ("unchanged",), ("the", "same"), ("intact",), ("as", "it", "is"))
"""After "stays" or "remains" with the old price as subject: the price as it was."""

_ADDED_ON = frozenset({"another", "further", "extra", "additional", "more", "next"})
"""In "for another twelve months": the time is added on to what the old price had left."""

_UNITS = frozenset({"days", "nights", "weeks", "months", "hours", "day", "night", "week",
                    "month", "hour", "seats", "seat", "licences", "licenses", "users"})  # fmt: skip
"""What a figure before "instead of" may count: "3 days instead of 4"."""

_NUMBER = re.compile(r"[^\d]*(\d[\d,]*(?:\.\d+)?)")


def _number(word: str) -> float | None:
    """The number `word` writes ("₹7,200", "3", "$19.99"), or None."""
    found = _NUMBER.fullmatch(word)
    return float(found.group(1).replace(",", "")) if found else None


_HONOURED = frozenset({"honoured", "honored"})

_PRICE_NOUNS = frozenset({"price", "prices", "rate", "rates", "fare", "quote", "tariff"})
"""After "honoured at": what names a price ("at the price shown", "at the quoted rate")."""


def _honoured_price(words: list[str], k: int) -> int:
    """Where a price after "honoured at" (from `k`) ends, or -1: "the original price", "£90"."""
    if k < len(words) and is_amount(words[k]):
        return k + 1
    end = min(len(words), k + 4)
    return next((j + 1 for j in range(k, end) if words[j] in _PRICE_NOUNS), -1)


def _kept_for(words: list[str], j: int) -> int:
    """Where "in place for another twelve months" (from `j`) ends, or -1 (`_KEPT`, `_ADDED_ON`).

    The price as it was, if said, then "for", at most three words of which one adds time on
    (or is a figure), and a period: "for another twelve months", "for 12 more months", "for
    a further year".
    """
    for kept in _KEPT:
        if tuple(words[j : j + len(kept)]) == kept:
            j += len(kept)
            break
    if j >= len(words) or words[j] != "for":
        return -1
    said = words[j + 1 : j + 5]
    period = next((k for k, x in enumerate(said) if x in DATED_PERIODS), -1)
    if period < 1:
        return -1
    added = any(x in _ADDED_ON or x[:1].isdigit() for x in said[:period])
    return j + 2 + period if added else -1


def _old_price_named(words: list[str], i: int) -> bool:
    """Among the eight words before `i`: "old", "original" or "previous", then a price."""
    before = words[max(0, i - 8) : i]
    held = next((k for k, x in enumerate(before) if x in _HELD), -1)
    return held >= 0 and not HELD_PRICES.isdisjoint(before[held + 1 : held + 3])


def may_price(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w, before = words[i], words[max(0, i - 8) : i]
    if w == "off":
        return words[i - 1 : i] != [] and words[i - 1][-1:] == "%" and "will" in before
    if w in {"half", "half-price"}:
        return "will" in before or "is" in before or "are" in before
    if w == "instead":
        return words[i + 1 : i + 2] == ["of"] and ("will" in before or "be" in before)
    if w in {"come", "comes"}:
        return words[i + 1 : i + 2] == ["to"] and i + 2 < len(words) and is_zero(words[i + 2])
    if w in _HONOURED:
        return words[i + 1 : i + 2] == ["at"] and _honoured_price(words, i + 2) > 0
    if w in {"pay", "paying"}:
        return not _HELD.isdisjoint(words[i + 1 : i + 3]) and "will" in words[i - 3 : i]
    if _old_price_named(words, i) and _kept_for(words, i + 1) > 0:
        return True  # "your old rate stays in place for another twelve months"
    if words[i + 1 : i + 2] == ["at"] and i + 2 < len(words) and is_amount(words[i + 2]):
        return True  # "your rate stays at $39" (a rise told elsewhere: `PriceReader._price_held`)
    return words[i + 1 : i + 2] == ["at"] and not _HELD.isdisjoint(words[i + 2 : i + 4])


class PriceReader(FreeThingReader):
    """The rules that read a price of the customer's lowered or held."""

    def _price_cut(self, i: int, w: str) -> Shape | None:
        """A price of the customer's lowered, at "off", "half" or "instead".

        "Your renewal will be at 40% off", "your membership will be charged at half price",
        "this rental will be billed at 3 days instead of 4".
        """
        if w == "off":
            if self.word(i - 1)[-1:] != "%":
                return None
            k, end = i - 2, i + 1
        elif w in {"half", "half-price"}:
            nxt = self.word(i + 1)
            priced = nxt in {"price", "rate"} or self.w[i + 1 : i + 3] == ["the", "price"]
            if w == "half" and not priced:
                return None
            k, end = i - 1, i + 1 + (w == "half") + (nxt == "the")
        elif w == "instead":
            unit = self.word(i - 1) in _UNITS  # "billed at 3 days instead of 4"
            now, was = _number(self.word(i - 1 - unit)), _number(self.word(i + 2))
            if self.word(i + 1) != "of" or now is None or was is None or not now < was:
                return None
            k, end = i - 2 - unit, i + 3
        else:
            return None
        while k > 0 and self.w[k] in _BILLED | {"a", "an"} and self.w[k] != "will":
            k -= 1
        if self.word(k) != "will" or self.word(k + 1) != "be":
            return None
        subject = self._subject(k)
        return committed(subject.start, i, end) if self._payers(subject, k) else None

    def _price_held(self, i: int, w: str) -> Shape | None:
        """A price of the customer's held at the old one, at "stays" or "remains".

        "Your Pro plan stays at the old $19/mo for the next 12 months", "your rate will stay
        at the original price". Not "your plan stays at $19", nor "at the same price" (no
        price held against a rise).
        """
        if w in {"pay", "paying"}:
            return self._pay_old(i)
        if w in _HONOURED:
            return self._honoured_at(i)
        if w not in {"stays", "stay", "remains", "remain"}:
            return None
        if self.word(i + 1) != "at":
            return self._old_kept(i, w)
        k = i + 2 + (self.word(i + 2) in {"the", "your"})
        held_sum = k == i + 2 and is_amount(self.word(k)) and _RISE.search(self.text) is not None
        if self.word(k) not in _HELD and not held_sum:
            return None
        v = i - (self.word(i - 1) == "will")
        if w in {"stay", "remain"} and v == i:
            return None
        subject = self._subject(v)
        if not self._payers(subject, v):
            return None
        end = k + 1 + (is_amount(self.word(k + 1)) or self.word(k + 1) in {"price", "rate"})
        return committed(subject.start, i, end)

    def _old_kept(self, i: int, w: str) -> Shape | None:
        """The old price, the subject, kept for a time added on, at "stays" or "remains".

        "Your old rate of £18 a month stays in place for another twelve months", "your
        original price will remain unchanged for a further year" (`_kept_for`); the
        subject "your" or "the" and the old price (`_HELD`), read from there to the verb past
        a verb that opens the sentence ("That means your old rate ... stays").
        """
        end = _kept_for(self.w, i + 1)
        v = i - (self.word(i - 1) == "will")
        if end < 0 or (w in {"stay", "remain"} and v == i):
            return None
        held = next((k for k in range(v - 1, max(-1, v - 9), -1) if self.w[k] in _HELD), -1)
        if held < 1 or self.w[held - 1] not in {"your", "the"}:
            return None
        said = self.w[held + 1 : v]
        if HELD_PRICES.isdisjoint(said[:2]) or not all(map(self.is_word, range(held + 1, v))):
            return None
        if any(x in AUX or x in GENERIC_NOUNS or x in QUANTIFIERS for x in said):
            return None  # "the old rates all members pay stay ...": everyone's
        return committed(held - 1, i, end)

    def _honoured_at(self, i: int) -> Shape | None:
        """A thing of the customer's honoured at a price, at "honoured": a price held."""
        end = _honoured_price(self.w, i + 2) if self.word(i + 1) == "at" else -1
        if end < 0 or not all(self.is_word(k) for k in range(i, end)):
            return None
        been = self.word(i - 1) == "been"
        v = i - 1 - been
        if self.word(v) not in ({"has", "have"} if been else {"is", "are"}):
            return None  # "has been honoured at", "is honoured at"
        subject = self._subject(v)
        if subject.kind != "np" or subject.generic or self.word(subject.start) not in SPECIFIC:
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        return Shape("completed authority action", "completed", subject.start, i, end)

    def _pay_old(self, i: int) -> Shape | None:
        """The customer will pay the old price, at "pay": a price held.

        "For the rest of your contract you will pay the old tariff", "you'll keep paying the
        original rate": "you", "will" (and "keep", "continue"), then the old price (not "you
        will pay the new tariff", nor "you paid the old price").
        """
        v = i - 1 - (self.word(i - 1) in {"keep", "continue", "still"})
        if self.word(v) != "will" or self._subject(v).kind != "you":
            return None
        k = i + 1 + (self.word(i + 1) in {"the", "your"})
        if self.word(k) not in _HELD or not self.is_word(k + 1):
            return None
        return committed(self._subject(v).start, i, k + 2)

    def _come_to_nothing(self, i: int, w: str) -> Shape | None:
        """A bill of the customer's said to come to nothing: "your next bill will come to zero"."""
        if w not in {"come", "comes"} or self.word(i + 1) != "to" or not is_zero(self.word(i + 2)):
            return None
        v = i - (self.word(i - 1) == "will")
        if w == "come" and v == i:
            return None
        subject = self._subject(v)
        if not self._payers(subject, v):
            return None
        return committed(subject.start, i, i + 3)

    def _payers(self, subject: Subject, v: int) -> bool:
        """`subject` (before `v`) is this customer's charge or what they pay for."""
        if self._one_named(subject, v) is None:
            return False
        return subject.det in SPECIFIC - {"a", "an"} or subject.dated

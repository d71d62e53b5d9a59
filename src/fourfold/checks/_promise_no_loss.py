"""A loss of the customer's said not to come: "your premium cannot go up mid-term".

Round 139 of the corpus made outcomes certain by telling the customer what cannot befall
them, with no "guarantee" or "definitely" beside it:

- a price of theirs that cannot or will not rise: "your premium cannot go up mid-term, even
  if you make a claim", "it won't increase" after "your premium" (not "your premium may
  not go up", hedged; not "premiums can't go up mid-contract", said of everyone; not "your
  premium won't go down"); round 153 added a price that will never pass a limit ("your bill
  will never go above €20 a month", "it cannot exceed the cap"), a rise by another name
  (`_cannot_rise`);
- a charge of theirs that will disappear from their account: "the second debit of €87,40
  will disappear from your account by tomorrow", a reversal promised (not a pending hold or
  an authorisation, which the bank drops by itself) (`_gone_from_account`);
- money of theirs they will not lose: "you don't lose this money", "you won't lose a penny"
  (not "so you don't lose the deposit", "make sure you don't lose the money": advice, the
  customer's own care); and, from round 153, a place or booking of theirs they will not lose
  whatever happens: "you won't lose your seat, no matter what", "you won't lose it whatever
  happens with the other bookings" (the "whatever" or "no matter" is the guarantee; not "you
  won't lose your seat if you rebook", conditional; not "you won't lose your seat" alone,
  which may only state how the booking works) (`_no_loss`).

Each rule reads a few tokens around its anchor; a "not" in the shape is the promise, so
these shapes take the no-charge scopes (`_promises._reason`).
"""

from __future__ import annotations

from ._authority import AUX
from ._guarantees import Shape, committed
from ._lexicon import CHARGE_NOUNS, INTENSIFIERS, is_amount
from ._promise_undertakings import UndertakingReader

__all__ = ["NO_LOSS", "NoLossReader", "may_lose_nothing"]

_PRICES = frozenset(
    {"premium", "premiums", "price", "rate", "bill", "tariff", "fee", "subscription", "plan",
     "rent", "payment", "payments", "instalment", "instalments", "installment", "installments",
     "cost", "excess", "renewal"}
)  # fmt: skip
"""What of the customer's may rise: "your premium", "your monthly rate"."""

_RISING = frozenset({"rise", "increase", "up", "exceed", "above", "over", "beyond"})

_AFTER_GO = frozenset({"up", "above", "over", "beyond"})
"""What follows "go" in a rise: "go up", "go above £20", "go over the cap"."""

_GONE = frozenset({"disappear", "vanish"})

_ACCOUNTS = frozenset({"account", "statement", "card", "bill", "balance"})

_HOLDS = frozenset(
    {"hold", "holds", "authorisation", "authorization", "pre-authorisation", "pending",
     "pre-authorization", "preauthorisation", "preauthorization", "temporary"}
)  # fmt: skip
"""What the bank drops by itself: "the pending hold will disappear from your account"."""

_MONEY = frozenset({"money", "penny", "cent", "cents", "pennies", "amount", "sum", "funds"})

_HELD = frozenset(
    {"it", "them", "place", "spot", "seat", "space", "slot", "booking", "reservation",
     "table", "room", "cabin", "berth", "appointment", "position", "pitch", "ticket"}
)  # fmt: skip
"""A place held for the customer, lost only if something befalls it: "your seat", "it"."""

_WHATEVER = frozenset({"whatever", "whatsoever", "matter"})
"""After a loss ruled out: "whatever happens", "no matter what", the guarantee itself."""

_ADVISING = frozenset({"so", "sure", "ensure", "that", "to", "help", "careful"})
"""Before "you don't lose": advice ("so you don't lose the deposit"), not an assurance."""

NO_LOSS = _RISING | _GONE | {"lose"}
"""The words the rules of this module anchor at."""


def may_lose_nothing(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    if w in _RISING:
        v = i - (w in _AFTER_GO)
        return words[v - 2 : v] in (["can", "not"], ["will", "not"], ["will", "never"])
    if w in _GONE:
        return "will" in words[max(0, i - 2) : i]
    return words[max(0, i - 3) : i] in (["you", "do", "not"], ["you", "will", "not"])


class NoLossReader(UndertakingReader):
    """The rules that read a loss of the customer's said not to come."""

    def _no_loss_rule(self, i: int, w: str) -> Shape | None:
        """Any rule of this module that matches at `i`."""
        if w in _RISING:
            return self._cannot_rise(i, w)
        if w in _GONE:
            return self._gone_from_account(i)
        if w == "lose":
            return self._no_loss(i)
        return None

    def _cannot_rise(self, i: int, w: str) -> Shape | None:
        """A price of the customer's that cannot rise, at "up", "rise" or "increase"."""
        v = i - (w in _AFTER_GO)
        if w in _AFTER_GO and self.word(v) != "go":
            return None
        if self.w[max(0, v - 2) : v] not in (["can", "not"], ["will", "not"], ["will", "never"]):
            return None
        subject = self._subject(v - 2)
        said = self.w[subject.start : v - 2]
        if subject.generic or ("your" not in said and said != ["it"]):
            return None
        if said == ["it"]:  # "it" after "your premium" in the sentence
            before = self.w[max(0, subject.start - 14) : subject.start]
            said = before[before.index("your") :] if "your" in before else []
        if _PRICES.isdisjoint(said):
            return None
        return Shape("certain outcome", "no-charge", subject.start, v, i + 1)

    def _gone_from_account(self, i: int) -> Shape | None:
        """A charge of the customer's that will disappear from their account."""
        k = i - 1
        k -= self.word(k) in INTENSIFIERS
        if self.word(k) != "will":
            return None
        j = i + 1
        if self.word(j) not in {"from", "off"} or self.word(j + 1) != "your":
            return None
        if self.word(j + 2) not in _ACCOUNTS:
            return None
        subject = self._subject(k)
        said = self.w[subject.start : k]
        if subject.generic or CHARGE_NOUNS.isdisjoint(said) or not _HOLDS.isdisjoint(said):
            return None
        return committed(subject.start, i, j + 3)

    def _no_loss(self, i: int) -> Shape | None:
        """Money of the customer's they will not lose, at "lose"."""
        start = i - 3
        if self.word(start) != "you" or self.word(start - 1) in _ADVISING:
            return None
        if self.word(start - 1) in AUX:
            return None  # "do you not lose ...", a question's order
        k = i + 1 + (self.word(i + 1) in {"this", "the", "that", "any", "a", "your"})
        k += self.word(k) in {"single", "extra"}
        if self.word(k) in _HELD and not _WHATEVER.isdisjoint(self.w[k + 1 : k + 4]):
            return Shape("certain outcome", "no-charge", start, i, k + 1)
        if self.word(k) not in _MONEY and not is_amount(self.word(k)):
            return None
        return Shape("certain outcome", "no-charge", start, i, k + 1)

"""Money said to be on its way to the customer: "the $26 difference is heading back to you".

Round 117 of the corpus told money given back by where it is going or will be, with no one
named as sending it: "the $26 difference is already heading back to your Mastercard", "a
€300 travel voucher is coming to your inbox tomorrow", "all the money from this order is
going back to your card", "the extra £46 you paid in April and May will be in your bank by
Friday", "the extra ₹1,860 you paid will be set off against your next bill", and what the
customer will receive, a sum ("you will receive US$150 for the essentials").

What moves must be money or a grant (an amount, "the money", "the difference", a refund, a
voucher), found by reading back from the verb over at most twelve tokens: the money, then at
most a phrase after a preposition ("from this order") or a clause of what the customer paid
("you paid in April and May"), then the verb. Money that "will be in your bank" must be
marked as the customer's own coming back (an overpayment: "extra", "the difference", what
"you paid"; or "back"), since a sum alone may be a loan or a salary. Where it goes is the
customer's (their card, account, bank, wallet, inbox), not ours. Each rule reads a few
tokens either side of its verb.
"""

from __future__ import annotations

from ._authority import AUX, BE_NOW, FIRST, VERBS
from ._guarantees import Shape, committed
from ._lexicon import AUTH_NOUNS, CHARGE_NOUNS, DATED_DAYS, PREPOSITIONS, SKIPPABLE, is_amount
from ._money import is_payment_method
from ._promise_payouts import PayoutReader

__all__ = ["ARRIVING", "ArrivalReader", "may_arrive"]

ARRIVING = frozenset({"heading", "headed", "coming", "going", "be", "receive", "get"})
"""The words the rules of this module anchor at."""

_HEADING = frozenset({"heading", "headed", "coming", "going"})

_DESTINATIONS = frozenset(
    {"account", "bank", "card", "wallet", "e-wallet", "inbox", "email", "e-mail", "paypal",
     "visa", "mastercard", "amex", "iban", "balance", "mailbox"}
)  # fmt: skip
"""Where money or a voucher reaches the customer."""

_MONEY = frozenset(
    {"money", "difference", "overpayment", "excess", "overcharge", "funds", "sum", "amount"}
)
"""The customer's money, named without an amount."""

_OVERPAID = frozenset({"extra", "difference", "overpayment", "overpaid", "excess", "overcharge"})
"""What marks money as the customer's own coming back: "the extra £46"."""

_AGAINST = frozenset({"set", "adjusted", "offset", "credited"})
"""What money "will be ... against your next bill" is: "set off", "adjusted", "offset"."""

_OPENING = frozenset({"the", "your", "extra", "all", "a", "an", "full", "this", "that"})
"""What opens the money's noun phrase before its head: "all the money", "the extra £46"."""

_PAID = frozenset({"paid", "overpaid", "were", "was"})
"""After "you" in a clause that says what the customer paid: "the £46 you paid"."""

_NOT_SUMS = CHARGE_NOUNS | {"bill", "invoice", "fine", "price", "deposit", "loan"}
"""After a sum received: what is to pay, not money given ("you'll receive a $150 bill")."""


def may_arrive(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w, nxt = words[i], words[i + 1] if i + 1 < len(words) else ""
    if w in _HEADING:
        return nxt in {"back", "to", "into", "onto"}
    if w == "be":
        return words[i - 1 : i] == ["will"] and nxt in {"back", "in", "into"} | _AGAINST
    after = words[i + 2] if i + 2 < len(words) else ""
    return words[i - 1 : i] in (["will"], ["'ll"]) and (is_amount(nxt) or is_amount(after))


class ArrivalReader(PayoutReader):
    """The rules that read money said to be on its way to the customer."""

    def _arriving(self, i: int, w: str) -> Shape | None:
        """Money or a grant on its way to the customer's account, at "heading", "coming"...

        "The $26 difference is already heading back to your Mastercard", "a €300 voucher is
        coming to your inbox", "all the money from this order is going back to your card".
        """
        if w not in _HEADING:
            return None
        v = i - 1
        while self.word(v) in SKIPPABLE and v > i - 3:
            v -= 1
        if self.word(v) not in BE_NOW:
            return None
        end = self._yours(i + 1 + (self.word(i + 1) == "back"))
        start = self._money_before(v, grant=True)
        return committed(start, i, end) if end > 0 and start >= 0 else None

    def _will_be_back(self, i: int, w: str) -> Shape | None:
        """The customer's overpaid money that "will be in your bank", at "be".

        "The extra £46 you paid will be in your bank by Friday", "the difference will be back
        in your account" (or "back on your card"), "the extra ₹1,860 you paid will be set off
        against your next bill".
        """
        if w != "be" or self.word(i - 1) != "will":
            return None
        j = i + 1 + (self.word(i + 1) == "back")
        if self.word(j) in _AGAINST:
            j += self.word(j + 1) == "off"
            if self.w[j + 1 : j + 3] != ["against", "your"]:
                return None
            end = next((x + 1 for x in range(j + 3, min(self.n, j + 6)) if self.w[x] in
                        {"bill", "invoice", "statement"}), -1)  # fmt: skip
        elif self.word(j) in {"in", "into"} or (j > i + 1 and self.word(j) in {"on", "onto"}):
            end = self._yours(j)  # "back in your account", "back on your card"
        else:
            return None
        start = self._money_before(i - 1, grant=False)
        if end < 0 or start < 0:
            return None
        said = self.w[start:i]
        if _OVERPAID.isdisjoint(said) and self.word(i + 1) != "back" and "you" not in said:
            return None  # (a sum alone may be a loan: "your £500 will be in your account")
        return committed(start, i, end)

    def _receive_sum(self, i: int, w: str) -> Shape | None:
        """A sum the customer will receive, at "receive" or "get": "you will receive US$150"."""
        if w not in {"receive", "get"} or self.word(i - 1) not in {"will", "'ll"}:
            return None
        k = i + 1 + self._currency(i + 1)  # "US$150": the currency's letters, then the sum
        if self.word(i - 2) != "you" or not is_amount(self.word(k)):
            return None
        if self.word(k + 1) in _NOT_SUMS or self.word(k + 1) in {"from", "if", "when"}:
            return None  # "you'll receive $150 bill", "you'll get $150 from the seller"
        return committed(i - 2, i, k + 1)

    def _currency(self, k: int) -> bool:
        """Token `k` is a currency's letters written onto the amount after it ("US$150")."""
        t = self.s.tokens
        return k + 1 < self.n and len(self.w[k]) <= 3 and t[k].end == t[k + 1].start

    def _yours(self, k: int) -> int:
        """One past the customer's account or inbox named at `k` ("to your Mastercard"), or -1."""
        if self.word(k) not in {"to", "into", "onto", "in", "on"}:
            return -1
        if is_payment_method(self.word(k + 1)):
            return k + 2
        if self.word(k + 1) != "your":
            return -1
        for x in range(k + 2, min(self.n, k + 5)):
            if self.w[x] in _DESTINATIONS:
                return x + 1
            if not self.is_word(x):
                return -1
        return -1

    def _money_before(self, v: int, *, grant: bool) -> int:
        """Where the money whose verb is at `v` starts, reading back at most twelve tokens.

        The money (an amount, "the money", "the difference"; with `grant`, a refund or a
        voucher too), then at most a phrase after a preposition or what the customer paid
        ("you paid in April and May"), then `v`. -1 when there is none, or when a verb, a
        pronoun or a mark stands between.
        """
        for k in range(v - 1, max(-1, v - 13), -1):
            x = self.w[k]
            if is_amount(x) or x in _MONEY or (grant and x in AUTH_NOUNS):
                return self._opened(k)
            if x == "you" and self.word(k + 1) in _PAID:
                continue  # "the £46 | you paid in April and May", "you were charged"
            if not self.is_word(k) or x in FIRST or x in {"it", "they", "that", "which"}:
                return -1
            if x == "may" and self.word(k - 1) in DATED_DAYS | {"and", "in"}:
                continue  # "in April and May": a month
            if x in AUX and not (x in {"were", "was"} and self.word(k - 1) == "you"):
                return -1
            form = VERBS.get(x, ("", ""))[1]
            adjective = self.word(k - 1) in _OPENING  # "the cancelled tickets"
            if form in {"past", "ing"} and not adjective and "you" not in self.w[k - 2 : k]:
                return -1  # (not "you paid", "you were charged": what the customer paid)
            if x in PREPOSITIONS and x not in {"from", "for", "on", "in", "of", "and"}:
                return -1
        return -1

    def _opened(self, k: int) -> int:
        """The start of the noun phrase whose head, money, is at `k`.

        Its determiners and amounts ("all the", "the extra £46", "a €300 travel voucher").
        """
        first = k
        while first > max(0, k - 4) and (
            self.w[first - 1] in _OPENING
            or is_amount(self.w[first - 1])
            or (first > 1 and is_amount(self.w[first - 2]) and self.is_word(first - 1))
        ):
            first -= 1
        return first

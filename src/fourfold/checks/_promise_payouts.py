"""A sum said paid to the customer's account: "NZ$3,260 paid to account ending 09".

Round 117 of the corpus reported money sent to the customer the way a bank or a case log
does, by the sum, its participle and where it went, with no one named as sending it: "A$1,640
has been paid into your nominated account today", "- €250 compensation paid to passenger's
IBAN", "AU$7.00 added to your QuickBite wallet", a table's "| Amount back to you | £89.99,
sent to original card |", a list's "February overcharge: returned to card ✔", and with an
arrow, "Your payment: ₩32,000 → back to your KakaoPay within 24h". Money that reaches the
customer's account unasked is money given back or paid out: only authority sends it.

The sum is an amount (or an amount and what it is: "€250 compensation") just before the
participle, or before a bracket's aside ("A$1,640 (the repair less your excess) has been
paid"), or a list's label that names a charge ("February overcharge:"); where it went is the
customer's account, card, bank, wallet or IBAN ("your nominated account", "passenger's IBAN",
"original card", "account ending 09"), not ours, the merchant's or a bill ("£50 added to your
bill" is a charge). Not what the customer paid ("you paid £40 into our account", "the £40
you paid to the hotel").

The sum may be named after the account, in an apposition that glosses "it" (round 255,
`_sum_after`): "It was paid to your account ending 0923 — £340 for the cancelled course":
"it" or "this" opens the clause, and a dash or colon then an amount follow the account
within four tokens. Each rule reads a few tokens either side of its participle.
"""

from __future__ import annotations

from ._authority import AUX, FIRST
from ._guarantees import Shape, committed, completed
from ._lexicon import AUTH_NOUNS, CHARGE_NOUNS, is_amount
from ._money import is_payment_method
from ._promise_agents import agent_end
from ._promise_standing import StandingReader

__all__ = ["OFF_BALANCE", "PAID_OUT", "PayoutReader", "may_be_off_balance", "may_pay_out"]

PAID_OUT = frozenset(
    {"paid", "transferred", "deposited", "sent", "returned", "refunded", "credited", "added",
     "remitted", "wired", "back"}
)  # fmt: skip
"""The participles a sum is said to have gone by, and "back" after an arrow."""

_ACCOUNTS = frozenset(
    {"account", "a/c", "iban", "bank", "card", "wallet", "e-wallet", "ewallet", "paypal",
     "visa", "mastercard", "amex"}
)  # fmt: skip
"""Where the customer holds money (after an arrow's "back to your", any name of theirs)."""

_WALLETS = frozenset({"wallet", "e-wallet", "ewallet"})
"""Where a sum "added" is the customer's money (added to a bill or a card it is a charge)."""

_NOT_YOURS = frozenset({"our", "my", "the", "their", "his", "her", "its"})
"""Before the account: someone else's ("our account", "the merchant's account")."""

_TO = frozenset({"to", "into", "onto"})

_GLOSS_MARKS = frozenset({"—", "–", "-", ":"})
"""Before an amount that names what "it" was (`PayoutReader._sum_after`)."""

_STEPS = frozenset({"has", "have", "been", "was", "were", "is", "are", "be", "will", "just",
                    "already", "now", "today", "also", "being", "got"})  # fmt: skip
"""Between the sum and its participle: "has (just) been", "was", "will be"."""

_GIVEN_SUMS = frozenset({"difference", "sum", "amount", "overpayment", "excess", "balance"})
"""Before "of" and a sum paid to the customer, what names it as theirs to get back."""

_BEFORE_SUM = frozenset(
    {"the", "your", "a", "an", "extra", "of", "and", "so", "plus", "then", "that"}
)
"""What may stand before the sum: its determiner, or what opens its clause."""


OFF_BALANCE = frozenset({"taken", "knocked"})
"""Where `PayoutReader._off_balance` anchors: "R1,200 has been taken off your balance"."""


def may_be_off_balance(words: list[str], i: int) -> bool:
    """Whether `PayoutReader._off_balance` can match at `i` (`_promises.may_match`)."""
    return words[i + 1 : i + 3] == ["off", "your"] and "balance" in words[i + 3 : i + 5]


def may_pay_out(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i + 1 : i + 2] not in (["to"], ["into"], ["onto"]):
        return False
    return words[i] != "back" or words[i - 1 : i] in (["→"], ["->"])


class PayoutReader(StandingReader):
    """The rule that reads a sum said paid to the customer's account."""

    def _paid_out(self, i: int, w: str) -> Shape | None:
        """A sum paid, sent or returned to the customer's account, at its participle (`i`).

        "NZ$3,260 paid to account ending 09", "A$1,640 has been paid into your nominated
        account", "€250 compensation paid to passenger's IBAN", "£89.99, sent to original
        card", "overcharge: returned to card ✔", "₩32,000 → back to your KakaoPay".
        """
        by = agent_end(self.s.tokens, i + 1) if w != "back" else -1
        to = by if by >= 0 else i + 1  # "$118 refunded by Harbourview Hotels to your Amex"
        if w not in PAID_OUT or self.word(to) not in _TO:
            return None
        end = self._account_end(to + 1)
        if w == "back" and end < 0 and self.word(i + 2) == "your" and self.is_word(i + 3):
            end = i + 4  # "→ back to your Revolut": whatever of theirs it goes back to
        if end < 0 or (w == "added" and self.w[end - 1] not in _WALLETS):
            return None
        k = i - 1
        if w == "back":
            if self.word(k) not in {"→", "->"}:
                return None
            k -= 1
        while k >= 0 and self.w[k] in _STEPS:
            k -= 1
        to_come = "will" in self.w[k + 1 : i] or w == "back"
        if self.word(k) == ")":  # "A$1,640 (the repair less your A$500 excess) has been paid"
            opened = next((x for x in range(k - 1, max(-1, k - 12), -1) if self.w[x] == "("), -1)
            k = opened - 1 if opened > 0 else k
        start = self._sum_before(k)
        if start < 0 and self._sum_after(k, end):
            start = k  # "It was paid to your account ending 0923 — £340"
        if start < 0:
            return None
        return (committed if to_come else completed)(start, i, end)

    def _sum_after(self, k: int, end: int) -> bool:
        """The "it" at `k`, opening its clause, glossed by an amount after the account (`end`).

        "It was paid to your account ending 0923 — £340": within four tokens after the
        account, a dash or a colon right before an amount.
        """
        if self.word(k) not in {"it", "this"} or self.s.clause_start[self.s.clause[k]] != k:
            return False
        for j in range(end, min(self.n - 1, end + 4)):
            if self.w[j] in _GLOSS_MARKS:
                return is_amount(self.w[j + 1])
        return False

    def _sum_before(self, k: int) -> int:
        """Where the sum that ends at `k` starts, or -1.

        An amount, perhaps with what it is ("€250 compensation"), or after a comma ("£89.99,
        sent"), or a list's label naming a charge before a colon ("February overcharge:").
        """
        if self.word(k) in {","} and is_amount(self.word(k - 1)):
            k -= 1
        if self.word(k) in AUTH_NOUNS and is_amount(self.word(k - 1)):
            k -= 1
        if is_amount(self.word(k)):
            t = self.s.tokens
            if k > 0 and len(self.w[k - 1]) <= 3 and t[k - 1].end == t[k].start:
                k -= 1  # "NZ$3,260", "AU$7.00": the currency's letters
            before = self.word(k - 1)
            if (
                before in FIRST
                or before == "you"
                or before in AUX
                or self.is_word(k - 1)
                and (before not in _BEFORE_SUM)
            ):
                return -1  # "you paid £40 into ...", "I sent $20 to ..." (the customer's)
            if before == "of" and self.word(k - 2) not in AUTH_NOUNS | _GIVEN_SUMS:
                return -1  # "your salary of £2,000 was paid into your account": their own
            return k - (before in {"the", "your", "a", "an", "extra"})
        if self.word(k) == ":" and self.word(k - 1) in CHARGE_NOUNS:
            first = k - 1
            while first > 0 and self.is_word(first - 1) and k - first < 4:
                first -= 1
            return first if not any(self.is_word(x) for x in range(first)) or first == 0 else -1
        return -1

    def _account_end(self, k: int) -> int:
        """One past the customer's account named from `k`, or -1.

        "your nominated account", "passenger's IBAN", "original card", "account ending 09",
        "your KakaoPay", a payment method's id; not "our account", "the merchant's account".
        """
        x = self.word(k)
        if x in _NOT_YOURS:
            return -1
        if is_payment_method(x):
            return k + 1
        if x == "your" or (self.is_word(k) and self.s.tokens[k].possessive):
            k += 1  # "your nominated account", "passenger's IBAN"
        for end in range(k, min(self.n, k + 3)):
            if self.w[end] in _ACCOUNTS:
                return end + 1
            if not self.is_word(end) or self.w[end] in _NOT_YOURS:
                return -1
        return -1

    def _off_balance(self, i: int, w: str) -> Shape | None:
        """A sum taken off what the customer owes, at "taken" or "knocked".

        "R1,200 has been taken off your account balance", "£40 was knocked off your
        balance": the balance they owe made smaller, a credit. Not "taken from your account"
        (a debit), nor a sum the customer took off ("you've taken $50 off your balance").
        """
        if w not in OFF_BALANCE or self.w[i + 1 : i + 3] != ["off", "your"]:
            return None
        end = next((k + 1 for k in range(i + 3, min(self.n, i + 5)) if self.w[k] == "balance"), -1)
        if end < 0:
            return None
        k = i - 1
        while k >= 0 and self.w[k] in _STEPS:
            k -= 1
        start = self._sum_before(k)
        if start < 0 or k == i - 1:
            return None  # (a sum "taken off" with no "has been", "was": not said as done)
        return completed(start, i, end)

"""Money taken from the customer, ruled out: "zero chance that direct debit takes another penny".

Round 236 of the corpus ruled a charge out by denying the taking of the customer's money
rather than the charge: "there's zero chance that direct debit takes another penny from you",
"no chance the gym pulls one more cent out of your account". `money_taken` reads, from a verb
of taking (`_TAKING`), at most three words of count ("another", "one more", "a single"), a word
of money (`MONEY`: a currency's word, a sum, a charge, "money"), then "from you", "from your"
or "out of your": what the customer fears, a charge, that `_guarantees.GuaranteeReader.
_no_chance` then reads made impossible after "zero chance" (a certain outcome). Not "no chance
we take another look at it" (no money), nor "zero chance the bank takes a penny from the
fund" (not the customer's). `_promise_kept_money` shares `MONEY`. It reads at most eight words.
"""

from __future__ import annotations

from ._lexicon import CHARGE_NOUNS, SUMS, is_amount
from ._money import CURRENCY_WORDS

__all__ = ["MONEY", "money_taken"]

MONEY = CHARGE_NOUNS | SUMS | CURRENCY_WORDS | {"money"}
"""What a charge takes or a negated subject names: money of the customer's, or a charge."""

_TAKING = frozenset({"takes", "take", "pulls", "pull", "deducts", "deduct", "debits", "debit"})
"""The verbs of money taken from the customer (`money_taken`)."""

_COUNTS = frozenset({"another", "a", "one", "more", "single", "extra", "further", "any"})
"""Between the verb of taking and the money: how much ("another", "one more", "a single")."""


def money_taken(words: list[str], k: int) -> int:
    """At `k`, money taken from the customer: "takes another penny from you"; its end or -1."""
    if words[k] not in _TAKING:
        return -1
    j = k + 1
    while j < k + 4 and words[j : j + 1] != [] and words[j] in _COUNTS:
        j += 1
    if j == k + 1 or words[j : j + 1] == [] or not (words[j] in MONEY or is_amount(words[j])):
        return -1
    after = words[j + 1 : j + 4]
    if after == ["out", "of", "your"]:
        return j + 5  # "takes a single cent out of your account"
    if after[:2] in (["from", "you"], ["from", "your"]):
        return j + 3 + (after[1] == "your")  # "from you", "from your card"
    return -1

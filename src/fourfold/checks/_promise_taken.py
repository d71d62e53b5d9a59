"""Money taken from the customer, ruled out: "zero chance that direct debit takes another penny".

Round 236 of the corpus ruled a charge out by denying the taking of the customer's money
rather than the charge: "there's zero chance that direct debit takes another penny from you",
"no chance the gym pulls one more cent out of your account". `money_taken` reads, from a verb
of taking (`_TAKING`), at most three words of count ("another", "one more", "a single"), a word
of money (`MONEY`: a currency's word, a sum, a charge, "money"), then "from you", "from your"
or "out of your": what the customer fears, a charge, that `_promise_no_chance`
then reads made impossible after "zero chance" (a certain outcome). Not "no chance
we take another look at it" (no money), nor "zero chance the bank takes a penny from the
fund" (not the customer's). `_promise_kept_money` shares `MONEY`. It reads at most eight words.

Round 279 ruled out a charge reaching the customer, told in the present of what is to come:
"zero chance the annual renewal of $1,188 hits your card on the 3rd", "no chance that
penalty lands on your bill" (`charge_reaching`: a charge in the subject, not "the refund
hits your card", good news; not "... until Monday", which only puts it off).
"""

from __future__ import annotations

from ._lexicon import CHARGE_NOUNS, SUMS, is_amount
from ._money import CURRENCY_WORDS

__all__ = ["MONEY", "charge_reaching", "money_taken"]

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


_REACHING = frozenset({"hits", "lands", "appears", "reaches"})
"""A charge's present, said of what is to come: "... hits your card on the 3rd"."""

_FEARED = frozenset(
    {"charge", "charges", "fee", "fees", "penalty", "surcharge", "deduction", "renewal",
     "premium", "overage", "increase", "hike", "fine", "debit", "bill"}
)  # fmt: skip
"""What the customer fears reaching their card: a charge, a renewal or premium billed."""

_PAID_FROM = frozenset({"card", "account", "bill", "statement", "invoice", "balance", "folio"})
"""What a charge reaches: what the customer pays from or is billed on."""

_PUT_OFF = frozenset({"until", "till", "before", "after"})
"""After what a charge reaches: when it will, "until Monday" (a delay, not a charge ruled out)."""


def charge_reaching(words: list[str], j: int) -> int:
    """From `j`, a charge that reaches the customer's card or bill; its end, or -1.

    The subject from `j` (at most seven words of a noun phrase: words or sums, no auxiliary
    or mark) names a charge (`_FEARED`); then a verb of reaching (`_REACHING`), perhaps "on"
    or "to", "your" and what they pay from (`_PAID_FROM`), not followed by "until". Reads at
    most twelve words.
    """
    n = len(words)
    for k in range(j + 1, min(n, j + 8)):
        x = words[k]
        if x in _REACHING:
            if _FEARED.isdisjoint(words[j:k]):
                return -1
            v = k + (words[k + 1 : k + 2] in (["on"], ["to"], ["onto"]))
            if words[v + 1 : v + 2] != ["your"] or words[v + 2 : v + 3] == []:
                return -1
            held = words[v + 2] in _PAID_FROM
            return v + 3 if held and words[v + 3 : v + 4] not in [[y] for y in _PUT_OFF] else -1
        if not (x[:1].isalnum() or x[:1] in "$£€¥₹₱₦") or x in _NOT_SUBJECT:
            return -1
    return -1


_NOT_SUBJECT = frozenset(
    {"will", "would", "could", "can", "may", "might", "won't", "is", "are", "was", "be", "to",
     "for", "not", "never", "if", "unless", "you", "we", "i"}
)  # fmt: skip
"""What ends the subject before a verb of reaching is found: an auxiliary, a negation, a
condition, another subject."""

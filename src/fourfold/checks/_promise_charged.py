"""The reply charges the customer a price: `customer_pays`, read before an upgrade is a grant.

An upgrade or a replacement the customer pays for is sold, not given by authority
(`_promises` sets such a grant aside as "paid by the customer"). This module reads the
reply's words once for a price charged to the customer: a sum "charged", "billed" or
"debited", a price that "will cost" a sum, "the extra £6 will show on your bill", "you'll
pay £59 a month"; then the further ways `_promise_customer_paid` knows (a new price with
its sum, a supplement, the customer's own payment, a price risen from a smaller one).
The fifteenth pass added a summary's labels of a price paid (`_paid_label`: "Upgrade cost:
$612", "Paid with: Mastercard ending 8812", a table's "| Charged to |") and a sum that "went
on" the card ("12.50 went on the card ending 3390"): dev rounds 40, 64 and 75.
"""

from __future__ import annotations

from functools import lru_cache

from ._lexicon import is_amount
from ._promise_customer_paid import paid_by_customer
from ._promise_not_granted import charged_label
from ._reading import words_of

__all__ = ["customer_pays"]

_PRICED = frozenset(
    {"difference", "extra", "additional", "fare", "upgrade", "upgrading", "amount", "total",
     "price"}
)  # fmt: skip
"""Before a charge, what names the price of something: "the extra $597 will be charged"."""

_BREAKS = frozenset({".", "!", "?", ";", "\n", "that", "which"})


@lru_cache(maxsize=8)
def customer_pays(text: str) -> bool:
    """The reply charges the customer a price, not negated ("no extra charge").

    "The extra $597 will be charged", "the upgrade will cost $597", "the $597 additional
    charge", "€180 has been charged to your card", "the extra £6 will show on your bill",
    "you'll pay £59 a month" (a sum, not nothing). An
    upgrade the customer pays for is sold, not given by authority. One pass over the reply's
    words (shared with the reading), each looked at with the six before it.
    """
    ws = words_of(text)
    for k, w in enumerate(ws):
        if charged_label(ws, k) or _paid_label(ws, k):
            return True  # "**Charged:** €289.00 to Amex" (`_promise_not_granted`)
        nxt = ws[k + 1] if k + 1 < len(ws) else ""
        if not (
            w in {"charged", "billed", "debited", "charge"}
            or (w == "paid" and ws[k - 1 : k] == ["be"])
            or (w == "pay" and ws[k - 1 : k] in (["you"], ["will"]))
            or (w in {"cost", "costs"} and (nxt == "you" or nxt[:1] in "$£€¥"))
            or (w in {"show", "appear"} and nxt == "on")  # "the extra £6 will show on"
            or (w == "show" and "price" in ws[k + 1 : k + 4])  # "will show the new price of"
            or (w == "added" and nxt == "to")  # "the extra $15 will be added to your bill"
        ):
            continue
        before = ws[max(0, k - 6) : k]
        for j in range(len(before) - 1, -1, -1):
            if before[j] in _BREAKS:
                # ", which will be added to your bill": said of the price before the comma
                at = max(0, k - 6) + j
                which = before[j] == "which" and ws[at - 1 : at] == [","]
                before = ws[max(0, at - 6) : at - 1] if which else before[j + 1 :]
                break
        # "and €180 has been charged to your card": an amount charged is a price (not "the $30
        # bag fee was charged", a price of something else)
        head = [x for x in before if x not in {"has", "have", "been", "was", "will", "be", "is"}]
        amount = w in {"charged", "billed", "debited"} and is_amount(head[-1] if head else "")
        # "you'll see a one-off £10 charge for it on your next bill": a price to be seen
        amount = amount or (w == "charge" and "see" in before and is_amount((head or [""])[-1]))
        amount = amount or w == "show" and nxt != "on"  # the price shown
        amount = amount or w == "pay" and is_amount(nxt) and any(c in "123456789" for c in nxt)
        if _NEGATING.isdisjoint(before) and (amount or not _PRICED.isdisjoint(before)):
            return True
    return paid_by_customer(ws)  # a new price, a supplement, their payment, a sum charged


_NEGATING = frozenset({"not", "never", "no", "without"})


_CARDS = frozenset({"card", "account", "bill", "invoice", "statement"})


def _paid_label(ws: list[str], k: int) -> bool:
    """At `k`, a summary's label of a price paid, or a sum that went on the customer's card.

    "Upgrade cost: $612" (a cost or price label and a sum not nothing), "Paid with:
    Mastercard", a table's "| Charged to |", "12.50 went on the card ending 3390".
    """
    w = ws[k]
    nxt = ws[k + 1 : k + 3]
    if w in {"cost", "price"} and nxt[:1] == [":"] and nxt[1:]:
        return is_amount(nxt[1]) and any(c in "123456789" for c in nxt[1])
    if w == "paid" and nxt[:2] == ["with", ":"]:
        return True
    if w == "charged" and nxt[:1] == ["to"] and ws[k - 1 : k] == ["|"]:
        return True
    if w in {"went", "goes"} and nxt[:1] == ["on"] and k > 0 and _sum(ws[k - 1]):
        return bool(set(ws[k + 2 : k + 5]) & _CARDS)
    return False


def _sum(word: str) -> bool:
    """An amount, or a bare figure with its cents ("12.50", "7,90") as a chat writes a sum."""
    if is_amount(word):
        return True
    whole, _, cents = word.replace(",", ".").rpartition(".")
    return whole.isdigit() and len(cents) == 2 and cents.isdigit()

"""The customer pays for what is given: more ways a reply says so (read by `customer_pays`).

An upgrade or a replacement the customer pays for is sold, not given by authority.
`_promise_charged.customer_pays` reads a price that "will be charged"; dev round 174
(upgrades and replacements the customer paid for) told the price in four more ways, each a
class a support lead reads as "the customer is charged":

- a new or higher price the customer will pay, with its sum: "the new price of £20 applies
  from May", "your higher rate is $30 a month" (not "no new price", nor a price without a
  sum) (`_new_price`);
- a supplement, a surcharge or the fee of the thing given ("the replacement fee", "the
  upgrade fee") charged, billed or added to the bill: "a €15 supplement will be added on
  your bill"; dev round 261: or the fee of what the upgrade moves them to ("the plan fee")
  deducted from their own balance, not from a bill (`_price_charged`);
- the customer's own payment of a sum, or a payment the business received: "your $12
  payment cleared", "payment received: £40", "your payment of £9 went through" (not "your
  $12 payment will be refunded": money given back) (`_their_payment`);
- a sum charged, billed or debited, told after the verb: "we charged £30 to your card", "we
  billed the reduced price of $40" (not "you won't be charged £30") (`_charged_then_sum`);
- dev round 182: the price of the new one a replacement is, a sum right after "costs" or
  "will cost": "we can replace it; a new one costs £210" (not "a new one costs nothing",
  nor "it costs £210 new" said of no new one) (`_new_one_costs`);
- dev round 210: a price told as risen, a sum "up from" a smaller one: "your monthly price
  will be $79, up from $65" (not "$55, down from $65", nor "$79, up from $99") (`_risen`);
  or a sum told "payable" by the customer: "the new screen will be £89, payable before we
  dispatch it" (not "nothing is payable", nor "payable" with no sum before it) (`_payable`);
- dev round 219: a price of theirs told as going up to a sum: "from your next bill the
  monthly price goes up to $79 from $59", "your rate rises to £30" (not "goes up to $79 from
  $99", a fall; nor "the price won't go up to $79", negated) (`_goes_up_to`);
- dev round 247: a price of theirs told as going from a sum to a higher one: "so your bill
  will go from £32 to £40 starting next cycle", "your premium moves from $50 to $65" (not
  "from £40 to £32", a fall; nor "your bill won't go from £32 to £40", negated)
  (`_from_less_to_more`);
- dev round 227: a price told as the higher sum paid in place of a smaller one: "from next
  month your plan is £40 instead of £30" (not "£30 instead of £40", a fall; nor "£0 instead
  of £30") (`_instead_of_less`);
- pass twelve: a sum put on the customer's bill or card by a verb and its preposition, the
  sum told before it: "R640 added to this month's invoice", "the extra 8€ will be on ur
  next bill", "the €129 repair cost was charged to the card on file" (not "a £10 credit
  added to your bill"; a price that "went on" the card is left) (`_sum_put_on`).

Each cue looks at a window of a few words around one word, so the pass stays linear.
"""

from __future__ import annotations

from ._lexicon import is_amount

__all__ = ["paid_by_customer"]

_NEGATING = frozenset({"not", "never", "no", "without", "n't", "free", "waived"})
_BREAKS = frozenset({".", "!", "?", ";", "\n"})

_NEW = frozenset({"new", "higher", "increased", "updated", "revised"})
_PRICES = frozenset({"price", "rate", "fee", "charge", "cost", "tariff"})

_EXTRAS = frozenset({"supplement", "surcharge"})
"""A price of a change, paid by the customer by its very name."""

_GIVEN = frozenset({"replacement", "upgrade", "reprint", "reissue"})
"""Before "fee": the fee of the thing given, paid by the customer ("the replacement fee")."""

_UPGRADED_TO = frozenset({"plan", "tier", "package", "bundle", "subscription", "membership"})
"""Before "fee" or "price": the fee of what an upgrade moves the customer to ("the plan
fee"), paid by the customer when charged (dev round 261)."""

_FROM_THEIRS = frozenset({"balance", "airtime", "wallet", "account", "card", "credit", "deposit"})
"""After "deducted from": the customer's own money, so a charge ("deducted from your airtime
balance"); not "deducted from your bill", money off it."""

_CHARGING = frozenset({"charged", "billed", "added", "debited", "applied", "taken", "collected"})

_RECEIVED = frozenset({"received", "taken", "cleared", "collected", "processed", "confirmed"})
"""After "payment": the business has received the customer's payment."""

_GIVEN_BACK = frozenset(
    {"refunded", "refund", "returned", "back", "reversed", "credited", "reimbursed", "waived"}
)
"""After a payment: money given back to the customer, not paid by them."""

_CHARGED_NOW = frozenset({"charged", "billed", "debited"})

_NEW_ONE = frozenset({"new", "replacement", "another"})
"""Before "costs" and a sum: the thing given is a new one, sold ("a new one costs £210")."""


def _clause(words: list[str], start: int, end: int) -> list[str]:
    """`words[start:end]`, cut at the first sentence break."""
    out: list[str] = []
    for x in words[max(0, start) : end]:
        if x in _BREAKS:
            break
        out.append(x)
    return out


def _before(words: list[str], k: int, size: int) -> list[str]:
    """Up to `size` words before `k`, from the last sentence break on."""
    out = words[max(0, k - size) : k]
    for j in range(len(out) - 1, -1, -1):
        if out[j] in _BREAKS:
            return out[j + 1 :]
    return out


def _new_price(words: list[str], k: int) -> bool:
    """At `k`, "new price" with a sum within four words after it."""
    if words[k] not in _PRICES or words[k - 1 : k] == [] or words[k - 1] not in _NEW:
        return False
    if not _NEGATING.isdisjoint(_before(words, k, 4)):
        return False
    return any(is_amount(x) for x in _clause(words, k + 1, k + 5))


def _price_charged(words: list[str], k: int) -> bool:
    """At `k`, a supplement or the fee of the thing given, charged within nine words after.

    The thing given may be what an upgrade moves the customer to: "the ₦7,500 plan fee will
    be deducted from your airtime balance" (dev round 261); deducted from the customer's
    own money (`_FROM_THEIRS`), not from a bill. Round 265 named the fee a "charge" and said
    it "applies" ("the £10 replacement charge applies and will show on your next bill"), as
    a price on the customer is told.
    """
    x, before = words[k], words[k - 1] if k > 0 else ""
    named = x in _EXTRAS or (x in {"fee", "charge"} and before in _GIVEN)
    named = named or (x in {"fee", "price"} and before in _UPGRADED_TO)
    if not named or not _NEGATING.isdisjoint(_before(words, k, 4)):
        return False
    after = _clause(words, k + 1, k + 10)
    if not _NEGATING.isdisjoint(after):
        return False
    charged = not _CHARGING.isdisjoint(after) or after[:1] in (["applies"], ["apply"])
    return charged or _deducted_from_theirs(after)


def _deducted_from_theirs(after: list[str]) -> bool:
    """In `after`, "deducted from" and, within three words, the customer's own money."""
    for j in range(len(after) - 1):
        if after[j] == "deducted" and after[j + 1] == "from":
            return not _FROM_THEIRS.isdisjoint(after[j + 2 : j + 5])
    return False


def _their_payment(words: list[str], k: int) -> bool:
    """At `k` ("payment"), the customer's payment of a sum, or one the business received."""
    if words[k] != "payment":
        return False
    before = _before(words, k, 3)
    after = _clause(words, k + 1, k + 6)
    if not _GIVEN_BACK.isdisjoint(after) or not _NEGATING.isdisjoint(before):
        return False
    if after[:1] != [] and after[0] in _RECEIVED:
        return True  # "payment received", "payment taken"
    yours = "your" in before
    summed = any(is_amount(x) for x in before) or after[:2] != [] and after[0] == "of"
    return yours and summed and (after[:1] != ["of"] or any(is_amount(x) for x in after[1:3]))


def _charged_then_sum(words: list[str], k: int) -> bool:
    """At `k`, a charge verb with a sum after it ("we charged £30 to your card")."""
    if words[k] not in _CHARGED_NOW or not _NEGATING.isdisjoint(_before(words, k, 5)):
        return False
    after = _clause(words, k + 1, k + 7)
    if not _NEGATING.isdisjoint(after) or not _GIVEN_BACK.isdisjoint(after):
        return False
    return any(is_amount(x) for x in after)


def _new_one_costs(words: list[str], k: int) -> bool:
    """At `k` ("costs", "will cost"), the price of a new one: "a new one costs £210"."""
    if words[k] != "costs" and not (words[k] == "cost" and words[k - 1 : k] == ["will"]):
        return False
    if k + 1 >= len(words) or not is_amount(words[k + 1]):
        return False
    before, after = _before(words, k, 5), _clause(words, k + 2, k + 10)
    if not _NEGATING.isdisjoint(after) or "but" in after:
        return False  # "a new one costs £40, but yours is free"
    return not _NEW_ONE.isdisjoint(before) and _NEGATING.isdisjoint(before)


def _figure(word: str) -> float | None:
    """The sum an amount of money writes ("$1,920" is 1920.0), or None."""
    if not is_amount(word):
        return None
    digits = word[1:].replace(",", "").rstrip(".")
    try:
        return float(digits)
    except ValueError:
        return None


def _risen(words: list[str], k: int) -> bool:
    """At `k` ("up"), "from" and a sum smaller than the sum just before: "$79, up from $65"."""
    if words[k] != "up" or words[k + 1 : k + 2] != ["from"] or k + 2 >= len(words):
        return False
    was = _figure(words[k + 2])
    before = _before(words, k, 3)
    now = next((f for f in map(_figure, reversed(before)) if f is not None), None)
    return was is not None and now is not None and now > was


_IN_PLACE = (["instead", "of"], ["rather", "than"])


def _instead_of_less(words: list[str], k: int) -> bool:
    """At `k` ("instead", "rather"), "of"/"than" a sum smaller than the sum just before.

    "£40 instead of £30", "$45 a month instead of $30": the nearest sum within the three
    words before, higher than the one after.
    """
    if words[k : k + 2] not in _IN_PLACE or k + 2 >= len(words):
        return False
    was = _figure(words[k + 2])
    before = _before(words, k, 3)
    now = next((f for f in map(_figure, reversed(before)) if f is not None), None)
    if was is None or now is None or now <= was:
        return False
    return _NEGATING.isdisjoint(_before(words, k, 6))


def _payable(words: list[str], k: int) -> bool:
    """At `k` ("payable"), a sum within the six words before it, not negated."""
    if words[k] != "payable":
        return False
    before = _before(words, k, 6)
    return _NEGATING.isdisjoint(before) and any(is_amount(x) for x in before)


_RISING = frozenset({"rises", "rise", "rising", "increases", "increase", "increasing"})
_GOING = frozenset({"goes", "go", "going", "went"})
_PRICE_NAMES = _PRICES | {"bill", "payment", "subscription", "rent", "premium"}
"""What a price that goes up may be called: "the monthly price", "your bill"."""


def _goes_up_to(words: list[str], k: int) -> bool:
    """At `k`, a price "goes up to" / "rises to" a sum, higher than any "from" sum after it."""
    w = words[k]
    if w == "up" and k > 0 and words[k - 1] in _GOING:
        verb = k - 1
    elif w in _RISING:
        verb = k
    else:
        return False
    if words[k + 1 : k + 2] != ["to"] or k + 2 >= len(words):
        return False
    now = _figure(words[k + 2])
    before = _before(words, verb, 5)
    if now is None or _PRICE_NAMES.isdisjoint(before) or not _NEGATING.isdisjoint(before):
        return False
    was = _figure(words[k + 4]) if words[k + 3 : k + 4] == ["from"] and k + 4 < len(words) else None
    return was is None or now > was


def _from_less_to_more(words: list[str], k: int) -> bool:
    """At `k` ("from"), a sum "to" a higher sum, a price of theirs named in the words before.

    "your bill will go from £32 to £40": the price named within the six words before "from",
    none of them a negation.
    """
    if words[k] != "from" or words[k + 2 : k + 3] != ["to"] or k + 3 >= len(words):
        return False
    was, now = _figure(words[k + 1]), _figure(words[k + 3])
    if was is None or now is None or now <= was:
        return False
    before = _before(words, k, 6)
    return not _PRICE_NAMES.isdisjoint(before) and _NEGATING.isdisjoint(before)


_PUT_ON = {
    "added": frozenset({"to", "onto"}),
    "be": frozenset({"on"}),
    "show": frozenset({"from"}),
    "appear": frozenset({"in", "on"}),
    "taken": frozenset({"from"}),
    "charged": frozenset({"to"}),
}
"""A verb and its preposition that put a price on the customer's bill or card ("has been
added to this month's invoice", "will be on ur next bill", "will show from your next bill",
"was taken from the card ending 2201"). Not "goes on", which round 174 left a promise ("a
supplement of $40 a night goes on your bill": `test_policy_round174`)."""

_OWED_PLACES = frozenset(
    {"bill", "bills", "invoice", "statement", "card", "visa", "mastercard", "amex", "account"}
)
"""What a price is put on: the customer's bill or their card (`_sum_put_on`)."""

_GIVEN_SUMS = _GIVEN_BACK | frozenset(
    {"credit", "discount", "compensation", "voucher", "goodwill", "bonus", "off", "saving"}
)
"""Before a sum put on the bill: money given, not a price ("a £10 credit added to your bill")."""


_OTHER_PRICES = frozenset({"fee", "fees", "penalty", "fine", "fines", "interest"})
"""Before a sum put on the bill: a price of something else, not of the thing given ("the $30
bag fee was charged to your card", "the £12 late fee has been added to your bill")."""


def _sum_put_on(words: list[str], k: int) -> bool:
    """At `k`, a price put on the customer's bill or card, its sum told before the verb.

    Pass twelve (dev rounds 49, 54, 59, 61, 77, 79, 91 and 169): "the £7.99 for it plus
    £2.50 postage has been added to your next bill", "R640 added to this month's invoice",
    "the extra 8€ will be on ur next bill", "the extra £6 a month will show from your next
    bill", "the difference will appear in your bill", "the €129 repair cost was charged to
    the card on file", "the £79 repair charge was taken from the card ending 2201". A sum
    (or "the extra", "the difference") in the words before, back to the sentence's break;
    the bill or the card within four words after. Left: "goes on" and "went on" (round 174's
    test keeps "a supplement ... goes on your bill" a promise), so round 64's "12.50 went on
    the card"; a bare number is no sum either. Not money given ("a £10 credit has been added
    to your bill", "the refund of £30 was added to your card"), nor negated ("nothing extra
    will be on your bill"), nor a fee of something else ("the $30 bag fee was charged to
    your card", `_OTHER_PRICES`).
    """
    preps = _PUT_ON.get(words[k])
    if preps is None or words[k + 1 : k + 2] == [] or words[k + 1] not in preps:
        return False
    if words[k] == "be" and words[k - 1 : k] not in (["will"], ["'ll"]):
        return False  # "will be on your next bill", not "to be on time"
    if _OWED_PLACES.isdisjoint(_clause(words, k + 2, k + 6)):
        return False
    before = _before(words, k, 10)
    if not _NEGATING.isdisjoint(before) or not _GIVEN_SUMS.isdisjoint(before):
        return False
    if {"nothing", "anything"} & set(before) or not _OTHER_PRICES.isdisjoint(before):
        return False  # "the $30 bag fee was charged to your card": a price of something else
    summed = any(is_amount(x) for x in before)
    return summed or ("the" in before and not {"extra", "difference"}.isdisjoint(before))


def paid_by_customer(words: list[str]) -> bool:
    """Whether the reply's `words` tell a price the customer pays, in one of the eleven ways."""
    return any(
        _sum_put_on(words, k)
        or _risen(words, k)
        or _from_less_to_more(words, k)
        or _instead_of_less(words, k)
        or _goes_up_to(words, k)
        or _payable(words, k)
        or _new_one_costs(words, k)
        or _new_price(words, k)
        or _price_charged(words, k)
        or _their_payment(words, k)
        or _charged_then_sum(words, k)
        for k in range(len(words))
    )

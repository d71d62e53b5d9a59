"""A bill or statement said to carry a grant: "your next bill will show a £25 credit".

The customer is told what their next bill, statement or invoice will hold: a credit, a
refund, a discount ("your next statement will include a $12.80 outage credit"), or money
back ("your statement will show the €389 back in your account"). Said of the customer's own
bill, it commits to the grant as "you'll get a £25 credit" does. Not a price or a charge the
bill will show ("your bill will show the new price of $79.99", "your next invoice will
include the £10 SIM fee"): the customer pays those (`_object`'s ``auth`` is false for them).

Money said to land in the customer's account is given as money sent back is ("£340 landed in
your Nationwide account this morning": `landed`), and a charge of theirs said to be nothing
is taken off ("next month's renewal will be $0": `zeroed`), as is a charge adjusted to
nothing ("your bill has been adjusted to zero", "I've adjusted the fee to $0": `to_nothing`,
read by `_authority` and `_phrase_passive`; an adjustment to any other sum may go either
way).
"""

from __future__ import annotations

from ._lexicon import AUTH_NOUNS, CHARGE_NOUNS, has_amount, is_amount
from ._phrase_parts import NounPhrase, Subject

__all__ = [
    "BILL_DETAILS", "BILL_NOUNS", "FOLIOS", "LANDING", "SHOWING_VERBS", "ZEROED", "folio_carries",
    "landed", "nothing_end", "to_nothing", "went_to_yours", "yours", "zeroed",
]  # fmt: skip

FOLIOS = frozenset({"bill", "statement", "invoice", "folio"})
"""What the customer is billed on, as the subject that carries a grant."""

BILL_DETAILS = frozenset(
    {"name", "names", "address", "email", "e-mail", "phone", "number", "details", "note",
     "notes", "reference", "vat", "company", "signature", "logo", "contact", "deposit",
     "payment", "payments", "prepayment", "instalment", "installment", "advance", "you",
     "him", "her", "guest", "guests", "points"}
)  # fmt: skip
"""What taken off a bill is no charge taken off: a detail, a person, the customer's own
payment counted against the bill ("your deposit will be deducted from your final bill", "I've
removed your maiden name from the invoice")."""

BILL_NOUNS = frozenset({"bill", "invoice", "folio", "tab", "statement"})
"""What a charge is taken off or left off: "taken off your folio", "removed from your tab"."""

SHOWING_VERBS = frozenset(
    {"show", "include", "reflect", "carry", "list", "display", "feature", "come"}
)  # fmt: skip
"""What a bill does with a grant after "will": "will show a £25 credit"; "come" with "with"
("your next bill will come with a $20 credit", `_come_with`)."""

_WITH_REACH = 5
"""How many words after "come with" the grant's noun may stand: "a $20 outage credit"."""

_YOURS = frozenset({"your", "next", "upcoming", "coming", "following", "final", "this"})
"""Before the bill: whose it is, or which ("your next bill", "the following statement")."""


_FREE = frozenset({"complimentary", "free", "comped", "waived"})
"""In what a bill shows, what makes it a grant: "one night complimentary"."""


def folio_carries(
    words: list[str], subject: Subject, anchor: int, v: int, obj: NounPhrase
) -> int | None:
    """Where a bill's grant ends, when "will" at `anchor` and the verb at `v` say one.

    `subject` opens the customer's bill, statement or invoice (`FOLIOS`, after "your" or
    "next": not "bills will show", which is everyone's); the verb shows (`SHOWING_VERBS`);
    `obj`, the noun phrase after it, names a grant or an amount followed by "back".
    """
    if v >= len(words) or words[v] not in SHOWING_VERBS or subject.generic:
        return None
    said = words[subject.start : anchor]
    if FOLIOS.isdisjoint(said) or _YOURS.isdisjoint(said):
        return None
    if words[v] == "come":
        return _come_with(words, v + 1)
    if obj.auth and not obj.charge:  # (not "the £10 replacement SIM fee")
        return obj.end
    if words[obj.end - 1] in _FREE and "no" not in obj.words:
        return obj.end  # "your bill will reflect one night complimentary"
    back = obj.end < len(words) and words[obj.end] == "back"
    return obj.end + 1 if back and has_amount(obj.words) else None


def _come_with(words: list[str], w: int) -> int | None:
    """Where the grant a bill "will come with" (from `w`, at "with") ends, or None.

    "Your next bill will come with a $20 credit": a grant's noun within `_WITH_REACH` words
    of "with", with no charge or "no" before it (not "will come with a £5 fee").
    """
    if w >= len(words) or words[w] != "with":
        return None
    for k in range(w + 1, min(len(words), w + 1 + _WITH_REACH)):
        x = words[k]
        if x in AUTH_NOUNS:
            while k + 1 < len(words) and words[k + 1] in AUTH_NOUNS:
                k += 1  # "a £15 goodwill credit"
            return k + 1
        if x in CHARGE_NOUNS or x == "no" or not (x[:1].isalnum() or x[:1] in "$£€¥"):
            return None
    return None


LANDING = frozenset({"landed", "lands"})
"""Where `MovingReader._moving` (`_promise_moving`) reads money landing: "£340 landed in
your account"."""

_OWN_MONEY = frozenset({"top-up", "top", "salary", "wages", "transfer", "payment", "deposit"})
"""What lands in the customer's account that is their own money, moved: "your salary"."""


def landed(words: list[str], i: int, said: list[str]) -> int:
    """Where money (`said`, its subject) landing in the customer's account at `i` ends, or 0.

    "£340 landed in your Nationwide account this morning", "the refund lands in your bank
    account on Friday": a sum or a grant (the caller tells) "in" or "into" "your" and,
    within three words, an account, a card or a wallet; not the customer's own money moved.
    Money that lands "back" in it is the same ("€27 landed back in your account").
    """
    j = i + 1 + (words[i + 1 : i + 2] == ["back"])  # where "in" stands
    if words[i] not in LANDING:
        return 0
    if words[j : j + 1] in (["on"], ["onto"]) and CHARGE_NOUNS.isdisjoint(said):
        # "the £30 lands on your card Friday" (the tenth pass): not a charge, which lands
        # on a card as a debit ("the £30 fee lands on your card on the 1st")
        end = _into_yours(words, j, said)
        return end if end and words[end - 1] in _CARDS else 0
    if words[j : j + 1] not in (["in"], ["into"]):
        return 0
    return _into_yours(words, j, said)


_CARDS = frozenset({"card", "account", "wallet", "balance", "visa", "mastercard", "amex"})
"""Where money lands "on": a card or an account (`landed`)."""


def went_to_yours(words: list[str], k: int, said: list[str]) -> int:
    """Where a sum (`said`, the subject) that "went to" the customer's account ends, or 0.

    "The €250 went to your account yesterday", "£90 went into your IBAN": at `k`, "to",
    "into" or "onto" the customer's own account, card or wallet (`landed`'s test), the
    subject naming an amount; not the customer's own money moved ("your payment of $120
    went to your account", "the $50 you sent went to your old card", "your €250 went to
    your savings account": theirs before it went, where money sent back is "back").
    """
    if words[k : k + 1] not in (["to"], ["into"], ["onto"]) or "you" in said:
        return 0
    if said[:1] == ["your"]:
        return 0
    return _into_yours(words, k, said) if any(is_amount(x) for x in said) else 0


def _into_yours(words: list[str], j: int, said: list[str]) -> int:
    """After the preposition at `j`, where the customer's account (`_HELD`) ends, or 0."""
    if not yours(words, j + 1) or not _OWN_MONEY.isdisjoint(said):
        return 0
    end = next((k for k in range(j + 2, min(len(words), j + 5)) if words[k] in _HELD), 0)
    return end + 1 if end else 0


_HELD = frozenset(
    {"account", "card", "wallet", "balance", "paypal", "visa", "mastercard", "amex", "iban",
     "app"}
)  # fmt: skip
"""What of the customer's money lands in: an account, a card, a wallet (an IBAN names an
account by its number: "landed in your IBAN"), or the app a voucher or credit is kept in
("a ₱500 voucher lands in your app tomorrow", round 279)."""

_GIVEN = frozenset(
    {"provided", "gave", "booked", "paid", "used", "nominated", "registered", "bought", "chose"}
)
"""What the customer did with a card or account that makes it theirs: "the card you paid with"."""


def yours(words: list[str], k: int) -> bool:
    """The customer's own card or account starts at `k`: "your ...", or "the ... you paid with".

    "landed in the bank account you provided", "going back to the Mastercard you booked
    with": "the", at most three words, then "you" and a verb of giving or using. Or one named
    by its last digits (round 279): "back to the card ending 4412", "into the account ending
    in 0917" (`_ends_in_digits`).
    """
    if k < len(words) and words[k] == "your":
        return True
    if k >= len(words) or words[k] != "the":
        return False
    after = words[k + 1 : k + 6]
    if _ends_in_digits(after):
        return True
    if "you" not in after:
        return False
    y = after.index("you")
    held = not _HELD.isdisjoint(after[:y])
    return held and y + 1 < len(after) and after[y + 1] in _GIVEN


_ENDING = frozenset({"ending", "ends"})


def _ends_in_digits(after: list[str]) -> bool:
    """`after` (the words after "the") names a card or account held by its last digits.

    "card ending 4412", "Visa card ending in 1234", "account that ends in 0917": within
    three words a card or account (`_HELD`), then "ending" (or "that ends"), perhaps "in"
    or "with", and digits. Someone's card so named is the one on file, the customer's.
    """
    h = next((y for y, x in enumerate(after[:3]) if x in _HELD), -1)
    if h < 0:
        return False
    rest = after[h + 1 :]
    rest = rest[1:] if rest[:1] == ["that"] else rest
    if rest[:1] and rest[0] in _ENDING:
        rest = rest[1:]
        rest = rest[1:] if rest[:1] in (["in"], ["with"]) else rest
        return bool(rest) and rest[0][:1].isdigit()
    return False


ZEROED = frozenset(
    {"renewal", "fee", "charge", "bill", "invoice", "payment", "subscription", "premium",
     "rent", "instalment", "installment", "membership", "fare", "price"}
)  # fmt: skip
"""What of the customer's, said to be nothing, is a charge taken off: "your renewal"."""

_OWED = frozenset({"balance", "total", "owing", "outstanding", "due", "remaining", "left"})
"""What said to be nothing is paid off, perhaps by the customer: "your balance will be $0"."""


def zeroed(said: list[str]) -> bool:
    """The subject's words `said` name a charge of the customer's, to be nothing ("$0").

    "Next month's renewal will be $0", "your June fee will be zero": not a balance or a total
    ("your balance will be $0 after this payment": paid off, perhaps by the customer).
    """
    return not ZEROED.isdisjoint(said) and _OWED.isdisjoint(said)


_NOTHING = frozenset({"zero", "nothing", "nil"})
"""The words of a sum that is nothing."""


def to_nothing(words: list[str], j: int) -> bool:
    """`words` at `j` say "to" nothing: "adjusted to zero", "adjusted to $0.00".

    An adjustment "down" takes something off; one "to" a sum may go either way, but one to
    nothing can only have taken the charge away. The sum it was may come first: "adjusted
    from $1,110 to $0" (`nothing_end`).
    """
    return nothing_end(words, j) >= 0


def nothing_end(words: list[str], j: int) -> int:
    """Where "to" nothing that opens at `j` ends ("from $35 to $0" too), or -1.

    Examples:
        >>> nothing_end(["adjusted", "from", "$1,110", "to", "$0", "."], 1)
        5
        >>> nothing_end(["to", "$1,250"], 0), nothing_end(["from", "$35", "to", "zero"], 0)
        (-1, 4)
    """
    if words[j : j + 1] == ["from"] and j + 2 < len(words) and is_amount(words[j + 1]):
        j += 2  # "from $1,110 to $0": the sum it was, then what it is now
    if words[j : j + 1] != ["to"] or j + 1 >= len(words):
        return -1
    w = words[j + 1]
    sum_of_nothing = w[:1] in "$£€¥" and w[1:] != "" and set(w[1:]) <= {"0", ".", ","}
    return j + 2 if w in _NOTHING or sum_of_nothing else -1

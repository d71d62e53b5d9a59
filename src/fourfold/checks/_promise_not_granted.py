"""What stands next to a grant yet grants nothing, read by `_promises` before it finds one.

Round 139 of the corpus (deployed agents' replies, in markdown) had three such shapes:

- a request filed for someone else to decide (and, round 241, the grant itself named as
  what was raised with a unit of ours: "I've raised the compensation with our claims
  department"): "I've raised your request to waive the £95
  fee with our Accounts team", "I've logged a request to refund you with billing": what was
  raised is the request, the grant stays with them (not "I've approved your request to waive
  the fee", which decides), also when the request is named by what it asks ("I've passed
  your price match request to our pricing team") (`filed_request`);
- a price charged, told as a label and its value: "**Charged:** €289.00 to Amex ending 1004",
  "Amount paid: $40": the customer paid, so the upgrade beside it is sold (`charged_label`);
- what a rule does, in the present passive under a policy frame: "as per the railway rules,
  ... a flat charge of ₹180 is deducted and the balance is refunded" (not "as per your
  request, the fee is waived", nor "per our policy, your $30 refund is processed", which
  names this customer's sum) (`told_as_rule`).

And one shape read as everyone's that is one customer's: a party counted after "your" ("your
corporate lunch order for 30 people will absolutely be there", "your table for 4 guests"):
people counted are a group's size, not everyone (not "customers who book for 2 people",
"any order for 30 people") (`party_of`).

And, round 287, a grant of before given as the reason the same grant is declined now: "I'm
not able to waive the late fee this time, as it was already waived once this year", "we
can't credit it again because it was credited previously": the verb declined (negated) in
the clause before, then "as", "because" or "since", the subject, and the same verb done,
told as past ("already", "previously", "once", "before", "earlier", "last"). That grant is
old news and the reason for a no (not "I can't waive the fee, but the charge was refunded",
no reason; nor "I can't refund the postage, as the order was refunded in full", nothing to
say it came before) (`granted_before`).
"""

from __future__ import annotations

from ._lexicon import AUTH_NOUNS, GENERIC_NOUNS, QUANTIFIERS, VERBS, is_amount
from ._promise_business import SPEAKING_FOR_US

__all__ = ["charged_label", "filed_request", "granted_before", "party_of", "told_as_rule"]

_FILING = frozenset(
    {"raised", "logged", "filed", "lodged", "submitted", "passed", "forwarded", "escalated",
     "sent", "put", "opened", "created", "flagged", "referred"}
)  # fmt: skip
"""The verbs that put a request before someone else ("I've raised your request")."""

_REQUESTS = frozenset({"request", "application", "ticket", "case", "query", "appeal"})

_AUXILIARIES = frozenset(
    {"has", "have", "had", "was", "were", "is", "are", "been", "be", "will", "shall", "'s"}
)

_CHARGED_LABELS = frozenset({"charged", "paid", "debited", "billed", "charge"})
"""A label that names what the customer paid ("Charged:", "Amount paid:")."""

_MARKS = frozenset({"*", "**", "_", "__", "`"})

_YOURS_OR_ASKED = frozenset({"your", "request", "requested", "agreement", "agreed", "you"})
"""After a policy frame's first word: the frame points at this customer ("as per your
request"), not at a rule."""


def filed_request(words: list[str], start: int, end: int) -> bool:
    """A request was filed in `start`..`end`, before anything granted ("raised your request to").

    Or the shape is the customer's request itself, its verb a participle inside it with no
    auxiliary ("your request for the refund of the jacket ordered on 5 December"; not "your
    request for a refund has been approved").
    """
    said = words[start:end]
    if (
        said[:1] == ["your"]
        and said[1:2]
        and said[1] in _REQUESTS
        and said[2:3] in (["for"], ["to"])
    ):
        if _AUXILIARIES.isdisjoint(said):
            return True
    for k in range(start, min(end, len(words))):
        if words[k] not in _FILING:
            continue
        j = k + 1 + (words[k + 1 : k + 2] in (["in"], ["through"], ["up"]))
        j += words[j : j + 1] in (["your"], ["a"], ["an"], ["the"], ["our"])
        j += words[j : j + 1] in (["formal"], ["new"], ["urgent"])
        j = _request_noun(words, j)
        if words[j : j + 1] and words[j] in _REQUESTS and _put_to(words, j + 1):
            return True
        if _grant_put_before(words, j):
            return True
    return False


def _grant_put_before(words: list[str], j: int) -> bool:
    """From `j`, a grant named by its noun, then the unit of ours it was filed with.

    "I've raised the late-delivery compensation with our claims department", "escalated
    the refund to the billing team" (round 241): a grant's noun (`AUTH_NOUNS`) at most
    three plain words on, then "with" or "to" and a unit of the business ("our" or "the",
    ended by `SPEAKING_FOR_US` within `_PARTY_WORDS`): the grant is before them, not given
    (not "raised a credit on your account", nor "sent the refund to your card").
    """
    k = j
    while k < min(j + 4, len(words)) and words[k] not in {"with", "to"}:
        if not words[k].replace("-", "").isalpha():
            return False
        k += 1
    if not (j < k < len(words) and words[k - 1] in AUTH_NOUNS):
        return False  # the grant's noun ends the phrase: "the goodwill credit with"
    if words[k + 1 : k + 2] not in (["our"], ["the"]):
        return False
    for p in range(k + 2, min(len(words), k + 2 + _PARTY_WORDS)):
        if words[p] in SPEAKING_FOR_US - {"they", "system"}:
            return True
        if not words[p].isalpha():
            return False
    return False


def _request_noun(words: list[str], j: int) -> int:
    """Where the request's noun is, at `j` or after at most two words naming what it asks.

    A request named by what it asks for ("your price match request", "a refund request")
    is filed as "your request for a price match" is; the words before the noun are plain
    words, no mark or figure.
    """
    for k in range(j, min(j + 3, len(words))):
        if words[k] in _REQUESTS:
            return k
        if not words[k].replace("-", "").isalpha():
            break
    return j


_ASKING = frozenset({"to", "for", "asking", "requesting"})
"""After a request filed: what it asks for ("a case for a refund", "a case asking them")."""

_PARTY_WORDS = 5
"""How many words a party the request was filed with may take ("with our billing team")."""


def _put_to(words: list[str], j: int) -> bool:
    """After a request's noun at `j` - 1: what it asks, maybe after whom it was filed with.

    "raised a case for a refund", "raised a case with our billing team asking them to look
    at a goodwill credit" (round 153): the request is before someone else, so what it asks
    for is not granted.
    """
    if words[j : j + 1] == ["with"]:
        for k in range(j + 1, min(len(words), j + 1 + _PARTY_WORDS)):
            if words[k] in _ASKING:
                return True
            if words[k] == "and" or not words[k][:1].isalnum():
                return False  # the party's phrase ended: "with billing and refunded the fee"
        return False
    return bool(words[j : j + 1]) and words[j] in _ASKING


def charged_label(words: list[str], k: int) -> bool:
    """The word at `k` is a label naming a charge, and its value an amount ("Charged: €289")."""
    if words[k] not in _CHARGED_LABELS:
        return False
    j = k + 1
    while j < len(words) and words[j] in _MARKS:
        j += 1
    if words[j : j + 1] != [":"]:
        return False
    j += 1
    while j < len(words) and words[j] in _MARKS:
        j += 1
    return j < len(words) and is_amount(words[j])


def told_as_rule(words: list[str], frame: int, start: int, trigger: int, end: int) -> bool:
    """A completed shape in the present passive after a policy frame at `frame`: a rule told.

    "As per the railway rules, ... the balance is refunded": "is" or "are" right before the
    participle (not "has been", "was"), and neither the frame nor the shape is this
    customer's ("as per your request", "your $30 refund").
    """
    if frame >= start or words[trigger - 1 : trigger] not in (["is"], ["are"]):
        return False
    if not _YOURS_OR_ASKED.isdisjoint(words[frame : frame + 4]):
        return False
    said = words[start:end]
    return not ("your" in said and any(is_amount(x) for x in said))


_COUNTS = frozenset(
    {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve",
     "twenty", "thirty", "forty", "fifty", "hundred", "dozen"}
)  # fmt: skip


def party_of(words: list[str], start: int, end: int) -> bool:
    """The shape `start`..`end` is the customer's, every "people" in it a counted party."""
    said = words[start:end]
    if said[:1] != ["your"] or not QUANTIFIERS.isdisjoint(said):
        return False
    return all(
        k > 0 and (said[k - 1].isdigit() or said[k - 1] in _COUNTS)
        for k, x in enumerate(said)
        if x in GENERIC_NOUNS
    )


_REASONS = frozenset({"as", "because", "since", "cause", "coz"})
"""What opens the reason a grant is declined: "..., as it was already waived"."""

_BEFORE_NOW = frozenset({"already", "previously", "once", "before", "earlier", "last", "prior"})
"""What tells a grant as done before now: "already waived", "waived once this year"."""


def granted_before(words: list[str], negation: list[int], start: int, end: int) -> bool:
    """The grant `start`..`end` is why the same grant, negated before it, is declined now.

    `negation` gives, for each token, where the negation governing it stands (or -1). The
    grant's verb (its last word in `VERBS` as a past form) is the base of a negated verb at
    most 16 words before the reason's opener (`_REASONS`, right before the grant's subject
    or opening the shape), and a word of `_BEFORE_NOW` stands in the grant or the four
    words after it.
    """
    opener = start if words[start] in _REASONS else start - 1  # (the shape may open with it)
    if opener < 1 or words[opener] not in _REASONS:
        return False
    done = next(
        (VERBS[x][0] for x in reversed(words[start:end]) if VERBS.get(x, ("", ""))[1] == "past"),
        "",
    )
    if not done or _BEFORE_NOW.isdisjoint(words[start : end + 4]):
        return False
    return any(
        VERBS.get(words[k], ("", ""))[0] == done and negation[k] >= 0
        for k in range(max(0, opener - 16), opener)
    )

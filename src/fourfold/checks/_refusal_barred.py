"""Limits told without a modal: what is done only for someone else, and what is barred on our side.

Two shapes of a rule that declines by naming the limit itself, with no "can't" said:

- **only to them**: data or an act given, in the passive, only to a third person, which
  declines anyone else: "his exam marks can be given only to him, not to parents",
  "membership status is discussed only with that member", "a reset is only ever sent to the
  email on his own profile" (`only_to_them`, rule "not possible"). Not the customer's own
  ("your code is sent only to your phone": a reassurance), nor a question.
- **barred on our side**: an act or a thing said, in the passive, to be blocked, barred,
  forbidden or prohibited by the house: "linking someone else's profile to your login is
  blocked on our side", "lithium batteries sent alone are forbidden on our air network"
  (`barred_by_us`, rule "outside our remit"). Not the customer's own thing said blocked
  ("your card is blocked on our side": a state told), not negated, not a question.
- **only what we do**: the house doing one kind of a service "only", which declines the
  kind asked for: "our service centre handles walk-in repairs only at present", "we take
  card payments only" (`house_does_only`, rule "not something we do"). Not the customer's
  own ("we use your data only for billing": a reassurance), nor a question.
- **offers that don't stack**: "discounts don't stack with price matches", "vouchers do not
  combine with other offers" (`not_stacking`, rule "not possible"): a rule that the second
  offer asked for is not given. Not "it doesn't combine well", said of no offer.

Each reads a few words around its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_house import speaker_start
from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import PEOPLE, REQUESTED

__all__ = ["BARRED", "barred_by_us", "house_does_only", "not_stacking", "only_to_them"]

BARRED = frozenset({"blocked", "barred", "forbidden", "prohibited"})
"""Participles of a bar, read by `barred_by_us` after "is" or "are"."""

_SENT = REQUESTED | frozenset(
    {
        "sent",
        "shown",
        "told",
        "emailed",
        "texted",
        "mailed",
        "posted",
        "passed",
        "handed",
        "discussed",
    }
)
"""Participles of giving that "only" limits: "given only to him", "only ever sent to"."""

_BE = frozenset({"be", "is", "are", "was", "were"})

_THIRD = frozenset({"him", "her", "them", "his", "their", "that", "this", "the"})
"""What opens the third person the act is limited to: "only to him", "with that member"."""

_OURS = frozenset({"our", "us"})

_SIDES = frozenset({"side", "end", "network", "platform", "system", "systems", "service"})
"""Where the house bars an act: "blocked on our side", "forbidden on our air network"."""


def _third_person(r: Reasons, k: int) -> int:
    """Where a third person (not the customer) named from `k` ends, or -1.

    "Him", "that member", or what is theirs: "the email on his own profile".
    """
    first = r.word(k)
    window = r.w[k : k + 6]
    if first not in _THIRD or "you" in window or "your" in window:
        return -1
    if first in {"him", "her", "them"}:
        return k + 1
    if r.word(k + 1) in PEOPLE:
        return k + 2  # "with that member", "to the student"
    owner = next((t for t, x in enumerate(window) if x in {"his", "her", "their"}), -1)
    if owner < 0:
        return -1
    return k + owner + 1 + (r.word(k + owner + 1) == "own") + 1  # "on his own profile"


_GIVING = frozenset(
    {"give", "gives", "send", "sends", "show", "shows", "release", "releases", "share",
     "shares", "discuss", "discusses", "pass", "passes", "hand", "hands", "go", "goes"}
)  # fmt: skip
"""Verbs of giving in the present, before "only": "staff give it out only to the member"."""


def _giving_before(r: Reasons, i: int) -> int:
    """Before "only" at `i`, a verb of `_GIVING` (its object a pronoun, then "out"); or -1."""
    j = i - 1
    j -= r.word(j) == "out"  # "give it out only to", "go out only with"
    j -= r.word(j) in {"it", "them", "this", "these"}
    return j if j >= 0 and r.w[j] in _GIVING else -1


def only_to_them(r: Reasons, i: int) -> Found | None:
    """At "only": an act done only to or with a third person, in the passive or the present.

    "His exam marks can be given only to him", "membership status of any member is discussed
    only with that member", "a password reset is only ever sent to the email on his own
    profile", "staff give it out only to the member themselves", "contact details go out only
    with that tenant's say-so"; not "your refund is sent only to your card", nor "you give
    it only to him".
    """
    if r.s.question:
        return None
    if (verb := _giving_before(r, i)) >= 0:
        k = i + 1  # "staff give it out only to the member", "details go out only with his"
    elif r.word(i - 1) in _SENT and r.word(i - 2) in _BE:
        verb, k = i - 1, i + 1  # "can be given only to him"
    elif r.word(i - 1) in _BE - {"be"}:
        verb = i + 1 + (r.word(i + 1) == "ever")  # "is only ever sent to"
        k = verb + 1
        if r.word(verb) not in _SENT:
            return None
    else:
        return None
    k += r.word(k) == "ever"
    end = _third_person(r, k + 1) if r.word(k) in {"to", "with"} else -1
    if end < 0:
        return None
    start = r.subject_start(min(i, verb))
    if r.word(start) in {"your", "you"}:
        return None
    return ("not possible", start, end, None)


def barred_by_us(r: Reasons, i: int) -> Found | None:
    """At a participle of `BARRED` after "is" or "are": an act the house bars.

    "Linking someone else's profile to your login is blocked on our side", "batteries sent
    alone are forbidden on our air network"; not "your card is blocked on our side".
    """
    if r.word(i - 1) not in {"is", "are"} or r.s.question:
        return None
    after = r.w[i + 1 : i + 5]
    if r.word(i + 1) == "by":
        ours = r.word(i + 2) in _OURS
    else:
        ours = r.word(i + 1) in {"on", "at", "across", "in"} and bool(_OURS & set(after))
        ours = ours and not _SIDES.isdisjoint(after)
    if not ours:
        return None
    start = r.subject_start(i)
    if r.word(start) in {"your", "you", "it", "this", "that"} or r.hypothetical(i):
        return None
    if r.s.negation[i] >= 0 and i - r.s.negation[i] <= 2:
        return None
    end = i + 2 + next((t for t, x in enumerate(after) if x in _SIDES or x == "us"), 0)
    return ("outside our remit", start, end, None)


_DOING = frozenset(
    {"handles", "handle", "accepts", "accept", "takes", "take", "does", "do", "offers", "offer",
     "provides", "provide", "sells", "sell", "ships", "ship", "serves", "serve", "processes",
     "process", "issues", "issue", "repairs", "repair", "delivers", "deliver"}
)  # fmt: skip
"""What the house does "only" of one kind: "our service centre handles walk-in repairs only"."""

_ENDING = frozenset({",", ".", ";", "!", "—", "-", "at", "for", "now", "these", "this", ""})
"""What may follow "only" at the end of the limit: "only at present", "only, sorry"."""


def house_does_only(r: Reasons, i: int) -> Found | None:
    """At "only": we or the house do one kind of a service only, after its object.

    "Our service centre handles walk-in repairs only at present", "we take card payments
    only"; not "we use your data only for billing", nor "I only ...".
    """
    if r.word(i + 1) not in _ENDING or r.s.question:
        return None
    if r.word(i + 1) in {"for", "at"} and r.word(i + 2) not in {"now", "present", "the"}:
        return None  # "only for billing": a purpose, not a limit on a kind
    verb = next((k for k in range(i - 2, max(-1, i - 6), -1) if r.w[k] in _DOING), -1)
    if verb < 1 or not all(r.is_word(k) for k in range(verb + 1, i)):
        return None
    if "your" in r.w[verb + 1 : i] or "you" in r.w[verb + 1 : i]:
        return None
    j = verb - 1
    start = j if r.w[j] == "we" else speaker_start(r.s, j)
    if start is None or r.hypothetical(i):
        return None
    return ("not something we do", start, i + 1, None)


_OFFERS = frozenset(
    {"discounts", "discount", "offers", "offer", "codes", "code", "vouchers", "voucher",
     "promotions", "promotion", "promos", "promo", "coupons", "coupon", "deals", "deal"}
)  # fmt: skip
"""What a rule says does not stack: "discounts don't stack with price matches"."""


def not_stacking(r: Reasons, i: int) -> Found | None:
    """At "not": offers that "don't stack" or "do not combine" with another.

    "Discounts don't stack with price matches", "vouchers do not combine with other offers";
    not "the colours don't combine well".
    """
    if r.word(i - 1) not in {"do", "does"} or r.word(i + 1) not in {"stack", "combine"}:
        return None
    if r.s.question or r.hypothetical(i):
        return None
    start = r.subject_start(i)
    if _OFFERS.isdisjoint(r.w[start : i - 1]):
        return None
    return ("not possible", start, i + 2, None)

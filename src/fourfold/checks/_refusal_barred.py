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
  The tenth pass: the house's things that "come" only one way, its people who "work" or
  "run" only one way ("our documents come in English and Hindi only", "trainers work on
  site only"), and a verb joined by "and" to a first one after the subject ("our vans run
  Mon-Sat and deliver to street addresses only"); not what the customer is then told is
  theirs ("..., so yours is attached").
- **a kind's practice "only"**: a kind of thing the house hands out, told in the plural
  passive with "only" after its participle or its phrase ("Advance fares on this route are
  issued as e-tickets only", "replacement SIMs are handed over at the store only",
  "payments under the scheme are made for the current scheme year only", "ownership
  transfers are granted only to the business that created the page", "recommendations are
  given only by our licensed managers"): the limit declines what lies outside it
  (`practice_only`, rule "not possible"; the tenth pass, 5 dev misses of rounds 230 and
  254). Not the
  customer's own ("your refunds are sent to your card only": a reassurance; where a kind
  goes, told: "refunds are issued only to the original card"; "vouchers are
  sent by email only, so yours is in your inbox": the customer's told where theirs is), nor
  "is" (one thing's state: "the payment is made for March only"), nor a question.
- **offers that don't stack**: "discounts don't stack with price matches", "vouchers do not
  combine with other offers" (`not_stacking`, rule "not possible"): a rule that the second
  offer asked for is not given. Not "it doesn't combine well", said of no offer.

Each reads a few words around its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_house import speaker_start
from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import PEOPLE, REQUESTED, SPEAKERS

__all__ = [
    "BARRED",
    "barred_by_us",
    "house_does_only",
    "not_stacking",
    "only_to_them",
    "practice_only",
]

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
    doing = _DOING | _COMING
    verb = next((k for k in range(i - 2, max(-1, i - 6), -1) if r.w[k] in doing), -1)
    if verb < 1 or not all(r.is_word(k) for k in range(verb + 1, i)):
        return None
    if "your" in r.w[verb + 1 : i] or "you" in r.w[verb + 1 : i]:
        return None
    so = next((k for k in range(i + 1, min(r.n, i + 4)) if r.w[k] == "so"), -1)
    if so >= 0 and r.word(so + 1) in {"your", "yours"}:
        return None  # "our cards come in plastic only, so yours ...": the customer's told
    j = _joined_subject(r, verb - 1)
    start = j if r.w[j] == "we" else _ours(r, j)
    if start is None or r.hypothetical(i):
        return None
    return ("not something we do", start, i + 1, None)


_COMING = frozenset({"come", "work", "run"})
"""Verbs of how the house's things or people come or work, which "only" limits after them:
"our cheque books come in English only", "trainers work on site only" (the tenth pass);
their subject "our" and a plural noun, or the house's people (`speaker_start`)."""


def _ours(r: Reasons, j: int) -> int | None:
    """Where the house's subject ending at `j` starts, or None.

    The house or its people (`speaker_start`), "our" and a plural noun with at most one word
    between ("our vans", "our cheque books"), or its people bare, opening a clause ("...,
    trainers work").
    """
    start = speaker_start(r.s, j)
    if start is not None or j < 1 or not _looks_plural(r.w[j]):
        return start
    if r.w[j - 1] == "our" or (j >= 2 and r.w[j - 2] == "our" and r.is_word(j - 1)):
        return j - 1 if r.w[j - 1] == "our" else j - 2
    if r.w[j] in SPEAKERS and r.w[j - 1] in {",", ";", ":", "-", "—", "–"}:
        return j
    return None


def _joined_subject(r: Reasons, j: int) -> int:
    """The subject's last word before the verb after `j`, past a first verb joined by "and".

    "Our vans run Mon-Sat and deliver to street addresses only": the subject of "deliver" is
    "our vans", before "run": the word before a first verb of `_DOING` or `_COMING`, or "our"
    and a plural noun (at most five words back); otherwise `j` itself.
    """
    if r.word(j) != "and":
        return j
    first = next((k for k in range(j - 1, max(0, j - 5), -1) if r.w[k] in _DOING | _COMING), -1)
    if first >= 1:
        return first - 1
    ours = (
        k for k in range(j - 2, max(1, j - 6), -1) if _looks_plural(r.w[k]) and _ours(r, k) == k - 1
    )
    return next(ours, j)


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


_HANDED_OUT = _SENT | frozenset({"delivered", "sold", "printed", "produced", "dispensed", "paid"})
"""Participles of a kind handed out, which a practice's "only" limits (`practice_only`)."""

_AFTER_ONLY = frozenset({"to", "by", "at", "in", "as", "for", "from", "on", "with", "through"})
"""After "only", what opens the phrase it limits: "only to the business", "only by our"."""

_THEIRS_NOT = frozenset({"you", "your", "yours", "yourself", "not", "no", "never"})
"""In a practice's span, what makes it the customer's own or no limit (`practice_only`)."""

_PRACTICE_REACH = 6
"""How many words a participle may stand before "only" (`practice_only`)."""


def practice_only(r: Reasons, i: int) -> Found | None:
    """At "only": a kind's practice in the plural passive that "only" limits.

    "Advance fares on this route are issued as e-tickets only", "ownership transfers are
    granted only to the business that created the page" (module docstring). The participle
    (`_HANDED_OUT`, "over" or "out" after it) stands after "are" at most six words before
    "only"; "only" ends the clause or opens a phrase (`_AFTER_ONLY`) that is not the
    customer's. The subject's last word a plural noun, none of it the customer's.
    """
    if r.s.question or r.hypothetical(i):
        return None
    after = r.word(i + 1)
    if not (after in _ENDING or (after in _AFTER_ONLY and r.word(i + 2) not in _THEIRS_NOT)):
        return None
    p = next(
        (k for k in range(i - 1, max(0, i - 1 - _PRACTICE_REACH), -1) if r.w[k] in _HANDED_OUT),
        -1,
    )
    if p < 2 or r.w[p - 1] != "are" or not all(r.is_word(k) for k in range(p + 1, i)):
        return None
    start = r.subject_start(p - 1)
    head = r.w[start : min(p - 1, start + 3)]
    if not head or head[0] in _SPECIFIC or not any(_looks_plural(x) for x in head):
        return None  # (not "the payment is made for March only", one thing's state)
    if not _THEIRS_NOT.isdisjoint(r.w[start:i]) or (
        after in _AFTER_ONLY and r.word(i + 2) in _THEIRS_NOT
    ):
        return None
    so = next((k for k in range(i + 1, min(r.n, i + 4)) if r.w[k] == "so"), -1)
    if so >= 0 and r.word(so + 1) in {"your", "yours"}:
        return None  # "vouchers are sent by email only, so yours is in your inbox": told
    if not _WHERE_MONEY_GOES.isdisjoint(r.w[p + 1 : min(r.n, i + 5)]):
        return None  # "refunds are issued only to the original card": where it goes, told
    return ("not possible", start, i + 1, None)


_WHERE_MONEY_GOES = frozenset(
    {"card", "cards", "account", "accounts", "method", "methods", "wallet", "bank", "paypal",
     "visa", "mastercard", "email", "e-mail", "inbox", "address", "addresses"}
)  # fmt: skip
"""Where a practice sends what it hands out, a destination told and no limit on a request:
"refunds are issued only to the original card" (`practice_only`)."""


_SPECIFIC = frozenset({"the", "this", "that", "these", "those", "my", "his", "her", "their", "its"})
"""What opens a subject that names one matter, not a kind (`practice_only`)."""


def _looks_plural(word: str) -> bool:
    """A plural noun's look: "fares", "payments", "sims" (not "is", "this", "us")."""
    return word.isalpha() and len(word) > 3 and word.endswith("s") and not word.endswith("ss")

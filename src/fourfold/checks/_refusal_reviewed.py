"""A verdict after a review, in a second predicate that shares the review's subject.

A house tells the customer it looked at the request and then gives its answer, joined by
"and" with one subject for both: "The Admissions Committee met on Tuesday and has declined
your request", "our revenue team looked at your request ... and has not approved it",
"your request was reviewed by our fraud unit yesterday and was rejected", "our quality team
checked the returned blender and decided to reject the exchange", "our customs team has
looked at the request and won't declare the watches as a gift". The other readers look for
the subject just before the verdict, and here it stands before the review, a dozen words
back (dev rounds 207, 237, 240 and 250).

`reviewed_verdict` reads at the verdict's word (rule "declines"):

- the verdict: "declined", "rejected", "refused", "denied" (after "has", "was" or nothing);
  "not" (or "never") with "approved", "accepted", "granted", "agreed"; "will not" (or "is not
  going to") and any verb, after a review of the request itself ("looked at the request and
  won't declare them"); "decided" with "to" and a verb of refusing, with "not to" or
  "against", or with a clause it negates or keeps as it is ("decided the screen isn't
  covered", "decided it will stay online");
- just before it, "and" (with "has", "have", "was", "were" or "then" between);
- before "and", in the same sentence and at most twenty words back, a verb of review
  (`_REVIEWED`: "reviewed", "looked at", "checked", "discussed", "met", "considered");
- before the review, its subject: a house of ours (`speaker_start`: "our quality team", "the
  Admissions Committee", "the membership office") or "we"; or, for a passive verdict ("was
  rejected"), the customer's request ("your request to port the number was reviewed").

Not a verdict for the customer ("reviewed your claim and has approved it": no negation), not
a review with no house or request before it ("I looked at the photos and was refused entry"
has "I"), and not a verdict of someone else's ("the airline reviewed it and rejected it": no
house of ours). Reads a bounded window before the verdict and a few words after it, so the
cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_house import speaker_start
from ._refusal_passive import Found
from ._refusal_reasons import Reasons, verb_in
from ._refusal_words import DECIDED_REQUESTS, REQUEST_NOUNS, REQUESTED

__all__ = ["REVIEWED_ANCHORS", "reviewed_verdict"]

_VERDICTS = frozenset({"declined", "rejected", "refused", "denied"})
"""A verdict given in the active or the passive: "and has declined", "and was rejected"."""

_GRANTS = frozenset({"approved", "accepted", "granted", "agreed"})
"""After "not": a verdict withheld ("and has not approved it", "and was not approved")."""

_REFUSING = frozenset({"reject", "decline", "refuse", "deny", "turn"})
"""After "decided to": "decided to reject the exchange", "decided to turn it down"."""

_KEPT = frozenset({"stay", "stays", "remain", "remains", "stand", "stands"})
"""In the clause after "decided": the thing asked about kept as it is ("it will stay online")."""

_NEGATIONS = frozenset({"not", "no", "never"})

_WITHHELD = frozenset({"covered", "eligible", "possible", "available", "further"}) | REQUESTED
"""After a negation in the clause "decided" opens: what is withheld ("the screen isn't
covered", "no further action will be taken"); not "the fee won't apply" (spared)."""

_SPARING = frozenset(
    {"charge", "bill", "need", "cancel", "close", "penalise", "penalize", "fine", "debit",
     "deduct", "pursue", "chase", "require", "ask", "contact", "increase", "raise", "affect",
     "apply", "take", "hold", "suspend", "report"}
)  # fmt: skip
"""Verbs whose "will not" (or "decided not to") spares the customer: "reviewed your account
and won't charge the fee", "decided not to pursue the debt"."""

REVIEWED_ANCHORS = frozenset({"decided"} | _VERDICTS)
"""The words `reviewed_verdict` anchors at, besides "not" (read by the refusal rules)."""

_REVIEWED = frozenset(
    {"reviewed", "looked", "checked", "discussed", "met", "considered", "examined",
     "assessed", "inspected", "tested", "reconsidered"}
)  # fmt: skip
"""A house's review, the first of the two predicates: "checked the blender and decided"."""

_BETWEEN = frozenset({"has", "have", "had", "was", "were", "then", "subsequently"})
"""Between "and" and the verdict: "and has declined", "and was rejected", "and then refused"."""

_AUX = frozenset({"has", "have", "had", "was", "were", "is", "are"})
"""Before a verb of review: "has looked", "was reviewed"."""

_REQUESTS = DECIDED_REQUESTS | REQUEST_NOUNS

_WINDOW = 20
"""How far before "and" the review is looked for."""


def reviewed_verdict(r: Reasons, i: int) -> Found | None:
    """At a verdict's word: a house's review and its negative verdict, one subject for both."""
    found = _verdict(r, i)
    if found is None:
        return None
    at, end, passive, about_request = found
    k = at - 1
    while r.word(k) in _BETWEEN and k > at - 3:
        k -= 1
    if r.word(k) != "and":
        return None
    start = _reviewed_by(r, k, passive, about_request)
    if start is None:
        return None
    return ("declines", start, end, None)


def _verdict(r: Reasons, i: int) -> tuple[int, int, bool, bool] | None:
    """The verdict at `i`: where it starts, where it ends, passive, and needing the request.

    The last says the verdict declines only when what was reviewed is the request itself:
    "won't declare them" after "looked at the request and".
    """
    w = r.w[i]
    if w in _VERDICTS:
        passive = r.word(i - 1) in {"was", "were"}
        return (i - (r.word(i - 1) in _BETWEEN), i + 1, passive, False)
    if w in _NEGATIONS and r.word(i + 1) in _GRANTS:
        aux = r.word(i - 1)
        if aux not in {"has", "have", "was", "were", "did"}:
            return None
        return (i - 1, i + 2, aux in {"was", "were"}, False)
    if w == "not" and r.word(i - 1) == "will":
        v = i + 1 + (r.word(i + 1) == "be")  # "and won't be moving the date"
        if r.word(v).isalpha() and verb_in(r.word(v), _SPARING) is None:
            return (i - 1, v + 1, False, True)  # "and won't declare the watches"
    if w == "decided":
        at = i - (r.word(i - 1) in _BETWEEN)
        if _decides_against(r, i):
            return (at, min(r.n, i + 3), False, False)
    return None


def _decides_against(r: Reasons, i: int) -> bool:
    """After "decided" at `i`: to refuse, not to, against, or a clause that keeps or negates.

    "decided to reject the exchange", "decided not to open a Saturday slot", "decided against
    it", "decided the cracked screen isn't covered", "decided it will stay online"; the
    clause is read up to its first break, at most eight words.
    """
    x = r.word(i + 1)
    if x == "against" or (x == "to" and r.word(i + 2) in _REFUSING):
        return True
    if x == "not" and r.word(i + 2) == "to":
        return verb_in(r.word(i + 3), _SPARING) is None  # not "decided not to charge it"
    for k in range(i + 2, min(r.n, i + 9)):
        y = r.w[k]
        if not r.is_word(k):
            return False
        if y in _KEPT:
            return True  # "decided it will stay online"
        if y in _NEGATIONS:
            after = r.w[k + 1 : k + 3]
            return not _WITHHELD.isdisjoint(after)  # "decided the screen isn't covered"
    return False


def _reviewed_by(r: Reasons, k: int, passive: bool, about_request: bool) -> int | None:
    """Before "and" at `k`: a house's review, or the request reviewed; where its subject starts."""
    for v in range(k - 1, max(-1, k - _WINDOW), -1):
        x = r.w[v]
        if x in {".", ";", "?", "!", ":"}:
            return None
        if x not in _REVIEWED:
            continue
        if about_request and _REQUESTS.isdisjoint(r.w[v + 1 : k]):
            return None  # "looked at the request and won't...": the request reviewed
        j = v - 1
        while r.word(j) in _AUX and j > v - 3:
            j -= 1
        if passive or r.word(v - 1) in {"was", "were"}:
            if not passive:
                return None  # "your request was reviewed and won't...": no house that decides
            back = max(0, j - 12)
            if any(r.w[t] in _REQUESTS and r.word(t - 1) in {"your", "the", "this"}
                   for t in range(back, j + 1)):  # fmt: skip
                return r.subject_start(j)
            return None
        if r.word(j) == "we":
            return j
        return speaker_start(r.s, j)
    return None

"""Shapes of a promise that another word nearby takes back, read after `_promises` finds one.

Round 148 of the corpus (hard negatives written to look like promises) had five such shapes:

- a limit told after the commitment: "We'll refund you the full A$89. That's only once the
  parcel has come back", "I can raise a refund, but it only goes ahead if the hotel
  confirms": "only" and a condition, in the rest of the sentence or opening the next one,
  after a word pointing back (that, this, it, but) (`limited_after`, "conditional");
- someone else's words reported with a verb the sentence reader does not take as reporting:
  "they say they've approved your refund", "the airline has written to say they've paid",
  "the adviser tells you that you'll get the fee back" (not "I'm happy to say we've refunded
  you", "we've written to say"), or a third party's act told from their notice: "From the
  notice your bank sent us, they reversed the charge" (`theirs`, "reported speech");
- a mild certainty, a hedge: "I'm fairly sure the credit note will go through", "pretty
  confident" (not "I'm absolutely sure") (`mildly_sure`, "hedged");
- an upgrade the customer is charged a sum for: "you'll be charged $49 a month instead of
  $29" (not "you won't be charged") (`charged_a_sum`, "paid by the customer").
"""

from __future__ import annotations

from ._grammar import Sentence
from ._guarantees import Shape
from ._lexicon import is_amount
from ._reading import words_of

__all__ = ["charged_a_sum", "qualified"]

_POINTING = frozenset({"that", "this", "it", "but", "which", "though"})
"""What opens a limit on what came before ("That's only if", "but it only goes ahead if")."""

_LIMITS = frozenset(
    {"if", "once", "when", "after", "provided", "providing", "assuming", "until", "where"}
)  # fmt: skip
"""The condition a limit names, a few words after "only"."""

_FIRST = frozenset({"i", "we", "me", "us", "our", "my"})

_SAYING = frozenset({"say", "says", "said", "tells", "told", "writes", "wrote", "confirm"})
"""Verbs that report words; "say" and "confirm" after "they"/"he"/"she" or "written to"."""

_WRITING = frozenset(
    {"written", "wrote", "emailed", "called", "rang", "phoned", "messaged", "texted", "replied",
     "responded", "contacted"}
)  # fmt: skip
"""A message sent, before "to say" ("has written to say they've paid")."""

_OWN_RECORDS = frozenset(
    {"system", "record", "records", "account", "note", "notes", "screen", "tool", "log",
     "dashboard", "ticket", "history", "portal", "app"}
)  # fmt: skip
"""What says things that are the business's own: "the system says it was refunded"."""

_NOTICES = frozenset(
    {"notice", "letter", "email", "e-mail", "message", "statement", "notification", "note"}
)
_OUTSIDE = frozenset(
    {"bank", "airline", "carrier", "courier", "insurer", "seller", "marketplace", "issuer",
     "lender", "landlord", "hotel", "retailer", "vendor", "merchant"}
)  # fmt: skip
"""Parties outside the business: "your bank ... they reversed the charge"."""

_THIRD = frozenset({"they", "he", "she"})

_WHATEVER = frozenset({"what", "whatever", "whoever"})
"""Before a reporting verb, words that override what is said: "no matter what X says"."""

_CLAUSE = frozenset({"that", "they", "he", "she", "you", "your", "it"})
"""Right after "says"/"said", what opens the words reported ("said they've", "says your")
(not "the said amount", "That said,", "now says Business")."""

_MILD = frozenset({"fairly", "pretty", "reasonably", "quite", "almost", "nearly", "mostly"})
_SURE = frozenset({"sure", "confident", "certain"})


def qualified(s: Sentence, text: str, m: Shape, upgrade_only: bool) -> str | None:
    """Why the shape `m` of sentence `s` in `text` is no promise after all, or None."""
    w = s.words
    if m.kind != "completed" and limited_after(w[m.end :], _next_words(s, text)):
        return "conditional"
    if theirs(w, m.start):
        return "reported speech"
    if mildly_sure(w, m.start):
        return "hedged"
    if upgrade_only and charged_a_sum(words_of(text)):
        return "paid by the customer"
    return None


def _next_words(s: Sentence, text: str) -> list[str]:
    """The first words of the sentence after `s` (a bounded look ahead)."""
    end = s.tokens[-1].end if s.tokens else 0
    return words_of(text[end : end + 160])[:14]


def _limit_in(words: list[str]) -> bool:
    """Whether "only" has a condition within four words after it ("not only" aside)."""
    for k, x in enumerate(words):
        if x == "only" and words[k - 1 : k] != ["not"]:
            if not _LIMITS.isdisjoint(words[k + 1 : k + 5]):
                return True
    return False


def limited_after(rest: list[str], nxt: list[str]) -> bool:
    """A limit follows the commitment: in the rest of its sentence or opening the next."""
    for k, x in enumerate(rest):
        if x in {".", "!", "?"}:
            break
        if x in _POINTING and _limit_in(rest[k : k + 6]):
            return True
    lead = nxt[1:] if nxt[:1] in ([","], ["—"], ["–"], ["-"]) else nxt
    return lead[:1] != [] and lead[0] in _POINTING and _limit_in(lead[:7])


def theirs(w: list[str], start: int) -> bool:
    """Before `start` in its sentence, someone else's words or notice report what follows."""
    for k in range(max(0, start - 12), start):
        x = w[k]
        if x in _SAYING and _someone_else_says(w, k):
            return True
    if w[start : start + 1] and w[start] in _THIRD:
        before = w[:start]
        if any(x in _OUTSIDE and before[k - 1 : k] != ["our"] for k, x in enumerate(before)):
            return True  # "your bank got back to us and they've reversed it"
        for k, x in enumerate(before):
            if x in {"from", "according"} and not _NOTICES.isdisjoint(before[k + 1 : k + 5]):
                return True  # "From the notice your bank sent us, they reversed ..."
    return False


def _someone_else_says(w: list[str], k: int) -> bool:
    x = w[k]
    before = w[max(0, k - 4) : k]
    if not _FIRST.isdisjoint(before) or not _OWN_RECORDS.isdisjoint(before):
        return False
    if x in {"say", "confirm"}:
        if before[-1:] == ["to"]:
            return before[-2:-1] != [] and before[-2] in _WRITING
        return before[-1:] != [] and before[-1] in _THIRD
    if before[-1:] in (["as"], [","], ["now"], []) or not _WHATEVER.isdisjoint(before):
        return False  # "as said", "your bill now says £22", "no matter what the assessor says"
    told = w[k + 1 : k + 3] in (["you", "that"], ["us", "that"])
    return told or (x in {"says", "said"} and w[k + 1 : k + 2] != [] and w[k + 1] in _CLAUSE)


def mildly_sure(w: list[str], start: int) -> bool:
    """A mild certainty before `start`: "I'm fairly sure", "pretty confident"."""
    for k in range(max(1, start - 8), start):
        if w[k] in _SURE and w[k - 1] in _MILD:
            return True
    return False


def charged_a_sum(words: list[str]) -> bool:
    """The customer is told they will be charged a sum: "you'll be charged $49 a month"."""
    for k, x in enumerate(words):
        if x in {"charged", "billed"} and words[k - 3 : k] == ["you", "will", "be"]:
            if is_amount(words[k + 1] if k + 1 < len(words) else ""):
                return True
    return False

"""A thing that cannot be or do what the customer asked: "the unused data can't roll over".

The reply declines by saying what the customer asked for cannot happen, with the thing, a
product or a rule as the subject of "can't" rather than I or we: "sorry, the unused data
can't roll over", "so the Midnight bundle can't go to your friend now", "the 40 GB restore
point you asked us to keep cannot be stored on this plan", "so that one can't be opened
now". Read only where the reply shows the thing was asked for; a plain fact ("the battery
can't overheat", "your points can't expire") declines nothing. One of three marks must be
in the sentence (`asked_thing_cannot`, rule "not possible"):

- **regret** just before, not an apology for a trouble ("sorry for the wait"): "sorry, the
  data can't roll over", "the upgrade won't work ..., sorry: vouchers can't be used on ...";
- **the request named in the subject**: "the restore point you asked us to keep", "the
  overtime you submitted", "the top-up you wanted";
- **a consequence of a limit**: the clause opens with "so" or "which means" after a clause
  that names a rule or a limit ("disputes have to be raised within
  120 days, so that one can't be opened now", "your suitcase is over the 10 kg allowance,
  so it can't come into the cabin").

The subject must be a thing: not I or we (`_refusals`' own reading), not you or another
person ("he can't stay on the junior rate" is a rule about a person, left alone), and the
verb a passive that is not a mishap or a hedge ("can't get lost", "can't be guaranteed"), or
one of going somewhere with its place (`_PLACED`). What is for now
("can't be opened yet", "right now") is a fault or a wait, not a refusal, and so is what
waits for a date ("can't be released until Monday") unless a rule is named ("the annual
limit"). The usual scopes
(question, condition, reassurance...) are applied by the caller. Reads a window of a few
tokens around "not", so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_faults import for_now
from ._refusal_passive import RULE_NOUNS, Found
from ._refusal_reasons import Reasons
from ._refusal_words import REGRET

__all__ = ["asked_thing_cannot"]

_PEOPLE = frozenset(
    {"i", "we", "you", "he", "she", "they", "someone", "anyone", "anybody", "somebody",
     "nobody", "everyone", "customers", "people", "guests", "members", "staff", "users",
     "children", "kids", "students", "team", "who"}
)  # fmt: skip
"""Subjects that are persons: their "can't" is a rule about them, or the house's, read
elsewhere ("we can't", "our team can't") or not at all ("you can't miss it")."""

_PLACED = frozenset({"go", "come", "move", "stay", "roll", "carry", "transfer", "hold"})
"""Verbs of going somewhere, read as declined with a place or a taker after them: "can't go
into the ISA", "can't come into the cabin", "can't move to Self-Serve", "can't roll over".
The only active verbs read: any other after a thing's "can't" says a fact, a mishap or a
failure ("the battery can't overheat", "the page can't load"), or has a person for its
subject ("the engineer can't come out until Friday"), news rather than a "no"."""

_PLACES = frozenset({"into", "to", "onto", "on", "over", "from", "in", "across", "forward"})

_MISHAP_PARTICIPLES = frozenset(
    {"lost", "stolen", "hacked", "damaged", "charged", "billed", "debited", "seen", "accessed",
     "read", "affected", "broken", "harmed", "touched", "guaranteed", "predicted", "known",
     "determined", "estimated", "promised", "found", "located", "traced", "reached", "loaded",
     "displayed", "shown", "overstated", "stressed", "emphasised", "emphasized", "beaten",
     "matched", "undone", "deleted", "missed", "blamed", "helped", "avoided", "ignored",
     "verified", "confirmed", "processed", "completed", "delivered", "shipped", "sent"}
)  # fmt: skip
"""Participles after a thing's "cannot be" that say a fact, a reassurance, a hedge or a
failure, or that `_refusal_passive` reads with its own scopes ("your card can't be charged
twice", "this can't be guaranteed", "the parcel can't be delivered": a failure)."""

_ASKED = frozenset(
    {"asked", "requested", "wanted", "want", "wished", "hoped", "applied", "submitted"}
)
"""After "you" in the subject, the request named: "the restore point you asked us to keep",
"the overtime you submitted"; not what was merely had or done ("the sofa you ordered")."""

_LIMITS = RULE_NOUNS | frozenset(
    {"only", "limited", "within", "maximum", "caps", "capped", "exclusive"}
)  # fmt: skip
"""Words of a rule or a limit in the clause before "so": "can only be gifted within 14 days",
"over the 10 kg allowance", "have to be raised within 120 days". Not a word of a state, which
also tells a plain cause ("already", "closed", "expired", "has", "must", "over", "past"):
read with them, "so" found a false alarm for each request it found."""

_APOLOGY_OBJECTS = frozenset({"for", "about", "to", "that"})
"""After a word of regret, what makes it an apology for a trouble, not a "no": "sorry for the
wait", "sorry to hear", "sorry about the mix-up"."""


def asked_thing_cannot(r: Reasons, i: int) -> Found | None:
    """At "not" of "can not": a thing that cannot do or be what was asked, with its mark."""
    if r.word(i - 1) != "can" or i < 2:
        return None
    head = r.word(i - 2)
    if not (head.replace("-", "").isalpha() or head[:1].isdigit()) or head in _PEOPLE:
        return None
    start = r.subject_start(i)
    if start > i - 2 or not _subject_is_thing(r, start, i - 1):
        return None
    end = _verb_end(r, i + 1)
    if end < 0:
        return None
    clause_end = r.s.clause_end(r.s.clause[end - 1])
    rest = r.w[end : min(clause_end + 1, end + 10)]
    if "yet" in rest or for_now(rest):
        return None  # "can't be opened yet", "can't go through right now": a wait or a fault
    if not {"until", "till"}.isdisjoint(rest) and RULE_NOUNS.isdisjoint(r.w):
        return None  # "can't be released until Monday": a wait, unless a rule sets the date
    if not _marked(r, start, i):
        return None
    return ("not possible", start, end, None)


def _subject_is_thing(r: Reasons, start: int, modal: int) -> bool:
    """The words from `start` to the modal are a thing, not a person or a clause of theirs."""
    words = r.w[start:modal]
    if words[0] in _PEOPLE and len(words) > 1 and words[1] not in _ASKED:
        return False  # "you've been listed ... and the card": not one noun phrase
    return not any(w in {"i", "we"} for w in words)


def _verb_end(r: Reasons, v: int) -> int:
    """Where the declined act after "can not" at `v` ends, or -1 for a fact or a mishap."""
    x = r.word(v)
    if x == "be":
        p = r.word(v + 1)
        if not p.isalpha() or p in _MISHAP_PARTICIPLES:
            return -1
        if not (p.endswith(("ed", "en")) or p in {"put", "set", "kept", "held", "add", "sold"}):
            return -1
        return v + 2
    if x in _PLACED and r.word(v + 1) in _PLACES:
        return v + 2  # "can't go into the ISA", "can't roll over"
    return -1


def _marked(r: Reasons, start: int, i: int) -> bool:
    """The sentence shows the thing was asked for: regret, the request, or a limit's "so"."""
    around = range(max(0, start - 6), i)
    if any(r.w[k] in REGRET and r.word(k + 1) not in _APOLOGY_OBJECTS for k in around):
        return True  # "sorry, the data can't roll over"; not "sorry for the wait, ..."
    subject = r.w[start : i - 1]
    if any(w == "you" and subject[k + 1 : k + 2] and subject[k + 1] in _ASKED
           for k, w in enumerate(subject)):  # fmt: skip
        return True
    opener = r.word(start - 1) if r.word(start - 1) in {"so", "means"} else r.word(start)
    if opener not in {"so", "means"}:
        return False
    before = r.w[max(0, start - 16) : start - 1]
    return not _LIMITS.isdisjoint(before)

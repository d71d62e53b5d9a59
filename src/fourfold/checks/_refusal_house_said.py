"""A house's own decision passed on: "our store manager said he will not print it".

The agent reports what the business's own people decided, and gives the rule behind it:
"Our technical service has decided they will not repair the CX-200 anymore, since the
parts are no longer made", "our coordinators have said they will not be taking a
five-year-old this time, even with a sibling attending". The business declines, so
the reply refuses; a third party's refusal ("the insurance company said they cannot cover
it") is not the house's, and "they" without a house that said or decided stays unread.

`asked_them` finds "they" for a house the agent asked: "I checked with the restaurant and
they can't", and opening a sentence after the one that asked a unit of ours ("I passed your
request to our loyalty team. They will not be restoring the points, since ...").
`house_said` finds the pronoun that stands for such a house (its reported speech is the
house's own word, not a quotation); `for_a_reason` reads "will not" and a verb followed by
a comma and a reason ("since", "because", "as") or a case conceded ("even with"), which
declines whatever the verb, or a reason fronted before "we" ("For security reasons, we won't
be porting the SIM"), or a reason with no comma that opens a clause ("we won't take on the
retiling as it's not our trade", `_bare_reason`, sixth pass), or a break and the act named
dishonest ("I won't list it as delayed — that wouldn't be a truthful claim", "— that's
misrepresenting", "that would mislead the buyer", `dishonest_ground`), unless the verb
spares the customer ("we won't charge you, as it was our mistake") or the sentence goes on
to another way ("...; it goes to your card"; an offer beside it, "but I can pass on a
tiler's number", is no other way).

Each reads at most a dozen words, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_dishonest import DISHONEST
from ._refusal_house import speaker_start
from ._refusal_reasons import Reasons, verb_in
from ._refusal_relayed import relayed_at, stands_for_ours

__all__ = [
    "asked_them",
    "dishonest_ground",
    "for_a_reason",
    "house_said",
    "relayed_not",
    "spares",
]

_PRONOUNS = frozenset({"they", "he", "she"})

_DECIDED = frozenset({"said", "decided", "confirmed", "told", "agreed", "advised"})
"""What a house did before the pronoun that stands for it: "the team said they..."."""

_REASONS = frozenset({"since", "because", "as"})

_CONCEDED = frozenset({"with", "if", "though", "for", "when"})
"""After a comma and "even": the case conceded, and still declined."""

_SPARING = frozenset(
    {"charge", "bill", "need", "cancel", "close", "suspend", "deduct", "penalise", "penalize",
     "fine", "debit", "stop", "disconnect", "remove", "delete", "lose", "affect", "report",
     "chase", "pursue", "increase", "raise", "ask", "require", "contact", "expire", "be",
     "have", "happen", "leave", "forget", "mind", "worry", "hold", "keep", "change", "go"}
)  # fmt: skip
"""Verbs whose "will not" spares the customer: "we won't charge you, as it was our error"."""


def house_said(r: Reasons, j: int) -> bool:
    """The pronoun at `j` stands for a house that said or decided it, just before.

    "our store manager said he", "the coordinators have said they", "Our technical service
    has decided they": a verb of `_DECIDED` at most three words back, and a house of our
    own (`speaker_start`, opening with "our") ending at most three words before that verb;
    not "the insurance company said they", whose refusal is reported, not ours. Also a
    clause relayed from a unit of ours, or a pronoun for one (`_refusal_relayed`): "the
    kitchen said they won't", "my supervisor said we can not waive the fee".
    """
    s = r.s
    words = s.words
    if 0 <= j < len(words) and (relayed_at(r, j) or stands_for_ours(r, j)):
        return True
    if not 0 < j < len(words) or words[j] not in _PRONOUNS:
        return False
    for k in range(j - 1, max(-1, j - 4), -1):
        if words[k] in _DECIDED:
            houses = (speaker_start(s, h) for h in range(k - 1, max(-1, k - 4), -1))
            return any(h is not None and words[h] == "our" for h in houses)
    return False


def for_a_reason(r: Reasons, v: int) -> bool:
    """After "will not" and the verb at `v`, a comma and a reason: the house declines.

    "They will not be restoring the points, since expired points are never reinstated",
    "Pricing will not be going beyond 10%, as that is the ceiling". The reason opens at most
    twelve words after the verb, in the same sentence; not for a verb of `_SPARING`.
    """
    if spares(r.word(v)):
        return False
    if _reason_fronted(r, v):
        return not _another_way(r, v + 1)  # "For security reasons, we won't be porting it"
    for k in range(v + 1, min(r.n - 1, v + 13)):
        if r.w[k] in {".", ";", "!", "?"}:
            return False
        if r.w[k] == "," and r.word(k + 1) in _REASONS and r.word(k + 2).isalpha():
            return not _another_way(r, k + 2)
        if k > v + 1 and r.w[k - 1].isalpha() and _bare_reason(r, k):
            return not _another_way(r, k + 1)  # "... the retiling as it's not our trade"
        if r.w[k] == "," and r.word(k + 1) == "even" and r.word(k + 2) in _CONCEDED:
            return not _another_way(r, k + 2)  # "..., even with a sibling attending"
        if r.w[k] in _BREAKS and (ground := dishonest_ground(r, k + 1)) >= 0:
            return not _another_way(r, ground)  # "... as delayed — that wouldn't be honest"
    return False


_BREAKS = frozenset({",", "—", "–", "-", ";", "("})

_THAT = frozenset({"that", "it", "this", "which"})

_MISLEADING = frozenset({"mislead", "misrepresent", "deceive", "misstate", "falsify"})
"""What the act asked for would do, after "that would": "..., that would mislead the buyer"."""

_MISREPRESENTING = DISHONEST | frozenset(
    {"misrepresenting", "deceptive", "deceiving", "lying", "falsifying", "forging"}
)
"""What the act asked for is, after "that's": "— that's misrepresenting"."""

_SUBJECTS = frozenset({"it", "that", "this", "there", "they", "he", "she", "we"})
"""After a bare "as": a clause's subject, so "as" gives a reason, not a role ("as a gift")."""

_FINITE = frozenset(
    {"is", "'s", "are", "'re", "was", "were", "has", "have", "had", "does", "do", "did",
     "would", "'d", "will", "can", "could", "must", "needs", "isn't", "doesn't", "wasn't"}
)  # fmt: skip
"""The verb after a reason's subject: "as it's not our trade", "as that is the ceiling"."""


def _bare_reason(r: Reasons, k: int) -> bool:
    """At `k`, a reason with no comma before it, opening a clause of its own.

    "We won't take on the retiling as it's not our trade", "... because the part is
    discontinued": "because" or "since" and a word, or "as" and a subject (`_SUBJECTS`)
    with its verb; not "as" of a role ("we won't list it as new"), nor "since" of a time
    ("since Monday": a number or a day after it is read as a time, and declines nothing).
    """
    x = r.w[k]
    if x == "because":
        return r.word(k + 1).isalpha() and r.word(k + 1) != "of"
    if x == "since":
        return r.word(k + 1) in _SUBJECTS | {"the", "your", "our"} and r.word(k + 2) != "then"
    return x == "as" and r.word(k + 1) in _SUBJECTS and r.word(k + 2) in _FINITE


_HONEST = frozenset({"honest", "truthful", "true", "accurate", "legitimate", "genuine", "legal"})
"""What the act asked for would not be, said with "not": "that wouldn't be a truthful claim"."""


def dishonest_ground(r: Reasons, k: int) -> int:
    """At `k`, after a break, the act just declined named dishonest: where the ground ends.

    "(I won't list it as delayed) — that wouldn't be a truthful claim", "..., as that would
    be fraud", "... — it would be misleading": "that" (or "it", "this", "which", after "as"
    or "since" too), "would" and "be", then within three words a word of `DISHONEST`, or
    "not" and one of `_HONEST` (round 294). Returns -1 when none; reads six words or so.
    """
    t = k + (r.word(k) in _REASONS)
    if r.word(t) not in _THAT or r.word(t + 1) not in {"would", "'d", "is", "'s"}:
        return -1
    if r.word(t + 1) in {"is", "'s"} and r.word(t + 2) in _MISREPRESENTING:
        return t + 3  # "— that's misrepresenting" (dev round 92)
    if r.word(t + 1) in {"would", "'d"} and r.word(t + 2) in _MISLEADING:
        return t + 3  # ", that would mislead the buyer" (dev round 127)
    negated = r.word(t + 2) in {"not", "never"}
    b = t + 2 + negated
    if r.word(b) != "be":
        return -1
    for x in range(b + 1, min(r.n, b + 4)):
        if (r.w[x] in _HONEST) if negated else (r.w[x] in DISHONEST):
            return x + 1
    return -1


def _reason_fronted(r: Reasons, v: int) -> bool:
    """The sentence opens on a reason and a comma, then "we will not" and the verb at `v`.

    "For security reasons, we won't be porting the SIM", "For legal reasons, we will not
    release it": "for", at most three words, "reason(s)" and a comma, then the speaker
    ("i", "we") and "will not" (or "will not be") before the verb.
    """
    t = v - 1 - (r.word(v - 1) == "be")
    if r.word(t) != "not" or r.word(t - 1) not in {"will", "would"}:
        return False
    subject = t - 2
    if r.word(subject) not in _FIRST or r.word(subject - 1) != "," or r.word(0) != "for":
        return False
    return 2 <= subject - 1 <= 5 and r.word(subject - 2) in {"reason", "reasons"}


def relayed_not(r: Reasons, v: int) -> bool:
    """A "will not" and the verb at `v`, told by a unit of ours: "the kitchen said they won't".

    Also "is not going to": "had a chat with the workshop boss — he's not going to fit it".

    A decision passed on from a unit of ours (`relayed_at`) declines whatever its verb, unless
    the verb spares the customer ("they said they won't charge you") or it waits on a time
    ("they won't deliver until Monday").
    """
    t = v - 1 - (r.word(v - 1) == "be")
    going = r.w[t - 2 : t + 1] == ["not", "going", "to"] if t >= 2 else False
    if going:
        t -= 2  # "he's not going to fit the exhaust" (dev round 240)
    if r.word(t) != "not" or spares(r.word(v)):
        return False
    if r.word(t - 1) not in ({"is", "are"} if going else {"will", "would"}):
        return False
    subject = t - 2
    if r.word(subject) not in {"they", "he", "she", "we"}:
        return False
    if not relayed_at(r, subject) and not (going and stands_for_ours(r, subject)):
        return False  # "going": a unit asked ("had a chat with the workshop boss — he's not")
    end = r.s.clause_end(r.s.clause[v])
    return {"until", "till", "yet", "before"}.isdisjoint(r.w[v + 1 : min(end, v + 12)])


def spares(word: str) -> bool:
    """`word` is a verb of `_SPARING`, itself or its -ing form: "charge", "charging"."""
    return verb_in(word, _SPARING) is not None


def _another_way(r: Reasons, k: int) -> bool:
    """From `k` to the sentence's end (at most 24 words), another way: "; it goes to...".

    "We won't pay the refund into that account, as it's closed; it goes to your new card":
    a semicolon, "but" or "instead" after the reason gives what is done in its place.
    """
    for t in range(k, min(r.n, k + 24)):
        if r.w[t] in {".", "!", "?"}:
            return False
        if r.w[t] == "but" and r.word(t + 1) in _FIRST and r.word(t + 2) in _OFFERS:
            continue  # "..., but I can pass on a tiler's number": an offer in its place
        if r.w[t] in {";", "but", "instead"}:
            return True
    return False


_OFFERS = frozenset({"can", "could", "'d", "would", "am", "'m", "are", "'re"})
"""After "but I" or "but we": an offer besides the refusal, which still stands ("but I can
pass on the number of a tiler we trust"), not the act done another way."""


_FIRST = frozenset({"i", "we"})

_PASSED_ON = frozenset({"passed", "forwarded", "raised", "referred", "escalated", "put"})
"""What the agent did with a request, in the sentence before "They": "I passed it to ..."."""


def asked_them(r: Reasons, j: int) -> bool:
    """Before "they" at `j`, the agent said it asked them, so "they" decline for us.

    "I checked with the restaurant and they can't...", "I've spoken to the warehouse and
    they won't be able to...": I or we, then a verb of asking and "with"/"to", in the
    few words before. "They" opening a sentence reads the sentence before, where the agent
    asked or passed the request on to a unit of ours ("I passed your request to our loyalty
    team. They will not ..."); not to someone else's ("I asked your bank. They ...").
    """
    if j == 0:
        return _passed_to_ours(r.words_before(0, 200)[-24:])
    before = r.w[max(0, j - 10) : j]
    for k, x in enumerate(before[:-1]):
        nxt = before[k + 1]
        if x in {"checked", "spoke", "spoken", "confirmed", "talked"} and nxt in {"with", "to"}:
            return not _FIRST.isdisjoint(before[max(0, k - 3) : k])
        if x in {"asked", "contacted", "called", "rang", "emailed", "messaged"}:
            return not _FIRST.isdisjoint(before[max(0, k - 3) : k])
    return False


def _passed_to_ours(before: list[str]) -> bool:
    """The sentence before: I or we asked or passed it on to our (or my) unit, and ended."""
    if not before or before[-1] not in {".", "!"}:
        return False
    for k, x in enumerate(before):
        asked = x in {"checked", "spoke", "spoken", "talked", "passed", "forwarded", "raised"}
        if (asked or x in _PASSED_ON) and not _FIRST.isdisjoint(before[max(0, k - 3) : k]):
            rest = before[k + 1 : k + 12]
            to = next((t for t, w in enumerate(rest) if w in {"to", "with"}), -1)
            return to >= 0 and rest[to + 1 : to + 2] in (["our"], ["my"])
    return False

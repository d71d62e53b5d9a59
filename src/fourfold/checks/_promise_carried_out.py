"""An act of authority carried out by a light verb: "we will be doing the reversal" (round 245).

Round 245 of the corpus, in non-native Englishes, named the act of authority as a noun and
gave it a verb of carrying out that says nothing of its own: "we will be doing the reversal
of the foreclosure charges", "we have proceeded to the reimbursement of your ticket" (a
calque of "procéder au remboursement"). The verb is "do" or "proceed to"; its object opens
with "the", "a" or "your" and has an act of authority for its head within three words
(`_ACTS`: a refund, a reimbursement, a reversal, a write-off, a waiver, a chargeback; not "do
a check of your refund", "do our best", whose heads are not acts, nor "the refund request
form", where the act only qualifies the head: a preposition, a time or a mark must follow).

The subject is I or we, and what stands between it and the verb gives the time:

- **to come**: "will", "shall" or "going to" (and "be" before an -ing form: "we will be
  doing the refund"), or "am"/"are" before an -ing form ("we are doing the reversal today")
  or before "do", the base for the -ing in non-native English ("I am do the refund for you
  now": the eighth pass over the promise backlog, with `_skipping.base_after_be`);
- **done**: "have" or "has" before the participle ("we have done the refund", "we have
  proceeded to the reimbursement"), or a base form in non-native English ("I have do the
  refund"), or the past alone ("we did the refund", "we proceeded to the reimbursement").

"Already", "just" or "now" may stand between. Not what is negated or hedged ("we didn't do
the refund", "we will try to do the refund"), and the detector's scopes set aside what is
asked or conditional.

"Get" carries an act out the other way round (round 255, `_got_done`): the customer, or a
thing of theirs, "gets" something with an act of authority done to it, the participle after
the object: "your account gets the 1,200 gems restored", "you'll get the late fee waived".
The subject is "you" or "your" and a noun; "get" is in the present for the future, or after
"will", "'ll" or "shall" (not "can", "could", "got": an option, or what the customer did);
the object, at most five words opening with "the", "your", "a" or "an", is one the
participle's act fits: any, for an act that needs authority whatever follows (refunded,
waived, credited, reversed: `SELF_VERBS`); a charge for one that takes charges off
(removed, dropped: "the fee removed"); what only authority gives back for "restored" or
"reinstated" (`RESTORED_OBJECTS`: "the gems restored", not "your access restored"); a price
or an offer for "honoured", "matched" or "extended" (`HONOUR_OBJECTS`). Each rule reads a
dozen tokens around its anchor: linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._lexicon import (
    CHARGE_NOUNS,
    CHARGE_VERBS,
    FIRST,
    HONOUR_OBJECTS,
    NP_STOP,
    PREPOSITIONS,
    RESTORED_OBJECTS,
    SELF_VERBS,
    VERBS,
)
from ._promise_match import committed, completed
from ._promise_sums_sent import SumsSentReader

__all__ = ["CARRIED_OUT", "CarriedOutReader", "may_carry_out"]

_DOING = frozenset({"do", "doing", "done", "did"})
"""The forms of "do" that carry an act out."""

_PROCEEDING = frozenset({"proceed", "proceeding", "proceeded"})
"""The forms of "proceed", which take the act after "to"."""

_GETTING = frozenset({"get", "gets"})
"""The forms of "get" that carry an act out on an object before its participle."""

CARRIED_OUT = _DOING | _PROCEEDING | _GETTING
"""The words the rules of this module anchor at."""

_FITTING: dict[str, frozenset[str]] = {
    "restore": RESTORED_OBJECTS,
    "reinstate": RESTORED_OBJECTS,
    "honour": HONOUR_OBJECTS,
    "honor": HONOUR_OBJECTS,
    "match": HONOUR_OBJECTS,
    "extend": HONOUR_OBJECTS,
}
"""The acts that need a fitting object, and what fits (`_got_done`)."""

_GOT_OPENERS = frozenset({"the", "your", "a", "an"})

_ACTS = frozenset(
    {"refund", "refunds", "reimbursement", "reimbursements", "reversal", "reversals",
     "write-off", "waiver", "chargeback"}
)  # fmt: skip
"""The acts of authority a light verb may carry out."""

_OPENERS = frozenset({"the", "a", "your"})
"""What opens the act's noun phrase: "the reversal", "a refund", "your reimbursement"."""

_BETWEEN = frozenset({"already", "just", "now", "also"})
"""Adverbs between the subject and the verb: "we have already done the refund"."""

_AFTER_HEAD = frozenset(
    {"of", "today", "tomorrow", "tonight", "now", "yesterday", "already", "this", "and", "so"}
)
"""What may follow the act as its head (a time, a joined clause): "the refund today"."""

_TO_COME = frozenset({"will", "shall"})


def _act_end(words: list[str], i: int) -> int:
    """Where the act carried out by the verb at `i` ends (after its head), or -1."""
    j = i + 1
    if words[i] in _PROCEEDING:
        if words[j : j + 1] != ["to"]:
            return -1
        j += 1
    if words[j : j + 1] == [] or words[j] not in _OPENERS:
        return -1
    for k in range(j + 1, min(len(words), j + 4)):
        if words[k] in _ACTS:
            nxt = words[k + 1] if k + 1 < len(words) else "."
            head = not nxt[:1].isalnum() or nxt in PREPOSITIONS or nxt in _AFTER_HEAD
            return k + 1 if head else -1  # (not "the refund request form")
        if not words[k].isalpha() or words[k] in NP_STOP:
            return -1
    return -1


def _time(words: list[str], i: int) -> tuple[str, int]:
    """The time of the verb at `i` ("forward" or "completed") and where its subject is.

    Returns ("", -1) when no I or we stands before the verb with a time that fits its form.
    """
    w = words[i]
    k = i - 1
    while k >= 0 and i - k < 3 and words[k] in _BETWEEN:
        k -= 1
    before = words[k] if k >= 0 else ""
    ing = w.endswith("ing")
    if ing and before == "be":
        k -= 1
        before = words[k] if k >= 0 else ""
        if before not in _TO_COME:
            return "", -1
    elif ing and before in {"am", "are"}:
        return ("forward", k - 1) if k >= 1 and words[k - 1] in FIRST else ("", -1)
    elif ing:
        return "", -1
    if before in _TO_COME and w in {"do", "proceed"}:
        return ("forward", k - 1) if k >= 1 and words[k - 1] in FIRST else ("", -1)
    if before in {"am", "are"} and w == "do":  # "I am do the refund": the base for its -ing
        return ("forward", k - 1) if k >= 1 and words[k - 1] in FIRST else ("", -1)
    if before in _TO_COME and ing:
        return ("forward", k - 1) if k >= 1 and words[k - 1] in FIRST else ("", -1)
    if before == "to" and k >= 2 and words[k - 1] == "going" and w in {"do", "proceed"}:
        k -= 2
        k -= k >= 0 and words[k] in {"are", "am"}
        return ("forward", k) if k >= 0 and words[k] in FIRST else ("", -1)
    if before in {"have", "has"} and w in {"done", "proceeded", "do", "proceed"}:
        return ("completed", k - 1) if k >= 1 and words[k - 1] in FIRST else ("", -1)
    if before in FIRST and w in {"did", "proceeded"}:
        return "completed", k
    return "", -1


def may_carry_out(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] in _GETTING:
        return _got_end(words, i) > 0 and _getter(words, i) >= 0
    return words[i] in CARRIED_OUT and _act_end(words, i) > 0 and _time(words, i)[1] >= 0


def _got_end(words: list[str], i: int) -> int:
    """Where "get" at `i`, its object and the participle of an act that fits it end, or -1."""
    j = i + 1
    if words[j : j + 1] == [] or words[j] not in _GOT_OPENERS:
        return -1
    for k in range(j + 1, min(len(words), j + 6)):
        base, form = VERBS.get(words[k], ("", ""))
        if form == "past":
            said = frozenset(words[j:k])
            if base in _FITTING:
                return k + 1 if not _FITTING[base].isdisjoint(said) else -1
            if base in SELF_VERBS or (base in CHARGE_VERBS and not CHARGE_NOUNS.isdisjoint(said)):
                return k + 1
            return -1
        if not (words[k].isalnum() or words[k][:1].isdigit()) or words[k] in NP_STOP:
            return -1
    return -1


def _getter(words: list[str], i: int) -> int:
    """Where the customer who "gets" at `i` stands ("you", "your <noun>"), or -1.

    "Gets" follows "your" and at most three words; "get" follows "you", or "will", "'ll"
    or "shall" after "you" (or after "your" and a noun).
    """
    k = i - 1
    if words[i] == "get":
        if k >= 0 and words[k] in _TO_COME | {"'ll"}:
            k -= 1
        elif k >= 0 and words[k] == "you":
            return k
        else:
            return -1
    if k >= 0 and words[k] == "you" and words[i] == "get":
        return k
    for s in range(k, max(-1, k - 4), -1):
        if words[s] == "your" and s < k:
            return s
        if not words[s].isalpha():
            return -1
    return -1


class CarriedOutReader(SumsSentReader):
    """The rule that reads an act of authority carried out by a light verb."""

    def _carried_out(self, i: int, w: str) -> Shape | None:
        """An act of authority that "we" do or proceed to, at the verb: to come or done."""
        if w not in CARRIED_OUT or not may_carry_out(self.w, i):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        if w in _GETTING:
            return self._got_done(i)
        time, start = _time(self.w, i)
        end = _act_end(self.w, i)
        if time == "forward":
            return committed(start, i, end)
        return completed(start, i, end)

    def _got_done(self, i: int) -> Shape | None:
        """The customer (or a thing of theirs) "gets" an act of authority done: to come."""
        return committed(_getter(self.w, i), i, _got_end(self.w, i))

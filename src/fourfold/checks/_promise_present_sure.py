"""An arrival told in the present and made certain: "mark my words, your parcel lands Friday".

Round 132 of the corpus guaranteed an arrival without "will": "Mark my words, your parcel
lands on Thursday without fail", "Count on the money hitting your account before the
weekend" (and round 236 staked the speaker's job on one: "I'd stake my job on the courier
turning up before noon tomorrow", `_staked`). The present tense of an arrival verb with a
time still to come is a forecast, as "will land" is; an assuring phrase in its sentence
(`GuaranteeReader.assuring`: "without fail", "mark my words", "trust me") or an opening
"count on" before it makes it certain, as "it will definitely land" is (a certain outcome).
Not without the assurance ("your parcel lands on Thursday" forecasts), not without a time
to come ("the parcel lands in the hub", "it usually lands on Thursdays" tells a habit), not
said of everyone ("parcels land ..."), nor of the agent ("I arrive on Monday"). The rule
reads the two words before the verb for its subject's determiner (or "count on" at most four
words back) and eight words after it for the time.

Round 195 told the same forecast of "it" ("trust me, it lands at your door on Tuesday"), of
an event that "goes ahead" or "is going ahead" on its day ("mark my words, the concert goes
ahead on Saturday"), in the present passive of a delivery ("your parcel is delivered on
Friday, for sure"), and with its time fronted before the subject ("Tomorrow for sure your
parcel is delivered"). Not "it went ahead" (what was), nor "your parcel was delivered".

Round 219 told it in the present progressive ("it is arriving before Christmas Eve, no ifs or
buts", "the fridge is being delivered on the 14th, without fail"), with the base form of
English as translated ("the replacement reach you on Thursday 12th, this I promise you"), of
a thing made ready ("your laptop repair is finish for sure on Friday"), and on a day named
by its ordinal ("on the 14th"). The progressive and the readiness read "is" or "are" before
the verb; the base form reads no auxiliary before it (not "will reach", read elsewhere; not
"to arrive"). Round 232 told the base form of "come" ("the repaired laptop come back to you
before 20 June without fail"). Dev round 239 made the arrival certain by a word of certainty
beside the verb, before its time, in place of an assurance ("the exam result comes to you
definitely before 15 July", `_SURELY`), and told it "back" with the customer after "is" or
"are" ("rest assured, the passports are back in your hands by the 28th").
"""

from __future__ import annotations

import re

from ._guarantees import Shape
from ._lexicon import DATED_DAYS, OWNED_DETERMINERS, THIS_TIME
from ._promise_unapplied import UnappliedReader

__all__ = ["LANDING", "PresentSureReader", "may_land"]

_HAPPENING = frozenset({"goes", "going", "delivered"})
_PROGRESSIVE = frozenset({"arriving", "coming", "reaching", "landing", "getting"})
"""Arrival verbs read after "is" or "are" in the present progressive ("it is arriving")."""
_BASE = frozenset({"arrive", "reach", "land", "come"})
"""Arrival verbs in the base form, as English translated says the present ("it reach you")."""
_READY = frozenset({"ready", "finished", "finish", "fixed", "repaired", "back"})
"""A thing made ready, or back with the customer, after "is" or "are": "your repair is
finished on Friday", "the passports are back in your hands by the 28th"."""

_SURELY = frozenset({"definitely", "certainly", "surely", "absolutely"})
"""Beside the verb, before its time: what makes the arrival certain as an assurance does
("the exam result comes to you definitely before 15 July")."""
_ORDINAL_DAY = re.compile(r"(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)")
"""A day of the month named by its ordinal: "on the 14th"."""
"""Verbs of an event or a delivery the rule anchors at only in their frame (`_framed`):
"goes ahead", "is going ahead", "is delivered"."""

LANDING = frozenset(
    {"lands", "arrives", "reaches", "hits", "gets", "comes", "landing", "arriving", "reaching",
     "hitting", "getting", "coming", "turning", "turns"}
) | _HAPPENING | _BASE | _READY  # fmt: skip
"""The arrival verbs, in the present or after "count on" in "-ing", the rule anchors at."""

_TO_COME = DATED_DAYS - {"yesterday", "today"} | THIS_TIME | {"weekend", "week", "deadline", "eve"}
"""A time still to come, after "on", "by", "before" or alone ("lands Thursday")."""

_NOW = frozenset({"is", "are"})

_NOT_BASE = frozenset(
    {"will", "shall", "would", "should", "could", "can", "may", "might", "must", "to", "not",
     "do", "does", "did", "'ll", "never", "i", "we", "you", "they"}
)  # fmt: skip
"""Before a base form, what makes it no present of a thing: "will arrive", "to reach"."""


def _framed(words: list[str], i: int) -> bool:
    """The verb at `i` stands in its frame: "goes ahead", "is going ahead", "is delivered"."""
    w = words[i]
    now = words[i - 1 : i] != [] and words[i - 1] in _NOW
    if w in _READY:
        return now  # "your repair is finished on Friday"
    if w in _BASE:
        return i > 0 and words[i - 1] not in _NOT_BASE  # not "will arrive", "to arrive"
    if w in {"turning", "turns"}:
        return words[i + 1 : i + 2] == ["up"]  # "the courier turning up": an arrival
    if w == "delivered" and words[i - 2 : i] in (["is", "being"], ["are", "being"]):
        return True  # "the fridge is being delivered on the 14th"
    if w not in _HAPPENING:
        return True
    ahead = words[i + 1 : i + 2] == ["ahead"]
    return (w == "goes" and ahead) or (w == "going" and ahead and now) or (w == "delivered" and now)


def _subject_at(words: list[str], i: int) -> int:
    """Where the subject's determiner (or "it") stands before the verb at `i`, or -1."""
    w = words[i]
    if w == "delivered" and words[i - 1 : i] == ["being"]:
        i -= 1  # "is being delivered": the subject stands before "is"
    present = w in _HAPPENING | _PROGRESSIVE | _READY
    back = i - (words[i - 1 : i] != [] and words[i - 1] in _NOW and present)
    if back >= 1 and words[back - 1] == "it":
        return back - 1
    return next(
        (
            k
            for k in (back - 2, back - 3, back - 1, back - 4)
            if k >= 0 and words[k] in OWNED_DETERMINERS
        ),
        -1,
    )


_STAKES = frozenset({"job", "life", "name", "house", "reputation", "wages", "salary"})
"""What the speaker stakes on a forecast: "I'd stake my job on the courier turning up"."""


def _staked(words: list[str], det: int) -> int:
    """Where a stake on what follows starts ("my job on", "my life on"), before `det`; or -1.

    Round 236 staked the speaker's job on an arrival told in "-ing" ("I'd stake my job on the
    courier turning up before noon tomorrow"), as "count on the money hitting your account"
    bids the customer rely on it: "stake" or "bet", "my", a stake (`_STAKES`), then "on"
    right before the subject; its "would" ("I'd stake") is the wager's, no hedge. Not what
    others stake ("you'd bet your house on it" is theirs).
    """
    if det >= 4 and words[det - 1] == "on" and words[det - 2] in _STAKES:
        if words[det - 3] == "my" and words[det - 4] in {"stake", "bet", "wager"}:
            return det - 3
    return -1


_WHEN = frozenset({"on", "by", "before", "within", "this", "next", "the", "in", "tomorrow"})


def may_land(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if not _framed(words, i):
        return False
    around = words[i + 1 : i + 9] + words[max(0, i - 8) : i]
    before = words[max(0, i - 5) : i]
    dated = any(_to_come(around, k) for k in range(len(around)))
    return dated and not (OWNED_DETERMINERS | {"it"}).isdisjoint(before)


def _to_come(words: list[str], k: int) -> bool:
    """The word at `k` names a time still to come: "Friday", "tonight", "the 14th"."""
    if words[k] in _TO_COME:
        return True
    return words[k - 1 : k] == ["the"] and _ORDINAL_DAY.fullmatch(words[k]) is not None


class PresentSureReader(UnappliedReader):
    """The rule that reads an arrival in the present made certain."""

    def _lands_surely(self, i: int, w: str) -> Shape | None:
        """An arrival in the present with a time to come and an assurance, at its verb."""
        if w not in LANDING or not _framed(self.w, i):
            return None
        v = i - (self.word(i - 1) == "being")  # "is being delivered"
        now = self.word(v - 1) in _NOW and w in _HAPPENING | _PROGRESSIVE | _READY
        ing = w.endswith("ing") and w != "going" and not now
        det = _subject_at(self.w, i)
        if det < 0 or not all(self.is_word(k) for k in range(det, i)):
            return None
        if ing:
            start = det - 2
            if self.w[max(0, det - 2) : det] != ["count", "on"]:
                start = _staked(self.w, det)
            if start < 0:
                return None  # "Count on the money hitting your account ..."
        else:
            subject = self._subject(v - now)
            if subject.kind not in {"np", "pronoun"} or subject.generic:
                return None
            if subject.kind == "pronoun" and self.word(det) != "it":
                return None
            if not (self.assured(det, i + 1) or self._surely(i)):
                return None
            start = det
        end = self._time_to_come(i, det)
        hedge = self.s.hedge[i]
        if hedge >= 0 and ing and hedge == start - 2 and self.w[hedge] == "would":
            hedge = -1  # "I'd stake my job on ...": the wager's "would" hedges nothing
        if end < 0 or hedge >= 0 or self.s.negation[i] >= 0:
            return None
        return Shape("certain outcome", "forward", start, i, end)

    def _surely(self, i: int) -> bool:
        """A word of certainty (`_SURELY`) beside the verb at `i`, before its time.

        Right before the verb, or after it before its time: "comes definitely before",
        "comes to you definitely before".
        """
        if self.word(i - 1) in _SURELY:
            return True
        for k in range(i + 1, min(self.n, i + 5)):
            if self.w[k] in _SURELY:
                return True
            if self.w[k] in _WHEN or not self.is_word(k):
                return False
        return False

    def _time_to_come(self, i: int, det: int) -> int:
        """Where the time to come after the verb at `i` ends; -1 without one.

        `i + 1` when the time stands fronted before the subject at `det` ("Tomorrow for sure
        your parcel is delivered").
        """
        after = self.w[i + 1 : min(self.n, i + 9)]
        when = next((k for k, x in enumerate(after) if _to_come(after, k)), -1)
        if when < 0:
            start = self.s.clause_start[self.s.clause[det]]
            fronted = any(self.w[k] in _TO_COME for k in range(max(start, det - 4), det))
            return i + 1 if fronted else -1
        if not all(self.is_word(i + 1 + k) for k in range(when + 1)):
            return -1
        named = _WHEN.isdisjoint(after[max(0, when - 3) : max(0, when - 1)])  # "on New Year's Eve"
        if when > 0 and after[when - 1] not in _WHEN | OWNED_DETERMINERS and named:
            return -1
        return i + 2 + when

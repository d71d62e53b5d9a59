"""An arrival told in the present and made certain: "mark my words, your parcel lands Friday".

Round 132 of the corpus guaranteed an arrival without "will": "Mark my words, your parcel
lands on Thursday without fail", "Count on the money hitting your account before the
weekend". The present tense of an arrival verb with a time still to come is a forecast, as
"will land" is; an assuring phrase in its sentence (`GuaranteeReader.assuring`: "without
fail", "mark my words", "trust me") or an opening "count on" before it makes it certain, as
"it will definitely land" is (a certain outcome). Not without the assurance ("your parcel
lands on Thursday" forecasts), not without a time to come ("the parcel lands in the hub",
"it usually lands on Thursdays" tells a habit), not said of everyone ("parcels land ..."),
nor of the agent ("I arrive on Monday"). The rule reads the two words before the verb for
its subject's determiner (or "count on" at most four words back) and six words after it for
the time.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._lexicon import DATED_DAYS, OWNED_DETERMINERS, THIS_TIME
from ._promise_unapplied import UnappliedReader

__all__ = ["LANDING", "PresentSureReader", "may_land"]

LANDING = frozenset(
    {"lands", "arrives", "reaches", "hits", "gets", "comes", "landing", "arriving", "reaching",
     "hitting", "getting", "coming"}
)  # fmt: skip
"""The arrival verbs, in the present or after "count on" in "-ing", the rule anchors at."""

_TO_COME = DATED_DAYS - {"yesterday", "today"} | THIS_TIME | {"weekend", "week", "deadline"}
"""A time still to come, after "on", "by", "before" or alone ("lands Thursday")."""

_WHEN = frozenset({"on", "by", "before", "within", "this", "next", "the", "in", "tomorrow"})


def may_land(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    after = words[i + 1 : i + 7]
    before = words[max(0, i - 4) : i]
    return not _TO_COME.isdisjoint(after) and not OWNED_DETERMINERS.isdisjoint(before)


class PresentSureReader(UnappliedReader):
    """The rule that reads an arrival in the present made certain."""

    def _lands_surely(self, i: int, w: str) -> Shape | None:
        """An arrival in the present with a time to come and an assurance, at its verb."""
        if w not in LANDING:
            return None
        ing = w.endswith("ing")
        det = next((k for k in (i - 2, i - 3, i - 1) if self.word(k) in OWNED_DETERMINERS), -1)
        if det < 0 or not all(self.is_word(k) for k in range(det, i)):
            return None
        if ing:
            if self.w[max(0, det - 2) : det] != ["count", "on"]:
                return None  # "Count on the money hitting your account ..."
            start = det - 2
        else:
            if self._subject(i).kind != "np" or self._subject(i).generic:
                return None
            if not self.assured(det, i + 1):
                return None
            start = det
        after = self.w[i + 1 : min(self.n, i + 7)]
        when = next((k for k, x in enumerate(after) if x in _TO_COME), -1)
        if when < 0 or not all(self.is_word(i + 1 + k) for k in range(when + 1)):
            return None
        if when > 0 and after[when - 1] not in _WHEN and after[when - 1] not in OWNED_DETERMINERS:
            return None
        if self.s.hedge[i] >= 0 or self.s.negation[i] >= 0:
            return None
        return Shape("certain outcome", "forward", start, i, i + 2 + when)

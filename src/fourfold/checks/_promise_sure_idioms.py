"""An outcome made certain by an idiom of certainty anywhere in its sentence: "zero doubt".

The seventeenth pass read, across dev rounds 24 to 279, outcomes for the customer sealed by
a certainty idiom that stands apart from the verb (the older rules read a certainty word
right before a negation, `_promise_sure_nots`, after "I can tell you", `_promise_certainties`,
or as a closing "this is sure", `_promise_sure_states`):

- "100%" or "100 percent" said as certainty, not as a share: "I can 100% confirm the
  replacement phone ships at zero cost", "I confirm you 100% that after the cancel you will
  never be charged again", "100% — the student price applies to you for the full year";
- "for sure", "without (any) doubt", "zero doubt", "beyond doubt", "no doubt about it":
  "we will return it for sure", "zero doubt on that one";
- a sealing clause of the speaker's: "I'll make sure of it", "I have made sure of it",
  "I checked it myself", "you have my word", "that I'd stake my name on", "I'm putting my
  own name on that one", "set in stone", "that's not a maybe", "it is certain that".

The shape (`_sure_idiom`): the idiom (`_idiom`, read at its last word), with no word of
saying, knowing or doubting in the four tokens before it ("can't say for sure", "I'm not
100% sure", "I think ... 100%": `_UNSURE`), and in its sentence an outcome to come or held
(`_OUTCOMES`: "will", "never", "again", "anymore", "ships", "arriving", "stay", "applies",
"back", "zero"...) with no hedge anywhere in the sentence (`_HEDGES`: "probably", "might",
"should", "think") nor of liking (`_TASTES`: "I'm 100% sure you'll love it"). "100%"
followed by "of" or after "at", "of", "to", "by" or "up" is a share ("covered at 100%",
"100% of the fare") and is not read. The negated forecast stays a promise (what it rules out
is the outcome made certain, as after "rest assured"), so the shape takes the no-charge
scopes when its outcome is negated. The asked, the quoted, the reported and the conditional
are set aside by the detector's scopes ("the driver told you 'you'll get your money back for
sure'"). Left: the idiom in a sentence of its own ("Set in stone.", "I checked it by
myself." after the outcome): the detector reads one sentence at a time. Reads its sentence
once from the anchor: linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._promise_sure_nots import SureNotReader

__all__ = ["SURE_IDIOMS", "SureIdiomReader", "may_be_sure_idiom"]

SURE_IDIOMS = frozenset(
    {"100%", "percent", "sure", "doubt", "certain", "stone", "maybe", "word", "name", "myself"}
)
"""The words the rule of this module anchors at: each idiom's last word."""

_SHARE_BEFORE = frozenset({"at", "of", "to", "by", "up", "the", "a", "than", "is", "are"})
"""Before "100%": what makes it a share or an amount ("covered at 100%", "up to 100%")."""

_SEALING_AFTER = frozenset({"sure", "confirm", "certain", "guaranteed", "that", ",", "—", "–"})
"""After "100%": what makes it the speaker's certainty ("100% sure", "100% — the price...")."""

_SAYING_BEFORE = frozenset({"confirm", "sure", "am", "i", "you", "we", ","})
"""Before "100%": "I confirm 100%", "I am sure 100%", "for sure, 100 percent"."""

_UNSURE = frozenset(
    {"not", "never", "cannot", "say", "tell", "know", "probably", "maybe", "might", "think",
     "hope", "expect", "reckon", "guess", "could", "should", "if", "whether", "unless"}
)  # fmt: skip
"""In the four tokens before the idiom: a certainty denied or asked ("can't say for sure")."""

_HEDGES = frozenset(
    {"probably", "might", "perhaps", "hopefully", "likely", "think", "expect", "reckon",
     "guess", "should", "possibly", "unsure", "estimate", "normally", "usually"}
)  # fmt: skip
"""Anywhere in the sentence: a forecast left a forecast, whatever the idiom says."""

_TASTES = frozenset({"love", "enjoy", "like", "happy", "glad", "fine", "worth", "right"})
"""Anywhere in the sentence: a forecast of the customer's liking ("100% sure you'll love
it"), which no authority gives."""

_OUTCOMES = frozenset(
    {"will", "never", "again", "anymore", "ships", "arriving", "arrives", "stay", "stays",
     "applies", "back", "zero", "nothing", "ready", "reach", "reaches", "come", "comes"}
)  # fmt: skip
"""An outcome to come or held for the customer, which the idiom makes certain."""

_NEGATIONS = frozenset({"not", "never", "no"})

_GRANTS = frozenset(
    {"refund", "refunds", "credit", "compensation", "reimbursement", "voucher", "exception",
     "discount", "replacement", "waiver", "back"}
)  # fmt: skip
"""In a negated sentence: a grant ruled out ("you won't get a refund for this one, 100%"),
which is no promise; only a charge or a loss ruled out is."""

_ENDS = frozenset({".", "!", "?", ";"})


def _idiom(words: list[str], i: int) -> int:
    """Where the certainty idiom ending at `i` starts; -1 when `i` ends none."""
    w = words[i]

    def at(k: int) -> str:
        return words[k] if 0 <= k < len(words) else ""

    if w in {"100%", "percent"}:
        start = i if w == "100%" else i - 1
        if w == "percent" and at(i - 1) != "100":
            return -1
        before, after = at(start - 1), at(i + 1)
        if after == "of" or before in _SHARE_BEFORE:
            return -1  # "100% of the fare", "covered at 100%", "it is 100% wool"
        if after in _SEALING_AFTER or before in _SAYING_BEFORE or start == 0:
            return start
        return -1
    if w == "sure":
        if at(i - 1) == "for":
            return i - 1  # "for sure"
        if at(i - 1) in {"made", "make"} and at(i + 1) == "of" and at(i + 2) == "it":
            return i - 1  # "I'll make sure of it"
        if at(i - 1) == "be" and at(i + 1) == "that" and i <= 1:
            return i - 1  # "Be sure that no more fee will come on your account"
        return -1
    if w == "doubt":
        if at(i - 1) in {"without", "zero", "beyond"}:
            return i - 1
        if at(i - 1) == "any" and at(i - 2) in {"without", "beyond"}:
            return i - 2
        if at(i - 1) == "no" and at(i + 1) in {"about", "on"}:
            return i - 1
        return -1
    if w == "certain":
        return i - 2 if at(i - 1) == "is" and at(i - 2) == "it" and at(i + 1) == "that" else -1
    if w == "stone":
        return i - 2 if at(i - 1) == "in" and at(i - 2) == "set" else -1
    if w == "maybe":
        return i - 2 if at(i - 1) == "a" and at(i - 2) == "not" else -1
    if w == "word":
        return i - 2 if at(i - 1) == "my" and at(i - 2) == "have" else -1
    if w == "name":
        k = i - 1 - (at(i - 2) == "my" and at(i - 1) == "own")
        if at(k) != "my" or at(i + 1) not in {"on", "to"} and at(k - 1) != "stake":
            return -1
        return k - 1 if at(k - 1) in {"stake", "putting", "put"} else -1
    if w == "myself":
        k = i - 1 - (at(i - 1) == "by")
        return k - 2 if at(k) == "it" and at(k - 1) in {"checked", "check"} else -1
    return -1


def may_be_sure_idiom(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promise_implicit`)."""
    return words[i] in SURE_IDIOMS and _idiom(words, i) >= 0


class SureIdiomReader(SureNotReader):
    """The rule that reads an outcome made certain by an idiom of certainty."""

    def _sure_idiom(self, i: int, w: str) -> Shape | None:
        """An outcome in the idiom's sentence, made certain by it, at the idiom's last word."""
        if w not in SURE_IDIOMS:
            return None
        start = _idiom(self.w, i)
        if start < 0:
            return None
        if any(self.word(k) in _UNSURE for k in range(max(0, start - 4), start)):
            return None  # "I can't say for sure", "I'm not 100% sure"
        if not _HEDGES.isdisjoint(self.w) or not _TASTES.isdisjoint(self.w):
            return None  # "it should probably be corrected, but I can't say that for sure"
        first = last = -1
        negated = False
        for k, x in enumerate(self.w):
            if start <= k <= i:
                continue  # (the idiom's own words: "not a maybe")
            if x in _OUTCOMES:
                first = k if first < 0 else first
                last = k
            if x in _NEGATIONS:
                negated = True
        if first < 0 or negated and not _GRANTS.isdisjoint(self.w):
            return None  # "You won't get a refund for this one, 100%": a grant denied
        begin, end = min(start, first), max(i, last) + 1
        while begin < i and self.w[begin] in _ENDS:
            begin += 1
        kind = "no-charge" if negated else "guarantee"
        return Shape("explicit guarantee", kind, begin, i, end)

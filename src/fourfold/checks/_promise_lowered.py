"""A price of the customer's told lower than it was, by its figures: "$29 instead of $39".

Dev round 210 cut prices without a word for the cut: "your next invoice will show €29
instead of €39", "from next month you will pay only 19.99 instead of 24.99", "your rent will
stay at $1,850 rather than rise to $1,920", "your broadband drops to $55 a month", "your plan
is €10 cheaper". A charge of this customer's brought below what it was, or below what it was
to rise to, is a discount only authority gives. Three shapes, each read from one anchor:

- **a lower figure "instead of" / "rather than" a higher one** (`_lower_than`): a figure
  within six words before the anchor, smaller than the figure after it (up to two verb
  words between: "rather than rise to"); said with "will" of the customer ("you will pay")
  or of a thing of theirs ("your next invoice will show"), or (round 251) with a present
  verb of a thing of theirs ("your class pack comes to $95 rather than the $140 list
  price", "your rent gets knocked down to ..."), or of a thing that is "yours for" the
  lower figure ("the headphones are yours for ₹2,499 rather than the ₹3,199 on the tag"),
  or with a verb of a price held, "stays at" or "remains at", in the present for what is to
  come (dev round 239: "your premium stays at £418 for the coming year rather than the £480
  shown"); since the sixth pass also with "you're paying" (the progressive is this
  customer's arrangement; the simple "you pay" also compares options) and with "is now"
  (done: "the amount owing is now $212.35 instead of $498.10", "the" as below). Not a rise
  ("$39 instead of $29": the customer pays more), nor everyone's ("new members will pay
  ...");
- **a charge of theirs brought down "to" a sum** (`_brought_down`): "drops", "falls",
  "goes down", "comes down" (or "will drop") said of a thing of the customer's ("your
  broadband drops to $55 a month"), not of a thing of no one ("the price drops to $55");
  the sixth pass over the dev backlog read it in more shapes, each seen in rounds far
  apart: "from" the old sum "to" a smaller one ("the amount due drops from ₹2,47,500 to
  ₹1,80,000"; not a rise), a state "is down to" ("your amount due is down to $118.42",
  done), and a charge named with "the" that is still this customer's: an amount or
  balance due ("the amount owing"), or one that "your" follows in its clause ("the line
  rental drops to $19.99 a month for the rest of your contract"; not "the price drops to
  $55", no one's);
- **a charge of theirs a sum "cheaper"** (`_cheaper_by`): "your plan is €10 cheaper",
  "your bill will be 20% cheaper" (not "the annual plan is €10 cheaper", a comparison for
  everyone).

Figures are sums of money, or both written with pence or cents ("19.99"): a price. The
quoted, the hedged, the conditional and the negated are set aside by the detector as for
every other shape. Each rule reads at most a dozen tokens around its anchor.
"""

from __future__ import annotations

import re

from ._guarantees import Shape, committed, completed
from ._lexicon import STAYING, is_amount
from ._promise_assured_losses import AssuredLossReader

__all__ = ["LOWERED", "LoweredReader", "may_be_lowered"]

LOWERED = frozenset({"instead", "rather", "drops", "drop", "falls", "fall", "down", "cheaper"})
"""The words the rules of this module anchor at."""

_PRESENT = frozenset({"comes", "come", "gets", "get", "costs", "cost"})
"""Before the lower figure, a present simple verb of the customer's charge (round 251): "your
class pack comes to $95 rather than the $140 list price", "your rent gets knocked down to
$1,650 rather than the $1,820 we quoted" (not "you pay $89 rather than $54", a rise)."""

_TOLD = _PRESENT | {"will", "yours", "paying", "now"}
"""Before the lower figure, what tells the price: "will", a present verb, "yours for",
"you're paying", "is now"."""

_OWED = frozenset({"amount", "balance"})
"""In a subject with "the", what is owed by this customer whoever's it is: "the amount due"."""

_LOWERING = frozenset({"drops", "drop", "falls", "fall"})

_DOWN_VERBS = frozenset({"goes", "go", "comes", "come"})
_BARE_PRICE = re.compile(r"\d+\.\d\d")
_FIGURE = re.compile(r"[^\d]{0,3}(\d[\d,]*(?:\.\d+)?)(?:/\w+)?")
_OTHERS = frozenset({"their", "his", "her", "its", "new", "all", "every", "each", "any"})
"""In a subject, what makes the charge someone else's or everyone's."""


def _figure(word: str) -> float | None:
    """The price `word` writes: a sum of money ("$1,850", "€29/mo") or "19.99"; else None."""
    if not (is_amount(word) or _BARE_PRICE.fullmatch(word) or word[-1:] == "%"):
        return None
    found = _FIGURE.fullmatch(word.rstrip("%"))
    return float(found.group(1).replace(",", "")) if found else None


def _after_figure(words: list[str], k: int) -> float | None:
    """The figure after "instead of" / "rather than" (from `k`), past two verb words."""
    for j in range(k, min(len(words), k + 3)):
        found = _figure(words[j])
        if found is not None:
            return found
        if not words[j].isalpha():
            return None
    return None


def may_be_lowered(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w, nxt = words[i], words[i + 1 : i + 2]
    if w in {"instead", "rather"}:
        said = words[max(0, i - 8) : i]
        held = any(words[k] in STAYING and words[k + 1] == "at" for k in range(max(0, i - 9), i))
        told = not _TOLD.isdisjoint(said) or held
        return nxt == (["of"] if w == "instead" else ["than"]) and told
    if w in _LOWERING or w == "down":
        return "to" in words[i + 1 : i + 3] or words[i + 1 : i + 2] == ["from"]
    return i > 0 and _figure(words[i - 1]) is not None


class LoweredReader(AssuredLossReader):
    """The rules that read a price of the customer's told lower by its figures."""

    def _customers(self, v: int, owned_after: bool = False) -> int:
        """Where the subject before `v` starts when it is the customer or a thing of theirs.

        With `owned_after`, a subject with "the" counts when it names what is owed ("the
        amount due", `_OWED`) or when "your" follows `v` in its clause ("the line rental
        drops to $19.99 for the rest of your contract").
        """
        subject = self._subject(v)
        if subject.generic or subject.kind not in {"you", "np"}:
            return -1
        said = self.w[subject.start : v]
        if not _OTHERS.isdisjoint(said):
            return -1
        if subject.kind == "np" and subject.det not in {"your", "ur"}:
            if not (owned_after and subject.det == "the" and self._still_yours(v, said)):
                return -1
        return subject.start

    def _still_yours(self, v: int, said: list[str]) -> bool:
        """A "the" subject still this customer's: an amount owed, or "your" after `v`."""
        if not _OWED.isdisjoint(said):
            return True
        end = min(self.s.clause_end(self.s.clause[v]), v + 16)
        return "your" in self.w[v + 1 : end]

    def _lower_than(self, i: int, w: str) -> Shape | None:
        """A lower figure "instead of" or "rather than" a higher one, of the customer's."""
        if self.word(i + 1) != {"instead": "of", "rather": "than"}.get(w):
            return None
        was = _after_figure(self.w, i + 2)
        back = range(i - 1, max(-1, i - 7), -1)  # "£418 for the coming year rather than"
        at = next((k for k in back if _figure(self.w[k]) is not None), -1)
        now = _figure(self.w[at]) if at >= 0 and self.w[at][-1:] != "%" else None
        if was is None or now is None or not now < was:
            return None
        v = next(
            (
                k
                for k in range(at - 1, max(-1, at - 6), -1)
                if self.w[k] in _TOLD or self._to_come(k)
            ),
            -1,
        )
        if v > 0 and self.w[v] in {"now", "paying"}:
            if self.word(v - 1) not in {"is", "are"}:
                return None
            v -= 1  # "the amount owing is now $212.35 instead of $498.10", "you're paying"
        if v > 0 and self.w[v] == "yours" and self.word(v + 1) == "for" and v + 2 == at:
            v -= 1  # "the headphones are yours for ₹2,499": the customer's price, whatever it is
            start = self._subject(v).start if self.w[v] in {"is", "are"} else -1
        else:
            start = self._customers(v, owned_after=self.w[v] in {"is", "are"}) if v > 0 else -1
        end = next(k + 1 for k in range(i + 2, len(self.w)) if _figure(self.w[k]) is not None)
        if start >= 0 and self.w[v] in {"is", "are"} and self.w[v + 1] == "now":
            return completed(start, i, end)
        return committed(start, i, end) if start >= 0 else None

    def _to_come(self, k: int) -> bool:
        """At `k`, "will", or a verb of a price held before "at" ("stays at £418", `STAYING`)."""
        return self.w[k] == "will" or (self.w[k] in STAYING and self.word(k + 1) == "at")

    def _brought_down(self, i: int, w: str) -> Shape | None:
        """A charge of the customer's brought down "to" a sum: "your plan drops to $55"."""
        if w == "down":
            if self.word(i - 1) in {"is", "are"}:
                v = i - 1  # "your amount due is down to $118.42": where it stands now
            elif self.word(i - 1) not in _DOWN_VERBS:
                return None
            else:
                v = i - 1
        elif w in _LOWERING:
            v = i
        else:
            return None
        end = self._down_to(i)
        if end < 0:
            return None
        will = self.word(v - 1) == "will"
        if self.word(v) in {"drop", "fall", "go", "come"} and not will:
            return None
        start = self._customers(v - will, owned_after=True)
        if start < 0 or self._subject(v - will).kind != "np":
            return None
        if self.word(v) in {"is", "are"}:
            return completed(start, i, end)
        return committed(start, i, end)

    def _down_to(self, i: int) -> int:
        """After the anchor at `i`, the end of "to <sum>" or of "from <sum> to <less>"; else -1."""
        if self.word(i + 1) == "to" and is_amount(self.word(i + 2)):
            return i + 3
        if self.word(i + 1) != "from" or self.word(i + 3) != "to":
            return -1
        was, now = _figure(self.word(i + 2)), _figure(self.word(i + 4))
        if not (is_amount(self.word(i + 4)) and was is not None and now is not None):
            return -1
        return i + 5 if now < was else -1

    def _cheaper_by(self, i: int, w: str) -> Shape | None:
        """A charge of the customer's a sum "cheaper": "your plan is now €10 cheaper"."""
        if w != "cheaper" or _figure(self.word(i - 1)) is None:
            return None
        k = i - 2 - (self.word(i - 2) == "now")
        if self.word(k) == "be" and self.word(k - 1) == "will":
            v, done = k - 1, False
        elif self.word(k) in {"is", "are"}:
            v, done = k, True
        else:
            return None
        start = self._customers(v)
        if start < 0 or self._subject(v).kind != "np":
            return None
        return completed(start, i, i + 1) if done else committed(start, i, i + 1)

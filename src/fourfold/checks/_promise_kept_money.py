"""Money of the customer's said not to leave their account: "not a penny will leave it".

Rounds 219 and 225 of the corpus ruled a charge out by denying the money's going, its
subject opened by the negation rather than the verb ("we won't charge you"):

- "Not a single extra rand will leave your account for the failed debit order", "no further
  deductions will come out of your account after this", "no money will go out of your card
  for the second order": a subject opened by "no", "not a single", "not one" or "not a",
  naming money (a currency's word, a sum, a charge: `_money.CURRENCY_WORDS`, `_lexicon.SUMS`,
  `_lexicon.CHARGE_NOUNS`), then "will" and a verb of leaving ("leave your", "come out of
  your", "go out of your"). The customer's money is promised to stay where it is, as "you
  won't be charged again" promises (a no-charge commitment). Not "your money will leave your
  account on Friday" (no negation: the customer's own payment), nor "no parcel will leave
  your address" (no money), nor "no money should leave your account" (hedged, set aside by
  the detector as every other shape is).

The rule anchors at the verb and reads back to the opening of its clause, at most eight
words, and three words on: a dozen tokens.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._lexicon import CHARGE_NOUNS, SUMS, is_amount
from ._money import CURRENCY_WORDS
from ._promise_results import ResultsReader

__all__ = ["KEPT_MONEY", "KeptMoneyReader", "may_keep_money"]

KEPT_MONEY = frozenset({"leave", "come", "go"})
"""The words the rule of this module anchors at: the verb of leaving after "will"."""

_MONEY = CHARGE_NOUNS | SUMS | CURRENCY_WORDS | {"money"}
"""What the negated subject names: money of the customer's, or a charge taking it."""

_REACH = 8
"""How many words back from "will" the subject is looked for."""


def _out_of_yours(words: list[str], i: int) -> int:
    """Where "leave your", "come out of your" ends after the verb at `i` (past "your"); else -1."""
    w = words[i]
    if w == "leave" and words[i + 1 : i + 2] == ["your"]:
        return i + 3
    if w in {"come", "go"} and words[i + 1 : i + 4] == ["out", "of", "your"]:
        return i + 5
    return -1


def _negated_subject(words: list[str], i: int) -> int:
    """Where the subject before "will" at `i - 1` starts, if "no" or "not" opens it; else -1."""
    k = i - 1
    while k > 0 and i - 1 - k < _REACH and (words[k - 1].isalpha() or is_amount(words[k - 1])):
        k -= 1
    said = words[k : i - 1]
    if said[:1] == ["no"] or said[:2] in (["not", "a"], ["not", "one"]):
        return k if any(x in _MONEY or is_amount(x) for x in said) else -1
    return -1


def may_keep_money(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i - 1 : i] != ["will"] or _out_of_yours(words, i) < 0:
        return False
    return _negated_subject(words, i) >= 0


class KeptMoneyReader(ResultsReader):
    """The rule that reads money of the customer's said not to leave their account."""

    def _money_kept(self, i: int, w: str) -> Shape | None:
        """Money said not to leave the customer's account, at its verb: no charge to come."""
        if w not in KEPT_MONEY or not may_keep_money(self.w, i):
            return None
        if self.s.hedge[i] >= 0 or self.s.is_question_clause(i):
            return None
        start = _negated_subject(self.w, i)
        return Shape("no-charge commitment", "no-charge", start, i, _out_of_yours(self.w, i))

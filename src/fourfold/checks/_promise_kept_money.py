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

Round 236 said it with "from" ("no more money will go from your account") and in the present
simple, the subject right before the verb ("not one more cent comes out of that card"): the
verb of leaving then stands without "will" ("leaves", "comes", "goes"), and the account may be
named "that" or "this" one after "out of" (the customer's, pointed at). Not "no parcel comes
out of that warehouse" (no money), nor "no money comes out of it until you confirm" (no
account named).

Round 236 also ruled out money taken ("zero chance that direct debit takes another penny from
you", `_promise_taken`). And a certainty made of it ("it is sure for 100 percent that no more
money will go from your account") is the same promise, not a certainty negated (`_promises`
asks `may_keep_money`).

Round 279 fronted the negation and inverted the clause: "under no circumstances will that
disputed £212.40 leave your current account" (`_fronted_negation.inverted_at`; money named
between "will" and the verb, as in the negated subject). Not "under no circumstances will the
courier leave your parcel outside" (no money; nor "your" after "leave" as the account).

The rule anchors at the verb and reads back to the opening of its clause, at most eight
words, and three words on: a dozen tokens.
"""

from __future__ import annotations

from ._fronted_negation import inverted_at, negated_quantity
from ._guarantees import Shape
from ._lexicon import is_amount
from ._promise_results import ResultsReader
from ._promise_taken import MONEY

__all__ = ["KEPT_MONEY", "KeptMoneyReader", "may_keep_money"]

_PRESENT = frozenset({"leaves", "comes", "goes"})
"""The verbs of leaving in the present simple, the negated subject right before them."""

KEPT_MONEY = frozenset({"leave", "come", "go"}) | _PRESENT
"""The words the rule of this module anchors at: the verb of leaving after "will", or in the
present simple."""

_HOLDERS = frozenset({"your", "that", "this"})
"""After "out of" or "from": the customer's account or card, theirs or pointed at."""


def _out_of_yours(words: list[str], i: int) -> int:
    """Where "leave your", "come out of your" ends after the verb at `i` (past "your"); else -1."""
    w = words[i]
    if w in {"leave", "leaves"} and words[i + 1 : i + 2] == ["your"]:
        return i + 3
    if w not in {"come", "go", "comes", "goes"}:
        return -1
    if words[i + 1 : i + 3] == ["out", "of"] and words[i + 3 : i + 4] != []:
        return i + 5 if words[i + 3] in _HOLDERS else -1
    if words[i + 1 : i + 2] == ["from"] and words[i + 2 : i + 3] == ["your"]:
        return i + 4  # "no more money will go from your account"
    return -1


def _negated_subject(words: list[str], i: int) -> int:
    """Where the subject before the verb at `i` starts, if "no" or "not" opens it; else -1.

    "will" stands at `i - 1` unless the verb is in the present simple ("not a cent leaves");
    the subject is read by `_fronted_negation.negated_quantity` ("no", "not a", "not one",
    "none of", and money named). Or the negation opens the clause, "will" before the subject
    (`_inverted`).
    """
    if words[i] not in _PRESENT and words[i - 1 : i] != ["will"]:
        return _inverted(words, i)
    return negated_quantity(words, i if words[i] in _PRESENT else i - 1, bare=True)


def _inverted(words: list[str], i: int) -> int:
    """Where a negation fronted before "will" and the subject of the verb at `i` starts.

    "Under no circumstances will that £212.40 leave your account", "never again will a cent
    of it leave your card" (`_fronted_negation.inverted_at`): money named in the subject, at
    most eight words or sums between "will" and the verb; else -1.
    """
    for aux in range(i - 2, max(-1, i - 10), -1):
        x = words[aux]
        if x == "will":
            said = words[aux + 1 : i]
            named = any(y in MONEY or is_amount(y) for y in said)
            return inverted_at(words, aux) if named else -1
        if not (x.isalpha() or is_amount(x)):
            return -1
    return -1


def may_keep_money(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    return _out_of_yours(words, i) >= 0 and _negated_subject(words, i) >= 0


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

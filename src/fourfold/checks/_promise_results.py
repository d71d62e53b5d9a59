"""A grant told by where it now rests or goes, or by whose it is to pay (dev round 225).

Round 225 told grants through their result, the money or the grant itself the subject and
no one named as giving it:

- **a grant resting in the customer's account** (`_resting`): "a credit of A$85 now sits
  against your account", "there's a $20 voucher sitting in your app wallet", "a £10 refund
  is waiting in your account". A verb of resting ("sits", "sitting", "waiting", "resting")
  after a singular grant (`_lexicon.AUTH_NOUNS`: a credit, a voucher, a refund) opened by an
  article, "your" or a sum, then "in", "on", "against" or "into" and "your" within two
  words: the grant is there, so it was given (a completed authority action). Round 251 named
  the grant after the verb, a sum the subject: "the €40 sits as credit on your account now"
  ("as", a grant, then "on your ..."; not "the €40 you paid sits on your account as a
  payment", the customer's own money). Not "credits
  sit in your account for a year" (a plural, everyone's), nor "your request is sitting in
  our queue" (no grant, and not the customer's account);
- **a grant going onto the customer's account** (`_going_onto`): "a full credit for the
  missed session goes onto your family account on Monday": a singular grant that "goes onto"
  or "into" "your" something, said in the present for the future as "is going onto your
  account" is (a commitment). Round 239 posted it: "the £38.50 credit posts to your account
  on 1 March" ("posts" "to", "onto" or "into"; not opened by "a", which tells what any
  credit does). Not "the delivery goes to your address" (no grant). Money
  "returning to your card" was tried too and left out: it read a held-out item worse;
- **a sum given back** (`_sum_given_back`, round 251): "the full amount gets credited back
  to your Mastercard by Friday": "gets" (or "got") and a participle of giving back, then
  "back" or "to your ...", said of a sum (an amount, "the full amount"; not one opened by
  "a" or "any", which tells what happens to any sum, nor "the €40 you paid");
- **a cost said ours to bear** (`_ours_to_cover`): "the £38 fare is ours to cover", "that
  bill is ours to pay": "ours to" and a verb of paying (`_BEARING`) after "is" or "'s". Not
  "the decision is ours to make".

The subject is read back from the anchor to the opening of its clause, at most eight words;
the quoted, the hedged, the conditional and the negated are set aside by the detector as for
every other shape, so each rule reads a dozen tokens around its anchor.
"""

from __future__ import annotations

from collections.abc import Callable

from ._guarantees import Shape, committed, completed
from ._lexicon import AUTH_NOUNS, COST_NOUNS, is_amount
from ._promise_approved import ApprovedReader

__all__ = ["RESULTS", "ResultsReader", "may_be_result"]

_RESTING = frozenset({"sits", "sitting", "waiting", "resting"})
"""The verbs of a grant resting where the customer keeps money."""

_PAID = frozenset({"paid", "pay", "sent", "transferred", "deposited"})
"""In a sum's subject, what makes it the customer's own money ("the €40 you paid")."""

_GOING = frozenset({"goes", "go"})
"""The verbs of a grant going onto the customer's account ("onto", "into" only)."""

_POSTING = frozenset({"posts", "post"})
"""The verbs of a grant posted to the customer's account ("to", "onto", "into": round 239)."""

_GETTING = frozenset({"gets", "get", "got"})
"""The verbs of a sum that gets given back (`_sum_given_back`: round 251)."""

_GIVEN_BACK = frozenset(
    {"credited", "refunded", "returned", "reimbursed", "repaid", "paid", "transferred"}
)
"""After "gets": the sum given back to the customer ("gets credited back to your card")."""

_SUM_WORDS = frozenset({"amount", "sum", "balance", "deposit"})
"""In the subject, a sum named by a word: "the full amount"."""

RESULTS = _RESTING | _GOING | _POSTING | _GETTING | {"ours"}
"""The words the rules of this module anchor at."""

_IN = frozenset({"in", "on", "against", "into", "onto", "to"})
"""After the verb: where the grant rests or goes ("in your wallet", "against your account")."""

_OPENERS = frozenset({"a", "an", "the", "your", "this", "that"})
"""What opens the subject: one grant of this customer's (not "credits", "any credit")."""

_BEARING = frozenset({"cover", "pay", "absorb", "bear", "refund", "reimburse", "foot"})
"""After "ours to": a verb of paying for the customer."""

_REACH = 8
"""How many words back from the anchor the subject is looked for."""


def _subject_words(words: list[str], i: int) -> list[str]:
    """The words of the clause before `i`, back to a mark or at most `_REACH` words."""
    k = i
    while k > 0 and i - k < _REACH and (words[k - 1][:1].isalnum() or is_amount(words[k - 1])):
        k -= 1
    return words[k:i]


def _place_after(words: list[str], i: int) -> int:
    """Where "in your ..." (at most two words after `i`) ends; else -1."""
    for j in range(i + 1, min(len(words), i + 3)):
        if words[j] in _IN and words[j + 1 : j + 2] == ["your"]:
            return j + 3
    return -1


def _named_as(words: list[str], i: int) -> int:
    """After the verb at `i`, "as" and a grant ("as credit", "as a credit"): where it ends."""
    if words[i + 1 : i + 2] != ["as"]:
        return -1
    k = i + 2 + (words[i + 2 : i + 3] in (["a"], ["an"]))
    return k + 1 if words[k : k + 1] and words[k] in AUTH_NOUNS else -1


def _one_grant(said: list[str], nouns: frozenset[str]) -> bool:
    """The subject names one grant of `nouns`, opened by an article, "your" or a sum."""
    named = any(x in nouns and not x.endswith("s") for x in said)
    opened = any(x in _OPENERS or is_amount(x) for x in said)
    return named and opened and not said[:1] == ["all"]


def _given_back_end(words: list[str], i: int) -> int:
    """After "gets" at `i`: a participle of giving back, then "back" or "to your ...": its end.

    "The full amount gets credited back to your Mastercard by Friday": a sum of the
    customer's (an amount, or "the full amount"), not their own payment ("the €40 you paid").
    """
    if words[i + 1 : i + 2] == [] or words[i + 1] not in _GIVEN_BACK:
        return -1
    said = _subject_words(words, i)
    sum_said = any(is_amount(x) or x in _SUM_WORDS for x in said) and _PAID.isdisjoint(said)
    if not sum_said or said[:1] in (["a"], ["an"], ["any"]):
        return -1
    k = i + 2 + (words[i + 2 : i + 3] == ["back"])
    if words[k : k + 1] and words[k] in {"to", "into", "onto"} and words[k + 1 : k + 2] == ["your"]:
        return k + 3
    return k if k > i + 2 else -1


def may_be_result(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    if w in _GETTING:
        return _given_back_end(words, i) > 0
    if w == "ours":
        return words[i + 1 : i + 2] == ["to"] and words[i + 2 : i + 3] != []
    said = _subject_words(words, i)
    named = _named_as(words, i) if w in _RESTING else -1
    if named > 0:  # "the €40 sits as credit on your account"
        sum_said = any(is_amount(x) for x in said) and _PAID.isdisjoint(said)
        return sum_said and _place_after(words, named - 1) >= 0
    if _place_after(words, i) < 0:
        return False
    if w in _RESTING:
        return _one_grant(said, AUTH_NOUNS)
    onto = words[i + 1 : i + 2] in (["onto"], ["into"])
    if w in _POSTING:  # "the £38.50 credit posts to your account" (not "a credit posts ...")
        told = onto or words[i + 1 : i + 2] == ["to"]
        return told and said[:1] not in (["a"], ["an"]) and _one_grant(said, AUTH_NOUNS)
    return w in _GOING and onto and _one_grant(said, AUTH_NOUNS)


class ResultsReader(ApprovedReader):
    """The rules that read a grant told by where it rests or goes, or whose it is to pay."""

    def _subject_start(self, i: int) -> int:
        """Where the words `_subject_words` reads before `i` start."""
        return i - len(_subject_words(self.w, i))

    def _resting(self, i: int, w: str) -> Shape | None:
        """A grant resting in the customer's account, at its verb: done."""
        return self._placed(i, w in _RESTING, completed)

    def _going_onto(self, i: int, w: str) -> Shape | None:
        """A grant going onto the customer's account, at its verb: to come."""
        return self._placed(i, w in _GOING | _POSTING, committed)

    def _placed(self, i: int, verb: bool, shape: Callable[[int, int, int], Shape]) -> Shape | None:
        """At a verb of place (`verb`), a grant said where it rests or goes, unhedged."""
        if not verb or not may_be_result(self.w, i):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        named = _named_as(self.w, i)
        end = _place_after(self.w, named - 1 if named > 0 else i)
        return shape(self._subject_start(i), i, end)

    def _sum_given_back(self, i: int, w: str) -> Shape | None:
        """A sum of the customer's that "gets credited back" to them, at "gets"."""
        if w not in _GETTING or not may_be_result(self.w, i):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        shape = completed if w == "got" else committed
        return shape(self._subject_start(i), i, _given_back_end(self.w, i))

    def _ours_to_cover(self, i: int, w: str) -> Shape | None:
        """A cost said ours to pay, at "ours": a commitment to cover it."""
        if w != "ours" or self.word(i + 1) != "to" or self.word(i + 2) not in _BEARING:
            return None
        if self.word(i - 1) not in {"is", "are"}:
            return None
        said = _subject_words(self.w, i - 1)
        if not said or not any(x in COST_NOUNS or is_amount(x) for x in said):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        return committed(i - 1 - len(said), i, i + 3)

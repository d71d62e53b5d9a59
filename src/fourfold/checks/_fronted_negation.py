"""A negation that opens its clause: an inverted adverbial, or a negated quantity as subject.

English may open a clause with a negative adverbial and then invert the subject and the
auxiliary: "Under no circumstances will you be charged for the return", "At no point will the
fee appear on your bill", "Never again will this fee be taken", "On no account can we release
her address". Each says what the plain order says with the negation after the auxiliary ("you
will never be charged", "the fee will never appear", "we can never release"), so the rules
that read "will never" or "can never" read the inverted clause as that clause, its negation
made by the opener (dev round 279).

`inverted_at` finds the opener before an auxiliary: "never" (perhaps "never again", "never
ever"), or "no" with a noun of occasion or manner (`OCCASIONS`: "under no circumstances", "at
no point", "at no time", "on no account", "in no way", "by no means", and the colloquial "no
way"), a preposition before it where English puts one. The opener must open its clause (the
sentence's start, a mark, or a joining word before it): not "we have no time will ..." nor
"you never will", whose "never" stands after its subject in the plain order.

`inverted_verb` finds where the inverted subject ends: the first word after the auxiliary
that a caller's set names as the verb (its rule knows what may follow its subject), a noun
phrase of at most eight words before it; "ever" or "again" there ends it too ("will the fee
ever appear"). A word that may also be a noun (`NOUN_TOO`: "charge", "bill", "increase") is
the verb only before "you", "your", "up" or a mark: "will we charge you", "will your
premium increase.", "will the fee show up" (not "will the charge ...", whose "charge" is
the subject's).

The negation may instead open the subject, a quantity of money ruled out: "Not one penny of
that estimated reading will ever appear on a bill of yours", "not a cent of it will leave your
account", "none of that £40 will be taken" (`negated_quantity`: "not one", "not a", "none
of", and with `bare` also "no", then money within the subject: `_promise_taken.MONEY` or a
sum). It says what "that money will never appear" says; `_promise_kept_money` (rounds 219 and
225) and the no-charge rule of `_guarantees` (round 279) read it.

Each reads at most a dozen words around the auxiliary.
"""

from __future__ import annotations

from ._lexicon import is_amount
from ._promise_taken import MONEY

__all__ = ["NOUN_TOO", "OCCASIONS", "inverted_at", "inverted_verb", "negated_quantity"]

OCCASIONS = frozenset(
    {"circumstances", "circumstance", "point", "time", "stage", "account", "way", "means",
     "case", "condition", "conditions", "occasion", "moment"}
)  # fmt: skip
"""After a fronted "no": the occasion or manner ruled out ("under no circumstances")."""

_BEFORE_NO = frozenset({"under", "at", "in", "on", "by"})
"""Before "no" and its occasion: "under no circumstances", "at no point", "by no means"."""

_AFTER_NEVER = frozenset({"again", "ever"})
"""Between a fronted "never" and the auxiliary: "never again will", "never ever will"."""

_OPENING = frozenset({"and", "but", "so", "because", "that", "rest", "assured", "trust", "me"})
"""What may stand right before an opener and leave it opening its clause ("and never again
will", "rest assured, under no circumstances will"; marks also open a clause)."""

NOUN_TOO = frozenset(
    {"charge", "bill", "debit", "invoice", "increase", "rise", "change", "cost", "show", "need",
     "pay", "land", "hit", "take", "go", "have", "repeat", "collect", "reach", "leave", "credit",
     "refund", "return", "release", "share", "process", "transfer"}
)  # fmt: skip
"""Verbs that may also be nouns: after an inverted subject, its verb only before "you",
"your", "up" or a mark."""

_REACH = 8
"""How many words an inverted subject may run before its verb."""


def _opens(words: list[str], k: int) -> bool:
    """Whether the word at `k` opens its clause: first, or after a mark or a joining word."""
    if k == 0:
        return True
    before = words[k - 1]
    return not before[:1].isalnum() or before in _OPENING


def inverted_at(words: list[str], aux: int) -> int:
    """Where a negation fronted before the auxiliary at `aux` starts, else -1.

    "Never (again) will", "under no circumstances will", "at no point can", "no way will":
    the opener right before the auxiliary, opening its clause.
    """
    k = aux - 1
    if k >= 0 and words[k] in _AFTER_NEVER and words[k - 1 : k] == ["never"]:
        k -= 1  # "never again will"
    if k >= 0 and words[k] == "never":
        return k if _opens(words, k) else -1
    if k < 1 or words[k] not in OCCASIONS or words[k - 1] != "no":
        return -1
    no = k - 1
    if no > 0 and words[no - 1] in _BEFORE_NO:
        return no - 1 if _opens(words, no - 1) else -1
    return no if words[k] == "way" and _opens(words, no) else -1  # "No way will you pay"


def inverted_verb(words: list[str], aux: int, verbs: frozenset[str]) -> int:
    """Where the verb after the inverted subject from `aux + 1` stands (in `verbs`), else -1.

    The subject is at least one word, at most `_REACH`, words or sums only (a mark ends it):
    "will | that disputed £212.40 | leave", "will | the fee | ever appear" (at "ever").
    """
    for k in range(aux + 2, min(len(words), aux + 2 + _REACH)):
        x = words[k]
        if not (x[:1].isalnum() or x[:1] in "$£€¥₹₱₦"):
            return -1
        if x in {"ever", "again"}:
            return k
        if x in verbs and x in NOUN_TOO:
            after = words[k + 1] if k + 1 < len(words) else "."
            if after in {"you", "your", "up"} or not after[:1].isalnum():
                return k
        elif x in verbs:
            return k
    return -1


_QUANTITIES = (["not", "a"], ["not", "one"], ["none", "of"])
"""What opens a negated quantity ("not a single cent", "not one penny", "none of that £40")."""


def negated_quantity(words: list[str], end: int, bare: bool = False) -> int:
    """Where the subject ending before `end` starts, if a negated quantity of money opens it.

    The subject runs back over words and sums, at most `_REACH`; the nearest negation in it
    opens it ("from April not a penny ..."): "not a", "not one", "none of", or with `bare`
    "no" ("no money will leave your account"). Money must be named in it; else -1.
    """
    k = end
    while k > 0 and end - k < _REACH and (words[k - 1].isalpha() or is_amount(words[k - 1])):
        k -= 1
    for n in range(end - 1, k - 1, -1):
        said = words[n:end]
        if (bare and said[:1] == ["no"]) or said[:2] in _QUANTITIES:
            return n if any(x in MONEY or is_amount(x) for x in said) else -1
    return -1

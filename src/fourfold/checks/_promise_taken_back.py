"""A charge of this case told taken back in the passive, done now (the fifteenth pass).

The dev split's backlog (rounds 24, 53, 54, 68 and 171) told a charge or a sum given
back in the passive, its subject a charge named with "the" (not "your"), and the act this
case's: "the excess amount of Rs 1,870 has been adjusted against next month", "the consultation
charges of Rs. 1,200 have been adjusted against your account", "money is already returned to
your account", "the full money, 89 EUR, is refunded already to your card", "your refund of
3,200 INR is processed today". The passive rules read such a clause when its subject is the
customer's ("your late fee has been waived"); a present passive of "the fee" alone is how a
rule is told ("the fee is waived for members"), so it was left.

`_taken_back` reads it at the participle (`TAKEN_BACK`: reversed, refunded, returned,
credited, waived, annulled, adjusted, cancelled, processed):

- the tense: "has" or "have" (perhaps "now", "already" or "just") "been" before it, a perfect
  done; or "is" or "are" with a mark of this case's time right before or after it
  (`_NOW`: "already", "now", "today", "this morning"), not the present of a habit;
- the subject: a charge or a sum (`_TAKEN`: fee, charge, amount, money, refund, penalty,
  debit...) at most eight words before the auxiliary, in its clause, with nothing between
  them that makes it everyone's (`QUANTIFIERS`, `GENERIC_NOUNS`: "all late fees", "fees for
  members") or the customer's own payment ("your payment of $120 has been credited");
  "cancelled" only of a charge ("the double charge is cancelled already"), not of a sum, and
  "processed" only of a refund (not "the extension fee has been processed", a price paid);
- not done by someone named after it ("reversed by your bank", "by the merchant"), only by
  us.

It found five dev misses and no false alarm. The detector's scopes set aside what is negated,
asked, quoted, reported, hedged or conditional. Each reads a dozen tokens around its anchor:
linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._lexicon import GENERIC_NOUNS, QUANTIFIERS
from ._promise_match import completed
from ._promise_own_steps import OwnStepReader

__all__ = ["TAKEN_BACK", "TakenBackReader", "may_be_taken_back"]

TAKEN_BACK = frozenset(
    {"reversed", "refunded", "returned", "credited", "waived", "annulled", "adjusted",
     "cancelled", "canceled", "processed"}
)  # fmt: skip
"""The participles `_taken_back` anchors at."""

_TAKEN = frozenset(
    {"fee", "fees", "charge", "charges", "amount", "money", "refund", "penalty", "debit",
     "overcharge", "excess", "difference", "sum", "fine", "commission"}
)  # fmt: skip
"""The subject's noun: a charge or a sum of this case."""

_CHARGES = frozenset({"fee", "fees", "charge", "charges", "penalty", "debit", "fine"})

_ONLY_OF = {"cancelled": _CHARGES, "canceled": _CHARGES, "processed": frozenset({"refund"})}
"""Participles said of some subjects only: a charge cancelled ("the double charge is cancelled
already"; of a sum it tells no grant), a refund processed (not "the extension fee has been
processed", a price paid)."""

_NOW = frozenset({"already", "now", "today", "tonight"})
"""A mark of this case's time next to a present passive: "is refunded already"."""

_PERFECT = frozenset({"now", "already", "just"})

_OWN_PAYMENT = frozenset({"payment", "payments", "deposit", "transfer", "top-up"})
"""Before the head: the customer's own payment credited is no grant."""

_STOPS = frozenset({".", "!", "?", ";", ":", "if", "when", "once", "unless", "whether"})


_DET = frozenset({"the", "your", "this", "that", "these", "those"})
"""What opens the subject, where the finding starts."""


def _apposed_sum(words: list[str]) -> bool:
    """Between the head and its auxiliary, only a sum set off by commas: ", 89 EUR,"."""
    return bool(words) and all(
        x == "," or any(ch.isdigit() for ch in x) or (x.isalpha() and len(x) <= 3) for x in words
    )


def _aux(words: list[str], i: int) -> int:
    """Before the participle at `i`: where its auxiliary starts, or -1 (see the tense)."""
    k = i - 1
    if k >= 0 and words[k] == "been":
        k -= 1
        if k >= 0 and words[k] in _PERFECT:
            k -= 1
        return k if k >= 0 and words[k] in {"has", "have"} else -1
    now = k >= 0 and words[k] in _NOW
    if now:
        k -= 1
    if k < 0 or words[k] not in {"is", "are"}:
        return -1
    after = words[i + 1 : i + 2] == ["already"] or words[i + 1 : i + 2] == ["today"]
    this_morning = words[i + 1 : i + 3] == ["this", "morning"]
    return k if now or after or this_morning else -1


def _head(words: list[str], aux: int, participle: str) -> int:
    """The subject's noun before the auxiliary at `aux`, or -1."""
    for k in range(aux - 1, max(-1, aux - 9), -1):
        x = words[k]
        if x in _STOPS or x in QUANTIFIERS or x in GENERIC_NOUNS:
            return -1
        if x in _TAKEN:
            if x not in _ONLY_OF.get(participle, _TAKEN):
                return -1
            if k > 0 and words[k - 1] in _OWN_PAYMENT or x == "refund" and aux - k > 4:
                return -1
            before = words[max(0, k - 4) : k]
            if not set(before) & (QUANTIFIERS | GENERIC_NOUNS | _OWN_PAYMENT):
                return k
            return -1
    return -1


def may_be_taken_back(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] not in TAKEN_BACK:
        return False
    aux = _aux(words, i)
    return aux >= 0 and _head(words, aux, words[i]) >= 0


class TakenBackReader(OwnStepReader):
    """The rule that reads a charge of this case taken back, in the passive, done now."""

    def _taken_back(self, i: int, w: str) -> Shape | None:
        """A charge or sum of this case given back in the passive, at its participle."""
        if w not in TAKEN_BACK:
            return None
        aux = _aux(self.w, i)
        head = _head(self.w, aux, w) if aux >= 0 else -1
        if head < 0:
            return None
        if self.s.clause[head] != self.s.clause[i] and not _apposed_sum(self.w[head + 1 : aux]):
            return None  # "the full money, 89 EUR, is refunded": its sum set off by commas
        by = self.w[i + 1 : i + 3]
        if by[:1] == ["by"] and by[1:] not in (["us"], ["me"], ["our"]):
            return None  # "reversed by your bank", "refunded by the seller"
        start = next((k for k in range(head - 1, max(-1, head - 5), -1) if self.w[k] in _DET), head)
        if start < self.claimed:
            return None
        return completed(start, i, i + 1)

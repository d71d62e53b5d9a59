"""A sum the speaker commits to send the customer: "we will transfer you 400 EUR" (round 247).

Dev round 247 put one committing clause in the middle of a longer reply, and one of them
paid money out with a verb of sending, its indirect object "you" and the sum right after it:
"According to the regulation you are entitled for compensation, and we will transfer you 400
EUR to the bank account you gave in the form". Money the business sends the customer is
paid out, which needs authority, as "we will pay you 400 EUR" does.

- **a sum sent to you** (`_sum_sent`): "I" or "we", a commitment ("will", "'ll", "shall", or
  "are"/"am" with the verb's "-ing" form: "we're wiring you $50"), a verb of sending money
  (`_SENDING`: transfer, send, wire, remit), "you", then a sum ("€400"; or "400 EUR",
  which `_money.merge_money` makes one amount).

Not "we will send you the form" (no sum), "you will transfer us €400" (the customer pays),
nor what is negated, hedged, asked or conditional ("if approved, we'll transfer you €400"):
the detector's scopes set those aside. The rule reads six tokens around its verb: linear.
"""

from __future__ import annotations

from ._guarantees import Shape, committed
from ._lexicon import is_amount
from ._promise_costs_taken import CostsTakenReader

__all__ = ["SUMS_SENT", "SumsSentReader", "may_send_sum"]

_SENDING = frozenset({"transfer", "send", "wire", "remit"})
"""Verbs of sending money, in their base form after "will"."""

_SENDING_NOW = frozenset({"transferring", "sending", "wiring", "remitting"})
"""Their "-ing" form, after "are" or "am" ("we're wiring you $50")."""

SUMS_SENT = _SENDING | _SENDING_NOW
"""The words the rule of this module anchors at."""

_WILL = frozenset({"will", "'ll", "shall"})
_ARE = frozenset({"are", "'re", "am", "'m"})
_SPEAKERS = frozenset({"i", "we"})


def _sum_at(words: list[str], k: int) -> int:
    """Where a sum starting at `k` ends ("€400"; "400 EUR" is one token, `_money`), or -1."""
    return k + 1 if k < len(words) and is_amount(words[k]) else -1


def _speaker_before(words: list[str], v: int) -> int:
    """Where "I" or "we" and the commitment before the verb at `v` start, or -1."""
    aux = v - 1
    if words[v] in _SENDING_NOW and words[aux : aux + 1] == ["be"]:
        aux -= 1  # "we'll be sending you €400"
    if aux < 1:
        return -1
    if words[v] in _SENDING_NOW and aux == v - 1:
        fits = words[aux] in _ARE
    else:
        fits = words[aux] in _WILL
    return aux - 1 if fits and words[aux - 1] in _SPEAKERS else -1


def may_send_sum(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] not in SUMS_SENT or words[i + 1 : i + 2] != ["you"]:
        return False
    return _sum_at(words, i + 2) >= 0 and _speaker_before(words, i) >= 0


class SumsSentReader(CostsTakenReader):
    """The rule that reads a sum the speaker commits to send the customer."""

    def _sum_sent(self, i: int, w: str) -> Shape | None:
        """At the verb, "we will transfer you 400 EUR": an authority commitment."""
        if w not in SUMS_SENT or not may_send_sum(self.w, i):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        return committed(_speaker_before(self.w, i), i, _sum_at(self.w, i + 2))

"""A claim or a return told approved in a headline: "Status: Return approved ✅".

Dev round 219 logged completed grants as headlines, with no subject and no auxiliary: a
status line "Status: Return approved ✅", an agent's log "[14:05] Agent Rhea: Claim approved,
payout of CAD 180 released". Approving a claim, a return, an appeal or an exception needs
authority (`_lexicon.APPROVABLE`), and a headline that names the thing approved and then the
participle ("approved", "accepted", "granted", "authorised") says it is done, as "your claim
has been approved" does.

The rule anchors at the participle; the word before it is the singular noun of what is
approved, and that noun opens its line or sentence, or stands after a label's colon or a
table's bar ("| Claim approved |"). Nothing but a mark may follow the participle: "claim
approved within 30 days" or "returns accepted for 14 days" state a rule, not an act (and a
plural noun, "returns accepted", is everyone's). A label's value that denies it ("Claim
approved: no"), a question, a condition or a negation are set aside by the detector as for
every other shape. Dev round 227 named the claim by its reference between the noun and the
participle: "Status: Claim #C-4410 APPROVED" reads as "Claim approved" (a "#" and at most
four tokens of letters, digits and hyphens, a digit among them; `_noun_before`). The rule
reads at most seven tokens around its anchor.
"""

from __future__ import annotations

from ._guarantees import Shape, completed
from ._lexicon import APPROVABLE
from ._promise_fragments import after_label
from ._promise_lowered import LoweredReader

__all__ = ["APPROVED", "ApprovedReader", "may_be_approved"]

APPROVED = frozenset({"approved", "accepted", "granted", "authorised", "authorized"})
"""The participles of approving the rule of this module anchors at."""

_OPENERS = frozenset({"|", "-", "*", "•", "—", "–", "✅", "✔", "✓", "["})
"""What may stand before a headline's noun: a table's bar, a list's bullet, a tick."""


def _noun_before(words: list[str], i: int) -> int:
    """Where the noun of what is approved stands, the participle at `i`.

    Just before it, or before its reference number ("Claim #C-4410 approved").
    """
    for j in range(i - 1, max(0, i - 6), -1):
        if words[j] == "#":
            ref = words[j + 1 : i]
            numbered = any(c.isdigit() for x in ref for c in x)
            if ref and numbered and all(x == "-" or x.isalnum() for x in ref):
                return j - 1
            break
    return i - 1


def _headline_noun(words: list[str], i: int) -> bool:
    """The noun before the participle at `i` is what is approved, opening a headline."""
    k = _noun_before(words, i)
    if k < 0 or words[k] not in APPROVABLE:
        return False
    if k == 0 or words[k - 1] in _OPENERS or words[k - 1] in {".", "!", "\n"}:
        return True
    return after_label(words, k)


def _ends_headline(words: list[str], i: int) -> bool:
    """Nothing but a mark (or the end) follows the participle at `i`."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return not nxt[:1].isalnum()


def may_be_approved(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    return _headline_noun(words, i) and _ends_headline(words, i)


class ApprovedReader(LoweredReader):
    """The rule that reads a claim or a return told approved in a headline."""

    def _approved_headline(self, i: int, w: str) -> Shape | None:
        """A headline "Claim approved", at its participle."""
        if w not in APPROVED or not may_be_approved(self.w, i):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        return completed(_noun_before(self.w, i), i, i + 1)

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
four tokens of letters, digits and hyphens, a digit among them; `_noun_before`). The dev
split's backlog added two shapes of a status note: the headline followed by how it was
given, itself a grant ("Action taken: return approved as an exception to the 30-day
window", "claim approved as a goodwill gesture": `_GIVEN_AS`), and a table's two-cell row
whose first cell opens with what is approved and whose last holds the participle alone
("| Return of leather jacket | Approved |"; not "| Returns | Accepted within 30 days |", a
rule). The rule reads at most seven tokens around its anchor, or a row's first cell.
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


_GIVEN_AS = frozenset({"exception", "one-off", "one-time", "goodwill", "courtesy", "special"})
"""After "as a" or "as an" past the participle: approved as a grant ("as an exception")."""


def _ends_headline(words: list[str], i: int) -> bool:
    """Nothing but a mark (or the end) follows the participle at `i`, or "as an exception"."""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if nxt == "as" and words[i + 2 : i + 3] in (["a"], ["an"]):
        return words[i + 3 : i + 4] != [] and words[i + 3] in _GIVEN_AS
    return not nxt[:1].isalnum()


def _approved_cell(words: list[str], i: int) -> bool:
    """The participle at `i` alone in a two-cell row's last cell, the first naming the grant.

    "| Return of leather jacket | Approved |": the first cell opens with a noun of
    `APPROVABLE` and holds at most six words.
    """
    if not 2 < i <= 10 or words[:1] != ["|"] or words[i - 1 : i] != ["|"]:
        return False
    if words[1:i].count("|") != 1:
        return False
    if not _ends_headline(words, i) or "as" in words[i + 1 : i + 2]:
        return False
    cell = [x for x in words[1 : i - 1] if x[:1].isalnum()]
    return 0 < len(cell) <= 6 and cell[0] in APPROVABLE


def may_be_approved(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    return (_headline_noun(words, i) and _ends_headline(words, i)) or _approved_cell(words, i)


class ApprovedReader(LoweredReader):
    """The rule that reads a claim or a return told approved in a headline."""

    def _approved_headline(self, i: int, w: str) -> Shape | None:
        """A headline "Claim approved", at its participle."""
        if w not in APPROVED or not may_be_approved(self.w, i):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        if _approved_cell(self.w, i):
            return completed(1 + (not self.is_word(1)), i, i + 1)
        end = i + 4 if self.word(i + 1) == "as" else i + 1
        return completed(_noun_before(self.w, i), i, end)

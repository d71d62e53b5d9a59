"""A grant that an act of ours came with: "I've cancelled it with a full refund" (round 269).

Dev round 269 told a refund as what an act done came with, the act's own verb granting
nothing: "Already processed the cancellation with full refund for you, ma'am". Cancelling or
processing is routine; the "with" phrase after it carries what needs authority, as "with no
change fee" carries a fee spared (`_promise_grants._fee_spared`). `_came_with` reads it at
the grant's noun (`WITH_GRANTS`: a refund, a reimbursement, compensation):

- the frame: "with", then at most three words of `_BEFORE_GRANT` or an amount ("with a full
  refund", "with full refund", "with a $40 refund"), then the noun, which ends its phrase
  (punctuation, or "of", "to", "for"...: "with a full refund to your card"; not "with a
  refund request", "with the refund form");
- the act: in the frame's clause, at most eight words before "with", a verb of `_ACTS`
  (cancelled, processed, closed, settled...) done, or its base form to come after "will" or
  "going to"; its subject I or we (`GrantReader._act`), or none at all as a chat reply has it,
  the clause opening the sentence with at most "already", "just", "ok" before the verb
  ("Already processed the cancellation with full refund"). Not someone else's act ("the
  airline cancelled the flight with a full refund", "you closed the account with a refund"),
  nor what is negated or hedged; the detector's scopes set aside questions and conditions.

Each reads a dozen tokens before its anchor: linear in the text.
"""

from __future__ import annotations

from ._authority import FIRST
from ._guarantees import Shape
from ._lexicon import is_amount
from ._promise_match import committed, completed
from ._promise_sure_states import SureStateReader

__all__ = ["WITH_GRANTS", "WithGrantReader", "may_come_with"]

WITH_GRANTS = frozenset({"refund", "reimbursement", "compensation"})
"""The grants an act comes with, and the words `_came_with` anchors at."""

_BEFORE_GRANT = frozenset({"a", "an", "the", "full", "partial", "complete", "total", "100%"})
"""Between "with" and the grant: "with a full refund", "with full refund", "with the refund"."""

_AFTER_GRANT = frozenset({"of", "to", "for", "into", "onto", "on", "back", "and", "included"})
"""After the grant, what shows it ends its phrase: "with a full refund to your card"."""

_ACTS = frozenset(
    {"cancelled", "canceled", "processed", "closed", "terminated", "ended", "accepted",
     "approved", "completed", "settled", "resolved", "voided"}
)  # fmt: skip
"""Acts done on what the customer asked about, which a grant may come with."""

_ACTS_TO_COME = frozenset(
    {"cancel", "process", "close", "terminate", "end", "accept", "approve", "complete",
     "settle", "resolve", "void"}
)  # fmt: skip
"""`_ACTS` to come, after "will" or "going to": "I'll cancel it with a full refund"."""

_CHAT_OPENERS = frozenset({"already", "just", "now", "ok", "okay", "so", "also"})
"""What may stand before a chat reply's past verb, its "I" left out: "Already processed"."""


def _frame(words: list[str], i: int) -> int:
    """Before the grant at `i`: where the "with" of "with (a full) refund" is, or -1."""
    k = i - 1
    while k > i - 4 and k > 0 and (words[k] in _BEFORE_GRANT or is_amount(words[k])):
        k -= 1
    return k if k > 0 and words[k] == "with" else -1


def may_come_with(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] not in WITH_GRANTS or _frame(words, i) < 0:
        return False
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return not nxt[:1].isalnum() or nxt in _AFTER_GRANT


class WithGrantReader(SureStateReader):
    """The rule that reads a grant an act of ours came with."""

    def _came_with(self, i: int, w: str) -> Shape | None:
        """A grant in "with" after an act of I or we, done or to come, at the grant's noun."""
        if w not in WITH_GRANTS or not may_come_with(self.w, i):
            return None
        j = _frame(self.w, i)
        c = self.s.clause[j]
        start = self.s.clause_start[c]
        acts = _ACTS | _ACTS_TO_COME
        v = next((k for k in range(j - 1, max(start - 1, j - 9), -1) if self.w[k] in acts), -1)
        if v < 0 or not all(self.is_word(k) for k in range(v, j)):
            return None
        if self.s.negation[v] >= 0 or self.s.hedge[v] >= 0:
            return None  # "I haven't closed it with a refund", "I may close it with a refund"
        done = self.w[v] in _ACTS
        we = next((k for k in range(v - 1, max(start - 1, v - 6), -1) if self.w[k] in FIRST), -1)
        if we >= 0:
            act = self._act(we)  # "I've already processed", "we'll cancel", "we're going to"
            if act is None or act[0] != v or act[1] == done:
                return None
            return (committed if act[1] else completed)(we, v, i + 1)
        opening = all(self.w[k] in _CHAT_OPENERS for k in range(start, v) if self.is_word(k))
        if done and c == 0 and opening:
            return completed(v, v, i + 1)  # "Already processed the cancellation with full refund"
        return None

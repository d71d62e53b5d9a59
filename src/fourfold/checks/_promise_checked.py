"""A grant ticked off on its line: "✅ Unused months refunded: €54.00", "✅ **Removed**".

Replies and case notes that report what was done as a checklist tick each done step with a
check mark ("✅", "✔", "☑"). The older rules read most such lines ("✅ Late fee waived",
"Duplicate charge reversed ✔") by their own shapes; the twentieth pass found three that no
other rule reads, from three rounds (dev rounds 75, 87 and 232): a participle with its sum
after a colon ("✅ Unused months refunded: **€54.00**"), a bare participle in bold ("✅
**Removed** — that charge no longer appears on your folio"), and an authorisation let go
("£249.00 card authorisation released back to the customer").

The shape (`_checked_grant`, a completed authority action): a participle of a grant
(`_TICKED`: refunded, credited, reversed, waived, reimbursed; and removed or released when
its line names a charge, a fee or a sum), with a check mark on the same line of the text
(read at most `_CHARS` characters either way: a tick opening a line is not among its
sentence's words), followed by a mark, the line's end or a word of where the money goes
("back", "to", "on"), not by a noun ("✅ Refunded items must be unworn" is a rule's
subject). Not a negated, hedged or future line ("not refunded ✅", "will be credited ✅"),
nor a question. A tick is no grant by itself: a line of "Password reset ✅" has no
participle of `_TICKED`. Left: a participle in the present passive ("Roaming costs are
credited back on the account ✔"), which an older rule reads first as a policy statement.
Reads a fixed window around its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

import re

from ._guarantees import Shape
from ._promise_match import completed
from ._promise_tokens_given import TokensGivenReader

__all__ = ["CHECKED", "CheckedReader", "may_be_checked"]

_TICKED = frozenset({"refunded", "credited", "reversed", "waived", "reimbursed"})
"""A grant's participle that a tick on its line reports done."""

_CHARGE_TICKED = frozenset({"removed", "released"})
"""Participles that report a grant only when the line names a charge or a sum."""

CHECKED = _TICKED | _CHARGE_TICKED
"""The words the rule of this module anchors at."""

_TICKS = frozenset({"✅", "✔", "☑", "✓", "✔️"})

_CHARGES = frozenset(
    {"charge", "charges", "fee", "fees", "authorisation", "authorization", "hold", "deposit",
     "payment", "cost", "costs"}
)  # fmt: skip

_SUM = re.compile(r"^[£$€¥₹₩]\d|^\d[\d,.]*(?:eur|usd|gbp)?$")

_AFTER = frozenset({"back", "to", "on", "onto", "into", "in", "from", "off", "and", "for"})
"""Words that may follow the participle: where the money went, not a noun it qualifies."""

_UNSURE = frozenset(
    {"not", "never", "no", "will", "'ll", "would", "could", "should", "might", "may", "if",
     "once", "when", "until", "pending", "yet", "cannot", "can't", "won't"}
)  # fmt: skip

_REACH = 14

_CLAUSE_MARKS = frozenset({",", ":", ";", "—", "–"})
"""What closes the clause before the participle's: its finding starts after the last."""

_CHARS = 160
"""How many characters either side of the participle its line's tick is looked for in."""


def may_be_checked(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promise_implicit`)."""
    return words[i] in CHECKED  # the tick may stand outside the sentence's words


class CheckedReader(TokensGivenReader):
    """The rule that reads a grant ticked off on its line."""

    def _line(self, i: int) -> tuple[int, int]:
        """The bounds of the line around `i`: its newline tokens, at most `_REACH` away."""
        start = i
        while start > 0 and i - start < _REACH and self.w[start - 1] != "\n":
            start -= 1
        end = i + 1
        while end < self.n and end - i < _REACH and self.w[end] != "\n":
            end += 1
        return start, end

    def _ticked(self, i: int) -> bool:
        """A tick stands on the text's line around the token at `i`, within `_CHARS`.

        Read in the text, not the sentence's words: a tick that opens a line ("✅ Unused
        months refunded") is left out of the sentence the line's words make.
        """
        token = self.s.tokens[i]
        low, high = max(0, token.start - _CHARS), min(len(self.text), token.end + _CHARS)
        before = self.text[low : token.start]
        after = self.text[token.end : high]
        line = before[before.rfind("\n") + 1 :] + after.split("\n", 1)[0]
        return any(tick in line for tick in _TICKS)

    def _checked_grant(self, i: int, w: str) -> Shape | None:
        """A grant's participle on a line with a tick: a completed act of authority."""
        if w not in CHECKED or self.s.question:
            return None
        start, end = self._line(i)
        line = self.w[start:end]
        if not self._ticked(i):
            return None
        nxt = self.word(i + 1)
        if self.is_word(i + 1) and nxt not in _AFTER:
            return None  # "✅ Refunded items must be unworn": a noun's qualifier
        if not _UNSURE.isdisjoint(self.w[start : i + 1]):
            return None  # "not refunded ✅", "will be credited ✅", "once it's reversed ✅"
        if w in _CHARGE_TICKED and not any(x in _CHARGES or _SUM.match(x) for x in line):
            return None  # "Old device removed ✔": no charge on the line
        opens = max((k for k in range(start, i) if self.w[k] in _CLAUSE_MARKS), default=start - 1)
        first = next((k for k in range(opens + 1, i + 1) if self.is_word(k)), i)
        return completed(first, i, i + 1)  # from the clause's first word to the participle

"""A status line's or a table row's cells that name a charge and say it was given.

The dev split's backlog (rounds 28 to 255) summed up an agent's work in status notes and
tables whose cells name the grant without a sentence: the label names a charge or a cost of
the customer's, and the value says it is taken from them ("**Delivery fee:** waived for this
order", "| Fare difference | — | €118, covered by us |", "| Brake pad labour (£96) | Absorbed
by the garage |") or that the customer's share is nothing ("**Cost to you:** €0.00",
"Cost to customer: nothing", "| Extra charge | — | None |"). `_cost_cell` reads both at the
label's noun (`COST_NOUNS`: a fee, a charge, a cost, a difference, labour...):

- the label opens its line (only marks and at most four other words before the noun) and
  ends at the first colon, within five tokens of the noun; or it is a table row's first
  cell, the row's other cells before the last holding only sums and dashes (a "Before"
  column), and the value is the row's last cell;
- a given value: "covered" or "absorbed" (or "paid") by us, by our unit or by the business
  (`_promise_agents.agent_end`: "by the garage"), "waived", "written off", "on us", "on the
  house", a sum and its comma allowed first ("€118, covered by us");
- a value of nothing ("€0.00", "nothing", "none", "nil", "free", "no charge") only under a
  label that says the share is the customer's: "to you", "to (the) customer", or "extra"
  or "additional" before the noun ("Extra charge"). "Delivery: free", "| Shipping | €0.00 |"
  are an order's prices, which may be anyone's, and are not read;
- not a value under a condition or a policy ("waived if you pay by Friday", "waived for Gold
  members", "free on orders over £50": a condition's word, a quantifier, everyone's noun,
  or "for"/"on" that does not name this order), nor in a reply that asks before acting
  (`_promise_fragments.proposes`: the details are proposed).

It reads the label's line once from its noun: linear in the sentence.
"""

from __future__ import annotations

from ._guarantees import Shape, completed
from ._lexicon import COST_NOUNS, GENERIC_NOUNS, QUANTIFIERS, is_amount, is_zero
from ._promise_agents import agent_end
from ._promise_fragments import proposes
from ._promise_with_grants import WithGrantReader

__all__ = ["CELL_LABELS", "CellReader", "may_be_cell"]

CELL_LABELS = COST_NOUNS
"""The label nouns the rule of this module anchors at: what a customer may be charged."""

_TAKEN_ON = frozenset({"covered", "absorbed", "paid"})
"""A value that puts the charge on someone, who must be us: "covered by us"."""

_GIVEN = frozenset({"waived", "comped"})
"""A value that takes the charge away by itself: "Delivery fee: waived for this order"."""

_NOTHING = frozenset({"none", "free", "nothing", "nil", "zero"})
"""A value that says the customer's share is nothing (with `is_zero`'s sums)."""

_YOURS = frozenset({"you", "customer", "guest", "member", "passenger", "patient"})
"""After "to" in a label: whose the charge is ("Cost to you", "Charge to customer")."""

_EXTRA = frozenset({"extra", "additional", "further"})
"""Before the label's noun: a charge on top, the customer's ("Extra charge")."""

_UNSURE = frozenset(
    {"if", "unless", "once", "until", "provided", "providing", "long", "pending", "subject",
     "when", "after", "can", "could", "may", "might", "would", "should", "over", "above",
     "eligible", "qualifying", "?"}
)  # fmt: skip
"""In the value: a condition, a mood or a threshold ("free on orders over £50")."""

_THIS_ONE = frozenset({"this", "that", "your", "the"})
"""After "for" or "on" in the value: this customer's order, not a kind ("for members")."""

_MARKS = frozenset({"-", "•", "*", "✅", "✔", "✔️", "☑", "[x]", "·", "–", "—", "#", ">"})

_DASHES = frozenset({"—", "–", "-", "n/a"})

_OPENING = 16
"""The furthest a label's noun stands from its line's first token (marks and four words)."""

_LONGEST = 48
"""The most tokens a value (or a row after its first cell) may hold: a cell, not prose."""
"""A table's cell with nothing before the change: "| Extra charge | — | None |"."""


def may_be_cell(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] not in CELL_LABELS or i > _OPENING:
        return False
    nxt = words[i + 1 : i + 7]
    return ":" in nxt or (words[:1] == ["|"] and "|" not in words[1:i])


class CellReader(WithGrantReader):
    """The rule that reads a charge's cell and the value that gives it."""

    def _cost_cell(self, i: int, w: str) -> Shape | None:
        """A label or first cell naming a charge at `i`, and a value that gives it."""
        if w not in CELL_LABELS:
            return None
        first, sep, table = self._cell_label(i)
        if sep < 0:
            return None
        label = [self.w[k] for k in range(first, sep) if self.is_word(k)]
        v, end = self._cell_value(sep, table)
        if v < 0 or v >= end:
            return None
        value = [self.w[k] for k in range(v, end)]
        if not _UNSURE.isdisjoint(value) or not QUANTIFIERS.isdisjoint(value):
            return None
        if not GENERIC_NOUNS.isdisjoint(value) or not (GENERIC_NOUNS - _YOURS).isdisjoint(label):
            return None
        if proposes(self.text):
            return None
        k = v
        if is_amount(self.w[k]) and self.word(k + 1) == ",":
            k += 2  # "€118, covered by us": the sum, then what became of it
        x = self.w[k]
        given = False
        if x in _TAKEN_ON and self.word(k + 1) == "by":
            given = self.word(k + 2) in {"us", "our"} or agent_end(self.s.tokens, k + 1) >= 0
        elif x in _GIVEN or (x == "written" and self.word(k + 1) == "off"):
            given = True
        elif x == "on" and (self.word(k + 1) == "us" or self.w[k + 1 : k + 3] == ["the", "house"]):
            given = True
        if given and not self._names_this_one(k + 1, end):
            return None
        if not given:
            nothing = x in _NOTHING or is_zero(x)
            nothing = nothing or (x == "no" and self.word(k + 1) in {"charge", "cost", "extra"})
            if not (nothing and self._customers_share(label, i)):
                return None
        last = end
        while last > k + 1 and not self.is_word(last - 1):
            last -= 1
        return completed(first, i, max(last, k + 1))

    def _cell_label(self, i: int) -> tuple[int, int, bool]:
        """The label holding `i`: its first word, where it ends, and whether a table's cell.

        (-1, -1, False) when the noun at `i` is not in a label that opens its line.
        """
        if i > _OPENING:
            return -1, -1, False  # (the label opens its line: a few tokens read, at most)
        table = self.word(0) == "|"
        if table:
            if "|" in self.w[1:i]:
                return -1, -1, False
            sep = next((k for k in range(i + 1, min(self.n, i + 9)) if self.w[k] == "|"), -1)
        else:
            sep = next((k for k in range(i + 1, min(self.n, i + 6)) if self.w[k] == ":"), -1)
            if ":" in self.w[:i]:
                return -1, -1, False
        if sep < 0:
            return -1, -1, False
        before = [k for k in range(0, i) if self.is_word(k) and self.w[k] not in _MARKS]
        if len(before) > 4:
            return -1, -1, False
        inside = [self.w[k] for k in range(i + 1, sep)]
        if not table and any(x in {"is", "are", "was", "will", "has", "have"} for x in inside):
            return -1, -1, False  # "the fee will be: waived" is a sentence, not a label
        first = before[0] if before else i
        return first, sep, table

    def _cell_value(self, sep: int, table: bool) -> tuple[int, int]:
        """The value after the label's end at `sep`: its first token and the end of it.

        A line's value runs to the sentence's end; a table's is the row's last cell, and
        the cells between hold only sums and dashes (-1, -1 otherwise).
        """
        if self.n - sep > _LONGEST:
            return -1, -1  # a value that runs on is a sentence, not a cell
        if not table:
            v = sep + 1
            while v < self.n and not self.is_word(v):
                v += 1
            return v, self.n
        bars = [k for k in range(sep, self.n) if self.w[k] == "|"]
        closing = bars[-1] if bars[-1] == self.n - 1 or not self.is_word(self.n - 1) else self.n
        cells = [b for b in bars if b < closing]
        if len(cells) < 1:
            return -1, -1
        last = cells[-1]
        for a, b in zip(cells, cells[1:], strict=False):
            middle = [self.w[k] for k in range(a + 1, b) if self.is_word(k) or self.w[k] in _DASHES]
            if not all(is_amount(x) or x in _DASHES for x in middle):
                return -1, -1
        v = last + 1
        while v < closing and not self.is_word(v):
            v += 1
        return v, closing

    def _names_this_one(self, k: int, end: int) -> bool:
        """After a given value, no "for" or "on" that names a kind rather than this one."""
        for j in range(k, end):
            if self.w[j] in {"for", "on"} and self.word(j + 1) not in _THIS_ONE:
                if not is_amount(self.word(j + 1)) and not self.word(j + 1)[:1].isdigit():
                    return False
        return True

    def _customers_share(self, label: list[str], i: int) -> bool:
        """The label says the charge at `i` is the customer's: "to you", "extra charge"."""
        if self.word(i - 1) in _EXTRA:
            return True
        for a, x in enumerate(label):
            whose = label[a + 1 : a + 3]
            whose = whose[1:] if whose[:1] == ["the"] else whose
            if x == "to" and whose[:1] and whose[0] in _YOURS:
                return True
        return False

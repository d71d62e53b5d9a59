"""A label's value that reports a grant with its target: "**Room:** Upgraded to Junior Suite ✅".

Round 139 of the corpus summed up an agent's work in status lines, a label and its value.
An upgrade's value names where the customer was moved ("Room: Upgraded to Junior Suite ✅",
"Seat: upgraded to Business"), which the older rule read only alone ("Seat: upgraded ✅",
`FragmentReader._fragment`). Not a value marked not done ("Upgraded to Suite ❌", "... pending
approval"), nor under a label that names a request ("Requested: upgraded to Suite"); an
upgrade the reply charges for is sold (`_promise_charged.customer_pays`).
The rule reads the label before the verb and the rest of the line after it.
"""

from __future__ import annotations

from ._guarantees import Shape, completed
from ._promise_fragments import after_label
from ._promise_no_loss import NoLossReader

__all__ = ["LABEL_VALUES", "LabelValueReader", "may_be_label_value"]

LABEL_VALUES = frozenset({"upgraded"})
"""The words the rule of this module anchors at."""

_NOT_DONE = frozenset(
    {"❌", "✗", "✘", "pending", "not", "no", "requested", "awaiting", "if", "once", "unless"}
)  # fmt: skip
"""In the value, or the label: what says the upgrade is not (yet) done."""

_ASKED = frozenset({"request", "requested", "requests", "asked", "wanted", "wish", "option"})

_LINE_ENDS = frozenset({"\n", ".", "!", "?", ";"})


def may_be_label_value(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    return after_label(words, i) and words[i + 1 : i + 2] in (["to"], ["into"])


class LabelValueReader(NoLossReader):
    """The rule that reads a label's value reporting an upgrade with its target."""

    def _upgraded_value(self, i: int, w: str) -> Shape | None:
        """A label's value "Upgraded to ...", at "upgraded"."""
        if w not in LABEL_VALUES or not after_label(self.w, i):
            return None
        if self.word(i + 1) not in {"to", "into"} or not self.is_word(i + 2):
            return None
        colon = next(k for k in range(i - 1, -1, -1) if self.w[k] == ":")
        label = self.w[max(0, colon - 4) : colon]
        if not _ASKED.isdisjoint(label):
            return None
        end = i + 2
        while end < self.n and self.w[end] not in _LINE_ENDS and end < i + 12:
            if self.w[end] in _NOT_DONE:
                return None
            end += 1
        last = end
        while last > i + 2 and not self.is_word(last - 1):
            last -= 1
        return completed(i, i, last)

"""A label naming the agent's own next step, and the grant told after it.

The dev split's backlog (rounds 28, 49, 64, 79 and 227) summed up a case in labelled lines
and put the agent's commitment in one of them, the label saying the step is the agent's own:
"**What I'll do:** move you to a Junior Suite ... at no extra cost", "**Next step (me):**
refund £4.99 for the undelivered issue", "**Our fix:** October's box gets re-shipped ...,
free of charge". Without the label the value reads as a bare verb (an instruction to the
customer) or a plain statement of how things go; under it, it is what the agent undertakes,
as a list's lines are under "What we'll do:" (`_promise_lists`).

- the label (`own_step_label`): the words of its line before the first colon, marks and a
  list's bullet aside, that say the step is the speaker's: "What I'll do", "What we're going
  to do (next)", "What I'm doing", "Next step (me)", "Next steps (I handle this)", "Next steps
  for us", "My next steps", "Our fix", "My solution". Not a label of options, rules or
  conditions ("Options:", "Policy:", "What we can do:", "If it arrives damaged:"), nor one
  whose step is the customer's ("Next step (you):");
- a base or -ing verb that opens the label's value is the agent's act to come
  (`_promise_grants.GrantReader._listed`: "Next step (me): refund £4.99");
- a granting frame in the value ("free of charge", "at no extra cost", "as a one-off
  exception"; `_promise_grants.GRANTING`) makes the whole value a commitment, whatever its
  verb or none (`_own_step_grant`: "Our fix: the box gets re-shipped, free of charge").
  The detector's scopes still set aside what is negated, asked or conditional.

Each reads back at most `_REACH` characters to the line's start: linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._promise_cells import CellReader
from ._promise_grants import GRANTING_ENDS, granting_frame_at
from ._promise_lists import label_of, own_step_label
from ._promise_match import committed

__all__ = ["OWN_STEP_ENDS", "OwnStepReader", "may_be_own_step"]

OWN_STEP_ENDS = GRANTING_ENDS
"""The words `_own_step_grant` anchors at: a granting frame's last."""

_FIRST_PERSON = frozenset({"i", "we", "me", "us", "my", "our", "mine", "ours"})
"""What the words of an own step's label hold (`may_be_own_step`, a first test)."""


def may_be_own_step(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promises.may_match`)."""
    colon = next((k for k in range(i - 1, max(-1, i - 30), -1) if words[k] == ":"), -1)
    return colon >= 0 and not _FIRST_PERSON.isdisjoint(words[max(0, colon - 8) : colon])


class OwnStepReader(CellReader):
    """The rule that reads a grant in the value of a label naming the agent's own step."""

    def _own_step_grant(self, i: int, w: str) -> Shape | None:
        """A granting frame ending at `i` in the value of an own step's label.

        The commitment runs from the value's first word to the frame's end.
        """
        if w not in OWN_STEP_ENDS or not may_be_own_step(self.w, i):
            return None
        frame = granting_frame_at(self.w, i)
        if frame is None:
            return None
        line, colon = label_of(self.text, self.s.tokens[i].start)
        if colon < 0 or not own_step_label(self.text[line:colon]):
            return None
        first = next(
            (k for k in range(i + 1) if self.s.tokens[k].start > colon and self.is_word(k)), i
        )
        if first < self.claimed or "?" in self.w[first:i]:
            return None
        return committed(first, i, i + 1)

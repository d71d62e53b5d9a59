"""A condition the agent is about to check: the inability it would bring declines nothing.

"Let me check order #W5870244 first. If it has already shipped, I won't be able to cancel
it", "If the reservation turns out to be basic economy, I won't be able to change the
flights. Let me pull up R2Y8HS now", "If there are no seats left in business, I won't be
able to upgrade you, so I'm checking availability first" (dev round 282's false alarms): the
reply does not know yet which way the condition falls, and says it is finding out. The
condition opens the sentence ("if", past a lead-in such as "but" or "and") and the
inability is its main clause, or the condition follows the inability ("I can't cancel it if
it has shipped"), or (dev round 290) the condition opens the clause right before the
inability's, in mid-sentence after a semicolon, a colon or a dash (`_BREAKS`), which start a
part of the sentence as its opening does: "I'm checking L-6211 now; if it turns out to be
suspended, I won't be able to add the pass".

What sets this apart from "if you're not the account holder, I can't share it", which still
refuses (a rule told for the case), is the check the agent announces in the reply within 200
characters either side of the inability (`_checking`): "let me" and a verb of looking
(check, look, pull up, verify, review...), "I'm checking", "I'll check", "one moment",
"give me a sec"; and (dev round 290) a watch kept, which learns the condition as a look
does: "I'm keeping an eye on it", "I'll monitor the payment", "we're watching it". Not "let's
see" nor "I'll see", which as often offer another way after a refusal ("but I'll see what
else I can do"). Not a condition the customer sets by wanting ("if you want the refund on
your card, I can't do that; let me check other options": the request itself), nor "even if"
(whatever the case), nor a check already made ("I checked").

`Unchecked` is the refusal reader's `hypothetical`, widened to this case, so every rule
that sets aside the hypothetical sets this aside too ("conditional"). The cost stays
linear: only a sentence with such a condition is read further, and then a fixed window of
the reply around the inability.
"""

from __future__ import annotations

from ._refusal_reasons import Reasons
from ._refusal_words import LEAD_INS
from ._tokens import tokenize

__all__ = ["Unchecked"]

_LOOK = frozenset(
    {"check", "look", "pull", "verify", "double-check", "review", "search", "monitor", "watch"}
)  # fmt: skip
"""What the agent does to learn the condition: "let me check", "I'll pull up the booking",
"I'll monitor it" ("keep" too, before "an eye": `_eye_kept`)."""

_LOOKING = frozenset(
    {"checking", "looking", "pulling", "verifying", "double-checking", "reviewing", "searching",
     "monitoring", "watching"}
)  # fmt: skip
"""The same check under way: "I'm checking availability now", "I'm monitoring it"."""

_WHILE = frozenset({"sec", "second", "moment", "mo", "tick"})
"""What "one" or "give me a" asks the customer to wait while the agent looks: "one moment"."""

_BETWEEN = frozenset({"just", "quickly", "first", "now", "also", "go", "and", "right"})
"""Between "let me", "I'll" or "I'm" and the verb of looking: "let me just check"."""

_WANTING = frozenset(
    {"want", "wants", "wish", "prefer", "like", "rather", "choose", "decide", "insist", "need"}
)
"""In a condition, the customer's wish: the request itself ("if you want it on the card")."""

_BREAKS = frozenset({";", ":", "—", "–", "-"})
"""Before a condition in mid-sentence, a break that opens a new part of it, as a sentence's
start does ("I'm checking it now; if it's suspended, ..."; not "and if", nor ", but if")."""

_REACH = 200
"""How many characters either side of the inability the check may stand."""


class Unchecked(Reasons):
    """The refusal reader's `hypothetical`, with the condition the agent is about to check."""

    def hypothetical(self, start: int) -> bool:
        """The refusal at `start` stands inside a condition, or one the agent is checking."""
        return super().hypothetical(start) or self._unchecked(start)

    def _unchecked(self, i: int) -> bool:
        """The inability at `i` follows from an "if" the reply says the agent is checking."""
        c = self._condition_of(i)
        if c < 0 or not _WANTING.isdisjoint(self.w[c + 1 : min(self.n, c + 8)]):
            return False
        a = self.s.tokens[i].start
        return _checking([t.word for t in tokenize(self.text[max(0, a - _REACH) : a + _REACH])])

    def _condition_of(self, i: int) -> int:
        """Where the "if" stands whose main clause the inability at `i` is, or -1.

        The sentence opens with it (past lead-ins), in an earlier clause, at most 30 tokens
        before `i`; or it follows `i` in its clause, or opens the clause after it.
        """
        s = self.s
        f = next(
            (k for k in range(min(self.n, 4)) if self.is_word(k) and self.w[k] not in LEAD_INS), -1
        )
        if f >= 0 and self.w[f] == "if" and s.clause[f] < s.clause[i] and i - f <= 30:
            return f
        c = s.clause[i] - 1  # "I'm checking it now; if it's suspended, I won't be able to"
        if c > 0 and s.boundary[c] in _BREAKS:
            b = s.clause_start[c]
            f = next(
                (
                    k
                    for k in range(b, min(i, b + 4))
                    if self.is_word(k) and self.w[k] not in LEAD_INS
                ),
                -1,
            )
            if f >= 0 and self.w[f] == "if" and self.word(f - 1) != "even" and i - f <= 30:
                return f
        k = s.condition_next[i]
        if k >= 0 and self.w[k] == "if" and self.word(k - 1) != "even":
            return k
        c = s.clause[i] + 1
        if c < len(s.clause_start) and s.opens_clause(c) == "if":
            k = s.clause_start[c]
            while self.w[k] != "if":
                k += 1
            return k if self.word(k - 1) != "even" else -1
        return -1


def _checking(words: list[str]) -> bool:
    """The words announce a check the agent makes now: "let me check", "I'm pulling up"."""
    for k, x in enumerate(words):
        x = _eye_kept(words, k) or x
        if x in _LOOK or x in _LOOKING:
            j = k - 1
            while j > k - 3 and words[j] in _BETWEEN:
                j -= 1  # "let me just check", "I'm now checking"
            before = words[max(0, j - 1) : j + 1]
            if x in _LOOK and before in (["let", "me"], ["i", "will"]):
                return True
            if x in _LOOKING and before in (["i", "am"], ["we", "are"]):
                return True
        elif x in _WHILE and (
            words[k - 1 : k] == ["one"] or words[max(0, k - 2) : k] == ["me", "a"]
        ):
            return True  # "one moment", "give me a sec"
    return False


def _eye_kept(words: list[str], k: int) -> str:
    """At `k`, "keep" or "keeping" before "an eye" read as "watch" or "watching", else ""."""
    if words[k] in {"keep", "keeping"} and words[k + 1 : k + 3] == ["an", "eye"]:
        return "watch" if words[k] == "keep" else "watching"
    return ""

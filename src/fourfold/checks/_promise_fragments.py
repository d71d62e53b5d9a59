"""Promises said in fragments: a headline, or a chat reply with its subject left out.

A reply in a chat or a summary often leaves out what a sentence would hold: "Refund
processed!", "Fee waived.", "Waived it for you", "ok refunded u". `FragmentReader` reads
these completed authority actions (and the guarantee "That's a promise."); the rules that
read whole clauses are built on it (`_promise_shapes`).
"""

from __future__ import annotations

from ._authority import AUX, VERBS
from ._guarantees import GuaranteeReader, Shape, completed
from ._lexicon import APPROVING, CHARGE_NOUNS, CHARGE_VERBS, GIVE_VERBS, SELF_VERBS

__all__ = ["FragmentReader"]

_CHAT_OPENERS = frozenset(
    {"just", "already", "also", "now", "ok", "okay", "k", "so", "and", "+", "&", "all",
     "right", "sure", "yep", "yes", "np", "done", "sorted"}
)  # fmt: skip
"""What may stand before a past verb that opens a chat reply's clause ("ok refunded u")."""

_CHAT_OBJECTS = frozenset(
    {"it", "you", "your", "them", "that", "this", "the", "both", "everything", "those"}
)
"""What may follow it: something of this customer's ("Waived it for you")."""


class FragmentReader(GuaranteeReader):
    """The rules for promises said without a whole clause."""

    def _headline(self, i: int, w: str) -> Shape | None:
        """Completed authority action said without a verb, as in a headline.

        "Refund processed!", "Fee waived.", "Refunded!"; and the guarantee "That's a
        promise."
        """
        if VERBS.get(w, ("", ""))[1] == "past" and VERBS[w][0] in SELF_VERBS and self._alone(i):
            return completed(i, i, i + 1)
        if (
            w == "promise"
            and self.word(i - 1) == "a"
            and self.word(i - 2) == "is"
            and self.word(i - 3) == "that"
        ):
            return Shape("explicit guarantee", "guarantee", i - 3, i, i + 1)  # "That's a promise."
        if not (self._auth_noun(i) or w in CHARGE_NOUNS):
            return None
        y = self.word(i + 1)
        if y not in VERBS or VERBS[y][1] != "past":
            return None
        # the noun opens its clause, after at most a determiner ("OK, the refund processed")
        start = self.s.clause_start[self.s.clause[i]]
        if i - start > 3 or any(self.w[k] in AUX for k in range(start, i)):
            return None
        after = self.s.tokens[i + 2] if i + 2 < self.n else None
        if after is not None and after.is_word and after.word not in {"and"}:
            return None
        base = VERBS[y][0]
        if (
            base in SELF_VERBS
            or base in GIVE_VERBS
            or base in APPROVING
            or (base in CHARGE_VERBS and w in CHARGE_NOUNS)
        ):
            return completed(i, i, i + 2)
        return None

    def _chat_opener(self, i: int) -> bool:
        """The past verb at `i` opens its clause with no subject, and takes this customer.

        Before it, only "just", "already", "ok", "so" and other past verbs joined by "and",
        "+" or "&" ("Cancelled + refunded"); after it, the end of its clause or an object
        of this customer's ("it", "you", "your", "the", an amount). "Refunded items are
        shown in grey" is a noun after an adjective, not an action.
        """
        s = self.s
        start = s.clause_start[s.clause[i]]
        if i - start > 4:
            return False
        for k in range(start, i):
            x = self.w[k]
            if not self.is_word(k) or x in _CHAT_OPENERS:
                continue
            if VERBS.get(x, ("", ""))[1] == "past" and self.w[k + 1] in {"and", "+", "&"}:
                continue
            return False
        if i + 1 >= s.clause_end(s.clause[i]) or not self.is_word(i + 1):
            return True
        nxt = self.w[i + 1]
        return nxt in _CHAT_OBJECTS or nxt[0] in "$£€" or nxt[0].isdigit()

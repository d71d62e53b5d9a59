"""The words of one sentence that name what only someone with authority gives.

`WordReader` is the part of `_authority.PhraseReader` that reads a token or two at a time:
whether a word names something given with authority ("refund", "a £20 credit", "a courtesy
car", "50% off"), where "free of charge", "on us" and "as a courtesy" stand, and whether a
"free" gives anything away ("feel free" does not). The phrase readers build on it.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cached_property

from ._grammar import Sentence, phrase_index, starts
from ._lexicon import (
    AUTH_NOUNS,
    AUX,
    BLOCKING_HEADS,
    COURTESY_GIFTS,
    COURTESY_PHRASES,
    DETERMINERS,
    FREE_DURATIONS,
    FREE_WORDS,
    FREEBIE_PHRASES,
    PAID_FOR,
    PREPOSITIONS,
    PRICE_OF,
    PRONOUNS,
    SUMS,
    is_amount,
)
from ._skipping import skip

__all__ = ["WordReader"]

_FREEBIES = phrase_index(FREEBIE_PHRASES)
_REGRETTING = frozenset(
    {"sorry", "apologies", "apologise", "apologize", "apology", "regret", "thanks", "thank",
     "you", "again", "much", "so", "very", "really", "truly"}
)  # fmt: skip
"""Before "for the trouble": an apology's or thanks' reason, not amends given for it."""
_COURTESIES = phrase_index(COURTESY_PHRASES)
_ASKING_MARKS = frozenset({"goodwill", "complimentary", "courtesy"})
"""The one-word marks of a grant that may name what is asked for instead."""
_ASKED_FOR = frozenset(
    {"request", "requests", "application", "applications", "enquiry", "inquiry", "query",
     "form", "forms", "ticket", "case", "appeal", "claim", "claims"}
)  # fmt: skip
"""What a grant's noun may head without being given: "a goodwill credit request"."""
_JOINING = frozenset({"or", "and", "/", "&"})
"""What joins two nouns that modify one head: "a refund or replacement request"."""


class WordReader:
    """Reads single words of one sentence: what they are, and which name a grant."""

    def __init__(self, s: Sentence, text: str) -> None:
        self.s = s
        self.text = text
        self.w = s.words
        self.n = len(self.w)

    # Where "free of charge", "on us"... and "as a courtesy"... stand: rare, so kept as
    # positions rather than an entry for every token, and found the first time a rule asks
    # (most sentences are read by no rule that does).

    @cached_property
    def freebies(self) -> list[int]:
        """Where "free of charge", "on us", "complimentary"... start (not "feel free")."""
        return [i for i in starts(self.w, _FREEBIES) if not self._false_free(i)]

    @cached_property
    def courtesies(self) -> list[int]:
        """Where "as a courtesy", "as a gesture", "to make up for"... start."""
        return starts(self.w, _COURTESIES)

    def freebie_from(self, i: int) -> int:
        """The first "free of charge", "on us"... at or after `i`, or -1."""
        k = bisect_left(self.freebies, max(i, 0))
        return self.freebies[k] if k < len(self.freebies) else -1

    def is_word(self, i: int) -> bool:
        """The token at `i` is a word (or a number), not punctuation or past an edge."""
        return 0 <= i < self.n and self.s.tokens[i].is_word

    def word(self, i: int) -> str:
        """The normalised word at `i`, or ``""`` outside the sentence."""
        return self.w[i] if 0 <= i < self.n else ""

    def _false_free(self, i: int) -> bool:
        """The "free" at `i` gives nothing away: "feel free", "free to", "duty free", "at no. 4".

        Nor does a word that names a grant asked for: "a goodwill credit request", "a
        complimentary upgrade application" are requests, whoever decides them.
        """
        if self.w[i] in _ASKING_MARKS:
            nxt = self.word(i + 1)
            return (self.word(i + 2) if nxt in AUTH_NOUNS else nxt) in _ASKED_FOR
        if self.w[i] == "for" and self.word(i + 1) == "the":
            # amends, not an apology's or thanks' reason ("sorry for the trouble"), nor what
            # a visit is for ("an engineer for the trouble with your line"): the phrase ends
            # its clause
            if self.is_word(i + 3) and self.word(i + 3) not in {"and", "caused"}:
                return True
            return self.word(i - 1) in _REGRETTING or not self.is_word(i - 1)
        if self.w[i] != "free":
            return self.w[i] == "at" and not self.is_word(i + 2)  # "at no. 14", a house
        nxt, prev = self.word(i + 1), self.word(i - 1)
        if nxt == "to" and i + 1 in self.courtesies:
            return False  # "the rest of the month free to make up for it": amends, given
        return nxt in {"to", "time"} or prev in {"feel", "hands", "toll", "duty", "tax"}

    def _skip(self, j: int, limit: int = 5) -> tuple[int, bool, bool]:
        """Move past adverbs (`skip`)."""
        return skip(self.w, j, limit)

    def label_names(self, k: int) -> bool:
        """The amount at `k` is a label's value, and the label names what needs authority.

        "Refund: $26.48 has been added to your balance": the amount is the refund.
        """
        c, s = self.s.clause[k], self.s
        if (
            c == 0
            or s.boundary[c] != ":"
            or any(self.is_word(x) for x in range(s.clause_start[c], k))
        ):
            return False
        return any(self._auth_noun(x) for x in range(max(s.clause_start[c - 1], k - 8), k))

    def _auth_noun(self, k: int) -> bool:
        """The token at `k` names something only someone with authority gives."""
        w, nxt, prev = self.word(k), self.word(k + 1), self.word(k - 1)
        if w in AUTH_NOUNS:
            # "your upgrade payment", "the replacement fee": the price of it, paid; the head
            # may follow another such noun: "a goodwill credit request" is a request
            head = self.word(self._head_after(k))
            return head not in BLOCKING_HEADS and not (w in PAID_FOR and nxt in PRICE_OF)
        if w == "money":
            return prev in {"your", "the", "my", "their", "his", "her", "all"} or nxt == "back"
        if w == "gift" and nxt in {"card", "cards", "certificate", "voucher"}:
            # "the gift card payment has been swapped over to PayPal": a payment made with the
            # card, as "your upgrade payment" is one for the upgrade (round 283)
            return self.word(k + 2) not in PRICE_OF
        if w == "courtesy" and nxt in COURTESY_GIFTS:
            return True  # "a courtesy car", "a courtesy night": given as a courtesy
        of_sum = nxt == "of" and is_amount(self.word(k + 2))  # "a travel certificate of $100"
        if w in {"certificate", "certificates"} and (nxt not in BLOCKING_HEADS | {"of"} or of_sum):
            # "a travel certificate", "a $50 certificate": a voucher by another name
            return prev in {"travel", "flight", "compensation"} or prev[:1] in "$£€¥"
        if w in FREE_WORDS:
            if nxt in PREPOSITIONS - {"to"}:  # "free for the rest of the year", not "free on
                return self._free_for(k + 1)  # Thursday", "free for warranty work"
            return nxt.isalpha() and nxt not in {"of", "to", "and", "or"} and nxt not in AUX
        if w == "price" and nxt in {"adjustment", "match", "reduction", "drop"}:
            return True
        if w == "reduction" and (is_amount(prev) or prev[-1:] == "%"):
            return True  # "a €50 reduction", "a 20% reduction": a discount by its sum
        if w == "back" and prev[:1] in "$£€¥" and prev[1:2].isdigit():
            return True
        if nxt == "off" and (w[:-1].isdigit() and w[-1:] == "%" or is_amount(w)):
            return True  # "I can offer you 50% off your bill", "£10 off": a discount
        if w in SUMS and nxt == "back":
            return True  # "every penny back", "the full amount back"
        return False

    def _head_after(self, k: int) -> int:
        """Where the head of the authority noun at `k` stands, past nouns that modify it.

        "a goodwill credit request", and the modifiers joined ("a refund or replacement
        request", "the refund and exchange form", "a refund/credit note"): each of them
        names the kind of request, and the request is the head. At most three modifiers
        are passed, so the look stays a few tokens long.
        """
        j = k + 1
        for _ in range(3):
            if self.word(j) in AUTH_NOUNS:
                j += 1
            elif self.word(j) in _JOINING and self._joined_modifier(j + 1):
                j += 2
            else:
                break
        return j

    def _joined_modifier(self, k: int) -> bool:
        """The word at `k`, after "or"/"and", is a second noun modifying the same head.

        Another authority noun ("a refund or replacement request"), or after "or" a plain
        noun right before a head that blocks ("a refund or exchange request", "a refund or
        return form"); not an article ("a refund or a replacement"), a pronoun, nor after
        "and" ("I'll send your refund and email confirmation": the refund is given).
        """
        x = self.word(k)
        if x in AUTH_NOUNS:
            return True
        if self.word(k - 1) not in {"or", "/"}:
            return False  # "your refund and email confirmation": two things, the refund given
        plain = x.isalpha() and x not in DETERMINERS and x not in AUX and x not in PRONOUNS
        return plain and self.word(k + 1) in BLOCKING_HEADS

    def _free_for(self, k: int) -> bool:
        """After "free", the preposition at `k` says for how long: "for the rest of the year".

        "Free for three months", "free until March", "free for life"; not when or what for.
        """
        if self.word(k) not in {"for", "until", "through", "till"}:
            return False
        said = self.w[k + 1 : k + 5]
        return not FREE_DURATIONS.isdisjoint(said) or any(x[:1].isdigit() for x in said)

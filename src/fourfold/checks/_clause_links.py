"""How a word's clause stands to the clause before it, for the promise rules.

A verb's force often depends on the clause it follows: "Refunded!" alone in its clause, "and
refund you" after a clause that commits with I or we ("we'll send a courier ... and refund
you"), "and refunded" after a passive ("it was cancelled and refunded"), or after a clause
that opens with I or we. `ClauseReader` answers these questions from the clause boundaries of
`_grammar.Sentence`; `_authority.PhraseReader` builds on it. Each reads a window of a few
tokens around one clause boundary, so each costs constant time.
"""

from __future__ import annotations

from ._lexicon import ARTICLES, AUX, FIRST, HAVE, SPECIFIC
from ._word_reader import WordReader

__all__ = ["ClauseReader", "ing_in_compound", "said_before_np"]

_OBJECT_PRONOUNS = frozenset({"me", "us", "him", "them"})
"""Object pronouns: they end a clause's verb phrase, and open no noun phrase."""

_UNCOMMITTED = frozenset(
    {"need", "needs", "must", "should", "may", "might", "could", "would", "required"}
)
"""In a passive clause, what commits to nothing that "and" and a participle after it share:
"the fee would be waived and the deposit returned" (hypothetical, or someone's told words)."""

_SAYING = frozenset({"says", "say", "tells", "tell", "told", "said", "confirms", "writes"})
"""Verbs of saying that may go on without "that": "billing says the fee is gone"."""


def said_before_np(words: list[str], k: int) -> bool:
    """``words[k - 1]`` is a verb of the clause before the noun phrase at `k`, not part of it.

    A subject's noun phrase reaches back over words the verb table does not know; it stops
    at a verb that opens a clause without "that": one after a perfect "have" ("our team
    have confirmed | the replacement parts will..."), or a past in "-ed" right before a
    determiner ("billing confirmed | the parts will..."; an adjective in "-ed" comes after
    the determiner, "the returned parts"), or a verb of saying there ("billing says | the
    fee is gone"); and it never takes in the object pronoun that ends such a verb's clause
    ("they told me | the £12 late fee is gone").
    """
    if k < 1:
        return False
    before = words[k - 1]
    if before in _OBJECT_PRONOUNS:
        return True
    after_have = k > 1 and words[k - 2] in HAVE and before not in SPECIFIC
    verb = before.endswith("ed") or before in _SAYING
    return after_have or (verb and words[k] in SPECIFIC)


def ing_in_compound(words: list[str], k: int) -> bool:
    """``words[k - 1]``, in "-ing", is a noun inside a compound opened by an article.

    "the airline booking dispute", "your hotel parking refund" (dev round 299): an article,
    a plain word (no "-ing" nor "-ed" form of its own), then the "-ing" word and the noun at
    `k`; the "-ing" word is a noun there, as it is right after the article ("the booking
    fee"), and the subject's noun phrase reads on over it. Not a verb that ends a clause
    before the subject ("after checking the refund was sent": no article two words back).
    """
    if k < 3 or not words[k - 1].endswith("ing") or words[k - 3] not in ARTICLES:
        return False
    plain = words[k - 2]
    return plain.isalpha() and not plain.endswith(("ing", "ed"))


class ClauseReader(WordReader):
    """Reads how the clause of a word stands to the clause before it."""

    def _alone(self, i: int) -> bool:
        """The word at `i` is its clause's only word ("Refunded!", "Done, and waived.")."""
        end = self.s.clause_end(self.s.clause[i])
        return self._opens_clause(i) and (i + 1 >= end or not self.is_word(i + 1))

    def _opens_clause(self, i: int) -> bool:
        """The word at `i` is its clause's first word."""
        start = self.s.clause_start[self.s.clause[i]]
        # a clause may open with punctuation; a few marks are read, not a hostile run of them
        return all(not self.is_word(k) for k in range(max(start, i - 4), i)) and (i - start <= 4)

    def _hedge_modal(self, i: int) -> bool:
        """A modal of likelihood before `i` ("should have been processed"; not "4 May")."""
        if self.word(i - 1) == "may" and self.s.hedge[i] < 0:
            return False  # the scopes read it as the month (`_grammar._month`)
        return self.word(i - 1) in {"should", "may", "might", "could", "must", "would"}

    def _coordinated(self, i: int) -> bool:
        """The verb at `i` follows "and", after a clause that commits with I or we.

        "we'll send a courier ... and refund you", "let me ... and waive the fee"; and past a
        clause that goes on with the object ("we'll restore the matches | and messages you
        lost | and refund the Boost": no auxiliary or I, we in it).
        """
        if self.word(i - 1 - (self.word(i - 1) in {"also", "then"})) != "and":  # "and also"
            return False
        c = self.s.clause[i]
        if c == 0:
            return False
        if c > 1 and self.s.boundary[c - 1] == "and":
            between = self.w[self.s.clause_start[c - 1] : self.s.clause_end(c - 1)]
            if len(between) <= 6 and AUX.isdisjoint(between) and FIRST.isdisjoint(between):
                c -= 1  # the clause between continues the object: read the one before it
        start, end = self.s.clause_start[c - 1], self.s.clause_end(c - 1)
        words = self.w[start : min(end, start + 12)]
        committing = {"will", "shall"} & set(words) or ("going" in words and "to" in words)
        # "we'll", "let me", or the business's people ("our team will come back | and ...")
        first = any(x in FIRST for x in words[:4]) or any(x in {"let", "our"} for x in words[:2])
        negated = any(x in {"not", "never", "no"} for x in words)
        return bool(committing or "let" in words[:2]) and first and not negated

    def _passive_clause_before(self, k: int) -> bool:
        """The clause before the one at `k` is a passive ("... was cancelled | and refunded")."""
        c = self.s.clause[k]
        if c == 0:
            return False
        start, end = self.s.clause_start[c - 1], self.s.clause_end(c - 1)
        window = self.w[start : min(end, start + 8)]
        # "will need to be calculated and paid" commits to nothing
        if _UNCOMMITTED & set(window):
            return False
        return any(x in {"was", "were", "been", "is", "are", "be"} for x in window)

    def uncommitted_gap(self, k: int, end: int) -> bool:
        """The participle at `k` shares a passive before "and" that commits to nothing.

        "... promised that the excess would be waived | and a courtesy car provided", "the
        fee will need to be recalculated | and the balance refunded": with no auxiliary of
        its own between its clause's start and `end`, the participle after "and" takes that
        clause's modal and "be", left out (round 259), so it tells of nothing done (not
        "... would be waived | and the deposit has been refunded").
        """
        c = self.s.clause[k]
        if c == 0 or self.s.boundary[c] != "and":
            return False
        if not AUX.isdisjoint(self.w[self.s.clause_start[c] : end]):
            return False
        start, end = self.s.clause_start[c - 1], self.s.clause_end(c - 1)
        window = self.w[max(start, end - 10) : end]
        return bool(_UNCOMMITTED & set(window)) and "be" in window

    def _first_person_clause_before(self, k: int) -> bool:
        """The clause before the one at `k` opens with I or we ("I cancelled it | and ...")."""
        c = self.s.clause[k]
        if c == 0:
            return False
        start = self.s.clause_start[c - 1]
        return self.word(start) in FIRST or self.word(start + 1) in FIRST

"""A subject set off from its verb by an apposition between commas or dashes.

Round 117 of the corpus named the charge or sum first, then said it again with its figures,
then its verb: "the difference between the SUV and compact rates, ₺2,400, will be returned
to your card", "the foreign transaction fees from your trip — all eleven of them, $43.18 in
total — are gone from your statement", "your final night, 22 May, is no longer on your
bill". The verb's clause opens with the verb, so `PhraseReader._subject` reads the aside
("₺2,400", "22 May") as its subject; the subject is the noun phrase before the aside.

An aside here is one or two clauses of at most six tokens, each opened by a comma or a dash,
with no verb, and at least one with a digit (an amount, a date, a count: not "the fee, as
agreed, has been waived", which reads as it did). The noun phrase before it is a clause of
at most twelve tokens without a verb, opened by the determiner a subject has ("the", "your",
"that"...) or joined by "and" to one that is ("the SUV and compact rates"). Each look is at
a few clauses of a few tokens before one anchor.

An aside in brackets needs no figure: "your claim for NZ$286.40 (toiletries and clothes) is
approved" (round 122). Round 122 also set a relative clause with "that" in the same place:
"the balance of ₹18,400 that was deducted earlier will be paid to the hospital directly by
us" (`AsideReader._before_that_clause`). Round 283 let the phrase go on after the brackets
with a preposition before its verb: "your refund for the vacuum (type: cordless) on order
#W2920474 went out this morning" (`AsideReader._tail_after_bracket`).
"""

from __future__ import annotations

from dataclasses import replace

from ._authority import AUX, SPECIFIC, VERBS, Subject, is_past
from ._lexicon import SKIPPABLE
from ._promise_grants import TAIL_MARKS
from ._promise_records import GrantedRecordReader

__all__ = ["AsideReader"]

"""What opens an aside and what closes it."""

_MONTHS = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"}
)  # fmt: skip

_BRACKET_TAIL = frozenset({"on", "in", "for", "from", "of", "under", "with"})
"""After a bracketed aside, the preposition that carries on the noun phrase before it: "your
refund for the kettle (model K2) on order #W1 went out", "the fee for the room (twin) on
your stay has been waived"."""

_HEARERS = frozenset({"i", "we", "you", "that", "which", "who", "if", "when"})
"""In a subject read past a clause of its own, what makes it no subject: a person, a link."""

_RELATIVE_HEADS = frozenset({"was", "were", "is", "are", "has", "had", "you", "we", "i"})
"""After "that" opening a relative clause: its auxiliary or its subject ("that was taken")."""

_OPENERS = frozenset({"so", "and", "but", "okay", "ok", "well", "also"})
"""What may open the noun phrase's clause before its determiner: "okay, so the fees ..."."""


class AsideReader(GrantedRecordReader):
    """`_subject` read past an apposition that holds a figure."""

    def _subject(self, anchor: int) -> Subject:
        """`ReferentReader._subject`, or the noun phrase before an aside the verb follows.

        And one whose last words are two months joined by "and" ("your membership for April
        and May will be charged"), or whose noun follows two such months ("your April and
        May late fees are reversed"): the "and" opens no clause of its own there.
        """
        found = self._before_apposition(anchor)
        if found is None and self._after_months(anchor):
            k = self.s.clause_start[self.s.clause[anchor]]
            found = self._months_subject(k, anchor if anchor > k + 2 else k)
        if found is not None:
            return found
        found = super()._subject(anchor)
        if found.kind == "np" and (found.charge or found.auth):
            return found
        return self._before_contact_clause(anchor) or self._before_that_clause(anchor) or found

    def _before_that_clause(self, anchor: int) -> Subject | None:
        """The charge or sum before a relative clause with "that" or "which" ending at `anchor`.

        "The balance of ₹18,400 that was deducted earlier will be paid to the hospital": the
        relative clause (at most seven tokens, opened by "that" and an auxiliary or a
        pronoun) is said of the noun phrase before it, which opens the clause with a
        determiner and holds no verb; that phrase, a charge or a grant, is the subject.
        """
        start = self.s.clause_start[self.s.clause[anchor]]
        while start < anchor and (not self.is_word(start) or self.w[start] in _OPENERS):
            start += 1
        for k in range(anchor - 2, max(start, anchor - 8), -1):
            if self.w[k] not in {"that", "which"} or self.word(k + 1) not in _RELATIVE_HEADS:
                continue
            if not 1 < k - start <= 12 or self.w[start] not in SPECIFIC:
                return None
            if not all(map(self._no_verb, range(start, k))):
                return None
            found = self._classify(start, k)
            useful = found.kind == "np" and (found.charge or found.auth) and not found.generic
            return found if useful else None
        return None

    def _before_contact_clause(self, anchor: int) -> Subject | None:
        """The charge that opens the clause, before a relative clause without "that".

        "The supply charge for the three weeks the smart meter was faulty has come off": the
        charge, a phrase after a preposition, and in it a clause of its own ("the smart meter
        was faulty"), at most sixteen tokens, with no I, we or you; the verb's subject is the
        charge (read only when the subject read the usual way is no charge).
        """
        c = self.s.clause[anchor]
        start = self.s.clause_start[c]
        if anchor - start > 20:
            return None  # (read no further back: a long clause is read at each anchor)
        while start < anchor and (not self.is_word(start) or self.w[start] in _OPENERS):
            start += 1
        said = self.w[start:anchor]
        if (
            not 3 < len(said) <= 16
            or said[0] not in SPECIFIC
            or not all(map(self.is_word, range(start, anchor)))
        ):
            return None
        p = next((k for k in range(start + 2, anchor) if self.w[k] in {"for", "on", "of"}), -1)
        inner = self.w[p + 1 : anchor] if p > 0 else []
        verbs = [x for x in inner if x in AUX]
        if len(verbs) != 1 or not _HEARERS.isdisjoint(said) or inner[-1:] == verbs:
            return None
        if sum(x in SPECIFIC for x in inner) < 2:
            return None  # the phrase's noun and the clause's own subject, each with its "the"
        found = self._classify(start, p)
        return found if found.kind == "np" and (found.charge or found.auth) else None

    def _months_subject(self, k: int, end: int) -> Subject | None:
        """The noun phrase that ends before the "and" at `k`, or at `end` past the months.

        "Your membership for April" ends before the "and"; "your April and May late fees"
        ends at `end`, its noun after both months.
        """
        lo = max(self.s.clause_start[self.s.clause[k - 1]], k - 12)
        first = k - 1
        while first > lo and self.is_word(first - 1) and self.w[first - 1] not in AUX:
            first -= 1
        found = self._over_months(first, k, end)
        return found if found.kind == "np" else None

    def _months_and(self, k: int) -> bool:
        """The "and" at `k` joins two months ("April and May")."""
        return self.w[k] == "and" and self.word(k - 1) in _MONTHS and self.word(k + 1) in _MONTHS

    def _over_months(self, first: int, k: int, end: int) -> Subject:
        """The noun phrase `first`:`end` whose months are joined by the "and" at `k`.

        When its noun follows both months ("your April and May late fees"), it is that noun
        ("May" read as no modal) owned by the determiner before the months.
        """
        if end <= k + 2 or self.w[first] not in SPECIFIC:
            return self._classify(first, end)
        noun = self._classify(k + 2, end)
        return replace(noun, start=first, det=self.w[first], generic=False, bare=False)

    def _after_months(self, anchor: int) -> bool:
        """The clause of `anchor` opens "and May", "and June", after a month ("April").

        The verb at `anchor` follows the month, or the noun the two months name does, in at
        most three words with no verb ("and May late fees are reversed").
        """
        s = self.s
        c = s.clause[anchor]
        k = s.clause_start[c]
        if c == 0 or s.boundary[c] != "and" or not k + 2 <= anchor <= k + 5:
            return False
        if not all(self.is_word(x) and self._no_verb(x) for x in range(k + 2, anchor)):
            return False
        return self.word(k + 1) in _MONTHS and self.word(k - 1) in _MONTHS

    def _before_apposition(self, anchor: int) -> Subject | None:
        s = self.s
        c = s.clause[anchor]
        # "your claim for NZ$286.40 (toiletries and clothes) is approved": an aside in
        # brackets is one without a figure
        bracket = c >= 2 and s.boundary[c] == ")"
        if c < 2 or (s.boundary[c] not in TAIL_MARKS and not bracket):
            return None
        k = s.clause_start[c] + 1
        while k < anchor and self.w[k] in SKIPPABLE:
            k += 1
        if bracket and k < anchor and self._tail_after_bracket(k, anchor):
            k = anchor  # "your refund for the vacuum (cordless) on order #W29 went out"
        if k != anchor:
            return None  # the verb must open its clause
        b, figures = (self._before_bracket(s.clause_start[c]), True) if bracket else (c - 1, False)
        while not bracket and b > 0 and s.boundary[b] in TAIL_MARKS and c - b <= 2:
            aside = range(s.clause_start[b] + 1, s.clause_end(b))
            if len(aside) > 6 or not all(map(self._no_verb, aside)):
                return None
            figures = figures or any(ch.isdigit() for x in aside for ch in self.w[x])
            b -= 1
        if b < 0 or not figures or s.boundary[b] in TAIL_MARKS | {"(", ")"}:
            return None
        start, end = s.clause_start[b], s.clause_end(b)
        if s.boundary[b] == "and" and b > 0:
            start = s.clause_start[b - 1]  # "the difference between the SUV | and compact rates"
        while start < end and (not self.is_word(start) or self.w[start] in _OPENERS):
            start += 1
        if not 0 < end - start <= 12 or self.w[start] not in SPECIFIC:
            return None
        if not all(map(self._no_verb_in_phrase, range(start, end))):
            return None
        k = next((x for x in range(start + 1, end - 2) if self._months_and(x)), -1)
        subject = self._over_months(start, k, end) if k > 0 else self._classify(start, end)
        return subject if subject.kind == "np" else None

    def _tail_after_bracket(self, k: int, anchor: int) -> bool:
        """The tokens `k`:`anchor` after a ")" end the noun phrase the brackets interrupt.

        "Your refund for the Vacuum Cleaner (type: cordless) on order #W2920474 went out":
        a preposition of the phrase (`_BRACKET_TAIL`) and at most six more tokens, words or
        a reference's marks, none a verb (a word right after the preposition or a determiner
        is a noun: "on booking #B77", "on your booking"); the verb follows them.
        """
        if self.w[k] not in _BRACKET_TAIL or not 1 < anchor - k <= 7:
            return False
        return all(
            (self.is_word(x) or self.w[x] in {"#", "-"})
            and (self._no_verb(x) or x == k + 1 or self.w[x - 1] in SPECIFIC)
            for x in range(k + 1, anchor)
        )

    def _before_bracket(self, k: int) -> int:
        """The clause before the brackets that ")" at `k` closes, or -1.

        What is in them is at most eight tokens with no verb ("(toiletries and two changes
        of clothes)"), and the "(" follows a word.
        """
        for j in range(k - 1, max(0, k - 10), -1):
            if self.w[j] == "(":
                inside = range(j + 1, k)
                if not inside or not all(map(self._no_verb, inside)):
                    return -1
                return self.s.clause[j - 1] if self.is_word(j - 1) else -1
        return -1

    def _no_verb_in_phrase(self, k: int) -> bool:
        """`_no_verb`, or a past participle right after a determiner, as an adjective.

        "Your refund for the returned kettle", "the cancelled flight".
        """
        return self._no_verb(k) or (is_past(self.w[k]) and self.word(k - 1) in SPECIFIC)

    def _no_verb(self, k: int) -> bool:
        """Token `k` is no verb: no auxiliary, no past or -ing form of a verb we know."""
        x = self.w[k]
        if x == "may" and (self.word(k - 1)[:1].isdigit() or self._months_and(k - 1)):
            return True  # "22 May", "April and May": a date
        return (
            x not in AUX
            and VERBS.get(x, ("", "base"))[1] not in {"past", "ing"}
            and not (is_past(x) and x.endswith("ed"))
        )

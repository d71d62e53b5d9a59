"""Promises made by their words: guarantees and no-charge commitments.

Two of the five promise rules need no verb of authority, because the words themselves
promise: an **explicit guarantee** ("I guarantee", "we promise to refund any difference",
"I can assure you it will arrive", "delivery is guaranteed", "you have my word") and a
**no-charge commitment** ("your account will never be charged again", "this won't happen
again", "there will be no fee"). `GuaranteeReader` matches them; it also marks the assuring
words ("rest assured", "I promise", "for sure") that turn a forecast into a **certain
outcome** for the commitment rules built on it (`_promise_shapes`). It is built on
`_promise_no_chance`'s reader, where a loss said to have no chance of happening ("zero chance
you'll be charged twice") is a certain outcome.

A rule returns a `Shape`: where the promise starts and ends, the token that anchored it,
which kind of rule it is (which decides the scopes that apply: a completed action is not
undone by a condition after it, a forward commitment is), and what the rule itself saw
inside its words (a hedge, a negation, a generic object). Whether a shape is a promise is
then up to the scopes in `_promises`.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property

from ._assuring import ASSURING_INDEX, IMPERATIVE, OPENING, wished_telling
from ._authority import BE, CHARGED, DETERMINERS, FIRST, VERBS, Subject, starts
from ._fronted_negation import inverted_at, inverted_verb, negated_quantity
from ._lexicon import (
    BE_NOW,
    CHARGE_NOUNS,
    CHARGE_VERBS,
    CHARGING,
    DATED_DAYS,
    HELD_PRICES,
    SELF_VERBS,
    SPECIFIC,
    is_amount,
)
from ._promise_folios import FOLIOS
from ._promise_match import Shape, committed, completed, loss_ruled_out
from ._promise_no_chance import HELD_FOR_YOU, NoChanceReader
from ._promise_uncharged import favoured_fee_end

__all__ = ["GuaranteeReader", "Shape", "completed", "committed", "loss_ruled_out"]


_BEFORE_GUARANTEE = frozenset(
    {"can", "do", "will", "hereby", "absolutely", "fully", "also", "personally", "definitely",
     "could", "am", "are", "able", "to", "100%", "100", "percent", "totally", "completely"}
)  # fmt: skip
"""What may stand between "I" and "guarantee": "I can personally guarantee", "I am able to
guarantee", "I 100% guarantee" ("I may be able to" stops at "be")."""

_WHEN_GUARANTEED = frozenset(
    {"by", "for", "within", "on", "before", "tonight", "today", "tomorrow", "until"}
)
"""What may follow "guaranteed" said of something: "Guaranteed tonight before 22:00"."""

_ARRIVES = frozenset({"reaches", "arrives", "lands", "gets"})
"""After "it's certain that": an arrival in the present, said of what is to come."""

_SOLEMN = frozenset({"personal", "solemn", "firm", "full", "absolute", "complete", "cast-iron"})
"""What may stand between "my" and a guarantee's noun: "you have my personal assurance"."""


_NOT_YET = frozenset({"upfront", "up-front", "now", "today", "yet", "initially", "until", "till"})
"""After "nothing to pay": what says it is paid later ("nothing to pay upfront")."""

_OURS = frozenset({"i", "we", "us", "our", "warranty", "covered", "waived", "free"})
"""In a sentence of "nothing to pay", what ties it to an act of ours or a cover."""

_SEEING = frozenset({"see", "find", "notice", "spot"})
"""After "you will never": what the customer does with a charge on their bill."""

_NO_CHARGE_NEXT = _SEEING | frozenset(
    {"be", "charge", "bill", "debit", "invoice", "happen", "have", "need", "pay", "appear", "show",
     "go", "increase", "rise", "change", "cost", "take", "collect", "repeat", "recur", "hit",
     "land", "owe", "reach"}
)  # fmt: skip
"""What follows "will" (and "not", "never"...) in a no-charge commitment ("hit" and "land"
only with the customer's account next: "the fee won't hit your card", dev round 269; "reach"
too, round 279)."""

_LANDS = frozenset({"hit", "land", "reach"})
"""What a fee will not do to the customer's account ("won't hit your card")."""

_HAPPEN = frozenset({"happen", "repeat", "recur"})
"""What will not happen again: "this won't happen again", "the problem will not repeat again"."""

_FEES = frozenset(
    {"fee", "fees", "charge", "charges", "penalty", "penalties", "surcharge", "surcharges",
     "fine", "fines", "interest", "overcharge", "increase", "hike", "amount", "balance",
     "demurrage", "wharfage", "corkage", "pilotage", "dilapidations"}
)  # fmt: skip
"""The charges whose not being applied is a no-charge commitment ("the late fee won't be
applied", "the demurrage won't be passed to you": a trade's own charge by its name); not a
payment or a deposit, whose not being applied is bad news."""

_SUM_TAKEN = frozenset({"taken", "collected", "debited", "deducted", "withdrawn"})
"""After a sum and "will not be" (dev round 247): the sum stays with the customer."""

_NOTHING_SAID = [["a", "penny"], ["a", "cent"], ["a", "thing"], ["one", "penny"], ["a", "dime"]]
"""After "did not charge you": nothing at all ("a penny")."""

_SURELY = frozenset({"certainly", "definitely", "absolutely", "surely", "100%"})
"""Certainty before a negation: "will definitely not", "will 100% not happen again"."""

_TOLD_NEXT = frozenset({":", ";", "—", "–"})
"""After "Consider it done": the act "it" stands for is told next by "I" or "we", in a clause of
its own that its own rule reads ("Consider it done: I've updated your address")."""

_APPLIED = frozenset(
    {"applied", "added", "taken", "levied", "imposed", "deducted", "passed", "collected",
     "pursued", "chased", "enforced"}
)  # fmt: skip
"""What a fee will not be, in a no-charge commitment: "the fee won't be applied", "the
penalty will not be added to your bill"."""


_PAID_FROM = frozenset({"card", "account", "wallet", "paypal"})
"""What of the customer's is not touched again in a no-charge commitment ("your card")."""


class GuaranteeReader(NoChanceReader):
    """The guarantee and no-charge rules, applied to one sentence."""

    @cached_property
    def assuring(self) -> list[int]:
        """Where a word or phrase that makes a forecast certain starts (`ASSURING`).

        Not "Guaranteed" capitalised inside a sentence: a product's name ("you'll find
        Guaranteed Next-Day Delivery at checkout"); nor an imperative inside its clause.
        """
        tokens = self.s.tokens
        return [
            k
            for k in starts(self.w, ASSURING_INDEX)
            if not (self.w[k] == "guaranteed" and tokens[k].cap and self.is_word(k - 1))
            and not (self.w[k] in IMPERATIVE and self.is_word(k - 1))
            and not (self.w[k] in OPENING and self.word(k + 1) != "that" and k > 0)
        ]

    def assured(self, before: int, after: int) -> bool:
        """An assuring word stands at or before `before`, or at or after `after`."""
        return bool(self.assuring) and (
            self.assuring[0] <= before or (after < self.n and self.assuring[-1] >= after)
        )

    def _guarantee(self, i: int, w: str) -> Shape | None:
        """Explicit guarantee, at its word.

        "I guarantee", "we promise to refund", "I can assure you it will...", "delivery is
        guaranteed", "you have my word", "you can count on it"; and "Consider the fee
        waived" (an authority commitment).
        """
        mine = i - 1 - (self.word(i - 1) in _SOLEMN)  # "my personal assurance"
        if (
            w in {"word", "guarantee", "promise", "assurance", "assurances"}
            and self.word(mine) in {"my", "our"}
            and self.word(mine - 1) in {"have", "you", "give"}
        ):
            # "you have my word", "You have my guarantee on that", "you have our assurance"
            return Shape("explicit guarantee", "guarantee", mine - 1, i, i + 1)
        given = self._given_guarantee(i, w)
        if given is not None:
            return given
        if w in {"guarantee", "promise"} and self.word(i - 1) in {"our", "my"}:
            colon = i + 1
            while self.word(colon) in {"*", "**"}:
                colon += 1
            if self.word(colon) == ":":
                return Shape(
                    "explicit guarantee", "guarantee", i - 1, i, colon + 1
                )  # "Our guarantee:"
        if w in {"guarantee", "guarantees", "promise", "promises", "pledge", "swear", "vow"}:
            k = i - 1
            while k > i - 4 and self.w[k] in _BEFORE_GUARANTEE:
                k -= 1
            if self.word(k) not in FIRST:
                return None
            if self.word(i - 1) == "could":
                return None
            if w.startswith("promise") and not self._outcome_follows(i + 1):
                return None
            return Shape("explicit guarantee", "guarantee", k, i, i + 1)
        if w in {"guaranteeing", "assuring"}:
            k = i - 1
            while k > i - 3 and self.word(k) in _BEFORE_GUARANTEE - {"am", "are", "to", "able"}:
                k -= 1  # "I'm personally guaranteeing"
            if self.word(k) in BE_NOW and self.word(k - 1) in FIRST:
                # "we're guaranteeing"
                return Shape("explicit guarantee", "guarantee", k - 1, i, i + 1)
        if w in {"assure"} and self.word(i - 1) in {"i", "we", "can", "am"}:
            k = i - 1 if self.word(i - 1) not in {"can", "am"} else i - 2  # "I am assure you"
            # "I assure you 100% you receive the deposit back": certain, in any tense
            certain = self.word(i + 1) == "you" and self.word(i + 2) in {"100%", "100"}
            if not certain and not self._outcome_follows(i + 1, need_future=True):
                return None
            return Shape("explicit guarantee", "guarantee", k, i, i + 1)
        if w == "guaranteed":
            return self._guaranteed(i)
        if w == "certain":
            return self._be_certain(i)
        if (
            w == "count"
            and self.word(i + 1) == "on"
            and self.word(i + 2) in {"it", "that", "us", "me"}
        ):
            if self.word(i - 1) == "can" and self.word(i - 2) == "you":
                return Shape("explicit guarantee", "guarantee", i - 2, i, i + 3)
            # "count on it being there Friday", "... — count on it": said as an order, at the
            # head of its clause (not "we count on it", "don't count on it", a negation)
            k = i - (self.word(i - 1) in {"just", "so", "and"})
            opens = self.s.clause_start[self.s.clause[i]] == k or self.word(k - 1) in {"—", "–"}
            if opens and self.word(i + 2) in {"it", "that"}:
                return Shape("explicit guarantee", "guarantee", k, i, i + 3)
        # "Consider the fee waived", also joined to what was done: "checked with the desk
        # and consider the late fee gone" (an imperative after "and", "so", "just")
        joined = self.word(i - 1) in {"and", "so", "just", "—", "–"}
        if w == "consider" and (self.s.clause_start[self.s.clause[i]] == i or joined):
            for k in range(i + 1, min(self.n, i + 6)):
                x = self.w[k]
                told = self.word(k + 1) in _TOLD_NEXT and self.is_word(k + 2)
                if x == "done" and self.word(k - 1) == "it" and told:
                    # "...: I've updated it", "...: the link is out": the acts told decide
                    rest = range(k + 2, self.n)
                    granted = any(self._auth_noun(y) or self.w[y] in CHARGE_NOUNS for y in rest)
                    if self.word(k + 2) in {"i", "we"} or not granted:
                        return None
                gone = x == "gone" and any(y in CHARGE_NOUNS for y in self.w[i + 1 : k])
                if (
                    x == "done"
                    or gone
                    or (
                        x in VERBS
                        and VERBS[x][1] == "past"
                        and VERBS[x][0] in SELF_VERBS | CHARGE_VERBS
                    )
                ):
                    return committed(i, i, k + 1)
        return None

    def _given_guarantee(self, i: int, w: str) -> Shape | None:
        """A guarantee given by its noun, at it (`i`).

        "That's a guarantee from me", "it's a promise", "100% promise", "I give you guarantee
        it will come Thursday", "I can give you my personal guarantee", "your refund is a
        certainty"; not "Is that a guarantee?" (a question), "that's a guarantee we offer
        every member" (what the noun names goes on), "there's no certainty".
        """
        if w not in {"guarantee", "promise", "assurance", "certainty"}:
            return None
        ends = self.word(i + 1) in {"", ".", "!", ",", ";", "—", "-", "from", "on"}
        if self.word(i - 1) == "a" and self.word(i - 2) == "is":
            if w == "certainty" and self.word(i - 3) not in {"not", "no"}:
                start = self.s.clause_start[self.s.clause[i]]
                while start < i and not self.is_word(start):
                    start += 1
                # "I'd love to tell you it's a certainty": wished for, not told (round 232)
                negated = wished_telling(self.w, start, i)
                return Shape("explicit guarantee", "guarantee", start, i, i + 1, negated=negated)
            if self.word(i - 3) in {"that", "this", "it"} and ends:
                return Shape("explicit guarantee", "guarantee", i - 3, i, i + 1)
        if (
            w == "promise"
            and self.word(i + 1) == "you"
            and not any(self.is_word(k) for k in range(max(0, i - 3), i))
        ):
            # "Promise you, everyone in Screen 4 is getting their money back": a chat's
            # promise without its "I", opening the sentence
            ahead = range(i + 3, min(self.n, i + 16))
            granted = any(self._auth_noun(k) or self.w[k] == "back" for k in ahead)
            if i <= 3 and self.word(i + 2) in {",", "—", "-", ":", "that"} and granted:
                return Shape("explicit guarantee", "guarantee", i, i, i + 2)
        if w == "promise" and (
            self.word(i - 1) == "100%"
            or (self.word(i - 1) == "percent" and self.word(i - 2) == "100")
        ):
            return Shape("explicit guarantee", "guarantee", i - 1, i, i + 1)  # "100% promise"
        k = i - 1
        while k > i - 4 and self.word(k) in _SOLEMN | {"a", "my", "our"}:
            k -= 1
        if self.word(k) == "you" and self.word(k - 1) in {"give", "gave", "giving"}:
            return Shape("explicit guarantee", "guarantee", k - 1, i, i + 1)
        return None

    def _be_certain(self, i: int) -> Shape | None:
        """The customer told to be certain of an outcome, at "certain": a guarantee.

        "You can be certain the $640 won't come off your card again", "it's certain that
        the replacement reaches you before Christmas": a future, or an arrival said in the
        present. Not "I'm not certain", "are you certain?", "it's certain to rain" (a
        forecast's own adverb, read by the certain-outcome rule).
        """
        if self.w[max(0, i - 3) : i] == ["you", "can", "be"]:
            k = i - 3
        elif self.w[max(0, i - 2) : i] == ["it", "is"] and self.word(i + 1) == "that":
            k = i - 2
        else:
            return None
        arrives = not _ARRIVES.isdisjoint(self.w[i + 1 : i + 12])
        if not arrives and not self._outcome_follows(i + 1, need_future=True):
            return None
        return Shape("explicit guarantee", "guarantee", k, i, i + 1)

    def _outcome_follows(self, j: int, *, need_future: bool = False) -> bool:
        """An outcome follows "I promise" or "I assure you" at `j`.

        An outcome is a future ("I promise it will..."), "to" and a verb ("we promise to
        refund"), an object ("we promise a full refund") or nothing ("..., I promise.");
        "I promise I'm looking into it" promises no outcome. `need_future` accepts only a
        future ("I assure you we take this seriously" assures, but of nothing to come).
        """
        end = min(self.n, j + 14)
        k = j
        if self.word(k) in {"you", "that"}:
            k += 1
        if self.word(k) == "that":
            k += 1
        first = self.word(k)
        if not need_future and (k >= self.n or not self.is_word(k)):
            return True
        if not need_future and first == "to":
            return True
        if not need_future and first in {"a", "an", "your", "the", "full"}:
            return True
        for x in range(k, end):
            if self.w[x] in {"will", "shall", "won't"} or (
                self.w[x] == "going" and self.word(x + 1) == "to"
            ):
                return True
            if self.w[x] in {".", "!", "?"}:
                break
        return False

    def _nothing_to_pay(self, i: int, w: str) -> Shape | None:
        """Nothing left for the customer to pay, at "nothing": a no-charge commitment.

        "Nothing to pay when you collect", "there's nothing for you to pay on collection",
        "you'll have nothing extra to pay": said of this customer's case, as "you won't have
        to pay" is. When it would be paid ("when you collect", "on collection") is no
        condition; "if", "unless", "provided" are (and the scopes read one before it).
        """
        if w != "nothing" or self.word(i - 1) in {"was", "were", "had"}:
            return None  # "there was nothing to pay at the time" tells what was
        j = i + 1 + (self.word(i + 1) in {"extra", "more", "further", "else"})
        if self.word(j) == "for" and self.word(j + 1) == "you":
            j += 2
        if self.word(j) != "to" or self.word(j + 1) != "pay":
            return None
        end = j + 2
        after = self.s.condition_next[j + 1]
        if after >= 0 and self.w[after] not in {"when", "once", "on", "at", "upon"}:
            return None
        if self.word(end) in _NOT_YET:
            return None  # "nothing to pay upfront": paid later
        start = i
        if self.word(i - 1) in BE and self.word(i - 2) == "there":
            start = i - 2
        elif self.word(i - 1) == "have" and self.word(i - 2) in {"you", "will"}:
            start = i - 2 - (self.word(i - 2) == "will")
        # the customer's, or said beside what we do: not an invoice's "total 0,00 € — nothing
        # to pay"
        ours = start < i - 1 or j > i + 1 or not _OURS.isdisjoint(self.w)
        if not ours:
            return None
        generic = self._generic_after(end)  # "nothing to pay for members"
        return Shape("no-charge commitment", "completed", start, i, end, generic=generic)

    def _guaranteed(self, i: int) -> Shape | None:
        """The word "guaranteed", said of something.

        "Delivery is guaranteed", "guaranteed to arrive", "... by Friday, guaranteed"; not a
        product ("our Guaranteed Delivery option") or an attribute ("a guaranteed slot").
        """
        tok = self.s.tokens[i]
        nxt = self.s.tokens[i + 1] if i + 1 < self.n else None
        start_of_clause = i == self.s.clause_start[self.s.clause[i]] or not self.is_word(i - 1)
        # a product or option named "Guaranteed ...": capitalised mid-sentence, or before
        # another capitalised word
        if tok.cap and (not start_of_clause or (nxt is not None and nxt.cap and nxt.is_word)):
            return None
        label = self._granted_label(i)  # "| Your refund | **Guaranteed in full** — £112.50 |"
        if label < 0 and self._priced_option(i):
            return None  # "3. Guaranteed by 1pm – £12.40": an option on a price list
        prev = self.word(i - 1)
        k = i - 1
        while k >= 0 and self.w[k] in {"absolutely", "fully", "also", "100%", "always", "now"}:
            k -= 1
        # a date with no preposition, in non-native English: "Delivery: guaranteed 3 June"
        day = self.word(i + 1 + self.word(i + 1).isdigit())
        predicative = (
            self.word(k) in BE
            or self.word(i + 1) == "to"
            or not (nxt and nxt.is_word and nxt.word not in _WHEN_GUARANTEED)
            or day in DATED_DAYS
        )
        if prev == "its" and self.word(i + 1) in {"you", "your"} and not self.is_word(i - 2):
            # the chat's "its" for "it's", opening: "its guaranteed u get the credit back"
            return Shape("explicit guarantee", "guarantee", i - 1, i, i + 1)
        if prev in DETERMINERS or not (predicative or label >= 0):
            return None
        if label >= 0:
            return Shape("explicit guarantee", "guarantee", label, i, i + 1)
        subject = self._subject(k if self.word(k) in BE else i)
        start = subject.start if subject.kind != "none" else i
        return Shape(
            "explicit guarantee", "guarantee", min(start, i), i, i + 1, generic=subject.generic
        )

    def _granted_label(self, i: int) -> int:
        """Where the label of a grant starts whose value begins at `i`, or -1.

        "Your refund: guaranteed", "| Replacement | **Guaranteed** by Friday |": a label's
        colon or a table cell's bar before the value (marks between), and a grant's noun
        (`_auth_noun`) among the label's last four words.
        """
        j = i - 1
        while j > 0 and self.w[j] in {"*", "**", "__", "_"}:
            j -= 1
        if self.word(j) not in {":", "|"}:
            return -1
        noun = next((x for x in range(j - 1, max(-1, j - 5), -1) if self._auth_noun(x)), -1)
        return noun - (self.word(noun - 1) == "your") if noun >= 0 else -1

    def _priced_option(self, i: int) -> bool:
        """The "Guaranteed" at `i` names an option with its price after a dash or a colon.

        "Guaranteed by 1pm – £12.40", "Guaranteed Saturday: $9.99": the line of a price list.
        """
        for k in range(i + 1, min(self.n - 1, i + 6)):
            if self.w[k] in {"–", "-", "—", ":"} and is_amount(self.word(k + 1)):
                return True
        return False

    def _no_charge(self, i: int, w: str) -> Shape | None:
        """No-charge commitment, at "will".

        "Your account will never be charged again", "we won't charge you", "this won't
        happen again", "you won't have to pay", "there will be no fee", "no further charges
        will be made".
        """
        # "you're not going to pay a cent of that charge", "you're never going to see that
        # charge again": "not going to" as "won't", "never going to" as "will never"
        going = w == "going" and self.word(i + 1) == "to" and self.word(i - 1) in {"not", "never"}
        if w not in {"will", "shall"} and not going:
            return None
        j = i + 1 + going
        neg = going
        # "under no circumstances will you be out of pocket", "never will you be charged", "at
        # no point will the fee appear": the subject after "will" (`_fronted_negation`)
        inverted, upto = inverted_at(self.w, i), i
        if inverted >= 0 and self.word(i + 1) != "you":
            upto = inverted_verb(self.w, i, _NO_CHARGE_NEXT)
            if upto < 0:
                return None
        if inverted >= 0:
            j, neg = max(i + 2, upto), True
        # "you will certainly not be charged": an adverb of certainty before the negation
        while self.word(j) in {"not", "never", "no", "ever", "again", "longer"} | _SURELY:
            neg = neg or self.word(j) in {"not", "never", "no"}
            j += 1
        x = self.word(j)
        if x == "get" and self.word(j + 1) in {"charged", "billed", "debited", "invoiced"}:
            x = "be"  # "you'll never get billed for it again": the passive with "get"
        # every shape needs one of these words next (the subject is read only then: most
        # "will"s are followed by none); "no further payments will ever be taken"
        if x not in _NO_CHARGE_NEXT:
            return None
        subject = self._subject(i - 2 * going) if inverted < 0 else Subject(inverted, "you")
        if upto > i:
            subject = self._classify(i + 1, upto)  # "will | the fee | appear"
        if subject.kind == "none" and self.word(i - 1) == "and":
            # "we'll freeze your membership ... and won't charge you anything": the "we"
            # of the clause before
            if self._first_person_clause_before(i):
                subject = Subject(i, "first")
        # "nothing like this will ever happen again": the negation opens the subject
        nothing = next((k for k in range(max(0, i - 4), i) if self.w[k] == "nothing"), -1)
        nothing = nothing if nothing >= 0 else negated_quantity(self.w, i)  # "not one penny of"
        neg = neg or nothing >= 0
        if not neg:
            return self._no_charge_noun(j - 1, subject)
        start = subject.start if subject.kind != "none" else i
        start = min([k for k in (nothing, inverted) if 0 <= k < start], default=start)
        end = None
        if (
            x == "be"
            and self.word(j + 1) in {"charged", "billed", "debited", "invoiced", "asked"} | CHARGED
        ):
            end = j + 2
        elif x == "be" and self.word(j + 1) in {"ever", "again"} and self.word(j + 2) in CHARGED:
            end = j + 3
        elif x in {"charge", "bill", "debit", "invoice"} and subject.kind in {"first", "np"}:
            end = j + 1 + (1 if self.word(j + 1) in {"you", "your"} else 0)
        elif (
            x == "be"
            and self.word(j + 1) in CHARGING
            and self.word(j + 2) == "you"
            and subject.kind == "first"
        ):
            # "we'll not be billing you for the second visit", "I won't be charging you"
            end = j + 3
        elif x in _HAPPEN and self.word(j + 1) in {"again", "twice"}:
            end = j + 2
        elif x in _HAPPEN and "again" in self.w[j + 1 : j + 6]:
            end = self.w.index("again", j + 1, j + 6) + 1  # "... happen with your orders again"
        elif x == "be" and self.word(j + 2) == "twice" and subject.kind == "np":
            twice = not CHARGE_NOUNS.isdisjoint(self.w[subject.start : i])  # "your debit won't
            end = j + 3 + (self.word(j + 3) == "again") if twice else None  # be taken twice"
        elif x == "be" and self.word(j + 2) == "again" and self._held_account(subject, upto):
            end = j + 3  # "your card won't be touched again": whatever the verb, no more
        elif (
            x == "be"
            and self.word(j + 1) in {"taken", "deducted", "withheld", "kept"}
            and (self.word(j + 2), self.word(j + 3)) == ("from", "your")
            and self.word(j + 4) in HELD_FOR_YOU
        ):
            end = j + 5  # "the €180 will definitely not be taken from your deposit"
        elif x == "be" and self.word(j + 1) in _SUM_TAKEN and self._sum_subject(subject, upto):
            end = None if self._later(j) else j + 2  # "that £89 will not be taken on the 1st"
        elif x == "be" and self.word(j + 1) in _APPLIED and self._fee_subject(subject, upto):
            end = j + 2  # "the missed-appointment fee won't be applied to your account"
        elif x == "be" and self._on_your_bill(j + 1) and self._fee_subject(subject, upto):
            end = self._on_your_bill(j + 1)  # "the £63 charge will not be on your June bill"
            if self._later(j):
                return None  # (not "... won't be on your bill until May")
        elif x in _LANDS and self._fee_subject(subject, upto) and not self._later(j):
            k = j + 1 + (self.word(j + 1) in {"on", "in"})  # "won't land on your bill"
            yours = self.word(k) == "your" and self.word(k + 1) in FOLIOS | _PAID_FROM
            end = j + 1 if yours else None  # "the fee is not going to hit your account"
        elif x in {"appear", "show"} and self._fee_subject(subject, upto) and not self._later(j):
            end = j + 1  # "this charge won't appear on your bill" (not "... until Monday")
            if subject.det in {"the", "this", "that", "your"}:  # "the fee for those weeks"
                subject = replace(subject, generic=False)
        elif self._held_subject(subject, upto) and (
            (x == "go" and self.word(j + 1) == "up")
            or (x == "be" and self.word(j + 1) in {"increased", "raised", "changed"})
        ):
            end = j + 2  # "your monthly bill won't go up a cent": a price held
        elif x in {"increase", "rise", "change"} and self._held_subject(subject, upto):
            end = j + 1  # "your premium won't increase at renewal"
        elif x == "be" and (self.word(j + 1), self.word(j + 2), self.word(j + 3)) == (
            "out",
            "of",
            "pocket",
        ):
            end = j + 4  # "you won't be out of pocket"
        elif x in {"have", "need"} and self.word(j + 1) == "to" and self.word(j + 2) == "pay":
            end = j + 3
        elif x in {"pay", "owe"} and subject.kind == "you":
            end = None if x == "owe" and self._later(j) else j + 1  # "you won't owe a thing"
        elif x in {"take", "collect"} and subject.kind == "first" and self._payment_at(j + 1):
            end = self._payment_at(j + 1)  # "we will not take the payment for two months"
        elif x == "cost" and self.word(j + 1) == "you" and self._this_thing(subject):
            # "the rebooking won't cost you anything", "this won't cost you a penny" (not
            # "calls to this number won't cost you anything", everyone's)
            said = self.w[j + 2 : j + 4]
            end = j + 3 if said[:1] in (["anything"], ["extra"]) else -1
            end = j + 4 if said in _NOTHING_SAID else end
            end = None if end < 0 else end
        elif x in _SEEING and subject.kind == "you":
            end = self._seen_again(j + 1)  # "you'll never see that fee on your bill again"
        elif x == "be" and self.word(j + 1) == "paying" and subject.kind == "you":
            end = j + 2  # "you definitely won't be paying for the extra night"
        elif (
            x == "be"
            and self.word(j + 1) in {"any", "a"}
            and self.word(j + 2) in {"charge", "fee", "cost", "charges", "fees"}
        ):
            end = j + 3
        if end is None:
            return None
        if subject.kind == "there" and x != "be":
            return None
        return Shape("no-charge commitment", "no-charge", start, i, end, generic=subject.generic)

    def _seen_again(self, k: int) -> int | None:
        """After "you will never see" at `k`: a charge of theirs, on their bill, "again".

        "... that subscription fee on your statement again", "... this charge on your card
        again": "that", "this", "the" or "your", a charge within four words, "on" or "in"
        their account, then "again" (not "a charge like this", not one named); one past it.
        """
        if self.word(k) not in {"that", "this", "the", "your"}:
            return None
        on = next((m for m in range(k + 1, min(self.n, k + 5)) if self.w[m] in {"on", "in"}), -1)
        if on < 0 or CHARGE_NOUNS.isdisjoint(self.w[k + 1 : on]) or self.word(on + 1) != "your":
            return None
        if self.word(on + 2) not in FOLIOS | HELD_FOR_YOU or self.word(on + 3) != "again":
            return None
        return on + 4

    def _on_your_bill(self, k: int) -> int:
        """After "be" at `k`: "on/in your (next, June) bill or statement"; one past it, or 0."""
        if self.word(k) not in {"on", "in"} or self.word(k + 1) != "your":
            return 0
        return next((t + 1 for t in (k + 2, k + 3) if self.word(t) in FOLIOS), 0)

    def _held_subject(self, subject: Subject, i: int) -> bool:
        """Whether the subject before `i` is this customer's price ("your monthly bill")."""
        said = self.w[subject.start : i]
        return (
            subject.kind == "np"
            and not subject.generic
            and "your" in said
            and not HELD_PRICES.isdisjoint(said)
        )

    def _held_account(self, subject: Subject, i: int) -> bool:
        """Whether the subject before `i` is where this customer pays from ("your card")."""
        said = self.w[subject.start : i]
        return subject.kind == "np" and "your" in said and not _PAID_FROM.isdisjoint(said)

    def _payment_at(self, k: int) -> int:
        """Where "(the, your, any) payment(s)" from `k` ends, not by a means; else 0."""
        k += self.word(k) in {"the", "your", "any", "this", "that"}
        k += self.word(k) in {"next", "monthly", "june", "july"}  # "your next payment"
        if self.word(k) not in {"payment", "payments", "instalment", "installment", "fee"}:
            return 0
        return 0 if self.word(k + 1) in {"by", "via", "over", "through", "in"} else k + 1

    def _this_thing(self, subject: Subject) -> bool:
        """The subject is a pronoun or one thing, with its determiner ("the rebooking")."""
        one = subject.kind == "np" and subject.det in SPECIFIC - {"a", "an", "these", "those"}
        return subject.kind == "pronoun" or (one and not subject.generic)

    def _later(self, j: int) -> bool:
        """What won't appear at `j` is only delayed: "... on your card yet", "until Monday"."""
        return not {"yet", "until", "till"}.isdisjoint(self.w[j + 1 : j + 10])

    def _sum_subject(self, subject: Subject, i: int) -> bool:
        """Whether the subject before `i` is a sum of this customer's ("that £89")."""
        said = self.w[subject.start : i]
        ours = {"the", "this", "that", "your"}  # (not "a £9 deposit"); "that" may head it
        pointed = subject.det in ours or self.word(subject.start - 1) in ours
        return subject.kind == "np" and pointed and any(map(is_amount, said))

    def _fee_subject(self, subject: Subject, i: int) -> bool:
        """The subject before `i` is a fee ("this charge") or money negated ("not one penny")."""
        fee = any(w in _FEES for w in self.w[subject.start : i])
        return subject.kind == "np" and (fee or negated_quantity(self.w, i) >= 0)

    def _not_charged(self, i: int, w: str) -> Shape | None:
        """A charge waived, said as not made, at "did" or "have".

        "we did not charge you anything for the repair", "I haven't billed you a penny for
        the second visit": nothing charged for something named; or a fee left uncharged as a
        favour ("as an exception I didn't charge the change fee": `_promise_uncharged`). Not
        "we didn't charge you twice" (a denial) nor "we haven't charged you yet".
        """
        if w not in {"did", "have"} or self.word(i + 1) not in {"not", "never"}:
            return None
        v = i + 2
        if self.word(v) not in ({"charge", "bill"} if w == "did" else {"charged", "billed"}):
            return None
        k = v + 1 + (self.word(v + 1) == "you")
        said = self.w[k : k + 2]
        end = k + 1 if said[:1] == ["anything"] else k + 2 if said in _NOTHING_SAID else -1
        favoured = favoured_fee_end(self.w, k, i)  # "As an exception I didn't charge the fee"
        if favoured < 0 and (end < 0 or self.word(end) != "for"):
            return None
        end = favoured - 1 if favoured >= 0 else end
        subject = self._subject(i)
        return completed(subject.start, i, end + 1) if subject.kind == "first" else None

    def _no_charge_noun(self, i: int, subject: Subject) -> Shape | None:
        """A no-charge commitment made by its noun.

        "There will be no fee", "no further deduction will happen": a charge that will not
        happen, whatever it is called.
        """
        said = self.w[subject.start : i]
        if self.word(i + 1) == "happen" and "no" in said and not CHARGE_NOUNS.isdisjoint(said):
            return Shape("no-charge commitment", "no-charge", subject.start, i, i + 2)
        if self.word(i + 1) != "be":
            return None
        if subject.kind == "there" and self.word(i + 2) == "no":
            for k in range(i + 3, min(self.n, i + 6)):
                if self.w[k] in CHARGE_NOUNS or self.w[k] in {"cost", "costs"}:
                    return Shape("no-charge commitment", "no-charge", subject.start, i, k + 1)
            return None
        words = self.w[subject.start : i]
        if "no" in words and any(x in CHARGE_NOUNS for x in words):
            if self.word(i + 2) in {
                "made",
                "applied",
                "taken",
                "charged",
                "added",
                "billed",
                "levied",
                "incurred",
                "deducted",
                "debited",
            }:
                return Shape("no-charge commitment", "no-charge", subject.start, i, i + 3)
        return None

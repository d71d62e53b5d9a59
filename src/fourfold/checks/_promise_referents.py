"""What a subject stands for when it is not next to its verb: a pronoun for a charge, an aside.

A reply often names the charge first and then acts on it by a pronoun: "the late payment
fee, I've just taken that off", "the roaming charges from your trip, that's been written
off", "don't worry about the cleaning fee, it's gone", and in non-native English "the extra
charge it is removed". The charge is in the clause before the pronoun's (or the pronoun
follows it at once); `ReferentReader` gives the pronoun what the rules ask of a charge, as
a subject (`_subject`) and as the object of a verb that takes charges off (`_verb`).

The charge is a fee, a charge, a penalty... (`FEES`: not "your payment" or "the deposit",
which are the customer's money), made this customer's by a determiner ("the", "your",
"that") or an amount, in the clause just before the pronoun's, or in the one before that
when only a noun phrase stands between ("..., the hundred and twelve pounds, that's been
written off"). Each look is at a few clauses of a few words before one pronoun.

A pronoun may likewise stand for the customer's claim named in the clause before it, when
its own predicate approves: "your lost luggage claim, Ms Park: it's been approved" (round
161, `_claim_approved`; "it", "this" or "that", not "they", the people it went to).

An aside in brackets may also stand between a subject and its verb: "the library fines on
your account (£8.40) have been cleared" (`_before_aside`); a gloss in brackets needs no figure
when it follows an amount: "Partial refund of $12.00 (shipping) issued" (round 197,
`_promise_brackets`).
"""

from __future__ import annotations

from dataclasses import replace

from ._authority import AUX, FIRST, SPECIFIC, VERBS, NounPhrase, Subject, is_past
from ._guarantees import Shape, committed, completed
from ._lexicon import (
    APPROVING,
    AUTH_NOUNS,
    CHARGE_NOUNS,
    CHARGE_VERBS,
    COST_NOUNS,
    COST_VERBS,
    DATED_DAYS,
    GENERIC_NOUNS,
    GIVE_BACK,
    NEEDS_OFF,
    PREPOSITIONS,
    SELF_VERBS,
    is_amount,
)
from ._promise_brackets import gloss_end
from ._promise_idioms import IdiomReader
from ._promise_partitives import partitive_end
from ._tokens import tokenize

__all__ = ["EVERY", "FEE_NOUNS", "FRONTED_HEADS", "ReferentReader", "fronted_before"]

FEE_NOUNS = frozenset(
    {"fee", "fees", "charge", "charges", "penalty", "penalties", "surcharge", "surcharges",
     "interest", "fine", "fines", "overcharge"}
)  # fmt: skip
"""What a bill adds that a pronoun may stand for, to be taken off ("the late fee, it's gone")."""

_CLAIMS = frozenset({"claim", "payout", "settlement", "compensation"})
"""What a pronoun paid out stands for: "your claim will go through and we'll pay it out"."""

_MONEY = FEE_NOUNS | {"overpayment", "deposit", "money", "balance", "difference", "excess"}
"""The customer's money a pronoun may stand for, to be sent back: "the overpayment is yours —
I'll send it back"."""

_SENT_BACK = frozenset({"send", "give", "pay", "transfer", "put"})
"""Verbs that give money back with "back" after the pronoun ("I'll pay it back today")."""

_STANDING_FOR = frozenset({"it", "that", "this", "they", "them"})
"""The pronouns that may stand for a charge named before them."""

_BETWEEN = frozenset({",", "—", "–", "-", ";", ":", "and", "so", "but", "because", "since"})
"""What may open the pronoun's clause after the charge's: "the late fee, | I've taken it off",
"your account shows the joining fee as $0 | because we've dropped it"."""

_NOT_A_NOUN_PHRASE = AUX | FIRST | {"you", "not", "to"}
"""Words that make a clause more than a noun phrase: "the late fee | is due" says something."""

EVERY = frozenset({"all", "every", "each", "any"})
"""What makes a group everyone's: "all affected flats", "any price increase applied"."""

_AFFECTED = frozenset({"affected", "impacted"})
"""Before a group, what makes it those of one event: "all affected flats"."""

_SENTENCE_ENDS = frozenset({".", "!", "?", "\n"})

_FILLERS = frozenset(
    {"right", "so", "okay", "ok", "um", "uh", "erm", "er", "yeah", "well", "look", "now", "and",
     "alright", "mate"}
)  # fmt: skip
"""Words a spoken turn opens with before its topic: "Right so, um, the parking fine, ..."."""

_BILLS = frozenset({"bill", "invoice"})
"""A bill named as a spoken turn's topic, to be written off (`ReferentReader._topic`)."""

_OPENING_NP = frozenset({",", ":", "—", "–", ";"})
"""What may open a clause that is a subject only: "You'll be made whole: the original charge"."""

_DEBITED = frozenset({"card", "wallet", "paypal", "bank"})
"""After "off your": where a charge is taken from, not off ("I've taken it off your card")."""


FRONTED_HEADS = AUTH_NOUNS | CHARGE_NOUNS | COST_NOUNS
"""Heads of an object said before its verb's subject: "The late fee we've waived"."""

_BEFORE_FRONTED_VERB = frozenset(
    {"have", "has", "will", "shall", "already", "just", "also", "now", "are", "am", "going",
     "to", "personally", "happily", "gladly", "gonna"}
)  # fmt: skip
"""Between "we" and the verb of an object said first: "The fee we've already waived"."""

_AFTER_FRONTED_VERB = frozenset(
    {"for", "today", "now", "tomorrow", "myself", "ourselves", "in", "from", "on", "entirely",
     "completely", "fully", "already", "this", "so", "and", "but", "as", "yesterday"}
)  # fmt: skip
"""What may follow the verb of an object said first (not an object of its own)."""


def fronted_before(words: list[str], i: int) -> bool:
    """Whether the I or we at `i` may follow an object said first (`_fronted`'s test)."""
    return any(w in FRONTED_HEADS or is_amount(w) for w in words[max(0, i - 7) : i])


class ReferentReader(IdiomReader):
    """Pronouns that stand for a charge named before them, read as that charge."""

    def sentence_before(self) -> list[str]:
        """The words of the sentence before this one, read over at most 200 characters.

        Its end marks are dropped; a longer sentence is cut at its first 200 characters
        back, so reading it costs a fixed amount whatever the reply's length.
        """
        start = self.s.tokens[0].start if self.s.tokens else 0
        words = [t.word for t in tokenize(self.text[max(0, start - 200) : start])]
        while words and words[-1] in _SENTENCE_ENDS:
            words.pop()
        k = len(words)
        while k > 0 and words[k - 1] not in _SENTENCE_ENDS:
            k -= 1
        return words[k:]

    def _fronted(self, i: int, w: str) -> Shape | None:
        """An object of authority said before its subject, I or we, and its verb, at "we".

        "The late fee we've already waived", "The courier's import fees we'll absorb", "The
        R680 consultation we already wrote off": the noun phrase opens its clause, is made
        specific (a determiner, a possessive or an amount) and is a charge, a cost or what
        needs authority (or carries an amount); the verb, done or committed to, takes it and
        has no object of its own.
        """
        if w not in FIRST or not fronted_before(self.w, i):
            return None
        c = self.s.clause[i]
        start = self.s.clause_start[c]
        if i - start > 9:
            return None  # (read no further back: a long clause is read at each "we")
        start += not self.is_word(start)
        said = self.w[start:i]
        if not 1 < len(said) <= 7 or not (said[0] in SPECIFIC or is_amount(said[0])):
            return None
        if not any(x in FRONTED_HEADS or is_amount(x) for x in said):
            return None
        k = i + 1
        while self.word(k) in _BEFORE_FRONTED_VERB and k < i + 5:
            k += 1
        between = set(self.w[i + 1 : k])
        base = VERBS.get(self.word(k), ("", ""))[0]
        end = k + 1
        back = self._given_back(said, base, end)
        if back > 0:
            end = back
        elif base not in CHARGE_VERBS | COST_VERBS | SELF_VERBS:
            return None
        elif self.word(end) in {"off", "out"}:
            end += 1
        elif base in NEEDS_OFF:
            return None
        own = self.is_word(end) and end < self.s.clause_end(c)
        if own and self.word(end) not in _AFTER_FRONTED_VERB:
            return None  # an object of its own: "the fee we removed the charge from"
        generic = not GENERIC_NOUNS.isdisjoint(self.w[end : end + 3])  # "waived for members"
        if between & {"will", "shall", "going", "gonna"}:
            return committed(start, i, end, generic=generic)
        if is_past(self.word(k)) or "have" in between or "has" in between:
            return completed(start, i, end, generic=generic)
        if "already" in between and VERBS[self.word(k)][1] == "base":
            return completed(start, i, end, generic=generic)  # "we already return"
        return None

    def _given_back(self, said: list[str], base: str, j: int) -> int:
        """Where a fronted sum given back ends, the verb's `base` before `j`; else -1.

        Non-native English fronts the customer's money before "we" and a verb of giving it
        back that has no object of its own: "the difference in price we will give back to
        you", "the shipping fee 12.50 USD we already return to your PayPal". The sum is
        money (`_MONEY`, a fee or an amount); the verb is one of `GIVE_BACK` with "back"
        or with "to" and the customer or their account after it.
        """
        if base not in GIVE_BACK or not any(x in _MONEY or is_amount(x) for x in said):
            return -1
        k = j + (self.word(j) == "back")
        if self.word(k) == "to" and self.word(k + 1) in {"you", "your", "u", "ur"}:
            return k + 2 + (self.word(k + 1) != "you")
        return k if k > j else -1

    def _subject(self, anchor: int) -> Subject:
        """`PhraseReader._subject`, a pronoun that stands for a charge read as one.

        "The roaming charges, that's been written off", "the cleaning fee, it's gone", "the
        extra charge it is removed now": the pronoun opens its clause after the charge's, or
        follows the charge at once ("it", "they": "the fee that was added" is a relative).
        """
        subject = self._before_aside(anchor)
        if subject is None:
            subject = super()._subject(anchor)
        if subject.kind == "np" and subject.generic and self._one_case(subject.start, anchor):
            # "all charges since October", "all affected flats": one case's, not everyone's
            return replace(subject, generic=False, bare=False)
        if subject.kind == "np":
            return self._joined_subject(anchor, subject)
        if subject.kind != "pronoun" or subject.charge:
            return subject
        k = subject.start
        if self.word(k) not in _STANDING_FOR or k >= anchor:
            return subject
        at_once = self.word(k - 1) in FEE_NOUNS and self.word(k) in {"it", "they"}
        if at_once and self._made_specific(k - 1):
            return replace(subject, charge=True)
        if self._opens(k) and self._fee_before(self.s.clause[k]) >= 0:
            return replace(subject, charge=True)
        if self._claim_approved(k, anchor):
            return replace(subject, auth=True)
        return subject

    def _object(self, j: int, limit: int = 8) -> NounPhrase:
        """`PhraseReader._object`, "all" or "every" of one case not everyone's.

        "We'll compensate all affected flats", "we've refunded all charges since March".
        """
        found = super()._object(j, limit)
        if found.generic and self.word(j) in EVERY and self._one_case(j, found.end):
            return replace(found, generic=False)
        return found

    def _one_case(self, start: int, end: int) -> bool:
        """The noun phrase `start:end`, opened by "all", "every" or "any", is one case's.

        Those affected by what happened ("all affected flats", "every impacted booking"),
        the customer's ("all charges on your account", "any damage to your worktop"), or those
        of a time gone by ("all
        charges since October", "from last month"), named in the phrase or just after it;
        not everyone who is one ("all customers", "any order").
        """
        if self.word(start) not in EVERY or end - start > 10:
            return False
        said = self.w[start : end + 3]
        if not GENERIC_NOUNS.isdisjoint(self.w[start:end]):
            return False
        if not _AFFECTED.isdisjoint(self.w[start:end]) or "your" in self.w[start:end]:
            return True
        if self.word(end) in {"to", "on", "in", "at"} and self.word(end + 1) == "your":
            return True  # "any damage to your worktop": a thing of this customer's
        for k, x in enumerate(said[:-1]):
            if x in {"since", "from"}:
                y = said[k + 1]
                return y in DATED_DAYS or y in {"last", "the"} or y[:1].isdigit()
        return False

    def _joined_subject(self, anchor: int, subject: Subject) -> Subject:
        """`subject`, or the two noun phrases it ends when "and" or "plus" joins them.

        "The original charge and any overdraft fees caused by our error will be refunded", "a
        full refund in the form of store credit plus a 10% top-up has been added": the clause
        before is a noun phrase only (a determiner first; no verb, no I, we or you), of at most
        ten tokens, so the verb's subject is both ("any" of the second no longer makes it
        everyone's); after a preposition the second must be a charge, a grant or an amount
        (not "the refund amount for the purifier and the vacuum", one object of "for").
        """
        s = self.s
        c = s.clause[anchor]
        if (
            c == 0
            or s.boundary[c] not in {"and", "plus", "&"}
            or subject.start - s.clause_start[c] not in {0, 1}
        ):
            return subject
        start, end = s.clause_start[c - 1], s.clause_start[c]
        start += not self.is_word(start)
        if end - start > 10 or (c > 1 and s.boundary[c - 1] not in _OPENING_NP):
            return subject
        if self.word(start) not in SPECIFIC or any(
            not self.is_word(x) or self.w[x] in _NOT_A_NOUN_PHRASE or is_past(self.w[x])
            for x in range(start, end)
        ):
            return subject
        if not PREPOSITIONS.isdisjoint(self.w[start:end]) and not self._priced(subject, anchor):
            return subject  # "the refund amount for the purifier and the vacuum": one object
        joined = self._classify(start, anchor)
        return joined if joined.kind == "np" and (joined.auth or joined.charge) else subject

    def _priced(self, subject: Subject, anchor: int) -> bool:
        """The noun phrase `subject` names what needs authority, a charge or an amount."""
        said = self.w[subject.start : anchor]
        return subject.auth or subject.charge or any(x[:1] in "$£€¥" or x[-1:] == "%" for x in said)

    def _before_aside(self, anchor: int) -> Subject | None:
        """The subject before an aside in brackets that the verb at `anchor` follows, or None.

        "The library fines on your account (£8.40) have been cleared", "your deposit (£200)
        will be returned": the aside (at most six tokens, an amount or a reference with its
        digits; not "(if any)") stands between the subject and its verb, with nothing but
        adverbs after it. A reference's hyphens open no clause of their own ("(case
        DSP-4471-IE)"), and the subject is read back as far as `_subject` reads it: "your
        permanent credit of €129.00 for the airline booking dispute (case ...)" (round 299).
        """
        s = self.s
        c = s.clause[anchor]
        opened = c - 1  # the aside's "(": past a reference's hyphens ("(case DSP-4471-IE)")
        while opened > 1 and s.boundary[opened] == "-" and self._in_id(s.clause_start[opened]):
            opened -= 1
        if opened < 1 or s.boundary[c] != ")" or s.boundary[opened] != "(":
            return None
        aside = range(s.clause_start[opened] + 1, s.clause_start[c])
        if len(aside) > 6 or self._skip(s.clause_start[c] + 1)[0] < anchor:
            return None
        digit = any(any(ch.isdigit() for ch in self.w[x]) for x in aside)
        if not digit and gloss_end(self.w, s.clause_start[opened]) < 0:
            return None  # an amount or a reference, not "(if any)", "(we're sorry)"; or a
            # gloss of the sum before it: "Partial refund of $12.00 (shipping) issued"
        k, start = s.clause_start[opened] - 1, s.clause_start[opened - 1]
        if not self.is_word(k) or self.w[k] in AUX:
            return None
        first = k  # the noun phrase before the bracket, read back as `_subject` reads it
        while (
            first > max(start, k - 11) and self._joined(first - 1) and self.w[first - 1] not in AUX
        ):
            first -= 1
        return self._classify(first, k + 1)

    def _verb(self, v: int, subject: Subject, *, done: bool) -> tuple[int, bool] | None:
        """`IdiomReader._verb`, and a charge taken off by I or we, named by a pronoun.

        "The late payment fee, I've just taken that off", "the booking charge, we'll remove
        it": a verb that takes charges off, its object a pronoun that stands for a charge in
        the clause before (`take`, `write`... with "off"; `adjust` with "down"); not what is
        taken from the customer ("I've taken it off your card").
        """
        found = super()._verb(v, subject, done=done)
        if found is not None or subject.kind != "first":
            return found
        base = VERBS.get(self.word(v), ("", ""))[0]
        j = v + 1
        if base == "pay" and self.word(j) in {"it", "that", "this"} and self.word(j + 1) == "out":
            # "your claim will go through and we'll pay it out by Friday"
            return (j + 2, False) if self._fee_before(self.s.clause[v], _CLAIMS) >= 0 else None
        part = partitive_end(self.w, j)  # "I've put one of them back": a part of the charges
        if base in _SENT_BACK and (self.word(j) in {"it", "that", "this"} or part > 0):
            # "The £386.20 overpayment is yours — I'll send it straight back to your bank"
            first = part if part > 0 else j + 1
            back = next((x for x in range(first, first + 2) if self.word(x) == "back"), -1)
            money = self._fee_before(self.s.clause[v], _MONEY)
            return (back + 1, False) if back > 0 and money >= 0 else None
        if base not in CHARGE_VERBS or (self.word(j) not in _STANDING_FOR - {"they"} and part < 0):
            return None
        end = part if part > 0 else j + 1
        if self.word(end) in {"off", "out", "down"}:
            end += 1
        elif base in NEEDS_OFF or base == "adjust":
            return None
        if base == "adjust" and self.word(end - 1) != "down":
            return None
        if self.word(end) == "your" and self.word(end + 1) in _DEBITED:
            return None
        if self._fee_before(self.s.clause[v]) < 0:
            return None
        return end, False

    def _complement(self, j: int, charge_seen: bool = False) -> tuple[int, bool] | None:
        """`PhraseReader._complement`, opened by a pronoun that stands for a charge.

        "The engineer's visit fee won't appear on your bill — I've made sure it's been taken
        off": what is made sure of is said of the charge.
        """
        if not charge_seen and self.word(j) in _STANDING_FOR - {"them"}:
            charge_seen = self._fee_before(self.s.clause[j]) >= 0
        return super()._complement(j, charge_seen)

    def _claim_approved(self, k: int, anchor: int) -> bool:
        """The pronoun at `k` stands for the customer's claim, said approved by its verb.

        "Your lost luggage claim, Ms Park: it's been approved": "it" (or "this", "that")
        opens its clause after the claim's (`_fee_before` with `_CLAIMS`), and its own
        predicate, within the four words after `anchor`, approves (`APPROVING`); the
        pronoun is then the subject that needs authority, as "your claim" is. Not "they"
        (the people the claim went to), nor a claim's details ("it will appear online").
        """
        if self.word(k) not in {"it", "this", "that"} or not self._opens(k):
            return False
        said = self.w[k + 1 : min(self.n, anchor + 5)]
        if not any(VERBS.get(x, ("", ""))[0] in APPROVING for x in said):
            return False
        return self._fee_before(self.s.clause[k], _CLAIMS) >= 0

    def _opens(self, k: int) -> bool:
        """The word at `k` is its clause's first word (marks and "and", "so" aside)."""
        start = self.s.clause_start[self.s.clause[k]]
        return all(
            not self.is_word(x) or self.w[x] in {"and", "so", "but"} for x in range(start, k)
        )

    def _fee_before(self, c: int, nouns: frozenset[str] = FEE_NOUNS) -> int:
        """Where a charge of this customer's is named before clause `c`, or -1.

        Near it (`_fee_near`), or as the topic a spoken turn opens with (`_topic`).
        """
        found = self._fee_near(c, nouns)
        return found if found >= 0 else self._topic(c, nouns)

    def _fee_near(self, c: int, nouns: frozenset[str]) -> int:
        """Where a charge of this customer's is named in the clauses before clause `c`, or -1.

        In clause c - 1, or further back past clauses that are noun phrases only (an
        apposition: "the roaming charges from your trip, the hundred and twelve pounds,
        that's ..."), within 20 tokens; each clause joined to the next by a comma, a dash, a
        colon or "and", "so", "but".
        """
        s = self.s
        if c == 0 or (
            c == 1
            and s.clause_start[1] <= 3
            and not any(map(self.is_word, range(s.clause_start[1])))
        ):
            return self._fee_in_sentence_before(nouns)  # "... wasn't fair. I removed it."
        lo = max(0, s.clause_start[c] - 20)
        for back in range(c - 1, max(-1, c - 5), -1):
            if s.boundary[back + 1] not in _BETWEEN or s.clause_end(back) <= lo:
                return -1
            start, end = max(lo, s.clause_start[back]), s.clause_end(back)
            for x in range(end - 1, start - 1, -1):
                if self.w[x] in nouns and self._made_specific(x):
                    return x
            if any(
                self.w[x] in _NOT_A_NOUN_PHRASE or self.w[x] in VERBS for x in range(start, end)
            ):
                return -1
        if (
            c <= 4
            and s.clause_start[c] <= 8
            and sum(map(self.is_word, range(s.clause_start[c]))) <= 3
        ):
            return self._fee_in_sentence_before(nouns)  # "That fee? Gone — I wiped it."
        return -1

    def _topic(self, c: int, nouns: frozenset[str]) -> int:
        """Where a charge named as a spoken turn's topic is, for a pronoun after "so"; or -1.

        Round 271: a spoken reply names the charge first, tells what was found, and acts on
        it after "so": "the parking fine on Elm Road, I've checked the photos, the sign was
        hidden, so I've cancelled that", "okay so that bill for the May visit, that was our
        mistake, so we're gonna write it off". Clause `c` is opened by "so" within 50 tokens
        of the sentence's start; the first clause with more than fillers ("right so", "um")
        is a noun phrase only (`_NOT_A_NOUN_PHRASE`), its words after the fillers a charge
        (or a bill: `_BILLS`) made specific. At most six clauses of twelve words are read.
        """
        s = self.s
        if s.boundary[c] != "so" or s.clause_start[c] > 50:
            return -1
        for t in range(min(c, 6)):
            start, end = s.clause_start[t], s.clause_end(t)
            said = [x for x in range(start, min(end, start + 12)) if self.is_word(x)]
            while said and self.w[said[0]] in _FILLERS:
                said.pop(0)
            if not said:
                continue
            if any(self.w[x] in _NOT_A_NOUN_PHRASE or is_past(self.w[x]) for x in said):
                return -1
            heads = nouns | _BILLS if nouns is FEE_NOUNS else nouns
            return next((x for x in said if self.w[x] in heads and self._made_specific(x)), -1)
        return -1

    def _fee_in_sentence_before(self, nouns: frozenset[str]) -> int:
        """0 when the sentence before this one names a charge of this customer's, else -1.

        "Your late payment fee of R150 wasn't fair. I removed it this morning.", "The minibar
        charge was a mistake. It's been removed.": the charge made specific as
        `_made_specific` has it, in a sentence of at most 30 tokens (a line of the customer's
        quoted too: "> The late fee was unfair." then "I removed it this morning.").
        """
        said = self.sentence_before()
        if len(said) > 30:
            return -1
        for x, w in enumerate(said):
            if x and said[x - 1] in {"is", "are", "was", "be"}:
                continue  # "the booking is fine": an adjective
            if w in nouns and any(y in SPECIFIC or is_amount(y) for y in said[max(0, x - 4) : x]):
                return 0
        return -1

    def _made_specific(self, k: int) -> bool:
        """The charge at `k` is this customer's, by a word among the four before it.

        A determiner, a possessive or an amount: "the late payment fee", "the engineer's visit
        fee", "the $40 fee"; or, a bare noun, by the customer's thing it is on just after it:
        "admin charge on your invoice, we'll cancel it".
        """
        for x in range(k - 1, max(-1, k - 5), -1):
            w = self.w[x]
            if (
                w in SPECIFIC
                or self.s.tokens[x].possessive
                or (w[:1] in "$£€¥" and w[1:2].isdigit())
            ):
                return True
            if not self.is_word(x):
                break
        return self.word(k + 1) in {"on", "in", "from"} and self.word(k + 2) == "your"

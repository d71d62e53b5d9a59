"""The parts of a sentence the promise rules read, and what in them needs authority.

A promise rule finds an anchor (``will``, ``have``, ``is``...) and asks about the words
around it: who the subject is (I or we, the customer, a refund, everyone), what the object
is (a refund? a fee? "a new one"?), and whether the verb, with that object, does something
only someone with authority may do ("refund you", "waive the fee", "send a free
replacement", "cover the shipping"; not "send a return label", "process your return").
`PhraseReader` answers these questions for one sentence, with the records of
`_phrase_parts` (`Subject`, `NounPhrase`); what a passive's participle needs is read in
`_phrase_passive`, and `_promise_shapes` builds the rules on both. Every question reads a
window of a few tokens, so each costs constant time.
"""

from __future__ import annotations

from dataclasses import replace

from ._clause_links import ClauseReader, ing_in_compound, said_before_np
from ._day_possessive import day_before_noun
from ._grammar import HEDGE_WORDS, starts
from ._lexicon import (
    AGREED,
    APPEARING,
    APPROVABLE,
    APPROVING,
    ARTICLES,
    AUX,
    BE,
    BE_NOW,
    CABINS,
    CHARGE_NOUNS,
    CHARGE_VERBS,
    CHARGED,
    COST_NOUNS,
    COST_VERBS,
    DATED_DAYS,
    DATED_PERIODS,
    DETERMINERS,
    EXPENSES,
    FIRST,
    FITTING,
    GENERIC_NOUNS,
    GIVE_BACK,
    GIVE_VERBS,
    GOT_BACK,
    HAPPY,
    HAVE,
    INTENSIFIERS,
    LOWERING,
    MONEY_UNITS,
    NP_STOP,
    OBJECT_ENDS,
    PAID_FOR,
    PARTS,
    PREPOSITIONS,
    PRICES,
    PRONOUNS,
    QUANTIFIERS,
    RECEIVE_VERBS,
    REFERRING,
    SAYING,
    SELF_VERBS,
    SKIPPABLE,
    SPECIFIC,
    STARTING,
    VERBS,
    authority_stems,
    charge_before_clause,
    has_amount,
    is_amount,
    is_past,
    names_new_one,
    names_process,
    onto_balance,
    plural,
)
from ._money import said_price, spelled_sum
from ._negation_words import contact_relative, qualifies_noun
from ._phrase_parts import NounPhrase, Subject
from ._promise_everyone import counted_all, names_everyone
from ._promise_folios import BILL_DETAILS, BILL_NOUNS, nothing_end, to_nothing
from ._promise_payers import customers_payer
from ._skipping import skip

__all__ = [
    "AGREED",
    "AUX",
    "BE",
    "BE_NOW",
    "CHARGED",
    "DETERMINERS",
    "FIRST",
    "HAPPY",
    "HAVE",
    "QUANTIFIERS",
    "SPECIFIC",
    "VERBS",
    "NounPhrase",
    "PhraseReader",
    "Subject",
    "authority_stems",
    "is_past",
    "starts",
    "plural",
    "skip",
]


OUR_BUSINESS = frozenset(
    {"company", "firm", "business", "team", "store", "shop", "hotel", "airline", "office",
     "restaurant", "practice", "agency"}
)  # fmt: skip
"""After "our", the speaker's own business as a subject: "our company will pay for it"."""


_PRICE_BEFORE = frozenset(
    {"at", "for", "extra", "additional", "adds", "add", "costs", "cost", "charges", "runs"}
)
"""Before an amount: what makes it a price paid ("at €60 a night", "an additional $20", "the
upgrade adds $15 a month")."""


TELLING = frozenset({"confirming", "saying", "noting", "advising"})
"""A subjectless telling before what it tells: "just confirming the $49.99 is back" (the
subject reader stops at it, round 255)."""


class PhraseReader(ClauseReader):
    """Reads the parts of one sentence: subjects, objects, and what needs authority."""

    def _subject(self, anchor: int) -> Subject:
        """The subject before `anchor`.

        It is looked for in the anchor's clause, or, when the clause opens with the verb
        ("... and refunded the payment"), in the clause before.
        """
        s = self.s
        c = s.clause[anchor]
        if c > 0 and s.boundary[c] in {"who", "which"}:
            # "customers who cancel early will be refunded": the relative clause's verb
            # belongs to the noun before it
            if self._priced_before(s.clause_start[c]):
                # "confirmed at an additional €60 per night, which will be added to your
                # bill": ", which" is said of the price right before it
                return Subject(anchor, "np")
            return self._subject_of_clause(c - 1, anchor)
        start = s.clause_start[c]
        if c > 0 and s.boundary[c] == "-" and self._in_id(start):
            start = s.clause_start[c - 1]  # "your order #UK-20934 will be upgraded"
        k = anchor - 1
        while k >= start and (self.w[k] in SKIPPABLE or self.w[k] in INTENSIFIERS) and k > start:
            k -= 1
        done = self.w[anchor] in {"has", "have", "was", "were"} or self.word(anchor + 1) == "be"
        if c > 0 and k == start and done and self.w[k] == s.boundary[c] in {"and", "then"}:
            # "compensation is payable and has been approved", "it's booked and will be sent":
            # done or to be done to the clause before's subject, its own verb ("is") ending it
            before = s.clause_start[c - 1]
            k -= any(x in AUX for x in self.w[before : min(start, before + 7)])
        if k < start or not self.is_word(k) or self.w[k] in AUX:
            if c > 0 and s.boundary[c] in {"and", ",", "then", "&"} and k < start:
                return self._subject_of_clause(c - 1, anchor)
            if k < start:
                return Subject(anchor, "none")
        if k == anchor - 1 and self.w[k] in ARTICLES:
            return Subject(anchor, "none")  # "the refund for the returned item": an adjective
        k = self._before_relative(k, start)
        lo = max(start, k - 11)
        first = k
        while first > lo and self._joined(first - 1) and self._in_phrase(first - 1):
            if self.w[first - 1] in TELLING:
                break  # "just confirming the $49.99 is back": the subject follows the telling
            first -= 1
        return self._classify(first, k + 1)

    def _in_phrase(self, k: int) -> bool:
        """Token `k` may stand in a subject: no auxiliary, but a day's "'s" read as "is"."""
        return self.w[k] not in AUX or day_before_noun(self.w, k)

    def _before_relative(self, k: int, start: int) -> int:
        """Where the subject ending at `k` ends, before a negated relative clause closing it.

        "The charge for the add-on | you didn't subscribe to | has been reversed": the
        relative clause (`contact_relative`: a pronoun subject of its own, its negation not
        the main verb's) is said of the noun before it, which is the subject. Else `k`.
        """
        for j in range(k, max(start, k - 4) - 1, -1):
            if self.w[j] in {"not", "never"} and qualifies_noun(self.w, j):
                at = contact_relative(self.w, j)
                return at - 1 if at > start else k
        return k

    def _in_id(self, k: int) -> bool:
        """The hyphen at `k` joins the parts of a reference ("#UK-20934"), opening no clause.

        No space on either side, and a digit right after it.
        """
        tokens = self.s.tokens
        if not 0 < k < len(tokens) - 1:
            return False
        glued = tokens[k - 1].end == tokens[k].start and tokens[k].end == tokens[k + 1].start
        return glued and tokens[k + 1].word[:1].isdigit()

    def _id_mark(self, k: int) -> bool:
        """The "#" at `k` opens a reference ("order #UK-20934"): glued to the word after it."""
        tokens = self.s.tokens
        return k + 1 < len(tokens) and tokens[k].end == tokens[k + 1].start

    def _priced_before(self, k: int) -> bool:
        """A price the customer pays ends right before the ", which" at `k`.

        "at an additional €60 per night, which", "for $15 a month, which", "an extra £20,
        which": "at", "for", "extra" or "additional" and an amount within the five words
        before the comma (not "a refund of $50, which", a grant's sum); and the price of
        what the customer pays for told with "is" (round 265: "the upgrade is €45 per night,
        which will be added to your bill"; not "the refund is $50, which").
        """
        if self.word(k) != ",":
            return False
        for j in range(k - 1, max(-1, k - 6), -1):
            if is_amount(self.w[j]):
                if self.word(j - 1) in {"is", "are"} and self.word(j - 2) in PAID_FOR:
                    return True
                return self.word(j - 1) in _PRICE_BEFORE or self.word(j - 2) in _PRICE_BEFORE
        return False

    def _joined(self, k: int) -> bool:
        """Token `k` belongs to a noun phrase: a word, a plural's apostrophe, a name's quotes."""
        quote = self.w[k] == '"' and self.is_word(k - 1) and self.is_word(k + 1)
        quote = quote and (self.s.tokens[k - 1].cap or self.s.tokens[k + 1].cap)  # a name
        ref = (self.w[k] == "-" and self._in_id(k)) or (self.w[k] == "#" and self._id_mark(k))
        return (
            self.is_word(k) or quote or ref or (self.w[k] == "'" and self.word(k - 1)[-1:] == "s")
        )

    def _subject_of_clause(self, c: int, anchor: int) -> Subject:
        """The subject at the head of clause `c`, placed at `anchor` (where it is implied)."""
        s = self.s
        start = s.clause_start[c]
        if not self.is_word(start):
            start += 1
        end = start
        while end < min(s.clause_end(c), start + 6) and self.w[end] not in AUX:
            if self.w[end] in SKIPPABLE:
                break
            end += 1
        if end == start:
            return Subject(anchor, "none")
        subj = self._classify(start, end)
        return replace(subj, start=anchor)

    def _classify(self, start: int, end: int) -> Subject:
        """What kind of subject the words `start:end` are (see `Subject`)."""
        words = self.w[start:end]
        while words and words[0] in {"and", "so", "but", "also", "then", "now", "ok", "okay",
                                     "well", "sure", "yes", "great", "good", "news",
                                     "because"}:  # fmt: skip
            words = words[1:]
            start += 1
        if not words:
            return Subject(start, "none")
        head = words[-1]
        last = start + len(words) - 1
        cut = charge_before_clause(words)
        if cut:
            # "the annual fee you paid in March has been refunded": the charge is the subject
            words = words[:cut]
            head, last = words[-1], start + cut - 1
        if head in FIRST:
            return Subject(last, "first")
        if head == "you":
            return Subject(last, "you")
        if head in {"them", "those", "these"} and words[-3:-1] == ["one", "of"]:
            return Subject(last - 2, "pronoun")  # "one of those is already reversed"
        if head in {"it", "this", "that", "they", "he", "she", "one"}:
            # "this one is on us": the subject starts at its determiner
            begin = last - 1 if head == "one" and len(words) > 1 and words[-2] in SPECIFIC else last
            return Subject(begin, "pronoun")
        if head == "there" and not (len(words) > 2 and words[-3] in SPECIFIC):
            return Subject(last, "there")
        if head == "there":  # a place after its noun, not "there is": "the taxi there is on us"
            words, head, last = words[:-1], words[-2], last - 1
        # the NP reaches back to the nearest pronoun or verb ("I guarantee your refund will")
        k = len(words) - 1
        while (
            k > 0
            and (
                day_before_noun(words, k - 1)  # "for Monday's cancelled class": its "is"
                or (k > 1 and day_before_noun(words, k - 2))  # ... and its participle
                or (
                    words[k - 1] not in NP_STOP
                    and words[k - 1] not in HEDGE_WORDS
                    and (
                        VERBS.get(words[k - 1], ("", "base"))[1] == "base"
                        or (k > 1 and words[k - 2] in ARTICLES)  # "for the cancelled flights"
                        or ing_in_compound(words, k)  # "for the airline booking dispute"
                    )
                )
            )
            and not said_before_np(words, k)
        ):
            k -= 1
        start += k
        words = words[k:]
        first = words[0]
        # two or more capitalised words are a name ("Northwind Outfitters will..."), not plural
        named = len(words) > 1 and all(self.s.tokens[start + k].cap for k in range(len(words)))
        one_of = words[:2] == ["one", "of"]  # "one of the charges": one of them, not all
        after = self.word(start + len(words))  # "those have been waived", not "those who"
        everyone = names_everyone(words, from_word=3 if one_of else 0, after=after)
        dated = self._dated(start, words)  # "last month's overage charges": this customer's
        # the head is the last word before a preposition: "compensation of €250 under the
        # delay regulations" is one compensation, not regulations
        before_prep = next(
            (k for k, w in enumerate(words) if k > 0 and w in PREPOSITIONS), len(words)
        )
        noun = words[before_prep - 1]
        many = plural(noun) and plural(head) and not one_of  # (not "the charges on your loan")
        bare = first not in SPECIFIC and many and first != "your" and not (named or dated)
        bare = bare and not first[:1].isdigit() and not counted_all(words)  # "all 3 fees"
        generic = everyone or bare or (first == "our" and many)
        # the head comes before "of": "a credit of $15" gives authority, "the promise of a
        # refund" does not
        head_part = words.index("of") if "of" in words and not one_of else len(words)
        auth = any(self._auth_noun(start + k) for k in range(head_part))
        auth = auth or (len(words) == 1 and first[:1] in "$£€¥" and self.label_names(start))
        charge = any(w in CHARGE_NOUNS or w in COST_NOUNS for w in words[:head_part])
        if head in FIRST and len(words) <= 3:
            return Subject(start, "first")
        bare = bare and not everyone and first != "our"
        return Subject(start, "np", first, generic, auth, charge, bare, dated)

    def _dated(self, start: int, words: list[str]) -> bool:
        """The words at `start` open with a time's possessive (`Subject.dated`)."""
        for k, w in enumerate(words[:3]):
            if self.s.tokens[start + k].possessive or self.word(start + k + 1) == "'":
                # "last month's overage charges", "the last month's fee"
                period = k > 0 and words[k - 1] in {"last", "this", "that", "previous"}
                return (k == 0 and w in DATED_DAYS) or (period and w in DATED_PERIODS)
        return False

    def _taken_off_bill(self, k: int) -> int:
        """Where "off" stands after a relative clause about what is taken off, or -1.

        "take the two drinks you didn't have off your bill", "take the nights we cancelled off
        before we send the folio": a relative clause (a pronoun and up to five words) between
        the things and "off", and the bill named within the eight words after it.
        """
        if self.word(k) not in {"you", "we", "i", "they"}:
            return -1
        for j in range(k + 1, min(self.n, k + 7)):
            if self.w[j] == "off":
                return j if not BILL_NOUNS.isdisjoint(self.w[j + 1 : j + 9]) else -1
            if not self.is_word(j):
                return -1
        return -1

    def _object(self, j: int, limit: int = 8) -> NounPhrase:
        """Read the noun phrase that starts at `j`.

        It ends at a preposition, an auxiliary, a clause boundary, a particle ("off",
        "back"), or after `limit` tokens.
        """
        s = self.s
        auth = charge = cost = negated = personal = False
        plural_bare = determined = after_of = False
        words: set[str] = set()
        k = j
        stop = min(self.n, j + limit, s.clause_end(s.clause[j]) if j < self.n else j)
        while k < stop:
            w = self.w[k]
            if not self.is_word(k) and w not in {"%", "$", "£", "€", "-"}:
                break
            # "$150 in travel credit" is credit, as "£20 of credit" is
            in_kind = w == "in" and is_amount(self.word(k - 1)) and self.word(k + 1) not in SPECIFIC
            if w in PREPOSITIONS and k > j and w not in {"off", "out", "up"} and not in_kind:
                break
            if k > j and (w in AUX or w in OBJECT_ENDS or w in PRONOUNS):
                break
            if w in {"off", "out", "back"}:
                words.add(w)
                if w == "back" and self._auth_noun(k):
                    auth = True
                k += 1
                break
            words.add(w)
            if w == "of":
                # the head comes before "of": "a refund of $40" gives authority, "the total
                # number of free bags" does not; but an amount of something is that thing:
                # "£20 of credit", "$50 of store credit"; a part of it is it: "all of the fees"
                before = self.word(k - 1)
                after_of = not is_amount(before) and before not in PARTS
            if w == "no":
                negated = True
            if w in SPECIFIC or w[:1].isdigit() or w[:1] in "$£€¥" or w in {"you", "me", "us"}:
                determined = True
            if w in {"you", "your", "yours"}:
                personal = True
            if after_of:
                k += 1
                continue
            if self._auth_noun(k):
                auth = True
                if plural(w) and not determined:
                    plural_bare = True
            if w in CHARGE_NOUNS:
                charge = True
            if w in COST_NOUNS:
                cost = True
            k += 1
        first = self.word(j)
        generic = (
            plural_bare
            or (first in {"any", "every", "each"} and not words & (MONEY_UNITS | DATED_PERIODS))
            or (
                first == "all"
                and not (
                    self.word(j + 1)[:1].isdigit()
                    or is_amount(self.word(j + 1))  # "you're getting all ¥98,000 back"
                    or self.word(j + 1) in {"your", "the", "of", "three", "two", "four", "five"}
                )
            )  # noqa: E501
            or (first not in DETERMINERS and plural(first) and first not in {"you", "us"})
        )
        return NounPhrase(
            end=k,
            words=frozenset(words),
            auth=auth,
            charge=charge,
            cost=cost,
            generic=generic,
            negated=negated,
            personal=personal,
        )

    def _verb(self, v: int, subject: Subject, *, done: bool) -> tuple[int, bool] | None:
        """Whether the verb at `v` (any form) does something that needs authority.

        The verb decides what it needs: some need authority whatever follows ("refund",
        "waive"), some with a charge ("remove the fee"), a cost ("cover the shipping"), or
        something given ("issue a refund", "send a new one", "send it free of charge").

        Returns:
            The end of what it does and whether its object is generic ("we refund orders
            that..."), or None when it needs no authority.
        """
        w = self.word(v)
        if w not in VERBS:
            return None
        base, _ = VERBS[w]
        # "sort out a refund", "put through a refund", "send out a replacement"
        particle = 1 if self.word(v + 1) in {"out", "up", "through", "over"} else 0
        obj = self._object(v + 1 + particle)
        if self.w[v + 1 : v + 3] == ["you", "back"]:
            # "send you back the difference": the customer, then what is sent back
            sent = self._object(v + 3)
            obj = replace(sent, words=sent.words | {"back"})
        rest_free = self.freebie_from(v + 1) >= 0
        if base == "upgrade" or (base == "bump" and self._bumped_up(v)):
            # "upgrade you", "bump you up to first class", "bump your booking to business"
            if obj.personal or subject.kind == "you":
                return obj.end, obj.generic
            return None
        if base == "bump":
            return None
        if base == "replace":
            if "with" in self.w[v + 1 : min(self.n, v + 8)]:
                return None
            return obj.end, obj.generic
        if base in FITTING:  # a date moved back on the head: not "your plan change"
            fits = {self.word(obj.end - 1)} if base == "backdate" else obj.words
            return (obj.end, obj.generic) if fits & FITTING[base] else None
        if base == "waive" and w == "waved" and not obj.charge:
            return None
        if base in SELF_VERBS:
            if base == "credit" and self.word(v + 1) in {"card", "cards"}:
                return None  # "credit card": a noun (not "I've credited your card with $50")
            return obj.end, obj.generic
        if base == "take" and self.word(v + 1) == "care" and self.word(v + 2) == "of":
            # "we'll take care of the shipping", "I've taken care of the late fee"
            target = self._object(v + 3)
            return (target.end, target.generic) if target.cost or target.auth else None
        if base in CHARGE_VERBS:
            if base in {"take", "knock", "write", "strike", "zero"}:
                beyond = self._taken_off_bill(obj.end) if base == "take" else -1
                if beyond >= 0:
                    return beyond + 1, obj.generic
                struck = base == "strike" and self.word(obj.end) == "from"  # "from your bill"
                down = base == "knock" and self.word(obj.end) == "down"  # "knock the fee down"
                off = particle or struck or down or self.word(obj.end) in {"off", "out"}
                if not (off or obj.words & {"off", "out"}) and not (
                    base == "zero" and (obj.charge or obj.cost)
                ):
                    return None  # "zero" needs none: "I've zeroed your balance"
                end = obj.end + (1 if self.word(obj.end) in {"off", "out"} else 0)
                # "the", "your" or a sum after the particle: "written off £180 of the balance"
                far_at = self.word(end) in {"your", "the"} or is_amount(self.word(end))
                far = self._object(end) if far_at else None
                if (
                    obj.charge
                    or obj.auth
                    or obj.words & PRICES  # "knock a week's rent off"
                    or (base in {"zero", "write"} and obj.cost)  # "zeroed/written off the bill"
                    or any(x[:1].isdigit() or x[:1] in "$£€" for x in obj.words)
                ):
                    return end, obj.generic
                if far is not None and (far.charge or far.cost or has_amount(far.words)):
                    return end, obj.generic  # "write off the remaining $2,150"
                return None
            if base == "cancel" and not obj.charge:
                # "we'll cancel the £214 catch-up bill": a bill of an amount cancelled
                bill = obj.words & {"bill", "bills", "invoice", "invoices"} and has_amount(
                    obj.words
                )
                return (obj.end, obj.generic) if bill else None
            if base in LOWERING:
                # "I've lowered your monthly fee", "we'll reduce your bill", "I've adjusted the
                # fare down to $18"
                if base == "adjust" and not (
                    self.word(obj.end) == "down" or to_nothing(self.w, obj.end)
                ):  # down, or to nothing ("I've adjusted your bill to zero")
                    return None
                if not (obj.charge or obj.cost or obj.words & PRICES):
                    return None
                nothing = nothing_end(self.w, obj.end)  # "... to $0": the span ends there
                end = nothing if nothing >= 0 else obj.end + (base == "adjust")
                return end, obj.generic
            # "remove the full AED 1,240 from your next bill": an amount taken from the bill
            taken = has_amount(obj.words) and self.word(obj.end) in {"from", "off"}
            billed = self.w[obj.end + 1 : obj.end + 4] if self.word(obj.end) == "from" else []
            # "the nights" removed from the folio
            taken = taken or (base == "remove" and not BILL_NOUNS.isdisjoint(billed))
            taken = taken and obj.words.isdisjoint(BILL_DETAILS)  # not "your maiden name"
            return (obj.end, obj.generic) if obj.charge or taken else None
        if base in COST_VERBS:
            if subject.kind == "you" or customers_payer(self.w[subject.start : v]):
                return None  # "you will bear the cost", "your insurer has paid its part"
            target, at = obj, v + 1 + particle
            if base == "pay" and self.word(v + 1) == "for":
                target, at = self._object(v + 2), v + 2
            elif base == "pay" and (self.word(v + 1) == "you" and self.word(v + 2) == "back"):
                return v + 3, False
            elif base == "pay" and obj.words & {"back"}:
                return obj.end, obj.generic
            full = self.w[target.end : target.end + 2] == ["in", "full"] and subject.kind == "first"
            if target.cost or target.auth or has_amount(target.words) or full:
                return target.end, target.generic  # "cover the £95 callout in full", "we'll
                # pay this one in full" (round 303: what we pay in full is paid, whatever it is)
            ours = subject.kind == "first" or self._our_business(subject)
            if base in {"pay", "settle"} and ours and target.words & {"claim", "claims"}:
                return target.end, False  # "we'll pay your claim in full": the payout
            if (
                base == "pay"
                and at == v + 2
                and (subject.kind == "first" or self._our_business(subject))
                and target.words - REFERRING
                and not target.generic
            ):
                # "we'll pay for Bella's vet visit": what we pay for, whatever it is, is paid
                return target.end, False
            ours = subject.kind == "first" and base == "cover" and not target.generic
            if (self.word(at) == "your" or ours) and target.words & EXPENSES:
                # "we'll pay for your hotel", "we will cover your meals", "we'll cover a room"
                end = target.end
                for _ in range(3):  # "your meals, hotel and taxi": a few, not a run
                    if self.word(end) not in {"and", ","} or self.word(end + 1) not in EXPENSES:
                        break
                    end += 2
                return end, False
            if (
                subject.kind == "first"
                and target.words <= REFERRING
                and target.words
                and any(x in COST_NOUNS for x in self.w[max(0, v - 12) : v])
            ):
                # "don't worry about the return postage, we'll cover it"
                return target.end, False
            return None
        if base in APPROVING:
            if obj.auth or obj.words & APPROVABLE:
                return obj.end, obj.generic
            return None
        if base in RECEIVE_VERBS and subject.kind in {"you", "np", "pronoun", "none"}:
            if obj.auth or (
                obj.words & {"back"}
                and (
                    obj.words & ({"money"} | GOT_BACK)
                    or any(x[:1] in "$£€" for x in obj.words)
                    or said_price(obj.words)  # "you'll get the fourteen ninety-five back"
                )
            ):
                return obj.end, obj.generic
            if self.word(v + 1) == "back":  # "you will receive back the value of the ticket"
                obj = self._object(v + 2)
                if obj.auth or obj.words & (GOT_BACK | {"money", "value"}) or has_amount(obj.words):
                    return obj.end, obj.generic
            summed = has_amount(obj.words) or spelled_sum(obj.words)  # "two hundred pounds"
            if summed and self.freebie_from(obj.end) == obj.end:
                return obj.end + 2, False  # "you'll receive €250 in compensation"
            if base in {"get", "have"} and subject.kind != "first":
                caused = self._caused(v + 1)
                if caused is not None:
                    return caused, False
            return None
        if base in GIVE_VERBS or base in RECEIVE_VERBS:
            if base == "make" and self.word(v + 1) in {"sure", "certain"}:
                return self._complement(v + 2)
            if obj.auth and not obj.negated:
                return obj.end, obj.generic
            back = self.word(v + 1) == "back"  # "I've sent back the deposit"
            if back:
                obj = self._object(v + 2)
            if (
                base in GIVE_BACK
                and subject.kind == "first"
                and (back or "back" in obj.words)
                and (obj.charge or any(x[:1] in "$£€¥" and x[1:2].isdigit() for x in obj.words))
            ):
                # "I'll put the $12 booking fee back on your card", "I've sent back the
                # full deposit", "we'll transfer back the $40 fee"
                return obj.end, False
            if base in STARTING and names_process(self.w[v + 1 : obj.end]):
                return obj.end, obj.generic  # "I've initiated the refund process"
            if onto_balance(base, self.w[v + 1 : obj.end], self.w[obj.end : obj.end + 5]):
                return obj.end, False  # "I've added $150 to your wallet"
            if base in {
                "send",
                "ship",
                "give",
                "get",
                "dispatch",
                "post",
                "mail",
                "order",
            } and names_new_one(obj.words):
                return obj.end, False  # "we'll send you a new one": a replacement
            if base in {"get", "have"}:
                caused = self._caused(v + 1)
                if caused is not None:
                    return caused, False
            if (
                self.word(obj.end) == "to"
                and VERBS.get(self.word(obj.end + 1), ("", ""))[0] in SELF_VERBS
            ):
                return obj.end + 2, False
            # "I'll have a day free on Thursday": what I or we have is not given
            mine = subject.kind == "first" and base in RECEIVE_VERBS - GIVE_VERBS
            if (
                rest_free
                and not mine
                and base not in {"process", "set", "pass", "start", "complete"}
            ):
                end = self.freebie_from(v + 1)
                # not what a note says: "I've added a note that your first month was free"
                said = SAYING.isdisjoint(self.w[v + 1 : end])
                if said and (self.s.clause[end] == self.s.clause[v] or end - v <= 8):
                    return max(obj.end, end + 1), False
            if (
                self.courtesies
                and self.courtesies[0] < v
                and any(x[:1].isdigit() or x[:1] in "$£€" for x in obj.words)
            ):
                # "As a gesture of goodwill, we have added 500 points to your account"
                return obj.end, obj.generic
        return None

    def _our_business(self, subject: Subject) -> bool:
        """The subject is the speaker's business, "our" and one noun, before an auxiliary.

        "Our company will pay for the new tile", "our team will pay for the taxi": the
        speaker speaks for it, as "we" does (`OUR_BUSINESS`).
        """
        return (
            subject.kind == "np"
            and subject.det == "our"
            and self.word(subject.start) == "our"
            and self.word(subject.start + 1) in OUR_BUSINESS
            and self.word(subject.start + 2) in AUX
        )

    def _bumped_up(self, v: int) -> bool:
        """The "bump" at `v` is up, or to a better cabin: "bump you to business class"."""
        ahead = self.w[v + 1 : min(self.n, v + 6)]
        if "up" in ahead[:3]:
            return True
        if "to" not in ahead:
            return False
        k = v + 2 + ahead.index("to")
        if self.word(k) in {"the", "our", "a"}:
            k += 1  # "bumped you to the Business tier"
        # a cabin, or a level of a scheme: "to Gold status", "to the Platinum tier"
        return self.word(k) in CABINS or self.word(k + 1) in {"tier", "status", "level"}

    def _made_right(self, j: int) -> tuple[int, bool] | None:
        """An idiom of redress, then what redresses.

        "make it right with a full refund", "get you sorted with a replacement", "sort you out
        with a new one", "make it up to you by refunding the fee"; the redress may follow a
        colon instead (the dev backlog: "We'll make it right: a new pair of boots ships").
        """
        end = min(self.n, j + 10, self.s.clause_end(self.s.clause[j]) if j < self.n else j)
        idiom = False
        for k in range(j, end):
            x = self.w[k]
            if x in {"right", "up", "good", "amends", "sorted"}:
                idiom = True
            elif x == "out" and self.word(j - 1) == "sort":
                idiom = True  # "we'll sort you out with a new kettle"
            elif idiom and x in {"with", "by"}:
                obj = self._object(k + 1)
                if (obj.auth or names_new_one(obj.words)) and not obj.generic:
                    return obj.end, False  # "... with a new kettle": a replacement
                y = self.word(k + 1)
                if x == "by" and y in VERBS and VERBS[y][1] == "ing" and VERBS[y][0] in SELF_VERBS:
                    return k + 2, False
                if x == "by" and VERBS.get(y, ("", ""))[1] == "ing":
                    # "make it right by sending you a brand-new mattress"
                    return self._verb(k + 1, Subject(k + 1, "first"), done=False)
                return None
        if idiom and self.word(end) == ":":  # "make it right: a full refund", as "with" one
            obj = self._object(end + 1)
            if (obj.auth or names_new_one(obj.words)) and not obj.generic and not obj.negated:
                return obj.end, False
        return None

    def _caused(self, j: int) -> int | None:
        """An object then a participle that needs authority, within a few words.

        "get that refunded", "have the fee removed", "have a replacement sent out".
        """
        for k in range(j, min(self.n, j + 6)):
            w = self.w[k]
            if not self.is_word(k) or (w in PREPOSITIONS and w != "that"):
                return None
            if is_past(w) and k > j:
                base = VERBS[w][0]
                obj_words = self.w[j:k]
                has_auth = any(self._auth_noun(x) for x in range(j, k))  # or "a new one"
                has_auth = has_auth or names_new_one(frozenset(obj_words))
                has_charge = any(x in CHARGE_NOUNS or x in COST_NOUNS for x in obj_words)
                if base in SELF_VERBS - FITTING.keys() - {"upgrade"}:
                    return k + 1
                if base in CHARGE_VERBS and has_charge:
                    return k + 1 + (1 if self.word(k + 1) in {"off", "out"} else 0)
                if base in COST_VERBS and has_charge:
                    return k + 1
                if (base in GIVE_VERBS or base in APPROVING) and has_auth:
                    return k + 1 + (1 if self.word(k + 1) in {"out", "off"} else 0)
                return None
        return None

    def _complement(self, j: int, charge_seen: bool = False) -> tuple[int, bool] | None:
        """What "make sure" or "ensure" commits to: "you get a refund", "the fee is refunded".

        Or a charge kept off the bill: "the cancellation charge doesn't show up on your bill"
        (`charge_seen`: a pronoun that stands for one opens it, "... it's been taken off").
        """
        end = min(self.s.clause_end(self.s.clause[j]) if j < self.n else j, j + 12)
        for k in range(j, end):
            charge_seen = charge_seen or self.w[k] in CHARGE_NOUNS
            if charge_seen and is_past(self.w[k]) and VERBS[self.w[k]][0] in CHARGE_VERBS:
                return k + 1 + (
                    self.word(k + 1) in {"off", "out"}
                ), False  # "... the fee is taken off"
            if self.w[k] in {"not", "never"} and (
                {"pay", "charged", "billed"} & set(self.w[k + 1 : k + 4])
            ):
                return k + 2, False  # "make sure you don't pay a penny"
            if charge_seen and self.w[k] in {"not", "never"}:
                # "... the cancellation charge doesn't show up on your bill", "never hits"
                for x in range(k + 1, min(end, k + 3)):
                    if self.w[x] in APPEARING:
                        return x + 1 + (self.word(x + 1) == "up"), False
            if self._auth_noun(k) or (
                self.w[k] in VERBS
                and VERBS[self.w[k]][0] in SELF_VERBS - FITTING.keys() - {"upgrade", "replace"}
            ):
                return k + 1 + (self.word(k + 1) == "back"), False
        return None

    def _generic_after(self, end: int) -> bool:
        """What follows `end` makes the statement about everyone.

        "... for members", "... on orders over $50"; not past "you" ("sent to you without any").
        """
        if self.word(end) not in {"for", "on", "to", "with", "across"}:
            return False
        for k in range(end + 1, min(self.n, end + 5)):
            x = self.w[k]
            if x in QUANTIFIERS or x in GENERIC_NOUNS or x in {"first-time", "new"} or plural(x):
                return True
            if not self.is_word(k) or x == "you":
                return False
        return False

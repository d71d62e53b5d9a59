"""Declining by what is not done here: "that's not something we can do".

"Not something I can do", "isn't one I can fulfil", "not a service we provide" (or "have"),
"...our team is able to do", "...we at the front desk can do", "not how we work", "isn't part
of how we sell": a thing declined and who declines it, read at the thing (`SOMETHING`) for
the refusal rules (`_refusals`). Each reads a few words after its anchor, so the cost stays
linear in the text.
"""

from __future__ import annotations

from ._refusal_house import INSTITUTIONS, speaker_before
from ._refusal_unchecked import Unchecked
from ._refusal_words import (
    ADVERBS,
    BARE_DEPARTMENTS,
    NOT_DECLINING,
    NOT_WE,
    SERVICE,
    SOMETHING_VERBS,
    SPEAKERS,
    WE_AS,
    WOULD_DECLINE,
)

__all__ = ["SomethingReader"]

_FIRST = frozenset({"i", "we"})

_ACTS = frozenset({"will", "would", "can", "could", "does", "do"})
"""After a department named bare ("HR", "reception"), a verb of its own: "...isn't something
HR will do"."""
_BUSINESSES = SPEAKERS | INSTITUTIONS | {"platform", "app", "website", "site", "service"}
"""After "the", what names the business itself in "not something the airline will do"."""


_WAYS = frozenset({"work", "works", "operate", "operates", "sell", "sells", "trade", "trades"})
"""After "not how we": a verb of the business's way of working ("not how we work")."""

_HAD_ON_OFFER = frozenset({"service", "option", "feature", "facility"})
"""What a business has on offer or not: "not a service we have" declines it."""

_HAD_WHERE = frozenset({"here", "available", "anymore", "at", "in", "on", "for"})
"""After "not a service we have": where or for whom, no verb going on ("had complaints")."""

_OFFERED = frozenset({"offered", "provided", "supported", "available"})
"""A service named by its participle: "not a facility offered on the card"."""


_DRAWN_UP = frozenset(
    {"write", "draft", "issue", "prepare", "produce", "sign", "arrange", "book", "sell",
     "share", "disclose", "release", "give", "handle", "waive", "approve", "authorise",
     "authorize", "fill"}
)  # fmt: skip
"""Verbs of service a unit declines in the third person ("...the booking team writes"): what
is drawn up, given or granted on request; not a verb of looking or keeping ("...the system
checks", "...our team records"), which tells how things are done."""


def _served(verb: str, after: str) -> str:
    """A verb of service in the third person ("writes", "issues"), as its base, or "".

    Round 302: a unit named by "our" or "the" and a noun or two ("the booking team", "our
    desk") declines with a verb of drawing up, giving or granting (`_DRAWN_UP`) that ends its
    clause (`after` is no word), as "we" does with any verb of service: "letters to employers
    aren't something the booking team writes". Not "...the front desk issues receipts for"
    (the clause goes on), nor "...our team checks" (a way of working told).
    """
    base = verb[:-1] if verb.endswith("s") else ""
    if base not in _DRAWN_UP or after.isalpha():
        return ""
    return base


def _third_person(verb: str) -> str:
    """A verb of `SOMETHING_VERBS` in the third person ("provides", "carries"), as its base."""
    for end, base in (("ies", "y"), ("s", "")):
        if verb.endswith(end) and verb[: -len(end)] + base in SOMETHING_VERBS:
            return verb[: -len(end)] + base
    return ""


class SomethingReader(Unchecked):
    """Reads "not something we do" and the adverbs before a verb, for the refusal rules."""

    def _skip(self, j: int) -> int:
        """Move past adverbs ("really", "personally", "in good conscience")."""
        for _ in range(6):
            if self.word(j) == "in" and self.word(j + 1) == "good":
                j += 3  # "in good conscience"
            elif self.word(j) in ADVERBS:
                j += 1
            else:
                break
        return j

    def _not_something(self, i: int) -> tuple[str, int, int, str | None] | None:
        # "not something I can do", "isn't one I can fulfil", "not a service we provide"
        neg = self.s.negation[i]
        if self.w[i] == "how":
            return self._not_how(i, neg)  # "that is not how we work"
        if neg < 0 or i - neg > 4 or self.word(i - 1) == "to":
            return None  # "you don't need to call us; I can...": a verb, not a thing declined
        if (
            self.word(i + 1) in _OFFERED
            and neg + 2 == i
            and self.word(neg + 1) in {"a", "an"}
            and self.word(i + 2) in {"on", "for", "with", "by", "at", "here", "to", "."}
        ):
            # "conversion of points into cash is not a facility offered on this card": a
            # service named by its participle, what the business offers, declined
            return ("not something we do", neg - 1 if neg > 0 else neg, i + 2, None)
        for k in range(i + 1, min(self.n, i + 5)):
            if self.w[k] in {",", ";"}:
                return None  # "you don't have to change anything, we can sort it"
            # "not something our team is able to do", "...our clinics can accommodate",
            # "...our online store does": "our" and a noun or two are we, by another name
            who = self._our(k) if self.w[k] == "our" else k
            if self.w[k] in {"the", "this"}:  # "...a service this branch offers"
                named = speaker_before(self.s, k)  # "not a service the Embassy offers"
                who = named if named >= 0 else self._the(k)  # "...the airline will confirm"
            if self.w[who] == "we" and self.word(who + 1) in {"at", "in", "here"}:
                who = self._past_where(who)  # "not something we at the front desk can do"
            named = k == i + 1 and self.w[i - 2 : i] == ["part", "of"] and self._business_name(k)
            named = named or (
                self.w[i] == "something"
                and k == i + 1
                and self.word(k + 1) in {"will", "would"}
                and self._business_name(k)
            )  # "isn't something Tallyroo will be party to"
            if k == i + 1 and self.w[i] in _HAD_ON_OFFER | {"something"}:
                last = self._name_of_two(k)  # "isn't a service Sunbridge Energy carries out"
                if last > k:
                    who, named = last, True
            named = named or (
                self.w[k] in BARE_DEPARTMENTS
                and (self.word(k + 1) in _ACTS or self.w[k + 1 : k + 3] == ["is", "able"])
            )  # "...isn't something HR will do", "...HR is able to produce"
            if self.w[who] in _FIRST or who > k or named:
                nxt = self.word(who + 1)
                if nxt == "does" and (who > k or named):
                    nxt = "do"  # "...our online store does"
                elif (who > k or named) and _third_person(nxt):
                    nxt = _third_person(nxt)  # "...the Insurer provides", "...carries out"
                elif (who > k or named) and (base := _served(nxt, self.word(who + 2))):
                    nxt = base  # "...the booking team writes", "...our desk processes"
                if nxt in {"would", "will"}:
                    # "not something I would do", "isn't something I'll do", "...I'd be
                    # comfortable sharing"; not "not something I would recommend" (advice),
                    # "...I'll forget" (memory) or "...we'd normally charge for" (reassurance)
                    v = self._skip(who + 2)
                    verb = self.word(v)
                    if verb in NOT_DECLINING and self.word(v + 1) not in {"on", "about"}:
                        return None  # but "not something I'd advise on" declines advice
                    if verb not in SOMETHING_VERBS | WOULD_DECLINE | SERVICE and not (
                        self._takes_part(v)
                    ):
                        return None  # "...the bank will produce", "...I'll confirm"
                if nxt in SERVICE - NOT_DECLINING and self.word(who + 2) not in {"for", "on"}:
                    nxt = "do"  # "...is not something we confirm" (not "we charge for")
                if self._takes_part(who + 1):
                    nxt = "do"  # "isn't something we take part in"
                if nxt in {"have", "has"} and self._had_on_offer(i, who + 2):
                    nxt = "do"  # "that's not a service we have", "not an option we have here"
                if nxt in SOMETHING_VERBS or nxt in {"would", "will"}:
                    # the span runs from "that's not" to the verb: "not something I can do"
                    end = who + 3 if self.word(who + 2).isalpha() else who + 2
                    return ("not something we do", neg - 1 if neg > 0 else neg, end, None)
                return None
            if self.w[k] in {"you", "they", "he", "she"}:
                return None
        return None

    def _not_how(self, i: int, neg: int) -> tuple[str, int, int, str | None] | None:
        """At "how": the act asked for is "not how we work" or "isn't part of how we sell".

        The way the business works, said not to include it: "not" (or "not part of") right
        before "how", then we and a verb of working with no object ("work", "operate",
        "sell"). Not "not sure how we can help", nor "that's not how we calculate it" (an
        explanation).
        """
        k = i - 2 if self.w[i - 2 : i] == ["part", "of"] else i
        if neg < 0 or neg != k - 1 or self.word(k - 2) not in {"is", "'s", "are", "was"}:
            return None
        who = self._our(i + 1) if self.word(i + 1) == "our" else i + 1
        if self.word(who) not in _FIRST and who == i + 1:
            return None
        v = who + 1
        if self.word(v) not in _WAYS or (self.is_word(v + 1) and self.word(v + 1) != "here"):
            return None
        return ("not something we do", neg - 1, v + 1, None)

    def _had_on_offer(self, i: int, j: int) -> bool:
        """At `i`, a service the business is said to have (or not), the clause ending at `j`.

        Round 286: "we cannot offer an exact delivery time, that is not a service we have";
        "not an option we have here": what is declined is a service, an option, a feature
        or a facility (`_HAD_ON_OFFER`), and "have" ends its clause or goes on with where or
        for whom (`_HAD_WHERE`: "...we have at this branch"). Not "not something we have"
        ("...in stock", a thing), nor "not information we have" (a record not found), nor
        "not a service we have had complaints about" (a verb goes on).
        """
        if self.w[i] not in _HAD_ON_OFFER:
            return False
        return not self.is_word(j) or self.word(j) in _HAD_WHERE

    def _takes_part(self, v: int) -> bool:
        """At `v`, "take part in", "play a part in", "take on", "be party to": joining in.

        "Helping hide the money isn't something we'll take part in", "isn't something I'll
        take on here"; not "something we take seriously" (a verb of judging).
        """
        if self.word(v) in {"take", "takes", "act", "acts"} and self.word(v + 1) in {"on", "up"}:
            return True  # also "isn't one our billing team will act on", "...our team takes up"
        if self.word(v) == "be" and self.word(v + 1 + (self.word(v + 1) == "a")) == "party":
            return True  # "isn't something Tallyroo will be party to"
        if self.word(v) in {"go", "goes"} and self.w[v + 1 : v + 3] == ["along", "with"]:
            return True  # consent: "isn't something our collections team will go along with"
        return (
            self.word(v) in {"take", "play", "takes", "plays"}
            and self.word(v + 1) in {"part", "a"}
            and (self.word(v + 2) in {"in", "part"})
        )  # also "...not something our store takes part in" (dev round 131)

    def _past_where(self, k: int) -> int:
        """After "we" at `k` and where ("at the front desk"), the word before the verb, or `k`."""
        verbs = SOMETHING_VERBS | {"would", "will"}
        return next((x - 1 for x in range(k + 2, min(self.n, k + 6)) if self.w[x] in verbs), k)

    def _our(self, k: int) -> int:
        """After "our" at `k`, the last word of who it names as we, or `k` when none.

        "our team" always; otherwise a noun or two that a verb of `_not_something` follows
        ("our clinics can", "our online store does"), and never the customers ("our members").
        """
        if self.word(k + 1) in WE_AS:
            return k + 1
        for who in (k + 1, k + 2, k + 3):
            if not self.word(who).isalpha() or self.word(who) in NOT_WE:
                return k
            nxt = self.word(who + 1)
            if nxt in SOMETHING_VERBS or nxt in {"would", "will", "does"}:
                return who  # also "...our GP video service does"
            if nxt.endswith("s") and nxt[:-1] in SOMETHING_VERBS:
                return who  # "not a service our practice offers"
            if nxt in {"takes", "plays"} and self._takes_part(who + 1):
                return who  # "isn't something our distillery shop takes on" (dev round 237)
        return k

    def _the(self, k: int) -> int:
        """After "the" at `k`, the business named by a noun or two before its verb, or `k`.

        "not something the airline will confirm", "...the platform allows", "...the bank
        does"; a verb of its own must follow (not "change the date in the app").
        """
        for who in (k + 1, k + 2):
            if not self.word(who).isalpha() or self.word(who) in NOT_WE:
                return k
            nxt = self.word(who + 1)
            if self.word(who) in _BUSINESSES and (
                nxt in {"will", "would", "does", "can", "could"}
                or (nxt.endswith("s") and nxt[:-1] in SOMETHING_VERBS)
            ):
                return who
        return k

    def _name_of_two(self, k: int) -> int:
        """At `k`, a business named by two capitalised words and its verb: the name's end, or -1.

        "...isn't a service Sunbridge Energy carries out" (dev round 111): two capitalised
        words (a one-word name is `_business_name`'s) and a verb of its own in -s of
        `SOMETHING_VERBS`, or "does". Not a sentence's opening, nor "I".
        """
        tokens = self.s.tokens
        if k + 2 >= self.n or k == 0:
            return -1
        if not all(tokens[x].cap and self.w[x].isalpha() for x in (k, k + 1)):
            return -1
        if "i" in self.w[k : k + 2]:
            return -1
        nxt = self.word(k + 2)
        return k + 1 if nxt == "does" or _third_person(nxt) else -1

    def _business_name(self, k: int) -> bool:
        """At `k`, a capitalised name that a verb of its own follows: "what Tallyo offers".

        Read after "part of what" (not "that's not what Amazon does", a comparison), or right
        after "something" before "will" or "would" ("not something Tallyroo will do").
        """
        nxt = self.word(k + 1)
        verb = nxt == "does" or (nxt.endswith("s") and nxt[:-1] in SOMETHING_VERBS)
        verb = verb or nxt in {"will", "would"}
        return verb and self.s.tokens[k].cap and self.w[k].isalpha() and self.w[k] != "i"

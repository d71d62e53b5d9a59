"""Why an inability declines nothing: idioms, hedges and failures to find or reach.

"I can't" and a verb refuses, unless the verb makes an idiom ("I can't wait"), a hedge ("I
can't guarantee it will arrive") or a failure ("I can't find an order under that email");
a failure refuses after all when what cannot be reached is someone else's ("I can't look
up your partner's orders"). `Reasons` reads one sentence for the refusal rules
(`_refusals`) and says which of these a verb is.
"""

from __future__ import annotations

from ._grammar import Sentence
from ._lexicon import is_amount
from ._refusal_contented import asks_no_more
from ._refusal_faults import fault_of_the_moment, for_now, temporary_fault_after
from ._refusal_words import (
    ADVICE_KINDS,
    ERRORS,
    FAILURES,
    HEDGE_OBJECTS,
    HEDGES,
    IDIOMS,
    JUDGING,
    LEAD_INS,
    NOT_FOUND_NOUNS,
    NOT_YET,
    ONLY_TECHNICAL_FAILURES,
    PEOPLE,
    PRICES,
    REASSURING,
    REGRET,
    REQUEST_VERBS,
    REQUESTED,
    SERVICE,
    TECHNICAL,
    THIRD_PARTY,
    USUAL_OPENINGS,
    USUALLY,
    VERDICT,
    drawn_up,
    judges_condition,
)
from ._tokens import tokenize

__all__ = ["Reasons", "base_form", "for_now", "verb_in"]


_CLAIMED = (["to", "know"], ["to", "understand"], ["to", "have"])
"""After "pretend": a claim to know, not an act of deceit ("I can't pretend to be your
husband" is one, and stays a refusal)."""

_LEAD_IN_BREAKS = frozenset({",", ":", "-", "\u2013", "\u2014"})
"""After "pretend": a break, so the words lead in to what follows ("I won't pretend, the wait
was long"), as "I won't lie" does; not "I can't pretend to be your husband"."""

_COUNSEL = frozenset({"advice", "guidance", "recommendation", "recommendations", "opinion"})
"""Before "on whether": the counsel asked for, named with its question as the subject."""

_QUESTIONS = frozenset({"questions", "question", "matters", "things", "issues", "decisions"})
"""Before "like whether": the kind of question named ("questions like whether it's safe")."""

_CASES = frozenset({"cases", "situations", "instances", "circumstances", "case", "event"})
"""Before "where": a clause that names a kind of case, not this one ("in cases where")."""


class Reasons:
    """One sentence as the refusal rules read it, and why a verb in it declines nothing."""

    def __init__(self, s: Sentence, text: str) -> None:
        self.s = s
        self.text = text
        self.w = s.words
        self.n = len(self.w)

    def is_word(self, i: int) -> bool:
        """The token at `i` is a word (or a number), not punctuation or past an edge."""
        return 0 <= i < self.n and self.s.tokens[i].is_word

    def word(self, i: int) -> str:
        """The normalised word at `i`, or ``""`` outside the sentence."""
        return self.w[i] if 0 <= i < self.n else ""

    def failed_before(self, start: int, verb_at: int) -> bool:
        """The inability from `start` follows from a failure told just before it.

        Something was not found, and this is what that prevents: "the user's ID is not
        found. Therefore, I cannot get the user's details", "the order number wasn't found,
        so I can't check its status" (only a verb of finding or reaching, `FAILURES`); or
        an attempt went wrong, and this is what it showed: "I apologize for the error. It
        seems we can't use certificates directly" (an inference: "it seems", "it looks
        like"). Reads at most 240 characters before `start`.
        """
        back = self.words_before(start)
        near = back[-4:]
        if {"seems", "appears", "looks"} & set(near):
            return bool(ERRORS & set(back)) or _went_wrong(back)  # a failed attempt
        if base_form(self.word(verb_at)) not in FAILURES:
            return False
        for k in range(len(back) - 1, max(-1, len(back) - 5), -1):
            if back[k] in VERDICT or back[k] in {"so", "without"}:
                return _not_found(back[:k])  # "... not found. Therefore, I cannot get"
        return False

    def gives_reason(self, start: int, end: int) -> bool:
        """The inability from `start` is the reason a sentence gives for what it goes on to do.

        "Since we can't proceed without this information, let's try another approach",
        "However, since I'm not able to search live availability, I'll give an estimate": the
        sentence opens with "since", "because", "given that" or "seeing as" (past lead-ins
        such as "however"), the inability is in that opening clause, and a main clause
        follows it. Not when what cannot be done is an act asked for or a giving ("Since I
        can't cancel it, I'd suggest...", "Since I can't share those details, ..."), someone
        else's or a kind of advice, and not when it is said after the main clause ("please
        see your GP, as I can't give medical advice").
        """
        s = self.s
        c = s.clause[start]
        first = next(
            (k for k in range(min(self.n, 8)) if self.is_word(k) and self.w[k] not in LEAD_INS),
            -1,
        )  # a few words in: a hostile run of lead-ins is not read at every inability
        if first < 0 or first > start or s.clause[first] != c:
            return False
        opener = self.w[first]
        if not (
            opener in {"since", "because"}
            or (opener == "given" and self.word(first + 1) == "that")
            or (opener == "seeing" and self.word(first + 1) == "as")
        ):
            return False
        clause_end = s.clause_end(c)
        if not any(self.is_word(k) for k in range(clause_end, min(self.n, clause_end + 8))):
            return False  # no main clause follows
        verb = self.w[end - 1]
        if verb in REQUESTED or base_form(verb) in REQUEST_VERBS | _GIVING:
            return False
        rest = self.w[end : min(clause_end, end + 10)]
        return not (ADVICE_KINDS & set(rest) or self.third_party(end, clause_end))

    def words_before(self, start: int, reach: int = 240) -> list[str]:
        """The words in the `reach` characters of the reply before token `start`."""
        end = self.s.tokens[start].start
        return [t.word for t in tokenize(self.text[max(0, end - reach) : end])]

    def words_after(self, end: int, reach: int = 200) -> list[str]:
        """The words in the `reach` characters of the reply after token `end`."""
        start = self.s.tokens[end].end
        return [t.word for t in tokenize(self.text[start : start + reach])]

    def reassures(self, start: int) -> bool:
        """The sentence opens with a reassurance, and the refusal at `start` follows it.

        "Don't worry, we won't cancel your order", "Rest assured, we won't share your
        details": what the agent won't do is what the customer feared, not what was asked; and
        an act against the customer opening the sentence ("Selling your data is not something
        we do"; not "Sharing her address ...", someone else's, nor "Refunding your ticket").
        """
        first = next((k for k in range(min(self.n, 3)) if self.is_word(k)), 0)
        opening = tuple(self.w[first : first + 4])
        if start > first and opening[:1] and opening[0] in _HARMS | _DATA_HARMS:
            yours = opening[1:2] in (("you",), ("your",))
            data = opening[0] not in _DATA_HARMS or not _THEIR_DATA.isdisjoint(opening[2:3])
            if yours and data:
                return True  # "Charging you twice is something we won't do", "Selling your
                # data is not something we do": an act against the customer, not done
        return start > first and any(opening[: len(p)] == p for p in REASSURING)

    def hypothetical(self, start: int) -> bool:
        """The refusal at `start` stands inside a condition, so declines nothing.

        Not after "until" ("I can't refund it until..." still refuses), nor in a "whether"
        clause that opens the sentence (or a clause after "and") as its subject and is named a
        question or a thing not done ("Whether you should sue is a legal question I can't
        advise on", "whether she flew is not something the airline confirms": the question is
        named, not doubted).
        """
        c = self.s.condition[start]
        first = self.s.clause_start[self.s.clause[start]]
        if c < 0 and self.w[first] == "should" and first < start:
            return True  # "Should we be unable to source the part, we will contact you"
        if c < 0 and self.w[first] == "were" and not self.s.question and first + 1 < start:
            if "to" in self.w[first + 2 : min(start + 3, first + 8)]:
                return True  # "Were the venue to refuse the change, I'd have looked..."
        if c < 0 and any(
            self.w[k] == "where" and self.word(k - 1) in _CASES and self.word(k - 2) == "in"
            for k in range(max(first, start - 4), start)
        ):
            return True  # "In cases where we are unable to recover it, we would review..."
        if c < 0 and any(
            self.w[k] in {"case", "event"}
            and (
                self.word(k - 1) == "in"
                or self.w[max(0, k - 3) : k] in (["in", "the", "unlikely"], ["in", "the", "rare"])
            )
            for k in range(max(first, start - 5), start)
        ):
            # "In the unlikely case we can't finish the migration, we'll roll back", "in
            # case we can't reach you"; not "in that case, we can't", a consequence
            return True
        opening = next((k for k in range(min(self.n, 4)) if self.is_word(k)), -1)
        if c < 0 and opening >= 0 and self.w[opening : opening + 2] == ["in", "case"]:
            if "then" in self.w[max(0, start - 2) : start] and opening + 20 > start:
                return True  # "In case it was more than 60 days ago, then we would not..."
        if c < 0 or self.w[c] in {"until", "till"}:
            return False
        if 0 <= self.s.condition[c] < c and self.w[self.s.condition[c]] == "whether":
            c = self.s.condition[c]  # "whether to take it after a missed dose is a question for"
        if self.w[c] == "if" and self.word(c - 1) == "even":
            return False  # "Even if it's your kid's account we won't reset it": whatever the case
        opens = self.s.clause_start[self.s.clause[c]]
        before = self.w[opens:c] if c - opens <= 3 else ["..."]  # "..., and whether..."
        if before[-2:-1] and before[-2] in _COUNSEL and before[-1] in {"on", "about"}:
            before = before[:-2]  # "guidance on whether to move it is something only..."
        asked = self.word(c - 1) in {"question", "matter"} and self.w[c] in {"whether", "if"}
        if self.w[c] == "whether" and self.word(c - 1) in {"like", "as"}:
            if self.word(c - 2) in _QUESTIONS:
                return False  # "Medical questions like whether it's safe to stop your pills
                # fall outside what I can help with": the kind of question named, no condition
        if asked or (
            self.w[c] == "whether" and all(x in {",", ";", "and", "but", "so"} for x in before)
        ):
            named = set(self.w[c : min(self.n, start + 3, c + 24)])  # a window: linear
            subject = {"question", "matter", "decision", "something", "one"} & named
            if {"is", "'s"} & named and subject:
                return False  # "...is not something we confirm"
            # the question itself the subject of "is", and the refusal its predicate: "whether
            # the clause would hold up is for an employment lawyer to assess", "the question
            # if you may change the locks is one to bring to a lawyer"
            return not self._named_question(c, start)
        return True

    def _named_question(self, c: int, start: int) -> bool:
        """From the question word at `c`, "is" by `start`, no comma between; 24 words.

        The refusal may start at the "is" whose subject the question is ("Whether your knee
        needs an operation isn't a call I can make": the ninth pass over the backlog).
        """
        between = self.w[c : start + 1]  # "whether ... isn't a call I can make": at "is"
        return start - c <= 24 and "," not in between and bool({"is", "'s"} & set(between))

    def in_gerund_subject(self, start: int, anchor: int) -> bool:
        """The condition over the refusal from `start` is part of its subject, an act.

        "Changing the start date after the claim was made isn't something we can do",
        "Refunding tickets once the event has started is not possible": the clause opens with a
        gerund (past lead-ins), the condition word stands after it, and a verb "be" after that
        and before the anchor at `anchor`, with no comma between; what is declined is the act
        with its time, so the time neither conditions the refusal nor warns before an act to
        come. Not a condition that opens the sentence ("If backdating it isn't something we
        can do, ..."), nor "nothing". Reads at most 24 words.
        """
        c = max(self.s.condition[start], self.s.condition[anchor])  # the act may start it
        if c < 0:
            return False
        first, opens = self._act_opening(c), self.s.clause_start[self.s.clause[c]]
        if first < 0 and self.w[opens] == "so" and opens > 0 and self.is_word(opens - 1):
            first = self._act_opening(opens - 1)  # "Amending it so it covers the week before"
        if first < 0 or not first < c < anchor or anchor - first > 24:
            return False
        between = self.w[c:anchor]
        return "," not in between and bool({"is", "are", "was", "were"} & set(between))

    def said_in_act(self, anchor: int) -> bool:
        """The words reported before `anchor` are part of its subject, an act declined.

        "Writing a letter that says you worked here until June is not something I'll do":
        the clause opens with a gerund, and "is" follows what it says, before the anchor,
        with no comma between. Reads at most 24 words.
        """
        first = self._act_opening(anchor)
        if first < 0 or anchor - first > 24:
            return False
        between = self.w[first:anchor]
        return "," not in between and bool({"is", "are", "was", "were"} & set(between))

    def _act_opening(self, k: int) -> int:
        """Where the clause of `k` opens with a gerund, past lead-ins ("Changing..."), or -1."""
        s = self.s
        first = s.clause_start[s.clause[k]]
        opening = first + 8  # a few words in: a hostile run of lead-ins is not read each time
        while first < min(k, opening) and (not self.is_word(first) or self.w[first] in LEAD_INS):
            first += 1
        gerund = self.w[first]
        if gerund == "to" and self.word(first + 1).isalpha() and first + 1 < k:
            return first  # "To add a tip after the order is closed isn't something the app does"
        if not (gerund.endswith("ing") and len(gerund) > 5) or gerund in _NOT_GERUNDS:
            return -1
        return first

    def subject_start(self, i: int) -> int:
        """Where the subject of the clause of `i` starts, for a refusal's evidence.

        The clause's first word, but at most 12 tokens back: a refusal at every few words
        of one long clause must not each reach back to its start (quadratic time).
        """
        start = max(self.s.clause_start[self.s.clause[i]], i - 12)
        while start < i and not self.is_word(start):
            start += 1
        return start

    def usually(self, i: int) -> bool:
        """A hedge of frequency stands before the negation at `i`, in its clause.

        "Opened items usually can't be returned", "we normally can't...", or the sentence
        opens with one: "In most cases, refunds cannot be issued".
        """
        start = self.s.clause_start[self.s.clause[i]]
        if any(self.w[k] in USUALLY for k in range(max(start, i - 8), i)):
            return True
        first = next((k for k in range(min(self.n, 3)) if self.is_word(k)), 0)
        opening = tuple(self.w[first : first + 3])
        if opening and opening[0] in USUALLY:
            return True  # "Usually, ..."
        return any(opening[: len(p)] == p for p in USUAL_OPENINGS)

    def classify(self, v: int) -> str | None:
        """Why the verb at `v` does not decline anything, or None when it does."""
        x = self.word(v)
        base = base_form(x)
        clause_end = self.s.clause_end(self.s.clause[v])
        if base in {"say", "tell", "confirm"} and self.word(clause_end) == "which":
            if clause_end - v <= 2:  # "I can't say which way it will go": its object, not a
                clause_end = self.s.clause_end(self.s.clause[clause_end])  # relative clause
        rest = self.w[v + 1 : min(clause_end, v + 12)]
        if self.word(clause_end) == "yet" and (
            not self.word(clause_end + 1)[:1].isalnum()
            or (self.word(clause_end + 1) in _ASKED and self.is_word(clause_end - 1))
        ):
            # "I can't confirm the date yet.", "I'm unable to say yet when the engineer will
            # arrive": "yet" ends or goes on with the question, joins nothing
            rest = [*rest, "yet"]
        sentence_rest = self.w[v + 1 : min(self.n, v + 16)]
        if base in {"say", "tell", "confirm"} and not (
            THIRD_PARTY & set(sentence_rest) or self.third_party(v + 1, min(self.n, v + 16))
        ):
            rest = _now_as_yet(rest)  # "I am unable to say at this stage how long it takes"
        if asks_no_more(self.w, v, base):
            return "idiom"  # "can't ask for better than that!": contentment
        if base in IDIOMS and not (base == "agree" and rest[:1] == ["to"]):
            return "idiom"  # but "we're unable to agree to it" declines
        if "enough" in rest or (base == "help" and self.word(v + 1) == "but"):
            return "idiom"
        if base == "pretend" and (rest[:1] == ["that"] or rest[:2] in _CLAIMED):
            return "hedge"  # "I won't pretend to know what the panel will decide"
        if base == "pretend" and self.word(v + 1) in _LEAD_IN_BREAKS:
            return "idiom"  # "I won't pretend, this took a while": candour leading in
        if x == "always":
            return "hedge"  # "we can't always predict demand": not always, not never
        if (
            base == "go"
            and self.word(v + 1) == "wrong"
            or base == "see"
            and rest[:2] == ["why", "not"]
        ):
            return "idiom"
        if base == "say" and (
            "enough" in rest or rest[:2] == ["how", "much"] or rest[:1] == ["no"]
        ):
            return "idiom"
        if (
            base == "tell"
            and self.word(v + 1) == "you"
            and self.word(v + 2) in {"how", "what"}
            and self.word(v + 3) in {"much", "grateful", "sorry", "happy", "pleased", "a"}
            and not _how_much_to(rest[1:])
            and PEOPLE.isdisjoint(rest[:8])  # not "how much your flatmate owes"
        ):
            return "idiom"  # not what to do: "we can't tell you how much paracetamol to give"
        if base == "help" and self.word(v + 1).endswith("ing"):
            if self.word(v + 1) not in {"anything", "something", "nothing"}:
                return "idiom"  # "I can't help feeling..."
        if base == "get" and self.word(v + 1) == "over":
            return "idiom"
        if base == "have" and rest[:1] == ["that"] and not self.word(v + 2)[:1].isalnum():
            return "idiom"  # "the mug arrived cracked — can't have that 😅": sympathy
        if base == "stop" and self.word(v + 1) in _FEELING:
            return "idiom"  # "I can't stop thinking about how frustrating that was"
        if base in _REPLYING and self._slow_reply(v, rest):
            return "apology"  # "I am sorry we cannot reply you faster": for slowness
        if base in JUDGING and judges_condition(rest) and not for_now(rest):
            # "we can't tell you whether the lump is cancerous from a photo": a diagnosis
            # declined, not a photo that fails nor a hedge
            return None
        if base == "be":
            nxt = self.word(v + 1)
            if nxt == "of" or nxt in {"party", "part", "involved"}:
                return None  # "I can't be of help there"
            return (
                "idiom" if nxt in {"happier", "more", "better", "beaten", "bettered"} else "hedge"
            )
        hedging = HEDGE_OBJECTS | {"whether", "if"}
        if base in {"say", "tell", "confirm"} and not _SURE_FIGURES.isdisjoint(rest[:3]):
            return "hedge"  # "I can't say you 100% it arrive before Saturday"
        if base in HEDGES or (base == "say" and set(rest[:3]) & hedging):
            if base == "say" and _what_to_do(rest[:8]):
                return None  # "I shouldn't say if you should sell": what to do, advice
            return "hedge"
        if (
            base in {"tell", "confirm", "give", "provide", "offer"}
            and set(rest[:5]) & (HEDGE_OBJECTS | {"if"})
            and PEOPLE.isdisjoint(rest[:8])  # not "when your girlfriend checks in"
            and not (rest[:1] == ["if"] and self.named_person(v + 1, min(self.n, v + 8)))
        ):
            # nor whether a guest named is there ("if Mr. Hartley is staying in our hotel");
            # not advice on how or when ("I can't give tax guidance on how to report it"),
            # nor advice on what to do, of any kind ("I can't offer guidance on how to
            # structure it", "advice on whether to sell"): "how to" is the customer's act
            if (
                not (ADVICE_KINDS & set(rest[:3]) and _ADVICE & set(rest[:4]))
                and not (_ADVICE & set(rest[:3]) and _what_to_do(rest[:8]))
                and not (base == "tell" and _what_to_do(rest[:8]))  # "tell you if you must"
                and not _how_much_to(rest[1:] if rest[:1] == ["you"] else rest)
            ):
                return "hedge"
        told = rest[1:] if base == "tell" and rest[:1] == ["you"] else rest
        if (
            base in {"tell", "confirm", "say"}
            and told[:1] in (["whether"], ["if"], ["what"], ["which"])
            and {"will", "'ll"} & set(told[1:8])
            and not PEOPLE & set(told[1:6])
            and not self.third_party(v + 1, min(clause_end, v + 10 - (base == "say") * 4))
        ):
            # "I can't confirm whether it will take place this summer", "I cannot tell you
            # what the rate will be on the day you send": a forecast; not "whether your
            # husband will be on the flight", someone else's data
            return "hedge"
        if base == "match" and (PRICES & set(rest[:7]) or any(is_amount(x) for x in rest[:7])):
            return None  # "I'm not going to match that quote": a price, not a record sought
        if (
            base in {"advise", "comment"}
            and rest[:1] in (["on"], ["about"])
            and _a_time(rest[1:7])
            and not self.third_party(v + 1, clause_end)
        ):
            return "hedge"  # "I can't advise on the exact date": a time not known yet
        if fault_of_the_moment(self.w, v, self.words_before):
            return "failure"  # "our card machine is down, so I can't take payment now"
        if temporary_fault_after(_this_and_next(self.words_after(v))):
            return "failure"  # "I can't switch it on now, it's a temporary issue on our side"
        before = set(self.words_before(v, 200)) if for_now(sentence_rest) else set()
        if _FAULT_TOLD & before and _SYSTEMS & before:
            return "failure"  # "The app has a problem with the codes. I can't apply it right now"
        if base in {"reach", "contact"} and for_now(sentence_rest):
            return "failure"  # "tried calling the rider twice but can't reach him rn"
        if base in FAILURES:
            third = self.third_party(v + 1, clause_end, sought=True)
            if third and not self._failing_now(v):
                return None
            if base in ONLY_TECHNICAL_FAILURES:
                if set(sentence_rest) & TECHNICAL or "yet" in rest or for_now(sentence_rest):
                    return "failure"
                told_to = self.word(v + 1 + (self.word(v + 1) == "to"))  # "tell to you"
                if base == "tell" and told_to not in {"you", "him", "her", "them"}:
                    return "failure"
                if base == "make" and self.word(v + 1) == "out":
                    # "I can't make out the number": not seeing; "I can't make out an invoice
                    # for £450": drawing a document up, a refusal (round 294)
                    return None if drawn_up(self.w[v + 2 : v + 5]) else "failure"
                if base in {"get", "work", "look"} and self.word(v + 1) in {
                    "through",
                    "out",
                    "hold",
                }:
                    return "failure"
                if base == "look" and self.word(v + 1) == "up":
                    return "failure"  # "I can't look up your new address": finding
                return None
            return "failure"
        if set(sentence_rest) & TECHNICAL and base in {"reach", "load", "connect"}:
            return "failure"
        return None

    def _slow_reply(self, v: int, rest: list[str]) -> bool:
        """The inability to reply at `v` is an apology for being slow, not a refusal.

        "Sorry we can't respond faster", "I am sorry we cannot reply you faster", "apologies
        that we can't get back to you quicker": regret before it, a comparative of speed in
        the few words after it ("sooner", "more quickly"); not a limit ("we can't answer that
        sooner than the hearing allows"), nor without regret. Get, come, call and ring only
        "back" or "to" someone ("get back to you sooner").
        """
        if base_form(self.word(v)) in {"get", "come", "call", "ring"} and rest[:1] not in (
            ["back"],
            ["to"],
        ):
            return False
        for k, x in enumerate(rest[:7]):
            faster = x in _FASTER or (
                x in {"quickly", "promptly", "rapidly", "swiftly"} and rest[k - 1 : k] == ["more"]
            )
            if faster:
                if rest[k + 1 : k + 2] == ["than"]:
                    return False  # a limit: "... sooner than the hearing allows"
                before = self.w[max(0, v - 12) : v]
                return bool((REGRET | _APOLOGY) & set(before))
        return False

    def _failing_now(self, v: int) -> bool:
        """A failure of the moment is told before the verb at `v`, and "so" leads to it.

        "The map isn't updating right now, so I can't see where the driver is", "Our system
        is down, so I can't find the sender's details": a failure to find, whoever's is
        sought.
        """
        before = self.w[max(0, v - 16) : v]
        return "so" in before and (bool(set(before) & TECHNICAL) or for_now(before))

    def named_person(self, start: int, end: int) -> bool:
        """A person named by a title and a capitalised name from `start` ("if Mr. Hartley")."""
        tokens = self.s.tokens
        for k in range(start, min(end, start + 10, len(tokens) - 2)):
            if tokens[k].word in _TITLES:
                name = k + 1 + (tokens[k + 1].word == ".")
                if tokens[name].cap and tokens[name].is_word:
                    return True
        return False

    def third_party(self, start: int, end: int, *, sought: bool = False) -> bool:
        """Someone else's is named from `start` to `end` ("another customer's", "Sarah's").

        With `sought` (after a verb of finding or reaching at `start - 1`), "him" or "them"
        right after "of" is who or what was sought, not whose: "can't get hold of him",
        "can't find it on any of them"; not "reading them out", "for them".
        """
        tokens = self.s.tokens
        for k in range(start, min(end, start + 10)):
            t = tokens[k]
            if sought and t.word in {"him", "them"} and self.w[k - 1] == "of":
                continue
            if t.word in THIRD_PARTY or (t.possessive and (t.word in PEOPLE or t.cap)):
                return True  # "another customer's", "her brother's", "Sarah's"
            if (
                t.word == "'"
                and k > 0
                and tokens[k - 1].end == t.start
                and tokens[k - 1].word.endswith("s")
            ):
                return True  # "other customers' accounts"
            if (
                t.word in {"yours", "own"}
                and k > start
                and self.w[k - 1] in {"not", "isn't", "don't"}
            ):
                return True
            if t.word == "you" and self.word(k + 1) == "do" and self.word(k + 2) == "not":
                return True  # "an account you don't own"
        return False


_FAULT_TOLD = frozenset({"problem", "problems", "outage", "glitch", "bug", "fault", "down"})
"""A fault told just before an inability "right now": one of the moment, not a rule."""

_SURE_FIGURES = frozenset({"100%", "percent", "per-cent"})
"""After "say", "tell" or "confirm" (and "you"): how sure, a hedge ("I can't say 100%")."""

_SYSTEMS = frozenset({"app", "system", "site", "website", "server", "portal", "technical"})
"""Whose fault `_FAULT_TOLD` names: a machine's, not an order's ("a problem with your order")."""

_TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx"})
"""Before a capitalised name: a person named, so someone else ("if Mr Hartley is here")."""

_NOT_GERUNDS = frozenset(
    {"nothing", "something", "anything", "everything", "morning", "evening", "during", "thing",
     "according", "regarding", "following", "including", "concerning"}
)  # fmt: skip
"""Words in -ing that open a sentence and are no act: "Nothing after the first payment..."."""

_TIMES = frozenset(
    {"date", "dates", "time", "times", "timing", "timings", "day", "eta", "timeline",
     "timeframe", "timescale", "timescales", "turnaround"}
)  # fmt: skip

_TIME_WORDS = frozenset(
    {"the", "an", "a", "your", "its", "exact", "precise", "specific", "likely", "expected",
     "estimated", "final", "firm", "delivery", "arrival", "dispatch", "completion", "new"}
)  # fmt: skip


def _a_time(words: list[str]) -> bool:
    """The words name when something will happen, not what to do.

    "when the engineer will arrive", "how long the repair will take", "the exact delivery
    date", "the precise timing of the refund"; not "when to stop the tablets", "the best time
    to sell", "whether the date on your visa is valid".
    """
    if words[:1] == ["when"] or words[:2] == ["how", "long"]:
        return "to" not in words[1:4]
    k = 0
    while k < min(len(words), 4) and words[k] in _TIME_WORDS:
        k += 1
    return k < len(words) and words[k] in _TIMES and words[k + 1 : k + 2] != ["to"]


_FEELING = frozenset(
    {"thinking", "wondering", "smiling", "laughing", "grinning", "worrying", "talking",
     "apologising", "apologizing", "imagining", "picturing", "feeling"}
)  # fmt: skip
"""After "I can't stop": a feeling, not an act ("I can't stop thinking about it")."""

_GIVING = frozenset(
    {"give", "provide", "offer", "share", "disclose", "reveal", "release", "hand", "pass",
     "discuss", "advise", "issue", "waive", "grant", "approve", "override", "bypass", "unlock",
     "reset", "make", "process", "help", "assist", "do"}
)  # fmt: skip
"""Verbs whose inability declines even as a reason: "Since I can't share that, ..."."""


def _not_found(words: list[str]) -> bool:
    """The words say something was not found.

    "is not found", "couldn't find", "no account matches", "doesn't exist", "invalid".
    """
    for k, x in enumerate(words):
        before = words[max(0, k - 3) : k]
        if x in {"found", "exist", "exists"} and {"not", "never"} & set(before[-2:]):
            return True
        if x in {"find", "locate", "match"} and {"not", "unable", "no"} & set(before):
            return True
        if x == "no" and k + 1 < len(words) and words[k + 1] in NOT_FOUND_NOUNS:
            return True
        if x == "invalid":
            return True
    return False


def _went_wrong(words: list[str]) -> bool:
    """The words say an attempt went wrong: "something went wrong", "that didn't work"."""
    return any(
        (x == "wrong" and words[k - 1] == "went") or (x == "work" and words[k - 1] == "not")
        for k, x in enumerate(words)
        if k > 0
    )


_ADVICE = frozenset({"advice", "guidance", "counsel", "recommendations", "recommendation"})

_HARMS = frozenset(
    {"charging", "billing", "debiting", "invoicing", "fining", "penalising", "penalizing",
     "spamming", "overcharging"}
)  # fmt: skip
"""Gerunds that, acting on "you" or "your", name an act against the customer: its not being
done reassures ("Charging you twice is something we won't do")."""

_DATA_HARMS = frozenset({"selling", "sharing", "disclosing", "passing", "tracking"})
_THEIR_DATA = frozenset(
    {"data", "details", "information", "info", "number", "address", "email", "personal"}
)
"""The same, for what is done with the customer's data ("Selling your data is not something
we do"; not "Sharing your account with family isn't something we allow", a refusal)."""


def _what_to_do(words: list[str]) -> bool:
    """The words ask what to do: "how to", "whether to", "which one to", "if you should"."""
    return any(
        (w in {"how", "whether", "when", "what", "which"} and "to" in words[k + 1 : k + 3])
        or (w in {"if", "whether"} and words[k + 2 : k + 3] in (["should"], ["must"]))
        for k, w in enumerate(words)
    )


def _how_much_to(words: list[str]) -> bool:
    """The words ask how much of something to take or give: what to do, not a figure.

    "how much paracetamol to give", "how many tablets to take", "how much to invest", "how
    much of the leftover medication to give her" (the eighteenth pass); not
    "how much it means to us" nor "how much you'll pay". Nor when the dose is asked as what
    is safe (dev round 270: "how much Panadol's safe to give the dog"): "how many tablets are
    OK to take", "how much ibuprofen is safe for a toddler", "safe" a few words on.
    """
    if words[:1] != ["how"] or words[1:2] not in (["much"], ["many"]):
        return False
    reach = range(4, 9) if words[2:3] == ["of"] else (2, 3)  # "how much of the syrup to give"
    at = next((k for k in reach if words[k : k + 1] == ["to"]), -1)
    at = -1 if at > 3 and not {"a", "it", "is", "this"}.isdisjoint(words[3:at]) else at
    safe = next((k for k in range(2, min(len(words), 7)) if words[k] in _SAFE_DOSE), -1)
    if at < 0 and safe > 0 and words[safe + 1 : safe + 2] in (["to"], ["for"]):
        at = safe + 1
        if words[at] == "for":
            return True  # "how much ibuprofen is safe for a toddler"
    return at > 0 and words[at + 1 : at + 2] != [] and words[at + 1] not in _NOT_VERBS


_NOT_VERBS = frozenset({"us", "me", "you", "him", "her", "them", "it", "the", "a", "your"})

_SAFE_DOSE = frozenset({"safe", "ok", "okay"})
"""What a dose asked for may be: "how much ... is safe to give", "how many are OK to take"."""

_REPLYING = frozenset(
    {"reply", "respond", "answer", "write", "get", "come", "call", "ring", "return"}
)  # fmt: skip
"""Verbs of replying, which "can't ... sooner" apologises for: "we can't reply you faster"."""

_FASTER = frozenset({"faster", "sooner", "quicker", "earlier"})

_APOLOGY = frozenset({"apologies", "apologise", "apologize", "apology", "apologising"})

_ASKED = frozenset({"when", "how", "whether", "if", "what", "which", "why", "who", "exactly"})
"""What a question "yet" goes on with, not a clause it joins: "... say yet when it will"."""


def _now_as_yet(rest: list[str]) -> list[str]:
    """`rest` with a phrase of `NOT_YET` that opens it (after "you") read as "yet".

    "at this stage how long it will take" -> "yet how long it will take"; "you right now
    when" -> "you yet when".
    """
    at = 1 if rest[:1] == ["you"] else 0
    for phrase in NOT_YET:
        if tuple(rest[at : at + len(phrase)]) == phrase:
            return [*rest[:at], "yet", *rest[at + len(phrase) :]]
    return rest


def base_form(word: str) -> str:
    """A verb's base form, roughly: "sharing" -> "share", "processing" -> "process".

    A short one only when its base is a known verb ("doing" -> "do", round 264: "we won't be
    doing that"), so "bring" or "thing" stay as they are.
    """
    if not (word.endswith("ing") and len(word) > 4):
        return word
    stem = word[:-3]
    known = SERVICE | FAILURES | IDIOMS | HEDGES
    for candidate in (stem, stem + "e", stem[:-1] if stem[-1:] == stem[-2:-1] else ""):
        if candidate in known:
            return candidate
    return stem if len(word) > 5 else word


def verb_in(word: str, verbs: frozenset[str]) -> str | None:
    """The verb of `verbs` that `word` is, itself or its -ing form ("restoring"), or None."""
    if word in verbs:
        return word
    if word.endswith("ing"):
        stem = word[:-3]
        return next((c for c in (stem, stem + "e", stem[:-1]) if c in verbs), None)
    return None


def _this_and_next(words: list[str]) -> list[str]:
    """`words` up to the end of the sentence after the one they start in."""
    ends = [k for k, x in enumerate(words) if x in {".", "!", "?"}]
    return words[: ends[1] + 1] if len(ends) > 1 else words

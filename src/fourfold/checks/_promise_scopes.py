"""When a promise found is set aside: inside a condition, or next to a hedge.

`_promises._Reader` finds the shapes of a promise, then asks why one might not be a
promise after all. Two of those reasons read the words around a shape at some length, and
live here: a condition that reaches it ("if your order qualifies, we'll refund you"; not a
time set by the agent's own act, "when I move your tickets", nor what has already happened,
"after your connection was cancelled"), and a hedge ("should", "I think", "hopefully"; not
one in a relative clause about a noun, "the night you couldn't use"). Each reads scopes
computed once per sentence (`_grammar`), so it costs time linear in the sentence.
"""

from __future__ import annotations

from ._authority import AUX, FIRST, HAVE, VERBS
from ._condition_words import opens_condition
from ._grammar import CONDITION_WORDS, SOON
from ._guarantees import Shape
from ._lexicon import PREPOSITIONS
from ._promise_shapes import ShapeReader
from ._promise_supply_times import supply_time

__all__ = ["SHORT_HEDGES", "ScopeReader"]

SHORT_HEDGES = frozenset(
    {"probably", "likely", "hopefully", "possibly", "perhaps", "maybe", "usually", "typically",
     "normally", "generally", "ideally", "think", "believe", "hope", "guess", "expect",
     "presumably", "apparently"}
)  # fmt: skip

_ADVERB_HEDGES = SHORT_HEDGES - {"think", "believe", "hope", "guess", "expect"}
"""The hedges that are adverbs, which may stand between a subject and its "will": "the late
fee probably won't be charged", "we usually will refund you"."""

_OPENING_HEDGES = frozenset(
    {("in", "most", "cases"), ("as", "a", "rule"), ("most", "of", "the"), ("in", "many", "cases")}
)
"""A hedge of frequency that a shape's reach takes in as it opens the sentence."""

_USUAL = frozenset({"normally", "usually", "typically", "generally", "ordinarily"})
"""Before an amount, what something usually costs: "(normally $12k)" is no hedge."""

_QUALIFYING = frozenset(
    {"applicable", "any", "needed", "necessary", "required", "relevant", "appropriate",
     "possible"}
)  # fmt: skip
"""After "if" between two clauses: it qualifies the one before ("a full refund for your
insurance, if applicable, and ...")."""

_OWN_ACTS = frozenset(
    {"move", "finish", "end", "submit", "rebook", "book", "switch", "transfer", "complete",
     "close", "update", "change", "swap", "cancel", "hang", "wrap", "apply", "finalise",
     "finalize", "action", "issue", "reissue", "send", "file", "log"}
)  # fmt: skip
"""What the agent does by itself, so that "when I move your tickets" sets a time, not a
condition (`_Reader._own_act`)."""

_PROCESSING = frozenset({"process"})
"""An own act too, "when I process your cancellation", "when we process cancellations next
week" (the eighth pass over the promise backlog, rounds 6 and 36), unless what is processed
must first be weighed (`_WEIGHED`: "once we process your return", "when we process your
claim"), which makes it a condition."""

_WEIGHED = frozenset(
    {"return", "returns", "claim", "claims", "application", "request", "requests", "item",
     "items", "returned", "parcel", "package", "documents", "appeal", "dispute", "complaint",
     "it", "them", "this", "that"}
)  # fmt: skip
"""What processed is weighed before anything is given (`_PROCESSING`)."""

_MAIN_SUBJECTS = frozenset({"you", "it", "they", "we", "i", "this", "that"})
"""Who a main clause after a condition is about: "when they're charged you'll see ..."."""

_BILLING_TIMES = frozenset(
    {"charged", "billed", "debited", "renews", "renew", "bill", "invoice", "statement"}
)
"""What a condition that only names when the customer is billed speaks of (`_own_main`)."""

_ARRIVING = frozenset({"arrive", "land", "board", "get", "come", "pop", "visit", "reach"})
"""What the customer does on arriving, a time and no condition: "when you arrive"."""

_SERVICE_STEPS = {
    "collect": "", "cancel": "", "switch": "", "port": "", "rebook": "", "renew": "",
    "redeem": "", "pick": "up", "close": "out", "bring": "in", "check": "out",
}  # fmt: skip
"""A step the customer takes in the service itself, after "when" or "before" a time and no
condition: "we'll replace it free of charge when you collect on Thursday", "... before you
check out", "you won't pay the exit fee when you cancel"; the word it needs within three
after it, if any ("when you bring the phone in", "when you pick it up"). Not what the
customer supplies for a check ("when you send the photo", "once you return it"), nor "when
you move your tickets" (round 11 reads it as a condition)."""

_NOT_NOUNS = frozenset(
    {"so", "and", "or", "but", "if", "as", "then", "when", "because", "since", "while",
     "until", "unless", "though", "although", "where", "how", "what", "why", "who", "whether",
     "than", "hope", "think", "believe", "guess", "expect", "know", "sure", "now", "today",
     "tomorrow", "tonight", "soon", "again", "too", "also", "just", "once", "otherwise"}
)  # fmt: skip
"""Words before "you"/"we" that open no relative clause: "so you might", "I hope you may"."""


_NOTICE = frozenset({"note", "aware", "advised", "informed", "remember", "know", "understand"})
"""Before "that" and a condition: a notice of what follows ("kindly note that if ...")."""


_REACHED_OVER = frozenset({",", "—", "–", "-", ":", "and", "or", "(", ")"})
"""The boundaries a condition opening a clause before reaches over (`_condition_before_clause`)."""

_BRACKETS = frozenset({"(", ")"})
"""The boundaries of an aside, which cost a condition none of its reach: "If the charge
still shows as posted (not pending) after three days, reply here and we'll refund it"."""


_CERTAIN_TIMES = frozenset({"when", "before", "once", "after", "as"})
"""The time words a guarantee or a certain outcome still holds at ("as": "as soon as")."""


class ScopeReader(ShapeReader):
    """The conditions and hedges that set a promise's shape aside."""

    def _conditional(self, m: Shape) -> bool:
        s = self.s
        before = max(s.condition[m.start], s.condition[m.trigger])
        # the agent's own act sets a time for what follows it, not for itself: "Once I've
        # processed the refund, ..." does not say it is processed
        own = before >= 0 and self._own_act(before) and m.start - before > 3
        own = own or (before >= 0 and self._arrival(before))
        if before >= 0 and not own:
            return True
        if self._condition_before_clause(s.clause[m.start]):
            return True
        if self._then_after_condition():
            return True
        if m.kind == "completed" and self.word(m.trigger) not in {"is", "are"}:
            return False  # a present passive with a condition after it is not done yet
        after = s.condition_next[m.trigger]
        if after >= 0 and not (
            self._otherwise(after)
            or self._own_act(after)
            or self._arrival(after)
            or supply_time(self.w, after)  # "... once it's back in stock": the fourteenth pass
        ):
            # a guarantee or a certain outcome holds at a time: "I guarantee you'll get a
            # bigger car when you land", "it will be back on your card before you land" (not
            # "if", "unless"); "once", "after" or "as soon as" too ("I guarantee the penalty
            # will be cancelled once your appeal is in", "guaranteed ur rank gets restored
            # after the patch": the thirteenth pass, rounds 5, 12 and 189), where a plain
            # "will" keeps its condition ("we'll refund it once we receive the item")
            certain = m.kind == "guarantee" or m.rule == "certain outcome"
            if not (certain and self.word(after) in _CERTAIN_TIMES):
                return True
        c = s.clause[m.trigger] + 1
        if c < len(s.clause_start) and s.boundary[c] in {",", "—", "–", "-", ""}:
            first = self._after_joint(s.clause_start[c])
            opener = s.opens_clause(c) in CONDITION_WORDS and opens_condition(self.w, first)
            return opener and not self._otherwise(first) and not self._own_main(first, c)
        return False

    def _then_after_condition(self) -> bool:
        """This sentence opens with "then" and the sentence before it is a condition.

        "If Royal Mail confirms the parcel is lost. Then we will send you a new pair": a
        condition split off by a full stop, as translated or hurried replies write it, and
        taken up by the "then" of its main clause. The sentence before opens with a
        condition word ("if", "unless", "once"...), holds at most 30 words and no comma
        (not "If you have questions, call us.", a main clause of its own).
        """
        first = next((k for k in range(self.n) if self.is_word(k)), -1)
        if first < 0 or self.w[first] != "then":
            return False
        before = self.sentence_before()
        if not {",", ";", ":", "—", "–"}.isdisjoint(before):
            return False  # "If you have questions, call us.": a main clause of its own
        said = [x for x in before if x[:1].isalnum()]
        if not said or len(said) > 30 or said[0] not in CONDITION_WORDS:
            return False
        return opens_condition(said, 0)

    def _own_main(self, first: int, c: int) -> bool:
        """The condition opening clause `c` at `first` is a billing time with its own clause.

        "I'm taking 50% off your next two boxes — when they're charged you'll see £31.49": the
        condition names when the customer is billed, and a subject and "will" after it say
        what shows then; it sets the time of what follows it, not a condition on the grant
        before it. Not "— once we receive it you'll get the new one", a condition.
        """
        end = min(self.s.clause_end(c), first + 14)
        for k in range(first + 2, end - 1):
            if self.w[k] in _MAIN_SUBJECTS and self.w[k + 1] in {"will", "shall"}:
                return not _BILLING_TIMES.isdisjoint(self.w[first:k])
        return False

    def _own_act(self, k: int) -> bool:
        """The condition at `k` is a time set by an act of the agent's own, so no condition.

        "I'll waive the transfer fee when I move your tickets", "I'll credit your account as
        soon as we finish this call", "... once I've submitted this", "I'll put the $18 back
        before we end this chat": when, once, as soon as, after or before, then I or we and
        a verb of what the agent does by itself (move, finish, submit, rebook, cancel...);
        not what depends on others ("once we receive the item", "when we've inspected it",
        "if I can", "before we can refund it").
        """
        w = self.w
        j = self._after_time_word(k)
        if w[k] not in {"when", "once", "after", "as", "before"} or self.word(j) not in FIRST:
            return False
        v = j + 1 + (self.word(j + 1) in HAVE)  # "once I've submitted this"
        x = self.word(v)
        stems = {x, VERBS.get(x, ("", ""))[0], x[:-1], x[:-2], x[:-3]}  # moves, moved, ended...
        if not _PROCESSING.isdisjoint(stems):
            return _WEIGHED.isdisjoint(self.w[v + 1 : v + 4])
        return not _OWN_ACTS.isdisjoint(stems)

    def _after_time_word(self, k: int) -> int:
        """Where the clause after the time word at `k` ("when", "as soon as") goes on."""
        return k + (2 if self.w[k] == "as" and self.word(k + 1) == "soon" else 0) + 1

    def _arrival(self, k: int) -> bool:
        """The condition at `k` is the customer's arrival, a time, so no condition.

        "We're going to upgrade you to the sea-view room when you arrive tomorrow", "once you
        land", "when you check in" (or out); after "when" or "before", a step the customer
        takes in the service ("when you collect on Friday", "before you check out", "when you
        switch to the new plan": `_SERVICE_STEPS`); not "when you return the item", "once you
        send it".
        """
        j = self._after_time_word(k)
        if self.w[k] not in {"when", "once", "as", "before"} or self.word(j) != "you":
            return False
        x = self.word(j + 1)
        if x in {"check", "checks"} and self.word(j + 2) in {"in", "out"}:
            return True
        if self.w[k] != "before" and x in _ARRIVING:
            return True
        step = _SERVICE_STEPS.get(x[:-1] if x.endswith("s") and x[:-1] in _SERVICE_STEPS else x)
        if step is None or self.w[k] not in {"when", "before"}:
            return False
        return not step or step in self.w[j + 2 : j + 6]

    def _otherwise(self, k: int) -> bool:
        """The condition at `k` is "if not," alone: the promise's back-up, not its condition.

        "I guarantee it'll be there by 7 — if not, it's free" guarantees; what follows "if
        not," is conditioned by it, and "if not satisfied" is a condition like any other.
        """
        return self.word(k) == "if" and self.word(k + 1) == "not" and not self.is_word(k + 2)

    def _condition_before_clause(self, c: int) -> bool:
        """A clause before clause `c` opens with a condition and reaches it.

        "If your order qualifies, ...", "Should the replacement fail, ...". A condition
        reaches over commas, and over "and"/"or" to a verb that shares its subject ("Once
        confirmed, I will proceed ... and arrange the refund"); a qualifier between two
        clauses ("..., if applicable, and the rest will be credited") only the one before.
        It reaches back over three boundaries; the brackets of an aside cost none of them
        (dev round 261: "If the charge still shows as posted (not pending) after 3 days,
        reply here and we'll refund it"), and it looks at most seven clauses back.
        """
        s = self.s
        reach = 0  # the boundaries passed, an aside's brackets not among them
        for back in range(c, max(-1, c - 8), -1):
            if back < c:
                start = self._after_joint(s.clause_start[back])
                if self.word(start) in SOON and s.condition_next[start] == start + 1:
                    start += 1  # "Immediately after we receive it, ..."
                start = self._after_notice(start)
                first = self.word(start)
                # a politeness condition ("If you'd like, ...") is not marked as one
                own = self._own_act(start) or self._arrival(start)  # "When you arrive, ..."
                if (s.condition_next[start] == start and not own) or (
                    back == 0 and first == "should"
                ):
                    # "..., if applicable, and the rest will be credited": a qualifier
                    # between two clauses is the first's, not the second's with its own
                    # subject
                    return not (self._qualifier(back, start) and self._own_subject(c))
            # a condition reaches over commas, and over "and" to a verb that shares its
            # subject ("Once confirmed, I will proceed ... and arrange the refund")
            # and over an aside in brackets ("Provided the item passes our check (unworn,
            # tags attached), the full £145 will go back to your card")
            if back == 0 or s.boundary[back] not in _REACHED_OVER:
                return False
            reach += s.boundary[back] not in _BRACKETS
            if reach > 3:
                return False
        return False

    def _after_notice(self, k: int) -> int:
        """Past a notice that opens a clause at `k` before a condition, else `k`.

        "Kindly note that after verification of the defect, ...", "please be aware that if
        ...": the condition opens what is said, as it would open the sentence.
        """
        for t in range(k + 1, min(self.n - 1, k + 4)):
            if self.w[t] == "that" and self.w[t - 1] in _NOTICE:
                return t + 1 if self.s.condition_next[t + 1] == t + 1 else k
        return k

    def _after_joint(self, k: int) -> int:
        """Past the marks and "and", "but", "so" that open a clause at `k` ("and, if ...")."""
        for _ in range(3):
            if self.is_word(k) and self.w[k] not in {"and", "but", "so"}:
                break
            k += 1
        return k

    def _qualifier(self, c: int, start: int) -> bool:
        """Clause `c` is "if applicable", "if any"... after a clause of its own sentence."""
        s = self.s
        words = [self.w[k] for k in range(start, s.clause_end(c)) if self.is_word(k)]
        if len(words) != 2 or words[0] not in {"if", "when"} or words[1] not in _QUALIFYING:
            return False
        before = range(s.clause_start[c - 1], s.clause_start[c]) if c > 0 else range(0)
        return sum(self.is_word(k) for k in before) >= 3

    def _own_subject(self, c: int) -> bool:
        """Clause `c` does not open with a verb that shares the subject before it."""
        first = self.word(self._after_joint(self.s.clause_start[c]))
        return VERBS.get(first, ("", ""))[1] != "base"

    def _hedged(self, m: Shape) -> bool:
        s = self.s
        hedge = s.hedge[m.start]
        if hedge >= 0 and self.word(hedge) not in {"if", "whether", "would"}:
            if self.w[hedge : hedge + 2] != ["believe", "me"] or self.is_word(hedge - 1):
                return True  # "Believe me the ...": an assurance, not a belief
        if tuple(self.w[m.start : m.start + 3]) in _OPENING_HEDGES:
            return True  # "In most cases a goodwill credit like this gets approved"
        between = range(max(m.start, m.trigger - 2), m.trigger)
        if any(self.word(k) in _ADVERB_HEDGES for k in between):
            return True  # "the fee usually won't be charged": between the subject and "will"
        c = s.clause[m.start]
        if c > 0 and s.boundary[c] in {",", "—", "–", "-", ":"} and self._hedge_clause(c - 1):
            return True
        if m.kind in {"forward", "no-charge"}:
            after = s.hedge_next[m.end] if m.end < self.n else -1
            if after >= 0 and s.clause[after] == s.clause[m.trigger]:
                if self.word(after) in SHORT_HEDGES | {"should", "may", "might", "could"}:
                    if not self._relative(after):
                        return True
            nxt = s.clause[m.trigger] + 1
            if nxt < len(s.clause_start) and self._hedge_clause(nxt):
                return True
        return False

    def _relative(self, k: int) -> bool:
        """The hedge at `k` is a relative clause's, about a noun before it, not the promise's.

        "You'll be refunded for the night you couldn't use the room", "we'll refund the fee
        that you may have paid": a pronoun subject right before the hedge, after a noun or
        "that"/"which" (not "so you might", "and we may").
        """
        if self.word(k - 1) not in {"you", "we", "i", "they"}:
            return False
        before = self.word(k - 2)
        if before in {"that", "which"}:
            return True
        return (
            before.isalpha()
            and before not in AUX
            and before not in PREPOSITIONS
            and before not in _NOT_NOUNS
            and VERBS.get(before, ("", ""))[1] == ""
        )

    def _hedge_clause(self, c: int) -> bool:
        """Clause `c` is a short hedge ("Hopefully,", "..., I think.").

        Not a usual price said beside what is given ("we're comping the package (normally
        $12k)", "..., usually £40"): an amount with the hedge says what it would cost.
        """
        s = self.s
        start, end = s.clause_start[c], s.clause_end(c)
        words = [self.w[k] for k in range(start, end) if self.is_word(k)]
        if any(w[:1] in "$£€¥" and w[1:2].isdigit() for w in words):
            if not _USUAL.isdisjoint(words) and SHORT_HEDGES.isdisjoint(set(words) - _USUAL):
                return False
        if words[:2] == ["believe", "me"]:
            return False  # "Believe me, it'll be there": an assurance (`ASSURING`), no belief
        return 0 < len(words) <= 4 and any(
            w in SHORT_HEDGES or w in {"most", "general"} for w in words
        )

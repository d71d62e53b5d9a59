"""Promises made by a frame or by the customer's money: acts granted, sums given back.

Three shapes that need no verb of authority: an act of the agent's, any act, done or to come
"free of charge" or "as an exception" ("I've extended your access free of charge", "As a
one-off, I'll let you keep the car"), the customer's money said to be back with them ("the
$40 difference has gone back to your Visa", "your £25 is back in your account"), and a
charge of theirs said to be gone from the bill ("the late fee is gone", "that penalty is
coming off"). `GrantReader` reads them for the commitment and completed-action rules
(`_promise_shapes`), built on `_promise_moving`'s reader of the customer's money said to move
("your refund goes out on Monday", "the $40 difference has gone back to your Visa").
"""

from __future__ import annotations

from ._authority import AUX, BE_NOW, FIRST, HAVE, SPECIFIC, VERBS, Subject, is_past
from ._guarantees import Shape, committed, completed
from ._lexicon import (
    APPROVABLE,
    CHARGED,
    GENERIC_NOUNS,
    GIVE_VERBS,
    PREPOSITIONS,
    PRONOUNS,
    QUANTIFIERS,
    SELF_VERBS,
    is_amount,
    names_new_one,
)
from ._promise_idioms import MONEY_PLACES
from ._promise_lists import opens_own_step, under_commitment_heading
from ._promise_moving import BILLS, MovingReader
from ._promise_our_people import unit_start
from ._promise_referents import FEE_NOUNS
from ._promise_returns import SUMS_BACK
from ._verb_phrases import may_open_verb_phrase

__all__ = [
    "FEES", "GRANTING", "GRANTING_ENDS", "SPARED", "SUMS_BACK", "TAIL_MARKS",
    "GrantReader", "granting_frame_at",
]  # fmt: skip

GRANTING: tuple[tuple[str, ...], ...] = (
    ("free", "of", "charge"), ("at", "no", "cost"), ("at", "no", "charge"), ("at", "no", "fee"),
    *(("at", "no", m, p) for m in ("extra", "additional") for p in "cost charge fee fare".split()),
    ("as", "an", "exception"), ("as", "a", "one-off"), ("as", "a", "one-off", "exception"),
    ("as", "a", "one-time", "exception"), ("as", "a", "special", "exception"),
    ("at", "our", "expense"), ("at", "our", "own", "expense"), ("at", "our", "cost"),
    ("at", "our", "own", "cost"), ("at", "its", "expense"), ("at", "its", "own", "expense"),
    ("at", "its", "cost"), ("at", "its", "own", "cost"), ("as", "special", "exception"),
    ("as", "one-off", "exception"), ("as", "one-time", "exception"),
    ("as", "a", "service", "credit"), ("as", "a", "goodwill", "credit"),
    ("as", "a", "courtesy", "credit"), ("for", "free"), ("as", "compensation"),
    ("on", "the", "house"),
)  # fmt: skip
"""What makes any act of the agent's one of authority: "I've extended your access free of
charge", "we've restored your progress as a one-off exception", "your stay has been moved
to a suite on the house" (`GrantReader._granted`)."""

_TAIL_ONLY: tuple[tuple[str, ...], ...] = (
    ("no", "charge"), ("no", "cost"), ("on", "us"), ("totally", "free"), ("completely", "free"),
    ("entirely", "free"), ("absolutely", "free"), ("complimentary",),
)  # fmt: skip
"""Frames that grant only as a tail of their own after a comma: "I'll swap it, no charge",
"we'll send another, on us", "we're sending a new hoodie in your size, totally free", "I've
moved you to Premium Economy, complimentary" (not "there's no charge for that", "it's on us
to check", "the app is completely free")."""

_ONE_OFF = frozenset(
    {("for", "you"), ("this", "time"), ("on", "this", "occasion"), ("just", "this", "once"),
     ("from", "our", "side"), ("from", "my", "side"), ("on", "our", "side"),
     ("at", "my", "end"), ("at", "our", "end"), ("on", "my", "end"), ("on", "our", "end"),
     ("from", "our", "end"), ("from", "my", "end")}
)  # fmt: skip
"""After a present passive, what makes it said of this customer's case ("the fee is waived
for you") or our act on it ("the penalty is waived from our side")."""

_EVERYONE = QUANTIFIERS | GENERIC_NOUNS

_TAIL_END = frozenset({",", ".", "!", ";", "", "—", "–"})
"""What ends a tail frame: "..., no charge, just pop in", "..., on us.", "..., no charge —"."""

TAIL_MARKS = frozenset({",", "—", "–"})
"""What opens a tail frame: "I'll swap the pedals, no charge", "Keep it — on us"."""

_OPENING = frozenset({"please", "just", "do", "go", "ahead", "and", "feel", "free", "to"})
"""What may stand before an imperative "keep" ("Please just keep it", "feel free to keep it")."""

_NOT_KEPT = frozenset(
    {"receipt", "receipts", "reference", "number", "copy", "email", "e-mail", "confirmation",
     "details", "record", "records", "note", "notes", "packaging", "label", "eye", "hold"}
)  # fmt: skip
"""What the customer is told to keep that is no goods given: "keep the receipt"."""

GRANTING += _TAIL_ONLY
GRANTING += (("free",),)  # bare, after the act's object and before a time or a reason

_FREE_AFTER = frozenset(
    {"this", "for", "tomorrow", "today", "tonight", "next", "until", "till", "through", "as",
     "since", "because", "from", "on"}
)  # fmt: skip
"""After a bare "free" that grants: a time or a reason ("we'll redo your nails free this
weekend", "I'll extend your premium by 2 weeks free for the outage"), not a noun ("a free
sample", which is an offer's word) nor "to" ("free to choose"); and not after "have" (free
time: "we'll have a technician free on Monday")."""

GRANTING_ENDS = frozenset(frame[-1] for frame in GRANTING)


def granting_frame_at(words: list[str], i: int) -> tuple[str, ...] | None:
    """The granting frame (`GRANTING`) whose last word is ``words[i]``, or None.

    Examples:
        >>> granting_frame_at(["it", "is", "free", "of", "charge"], 4)
        ('free', 'of', 'charge')
        >>> granting_frame_at(["free", "parking"], 1) is None
        True
    """
    w = words[i]
    return next(
        (f for f in GRANTING if f[-1] == w and tuple(words[i - len(f) + 1 : i + 1]) == f),
        None,
    )


_AFTER_RELATIVE = frozenset({"to", "for", "on", "onto", "into", "today", "already", "just"})
"""After the verb of a relative clause without "that": "the credit I've applied to..."."""

_REACH = 18
"""How far before a grant frame its act is looked for, in tokens: "I've moved your tickets
from the upper balcony to row F in the orchestra at no additional charge"."""

_DONE_IRREGULAR = frozenset(
    {"made", "kept", "let", "given", "got", "gotten", "put", "set", "sent", "done", "brought"}
)

_RECEIVING = (["will", "get"], ["will", "receive"])
"""After "you", before a tail frame after a comma: the customer told they will receive what
is given ("you'll get a fresh box tomorrow, totally free"; not "you'll get it free of
charge from the website", no tail)."""

_NOT_GRANTING = frozenset(
    {"is", "are", "was", "were", "be", "been", "being", "if", "whether", "once", "when",
     "can", "could", "may", "might", "would", "should", "always", "usually", "normally",
     "generally", "typically", "which", "that", "how"}
)  # fmt: skip
"""Between the agent's act and "free of charge": what makes the frame someone else's ("the
delivery is free of charge"), a condition, an ability or a habit ("we've always offered
delivery at no extra cost"), a way explained ("I'll explain how to get it for free")."""

_SPARED_ACTS = frozenset(
    {"cancelled", "canceled", "terminated", "closed", "ended", "reinstated", "reactivated",
     "restored", "renewed", "moved", "changed", "rebooked", "transferred", "switched",
     "extended", "upgraded", "downgraded", "reconnected", "unlocked", "released", "swapped",
     "exchanged", "replaced", "repaired", "fixed"}
)  # fmt: skip
"""Acts whose fee an agent may spare, as participles in the passive before the frame ("your
contract has been terminated without the early exit charge")."""

_NOT_ACTS = frozenset({"going", "offering", "running", "having", "being", "trying", "hoping"})
"""After "we're": what is no act of the agent's to come ("we're offering delivery at no extra
cost" is a promotion, "we're trying to..." no act yet)."""

_ORDINALS = frozenset({"first", "second", "third", "next", "1st", "2nd", "3rd", "only"})
"""Before a thing said free, what makes it policy: "the first upgrade is free"."""

_NEWS = frozenset(
    {"good", "great", "news", "done", "all", "update", "sorted", "ok", "okay", "already"}
)
_NEWS_HEADS = frozenset({"news", "done", "update", "sorted"})
"""A sentence's opener that tells of what has just happened: "Good news:", "All done —"."""

FEES = FEE_NOUNS
"""What "is gone", "is off", "is coming off" takes off a bill: "the late fee is gone" (not
"your payment is gone", which was taken); the fees a pronoun may stand for (`FEE_NOUNS`)."""
SPARED = FEES | {"cost", "costs"}  # what an act is done without: "with no reinstatement fee"

_FEE_ENDS = frozenset(
    {"and", "or", "either", "whatsoever", "for", "on", "to", "at", "today", "this", "involved",
     "attached", "charged", "applied", "added"}
)  # fmt: skip
"""What may follow the fee an act is done without: "with no change fee for this booking" (not
"with no fee if you pay today", nor "and no fee applies")."""

_DEBITED_FROM = MONEY_PLACES
"""After "coming off your": where a charge is taken from, not off ("the fee is coming off
your card on the 5th")."""


class GrantReader(MovingReader):
    """The reading of acts granted, sums given back and charges gone, for the rules on it."""

    def _granted(self, i: int, w: str) -> Shape | None:
        """An act of the agent's granted free of charge or as an exception, at its frame's end.

        "I've extended your library access by a month free of charge", "we'll reconnect the
        service at no extra cost", "As a one-off, I'll let you keep the car": the frame makes
        whatever the agent did or will do an act of authority, whatever its verb. The act is
        "I"/"we" with will, going to, have and a participle, or a past verb, in the frame's
        clause, at most 18 tokens before it (or a past verb after "and" that shares the "I"
        of the clause before; or just after the frame, when it opens the sentence); an act
        another rule has read is not read again.
        """
        if w not in GRANTING_ENDS or (w == "one-off" and self.word(i + 1) == "exception"):
            return None
        frame = granting_frame_at(self.w, i)
        if frame is None:
            return None
        f = i - len(frame) + 1
        if frame == ("free",) and (
            self.word(i + 1) not in _FREE_AFTER
            or self.word(i - 1)
            in {
                "for",
                "totally",
                "completely",
                "entirely",
                "absolutely",
                "is",
                "are",
                "be",
                "and",
                "or",
                "a",
                "the",
            }
            or "have" in self.w[max(0, i - 5) : i]  # "I'll have a day free on Thursday"
        ):
            return None
        c = self.s.clause[f]
        reach = _REACH
        end = self.word(i + 1)  # "..., totally free 📦": an emoji ends it as a mark would
        ended = end in _TAIL_END or end >= "\U0001f300" or "\u2600" <= end < "\u27c0"
        tail = self.word(f - 1) in TAIL_MARKS and ended and f >= 2
        if tail or frame not in _TAIL_ONLY:
            if tail:
                c = self.s.clause[f - 2]  # "we'll bake you a fresh loaf, no charge": its act's
            # "we'll move you to block 104, row F, seats 11 and 12, at no extra cost", "we're
            # sending you a new, sealed Pixel 8 ... at no cost": back over the parts of what
            # the act names, listed between commas
            reach = 2 * _REACH
            while (
                c > 0
                and self.s.boundary[c] in ({",", "and"} if tail else {","})
                and f - self.s.clause_start[c - 1] <= reach
                and _NOT_GRANTING.isdisjoint(self.w[self.s.clause_start[c] : f])
                and FIRST.isdisjoint(self.w[self.s.clause_start[c] : f])
            ):
                c -= 1
        elif frame in _TAIL_ONLY:
            return None
        while c > 0 and self.s.boundary[c] == "-" and f - self.s.clause_start[c - 1] <= _REACH:
            c -= 1  # "your 14-day streak": a hyphen inside a word ends no clause here
        for k in range(f - 1, max(self.s.clause_start[c], f - reach) - 1, -1):
            x = self.w[k]
            # "will be" (to come), "was"/"were", "has been" (done): a passive's auxiliary
            to_come = x == "be" and self.word(k - 1) in {"will", "shall"}
            at = k - 1 if to_come or (x == "been" and self.word(k - 1) in HAVE) else k
            past = x in {"was", "were"} or at == k - 1 and not to_come
            who = self._subject(at) if to_come or past else None
            if who is not None and (who.kind == "you" or who.det == "your") and not who.generic:
                # "You'll be moved to the Business plan at no extra cost", "your cracked screen
                # will be repaired free of charge": done to the customer or to what is theirs
                y = self.word(k + 1)
                done = y.endswith("ed") or is_past(y) or y in _DONE_IRREGULAR
                # not what the customer pays ("charged"), nor done by someone named ("by the
                # courier")
                by = next((x for x in range(k + 2, f) if self.w[x] == "by"), f)
                done = done and y not in CHARGED and (by == f or is_amount(self.word(by + 1)))
                mine = done and who.start >= self.claimed
                return self._grant(who.start, i, i + 1, to_come) if mine else None
            x = "" if x == "that" and self.word(k - 1) in PREPOSITIONS else x  # "for that seat"
            if x in _NOT_GRANTING and not (
                x in BE_NOW and (self.word(k - 1) in FIRST or unit_start(self.w, k - 1) is not None)
            ):
                return None  # (not "we're" of "we're reprinting it free of charge")
            receives = tail and x == "you" and self.w[k + 1 : k + 3] in _RECEIVING
            if receives and k >= self.claimed:
                return committed(k, i, i + 1)  # "you'll get a new box tomorrow, totally free"
            house = unit_start(self.w, k)  # "the print shop will redo them at its own cost"
            if x in FIRST or house is not None:
                start = k if house is None else house
                if start < self.claimed:
                    return None  # "I've sent a new one free of charge": read already
                act = self._act(k)
                return None if act is None else self._grant(start, i, i + 1, act[1])
        first = self.s.clause_start[c]
        while first < f and (not self.is_word(first) or self.w[first] == "and"):
            first += 1
        if self.s.boundary[c] == "and" and self._first_person_clause_before(first):
            # "I've reinstated your account and restored your streak as a one-off exception"
            x = self.word(first)
            if (x.endswith("ed") or is_past(x) or x in _DONE_IRREGULAR) and f - first <= _REACH:
                if first >= self.claimed and _NOT_GRANTING.isdisjoint(self.w[first:f]):
                    return self._grant(first, i, i + 1, False)
        if (
            self.s.boundary[c] == "and"
            and may_open_verb_phrase(self.word(first), self.word(first + 1))
            and f - first <= _REACH
            and first >= self.claimed
            and _NOT_GRANTING.isdisjoint(self.w[first:f])
            and self._coordinated(first)
        ):
            # "our team will come back and redo the tiling at our expense": the act after
            # "and" shares the commitment of the clause before
            return self._grant(first, i, i + 1, True)
        if (
            is_past(self.word(first))
            and first <= 6
            and first >= self.claimed
            and f - first <= _REACH
            and not any(self.is_word(k) for k in range(first))
        ):
            # a list's line, the agent's act without its "I": "- ➕ Added 3 months of Pro to
            # your account as a service credit"
            return self._grant(first, i, i + 1, False)
        kept = self._kept(first, f)
        if kept is not None:
            return committed(kept, i, i + 1)
        if f <= 4 and not any(self.is_word(k) for k in range(f)) and self.word(i + 1) == ",":
            # "As a one-off, I'll let you keep the car until Sunday"
            for k in range(i + 2, min(self.n, i + 5)):
                if self.w[k] in FIRST:
                    act = self._act(k)
                    if act is None or self._read_otherwise(k, act[0]):
                        return None
                    return self._grant(f, i, act[0] + 1, act[1])
        return None

    def _object_first(self, i: int, w: str) -> Shape | None:
        """What needs authority, named before "I've" and the act done to it, at "have".

        "The $30 credit I've applied to your account covers the outage", "the refund we've
        issued should reach you Friday": a noun phrase that needs authority, then I or we,
        "have" and a verb of giving with no object of its own (a relative clause without
        "that"); not "the refund I've asked billing for" (asking needs none).
        """
        if w not in HAVE or self.word(i - 1) not in {"i", "we"}:
            return None
        p, _, _ = self._skip(i + 1)
        y = self.word(p)
        form = VERBS.get(y, ("", ""))
        if form[1] != "past" or form[0] not in SELF_VERBS | GIVE_VERBS:
            return None
        if self.is_word(p + 1) and self.word(p + 1) not in _AFTER_RELATIVE:
            return None  # "the credit I've applied the voucher to": an object of its own
        end = i - 1
        start = end
        while start > max(0, end - 6) and self.is_word(start - 1) and self.w[start - 1] not in AUX:
            start -= 1
        obj = self._object(start)
        if not obj.auth or obj.generic or obj.end < end:
            return None
        return completed(start, i, p + 1)

    def _kept(self, first: int, f: int) -> int | None:
        """The customer told to keep what they have, from `first` to the frame at `f`.

        "Keep the jacket, no charge", "Please keep the wrong one — on us", "feel free to keep
        it free of charge": goods the customer need not send back or pay for, given. The
        imperative opens the frame's clause, which opens its sentence or follows a mark; not
        what is no goods ("keep the receipt"). Returns where the shape starts.
        """
        s, k = self.s, first
        c = s.clause[first] if first < self.n else 0
        if c > 0 and s.boundary[c] not in TAIL_MARKS | {".", "!"}:
            return None
        while k < f and self.w[k] in _OPENING:
            k += 1
        if self.word(k) != "keep" or f - k > 8 or k < self.claimed:
            return None
        return k if _NOT_KEPT.isdisjoint(self.w[k + 1 : f]) else None

    def _fee_spared(self, i: int, w: str) -> Shape | None:
        """An act of the agent's done with its fee spared, at the fee: "with no reinstatement fee".

        "We'll reinstate your lapsed policy with no gap in cover and no reinstatement fee",
        "I've reactivated your membership without the usual rejoining fee", "I'll move your
        booking to Friday, no change fee": as "free of charge" does (`_granted`), the frame
        makes the act of I or we before it in its clause one of authority. The frame is "with
        no", "without" or a tail ", no" that ends the sentence, at most three words, then the
        fee, which ends the phrase (not "and no fee applies"); "and no ... fee" goes on from a
        "with no" or "without" before it. The shape's trigger is the act's verb: the frame's
        own "no" negates nothing.
        """
        if w not in SPARED or (self.is_word(i + 1) and self.word(i + 1) not in _FEE_ENDS):
            if not (self.word(i + 1) == "of" and is_amount(self.word(i + 2))):
                return None  # (but "without the early-exit charge of £120")
        k = i - 1
        while self.word(k) not in {"no", "without"}:
            if k <= i - 4 or not self.is_word(k) or self.w[k] in AUX or self.w[k] in PRONOUNS:
                return None
            k -= 1
        before = self.word(k - 1)
        if self.w[k] == "without" or before == "with":
            frame = k - (before == "with" and self.w[k] == "no")
        elif before == "," and not self.is_word(i + 1) and self.word(i + 1) in _TAIL_END:
            frame = k - 1  # "I'll move your booking to Friday, no change fee."
        elif before == "and":
            frame = k - 1  # "... with no gap in cover and no reinstatement fee"
            said = self.w[max(self.s.clause_start[self.s.clause[frame - 1]], frame - 16) : frame]
            if "without" not in said and not any(
                x == "with" and y == "no" for x, y in zip(said, said[1:], strict=False)
            ):
                return None
        else:
            return None
        last = frame - 1  # the act's clause: the last word's before the frame
        while last > 0 and not self.is_word(last):
            last -= 1
        c = self.s.clause[last]
        for x in range(last, max(self.s.clause_start[c], frame - 16) - 1, -1):
            y = self.w[x]
            if y in {"be", "been", "was", "were"} and self.word(x + 1) in _SPARED_ACTS:
                # the act in the passive: "your contract has been terminated without the
                # early exit charge", "your policy will be reinstated ... no reinstatement fee"
                to_come = y == "be" and self.word(x - 1) in {"will", "shall"}
                if (y == "be" and not to_come) or x + 1 < self.claimed:
                    return None  # or the act is read already: "It'll be replaced, no charge"
                start = self.s.clause_start[c]
                h = self.s.hedge[x + 1]
                hedged = h >= start and self.w[h] not in {"if", "whether", "would"}
                shape = committed if to_come else completed
                return shape(start, x + 1, i + 1, hedged=hedged, generic=self._generic_after(i + 1))
            if y in _NOT_GRANTING and not (y in BE_NOW and self.word(x - 1) in FIRST):
                return None
            if y in FIRST:
                act = self._act(x)
                if act is None or x < self.claimed:
                    return None
                generic = self._generic_after(i + 1)  # "... with no fee for members"
                h = self.s.hedge[act[0]]  # "I'll try to reinstate it with no fee"
                hedged = h > x and self.w[h] not in {"if", "whether", "would"}
                shape = committed if act[1] else completed
                return shape(x, act[0], i + 1, hedged=hedged, generic=generic)
        return None

    def _verb(self, v: int, subject: Subject, *, done: bool) -> tuple[int, bool] | None:
        """`PhraseReader._verb`, and the customer's money returned by I or we (`_returned`)."""
        found = super()._verb(v, subject, done=done)
        if found is not None:
            return found
        if subject.kind != "first":
            # "the bank will restore the R1,200", "they will return you the full amount":
            # a party of the business gives the customer's money back (`_promise_returns`)
            return self._returned(v) if self.party_returns(subject, v) else None
        if VERBS.get(self.word(v), ("", ""))[0] == "sign" and self.word(v + 1) == "off":
            # "I've signed off on the exception", "we'll sign off on your claim": approved
            obj = self._object(v + 3) if self.word(v + 2) == "on" else None
            ok = obj is not None and (obj.auth or bool(obj.words & APPROVABLE))
            return (obj.end, obj.generic) if obj is not None and ok else None
        return self._returned(v)

    def _went_on(self, anchor: int, v: int, subject: Subject, start: int) -> Shape | None:
        """A commitment at `anchor` whose verb at `v` is "go back" or "proceed with".

        "Refunds will go back to your card": the customer's money back to them
        (`_money_back`); "I will proceed with rebooking the flights and processing the
        refund": each -ing form after "with" in the sentence, read as a commitment's verb.
        """
        if self.word(v) == "go" and self.word(v + 1) == "back":
            back = self._money_back(subject, anchor, v + 1)
            return committed(back, anchor, v + 4) if back is not None else None
        if self.word(v) != "proceed" or self.word(v + 1) != "with":
            return None
        for k in range(v + 2, min(self.n, v + 16)):
            if self.word(k) in {".", "?", "!", ";"}:
                break
            if VERBS.get(self.word(k), ("", ""))[1] == "ing":
                done = self._verb(k, subject, done=False)
                if done is not None:
                    return committed(start, anchor, done[0])
        return None

    def _joined_or_listed(self, i: int, form: str) -> bool:
        """The verb at `i` (its `form`) shares a commitment: after "and", or on a list's line.

        "we'll send a courier to collect it and refund you": the verb after "and" shares the
        commitment of the clause before (a base form); "**What we're doing** - Refunding the
        $2.80": a list's line under a heading that commits (a base or an -ing form).
        """
        if form == "base" and self._coordinated(i):
            return True
        return form in {"base", "ing"} and self._listed(i)

    def _listed(self, i: int) -> bool:
        """The verb at `i` opens a list's line under "What we'll do:", or a label's value.

        The label names the agent's own step: "Next step (me): refund £4.99" (`_promise_lists`).
        """
        start = self.s.tokens[i].start
        if any(self.is_word(k) for k in range(i)):
            return self.word(i - 1) == ":" and opens_own_step(self.text, start)
        return under_commitment_heading(self.text, start) or opens_own_step(self.text, start)

    def _taken_off(self, subject: Subject, p: int, hedged: bool) -> Shape | None:
        """A charge of this customer's "is gone", "is off", "is coming off" (at `p`).

        "the late fee is gone", "the $12 surcharge is off your invoice", "that penalty is
        coming off", "last month's overage charges are gone", "the fee is no longer on your
        bill"; not what is taken from the customer ("the fee is coming off your card").
        """
        y = self.word(p)
        coming = y == "coming" and self.word(p + 1) == "off"
        come = y == "come" and self.word(p + 1) == "off"  # "the £60 fee has come off your order"
        # "that penalty": "that" also opens a clause, so the subject's reading leaves it out
        specific = subject.det in SPECIFIC or self.word(subject.start - 1) in {"that", "this"}
        # "the late fee is no longer on your bill": gone, said with a negation that is none
        no_longer = y == "no" and self.word(p + 1) == "longer" and self.word(p + 2) in {"on", "in"}
        no_longer = no_longer and self.word(p + 3) == "your" and self.word(p + 4) in BILLS
        if not (coming or come or no_longer or y in {"gone", "off"}) or subject.generic:
            return None
        # "the cleaning fee, it's gone": a pronoun that stands for a charge (`ReferentReader`)
        referred = subject.kind == "pronoun" and subject.charge
        fees = bool(set(self.w[subject.start : p]) & FEES)
        if not (referred or ((specific or subject.dated) and fees)):
            return None
        now = no_longer or (self.word(p - 1) in BE_NOW and not coming)
        if now and self.s.condition_next[p] >= 0:
            return None  # "the late fee is gone once you pay the balance": not yet gone
        if no_longer:
            return completed(subject.start, p - 1, p + 5, hedged=hedged)
        end = p + 2 if coming or come else p + 1
        if self.word(end) in {"off", "from"}:
            end += 1  # "is gone off"
        if (coming or come) and self.word(end) == "your" and self.word(end + 1) in _DEBITED_FROM:
            return None  # a debit; but "the fee is off your account" is taken away
        start = subject.start - (subject.det not in SPECIFIC and not subject.dated and not referred)
        generic = self._generic_after(end)  # "the setup fee is gone for everyone"
        if coming:
            return committed(start, p - 1, end, hedged=hedged, generic=generic)
        return completed(start, p - 1, end, hedged=hedged, generic=generic)

    def _given_free(self, subject: Subject, i: int) -> Shape | None:
        """What needs authority, of this customer's, said free at "is" (`i`).

        "The upgrade's free", "your replacement is free of charge", "the new one is free
        this time": a thing only authority gives, one (not "upgrades are free", "the first
        upgrade is free"), then nothing or a time or "for you" (not "free for Gold members",
        "free with the Premium plan", "free to choose").
        """
        if subject.kind != "np" or subject.generic or subject.det not in SPECIFIC - {"a", "an"}:
            return None
        said = self.w[subject.start : i]
        if not (subject.auth or names_new_one(frozenset(said))) or not _ORDINALS.isdisjoint(said):
            return None
        k = i + 2 + (self.word(i + 2) == "of" and self.word(i + 3) == "charge") * 2
        if self.is_word(k) and not self._one_off_after(k) and self.word(k) not in {"now", "today"}:
            return None
        return committed(subject.start, i, k)

    def _on_our_side(self, i: int) -> Shape | None:
        """A cost of this customer's said to be ours, at "is" (`i`): "the cost is from our side".

        "The cost is from our side", "the postage is on our end": "on us" in other words, of a
        cost or charge (not "the delay is on our side", "the error was on our end").
        """
        if self.word(i + 1) not in {"on", "from"} or self.word(i + 3) not in {"side", "end"}:
            return None
        subject = self._subject(i)
        if subject.kind != "np" or subject.generic or not subject.charge:
            return None
        return committed(subject.start, i, i + 4) if subject.det in SPECIFIC else None

    def _this_case(self, start: int, i: int) -> bool:
        """The subject `start:i` is of this customer's case, by "your" in it or news before it.

        "The late fee on your tutoring invoice is waived" ("your" after its noun, not "the fee
        on your first order", a promotion), "Good news: the charge is cancelled", "Done — the
        fee is removed" (news that opens the sentence says it has just happened).
        """
        said = self.w[start:i]
        if "your" in said and _ORDINALS.isdisjoint(said):
            return True
        c = self.s.clause[start]
        if c != 1 or self.s.boundary[c] not in {":", "—", "–", "-", ","}:
            return False
        opener = [self.w[k] for k in range(self.s.clause_start[c]) if self.is_word(k)]
        return 0 < len(opener) <= 3 and set(opener) <= _NEWS and bool(set(opener) & _NEWS_HEADS)

    def _one_off_after(self, k: int) -> bool:
        """What follows `k` makes an act this customer's alone: a grant, "for you", "this time".

        "The penalty for late check-out is cancelled as (a) special exception", "the late fee
        is waived as a courtesy", "... for you", "... this time": a present passive that may
        be policy ("the fee is waived") is said of one case.
        """
        k += self.word(k) in {"now", "today"}
        rest = self.w[k : min(k + 8, self.s.clause_end(self.s.clause[k]) if k < self.n else k)]
        if not _EVERYONE.isdisjoint(rest):
            return False  # "... as a courtesy for all members": everyone's
        said = tuple(self.w[k : k + 4])
        if any(said[: len(frame)] == frame for frame in GRANTING if frame not in _TAIL_ONLY):
            return True
        if k in self.courtesies:
            return True
        # "for you", "this time" only where the clause ends ("for you as a Gold member" is
        # policy applied)
        size = 2 if said[:2] in _ONE_OFF else 3 if said[:3] in _ONE_OFF else 0
        return size > 0 and not self.is_word(k + size)

    def _read_otherwise(self, k: int, v: int) -> bool:
        """Another rule reads the act of "I"/"we" at `k` by itself (`ShapeReader`'s)."""
        return False

    def _act(self, k: int) -> tuple[int, bool] | None:
        """After "I"/"we" at `k`: the verb of an act done or to come, and whether it is to come.

        "I will", "we're going to", "I have extended", "we restored": the verb's index.
        """
        j, _, _ = self._skip(k + 1)
        x = self.word(j)
        if x in {"will", "shall"}:
            v, _, _ = self._skip(j + 1)
            return (
                (v, True)
                if self.word(v).isalpha() and self.word(v) not in {"not", "never"}
                else None
            )
        if x in BE_NOW and self.word(j + 1) == "going" and self.word(j + 2) == "to":
            return j + 3, True
        if x in BE_NOW:
            # "we're reprinting the whole run free of charge": the present of what is to come
            v, _, _ = self._skip(j + 1)
            y = self.word(v)
            ok = y.endswith("ing") and y.isalpha() and y not in _NOT_ACTS
            return (v, True) if ok else None
        if x in HAVE:
            j, _, _ = self._skip(j + 1)
            x = self.word(j)
        done = x.endswith("ed") or is_past(x) or x in _DONE_IRREGULAR
        return (j, False) if done and x.isalpha() and x != "been" else None

"""What the customer has or gets, said free with no act named: "your new router ships free".

Round 117 of the corpus gave things at no charge by saying what happens to them, not what
the agent does: a thing of the customer's on its way at no charge ("your new router ships
Monday at no cost", "another casserole dish has already left our warehouse for you at no
charge", "the right one comes on that same van, with no delivery charge either way", "we
send you another one without cost next week"), a thing of theirs now free ("that month's
membership is now free of charge on your account"), a thing made theirs at no charge ("late
checkout until 4pm tomorrow is yours, no charge"), and what they will get free ("you will
get 2 extra sessions free on your package"). Round 174 added a thing of theirs switched to
free ("your delivery has been switched to free"), and a replacement on its way with "no
charge" as an aside ("a new one is going out to you today, no charge"). Round 236 sent it at
the business's own cost, in the present progressive: "a brand-new wheel is heading your way at
our expense", "the right size is coming to you on the house" (a frame "at our expense", "at
our cost" or "on the house" read as "at no cost" is; "heading" and "coming" after "is" as
"is going out" is). The twelfth pass read a replacement "on its way to you" at no cost, as
"heading" is, and "on us" as the business's own cost ("a brand new sideboard is coming your
way next week, on us": rounds 8 and 77); and a thing of theirs said to be the business's gift
with no act and no "now" (`_gift_of_theirs`: "the first month of your subscription is
complimentary", "breakfast for both of you is on us", "your next two months ride on the
house": rounds 112, 236 and 239).

`GrantReader._granted` reads a grant's frame after an act of I or we; these read it after a
thing that moves (ships, leaves, comes, arrives), one said "now" free, one said "yours", or
one the customer "will get". The thing is this customer's: "your", "another", "the", made
specific (not everyone's: "orders ship free over £50", "members get two sessions free"); a
thing that moves is a replacement ("new", "another", "the right one": not "your order ships
at no cost", a delivery price). Each rule reads back from its frame's last word over at most
its clause, a few tokens.
"""

from __future__ import annotations

from ._authority import BE, BE_NOW, FIRST, SPECIFIC, Subject
from ._guarantees import Shape, committed, completed
from ._lexicon import GENERIC_NOUNS, QUANTIFIERS
from ._promise_arriving import ArrivalReader

__all__ = ["FreeThingReader", "may_be_free"]

_MOVES = frozenset(
    {"ships", "ship", "shipped", "leaves", "left", "arrives", "arrive", "arrived", "comes",
     "come", "came", "goes", "went", "travels", "departs", "send", "deliver"}
)  # fmt: skip
"""What a thing given does on its way to the customer (and "we send", "we deliver", said in
the present for what is to come)."""

_NEW_ONE = frozenset(
    {"another", "second", "new", "replacement", "fresh", "brand-new", "right", "correct"}
)
"""What makes a thing sent a replacement: "a second pair", "another", "the right one"."""

_DONE = frozenset({"shipped", "left", "arrived", "came", "went"})

_SWITCHED = frozenset({"switched", "changed", "moved", "set", "turned", "converted"})
"""Before "to free": a thing of the customer's made free ("has been switched to free")."""

_PASSIVE_AUX = frozenset({"has", "have", "had", "been", "is", "was", "were", "are", "now"})

FREE_ENDS = frozenset({"cost", "charge", "free", "complimentary", "expense", "house", "us", "me"})
"""The words the rules of this module anchor at: a frame's last word."""

_NO_COST = frozenset(
    {("at", "no"), ("without",), ("with", "no"), ("free", "of"), (",", "no"), ("—", "no")}
)
"""What opens a frame that ends at "cost" or "charge" ("at no (extra) cost", "without
charge", "with no delivery charge", "free of charge", an aside: "ships Monday, no charge")."""

_OURS = {"expense": ("at", "our"), "cost": ("at", "our"), "house": ("on", "the"), "us": ("on",)}
"""The frames of the business's own cost, by their last word: "at our expense", "on the
house", "on us" (round 8's "a brand new sideboard is coming your way next week, on us")."""

_ON_ITS_WAY = frozenset({"heading", "coming"})
"""After "is": a thing on its way in the present progressive ("is heading your way")."""

_GIVEN_TO = frozenset({"get", "receive"})
"""What the customer "will get" free: "you will get 2 extra sessions free"."""


_NOT_GIVEN = frozenset({"to", "of", "before", "after", "until", "till", "while", "during"})
"""After "free": free time or free to do something, nothing given."""


_GIVEN_BY = frozenset({"is", "are", "'s", "be", "ride", "rides"})
"""Before a frame of the business's gift ("is complimentary", "is on us", "rides on the
house"): what says it of the thing given (`_gift_of_theirs`)."""

_GIFT_AFTER = frozenset({"and", "too", "tonight", "today", "as", "again", "this", "from"})
"""What may follow a gift's frame in its clause: not "is complimentary with every booking"."""

_FOR_THEM = frozenset({"you", "both", "the", "your", "this", "tonight", "ur"})
"""After "for" past a gift's frame: "on us for the rest of your stay", "for both of you"."""


def may_be_free(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    near = words[max(0, i - 16) : i]
    w = words[i]
    if w in _OURS and tuple(near[-len(_OURS[w]) :]) == _OURS[w]:
        return True
    if w == "me":
        return near[-1:] == ["on"]  # "is on me" (`_gift_of_theirs`)
    if w == "complimentary" and near[-1:] != [] and near[-1] in _GIVEN_BY:
        return True  # "your first month is complimentary" (`_gift_of_theirs`)
    if w in {"free", "complimentary"}:
        switched = near[-1:] == ["to"] and near[-2:-1] != [] and near[-2] in _SWITCHED
        return "now" in near[-2:] or "will" in near or "yours" in near[-3:] or switched
    return not {"no", "without"}.isdisjoint(near[-4:])


class FreeThingReader(ArrivalReader):
    """The rules that read a thing of the customer's said free, its act left out."""

    def _frame_start(self, i: int) -> int:
        """Where the frame that ends at `i` starts ("at no extra cost"), or -1."""
        ours = _OURS.get(self.word(i), ())
        if ours and tuple(self.w[i - len(ours) : i]) == ours:
            return i - len(ours)  # "at our expense", "on the house", "on us"
        if self.word(i) not in {"cost", "charge"}:
            return -1
        for k in range(i - 1, max(-1, i - 5), -1):
            for opening in _NO_COST:
                if tuple(self.w[k : k + len(opening)]) == opening:
                    return k + 1 if opening[0] in {",", "—"} else k  # (the aside's "no")
        return -1

    def _sent_free(self, i: int, w: str) -> Shape | None:
        """A thing of the customer's on its way at no charge, at the frame's last word.

        "Your new router ships Monday at no cost", "another dish has already left our
        warehouse for you at no charge", "the right one comes on that same van, with no
        delivery charge either way", "we send you another one without cost next week".
        """
        f = self._frame_start(i)
        if f < 0:
            return None
        c = self.s.clause[f]
        if c > 0 and self.s.boundary[c] in {",", "—", "–"} and self.s.clause_start[c] + 1 == f:
            c -= 1  # "the right one comes on that same van, with no delivery charge"
        start = self.s.clause_start[c]
        for v in range(f - 1, max(start, f - 14) - 1, -1):
            x = self.w[v]
            going = x == "going" and self.word(v + 1) == "out"  # "is going out to you"
            going |= x in _ON_ITS_WAY and self.word(v - 1) in BE  # "is heading your way"
            on_way = x == "way" and self.w[v - 2 : v] == ["on", "its"] and self.word(v - 3) in BE
            going |= on_way  # "a new blender jug is on its way to you at no cost" (round 77)
            if not (x in _MOVES or going) or self.word(v - 1) in {"to", "will", "can", "may"}:
                continue
            be = v - 1 if going and self.word(v - 1) in BE else v  # (the "is" of "is going")
            be = v - 3 if on_way else be
            subject = self._subject(be)
            if subject.kind == "first" and x in {"send", "ship", "deliver"}:
                return committed(subject.start, v, i + 1)  # "we send you another one ..."
            if not self._theirs(subject, be) or x in {"send", "deliver"}:
                return None
            first = subject.start - 1 if subject.kind == "pronoun" else subject.start  # "new one"
            if _NEW_ONE.isdisjoint(self.w[max(0, first) : v]):
                return None  # a replacement, not "your order ships at no cost" (a price)
            if self.word(v - 1) in {"has", "have"} or self.word(v - 2) in {"has", "have"}:
                return completed(subject.start, v, i + 1)
            return (completed if x in _DONE else committed)(subject.start, v, i + 1)
        return None

    def _now_free(self, i: int, w: str) -> Shape | None:
        """A thing of the customer's said now free, or theirs at no charge, at the frame's end.

        "That month's membership is now free of charge on your account", "late checkout until
        4pm tomorrow is yours, no charge". Not "delivery is free" (a price for everyone), nor
        "the app is now free for everyone".
        """
        if w in {"free", "complimentary"}:
            b = i - 1
        elif self.w[i - 2 : i + 1] == ["free", "of", "charge"]:
            b = i - 3
        elif self.w[i - 2 : i] == [",", "no"] and self.word(i - 3) == "yours":
            b = i - 4  # "is yours, no charge"
        else:
            return None
        if self.word(b) == "now" and self.word(b - 1) in BE_NOW:
            v = b - 1
        elif self.word(b + 1) == "yours" and self.word(b) in BE_NOW:
            v = b
        elif self.word(b) == "to" and self.word(b - 1) in _SWITCHED:
            v = b - 1  # "your delivery has been switched to free": made free, now theirs
            while self.word(v - 1) in _PASSIVE_AUX:
                v -= 1
            if v == b - 1:
                return None
        else:
            return None
        after = self.word(i + 1)
        if self.is_word(i + 1) and after not in {"on", "for"}:
            return None
        if after == "for" and self.word(i + 2) not in {"you", "this"}:
            return None  # (not "free for members")
        subject = self._subject(v)
        yours = self.word(v + 1) == "yours"  # what is said to be theirs needs no "your"
        if yours and (subject.kind != "np" or subject.generic or subject.bare):
            return None
        if not yours and not self._theirs(subject, v):
            return None
        return (committed if yours else completed)(subject.start, i, i + 1)

    def _got_free(self, i: int, w: str) -> Shape | None:
        """What the customer will get free, "free" after it: "you will get 2 sessions free"."""
        if w != "free" or self.word(i + 1) in _NOT_GIVEN:
            return None  # (not "you'll have a week free before the course starts")
        for v in range(i - 2, max(-1, i - 7), -1):
            if self.w[v] in _GIVEN_TO:
                break
        else:
            return None
        if self.w[v - 2 : v] != ["you", "will"] or self.w[v - 1 : v] == ["can"]:
            return None
        said = self.w[v + 1 : i]
        if not QUANTIFIERS.isdisjoint(said) or not GENERIC_NOUNS.isdisjoint(said):
            return None
        if not all(self.is_word(x) for x in range(v + 1, i)):
            return None
        return committed(v - 2, v, i + 1)

    def _one_named(self, subject: Subject, v: int) -> list[str] | None:
        """The words of `subject` (before `v`) when it names one thing, not everyone's."""
        said = self.w[subject.start : v]
        if subject.kind != "np" or subject.generic or not said:
            return None
        if not QUANTIFIERS.isdisjoint(said) or not GENERIC_NOUNS.isdisjoint(said):
            return None
        return said

    def _theirs(self, subject: Subject, v: int) -> bool:
        """`subject` (before `v`) is a thing of this customer's, one, made specific."""
        if subject.kind == "pronoun" and self.w[subject.start : v] == ["one"]:
            return self.word(subject.start - 1) in _NEW_ONE  # "a new one", "another one"
        said = self._one_named(subject, v)
        if said is None:
            return False
        if not _NEW_ONE.isdisjoint(said) or subject.dated or subject.det in SPECIFIC - {"a", "an"}:
            return FIRST.isdisjoint(said) and BE.isdisjoint(said)
        return self.s.tokens[subject.start].possessive  # "that month's membership"

    def _gift_of_theirs(self, i: int, w: str) -> Shape | None:
        """A thing of this customer's said to be the business's gift, at the frame's last word.

        "The first month of your subscription is complimentary", "breakfast for both of you
        is on us for the rest of your stay", "your next two months ride on the house" (rounds
        112, 236, 239), "tonight's dinner will be on us": "complimentary", "on us", "on me"
        or "on the house" said with no act named, of a thing named as theirs ("your", a
        possessive, "for (both of) you" in it, or "for the rest of" after the frame). Not
        what everyone gets ("breakfast is complimentary", "parking is on us for all guests",
        "the first month is complimentary with every plan", "the extra towels are
        complimentary": round 132's "the extra night at the lodge is complimentary" is left),
        nor "that one's on me" (blame as often as a gift: no thing named).
        """
        if w == "complimentary":
            f = i
        elif w in {"us", "me"} and self.word(i - 1) == "on":
            f = i - 1
        elif w == "house" and self.w[i - 2 : i] == ["on", "the"]:
            f = i - 2
        else:
            return None
        v = f - 1
        if self.word(v) == "be":
            if self.word(v - 1) not in {"will", "'ll"}:
                return None  # (not "to be on us")
            v -= 1  # "tonight's dinner will be on us"
        elif self.word(v) not in _GIVEN_BY:
            return None
        after = self.word(i + 1)
        if self.is_word(i + 1) and after not in _GIFT_AFTER:
            if after != "for" or self.word(i + 2) not in _FOR_THEM:
                return None  # "is complimentary with every booking", "for all members"
        subject = self._subject(v)
        if subject.kind == "you" and self.word(subject.start - 1) in {"of", "for"}:
            start = self.s.clause_start[self.s.clause[v]]  # "breakfast for both of you"
            whole = self.w[start:v]
            if not QUANTIFIERS.isdisjoint(whole) or not GENERIC_NOUNS.isdisjoint(whole):
                return None
            return committed(start, v, i + 1)
        said = self._one_named(subject, v)
        if said is None or not FIRST.isdisjoint(said):
            return None
        tokens = self.s.tokens[subject.start : v]
        named = {"your", "ur"} & set(said) or any(t.possessive for t in tokens)
        named = named or self.w[i + 1 : i + 5] == ["for", "the", "rest", "of"]
        if not named:
            return None
        return committed(subject.start, v, i + 1)

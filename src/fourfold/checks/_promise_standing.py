"""A charge of the customer's said no longer to stand: "the $275 charge no longer exists".

Round 117 of the corpus told a charge taken off by what is left of it, the act left out:
"the US$75 change fee on booking QF7T2L no longer applies", "the $275 damage charge no
longer exists on your rental agreement", "your final night, 22 May, is no longer on your
bill", "the late payment fee of 150 rupees is not there anymore". A charge does not stop
applying by itself: someone with authority took it off, as "the fee has been removed" says.

The subject must be this customer's charge, named: a charge's noun (not the customer's own
payment, deposit or balance) made specific by a determiner or an amount, not everyone's
("fees no longer apply to members"), and not a discount or an offer, whose end is bad news.
What is no longer on the customer's bill, folio or invoice may be any of their things (a
night, the parking), but not a detail of the bill (`BILL_DETAILS`: "your old address is no
longer on the invoice"). "Will no longer apply" commits to it; the present says it is done.

A charge said to reverse by itself is taken off the same way (round 255, `_reverses`): "the
£25 overdraft charge reverses tomorrow morning", "the late fee will reverse overnight". The
verb has no object (a time, a day or the clause's end follows it: not "reverses the
decision"); the subject is this customer's charge, named as above; the present speaks of
the future as "goes out" does. Not a hold or a pending authorisation, which a bank releases
by itself ("the pending charge reverses in 3-5 days": `_HELD_ONLY`).

Round 259 said the same with "will not apply" ("the early termination charge won't apply in
your case"): a charge of this customer's that will not apply is taken off as one that will
no longer apply is, the "not" being the grant (not "won't apply to annual plans", a rule for
others; the present, "doesn't apply", may tell a rule's reach and is left alone).
Each rule reads a few tokens either side of "longer", "anymore", "apply" or "reverses".
"""

from __future__ import annotations

from ._authority import AUX, BE, SPECIFIC, Subject
from ._guarantees import Shape, committed, completed
from ._lexicon import (
    AUTH_NOUNS,
    CHARGE_NOUNS,
    DATED_DAYS,
    PREPOSITIONS,
    THIS_TIME,
    is_amount,
)
from ._promise_asides import AsideReader
from ._promise_folios import BILL_DETAILS
from ._promise_idioms import BILL_HEADS
from ._promise_records import BILL_PAPERS, RECORDS

__all__ = [
    "GONE", "REVERSING", "STANDING", "StandingReader", "may_be_gone", "may_reverse", "may_stand",
]  # fmt: skip

STANDING = frozenset({"longer", "anymore", "apply"})
"""The words the rules of this module anchor at."""

_STANDS = frozenset({"applies", "apply", "exists", "exist", "stands", "stand"})
"""What a charge no longer does: "the fee no longer applies"."""

_OWED = frozenset({"due", "payable", "owed", "owing", "applicable", "there"})
"""What a charge is no longer: "the fee is no longer due"."""

_OWN = frozenset({"payment", "payments", "deposit", "deposits", "balance", "funds", "bond",
                  "donation", "donations", "contribution", "contributions"})  # fmt: skip
"""The customer's own money, whose no longer standing is no grant."""

_OTHERS_TO = frozenset({"to", "for"})
"""After "applies": to whom ("no longer applies to annual plans": a rule for everyone)."""


REVERSING = frozenset({"reverses", "reverse"})
"""Where `StandingReader._reverses` anchors: "the charge reverses tomorrow"."""

_WHEN = DATED_DAYS | THIS_TIME | frozenset(
    {"overnight", "on", "by", "within", "in", "this", "next", "and", "later", "first"}
)  # fmt: skip
"""After "reverses": when, or the clause going on; no object of the verb."""

_HELD_ONLY = frozenset(
    {"pending", "hold", "holds", "authorisation", "authorization", "pre-authorisation",
     "pre-authorization", "preauthorisation", "preauthorization", "temporary"}
)  # fmt: skip
"""In the subject of "reverses": a hold the bank releases by itself, no charge taken off."""


def may_reverse(words: list[str], i: int) -> bool:
    """Whether `StandingReader._reverses` can match at `i` (`_promises.may_match`)."""
    nxt = words[i + 1] if i + 1 < len(words) else "."
    if words[i] == "reverse" and words[i - 1 : i] not in (["will"], ["'ll"]):
        return False
    said = words[max(0, i - 8) : i]
    return (nxt in _WHEN or not nxt[:1].isalnum()) and _HELD_ONLY.isdisjoint(said)


GONE = frozenset({"gone"})
"""Where `StandingReader._bill_gone` anchors."""


def may_be_gone(words: list[str], i: int) -> bool:
    """Whether `StandingReader._bill_gone` can match at `i` (`_promises.may_match`)."""
    return words[i - 1 : i] in (["is"], ["'s"]) and not BILL_HEADS.isdisjoint(
        words[max(0, i - 4) : i]
    )


def may_stand(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] == "longer":
        return words[i - 1 : i] == ["no"] and i + 1 < len(words)
    if words[i] == "apply":
        return words[max(0, i - 2) : i] == ["will", "not"]
    return words[i] == "anymore" and words[max(0, i - 2) : i] == ["not", "there"]


class StandingReader(AsideReader):
    """The rules that read a charge of the customer's as no longer standing."""

    def _no_longer(self, i: int, w: str) -> Shape | None:
        """A named charge that no longer applies, or a thing no longer on the bill, at "longer".

        "The $75 change fee no longer applies", "the damage charge no longer exists on your
        agreement", "your final night is no longer on your bill", "the cleaning fee will no
        longer apply". Not the customer's own money ("your deposit is no longer on your
        account"), a rule for others ("no longer applies to new bookings"), a detail.
        """
        if w == "apply" and self.w[max(0, i - 2) : i] == ["will", "not"]:
            return self._will_not_apply(i)
        if w != "longer" or self.word(i - 1) != "no":
            return None
        no, nxt = i - 1, self.word(i + 1)
        if self.s.condition_next[i] >= 0:
            return None  # "... no longer on your bill once you pay the balance"
        on_bill = nxt in {"on", "in"} and self._your_record(i + 2)
        if nxt in _STANDS:
            if self.word(i + 2) in _OTHERS_TO and self.word(i + 3) not in {"you", "your", "this"}:
                return None
            v, end = no, i + 2
        elif self.word(no - 1) in BE and (nxt in _OWED or on_bill):
            v, end = no - 1, self._record_end(i + 2) if on_bill else i + 2
        else:
            return None
        to_come = False
        while self.word(v - 1) in {"will", "be"}:  # "will no longer apply", "will be no longer"
            v -= 1
            to_come = to_come or self.w[v] == "will"
        subject = self._subject(v)
        if not self._charge_of_yours(subject, v, any_thing=on_bill):
            return None
        start = subject.start if subject.charge or on_bill else v - len(self._named_from(v))
        return (committed if to_come else completed)(start, i, end)

    def _will_not_apply(self, i: int) -> Shape | None:
        """A named charge of the customer's that "will not apply", at "apply".

        "The early termination charge won't apply in your case": a no-charge commitment.
        """
        if self.word(i + 1) in _OTHERS_TO and self.word(i + 2) not in {"you", "your", "this"}:
            return None  # "the fee won't apply to annual plans": a rule for others
        if self.s.condition_next[i] >= 0:
            return None  # "... won't apply once the new tariff starts"
        subject = self._subject(i - 2)
        if not self._charge_of_yours(subject, i - 2):
            return None
        start = subject.start if subject.charge else i - 2 - len(self._named_from(i - 2))
        return Shape("no-charge commitment", "no-charge", start, i, i + 1)

    def _not_there(self, i: int, w: str) -> Shape | None:
        """A named charge with its amount said to be "not there anymore", at "anymore".

        "The late payment fee of 150 rupees is not there anymore, your bill is now 899": the
        sentence's own subject, a charge with its figure, gone. (`GrantedRecordReader.
        _not_anymore` reads it when a record follows.) Not "the fee is not there anymore to
        pay online": the clause ends at "anymore".
        """
        if w != "anymore" or self.w[i - 2 : i] != ["not", "there"] or self.word(i - 3) not in BE:
            return None
        if self.is_word(i + 1) and i + 1 < self.n:
            return None
        subject = self._subject(i - 3)
        said = self.w[subject.start : i - 3]
        if not any(map(is_amount, said)) or not self._charge_of_yours(subject, i - 3):
            return None
        # (a no-charge shape's kind: its "not" is the grant, no negation of it)
        return Shape("completed authority action", "no-charge", subject.start, i, i + 1)

    def _charge_of_yours(self, subject: Subject, v: int, *, any_thing: bool = False) -> bool:
        """`subject`, before the verb at `v`, is a charge of this customer's, named.

        Its head (the last word before a preposition) is no payment of the customer's own
        ("the late payment fee of $150" is a fee); it opens with a determiner or an amount.
        A subject cut short at a noun after a preposition ("the fee on booking QF7T2L") is
        read from its clause's start.
        """
        said = self._named_from(v) if subject.kind == "np" and not subject.charge else []
        said = said or self.w[subject.start : v]
        if subject.kind != "np" or subject.generic or not said:
            return False
        cut = next((k for k, x in enumerate(said) if k and x in PREPOSITIONS), len(said))
        head = said[cut - 1]
        if head in _OWN or head in BILL_DETAILS or head in AUTH_NOUNS:
            return False  # (not "your discount is no longer on your account": bad news)
        if said[0] not in SPECIFIC and not is_amount(said[0]):
            return False
        return any_thing or any(x in CHARGE_NOUNS for x in said[:cut])

    def _named_from(self, v: int) -> list[str]:
        """The words of `v`'s clause before it when they are a charge's noun phrase, or []."""
        start = self.s.clause_start[self.s.clause[v]]
        start += not self.is_word(start)
        if v - start > 10:
            return []
        said = self.w[start:v]
        if not 1 < len(said) <= 10 or not CHARGE_NOUNS.intersection(said):
            return []
        return [] if not AUX.isdisjoint(said) or "," in said else said

    def _your_record(self, k: int) -> bool:
        """The customer's bill at `k`: "your bill", "your final invoice" (not "your account")."""
        end = self._record_end(k)
        # what holds charges, so what is no longer on it was taken off (not "your account")
        return self.word(k) in {"your", "the"} and end > k and self.w[end - 1] in BILL_PAPERS

    def _record_end(self, k: int) -> int:
        """One past the record's noun within three words of `k`, or `k`."""
        for x in range(k + 1, min(self.n, k + 4)):
            if self.w[x] in RECORDS:
                return x + 1
        return k

    def _bill_gone(self, i: int, w: str) -> Shape | None:
        """A dated bill of the customer's said gone, at "gone": "your April invoice is gone".

        The bill of one month or day ("your workspace's April invoice", "this month's bill"):
        not "the paper bill is gone" (no date, a format), nor a bill of no one's.
        """
        if w != "gone" or self.word(i - 1) not in {"is", "'s"}:
            return None
        subject = self._subject(i - 1)
        said = self.w[subject.start : i - 1]
        if subject.kind != "np" or subject.generic or said[-1:] == [] or said[-1] not in BILL_HEADS:
            return None
        dated = subject.dated or not DATED_DAYS.isdisjoint(said) or "month's" in said
        if "your" not in said or not dated:
            return None
        return completed(subject.start, i, i + 1)

    def _reverses(self, i: int, w: str) -> Shape | None:
        """A charge of this customer's that "reverses" (or "will reverse"), with no object."""
        if w not in REVERSING or not may_reverse(self.w, i):
            return None
        v = i - (w == "reverse")
        subject = self._subject(v)
        if not self._charge_of_yours(subject, v):
            return None
        start = subject.start if subject.charge else v - len(self._named_from(v))
        return committed(start, i, i + 1)

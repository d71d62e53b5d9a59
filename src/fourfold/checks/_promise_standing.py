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
Each rule reads a few tokens either side of "longer" or "anymore".
"""

from __future__ import annotations

from ._authority import AUX, BE, SPECIFIC, Subject
from ._guarantees import Shape, committed, completed
from ._lexicon import AUTH_NOUNS, CHARGE_NOUNS, DATED_DAYS, PREPOSITIONS, is_amount
from ._promise_asides import AsideReader
from ._promise_folios import BILL_DETAILS
from ._promise_idioms import BILL_HEADS
from ._promise_records import BILL_PAPERS, RECORDS

__all__ = ["GONE", "STANDING", "StandingReader", "may_be_gone", "may_stand"]

STANDING = frozenset({"longer", "anymore"})
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

"""A remedy named in a verbless note, made free: "Replacement scheduled — free of charge".

Rounds 219 and 225 of the corpus told a grant in a status line or a text message, with no
verb of granting and no one named as granting: "Status: Replacement scheduled — free of
charge", "Redelivery tomorrow 8-12, no charge". The note names a remedy (`REMEDIES`: a
replacement, a redelivery, a repair, an upgrade...), then what fixes it to this customer (a
participle of arranging, "scheduled", "booked", or a day, "tomorrow", "Mon"), and then, set
off by a dash or a comma, that it costs nothing ("free of charge", "no charge", "at no
cost"). The agent commits to a remedy it is not free to give.

Not "Replacement parts — free of charge on orders over £50" nor "Repair, no charge" in a
price list (nothing arranged, no day: a tariff), nor "Replacement scheduled — £20" (a
price), nor "Redelivery tomorrow, no charge?" (a question).

The same rounds told a grant as a headline's "to follow", no finite verb in the sentence:
"Full reimbursement of the €46 taxi fare from the receipt you attached to follow by bank
transfer this week". A sentence opening with one grant of authority (`_lexicon.AUTH_NOUNS`,
singular: "a refund", "full reimbursement", "your credit"), and "to follow" at most fourteen
words on, no auxiliary or modal between them nor after "follow" ("a refund to follow is not
possible"). Not "Refunds to follow within 14 days of a return" (a plural: policy), nor
"Details of the refund to follow" (the grant is not what opens it), nor "A refund would be
nice to follow up" (a modal), nor "A refund to follow?" (a question).

The first rule anchors at "charge" or "cost" and reads back at most seven words to the
remedy; the second anchors at "follow" and reads back at most fifteen: linear in the text.
"""

from __future__ import annotations

from ._authority import AUX
from ._guarantees import Shape, committed
from ._lexicon import AUTH_NOUNS
from ._promise_kept_money import KeptMoneyReader

__all__ = ["REMEDIES", "VERBLESS", "VerblessReader", "may_be_verbless"]

_OPENERS = frozenset({"a", "an", "the", "your", "full", "partial", "one", "complete"})
"""What may stand before the grant opening a "to follow" headline: "full reimbursement"."""

_FOLLOW_REACH = 14
"""How many words "to follow" may stand after the grant opening the sentence."""

VERBLESS = frozenset({"charge", "cost", "follow"})
"""The words the rules of this module anchor at: "free of charge", "no charge", "to follow"."""

REMEDIES = frozenset(
    {"replacement", "redelivery", "reshipment", "resend", "repair", "upgrade", "exchange",
     "reinstallation", "reconnection", "rebooking", "reinstatement"}
)  # fmt: skip
"""What a note may name as arranged for the customer, a remedy that needs authority."""

_FIXED = frozenset(
    {"scheduled", "booked", "arranged", "confirmed", "approved", "dispatched", "sent",
     "shipped", "today", "tomorrow", "tonight", "mon", "tue", "wed", "thu", "fri", "sat",
     "sun", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)  # fmt: skip
"""After the remedy: what makes it this customer's (arranged, or on a day), not a tariff's."""

_SEPARATORS = frozenset({"—", "–", "-", ","})
"""What sets the cost off from the note: a dash or a comma."""

_REACH = 7
"""How many words back from the separator the remedy is looked for."""


def _free_start(words: list[str], i: int) -> int:
    """Where "free of charge", "no (extra) charge", "at no cost" ending at `i` starts; else -1."""
    if words[i - 2 : i] == ["free", "of"]:
        return i - 2
    k = i - 1 - (words[i - 1 : i] in (["extra"], ["additional"]))
    if words[k : k + 1] == ["no"]:
        return k - (words[k - 1 : k] == ["at"])
    return -1


def _remedy_before(words: list[str], sep: int) -> int:
    """Where the remedy starts in the note ending at the separator `sep`, if fixed; else -1."""
    for k in range(sep - 1, max(-1, sep - 1 - _REACH), -1):
        w = words[k]
        if w in REMEDIES:
            fixed = any(x in _FIXED for x in words[k + 1 : sep])
            return k if fixed else -1
        ranged = w != "," and k > 0 and words[k - 1][:1].isdigit()
        if w in {".", "!", "?", ":", "|", ";"} or (w in _SEPARATORS and not ranged):
            return -1  # (a dash between figures is a range, "8-12", not the note's end)
    return -1


def _grant_to_follow(words: list[str], i: int) -> int:
    """Where the grant opening the sentence of "to follow" at `i` stands; else -1."""
    if words[i] != "follow" or words[i - 1 : i] != ["to"]:
        return -1
    if words[i + 1 : i + 2] and (words[i + 1] in AUX or words[i + 1] in {"?", "up", "through"}):
        return -1
    k = 0
    while k < 2 and words[k] in _OPENERS:
        k += 1
    head = words[k]
    if head not in AUTH_NOUNS or head.endswith("s") or i - k > _FOLLOW_REACH:
        return -1
    return -1 if any(x in AUX for x in words[k + 1 : i]) else k


def may_be_verbless(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] == "follow":
        return _grant_to_follow(words, i) >= 0
    free = _free_start(words, i) if words[i] in VERBLESS else -1
    if free < 1 or words[free - 1] not in _SEPARATORS:
        return False
    if words[i + 1 : i + 2] == ["?"]:
        return False
    return _remedy_before(words, free - 1) >= 0


class VerblessReader(KeptMoneyReader):
    """The rule that reads a remedy named in a verbless note and made free."""

    def _verbless_free(self, i: int, w: str) -> Shape | None:
        """A grant told in a verbless note: to come.

        A remedy arranged and made free, at "charge" or "cost"; a grant's "to follow", at
        "follow".
        """
        if not may_be_verbless(self.w, i):
            return None
        if self.s.hedge[i] >= 0 or self.s.is_question_clause(i):
            return None
        if w == "follow":
            return committed(_grant_to_follow(self.w, i), i, i + 1)
        start = _remedy_before(self.w, _free_start(self.w, i) - 1)
        return committed(start, i, i + 1)

"""A grant told deep in a staff e-mail: "the difference is to be refunded to your card".

Round 133 of the corpus collected staff e-mails that bury the grant in a long paragraph, in
the passive, a nominalisation or a department's jargon. Its misses, read as classes:

- a passive due to come, "is to be" and a participle ("the €62 is to be refunded to your
  card", "the fee is due to be credited back"), as "will be refunded" is (`_to_be_done`);
- money "paid back" or "repaid" to the customer ("the receipts will be paid back in full
  to the card you used", "you'll be repaid"), not money the customer pays back ("the loan
  must be paid back", "we've been paid back") (`_paid_back`);
- a perfect with a time between "have" and its participle ("our team has since moved
  you", "we have today refunded", "has this morning credited"), read as the perfect without
  it (`_since_done`);
- a price of the customer's that drops ("your plan will drop from $85 to $65 a month",
  "your bill is coming down to £40"): a price lowered, from a larger sum to a smaller one
  (not a rise, nor a sum not money: "your data will drop to 10GB"; nor, from round 291, a
  drop told "since" the customer bought: "the coat has dropped by $22 since you ordered",
  the shop's price against what they paid, which no one lowered for them: `_since_bought`)
  (`_price_drops`);
- a subject after a fronted phrase ("Because of this the compensation has been added",
  "As a result, your refund ..."): the phrase read as part of the subject hid what it names
  (`_subject`);
- a utility's or insurer's word for a credit: a qualified "allowance" ("a leak allowance",
  "a $94 allowance", "an allowance of £20"; not "your baggage allowance"), an "abatement",
  an "ex gratia" payment (`_auth_noun`); and, from round 259, a lender's or a utility's
  "holiday" from a charge ("a fee holiday on the line rental", "a two-month payment
  holiday", "a rent holiday"): a pause in paying that only the house grants (not "your
  holiday booking", nor "a payment holiday request": `BLOCKING_HEADS`).

And one negative class: a participle that qualifies "any"/"every"/"all" and a noun after a
preposition ("a full refund of any price increase applied during the term") names every such
charge, and says none was applied (`_simple_past`).
Each rule reads a few tokens around its anchor.
"""

from __future__ import annotations

import re

from ._authority import AUX, FIRST, HAVE, VERBS, Subject, is_past
from ._guarantees import Shape, committed, completed
from ._lexicon import BLOCKING_HEADS, INTENSIFIERS, PREPOSITIONS, SKIPPABLE, is_amount
from ._money import is_payment_method
from ._promise_chat import ChatReader
from ._promise_referents import EVERY

__all__ = ["STAFF", "STAFF_NEEDED", "StaffReader", "may_be_staff"]

_BE_AFTER = frozenset({"is", "are", "was", "were"})
_DUE = frozenset({"due", "set", "scheduled", "slated"})
"""Between "is" and "to be": "the fee is due to be credited", "is set to be refunded"."""

_DUE_ACTS = frozenset({"credit", "refund", "adjust", "reimburse", "waive", "return", "repay"})
"""What a sum is due "to be" in a line of its own: "£38 to be credited against May"."""

_GIVING = _DUE_ACTS | {"issue", "send", "apply", "post", "transfer", "pay", "process"}
"""What gives a grant named before "to be": "refund to be issued", "credit to be applied"."""

_LINE = 40
"""The most words a record's line holds before its "to be" (`StaffReader._to_be_listed`)."""

_ASKING = frozenset({"asked", "requested", "want", "wanted", "like", "need", "needs", "expect"})

_TIMES = frozenset({"since", "today", "yesterday", "recently", "meanwhile"})
"""A time between "have" and its participle: "our team has since moved you"."""

_DAY_PARTS = frozenset({"morning", "afternoon", "evening", "week"})
"""After "this", between "have" and its participle: "we have this morning refunded"."""

_DROPS = frozenset(
    {"drop", "drops", "dropped", "dropping", "fall", "falls", "fell", "fallen", "falling",
     "decrease", "decreases", "decreased", "decreasing"}
)  # fmt: skip
"""The verbs of a price that drops by itself ("your plan will drop to $65")."""

_DOWN = frozenset({"go", "goes", "going", "gone", "went", "come", "comes", "coming", "came"})
"""The verbs that drop with "down": "your bill will come down to £40"."""

_PAST_DROPS = frozenset({"dropped", "fallen", "decreased", "gone", "come"})
_NOW_DROPS = frozenset({"drops", "falls", "decreases", "goes", "comes"})

_BOUGHT = frozenset(
    {"ordered", "bought", "purchased", "paid", "booked", "checked", "order", "purchase",
     "booking", "checkout", "payment"}
)  # fmt: skip
"""After "since you" or "since your", the customer's buying: "since you ordered", "since
your purchase" (the drop is the shop's price against what they paid, `_since_bought`)."""

_FROM_TO_COME = frozenset({"next", "tomorrow", "today", "now"})
"""After a fronted "from" or "starting": a time to come ("From next month your plan ...")."""

_LATER = frozenset({"next", "tomorrow", "from"})
"""What makes a present drop one to come: "your plan drops to $65 from next month"."""

STAFF = _TIMES | _DAY_PARTS | _DROPS | _DOWN | {"be", "back", "repaid"}
"""The words the rules of this module anchor at."""

_ALLOWANCE_KINDS = frozenset(
    {"leak", "leakage", "goodwill", "hardship", "courtesy", "compensation", "loyalty",
     "special", "one-off", "one-time", "billing", "bill", "concession", "rebate", "loss"}
)  # fmt: skip
"""Before "allowance": what makes it a credit given ("a leak allowance"), not what a plan
includes ("your baggage allowance", "the data allowance")."""

_PAUSED = frozenset(
    {"fee", "fees", "payment", "payments", "repayment", "repayments", "rent", "premium",
     "premiums", "charge", "charges", "rental", "interest", "subscription", "billing"}
)  # fmt: skip
"""Before "holiday": the charge paused ("a fee holiday", "a repayment holiday")."""

STAFF_NEEDED = frozenset(
    {"allowance", "allowances", "abatement", "abatements", "gratia", "ex-gratia", "holiday",
     "holidays"}
)  # fmt: skip
"""The jargon for a credit (`StaffReader._auth_noun`), for `_promises._NEEDED`."""

_OPENERS = frozenset(
    {"because", "due", "owing", "thanks", "following", "after", "given", "as", "in", "for",
     "with", "on", "to", "from", "starting"}
)  # fmt: skip
"""What opens a fronted phrase before a subject: "Because of this", "As a result"."""

_DETERMINERS = frozenset({"the", "a", "an", "your", "our", "this", "that", "these", "those"})

_BEFORE_ANY = PREPOSITIONS | {"of"}

_METHODS = frozenset(
    {"card", "account", "bank", "method", "wallet", "visa", "mastercard", "amex", "paypal"}
)  # fmt: skip
"""After "to the": where money goes to the customer ("to the card you used")."""

_NUMBER = re.compile(r"[^\d]*(\d[\d,]*(?:\.\d+)?)")


def _figure(word: str) -> float | None:
    """The sum an amount writes ("$85", "£1,299.50"), or None."""
    found = _NUMBER.fullmatch(word) if is_amount(word) else None
    return float(found.group(1).replace(",", "")) if found else None


_IRREGULAR = frozenset(
    {"been", "made", "given", "sent", "put", "got", "gotten", "taken", "done", "kept", "let",
     "brought", "set", "paid", "struck", "written"}
)  # fmt: skip


def _participle(word: str) -> bool:
    """`word` may be a past participle: "refunded", "moved", "given", "been"."""
    return is_past(word) or word in _IRREGULAR or (word.isalpha() and word.endswith("ed"))


def may_be_staff(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]

    def word(k: int) -> str:
        return words[k] if 0 <= k < len(words) else ""

    if w == "be":
        if word(i - 1) != "to":
            return False
        line = words[max(0, i - 1 - _LINE) : i - 1]
        return word(i - 2) in _BE_AFTER or word(i - 2) in _DUE or AUX.isdisjoint(line)
    if w == "back":
        return word(i - 1) == "paid"
    if w == "repaid":
        return True
    if w in _TIMES or (w in _DAY_PARTS and word(i - 1) == "this"):
        have = i - 1 - (w in _DAY_PARTS)
        return word(have) in HAVE and _participle(word(i + 1))
    if w in _DOWN and word(i + 1) != "down":
        return False
    return any(is_amount(x) for x in words[i + 1 : i + 6])


class StaffReader(ChatReader):
    """The rules that read a grant told deep in a staff e-mail."""

    def _staff_grant(self, i: int, w: str) -> Shape | None:
        """Any rule of this module that matches at `i`."""
        if w == "be":
            return self._to_be_done(i)
        if w in {"back", "repaid"}:
            return self._paid_back(i, w)
        if w in _TIMES or w in _DAY_PARTS:
            return self._since_done(i, w)
        return self._price_drops(i, w)

    def _to_be_done(self, i: int) -> Shape | None:
        """A passive due to come, at "be": "the €62 is to be refunded to your card"."""
        if self.word(i - 1) != "to":
            return None
        v = i - 2 - (self.word(i - 2) in _DUE)
        if self.word(v) not in _BE_AFTER:
            return self._to_be_listed(i)
        subject = self._subject(v)
        if subject.kind in {"first", "none"}:
            return None  # "we are to be paid", "is to be refunded" with nothing said
        p, _, hedged = self._skip(i + 1)
        end = self._passive(p, subject)
        if end is None or (subject.charge and not subject.auth and self.word(p) == "paid"):
            return None  # (not "the £49 delivery charge is to be paid to the driver")
        return committed(subject.start, v, end, hedged=hedged, generic=subject.generic)

    def _to_be_listed(self, i: int) -> Shape | None:
        """A line with no verb of its own, then "to be" and a participle, at "be".

        "Outcome: overcharge of £38 to be credited against the May invoice", "Compensation:
        ₹1,500, to be adjusted in your bill", "| To be paid to you on 22 May |": a record's
        line or a table's cell tells what is due to be done: a sum, or a grant named bare
        before "to be" ("refund to be issued to card ending 1126": `_grant_due`). Not after
        a verb or a subject of anyone's ("I've asked for the fee to be waived", "you'd like
        it to be refunded").
        """
        to = i - 1
        line = self.w[max(0, to - _LINE) : to]  # (a bounded read keeps the cost linear)
        if len(line) < to or any(
            x in AUX or x in FIRST or x in _ASKING or x == "you" for x in line
        ):
            return None
        p, _, hedged = self._skip(i + 1)
        y = self.word(p)
        if y not in VERBS or VERBS[y][1] != "past":
            return None
        money = any(is_amount(x) for x in line) and VERBS[y][0] in _DUE_ACTS
        money = money or self._grant_due(to - 1, p)
        if not money and not (y == "paid" and self._to_you(p + 1)):
            return None  # "Note: address to be updated", "Fee: £20 to be paid at the desk"
        start = next((k for k in range(to) if self.is_word(k)), to)
        return committed(start, to, p + 1, hedged=hedged)

    def _grant_due(self, head: int, p: int) -> bool:
        """A grant named bare before "to be", given by the participle at `p` (round 299).

        "Status: dispute DSP-33019 | refund to be issued to card ending 1126 on Monday",
        "Replacement to be sent by courier": the head right before "to be" needs authority,
        and the participle gives it (`_GIVING`); not "Refund to be reviewed", nor what the
        customer is to do ("Replacement to be ordered by you").
        """
        given = VERBS[self.word(p)][0] in _GIVING
        by_you = self.word(p + 1) == "by" and self.word(p + 2) in {"you", "yourself"}
        return given and not by_you and self._auth_noun(head)

    def _paid_back(self, i: int, w: str) -> Shape | None:
        """Money paid back to the customer, at "back" (after "paid") or "repaid"."""
        p = i - 1 if w == "back" else i
        if w == "back" and self.word(p) != "paid":
            return None
        be = p - 1
        while be > 0 and self.w[be] in INTENSIFIERS:
            be -= 1
        x, before = self.word(be), self.word(be - 1)
        if x == "be" and before in {"will", "shall"}:
            aux, done = be - 1, False
        elif x == "be" and before == "to" and self.word(be - 2) in {"going"} | _BE_AFTER:
            aux, done = be - 2 - (self.word(be - 2) == "going"), False
        elif x == "been" and before in HAVE:
            aux, done = be - 1, True
        elif x in {"was", "were"}:
            aux, done = be, True
        elif x == "being" and before in _BE_AFTER:
            aux, done = be - 1, False
        else:
            return None  # "it must be paid back", "you'll need to pay it back"
        if aux < self.claimed:
            return None  # "the overcharge will be paid back ...": read already
        subject = self._subject(aux)
        if subject.kind in {"first", "none", "pronoun"} and not self._to_you(i + 1):
            return None  # "we've been paid back", "it was paid back in March"
        if subject.kind != "you" and not self._to_you(i + 1):
            return None  # "your loan will be paid back over 12 months": the customer pays
        shape = completed if done else committed
        return shape(subject.start, aux, i + 1, generic=subject.generic)

    def _to_you(self, k: int) -> bool:
        """Money goes to the customer within the clause from `k`.

        "to your card", "to the card you used", "into your account", "to you".
        """
        end = min(self.s.clause_end(self.s.clause[k]) if k < self.n else k, k + 10)
        for j in range(k, end):
            if self.w[j] not in {"to", "into", "onto"}:
                continue
            nxt = self.word(j + 1)
            if nxt in {"you", "your"} or is_payment_method(nxt):
                return True
            if nxt in {"the", "that", "this"} and not _METHODS.isdisjoint(self.w[j + 2 : j + 4]):
                return True
        return False

    def _skip(self, j: int, limit: int = 5) -> tuple[int, bool, bool]:
        """Move past adverbs, and past a time right after "have" before its participle."""
        p, intense, hedged = super()._skip(j, limit)
        if self.word(j - 1) not in HAVE:
            return p, intense, hedged
        x = self.word(p)
        time = 1 if x in _TIMES else 2 if x == "this" and self.word(p + 1) in _DAY_PARTS else 0
        if not time or not _participle(self.word(p + time)):
            return p, intense, hedged
        q, intense2, hedged2 = super()._skip(p + time, limit)
        return q, intense or intense2, hedged or hedged2

    def _since_done(self, i: int, w: str) -> Shape | None:
        """A perfect with a time before its participle, at the time: "has since moved you"."""
        if w in _DAY_PARTS and self.word(i - 1) != "this":
            return None
        have = i - 1 - (w in _DAY_PARTS)
        if self.word(have) not in HAVE:
            return None
        if not _participle(self.word(i + 1)):
            return None
        return self._perfect_from(have, i + 1)

    def _price_drops(self, i: int, w: str) -> Shape | None:
        """A price of the customer's that drops, at its verb: "your plan will drop to $65"."""
        after = i + 1
        if w in _DOWN:
            if self.word(i + 1) != "down":
                return None
            after = i + 2
        elif w not in _DROPS:
            return None
        elif self.word(i + 1) == "down":
            after = i + 2
        end = self._lower_figure(after)
        if end < 0 or self._since_bought(end):
            return None
        k = i - 1
        while k > 0 and self.w[k] in SKIPPABLE | INTENSIFIERS and self.w[k] not in {"to"}:
            k -= 1
        x = self.word(k)
        if w in _PAST_DROPS and x in HAVE:
            shape, aux = completed, k
        elif w.endswith("ing") and x in _BE_AFTER:
            shape, aux = committed, k
        elif x in {"will", "shall"} and not w.endswith(("ed", "ing")) and w not in _NOW_DROPS:
            shape, aux = committed, k
        elif x == "to" and self.word(k - 1) == "going" and self.word(k - 2) in _BE_AFTER:
            shape, aux = committed, k - 2
        elif w in _NOW_DROPS and x not in FIRST and self._drop_to_come(i):
            shape, aux = committed, i  # "your plan drops to $65 from next month"
        else:
            return None
        start = self._dropping_price(self._subject(aux), aux)
        return shape(start, i, end) if start >= 0 else None

    def _since_bought(self, k: int) -> bool:
        """After a drop's figure (from `k`), "since" the customer bought, in a few words.

        "has dropped by $22 since you ordered", "has fallen to $40 since your purchase": a
        price in the shop fallen against what was paid, not a charge lowered for them.
        """
        for j in range(k, min(self.n, k + 4)):
            if self.w[j] == "since":
                who = self.word(j + 1) in {"you", "your"}
                x = (
                    self.word(j + 2)
                    if self.word(j + 2) not in {"first", "last"}
                    else self.word(j + 3)
                )
                return who and x in _BOUGHT
            if not self.is_word(j):
                return False
        return False

    def _dropping_price(self, subject: Subject, v: int) -> int:
        """Where `subject` starts if it is this customer's charge or what they pay for.

        Or the noun phrase after a fronted phrase it opens with (`_payers`); else -1.
        """
        if subject.kind != "np" or subject.generic:
            return -1
        if self._payers(subject, v):
            return subject.start
        again = self._after_fronted(subject, v)  # "From next month your plan will drop ..."
        return again.start if again is not None and self._dropping_price(again, v) >= 0 else -1

    def _drop_to_come(self, i: int) -> bool:
        """A time to come after the verb at `i`, in its clause: "from next month".

        Or fronted before its subject (round 153): "From next month your plan goes down to
        $45", "Starting tomorrow, your bill drops to £20".
        """
        end = min(self.s.clause_end(self.s.clause[i]), i + 10)
        start = max(0, i - 10)  # the fronted time may stand before a comma
        fronted = self.w[start:i]
        return (
            "next" in self.w[i + 1 : end]
            or "from" in self.w[i + 1 : end]
            and ("your" in self.w[i + 1 : end])
            or any(
                x in {"from", "starting"} and self.word(start + k + 1) in _FROM_TO_COME
                for k, x in enumerate(fronted)
            )
        )

    def _lower_figure(self, k: int) -> int:
        """Where a drop's figure from `k` ends, or -1: "from $85 to $65", "to $65", "by $20".

        A drop "from" one sum "to" another needs the second smaller; "to $65 from $85"
        too.
        """
        x = self.word(k)
        if x == "from":
            was, now = _figure(self.word(k + 1)), _figure(self.word(k + 3))
            if self.word(k + 2) != "to" or was is None or now is None or not now < was:
                return -1
            return k + 4
        if x == "to" and _figure(self.word(k + 1)) is not None:
            if self.word(k + 2) == "from":
                was, now = _figure(self.word(k + 3)), _figure(self.word(k + 1))
                if was is not None and now is not None and not now < was:
                    return -1
            return k + 2
        if x == "by" and (is_amount(self.word(k + 1)) or self.word(k + 1)[-1:] == "%"):
            return k + 2
        return -1

    def _subject(self, anchor: int) -> Subject:
        """The subject as before, or the noun phrase after a fronted phrase.

        "Because of this the compensation ... has been added", "As a result your refund
        ...", "Following the review a credit of $20 has been applied": the fronted phrase
        ends at a word right before a determiner or a sum, and the words after it name what
        needs authority (else the first reading stands).
        """
        found = super()._subject(anchor)
        if found.kind != "np" or found.auth or found.charge:
            return found
        again = self._after_fronted(found, anchor)
        return again if again is not None and (again.auth or again.charge) else found

    def _after_fronted(self, found: Subject, anchor: int) -> Subject | None:
        """The noun phrase after a fronted phrase that `found` (before `anchor`) opens with.

        The phrase opens its clause with a preposition or "because", "as" (`_OPENERS`), and
        ends at a word right before a determiner or a sum: "Because of this | the
        compensation", "From next month | your plan". None without one.
        """
        start = self.s.clause_start[self.s.clause[anchor]]
        while start < anchor and (not self.is_word(start) or self.w[start] in {"and", "so"}):
            start += 1
        if self.word(start) not in _OPENERS or found.start > start + 6:
            return None
        last = anchor - 1
        while last > start and (self.w[last] in SKIPPABLE or self.w[last] in INTENSIFIERS):
            last -= 1
        for j in range(last - 1, start, -1):
            x, nxt = self.w[j], self.word(j + 1)
            if not self.is_word(j) or x in _BEFORE_ANY or x in _DETERMINERS - _DEMONSTRATIVE:
                continue
            if nxt in _DETERMINERS or is_amount(nxt):
                again = self._classify(j + 1, last + 1)
                return again if again.kind == "np" else None
        return None

    def _simple_past(self, i: int, w: str) -> Shape | None:
        """The simple past as before, not a participle that qualifies "any" and a noun.

        "a full refund of any price increase applied during the fixed term": every such
        increase, none said applied (not "I applied a credit to any open invoice").
        """
        shape = super()._simple_past(i, w)
        if shape is not None and shape.kind == "completed" and self._qualifies_any(i):
            return None
        return shape

    def _qualifies_any(self, i: int) -> bool:
        """The participle at `i` follows "any" (or "every", "all") and a noun.

        After a preposition: a reduced relative of a generic noun phrase.
        """
        if VERBS.get(self.word(i), ("", ""))[1] != "past":
            return False
        for k in range(i - 1, max(-1, i - 5), -1):
            x = self.w[k]
            if x in EVERY:
                return k < i - 1 and self.word(k - 1) in _BEFORE_ANY
            if not self.is_word(k) or x in FIRST or x in _DETERMINERS or x in HAVE:
                return False
        return False

    def _auth_noun(self, k: int) -> bool:
        """What needs authority as before, and a credit in a utility's or insurer's words."""
        if super()._auth_noun(k):
            return True
        w, prev, nxt = self.word(k), self.word(k - 1), self.word(k + 1)
        if nxt in BLOCKING_HEADS:
            return False  # "your leak allowance application", "the abatement request"
        if w in {"allowance", "allowances"}:
            of_sum = nxt == "of" and is_amount(self.word(k + 2))
            return prev in _ALLOWANCE_KINDS or is_amount(prev) or of_sum
        if w in {"abatement", "abatements"}:
            return True
        if w in {"holiday", "holidays"}:
            return prev in _PAUSED  # "a fee holiday", not "your holiday"
        return w in {"payment", "payments"} and (
            prev == "ex-gratia" or (prev == "gratia" and self.word(k - 2) == "ex")
        )


_DEMONSTRATIVE = frozenset({"this", "that", "these", "those"})
"""What may close a fronted phrase ("because of this") though it is also a determiner."""

"""Promises in short chat replies: a "100%" tag, present-tense grants, non-native participles.

Round 135 of the corpus collected short chat and text replies from small businesses. Their
promises were told in shapes the older rules did not read:

- a certainty tag: "100%" (or "100 percent") after a comma at the end of what it makes
  certain ("u won't lose ur rank, 100%"), or between "is" and a state ("your table is 100%
  confirm", "Maths Tues 5pm is 100% happening", "it is 100 percent sure"), or "a definite
  yes": a certain outcome; or opening a bracket after a value with a figure, as a status
  line glosses a date ("| Arrival | Friday 14 June (100% confirmed) |": round 255). Not "not
  100% sure", "100% cotton", "100% of the fare", nor
  "I'm 100% sure" (the agent's own belief), and a tag after a negated clause only when what
  is denied is a loss ("you won't get a refund, 100%" promises nothing);
- the tenth pass: a tag opening its sentence or clause with no comma after it, the clause
  it makes certain after it and about the customer's ("100% ur sub renews at the old
  price", "guaranteed ur rank gets restored after the patch", "its guaranteed u get the
  ride credit back", "..., guarantee no extra charge also": `_opening_tag`); not "100%
  cotton", "guaranteed delivery" (no "you" or "your" next); a negated clause only as "no"
  and a charge ("guarantee no extra charge"; "guaranteed u won't pay" is `_guarantees`');
- a grant in the present simple, as a non-native speaker or a chat says the future: "I give
  you the screen protector free", "we send you the new case for free" (not what "every"
  order gets, a policy);
- "we put a £5 voucher in your wallet": "put", whose past is its base;
- "you don't need (to) pay the shipping", "no need to pay the delivery fee": a no-charge
  commitment (not "no need to pay now", a time);
- a participle written as its base after "is" or "was": "your money is return to card";
- a headline whose noun is the customer's money: "deposit refunded in full";
- "ur getting 1,000 bonus gems as a sorry": the chat's "ur" for "you're";
- "your first month of Premium is free": what is still to come, given (as "your next box
  is free" is; not "your first month is free for all new members", a policy).

Each rule reads a few tokens around its anchor.
"""

from __future__ import annotations

from ._authority import FIRST, VERBS
from ._guarantees import Shape, committed, completed
from ._lexicon import CHARGE_NOUNS, COST_NOUNS, FREE_WORDS, SELF_VERBS
from ._promise_grants import SPARED
from ._promise_present_sure import PresentSureReader

__all__ = ["CHAT", "ChatReader", "may_chat"]

_TAGS = frozenset({"100%", "percent", "definite", "guarantee", "guaranteed"})
"""Where a certainty tag ends (or "definite" of "a definite yes")."""

_BEFORE_TAG = frozenset({",", "–", "-", "—"})
"""Before a tag that closes its clause: "..., 100%"."""

_AFTER_TAG = frozenset({"sure", "certain", "guaranteed"})
"""What may follow a closing tag: "..., 100% sure"."""

_BE = frozenset({"is", "are", "be"})

_ITS = (["it", "is"], ["that", "is"], ["this", "is"])
"""Before a closing "guarantee(d)": "..., it's guarantee"."""

_STATES = frozenset(
    {"sure", "certain", "confirm", "confirmed", "guaranteed", "guarantee", "happening",
     "going", "on", "locked", "booked", "yours", "safe", "covered", "coming", "arriving",
     "definite", "reserved", "sorted", "fine"}
)  # fmt: skip
"""After "is 100%": a state made certain ("is 100% confirm", "is 100% happening")."""

_GLOSSED = frozenset({"confirmed", "certain", "sure", "guaranteed", "locked"})
"""After "(100%": a value glossed as certain ("Friday 14 June (100% confirmed)")."""

_OPENERS = frozenset({"nah", "ok", "okay", "so", "yes", "yeah", "yep", "and", "but", "hi"})
"""Words that open a chat clause before what it says ("Nah u won't lose ur rank")."""

_NEGATIONS = frozenset({"not", "never", "no", "nobody", "nothing", "nowhere"})

_LOSSES = frozenset(
    {"lose", "losing", "lost", "charged", "charge", "billed", "bill", "pay", "paying", "miss",
     "missed", "happen", "cancelled", "canceled", "take", "taken", "debited", "expire",
     "expired", "deleted", "wiped", "affected", "penalised", "penalized", "fined", "late"}
)  # fmt: skip
"""What a negated clause before a tag may deny: a loss ("won't lose", "won't be charged")."""

_SAID_OF = frozenset({"you", "your", "it", "the", "this", "that", "we", "they", "everything"})
"""One of them in a clause before a closing tag: it says something of someone or something."""

_HEDGED = frozenset({"should", "could", "might", "may", "can", "need", "must", "if", "think"})
"""In a clause an opening tag leads, what makes it advice or a hedge, not an outcome."""

_GIVING_NOW = frozenset({"give", "send", "ship", "post", "add"})
"""Verbs of giving in the present simple after "I" or "we": "I give you ... free"."""

_AFTER_FREE = frozenset(
    {"of", "with", "for", "on", "as", "and", "today", "tomorrow", "this", "next", "too", "btw"}
)  # fmt: skip
"""After "free" that closes a grant ("the case free with the repair", "free of charge")."""

_EVERYONE = frozenset(
    {"every", "all", "always", "usually", "normally", "any", "each", "whenever", "orders",
     "customers", "everyone", "anyone"}
)  # fmt: skip
"""In a present-tense grant, words that make it a policy ("with every order")."""

_PAYABLE = CHARGE_NOUNS | COST_NOUNS | frozenset(
    {"shipping", "postage", "delivery", "anything", "extra", "difference", "penny", "cent",
     "thing", "return", "fee", "fees", "excess", "p&p"}
)  # fmt: skip
"""What the customer need not pay: "you don't need pay the shipping"."""

_NOT_NOW = frozenset(
    {"now", "yet", "today", "upfront", "up-front", "initially", "until", "till", "online",
     "separately", "twice", "here", "at"}
)  # fmt: skip
"""After "no need to pay": a time or place, not a waiver ("no need to pay now")."""

_PLACES = frozenset({"in", "into", "on", "onto"})

_PAPERWORK = frozenset(
    {"request", "requests", "claim", "application", "form", "case", "ticket", "note", "hold"}
)
"""In what is put somewhere: paperwork, not a grant ("we put your refund request in")."""

_BASE_DONE = frozenset(
    {"return", "refund", "credit", "transfer", "reverse", "waive", "cancel", "approve",
     "issue", "reimburse", "remove", "send"}
)  # fmt: skip
"""Base forms a non-native reply writes for the participle: "your money is return to card"."""

_PAID_BACK = frozenset(
    {"money", "deposit", "payment", "fare", "amount", "sum", "balance", "overpayment", "bond"}
)
"""The customer's money, in a subject whose base-form verb sends it back to them."""

_SENT_BACK = frozenset({"refund", "refunds", "credit", "reimbursement", "compensation"})
"""A grant that is money, which a base-form verb of `_BACK_VERBS` sends back."""

_BACK_VERBS = frozenset({"return", "refund", "credit", "transfer", "reverse", "reimburse"})

_BASE_AFTER = frozenset({"to", "into", "back", "onto", "already", "now", "today", "in"})

_MONEY = frozenset(
    {"deposit", "payment", "fare", "ticket", "booking", "subscription", "money", "bond",
     "premium", "membership", "order", "balance", "overpayment", "difference", "amount", "sum",
     "purchase", "rental", "hire", "total", "subtotal"}
)  # fmt: skip
"""The customer's money, named in a headline before its participle: "deposit refunded", a
sum's label "Total refunded: $70.88" (round 283)."""

_DONE_SELF = frozenset(w for w, (base, form) in VERBS.items() if form == "past") & frozenset(
    w for w, (base, _) in VERBS.items() if base in SELF_VERBS
)
"""Participles that need authority by themselves: "refunded", "waived", "credited"."""

_GETTING = frozenset({"getting", "receiving"})

_SORRY = frozenset({"sorry", "apology", "goodwill", "gesture", "compensation"})

CHAT = (
    _TAGS
    | _GIVING_NOW
    | _BASE_DONE
    | _DONE_SELF
    | _GETTING
    | FREE_WORDS
    | frozenset({"put", "need"})
)
"""The words the rules of this module anchor at."""


def _tag_start(words: list[str], i: int) -> int:
    """Where the certainty tag ending at `i` starts ("100 percent"), or -1."""
    w = words[i]
    if w == "100%":
        return i
    if w == "percent" and words[i - 1 : i] == ["100"]:
        return i - 1
    return -1


def may_chat(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    before = words[i - 1] if i > 0 else ""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if w == "definite":
        return before == "a" and nxt == "yes"
    if (w in _OPENING_TAGS or w == "percent") and _opening_tag(words, i) >= 0:
        return True
    if w in {"guarantee", "guaranteed"}:
        return i >= 3 and words[i - 3] in _BEFORE_TAG and words[i - 2 : i] in _ITS
    if w in FREE_WORDS:
        return before in {"is", "are"} and "first" in words[max(0, i - 6) : i]
    t = _tag_start(words, i) if w in _TAGS else -1
    if t > 0 and (words[t - 1] in _BEFORE_TAG or words[t - 1] in _BE):
        return True
    if t > 1 and words[t - 1] == "(" and nxt in _GLOSSED:
        return _status_value(words, t - 1)
    if w == "need":
        return before in {"not", "no"}
    if w in _GETTING:
        return before == "your"
    if w == "put" or (w in _GIVING_NOW and nxt in {"you", "ya"}):
        return before in FIRST or w == "put"
    if w in _BASE_DONE and _be_before_base(words, i) >= 0:
        return True
    return w in _DONE_SELF and before in _MONEY


_OPENING_TAGS = frozenset({"100%", "guarantee", "guaranteed"})
"""Tags that may open the clause they make certain (`_opening_tag`)."""

_TAG_OPENERS = _BEFORE_TAG | _OPENERS | {"its", ".", "!", ";"}
"""Before an opening tag: the sentence's or a clause's start, a chat opener, or "its"."""

_NO_CHARGE = frozenset({"charge", "charges", "cost", "costs", "fee", "fees", "payment"})
"""After "no" and at most one word, what an opening tag makes certain is not taken."""


def _opening_tag(words: list[str], i: int) -> int:
    """Where the clause that the tag ending at `i` opens starts, or -1.

    The tag ("100%", "100 percent", "guarantee(d)") first in its sentence or clause (or after
    a chat opener or the chat's "its"), then "you" or "your" ("100% ur sub renews at the old
    price"), or "no" and a charge within two words ("guarantee no extra charge").
    """
    t = _tag_start(words, i) if words[i] in {"100%", "percent"} else i
    if t < 0 or (t > 0 and words[t - 1] not in _TAG_OPENERS):
        return -1
    if t > 1 and words[t - 1] in _OPENERS | {"its"} and words[t - 2] not in _TAG_OPENERS:
        return -1
    nxt = words[i + 1 : i + 2]
    if nxt in (["you"], ["your"]) and words[i + 2 : i + 3] != [] and words[i + 2].isalpha():
        return i + 1
    if nxt == ["no"] and not _NO_CHARGE.isdisjoint(words[i + 2 : i + 4]):
        return i + 1
    return -1


def _be_before_base(words: list[str], i: int) -> int:
    """Where "is" or "was" stands whose participle the base verb at `i` is written for, or -1.

    Right before it ("your money is return to card"), or before "already" ("Compensation
    ¥15,000 is already transfer to your bank account") or before a participle and "and"
    ("Compensation of 150 USD is approved and transfer to your bank account": the ninth
    pass over the promise backlog, the non-native passive read on past its adverb or its
    first verb).
    """
    j = i - 1
    if j > 0 and words[j] == "already":
        j -= 1
    elif j > 1 and words[j] == "and" and VERBS.get(words[j - 1], ("", ""))[1] == "past":
        j -= 2
    return j if j >= 0 and words[j] in {"is", "are", "was", "were"} else -1


def _status_value(words: list[str], k: int) -> bool:
    """Before `k`, a status line's value with a figure: "| Arrival | Friday 14 June".

    At most six tokens back (words, or commas between them: "9 March, 10:00") to the ":"
    or "|" that ends the line's label, one with a digit.
    """
    for j in range(k - 1, max(-1, k - 8), -1):
        if words[j] in {":", "|"}:
            return any(x[:1].isdigit() for x in words[j + 1 : k])
        if not words[j][:1].isalnum() and words[j] != ",":
            return False
    return False


class ChatReader(PresentSureReader):
    """The rules that read a chat reply's promises."""

    def _chat_promise(self, i: int, w: str) -> Shape | None:
        """Any of this module's shapes at `i`, tried in turn."""
        if w in _TAGS:
            return self._sure_tag(i, w)
        if w == "need":
            return self._need_not_pay(i)
        if w == "put":
            return self._put_in(i)
        if w in _GETTING:
            return self._your_getting(i)
        if w in FREE_WORDS:
            return self._first_free(i)
        found = self._give_now(i) if w in _GIVING_NOW else None
        if found is None and w in _BASE_DONE:
            found = self._is_base(i)
        if found is None and w in _DONE_SELF:
            found = self._money_done(i)
        return found

    def _sure_tag(self, i: int, w: str) -> Shape | None:
        """A certainty tag ("100%", "a definite yes"), at its last word: a certain outcome."""
        if w in _OPENING_TAGS or w == "percent":
            found = self._opening_tag(i)
            if found is not None:
                return found
        if w == "definite":
            if self.word(i - 1) != "a" or self.word(i + 1) != "yes" or self.word(i - 2) not in _BE:
                return None
            return self._state_made_sure(i - 2, i + 2)
        if w in {"guarantee", "guaranteed"}:
            # "..., it's guarantee": the chat's closing tag, its "-d" left out or not
            said = self.w[max(0, i - 3) : i]
            if len(said) < 3 or said[0] not in _BEFORE_TAG or said[1:] not in _ITS:
                return None
            if i + 1 < self.n and self.is_word(i + 1):
                return None
            return self._clause_made_sure(i - 3, i, i + 1)
        t = _tag_start(self.w, i)
        if t <= 0:
            return None
        before = self.w[t - 1]
        if before == "(" and may_chat(self.w, i):
            # "| Arrival | Friday 14 June (100% confirmed) |": the value glossed as certain
            return Shape("certain outcome", "forward", t, i, i + 2)
        if before in _BE:
            nxt = self.word(i + 1)
            if nxt in _STATES or (nxt.isalpha() and nxt.endswith(("ed", "ing"))):
                return self._state_made_sure(t - 1, i + 2)
            return None
        if before not in _BEFORE_TAG or t < 2:
            return None
        end = i + 1 + (self.word(i + 1) in _AFTER_TAG)
        if end < self.n and self.is_word(end):
            return None  # "..., 100% of the fare": the tag does not close its clause
        return self._clause_made_sure(t - 1, i, end)

    def _opening_tag(self, i: int) -> Shape | None:
        """A tag opening the clause it makes certain (`_opening_tag`): a certain outcome.

        What follows is the customer's matter told as fact or future ("100% ur sub renews at
        the old price"), or "no" and a charge ("guarantee no extra charge"); not a question,
        advice ("100% you should ask them"), nor another negated clause (left to the older
        rules, which read "guaranteed u won't pay the fee" at "guaranteed").
        """
        begin = _opening_tag(self.w, i)
        if begin < 0 or self.s.question:
            return None
        end = self.s.clause_end(self.s.clause[begin])
        said = self.w[begin:end]
        if len(said) < 3 or not _HEDGED.isdisjoint(said):
            return None
        if said[0] != "no" and not _NEGATIONS.isdisjoint(said):
            return None  # "100% you won't get a refund": a certain refusal; "guaranteed u
            # won't pay the ¥8,400" is the older rules' (`_guarantees`)
        kind = "no-charge" if said[0] == "no" else "forward"
        return Shape("certain outcome", kind, _tag_start(self.w, i) if i else i, i, end)

    def _state_made_sure(self, be: int, end: int) -> Shape | None:
        """What is said at `be` ("is 100% confirm") made certain, of anyone but the agent."""
        subject = self._subject(be)
        if subject.kind in {"first", "none", "there"} or subject.generic:
            return None
        end = min(end, self.s.clause_end(self.s.clause[be]))
        return Shape("certain outcome", "forward", subject.start, be, end)

    def _clause_made_sure(self, comma: int, i: int, end: int) -> Shape | None:
        """The clause before `comma` made certain by the tag at `i` ("..., 100%")."""
        start = self.s.clause_start[self.s.clause[comma - 1]]
        while start < comma and (not self.is_word(start) or self.w[start] in _OPENERS):
            start += 1
        said = self.w[start:comma]
        if len(said) < 3 or _SAID_OF.isdisjoint(said):
            return None
        no = next((k for k, x in enumerate(said) if x in _NEGATIONS), -1)
        if no < 0:
            return Shape("certain outcome", "forward", start, i, end)
        if _LOSSES.isdisjoint(said[no + 1 :]):
            return None  # "you won't get a refund, 100%": a certain refusal, not a promise
        return Shape("certain outcome", "no-charge", start, i, end)

    def _need_not_pay(self, i: int) -> Shape | None:
        """Read "You don't need (to) pay the shipping", "no need to pay the fee": no charge."""
        if self.word(i - 1) == "no":
            start = i - 1
        elif self.w[max(0, i - 3) : i] in (["you", "do", "not"], ["you", "will", "not"]):
            start = i - 3
        else:
            return None
        j = i + 1 + (self.word(i + 1) == "to")
        if self.word(j) != "pay":
            return None
        j += 1 + (self.word(j + 1) == "for")
        end = min(self.s.clause_end(self.s.clause[i]), j + 5)
        said = self.w[j:end]
        if not _NOT_NOW.isdisjoint(said) or _PAYABLE.isdisjoint(said):
            return None
        last = max(k for k in range(j, end) if self.w[k] in _PAYABLE) + 1
        return Shape("no-charge commitment", "no-charge", start, i, last)

    def _put_in(self, i: int) -> Shape | None:
        """Read "We put a £5 voucher in your wallet": a grant done (the past of "put" is "put")."""
        if self.word(i - 1) in FIRST:
            start = i - 1
        elif self._opens_clause(i):
            start = i
        else:
            return None
        obj = self._object(i + 1)
        if not obj.auth or obj.generic or obj.negated or not _PAPERWORK.isdisjoint(obj.words):
            return None
        k = obj.end
        if self.word(k) not in _PLACES or self.word(k + 1) not in {"your", "the"}:
            return None
        return completed(start, i, min(k + 3, self.s.clause_end(self.s.clause[k])))

    def _give_now(self, i: int) -> Shape | None:
        """Read "I give you the screen protector free": a grant in the present simple."""
        if self.word(i - 1) not in FIRST or self.word(i + 1) not in {"you", "ya"}:
            return None
        if i >= 2 and self.word(i - 2) not in {"", ".", ",", "so", "and", "then", "now"}:
            if self.is_word(i - 2):
                return None  # "when we give you ...", "so that we send you ...": not a grant
        obj = self._object(i + 2)
        end = min(self.s.clause_end(self.s.clause[i]), i + 12)
        free = -1
        for k in range(i + 2, end):
            if self.w[k] in FREE_WORDS and (
                k + 1 >= self.n or not self.is_word(k + 1) or self.w[k + 1] in _AFTER_FREE
            ):
                free = k
                break
        if free < 0 and not (obj.auth and not obj.generic):
            return None
        generic = not _EVERYONE.isdisjoint(self.w[i:end]) or obj.generic
        return committed(i - 1, i, free + 1 if free >= 0 else obj.end, generic=generic)

    def _is_base(self, i: int) -> Shape | None:
        """Read "Your money is return to card": a participle written as its base, a grant done."""
        if VERBS.get(self.w[i], ("", ""))[1] != "base":
            return None
        be = _be_before_base(self.w, i)
        if be < 0:
            return None
        nxt = self.word(i + 1)
        if nxt not in _BASE_AFTER and i + 1 < self.n and self.is_word(i + 1):
            return None
        subject = self._subject(be)
        if subject.kind != "np" or subject.generic:
            return None
        words = self.w[subject.start : be]
        money = not (_PAID_BACK | _SENT_BACK).isdisjoint(words)
        if self.w[i] in _BACK_VERBS and not money and SPARED.isdisjoint(words):
            return None  # what goes back is money or a fee: not "the delivery was return"
        if not (subject.auth or subject.charge or (money and self.w[i] in _BACK_VERBS)):
            return None  # (not "your order is send", "the booking was cancel")
        return completed(subject.start, i, i + 1 + (nxt in _BASE_AFTER))

    def _money_done(self, i: int) -> Shape | None:
        """Read "Deposit refunded in full": a headline, the customer's money and its participle."""
        k = i - 1
        if self.word(k) not in _MONEY:
            return None
        k -= self.word(k - 1) in {"your", "the"}
        if k > 0 and self.is_word(k - 1) and self.word(k - 1) not in {"and", "so", "ok"}:
            return None  # "the refunded deposit", "it was deposit refunded": not a headline
        end = i + 1 + 2 * (self.w[i + 1 : i + 3] == ["in", "full"])
        return completed(k, i, end)

    def _your_getting(self, i: int) -> Shape | None:
        """Read "ur getting 1,000 bonus gems as a sorry": the chat's "ur" for "you're"."""
        if self.word(i - 1) != "your":
            return None
        if i >= 2 and self.is_word(i - 2) and self.word(i - 2) not in _OPENERS:
            return None  # "the cost of your getting ...": a noun phrase, not a clause
        obj = self._object(i + 1)
        end = min(self.s.clause_end(self.s.clause[i]), i + 14)
        sorry = next((k for k in range(obj.end, end) if self.w[k] in _SORRY), -1)
        if obj.generic or obj.negated or not (obj.auth or sorry >= 0):
            return None
        return committed(i - 1, i, max(obj.end, sorry + 1))

    def _first_free(self, i: int) -> Shape | None:
        """Read "Your first month of Premium is free": the customer's first period, given."""
        if self.word(i - 1) not in {"is", "are"}:
            return None
        subject = self._subject(i - 1)
        if subject.kind != "np" or subject.generic:
            return None
        if self.w[subject.start : subject.start + 2] != ["your", "first"]:
            return None
        if i + 1 < self.n and self.is_word(i + 1) and self.w[i + 1] not in {"of", "as"}:
            return None  # "free for all new members", "free to join": not a grant of theirs
        return committed(subject.start, i - 1, i + 1)

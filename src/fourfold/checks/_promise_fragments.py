"""Promises said in fragments: a headline, a list's line, or a chat reply.

A reply in a chat or a summary often leaves out what a sentence would hold: "Refund
processed!", "Fee waived.", "Waived it for you", "ok refunded u", "$510 refunded to your
Visa", "Refund for the shipping: **issued**". `FragmentReader` reads these completed
authority actions (and the guarantee "That's a promise."); the rules that read whole
clauses are built on it (`_promise_shapes`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from ._authority import AUX, VERBS
from ._guarantees import GuaranteeReader, Shape, committed, completed
from ._lexicon import (
    APPROVING,
    CHARGE_NOUNS,
    CHARGE_VERBS,
    COST_NOUNS,
    DATED_DAYS,
    GENERIC_NOUNS,
    GIVE_VERBS,
    OWNED_DETERMINERS,
    PRONOUNS,
    SELF_VERBS,
    is_amount,
)
from ._money import CARD_NETWORKS, is_payment_method
from ._promise_agents import agent_end, prefixed_amount
from ._promise_folios import nothing_end

__all__ = [
    "CAPTURES",
    "CHAT_MOVES",
    "HEADLINE_NOUNS",
    "SENT",
    "FragmentReader",
    "after_label",
    "label_value",
]

_CHAT_OPENERS = frozenset(
    {"just", "already", "also", "now", "ok", "okay", "k", "so", "and", "+", "&", "all",
     "right", "sure", "yep", "yes", "np", "done", "sorted"}
)  # fmt: skip
"""What may stand before a past verb that opens a chat reply's clause ("ok refunded u")."""

_BARE_GRANT_ENDS = frozenset({"of", "to", "for", "on", "onto", "against"})
"""After a grant named with no article: its sum, or where it goes ("credit of €15 to")."""

_OTHERS_OPENING = frozenset({"the", "he", "she", "they", "his", "her", "their", "someone"})
"""Words opening a clause whose subject is someone else's, not the chat's missing "I"."""

_CHAT_OBJECTS = frozenset(
    {"it", "you", "ya", "your", "them", "that", "this", "the", "both", "everything", "those"}
)
"""What may follow it: something of this customer's ("Waived it for you")."""

_CHAT_WHEN = frozenset({"last", "yesterday", "today", "earlier"})
"""After a verb that gives by itself, when it gave ("Refunded last month (£34.99)"), as a
month's short name is ("Reversed Feb and Mar dues"): the ninth pass over the backlog."""

CHAT_MOVES = frozenset({"bump", "upgrade", "move", "take", "knock", "add"})
"""Verbs whose object says whether they give, read with the "I" chat leaves out as with
it (`_authority`): "bumped u to the deluxe room, no extra cost", "took off the fee u paid",
"added 10GB free data to ur line", "added 500 gems as a sorry" (the ninth pass over the
promise backlog: rounds of chat replies that drop the agent's "I")."""


_WHEN = frozenset(
    {"today", "yesterday", "now", "just", "already", "earlier", "this", "morning",
     "afternoon", "evening", "in", "full", "and", "&", "+"}
)  # fmt: skip
"""What may follow a label's value ("Replacement: shipped today", "Refund: issued in full")."""

_JOINING = frozenset({"and", "+", "&", "with"})
"""Before a sum that opens its clause: what joins it to the clause before ("... and $40 back
to your card")."""

_MEANS_OPENERS = frozenset({"the", "same", "original", "registered", "saved"})
_BARE_MEANS = frozenset({"card", "account", "wallet", "visa", "mastercard", "amex", "paypal"})
"""A means of payment named bare after "to" in a summary line ("Refunded to card")."""

_UNIT_NOUNS_BARE = frozenset({"finance", "billing", "accounts", "retentions", "us"})
"""After "by" in a value, a unit of ours named bare ("refunded by finance 12 Jun")."""

_MONTHS = frozenset({"jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
                     "nov", "dec"})  # fmt: skip
"""A month's short name, in a date after a label's value (`DATED_DAYS` has the long)."""

AUTH_WORDS_DONE = frozenset(
    {"refund", "credit", "replacement", "reversal", "waiver", "upgrade", "exchange", "cashback"}
)
"""What "done" or "sorted" after it says was given: "refund done", "replacement sorted"."""

_PROPOSING = re.compile(
    r"(?i)\b(?:shall\s+i|should\s+i|do\s+you\s+want\s+me\s+to|would\s+you\s+like\s+me\s+to"
    r"|reply\s+\W*yes|please\s+confirm|to\s+confirm|about\s+to|please\s+review|can\s+you\s+confirm)\b"
)
"""A reply that asks before acting: its labelled details are proposed, not done."""


@lru_cache(maxsize=8)
def proposes(text: str) -> bool:
    """The reply asks before acting (`_PROPOSING`).

    Searched once per text however many of its lines hold a labelled sum (a string keeps its
    hash, so each later lookup costs nothing): linear in the text, as every rule is.
    """
    return _PROPOSING.search(text) is not None


def after_label(words: list[str], i: int) -> bool:
    """The word at `i` follows a colon, past a few marks ("Refund: **issued**").

    `_promises.may_match` lets a sentence through on it: `FragmentReader._fragment` reads
    a label's value.
    """
    for k in range(i - 1, max(-1, i - 5), -1):
        if words[k] == ":":
            return True
        if words[k][:1].isalnum() or words[k][:1] in "$£€¥":
            return False
    return False


_MARKS = frozenset({"*", "**", "_", "__"})
"""Emphasis marks around a label ("**What we'll do:**")."""


def label_value(words: list[str], k: int) -> int:
    """Where the value of a label ending at `k` starts, or -1 when no colon ends it there.

    "What we'll do: refund ...", "**What we'll do next:** waive ...": `k` is the token
    after the label's last word; a word of time ("next", "now") and emphasis marks may
    stand before the colon, and marks after it.
    """
    n = len(words)
    k += k < n and words[k] in {"next", "now", "instead"}
    while k < n and words[k] in _MARKS:
        k += 1
    if k >= n or words[k] != ":":
        return -1
    k += 1
    while k < n and words[k] in _MARKS:
        k += 1
    return k


_ISSUED = frozenset(
    {"issue", "process", "apply", "approve", "complete", "send", "pay", "execute"}
)  # fmt: skip
"""A table's verbs that say the row's grant was given ("| Refund | €54.20 | Issued |", "|
Refund of the fare | Executed |": a non-native reply's "carried out")."""

_PENALTIES = frozenset(
    {"fee", "fees", "charge", "charges", "penalty", "penalties", "surcharge", "fine", "fines"}
)  # fmt: skip
"""A status row's charge that a charge verb takes away: "| Penalty for the change | Cancelled |"
(not "| Payment | Cancelled |", the customer's own)."""

_OFFERING = frozenset({"can", "could", "would", "may", "might"})
"""Before "with the fee waived": an option offered, not an act."""

_AS_SOLD = frozenset({"is", "are", "come", "comes", "get", "gets", "include", "includes"})
"""Before "with the fee waived": what a product is or has, for everyone, not an act."""

_TAKEN_OFF = frozenset({"removed", "reversed", "cleared", "wiped", "deleted", "struck"})
"""A label's value that takes its charge off "from your account" (not "deducted", a debit)."""

_HELD_BY_YOU = frozenset({"account", "bill", "invoice", "statement", "folio", "balance"})

_STRUCK = (CHARGE_VERBS - {"cancel"}) | SELF_VERBS
"""A table's verbs that take an amount away or give it ("| $245 | Removed |", "| $15 |
Waived |"; not "| $40 | Cancelled |", a plan's price)."""


_UNDOING = frozenset({"refund", "reverse", "reimburse", "credit", "void", "waive", "forgive"})
"""A label's values that give a charge back: "Charge for the mud flaps: refunded to your card"
(the label names the charge, not a grant)."""

_REFERRED = frozenset({"order", "booking", "ticket", "case", "invoice", "claim"})
"""Before "#" and a number in a label, what the reference names (`_reference`)."""

_DOTS = frozenset({"·", "•", "|"})
"""What parts a status line's items ("Return approved · £74.00 refunded · Nothing to do")."""

SENT = frozenset({"pay", "send", "transfer", "deposit", "return", "release"})
"""Verbs that give a sum to the customer when it goes "to your" account ("£412.50 paid to your
bank account", not "£20 paid by card")."""


_CLAUSE_WORDS = frozenset(
    {"after", "before", "when", "since", "because", "once", "until", "as", "you", "we", "i",
     "they", "he", "she"}
)  # fmt: skip
"""Between "with" and a participle, words that open a clause of its own: then the
participle is that clause's verb, not a charge's state ("with the debit after you
cancelled")."""


_FREE_AFTER = {"free": ("of", "charge"), "at": ("no", "cost")}
"""After a label's value, how it was given, as a time may follow it: "dispatched free of
charge", "shipped at no cost" (`_value_ends`)."""

_DASHES = frozenset({"—", "–", "-"})
"""A dash that parts a status line's label from its value ("Refund — processed")."""

_GIVEN_AS = frozenset({"goodwill", "a", "agreed", "promised", "discussed", "courtesy"})
"""After "as", past a fragment's verb: how it was given ("waived as goodwill", "as agreed")."""

VOIDED_BILLS = frozenset({"invoice", "invoices", "bill", "bills"})
"""A bill a fragment's verb may void, as it takes off a charge: "the March invoice cancelled"
(a charge of the customer's, whole); only with `_VOIDING` (not "invoice sent", "bill paid")."""

CAPTURES = frozenset({"capture", "captures"})
"""A card payment taken, in a payments log's words (dev round 247): "[14:06] Second capture
voided and refunded to card" takes a charge away, as "Second charge voided" does."""

HEADLINE_NOUNS = CHARGE_NOUNS | VOIDED_BILLS | CAPTURES
"""The charges a headline's verb may take away: "Fee waived.", "Invoice cancelled."."""

_VOIDING = frozenset(
    {"cancel", "annul", "void", "waive", "reverse", "scrap", "delete", "wipe", "write", "zero",
     "nix", "remove", "credit"}
)  # fmt: skip
"""The verbs that take a whole bill away: "invoice cancelled", "bill written off"."""

_REISSUED = frozenset(
    {"reissued", "re-issued", "replaced", "resent", "re-sent", "corrected", "amended",
     "regenerated", "redone", "recreated", "rebilled", "re-billed"}
)  # fmt: skip
"""After a voided bill and "and": a bill made again, so nothing forgiven ("Invoice cancelled
and reissued to the new company name")."""

_LEVIED_NOUNS = frozenset(
    {"fee", "fees", "charge", "charges", "penalty", "penalties", "surcharge", "fine", "fines",
     "overage", "overages"}
)  # fmt: skip
_LEVIED = frozenset({"added", "applied", "charged", "imposed", "levied", "raised"})
"""After a charge's noun and its sum in a fragment: the charge made ("overage charge of
NZ$48.10 added", round 294, once "NZ$48.10" reads as one amount, `_money.merge_prefixed`)."""

_PARTICLES = frozenset({"off", "down"})
"""After a charge verb in a fragment, its own particle: "Balance written off.", "Late fee
knocked off", "Fare adjusted down" (a charge taken away or lowered, as the verb alone says
in "Fee removed."). A charge brought to nothing is taken away too: "Balance adjusted from
$1,110 to $0" (`_promise_folios.nothing_end`)."""

_WHOLE = (("in", "full"), ("in", "its", "entirety"))
"""After a fragment's verb: the act done whole ("the charge cancelled in full")."""


class FragmentReader(GuaranteeReader):
    """The rules for promises said without a whole clause."""

    def _headline(self, i: int, w: str) -> Shape | None:
        """Completed authority action said without a verb, as in a headline.

        "Refund processed!", "Fee waived.", "Refunded!"; and the guarantee "That's a
        promise."
        """
        form = VERBS.get(w, ("", ""))
        if form[1] == "past":
            if form[0] in SELF_VERBS - {"restore", "reinstate"} and self._alone(i):
                return completed(i, i, i + 1)
            return self._fragment(i, form[0])
        if (
            w == "promise"
            and self.word(i - 1) == "a"
            and self.word(i - 2) == "is"
            and self.word(i - 3) == "that"
        ):
            return Shape("explicit guarantee", "guarantee", i - 3, i, i + 1)  # "That's a promise."
        if not (self._auth_noun(i) or w in HEADLINE_NOUNS):
            return None
        y = self.word(i + 1)
        if w in VOIDED_BILLS and VERBS.get(y, ("", ""))[0] not in _VOIDING:
            return None  # "the March invoice cancelled" (not "invoice sent")
        start = self._under_way(i) if w != "back" else -1
        if start >= 0:
            return completed(start, i, i + 2 + (y != "underway"))
        if w == "back" and y in {"to", "on", "into"} and self.word(i + 2) == "your":
            # "Refund: $2,580 back to your gift card": a label's value, money given back
            if self.label_names(i - 1) and self.s.condition_next[i] < 0:
                return completed(i - 1, i, i + 1)
            if self._sum_opens(i - 1) and self.s.condition_next[i] < 0:
                return completed(i - 1, i, i + 1)
            return None
        value = label_value(self.w, i + 1) if w in AUTH_WORDS_DONE else -1
        if value >= 0 and is_amount(self.word(value)) and self._sent_to_customer(value + 1):
            # "- Refund: $876.40 → credit_card_7703145": a label's sum, sent to the customer
            # (not in the details of what is proposed: "please review ... Shall I go ahead?")
            if self.s.condition_next[value] >= 0 or proposes(self.text):
                return None
            return completed(i, i, value + 1)
        # "Change fee of £75 waived", "Roaming charges of A$212.40 reversed" (`_promise_agents`)
        of = prefixed_amount(self.s.tokens, i + 2) - i if y == "of" else 0
        of = max(of, 0)
        of = of or self._its_phrase(i)  # "double charge for the concert tickets cancelled"
        of = of or self._bracketed_sum(i)  # "late payment penalty (₹500) removed"
        of = of or int(is_amount(y) and y != self.word(i))  # "Duplicate charge $189 reversed"
        of += self.word(i + 1 + of) in {"already", "just", "now"}  # "fee of $64 already credited"
        of += self.word(i + 1 + of) in _DASHES and w in AUTH_WORDS_DONE  # "Refund — processed"
        y = self.word(i + 1 + of)
        if of and w in _LEVIED_NOUNS and y in _LEVIED:
            return None  # "Data overage charge of US$48.10 added": a charge made, none lifted
        done = y in {"done", "sorted"} and w in AUTH_WORDS_DONE  # chat: "refund done ✅"
        if not done and (y not in VERBS or VERBS[y][1] != "past"):
            return None
        # the noun opens its clause, after at most a determiner ("OK, the refund processed")
        # and marks ("- ✅ **$35 activation fee waived**")
        start = self.s.clause_start[self.s.clause[i]]
        while start < i and not self.is_word(start):
            start += 1
        if i - start > 3 or any(self.w[k] in AUX for k in range(start, i)):
            return None
        gap = agent_end(self.s.tokens, i + 2 + of)  # "reversed by our Billing team"
        gap = gap if gap >= 0 else i + 2 + of
        verb = VERBS[y][0] if not done else "refund"
        if self.word(gap) in _PARTICLES and verb in CHARGE_VERBS and w in CHARGE_NOUNS:
            gap += 1  # "Balance written off.", "Late fee knocked off": the verb's own particle
        nothing = nothing_end(self.w, gap) if verb in CHARGE_VERBS else -1
        gap = nothing if nothing >= 0 else gap  # "Balance adjusted from $1,110 to $0"
        after = self.s.tokens[gap] if gap < self.n else None
        onward = self.word(gap + 1 + (self.word(gap + 1) in {"to", "into", "onto"}))
        if after is not None and after.is_word and after.word not in {"and"}:
            # "- Late fee of €19 credited back to your account", "Refund issued to your card"
            # "Second payment refunded to Visa ending 8812": the card named by its network
            yours = onward in {"your", "the"} or onward in CARD_NETWORKS
            sent = after.word in {"back", "to", "into", "onto"} and yours
            # "✔ $15 data add-on charge credited back": given back, and the line ends
            sent = sent or (after.word == "back" and not self.is_word(gap + 1))
            # "fee of $45 waived as goodwill": how it was given, not what it waits for
            sent = sent or (after.word == "as" and self.word(gap + 1) in _GIVEN_AS)
            # "penalty removed from March statement": taken off a bill of theirs
            off = after.word == "from" and y in _TAKEN_OFF and self._a_bill(gap + 1)
            sent = sent or (off and self.s.condition_next[i] < 0)
            # the line's own clause, or a label's value, not "... and the fee"
            labelled = self.s.clause[i] > 0 and self.s.boundary[self.s.clause[i]] == ":"
            whole = any(tuple(self.w[gap : gap + len(x)]) == x for x in _WHOLE)  # "in full"
            if not whole and (not sent or (self.s.clause[i] > 0 and not labelled)):
                return None
        base = verb
        if w in CAPTURES and base not in SELF_VERBS:
            return None  # "Capture processed": a payment taken, not given back
        if w in VOIDED_BILLS and after is not None and after.word == "and":
            if self.word(gap + 1) in _REISSUED:
                return None  # "Invoice cancelled and reissued": a bill corrected, not voided
        if (
            base in SELF_VERBS
            or base in GIVE_VERBS
            or base in APPROVING
            or (base in CHARGE_VERBS and w in CHARGE_NOUNS)
            or (base in _VOIDING and w in VOIDED_BILLS)
        ):
            return completed(i, i, max(i + 2 + of, gap))
        return None

    def _its_phrase(self, i: int) -> int:
        """How many words a phrase after the noun at `i` that says which it is holds, or 0.

        "double charge for the concert tickets cancelled", "fee on your May bill reversed":
        "for" or "on", then at most five words, none a pronoun, an auxiliary or a verb of
        authority but the past verb that ends it (not "refund for the order you returned").
        """
        if self.word(i + 1) not in {"for", "on"}:
            return 0
        for k in range(i + 2, min(self.n, i + 8)):
            x = self.w[k]
            if not self.is_word(k) or x in PRONOUNS or x in AUX or x in _CLAUSE_WORDS:
                return 0
            if x in VERBS:
                return k - i - 1 if VERBS[x][1] == "past" and k > i + 2 else 0
        return 0

    def _bracketed_sum(self, i: int) -> int:
        """3 when a sum in brackets follows the noun at `i` ("penalty (₹500) removed"), or 0."""
        bracketed = self.word(i + 1) == "(" and self.word(i + 3) == ")"
        return 3 if bracketed and is_amount(self.word(i + 2)) else 0

    def _a_bill(self, j: int) -> bool:
        """From `j`, a bill of the customer's ("your bill", "March statement", "the invoice").

        At most two words before the bill's noun, each a determiner, a month or a word of
        time ("this month's statement"), none a pronoun, auxiliary or verb.
        """
        for k in range(j, min(self.n, j + 3)):
            x = self.w[k]
            if x in _HELD_BY_YOU:
                return True
            if not self.is_word(k) or x in PRONOUNS - {"your"} or x in AUX or x in VERBS:
                return False
        return False

    def _sent_to_customer(self, k: int) -> bool:
        """At `k`: "→" or "to", then "your" or a payment method's id ("back to" is its own)."""
        if self.word(k) not in {"→", "to", "onto"}:
            return False
        return self.word(k + 1) == "your" or is_payment_method(self.word(k + 1))

    def _under_way(self, i: int) -> int:
        """Where what needs authority at `i`, said under way as a status has it, starts; or -1.

        "Full reimbursement under way", "refund in progress — back on your card by Friday":
        the noun opens its clause after at most two of "full", "your"... (not "a review of
        your refund is under way"), and no condition follows.
        """
        y, z = self.word(i + 1), self.word(i + 2)
        if not ((y, z) in {("under", "way"), ("in", "progress")} or y == "underway"):
            return -1
        if not self._auth_noun(i) or self.s.condition_next[i] >= 0:
            return -1
        start = self.s.clause_start[self.s.clause[i]]
        while start < i and not self.is_word(start):
            start += 1
        before = self.w[start:i]
        if len(before) > 2 or not set(before) <= {"full", "your", "the", "a", "partial"}:
            return -1
        return start

    def _with_spared(self, i: int, base: str) -> Shape | None:
        """A charge waived by a "with" that goes with another act, its participle at `i`.

        "Processed return authorisation RA-5531 with the restocking fee waived", "I've
        moved you to the 9am flight with the change fee removed": "with", the charge (a
        determiner and at most four words, a charge's noun among them), then the verb of
        authority; done, or to come after "will". Not offered ("we can rebook you with the
        fee waived": "can", "could", "would", "may" or "might" in the few words before), nor
        how something is sold ("annual plans are sold with the setup fee waived").
        """
        if base not in SELF_VERBS and base not in CHARGE_VERBS:
            return None
        j = next((k for k in range(i - 2, max(-1, i - 7), -1) if self.w[k] == "with"), -1)
        if j < 0 or self.word(j + 1) not in {"the", "your", "all", "any", "that", "its"}:
            return None
        said = self.w[j + 1 : i]
        if CHARGE_NOUNS.isdisjoint(said) or any(x in AUX or not x.isalnum() for x in said):
            return None
        if not _CLAUSE_WORDS.isdisjoint(said):
            return None  # a clause of its own: "with the direct debit after you cancelled"
        before = self.w[max(0, j - 8) : j]
        if not (_OFFERING | _AS_SOLD).isdisjoint(before) or not GENERIC_NOUNS.isdisjoint(before):
            return None  # (and what is sold so: "annual plans are sold with the fee waived")
        future = "will" in before or "going" in before
        return (committed if future else completed)(j, i, i + 1)

    def _fragment(self, i: int, base: str) -> Shape | None:
        """A past verb of authority after an amount or a label, as a list or summary has it.

        "$510 refunded to your Visa", "Net result: $510 refunded"; "Refund for the shipping:
        **issued**", "Replacement: shipped today", "Late fee: removed" (a label names what
        needs authority, its value is the verb alone, and what follows is a time or the
        customer's account). "$510 refunded if you cancel" is conditional.
        """
        spared = self._with_spared(i, base)
        if spared is not None:
            return spared
        s = self.s
        c = s.clause[i]
        start = s.clause_start[c]
        k = i - 1
        while k >= start and k > i - 5 and not self.is_word(k):
            k -= 1
        if k < start and s.boundary[c] == "(" and base in _STRUCK and c > 0:
            # "Price difference: $60.78 (refunded to your Mastercard)"; a bill's row struck
            # off, "Minibar — €18.00 (removed)", unless the row names a grant ("Discount —
            # $10 (removed)": a grant taken away)
            amount = start - 1
            opens = not any(self.is_word(x) for x in range(s.clause_start[c - 1], amount))
            struck = base in SELF_VERBS or not any(map(self._auth_noun, range(amount - 6, amount)))
            if is_amount(self.word(amount)) and opens and struck and s.condition_next[i] < 0:
                return completed(amount, i, i + 1)
            return None
        row = self._status_row(i, base) if k < start else -1
        if row >= 0:
            return completed(row, i, i + 1)
        granted = base in _ISSUED and c > 1 and self._names_grant(c - 2)
        if k < start and s.boundary[c] == "|" and c > 0 and (base in _STRUCK or granted):
            # a table's row: "| Minibar – wine | DKK 245 | Removed |", the amount's cell
            # before the verb's alone; or "| Refund | €54.20 | Issued ✅ |", the row a grant
            cell = [x for x in range(s.clause_start[c - 1], start) if self.is_word(x)]
            then = i + 1 + (self.word(i + 1) == "back")  # "| **Credited back** |"
            by = agent_end(s.tokens, then)  # "| Approved by Baggage Services |"
            then = by if by >= 0 else then
            alone = then >= s.clause_end(c) or not self.is_word(then)
            # "| Return postage £3.95 | Refunded to card |": given back to the customer's means
            yours = self.word(then + 1) in {"your", "you"} or self._to_means(then + 1)
            to_means = self.word(then) in {"to", "into", "onto"} and yours
            alone = alone or (to_means and base in _UNDOING)
            if alone and len(cell) == 1 and is_amount(self.w[cell[0]]):
                return completed(cell[0], i, i + 1)
            # "| £62.10 data overage charge | Credited back |": a charge's row, given back
            words = {self.w[x] for x in cell}
            costs = CHARGE_NOUNS if base not in _UNDOING else CHARGE_NOUNS | COST_NOUNS
            charge_row = any(map(is_amount, words)) and not costs.isdisjoint(words)
            if alone and charge_row and base in SELF_VERBS and cell:
                return completed(cell[0], i, then)
            return None
        dot = next((x for x in range(k - 1, max(start, k - 6) - 1, -1) if self.w[x] in _DOTS), -1)
        start = max(start, dot + 1)
        if k >= start and self.is_word(k):
            # an amount before it, and nothing but marks before the amount (or a status
            # line's dot: "Return approved · £74.00 refunded to Mastercard ••7720")
            # "- £412.50 paid to your bank account today": a sum paid or sent to the customer
            sent = base in SENT and self.word(i + 1) in {"to", "into", "back"}
            sent = sent and "your" in self.w[i + 1 : i + 4]
            k = self._charge_sum(k, start)  # "$90 locker fees credited back": the sum is it
            if not ((base in SELF_VERBS or sent) and is_amount(self.w[k]) and k - start <= 4):
                return None
            if any(self.is_word(x) for x in range(start, k)) or s.condition_next[i] >= 0:
                return None
            return completed(k, i, i + 1)
        if k >= start or c == 0 or s.boundary[c] != ":":
            return None
        if not (self._value_ends(self._by_agent(i + 1)) or self._off_yours(i)):
            return None
        label = range(s.clause_start[c - 1], start)
        # a label holds no subject: "We: refunded" is a sentence, not a label and its value
        if len(label) > 10 or any(self.w[x] in AUX or self.w[x] in PRONOUNS for x in label):
            return None
        charged = any(self.w[x] in CHARGE_NOUNS for x in label)
        names = charged if base in CHARGE_VERBS else any(self._auth_noun(x) for x in label)
        names = names or (charged and base in _UNDOING)  # "$349 charge for the mats: refunded"
        # "Return postage £3.95: refunded to card": a cost of the customer's, given back
        names = names or (base in _UNDOING and any(self.w[x] in COST_NOUNS for x in label))
        names = names or (base in SELF_VERBS and self._reference(label))  # "- #7741: refunded"
        if not names or base not in SELF_VERBS | GIVE_VERBS | APPROVING | CHARGE_VERBS:
            return None
        first = next(x for x in label if self.is_word(x))
        return completed(first, i, i + 1)

    def _reference(self, label: range) -> bool:
        """The label is an order's or a booking's reference alone: "#7741", "Order #A-2207".

        An order summary lists each order by its number, and a verb that needs authority
        whatever its object ("refunded", "credited") is then said of the customer's order
        (round 251: "- #7741: refunded in full ($58.20)"); a shipping verb is not.
        """
        said = [self.w[x] for x in label if self.is_word(x) or self.w[x] == "#"]
        said = said[1:] if said[:1] and said[0] in _REFERRED else said
        return said[:1] == ["#"] and len(said) == 2 and any(c.isdigit() for c in said[1])

    def _charge_sum(self, k: int, start: int) -> int:
        """The amount that heads the charge named at `k`, or `k` ("$90 locker fees").

        A sum, at most two words naming the charge, then its noun: "$90 locker fees
        credited back to member account" says the sum was given back, as "$90 credited" does.
        """
        if self.w[k] not in CHARGE_NOUNS:
            return k
        for x in range(k - 1, max(start, k - 4) - 1, -1):
            if is_amount(self.w[x]):
                return x
            if not self.is_word(x) or self.w[x] in PRONOUNS or self.w[x] in AUX:
                return k
        return k

    def _value_ends(self, j: int) -> bool:
        """After a label's value, only a time, "and", or the customer's account follows.

        Or how it was given, free (`_FREE_AFTER`: "Replacement: dispatched free of charge").
        """
        s = self.s
        end = s.clause_end(s.clause[j - 1])
        k = j - 1
        while k + 1 < min(end, j + 8):
            k += 1
            x = self.w[k]
            if not self.is_word(k) or x in _WHEN or x in DATED_DAYS or x in _MONTHS:
                continue
            free = _FREE_AFTER.get(x)
            if free is not None and tuple(self.w[k + 1 : k + 1 + len(free)]) == free:
                k += len(free)  # "Replacement: dispatched free of charge ✔"
                continue
            if x[:1].isdigit() and self.word(k - 1) not in {"to", "into"}:
                continue  # a date: "Replacement: dispatched 12 Apr"
            if x == "on" and (self.word(k + 1)[:1].isdigit() or self.word(k + 1) in DATED_DAYS):
                continue  # "dispatched on 12 Apr", "shipped on Monday"
            return x in {"to", "on", "into"} and (
                self.word(k + 1) in {"your", "you"} or self._to_means(k + 1)
            )
        return end <= j + 8

    def _sum_opens(self, k: int) -> bool:
        """The amount at `k` opens its clause, before "back to your ...", with no verb.

        A recap gives the money back in a clause of its own (the dev split's backlog:
        "All set - res 4WQ150 cancelled, $654.00 back on your Visa ending 1120", "- £21.85
        back to your Apple Pay"): only marks, "and", "+" or "&" stand before the sum in its
        clause. Not "you'll get $40 back ..." (read as the customer's receiving), nor "spend
        $50, get $10 back on your card" (a verb before the sum), nor after a label's colon.
        """
        if not is_amount(self.word(k)) or self.s.boundary[self.s.clause[k]] == ":":
            return False  # "Total: $40 back to your card": a label's, read by `label_names`
        start = self.s.clause_start[self.s.clause[k]]
        return all(not self.is_word(x) or self.w[x] in _JOINING for x in range(start, k))

    def _to_means(self, k: int) -> bool:
        """From `k` (after "to"), the customer's means of payment, named bare.

        A summary line gives money back "to card", "to PayPal", "to Visa ending 2291" or "to
        the original card" with no "your" (the backlog of the dev split: "Return postage
        £3.95: Refunded to card", "Refund: issued to PayPal, 21 Feb"): "the", "same" or
        "original" may stand first, then a card, wallet or account, a card's network, or a
        payment method's id. Not "to the bank" (whose?), nor "to us".
        """
        while self.word(k) in _MEANS_OPENERS:
            k += 1
        x = self.word(k)
        return x in _BARE_MEANS or x in CARD_NETWORKS or is_payment_method(x)

    def _by_agent(self, j: int) -> int:
        """After a value's verb at `j - 1`, the end of "by" and a unit of ours, or `j`.

        "Delivery charge: refunded by finance 12 Jun", "| Refunded by Finance |": who did it
        is ours, so the value still reports the grant as done.
        """
        if self.word(j) != "by":
            return j
        if self.word(j + 1) in _UNIT_NOUNS_BARE:
            return j + 2
        by = agent_end(self.s.tokens, j)
        return by if by >= 0 else j

    def _off_yours(self, i: int) -> bool:
        """The value at `i` takes a charge off the customer's account, and the line ends.

        "Roaming charges 12–15 March: removed from your account" (not "deducted from your
        account", a debit, which `_value_ends` lets through no more than this does).
        """
        if self.w[i] not in _TAKEN_OFF or self.w[i + 1 : i + 3] != ["from", "your"]:
            return False
        return self.word(i + 3) in _HELD_BY_YOU and not self.is_word(i + 4)

    def _names_grant(self, c: int) -> bool:
        """Clause `c`, a table's cell, names what needs authority ("| Refund |")."""
        cell = range(self.s.clause_start[c], self.s.clause_end(c))
        return len(cell) <= 4 and any(self._auth_noun(x) for x in cell)

    def _chat_opener(self, i: int) -> bool:
        """The past verb at `i` opens its clause with no subject, and takes this customer.

        Before it, only "just", "already", "ok", "so" and other past verbs joined by "and",
        "+" or "&" ("Cancelled + refunded"); after it, the end of its clause or an object
        of this customer's ("it", "you", "your", "the", an amount). "Refunded items are
        shown in grey" is a noun after an adjective, not an action.
        """
        s = self.s
        c = s.clause[i]
        start = s.clause_start[c]
        if i - start > 4:
            return False
        if c > 0 and s.boundary[c] in {"and", "+", "&"} and self._someone_else_before(c):
            return False  # "the engineer has finished the repair and replaced the valve"
        for k in range(start, i):
            x = self.w[k]
            if not self.is_word(k) or x in _CHAT_OPENERS:
                continue
            if VERBS.get(x, ("", ""))[1] == "past" and self.w[k + 1] in {"and", "+", "&"}:
                continue
            return False
        if i + 1 >= s.clause_end(s.clause[i]) or not self.is_word(i + 1):
            return True
        nxt = self.w[i + 1]
        if nxt in {"a", "an"}:  # "Just applied a $100 credit": only what needs authority
            return VERBS[self.w[i]][0] in GIVE_VERBS and self._auth_noun_within(i + 2)
        if self._bare_grant(i):
            return True  # a case note's "Applied courtesy credit of €15 to account 88-2201"
        if nxt in _CHAT_WHEN or nxt in _MONTHS:
            return VERBS[self.w[i]][0] in SELF_VERBS  # "Refunded last month", not "Added today"
        if nxt == "off":
            return VERBS[self.w[i]][0] in {"take", "knock"}  # "took off the fee u paid"
        return nxt in _CHAT_OBJECTS or nxt[0] in "$£€" or nxt[0].isdigit()

    def _chat_takes(self, i: int) -> bool:
        """The past verb at `i`, its "I" left out (`_chat_opener`), is an act of authority.

        A verb that gives by itself ("Waived it"), or one that gives "a", "an" or "you"
        something ("gave u a full refund") or a sum of it ("Applied $50 goodwill credit to the
        account", a case note's), or takes a sum off: "Just knocked $10 off the
        order total" (not "Paid $10 off the balance", the customer's payment, nor "off my
        order", the customer's words).
        """
        base = VERBS[self.w[i]][0]
        if base in SELF_VERBS or self.word(i + 1) in {"a", "an", "you", "ya"}:
            return True
        acting = base in GIVE_VERBS | CHARGE_VERBS | APPROVING
        if acting and self.word(i + 1) in OWNED_DETERMINERS:
            return True  # "Sorted ur refund", "Approved ur return": the act read by `_verb`
        if base in GIVE_VERBS and is_amount(self.word(i + 1)) and self._auth_noun_within(i + 2):
            return True  # a case note's "Applied R750 goodwill credit", its article left out
        if self._bare_grant(i):
            return True  # "Issued full refund to the card": the article left out, no sum
        off = is_amount(self.word(i + 1)) and self.word(i + 2) == "off"
        if off:
            return base in CHARGE_VERBS and self.word(i + 3) != "my"
        # "bumped u to the deluxe room", "took off the fee", "added 500 gems as a sorry":
        # the object, read as after "I", says whether it gives (`_chat_opener` let it open)
        nxt = self.word(i + 1)
        if base == "add" and "(" in self.w[i + 1 : i + 6]:
            return False  # "Added 3 checked bags (with 2 free as a gold member)": a purchase
        return base in CHAT_MOVES and (
            nxt in {"you", "ya", "off"} or nxt in OWNED_DETERMINERS or nxt[:1].isdigit()
        )

    def _bare_grant(self, i: int) -> bool:
        """The giving verb at `i` takes a grant with its article left out, as a case note has it.

        "Applied courtesy credit of €15 to account ...", "Issued full refund to the card":
        the grant's noun next, or after one word naming it, then "of", "to", "for", "on" or
        the clause's end (not "Applied discount codes are listed below", a noun's modifier).
        """
        if VERBS[self.w[i]][0] not in GIVE_VERBS:
            return False
        end = self.s.clause_end(self.s.clause[i])
        for k in (i + 1, i + 2):
            if k < end and self.is_word(k) and self._auth_noun(k):
                k += k + 1 < end and self._auth_noun(k + 1)  # "goodwill credit": one grant
                then = self.word(k + 1)
                return k + 1 >= end or not self.is_word(k + 1) or then in _BARE_GRANT_ENDS
        return False

    def _someone_else_before(self, c: int) -> bool:
        """Clause `c - 1` opens with a subject not I or we ("the engineer has ...")."""
        k = self.s.clause_start[c - 1]
        k += not self.is_word(k)
        return self.word(k) in _OTHERS_OPENING

    def _auth_noun_within(self, j: int) -> bool:
        """Something that needs authority among the four words from `j` ("$100 courtesy credit")."""
        return any(self._auth_noun(k) for k in range(j, min(self.n, j + 4)))

    def _status_row(self, i: int, base: str) -> int:
        """Where a status table's row that gives a grant starts, its verb at `i`; or -1.

        "| Overcharge refund (£22.50) | Issued |", "| Credit for the outage | Applied |": the
        verb alone in the row's last cell, and the cell before it naming what needs
        authority (its first eight tokens, an amount in brackets among them), or a charge
        its verb takes away ("| Late fee | Cancelled |"), with no
        auxiliary or negation ("| Refund | Not issued |" has "not" in the verb's cell). The
        verb may name the business as its agent: "| Approved by Baggage Services |"
        (`_promise_agents`), or say where the grant went, as a label's value may: "| Refund
        of ₹4,299 | Issued to your UPI ID |" (`_value_ends`: a time, or "to your ...").
        """
        by = agent_end(self.s.tokens, i + 1)  # "| Approved by Baggage Services |"
        if self.word(i - 1) != "|" or not 2 < i <= 12:
            return -1
        if self.is_word(max(by, i + 1)) and not (by < 0 and self._value_ends(i + 1)):
            return -1
        if base not in _ISSUED | SELF_VERBS | CHARGE_VERBS or self.word(0) != "|":
            return -1
        cell = [k for k in range(1, i - 1) if self.is_word(k)]
        if not cell or any(self.w[k] in AUX or self.w[k] in {"not", "no"} for k in cell):
            return -1
        # "| Late fee | Cancelled |": a charge's row, its charge taken away
        struck = base in CHARGE_VERBS and any(self.w[k] in _PENALTIES for k in cell)
        granted = base in _ISSUED | SELF_VERBS and any(self._auth_noun(k) for k in cell)
        if "|" in self.w[1 : i - 1] or not (struck or granted):
            return -1  # (a row of more cells is read by `_fragment`'s own table rule)
        return cell[0]

"""Settlements told in a formal letter's words: "the excess has been disapplied".

Round 145 of the corpus (final responses to complaints, settlement and compensation decisions)
told what authority did or will do in words the older rules read otherwise:

- a charge of the customer's lifted in the passive, however long its subject: "The charge for
  that period has been cancelled", "the excess has been disapplied", "The interest and charges
  added to your account since March, totalling £1,036.44, have been removed" (the subject's
  head, read from the nearest noun phrase opening the clause, is a charge; not "your request
  to have the fee waived has been ...", nor "the fee has not been removed") (`_charge_lifted`);
- a payment to the customer in the passive, or ours to their account: "A payment of £300 ...
  was made to you by BACS", "a cheque for £250 has been dispatched", "we have transferred
  €3,420.00 to the account ending 7781" (not "your payment was made to us", nor "we have paid
  £50 to the contractor") (`_paid_to_you`);
- a sum repaid by us: "we will repay the full £4,200", "you will be repaid £60" (not "you will
  repay the loan") (`_repaid`);
- a grant named earlier in the sentence, applied to the customer's account by a pronoun:
  "you are entitled to a refund of your charges, and this has been applied to your account"
  (not "we found the fault, and this has been applied", nor "..., and it has not been
  applied") (`_grant_applied`);
- a formal undertaking, an explicit guarantee: "We give you our firm undertaking that this
  entry will be deleted", "we undertake to remove the charge" (not "please provide your
  undertaking", nor "we undertake to review your case": a review needs no authority)
  (`_undertaken`).

It also holds what tells a policy frame from a decision about this customer
(`points_to_you`): "according to this," and "in line with the Ombudsman's decision" frame
what was decided for the customer, not a rule for everyone. Each rule reads a few tokens
around its anchor, and the subject's opening at most 40 tokens back.
"""

from __future__ import annotations

from ._authority import FIRST, HAVE, VERBS
from ._guarantees import Shape, committed, completed
from ._lexicon import AUTH_NOUNS, is_amount
from ._promise_label_values import LabelValueReader

__all__ = [
    "SETTLED",
    "SettlementReader",
    "TALKS",
    "for_this_customer",
    "may_settle",
    "points_to_you",
]

_LIFTED = frozenset(
    {"cancelled", "canceled", "removed", "disapplied", "withdrawn", "rescinded", "remitted",
     "quashed", "annulled", "waived", "reversed", "deleted", "wiped", "revoked", "reduced",
     "discharged", "written", "dropped", "lifted", "abated"}
)  # fmt: skip
"""What is done to a charge of the customer's by authority ("written" with "off")."""

_CHARGES = frozenset(
    {"fee", "fees", "charge", "charges", "penalty", "penalties", "surcharge", "surcharges",
     "interest", "fine", "fines", "excess", "arrears", "debt", "debts", "overcharge",
     "increase", "deduction", "deductions", "levy", "premium"}
)  # fmt: skip
"""The head of a subject whose lifting is a grant: "the excess", "the charge for that period"."""

_SENT = frozenset(
    {"made", "dispatched", "despatched", "sent", "issued", "posted", "transferred", "paid",
     "remitted", "released"}
)  # fmt: skip
"""What is done with a payment to the customer: "a payment of £300 was made to you"."""

_PAYMENTS = frozenset(
    {"payment", "cheque", "check", "transfer", "sum", "settlement", "award", "amount"}
)
"""The head of a subject paid to the customer."""

_CHEQUES = frozenset({"cheque", "check"})
"""A payment that goes to the customer by itself: "a cheque has been dispatched"."""

_HOLDINGS = frozenset({"account", "card", "bank"})
"""Where a payment lands: "to the account ending 7781", "into your bank"."""

_REPAID = frozenset({"repay", "repaid", "repaying"})

_UNDERTAKING = frozenset({"undertaking", "undertake", "undertakes"})

_SOLEMN = frozenset({"firm", "formal", "written", "solemn", "full", "unreserved", "clear"})

_UNDERTAKEN = frozenset({"delete", "remove", "amend", "correct", "pay", "cancel", "write"})
"""What we undertake to do that needs authority, beyond the lexicon's verbs."""

_APPLIED = frozenset({"applied", "added", "posted"})
"""What is done with a grant named before, by a pronoun: "and this has been applied to your
account"."""

_GRANTS = AUTH_NOUNS - {"upgrade", "extension", "exception", "exceptions", "goodwill"}

SETTLED = _LIFTED | _SENT | _REPAID | _UNDERTAKING | _APPLIED
"""The words the rules of this module anchor at."""

_OPENERS = frozenset(
    {"the", "your", "this", "that", "these", "those", "all", "any", "both", "a", "an", "our"}
)
"""What opens a subject's noun phrase."""

_BOUNDS = frozenset({",", ";", ":", "that", "and", "(", "—", "–", "so", "then"})

_HEAD_ENDS = frozenset(
    {"for", "of", "on", "to", "in", "into", "from", "since", "at", "under", "by", "with",
     "that", "which", "who", ",", ";", "(", "has", "have", "had", "was", "were", "will",
     "shall", "is", "are", "be", "been", "totalling", "totaling", "amounting"}
)  # fmt: skip
"""What ends the head of a subject's noun phrase ("the charge | for that period")."""

_BETWEEN = frozenset({"now", "also", "already", "fully", "since", "subsequently", "duly"})

_NOT = frozenset({"not", "never", "n't", "yet"})

TALKS = frozenset(
    {"conversation", "conversations", "call", "chat", "discussion", "discussions", "email",
     "e-mail", "emails", "message", "messages", "meeting", "talk", "correspondence"}
)  # fmt: skip
"""What a frame may point to that is this customer's, not policy: "per our conversation",
"as per our call earlier", "according to my email"."""

_DECISIONS = frozenset(
    {"decision", "ruling", "outcome", "findings", "finding", "conclusion", "recommendation",
     "determination", "judgment", "judgement", "adjudication", "award", "agreement",
     "valuation", "assessment", "review", "settlement", "circumstances"}
)  # fmt: skip
"""What a frame may point to that was decided for this customer: "in line with the decision";
or this customer's case it was decided on: "under the circumstances, we'll match it"."""

_BACK = frozenset({"this", "that", "which", "it", "these"})


def points_to_you(words: list[str], i: int) -> bool:
    """The policy frame at `i` points to what was said or decided for this customer.

    A talk ("per our conversation"), a decision ("in line with the Ombudsman's decision"),
    among the four words after its start, or a word pointing back before a comma ("according
    to this, the Council will ...").
    """
    after = words[i + 1 : i + 5]
    if not TALKS.isdisjoint(after) or not _DECISIONS.isdisjoint(after):
        return True
    k = after.index("your") if "your" in after[:3] else -1
    if k >= 0 and after[k + 1 : k + 2] != [] and after[k + 1] in _ONE_DEAL:
        return True  # "according to your booking, we will pay you": this customer's own
    if acted_on(words, i):
        return True  # "The policy will be reinstated": the customer's policy, acted on
    k = next((k for k, x in enumerate(after) if x in _BACK), -1)
    return k >= 0 and after[k + 1 : k + 2] in ([","], [])


_ONE_DEAL = frozenset(
    {"booking", "reservation", "ticket", "order", "flight", "claim", "case", "file", "records",
     "record", "complaint", "invoice", "receipt", "appeal", "request", "application",
     "enquiry", "inquiry", "query", "dispute"}
)  # fmt: skip
"""After a frame's "your": one dealing of this customer's ("according to your booking",
"according to your appeal No. 77-1142": the fifteenth pass, with `_grammar`'s number sign),
not the terms that bind them ("under your plan", "per your contract")."""

_SAID_OF_RULES = frozenset(
    {"stated", "written", "worded", "designed", "intended", "applied", "based", "set",
     "explained", "outlined", "described", "followed", "meant", "updated", "changed",
     "structured", "laid", "clear", "that", "to"}
)  # fmt: skip
"""After "the policy is/was/will be": what is said of a rule, not of an insurance policy."""


def acted_on(words: list[str], i: int) -> bool:
    """The frame at `i` is "the policy" as the subject of a passive: an insurance policy.

    "The policy will be reinstated from the original date", "the policy has been renewed"
    (not "the policy is that...", "the policy was updated last year", "the policy states").
    """
    k = i + (words[i : i + 1] in (["the"], ["your"]))
    if words[k : k + 1] != ["policy"]:
        return False
    k += 1
    while k < len(words) and words[k] in {"will", "has", "have", "was", "is", "be", "been"}:
        k += 1
    y = words[k] if k < len(words) and k > i + 2 else ""
    return y.endswith(("ed", "en")) and y not in _SAID_OF_RULES


def for_this_customer(words: list[str], start: int, end: int) -> bool:
    """A shape after a policy frame that gives this customer an amount to their own.

    "your $74.50" in the shape, or a sum in it with "your" in the few words after it to the
    clause's end ("we will repay the full £4,200 to your current account"), or a sum right
    after "you", the one it goes to ("we will transfer you 400 EUR").
    """
    said = words[start:end]
    if not any(is_amount(x) for x in said):
        return False
    if any(x == "you" and is_amount(y) for x, y in zip(said, said[1:], strict=False)):
        return True  # dev round 247: "..., and we will transfer you 400 EUR": the sum is theirs
    after: list[str] = []
    for x in words[end : end + 6]:
        if x in {".", ";", ",", "!", "?"}:
            break
        after.append(x)
    return "your" in said or ("your" in after and not {"to", "into"}.isdisjoint(after))


def may_settle(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    before = words[max(0, i - 4) : i]
    if w in _UNDERTAKING:
        return True
    if w in _REPAID:
        return not FIRST.isdisjoint(before) or not {"be", "been", "was", "were"}.isdisjoint(before)
    if not {"been", "was", "were", "be"}.isdisjoint(before):
        return True
    return w in _SENT and not (FIRST | HAVE).isdisjoint(before)


class SettlementReader(LabelValueReader):
    """The rules that read a settlement told in a formal letter's words."""

    def _settled(self, i: int, w: str) -> Shape | None:
        """Any rule of this module that matches at `i`."""
        if w in _UNDERTAKING:
            return self._undertaken(i, w)
        if w in _REPAID:
            return self._repaid(i, w)
        found = self._charge_lifted(i, w) if w in _LIFTED else None
        if found is None and w in _SENT:
            found = self._paid_to_you(i)
        if w in _APPLIED:
            found = self._grant_applied(i)
        return found

    def _grant_applied(self, i: int) -> Shape | None:
        """A grant named earlier in the sentence, applied by a pronoun to the customer's account.

        "You are entitled to a refund of your charges, and this has been applied to your
        account": "this" or "it", opening its clause after "and" or a comma, a grant (a
        refund, a credit) among the 16 words before it, and "to your" after the participle.
        """
        aux, will = self._settled_aux(i)
        p = aux - 1
        if aux < 0 or self.word(p) not in {"this", "it"} or self.word(p - 1) not in {"and", ","}:
            return None
        if self.word(i + 1) not in {"to", "onto"} or self.word(i + 2) != "your":
            return None
        if _GRANTS.isdisjoint(self.w[max(0, p - 16) : p]):
            return None
        end = i + 3 + self.is_word(i + 3)  # "... to your account"
        return committed(p, i, end) if will else completed(p, i, end)

    def _settled_aux(self, i: int) -> tuple[int, bool]:
        """Where the passive's auxiliary before `i` starts, and if it is "will be"; -1 if none."""
        k = i - 1
        while self.word(k) in _BETWEEN:
            k -= 1
        if self.word(k) in _NOT:
            return -1, False
        if self.word(k) in {"was", "were"}:
            return k, False
        if self.word(k) == "been" and self.word(k - 1) in HAVE:
            return k - 1, False
        if self.word(k) == "be" and self.word(k - 1) in {"will", "shall"}:
            return k - 1, True
        return -1, False

    def _settled_subject(self, aux: int) -> tuple[int, list[str]]:
        """The nearest noun phrase opening a clause before `aux`: its start and head words.

        None in a relative clause ("The fee that was removed last year is due again").
        """
        if self.word(aux - 1) in {"that", "which", "who"}:
            return -1, []
        k = aux - 1
        while k >= max(0, aux - 40):
            at_bound = k == 0 or self.w[k - 1] in _BOUNDS
            if at_bound and self.w[k] in _OPENERS:
                head: list[str] = []
                j = k + 1
                while j < aux and self.w[j] not in _HEAD_ENDS and len(head) < 6:
                    head.append(self.w[j])
                    j += 1
                return k, head
            if self.w[k] in {".", "!", "?"}:
                break
            k -= 1
        return -1, []

    def _charge_lifted(self, i: int, w: str) -> Shape | None:
        """A charge of the customer's lifted in the passive, at the participle."""
        if w == "written" and self.word(i + 1) != "off":
            return None
        aux, will = self._settled_aux(i)
        if aux < 0:
            return None
        start, head = self._settled_subject(aux)
        if start < 0 or _CHARGES.isdisjoint(head) or "request" in head:
            return None
        end = i + 1 + (w == "written")
        generic = self.w[start] in {"all", "any"} and "your" not in self.w[start : i + 6]
        if will:
            return committed(start, i, end, generic=generic)
        return completed(start, i, end, generic=generic)

    def _settled_to_you(self, k: int) -> bool:
        """At `k`, the customer as a payment's destination: "to you", "into your account"."""
        if self.word(k) not in {"to", "into"}:
            return False
        nxt = self.word(k + 1)
        if nxt in {"you", "yourself"}:
            return True
        j = k + 1 + (nxt in {"the", "your"})
        if nxt not in {"the", "your"}:
            return False
        for x in self.w[j : j + 3]:
            if x in _HOLDINGS:
                return True
        return False

    def _paid_to_you(self, i: int) -> Shape | None:
        """A payment made or sent to the customer, at the participle."""
        k = i - 1
        while self.word(k) in _BETWEEN:
            k -= 1
        if self.word(k) in HAVE | {"will", "shall"} and self.word(k - 1) in FIRST:
            if not is_amount(self.word(i + 1)) or not self._settled_to_you(i + 2):
                return None  # "we have transferred €3,420.00 to the account ending 7781"
            if self.word(k) in HAVE:
                return completed(k - 1, i, i + 2)
            return committed(k - 1, i, i + 2)
        aux, will = self._settled_aux(i)
        if aux < 0:
            return None
        start, head = self._settled_subject(aux)
        if start < 0 or self.w[start] == "your" or _PAYMENTS.isdisjoint(head[:2]):
            return None
        if self.w[start] not in {"a", "an"} and not any(is_amount(x) for x in self.w[start:aux]):
            return None  # "the payment was made to you": which payment, and whose, is not said
        to_you = self._settled_to_you(i + 1) or self._settled_to_you(i + 2)  # "sent by BACS to you"
        if not to_you and not (self.w[start] in {"a", "an"} and not _CHEQUES.isdisjoint(head)):
            return None
        if will:
            return committed(start, i, i + 1)
        return completed(start, i, i + 1)

    def _repaid(self, i: int, w: str) -> Shape | None:
        """A sum repaid by us ("we will repay the full £4,200") or to the customer."""
        start = self._we_will(i) if w == "repay" else -1
        if start >= 0:
            sums = [k for k in range(i + 1, min(self.n, i + 5)) if is_amount(self.w[k])]
            return committed(start, i, sums[0] + 1 if sums else i + 1)  # "... the full £4,200"
        k = i - 1
        while self.word(k) in _BETWEEN:
            k -= 1
        if w == "repaid" and self.word(k) in HAVE and self.word(k - 1) in FIRST:
            return completed(k - 1, i, i + 1)  # "we have repaid you"
        if w == "repaying" and self.word(k) in {"are", "am"} and self.word(k - 1) in FIRST:
            return committed(k - 1, i, i + 1)
        if w != "repaid":
            return None
        aux, will = self._settled_aux(i)
        if aux < 0:
            return None
        you = self.word(aux - 1) == "you"
        start, head = (aux - 1, ["you"]) if you else self._settled_subject(aux)
        if start < 0 or (not you and _PAYMENTS.isdisjoint(head) and _CHARGES.isdisjoint(head)):
            return None
        if not you and self.w[start] == "your" and not _PAYMENTS.isdisjoint(head):
            return None  # "your payment was repaid"? the customer's, not a grant
        return committed(start, i, i + 1) if will else completed(start, i, i + 1)

    def _undertaken(self, i: int, w: str) -> Shape | None:
        """A formal undertaking of ours, an explicit guarantee."""
        nxt = self.word(i + 1)
        if w == "undertaking":
            k = i - 1
            while self.word(k) in _SOLEMN:
                k -= 1
            if self.word(k) != "our":
                return None
            if nxt == "that" or (nxt == "to" and self._undertaken_verb(i + 2)):
                return Shape("explicit guarantee", "guarantee", k, i, i + 1)
            return None
        k = i - 1
        k -= self.word(k) in {"hereby", "also", "now", "therefore"}
        if self.word(k) not in FIRST:
            return None
        if nxt == "that" or (nxt == "to" and self._undertaken_verb(i + 2)):
            return Shape("explicit guarantee", "guarantee", k, i, i + 1)
        return None

    def _undertaken_verb(self, k: int) -> bool:
        """At `k`, a verb of the lexicon's or one whose doing needs authority ("remove")."""
        x = self.word(k)
        return x in _UNDERTAKEN or VERBS.get(x, ("", ""))[1] == "base"

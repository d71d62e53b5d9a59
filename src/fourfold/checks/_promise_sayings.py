"""Grants and certainties told in a saying, not in a grant's verb (round 151 of the corpus).

Round 151 varied the grammar of the grant as far as its writer could. The shapes read here:

- a forecast in the present, done "before" an event still to come, made certain by an
  assuring phrase of its sentence (`GuaranteeReader.assuring`: "bank on it", "hand on
  heart", "take it as read", "I'd put my house on it"): "Mark my words, the card reaches
  you before you fly", "your worktops are fitted before the 20th, whatever happens" (a
  certain outcome; not without the assurance, which forecasts, nor hedged or negated);
- a grant signed off: "Hannah signed off the price match", "Jo from lettings has signed off
  the early release" (an approval by the business, whoever of it did it; not one the
  customer signed, nor one still to be signed);
- a sum or thing the customer may keep: "The £30 is yours to keep" (a sum, a grant's noun,
  or no need to send it back; not "the receipt is yours to keep");
- a grant said to be theirs (dev round 279): "the upgrade is yours", "the £25 credit is
  yours from today", "the extra night is yours at no charge" (`_granted_yours`: a grant's
  noun in the subject, or a courtesy given, `_lexicon.COURTESY_GIFTS`, with a free phrase
  after "yours"; not "the choice (decision, call) is yours", `_YOURS_TO_MAKE`, nor "the room
  is yours until noon" with nothing free, nor "yours to pay", nor a sum alone: "the $212.40
  overpayment is yours" is their own money). A commitment, so a
  condition after it ("... is yours if the item comes back unused") sets it aside;
- a charge of theirs that is gone, in an idiom: "That duplicate charge is history", "the fee
  came off your bill" (not a payment or sum that "came off your card", which was taken);
- a loss with no chance of being done: "zero chance of the EMI being deducted twice" (not
  "no chance of the fee being waived", a refusal).

Each rule reads a few words around its anchor.
"""

from __future__ import annotations

from ._guarantees import Shape, committed
from ._lexicon import AUTH_NOUNS, CHARGE_NOUNS, COURTESY_GIFTS, OWNED_ANY, is_amount
from ._promise_settlements import SettlementReader

__all__ = ["SAYINGS", "SayingsReader", "may_say"]

_ARRIVING = frozenset(
    {"arrives", "arrive", "reaches", "reach", "lands", "land", "comes", "gets", "goes"}
)
"""A present verb of arriving before "before": "the dress arrives before the wedding"."""

_BE_DONE = frozenset({"is", "are", "gets", "get"})
"""What stands before a participle done before an event: "the worktops are fitted before"."""


_GRANTS = AUTH_NOUNS | {"match", "release", "write-off", "writeoff", "waiver", "payout"}
"""What is signed off as a grant ("the price match", "the early release")."""

FREE_SAID = frozenset({"free", "complimentary", "gratis", "no", "us", "house", "charge", "cost"})
"""In the words after "yours", what says a courtesy is given free ("at no charge", "on us")."""

_PAPERS = frozenset({"policy", "policies", "form", "forms", "process", "update", "rules", "terms"})
"""After a grant's noun, what was signed off is a paper about grants, not a grant."""

_OWN_ACCOUNTS = frozenset({"card", "account", "bill", "statement", "invoice", "folio"})

_CHARGES = frozenset(CHARGE_NOUNS - {"payment", "payments", "funds", "balance", "deposit"})
"""A charge that, gone, was taken off (not a payment, which "came off your card" when taken)."""

_TAKEN = frozenset(
    {"deducted", "debited", "charged", "billed", "taken", "renewed", "cut", "disconnected",
     "suspended", "fined", "increased", "raised", "overcharged", "penalised", "penalized"}
)  # fmt: skip
"""What the customer fears being done to theirs: "no chance of the EMI being deducted"."""

_SENDING = (["send"], ["return"], ["post"], ["bring"])
"""After "no need to": the thing need not come back ("no need to send them back")."""

_BE_YOURS = (["is"], ["are"], ["'s"])
"""Before a bare "yours": what is the customer's ("the upgrade is yours")."""

_YOURS_TO_MAKE = frozenset(
    {"choice", "choices", "decision", "call", "pick", "pleasure", "honour", "honor", "privilege",
     "responsibility", "risk", "fault", "move", "turn", "say", "mistake", "loss", "problem",
     "job", "option", "options", "preference", "right"}
)  # fmt: skip
"""Subjects whose "is yours" grants nothing: "the choice is yours", "the pleasure is ours"."""

_FREE_AFTER = frozenset({"free", "complimentary", "gratis", "on", "at", "with", "without"})
"""After "yours", how a courtesy is said given free: "at no charge", "free", "on the house"."""

SAYINGS = frozenset({"before", "signed", "yours", "history", "came", "chance"})
"""The words the rules of this module anchor at."""


def may_say(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    w = words[i]
    if w == "before":
        return not OWNED_ANY.isdisjoint(words[max(0, i - 9) : i])
    if w == "signed":
        return words[i + 1 : i + 2] == ["off"] and not _GRANTS.isdisjoint(words[i + 2 : i + 7])
    if w == "yours":
        return words[i + 1 : i + 3] == ["to", "keep"] or words[i - 1 : i] in _BE_YOURS
    if w == "history":
        return not _CHARGES.isdisjoint(words[max(0, i - 6) : i])
    if w == "came":
        return words[i + 1 : i + 3] == ["off", "your"]
    return words[i - 1 : i] in (["zero"], ["no"]) and "being" in words[i + 1 : i + 8]


class SayingsReader(SettlementReader):
    """The rules that read a grant or a certainty told in a saying."""

    def _said(self, i: int, w: str) -> Shape | None:
        """Any rule of this module, at its anchor."""
        if w == "before":
            return self._sure_before(i)
        if w == "signed":
            return self._signed_off(i)
        if w == "yours":
            return self._yours_to_keep(i) or self._granted_yours(i)
        if w in {"history", "came"}:
            return self._charge_gone(i, w)
        if w == "chance":
            return self._no_chance_of_loss(i)
        return None

    def _sure_before(self, i: int) -> Shape | None:
        """A present forecast done before an event, made certain, at "before"."""
        v = i - 1 - (self.word(i - 1) in {"you", "them", "it"})
        if self.word(v) in _ARRIVING:
            last = v
        elif self.word(v).endswith("ed") and self.word(v - 1) in _BE_DONE:
            last = v - 1  # "are fitted before", "gets delivered before"
        else:
            return None
        det = -1
        for k in range(last - 1, max(-1, last - 7), -1):
            if not self.is_word(k):
                break
            if self.w[k] in OWNED_ANY:
                det = k  # the farthest: "the uniform order for your daughter arrives"
        if det < 0 or not all(self.is_word(k) for k in range(det, i)):
            return None
        if det > 0 and self.word(det - 1) in {"all", "every", "if", "when", "once", "unless"}:
            return None
        if not self.assured(det, i + 1):
            return None
        if self.s.hedge[i] >= 0 or self.s.negation[i] >= 0 or self.s.negation[v] >= 0:
            return None
        return Shape("certain outcome", "forward", det, v, i + 2)

    def _signed_off(self, i: int) -> Shape | None:
        """A grant signed off by the business, at "signed"."""
        if self.word(i + 1) != "off" or self.word(i - 1) in {"you", "be", "to", "will"}:
            return None
        j = i + 2 + (self.word(i + 2) == "on")
        k = next((k for k in range(j, min(self.n, j + 5)) if self.w[k] in _GRANTS), -1)
        if k < 0 or not all(self.is_word(x) for x in range(j, k + 1)):
            return None
        if self.word(k + 1) in _PAPERS:
            return None  # a paper about a grant: "signed off on the refund policy update"
        if self.s.hedge[i] >= 0 or self.s.negation[i] >= 0:
            return None
        return Shape("completed authority action", "completed", i, i, k + 1)

    def _yours_to_keep(self, i: int) -> Shape | None:
        """A sum or grant the customer may keep, at "yours": "the £30 is yours to keep"."""
        if self.w[i + 1 : i + 3] != ["to", "keep"] or self.word(i - 1) not in {"is", "are"}:
            return None
        before = self.w[max(0, i - 6) : i - 1]
        after = self.w[i + 3 : self.n]
        kept = any(is_amount(x) for x in before) or not _GRANTS.isdisjoint(before)
        no_need = any(
            after[k : k + 3] == ["no", "need", "to"] and after[k + 3 : k + 4] in _SENDING
            for k in range(len(after))
        )
        if not (kept or no_need) or self.s.negation[i] >= 0 or self.s.hedge[i] >= 0:
            return None
        start = max(0, i - 1 - len(before))
        return Shape("completed authority action", "completed", start, i, i + 3)

    def _granted_yours(self, i: int) -> Shape | None:
        """A grant said to be the customer's, at "yours": "the upgrade is yours"."""
        if self.word(i - 1) not in {"is", "are", "'s"} or self.word(i + 1) == "to":
            return None
        k = i - 1
        while k > max(0, i - 9) and self.is_word(k - 1) and self.word(k - 1) not in {"and", "but"}:
            k -= 1
        said = self.w[k : i - 1]
        if not said or not _YOURS_TO_MAKE.isdisjoint(said):
            return None
        granted = not _GRANTS.isdisjoint(said)  # (not "the $212.40 overpayment": theirs already)
        after = self.w[i + 1 : i + 4]
        free = after[:1] in ([x] for x in _FREE_AFTER) and not FREE_SAID.isdisjoint(after)
        if not (granted or (free and not COURTESY_GIFTS.isdisjoint(said))):
            return None
        if self.s.negation[i] >= 0 or self.s.hedge[i] >= 0 or self.s.is_question_clause(i):
            return None
        return committed(k, i, i + 1)

    def _charge_gone(self, i: int, w: str) -> Shape | None:
        """A charge gone, in an idiom: "that charge is history", "the fee came off your bill"."""
        if w == "history":
            if self.word(i - 1) not in {"is", "'s", "are"}:
                return None
            k = next((k for k in range(i - 2, max(-1, i - 7), -1) if self.w[k] in _CHARGES), -1)
            end = i + 1
        else:
            if self.w[i + 1 : i + 3] != ["off", "your"] or self.word(i + 3) not in _OWN_ACCOUNTS:
                return None
            k = i - 1 if self.word(i - 1) in _CHARGES else -1
            end = i + 4
        if k < 0 or not all(self.is_word(x) for x in range(k, i)):
            return None
        if self.s.hedge[i] >= 0 or self.s.negation[i] >= 0:
            return None
        return Shape("completed authority action", "completed", k, i, end)

    def _no_chance_of_loss(self, i: int) -> Shape | None:
        """No chance of the customer's thing being taken, at "chance": a certain outcome."""
        if self.word(i - 1) not in {"zero", "no"} or self.word(i + 1) != "of":
            return None
        for k in range(i + 2, min(self.n, i + 8)):
            if not self.is_word(k):
                return None
            if self.w[k] == "being" and self.word(k + 1) in _TAKEN:
                return Shape("certain outcome", "no-charge", i - 1, i, k + 2)
        return None

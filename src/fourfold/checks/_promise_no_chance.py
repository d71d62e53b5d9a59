"""A loss said to have no chance of happening: "zero chance you'll be charged twice".

The customer fears a loss, and the agent says it has no chance of happening: "There's zero
chance you'll miss the connection", "absolutely no chance you'll be charged twice", "zero
chance of a disconnection this winter", "zero chance your rate goes up". That rules the loss
out as surely as "you definitely won't miss it" would, so it is a **certain outcome** for the
promise rules, its kind ``no-charge``. `NoChanceReader._no_chance` reads it at "chance" (or
"way", after "no": "there's absolutely no way you'll be charged"), after "zero" or "no":

- "of" and the loss by its noun (`_LOSS_NOUNS`: "a disconnection", "a second charge", "a
  surprise fee"), or a price going up (`_promise_rises.price_rising`); not "no chance of the
  fee being waived", a refusal's words;
- a clause whose verb is what the customer fears (`_LOSSES` and, after "be" or "go",
  `_LOST`: "miss", "lose", "be charged", "go up", "be shut off");
- a mistake of ours said not to happen again ("zero chance the crew brings the wrong colour
  this time"), with no act of ours that gives ("no chance we refund you again" is none);
- money taken from the customer (`_promise_taken.money_taken`: "takes another penny from
  you"), a charge reaching what they pay from (`charge_reaching`: "zero chance the renewal
  hits your card", round 279; not after "no way", which may be disbelief), or a charge of
  theirs reaching their account again, whatever its verb (`_hits_again`: "no way this charge
  hits your card again").

Not "no chance of a refund", "zero chance you'll get a refund": what the customer hopes for,
refused. The reading looks at the five words after "chance" (or its "of" phrase), so its cost
stays linear in the text. `HELD_FOR_YOU`, what of the customer's holds their money, is shared
with the no-charge commitments of `_guarantees`, built on this reader.
"""

from __future__ import annotations

from ._authority import AUX, BE, CHARGED, VERBS
from ._lexicon import SELF_VERBS
from ._phrase_passive import PassiveReader
from ._promise_folios import FOLIOS
from ._promise_match import Shape
from ._promise_rises import price_rising
from ._promise_taken import charge_reaching, money_taken

__all__ = ["FEES_SAID", "HELD_FOR_YOU", "NoChanceReader"]

_LOSSES = frozenset(
    {"miss", "misses", "lose", "loses", "be", "go", "goes", "happen", "happens", "pay", "pays"}
)
"""After "zero chance" and a subject: what the customer fears (`_no_chance`)."""

_LOSS_NOUNS = frozenset(
    {"disconnection", "cut-off", "cutoff", "charge", "charges", "fee", "fees", "penalty",
     "surcharge", "increase", "rise", "suspension", "overcharge", "shutoff", "shut-off"}
)  # fmt: skip
"""After "zero chance of (a)": what the customer fears, named by its noun."""

_LOST = frozenset(
    {"late", "stranded", "affected", "left", "up", "overcharged", "shut", "cut", "disconnected",
     "suspended", "cancelled", "canceled"}
) | CHARGED  # fmt: skip
"""After "be" or "go" there: "be charged", "be late", "go up", "be shut off"."""

HELD_FOR_YOU = frozenset({"deposit", "bond", "card", "account", "balance", "refund", "wallet"})
"""What of the customer's holds their money: what a sum is not taken from in a no-charge
commitment ("won't be taken from your deposit"), and what a charge does not reach again ("no
way this charge hits your card again")."""

FEES_SAID = frozenset({"charge", "charges", "fee", "fees", "penalty", "surcharge", "deduction"})
"""Before the verb that takes a charge to the customer's account again: "this charge hits"."""


class NoChanceReader(PassiveReader):
    """The rule of a loss given no chance, applied to one sentence."""

    def _no_chance(self, i: int, w: str) -> Shape | None:
        """A loss said to have no chance of happening, at "chance": a certain outcome.

        "There's zero chance you'll miss the connection", "absolutely no chance you'll be
        charged twice", "zero chance your rate goes up": what the customer fears (a miss, a
        loss, a charge, a rise, a mistake again: "zero chance the crew brings the wrong colour
        this time") made impossible, as "you definitely won't miss it" would (not
        "no chance of a refund", "zero chance you'll get a refund", a refusal's words). Round
        279: "zero chance the renewal hits your card" (`charge_reaching`; not after "no way",
        which may be disbelief: "No way this charge hits your card").
        """
        if w not in {"chance", "way"} or self.word(i - 1) not in {"zero", "no"}:
            return None  # (and "there's absolutely no way you'll be charged")
        if w == "way" and self.word(i - 1) == "zero":
            return None
        j = i + 1 + (self.word(i + 1) == "that")
        if self.word(j) == "of":  # "zero chance of a disconnection this winter"
            k = j + 1 + (self.word(j + 1) in {"a", "an", "any", "another"})
            # one word of the loss's own, "a second charge", "a surprise fee"
            k += self.word(k).isalpha() and self.word(k + 1) in _LOSS_NOUNS
            if self.word(k) not in _LOSS_NOUNS or self.word(k + 1) in {"being", "getting"}:
                k = price_rising(self.w, j + 1)  # "zero chance of the price going up"
            if k < 0 or self.word(k + 1) in {"being", "getting"}:
                return None  # (not "no chance of the fee being waived", a refusal)
            start = i - 1 - (self.word(i - 2) in {"absolutely", "literally"})
            start -= self.word(start - 1) in BE and self.word(start - 2) == "there"
            return Shape("certain outcome", "no-charge", start, i, k + 1)
        for k in range(j, min(self.n, j + 5)):
            x = self.w[k]
            if not self.is_word(k) or x in {"not", "never", "of", "for", "to"}:
                return None
            nxt = self.word(k + 1)
            if k > j + 1 and (x in {"wrong", "again"} or (x, nxt) == ("this", "time")):
                # "zero chance the crew brings the wrong colour this time": a mistake of
                # ours said not to happen again (not "no chance we refund you again")
                if not any(VERBS.get(y, ("", ""))[0] in SELF_VERBS for y in self.w[j:k]):
                    start = i - 1 - (self.word(i - 2) in {"absolutely", "literally"})
                    start -= self.word(start - 1) in BE and self.word(start - 2) == "there"
                    return Shape("certain outcome", "no-charge", start, i, k + 1)
            first = charge_reaching(self.w, j) if w == "chance" else -1  # "the fee hits your card"
            taken = money_taken(self.w, k) if k > j else first  # "takes another penny from you"
            if taken > 0:
                return Shape("certain outcome", "no-charge", i - 1, i, taken)
            hit = self._hits_again(k) if k > j and x not in AUX | BE else 0
            if hit:
                # "no way this charge hits your card again": a charge of this customer's,
                # whatever its verb, reaching what they pay from again (`_never_again`)
                start = i - 1 - (self.word(i - 2) in {"absolutely", "literally"})
                return Shape("certain outcome", "no-charge", start, i, hit)
            if x in _LOSSES and (x not in {"be", "go", "goes"} or nxt in _LOST):
                start = i - 1 - (self.word(i - 2) in {"absolutely", "literally"})
                start -= self.word(start - 1) in BE and self.word(start - 2) == "there"
                start -= self.word(start - 1) == "there"
                return Shape("certain outcome", "no-charge", start, i, k + 1 + (nxt in _LOST))
        return None

    def _hits_again(self, k: int) -> int:
        """The verb at `k` takes the charge named right before it to the customer's account again.

        "this charge hits your card again", "the fee lands on your bill again": "your" and
        what they pay from or are billed on, right after the verb or its "on"/"to", then
        "again"; one past it, or 0.
        """
        charge = self.word(k - 1) in FEES_SAID
        k += self.word(k + 1) in {"on", "to", "onto"}
        held = self.word(k + 2) in HELD_FOR_YOU | FOLIOS
        return k + 4 if charge and held and self.w[k + 1 : k + 4 : 2] == ["your", "again"] else 0

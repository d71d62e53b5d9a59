"""An act of any verb done or to be done at no charge: "the dentist will see you at no cost".

The older rules read a grant at no charge by its verb ("we'll replace it free of charge": a
verb of giving, `GrantReader._granted`) or by a thing of the customer's on its way
(`_promise_free_things`: "your new router ships Monday at no cost"). The twenty-first pass
read the dev misses that hold a frame of no charge again and found them spread over verbs
no list holds, from many rounds: "the dentist will see you again for the filling at no
further cost", "replacement battery's been fitted free of charge", "your remaining three
modules are set to be unlocked free of charge tomorrow morning", "Dr Menon's office has
agreed to see you free of charge", "I've added 10 GB of bonus data to your line at no
cost", "a bottle of prosecco and a 2pm late checkout at no charge have been arranged",
"we will send the correct colour to you again at our expense", "tonight's stay carries no
charge".

What a frame of no charge says is itself the grant, whatever the verb: the sentence needs
only to say it is done or will be. So the shape (`_free_act`) is the frame ("free of
charge", "at no (extra, further) cost", "at our expense", "carries no charge":
`_frame_start`; not an aside ", no charge", which round 174 pins as a delivery's price) in a
sentence that commits ("will", "'ll", "going to", "set to", "agreed", a day named: "today",
"tomorrow", "tonight") or reports it done ("'ve", "been", "has" or "have" before a
participle), and says nothing that makes it a rule, a condition or a maybe. The close
negatives are many and all in the corpus: the condition ("if the courier confirms it lost,
we'll send a replacement at no cost", "once the technician confirms the fault, ...", "should
the boiler fail again, ...", "after our QA team verifies it, ...", "as soon as the courier
has collected it"), the rule said of everyone ("any damaged item will be replaced free of
charge", "every customer gets EU roaming at no extra cost", "our policy is that ... are free
of charge"), the maybe ("can", "could", "would", "whether", "I think ... will maybe send"),
the negation before the frame ("we cannot give the exchange free of charge"), the request
passed on ("I've asked the warehouse to send it at no charge") and another's words ("they
say ..."): any of their words in the sentence (`_NOT_GIVEN`) sets it aside, and so does a
quotation mark; "you'll" counts only before "be", "get" or "receive" (not the customer's own
step, "what you'll do: send the charger back, free of charge").

Dev misses found: 10, from rounds 30, 55, 59, 64, 77, 79, 135, 171, 190 and 279, with no
labelled false alarm. Left: a frame alone as its own sentence ("... by Thursday. no
charge."), "it's yours, no charge" after an imperative, "costs you nothing" after "so", "at
no further cost" after "will" and "every one of 40 glasses will be replaced free of charge"
(older rules read them first and set them aside; the act an older rule has read, this rule
leaves to it, so no promise is found twice). Reads a fixed window of its sentence around
the frame, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._guarantees import Shape
from ._promise_checked import CheckedReader
from ._promise_match import committed, completed

__all__ = ["FREE_ACTS", "FreeActReader", "may_be_free_act"]

FREE_ACTS = frozenset({"cost", "charge", "expense"})
"""The words the rule of this module anchors at: a frame of no charge's last word."""

_COMMITTING = frozenset({"will", "'ll", "going", "agreed", "today", "tomorrow", "tonight"})
"""Words that make the sentence a commitment ("set" counts before "to")."""

_GETTING = frozenset({"be", "get", "receive", "see", "find"})
"""After "you'll": what the customer is given ("you'll be getting it free of charge"); after
any other verb "you'll" names the customer's own step, no commitment of ours."""

_DONE = frozenset({"'ve", "been"})
"""Words that report the act done ("has" and "have" count before a participle)."""

_NOT_GIVEN = frozenset(
    {"if", "once", "when", "whenever", "should", "whether", "unless", "provided", "providing",
     "after", "until", "would", "'d", "could", "can", "may", "might", "policy", "entitled", "any",
     "all", "anyone", "anything", "per", "usually", "normally", "always", "generally",
     "typically", "sometimes", "asked", "ask", "request", "requested", "escalated", "check",
     "checking", "try", "trying", "hope", "hoping", "possible", "possibly", "probably", "likely",
     "expect", "told", "said", "say", "says", "claimed", "mentioned", "wrote", "reads", "members",
     "customers", "passengers", "guests", "whoever", "anybody", "reviewing", "review", "decide",
     "decision", "soon", "think", "maybe", "perhaps", "believe", "hopefully", "checked",
     "reviewed", "inspect", "inspected", "assess", "assessed", "verify", "verified", "test",
     "tested", "examined", "processed", "able", "billed", "charged", "courier", "couriers",
     "carrier", "driver", "agent"}
)  # fmt: skip
"""Words of a condition, a maybe, a rule said of everyone, a request passed on, another's
words, or a step of handling that grants nothing ("the form will be checked by our partner at
no cost to you", pinned by round 112), the customer billed or able ("you'll be able to
cancel at no extra cost", round 7), or a carrier's or an agent's act ("the courier will
collect the parcel free of charge", round 8; "your travel agent has moved you"): any of them
in the sentence sets the frame aside."""

_NEGATIONS = frozenset({"not", "never", "n't", "cannot", "can't", "won't"})
"""Before the frame, a negation sets it aside ("we cannot give the exchange free of charge");
after it, it is another clause's ("... at our expense, and you do not need to return it")."""

_QUOTES = frozenset('"“”«»')

_REACH = 60
"""How many tokens either side of the frame the sentence is read over."""


def may_be_free_act(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promise_implicit`)."""
    near = words[max(0, i - 4) : i]
    return "no" in near or "our" in near or near[-2:] == ["free", "of"]


class FreeActReader(CheckedReader):
    """The rule that reads an act of any verb at no charge, committed or done."""

    def _free_act(self, i: int, w: str) -> Shape | None:
        """A frame of no charge in a sentence that commits or reports it done, unqualified."""
        if w not in FREE_ACTS or self.s.question:
            return None
        f = self._frame_start(i)
        if f < 0 and w == "charge" and self.word(i - 1) == "no":
            f = i - 1 if self.word(i - 2) in {"carries", "carry"} else -1  # "carries no charge"
        if f < 0:
            return None
        if self.word(f) == "no" and self.word(f - 1) not in {"carries", "carry"}:
            return None  # "it is going out today, no charge", "— no charge will apply"
        low, high = max(0, i - _REACH), min(self.n, i + _REACH)
        words = self.w[low:high]
        if not _NOT_GIVEN.isdisjoint(words) or not _QUOTES.isdisjoint("".join(words)):
            return None  # "if the courier confirms it lost, ...", "any damaged item ..."
        if not _NEGATIONS.isdisjoint(self.w[low:i]):
            return None  # "sorry, we cannot give the exchange free of charge"
        if "every" in words and "one" not in words:
            return None  # "every customer gets ..." (not "every one of the 40 glasses")
        done = committing = False
        for k in range(low, high):
            x = self.w[k]
            after = self.word(k + 1)
            if x in {"will", "'ll"} and self.word(k - 1) == "you" and after not in _GETTING:
                continue  # the customer's own step: "**What you'll do:** send it back, free"
            committing |= x in _COMMITTING or (x == "set" and after == "to")
            done |= x in _DONE or (x in {"has", "have"} and after.endswith("ed"))
        if not (done or committing):
            return None  # "faulty items are replaced free of charge": a practice
        c = self.s.clause[f]
        start = self.s.clause_start[c]
        if c > 0 and not any(self.is_word(k) for k in range(start, f)):
            start = self.s.clause_start[c - 1]  # an aside: "we'll send one out, free of charge"
        if self.claimed > start:
            return None  # the act is an older rule's, read already ("we'll re-ship it at no cost")
        end = f if f > start else i + 1  # the frame's "no" is not the act's negation
        return (completed if done else committed)(start, i, end)

"""The verb a negated modal is about: what "can't", "won't", "am not able to" decline.

The "cannot or will not" rule (`_refusals`) finds I or we (or the business), a modal and its
negation; `ModalVerbReader._after_modal` then reads the verb the refusal is about, by the
modal, and says when the words after it decline nothing (the reason, else None):

- "am, are, is not": an ability or a permission (`ABLE`: "able to", "in a position to", "at
  liberty to", "the right person to", "going to"; in non-native use "not allow to", "not
  entitled for disclosing"), then "to" and the verb; a verb of service in -ing ("not
  comfortable sharing that"); or a service not offered ("we are not doing repairs of
  furniture bought elsewhere", `OFFERING`; not "not doing anything with your data");
- "will, would, shall not": "be able to", "proceed to", "try to" and a verb of service, "set
  up", "be in a position (at liberty, permitted) to", "be party to", "be" and an -ing form
  ("won't be reissuing it"; not "won't be doing that again", an apology), "would not feel
  comfortable"; after "will" any verb that declines what was asked (`_refusal_will`:
  "we won't reconsider the decision");
- "do, does not": "have" a service ("a service we do not have", "don't have the authority",
  `HAVE_THE`), "set up", what we weigh in on (`weighs_in`) or do not do, said with regret
  ("we don't gift wrap, sorry!", `regretted_habit`), or a verb of service; "did not" only
  "have";
- "could not": "possibly" or a verb of sharing declines; any other verb is a failure to find
  or reach ("I couldn't find it");
- "would rather not", "prefer not to": any verb, but "keep you waiting" spares the customer
  and declines nothing (an idiom);
- "must, may not": any verb but "be", "have", "forget" and "worry"; "can not": any word, and
  the modal alone before a mark ("I cannot, sorry.").

"Put" with the customer as its object spares them ("I won't put you on hold", "we won't
put you out of pocket"), and "put" before "without" reassures ("we won't put your name on a
list without your consent"): neither declines, but after "can't" ("I can't put you through").
An act done for the customer ("for you", "on your behalf": `_for_you`) declines what was
asked whatever its verb ("I won't ring them on your behalf"). Each reading looks at a few
words after the modal, past the adverbs `SomethingReader._skip` steps over.
"""

from __future__ import annotations

from ._refusal_cannot import regretted_habit
from ._refusal_house import speaker_start
from ._refusal_reasons import base_form
from ._refusal_something import SomethingReader
from ._refusal_will import taken_up, weighs_in
from ._refusal_words import ABLE, HAVE_THE, NOT_OFFERING, OFFERING, SERVICE, SPARE

__all__ = ["ModalVerbReader"]

_FIRST = frozenset({"i", "we"})

_ENTITLED = frozenset({"entitled", "allowed", "permitted", "authorised", "authorized"})
"""After "not" and before "for" and a gerund, in non-native use: "not entitled for disclosing"."""

_OFFERED = frozenset({"service", "option", "facility", "feature"})
"""What the business says it does not have, in a relative clause: "a service we don't have"."""


class ModalVerbReader(SomethingReader):
    """Reads the verb after a negated modal, for the "cannot or will not" rule."""

    def _for_you(self, v: int) -> bool:
        """After the verb at `v`, the act is one done for the customer: "for you", "on your behalf".

        Declining such an act declines the request, whatever the verb.
        """
        after = self.w[v + 1 : min(self.n, v + 9)]  # "...the seller to negotiate on your behalf"
        pairs = zip(after, after[1:], strict=False)
        return any(p in {("for", "you"), ("your", "behalf")} for p in pairs)

    def _after_modal(self, modal: str, after: int, k: int) -> tuple[int | None, str | None]:
        """The verb the refusal is about, after "can't", "won't", "am not able to"..."""
        j = self._skip(after)
        x = self.word(j)
        if x == "put" and modal != "can":
            if self.word(j + 1) == "you" or "without" in self.w[j + 1 : j + 9]:
                return None, None  # "I won't put you on hold", "... without your consent"
        if modal in {"am", "are", "is"}:
            if x == "allow" and self.word(j + 1) == "to":
                x = "allowed"  # "i am not allow to change the email": non-native English
            if x in ABLE:
                # "not able to", "not in a position to", "not at liberty to", "not the right
                # person to", "not going to"
                going = x == "going"
                if self.word(j + 1).endswith("ing") and base_form(self.word(j + 1)) in SERVICE:
                    return j + 1, None  # "I'm not comfortable sharing that"
                for t in range(j, min(self.n, j + 6)):
                    if self.w[t] == "for" and x in _ENTITLED and self.word(t + 1).endswith("ing"):
                        return t + 1, None  # "we are not entitled for disclosing it"
                    if self.w[t] == "to":
                        v = self._skip(t + 1)
                        if (
                            self.word(v) == "be"
                            and self.word(v + 1) == "able"
                            and self.word(v + 2) == "to"
                        ):
                            return self._skip(v + 3), None
                        if going and self.word(v) not in SERVICE:
                            if self._for_you(v):
                                return v, None  # "I'm not going to place the bet for you"
                            return taken_up(self, v)  # "we're not going to reopen the case"
                        return v, None
                return None, None
            if x in OFFERING and NOT_OFFERING.isdisjoint(self.w[j + 1 : j + 5]):
                return j, None  # "we are not doing repairs of furniture bought elsewhere"
            return None, None
        if modal == "will" or modal == "would" or modal == "shall":
            if x == "be" and self.word(j + 1) == "able" and self.word(j + 2) == "to":
                return self._skip(j + 3), None
            if x == "proceed" and self.word(j + 1) == "to" and self.word(j + 2).isalpha():
                return self._skip(j + 2), None  # "we will not proceed to reopen it"
            if x in {"try", "attempt"} and self.word(j + 1) == "to":
                v = self._skip(j + 2)  # "I won't try to diagnose that"
                return (v, None) if self.word(v) in SERVICE else (None, None)
            if x == "set" and self.word(j + 1) == "up":
                return j + 1, None  # "our team won't set up the reviews you asked about"
            if x == "be" and self.word(j + 1) in {"in", "at", "permitted", "allowed"}:
                # "the University will not be in a position to reconsider", "... at liberty to"
                t = next((t for t in range(j + 2, min(self.n, j + 5)) if self.w[t] == "to"), -1)
                named = self.word(j + 1) in {"permitted", "allowed"}
                if t > 0 and (named or self.word(t - 1) in {"position", "liberty"}):
                    return self._skip(t + 1), None
            if x == "be" and self.word(j + 1) in {"party", "part", "involved", "complicit"}:
                return j + 1, None
            if x == "be" and self.word(j + 1).endswith("ing"):
                if base_form(self.word(j + 1)) in SERVICE:
                    done = self.word(j + 1) == "doing"  # "won't be doing that again": sorry
                    again = {"twice", "again", "anymore"} if done else {"twice"}
                    twice = not again.isdisjoint(self.w[j + 2 : j + 7])  # "reissuing it twice"
                    return (None, None) if twice else (j + 1, None)
                # "I will not be reopening this complaint"
                if self._for_you(j + 1) and modal != "would":
                    return j + 1, None  # "I won't be calling the supplier on your behalf"
                return taken_up(self, j + 1) if modal != "would" else (None, None)
            if (
                modal == "would"
                and x in {"feel", "be"}
                and self.word(j + 1) in {"comfortable", "right", "appropriate"}
            ):
                return j + 1, None
            if modal == "would" and x not in {"want", "recommend", "advise"}:
                return None, None
            if modal != "would" and x not in SERVICE:
                if self._for_you(j):
                    return j, None  # "I won't ring them on your behalf"
                if self.word(j + 1) in {"or", "and"} and self.word(j + 2) in SERVICE:
                    return j + 2, None  # "won't recover or transfer an account"
                return taken_up(self, j)  # "we won't reconsider the decision"
            return (j, None) if x in SERVICE or x == "want" else (None, None)
        if modal in {"do", "does", "did"}:
            if x == "have" and self.word(k - 2) in _OFFERED and self.word(k - 1) in _FIRST:
                return j, None  # "Cash on delivery is a service we do not have"
            if x == "have":
                t = j + 1
                if self.word(t) in {"the", "any"}:
                    t += 1
                if self.word(t) in HAVE_THE:
                    return t, None
                return None, None
            if modal == "did":
                return None, None
            if x == "set" and self.word(j + 1) == "up":
                return j + 1, None  # "we don't set up payment plans by text"
            if self.word(k - 1) in _FIRST or speaker_start(self.s, k - 1) is not None:
                opinion = weighs_in(self, j)  # "we don't weigh in on disputes"; not "Don't..."
                if opinion is not None:
                    return opinion
                if regretted_habit(self, x):
                    return j, None  # "we don't gift wrap, sorry!": with regret, not offered
            return (j, None) if x in SERVICE else (None, None)
        if modal == "could":
            if x in {"possibly"} or self.word(j - 1) == "possibly":
                return j, None
            if x in {"share", "disclose", "reveal", "give", "release", "pass", "provide"}:
                return j, None
            return (j, "failure") if x.isalpha() else (None, None)
        if modal in {"have", "need"}:
            return None, None
        if modal in {"rather", "prefer"}:
            if modal == "prefer" and self.word(after) == "to":
                j = self._skip(after + 1)
            if self.word(j) in SPARE and self.word(j + 1) in {"you", "your"}:
                return j, "idiom"  # "I'd rather not keep you waiting": spares, declines nothing
            return (j, None) if self.word(j).isalpha() else (None, None)
        if modal in {"must", "may"}:
            return (
                (j, None)
                if x.isalpha() and x not in {"be", "have", "forget", "worry"}
                else (None, None)
            )
        if modal == "can" and j < self.n and self.is_word(j):
            return j, None
        if modal in {"can", "will"} and (
            j >= self.n or self.w[j] in {",", ".", "!", ";", "—", "-"}
        ):
            return j - 1, None  # "I cannot, sorry.", "I'm afraid I can't."
        return None, None

"""The shapes of a promise: the five rules, each matched at one anchor token.

Each rule returns a `Shape`: where the promise starts and ends, the token that anchored it,
which kind of rule it is (which decides the scopes that apply: a completed action is not
undone by a condition after it, a forward commitment is), and what the rule itself saw
inside its words (an intensifier, a hedge, a negation, a generic object). Whether a shape
is a promise is then up to the scopes in `_promises`. The shapes said without a whole
clause (headlines, chat replies) are in `_promise_fragments`.
"""

from __future__ import annotations

from dataclasses import replace

from ._authority import (
    AGREED,
    AUX,
    BE_NOW,
    FIRST,
    HAPPY,
    HAVE,
    SPECIFIC,
    VERBS,
    Subject,
    is_past,
)
from ._guarantees import Shape, committed, completed, loss_ruled_out
from ._lexicon import (
    CHANGED_NOW,
    GIVE_VERBS,
    INTENSIFIERS,
    NONCOMMITTAL,
    RECEIVE_VERBS,
    SELF_VERBS,
    THIS_TIME,
    is_amount,
    is_zero,
    names_process,
)
from ._phrase_passive import ARRIVING_ING, BE_DONE, SHOWING, UNDER_WAY, may_be_passive
from ._promise_business import SPEAKING_FOR_US
from ._promise_done_acts import act_named
from ._promise_folios import SHOWING_VERBS, folio_carries, zeroed
from ._promise_fragments import label_value
from ._promise_grants import SUMS_BACK, GrantReader
from ._promise_our_people import our_person
from ._skipping import already_base, base_after_be, base_after_have, before_past, for_us

__all__ = ["ShapeReader"]

_CERTAIN = frozenset({"certain", "sure", "bound"})
"""After "is" and before "to": a forecast made certain ("it's bound to arrive today")."""

_FEELINGS = frozenset({"need", "want", "like", "love", "enjoy", "help", "let"})
"""What a certain forecast is not of: "you're sure to love it" sells, it does not promise."""

_HELD_IN = frozenset({"account", "card", "statement", "bill", "balance", "wallet", "profile"})
"""Where a refund or credit said to be "on" or "in" it has been given: "the $20 credit is on
your account", "your refund is now in your account"."""


class ShapeReader(GrantReader):
    """The commitment and completed-action rules, on top of the guarantee and fragment rules."""

    def _forward(self, i: int, w: str) -> Shape | None:
        """Authority commitment or certain outcome, at the word that commits.

        The committing words: "will", "shall", "'m going to", "'m about to", "I can", "let
        me", "I'd like to", "I'd be happy to", "I'm happy to", and "is"/"are" before an -ing
        form ("we're sending you a replacement"). What follows is read by `_commitment`.
        """
        chain_start = -1
        subject: Subject | None = None
        kind = "will"
        if w in {"will", "shall", "should", "can", "could", "may"} and self.word(i + 1) in FIRST:
            # "Shall I refund the shipping?", "Will I be refunded?": asked, not committed (the
            # question scope sets it aside)
            chain_start, kind = i + 2, "can" if w != "will" else "will"
            subject = Subject(i + 1, "first")
        elif w in {"will", "shall"}:
            chain_start = i + 1
        elif (
            w == "going"
            and self.word(i + 1) == "to"
            and self.word(be := i - 1 - (self.word(i - 1) in INTENSIFIERS)) in BE_NOW
        ):  # "it is (definitely) going to"
            chain_start, subject = i + 2, self._subject(be)
        elif w == "going" and self.word(i + 1) == "to" and self._subjectless_going(i):
            # "we gonna cover it", "ok gonna refund you": chat leaves out "are" or the subject
            chain_start = i + 2
            subject = Subject(i - 1 if self.word(i - 1) in FIRST else i, "first")
        elif w == "about" and self.word(i + 1) == "to" and self.word(i - 1) in BE_NOW:
            chain_start = i + 2
            subject = self._subject(i - 1)
        elif w == "can" and self.word(i - 1) in FIRST:
            chain_start, kind = i + 1, "can"
        elif (
            w in {"would", "do"}
            and self.word(i + 1) == "you"
            and self.word(i + 2)
            in {
                "like",
                "want",
            }
        ):
            # "Would you like me to issue a credit?"
            k = i + 3
            if self.word(k) in {"me", "us"} and self.word(k + 1) == "to":
                chain_start, kind = k + 2, "can"
                subject = Subject(k, "first")
        elif w == "let" and self.word(i + 1) in {"me", "us"}:
            chain_start, kind = i + 2, "let"
            subject = Subject(i, "first")
        elif w == "would" and self.word(i - 1) in FIRST:
            if self.word(i + 1) == "like" and self.word(i + 2) == "to":
                chain_start, kind = i + 3, "offer"
            elif (
                self.word(i + 1) == "be"
                and self.word(i + 2) in HAPPY - {"able"}
                and self.word(i + 3) == "to"
            ):
                chain_start, kind = i + 4, "offer"
        elif (
            w in BE_NOW
            and self.word(i - 1) in FIRST
            and self.word(i + 1) in HAPPY - {"able"}
            and self.word(i + 2) == "to"
        ):
            chain_start, kind = i + 3, "offer"
        elif w in BE_NOW and self.word(i + 1) in _CERTAIN and self.word(i + 2) == "to":
            # "the replacement is certain to reach you", "it's bound to be delivered": a
            # forecast made certain, said of something (not "I'm sure to mention it")
            subject = self._subject(i)
            x = self.word(i + 3)
            if subject.kind in {"first", "none"} or not x.isalpha() or x in _FEELINGS:
                return None
            return Shape("certain outcome", "forward", subject.start, i, i + 4)
        elif w in BE_NOW:
            v, intense, hedged = self._skip(i + 1)
            x = self.word(v)
            if (x in VERBS and VERBS[x][1] == "ing") or (intense and x in ARRIVING_ING):
                # "we're sending you a replacement", "it is 100% arriving" (`ARRIVING_ING`)
                subject = self._subject(i)
                return self._commitment(i, v, subject, intense, hedged, "progressive")
            if self.word(i - 1) in FIRST and base_after_be(self.w, v):  # "We are refund you"
                return self._commitment(i, v, self._subject(i), intense, hedged, "progressive")
            return None
        if chain_start < 0:
            return None
        if subject is None:
            subject = self._subject(i)
        if kind == "offer" and self.word(chain_start) == "help":
            return None
        v, intense, hedged = self._skip(chain_start)
        # an intensifier after the verb too, as a translation puts it ("it will arrive surely");
        # not "Guaranteed" there, a product's name ("you'll find Guaranteed Delivery")
        after = self.word(v + 1)
        intense = intense or self.word(i - 1) in INTENSIFIERS
        intense = intense or (after in INTENSIFIERS and after != "guaranteed")
        if self.word(v) in {"not", "never"}:
            # "we will not refund": a negated commitment, left to the no-charge rules when it
            # promises something will not be charged (after a certainty: `_promise_sure_nots`)
            v2, _, _ = self._skip(v + 1)
            m = self._commitment(i, v2, subject, intense, hedged, kind)
            again = m is not None and m.rule == "certain outcome" and "again" in self.w[v2 : v2 + 8]
            if m is None or loss_ruled_out(self.w, v2) or again or intense:  # "you won't lose
                return None  # it", "it won't touch your card again": `_promise_no_loss`
            return Shape(m.rule, m.kind, m.start, m.trigger, m.end, negated=True)
        return self._commitment(i, v, subject, intense, hedged, kind)

    def _commitment(
        self, anchor: int, v: int, subject: Subject, intense: bool, hedged: bool, kind: str
    ) -> Shape | None:
        """What a commitment at `anchor` commits to, from its verb at `v`.

        A passive ("you'll be refunded"), a verb with an object (`_verb`: "we'll cover the
        shipping"), "have" and a participle ("will have refunded"), "make sure"/"ensure"
        (`_complement`), anything said of a refund or credit ("your refund will arrive
        Friday"), an idiom of redress (`_made_right`), or, with an intensifier, any outcome
        ("it will definitely arrive": a certain outcome). `kind` is how it committed
        (``will``, ``can``, ``let``, ``offer``, ``progressive``).
        """
        start = subject.start if subject.kind != "none" else anchor
        start = min(start, anchor)
        x = self.word(v)
        if subject.bare and kind == "will" and self._to_customer(v):
            # "Refunds will be issued to your original payment method": this customer's
            subject = replace(subject, generic=False, bare=False)
        generic = subject.generic
        if kind == "can" and subject.kind != "first":
            return None
        if x == "do" and subject.kind == "first" and self.word(subject.start - 1) == "what":
            # "what I'll do is credit your account": the verb after "is" is what is committed;
            # "**What we'll do:** refund the extra seats": a label, and its value
            v2 = v + 2 + (self.word(v + 2) == "to") if self.word(v + 1) in BE_NOW else -1
            v2 = label_value(self.w, v + 1) if v2 < 0 else v2
            if v2 >= 0:
                cleft = replace(subject, start=subject.start - 1)  # the finding opens at "what"
                return self._commitment(anchor, v2, cleft, intense, hedged, kind)
        if x in {"be", "being"} or (x == "get" and is_past(self.word(v + 1))):  # "get replaced"
            p, intense2, hedged2 = self._skip(v + 1)
            intense, hedged = intense or intense2, hedged or hedged2
            y = self.word(p)
            if y in HAPPY and self.word(p + 1) == "to":
                if y == "able":
                    return None
                v2, i3, h3 = self._skip(p + 2)
                return self._commitment(anchor, v2, subject, intense or i3, hedged or h3, "offer")
            end = self._passive(p, subject)
            if end is not None:
                return committed(start, anchor, end, hedged=hedged, generic=generic)
            ing = y in VERBS and VERBS[y][1] == "ing"  # or "we'll be refund you" (non-native)
            if ing or (subject.kind == "first" and base_after_be(self.w, p)):
                # "you'll be getting a refund", "we'll be sending a replacement"
                done = self._verb(p, subject, done=False)
                if done is not None:
                    return committed(
                        start,
                        anchor,
                        done[0],
                        hedged=hedged,
                        generic=generic or done[1],
                    )
            if (
                subject.auth
                and not subject.generic
                and y not in NONCOMMITTAL
                and y not in {"not", "no"}
                and self.is_word(p)
            ):
                return committed(start, anchor, p + 1, hedged=hedged)
            on_us = self.word(p + 1) == "us" or (
                self.word(p + 1) == "the" and self.word(p + 2) == "house"
            )
            zero = is_zero(y) and subject.kind == "np" and zeroed(self.w[start:anchor])
            if y in {"free", "complimentary"} or (y == "on" and on_us) or zero:
                # "breakfast for both of you will be on us": the thing before "for you"
                for_you = (
                    subject.kind == "you"
                    and y == "on"
                    and "for" in self.w[max(0, start - 3) : start]
                )
                if (subject.kind in {"pronoun", "np"} or for_you) and not subject.generic:
                    return committed(start, anchor, p + 1, hedged=hedged)
            certain = intense or self.assured(anchor, p)
            if (
                certain
                and kind == "will"
                and subject.kind not in {"first", "none"}
                and self.is_word(p)
            ):
                return Shape(
                    "certain outcome",
                    "forward",
                    start,
                    anchor,
                    p + 1,
                    hedged=hedged,
                    generic=generic,
                )
            return None
        if x in HAVE and self.word(v + 1) not in {"to"}:
            p, _, h = self._skip(v + 1)
            y = self.word(p)
            if is_past(y):
                done = self._verb(p, subject, done=True)
                if done is not None:
                    return committed(
                        start,
                        anchor,
                        done[0],
                        hedged=hedged or h,
                        generic=generic or done[1],
                    )
        if x in {"guarantee", "promise", "assure"}:
            return None  # "we can guarantee": an explicit guarantee, read at its verb
        went = self._went_on(anchor, v, subject, start) if x in {"go", "proceed"} else None
        if went is not None:  # "refunds will go back to your card", "I'll proceed with..."
            return replace(went, hedged=hedged)
        if x == "ensure" or (x == "see" and self.word(v + 1) == "to" and self.word(v + 2) == "it"):
            done2 = self._complement(v + 1)
            if done2 is not None:
                return committed(
                    start,
                    anchor,
                    done2[0],
                    hedged=hedged,
                    generic=generic,
                )
        if x in {"come", "go"} and self.word(v + 1) == "back":
            back = self._money_back(subject, anchor, v + 1)  # "the overpayment will come back"
            if back is not None:
                return committed(back, anchor, v + 2, hedged=hedged)
        if (
            subject.auth
            and not subject.generic
            and (
                x in VERBS
                or x
                in {
                    "arrive",
                    "appear",
                    "land",
                    "reach",
                    "show",
                    "post",
                    "hit",
                    "come",
                    "go",
                    "clear",
                    "be",
                }
            )
        ):
            if x not in NONCOMMITTAL:
                end = v + 1 + (1 if self.word(v + 1) in {"through", "up", "back"} else 0)
                return committed(start, anchor, end, hedged=hedged)
        if (
            subject.auth
            and not subject.generic
            and x.isalpha()
            and x not in NONCOMMITTAL
            and x not in AUX
            and x not in {"not", "never", "no", "only"}
        ):
            return committed(start, anchor, v + 1, hedged=hedged)
        done3 = self._verb(v, subject, done=False)
        if done3 is None and x in SHOWING_VERBS:  # "your next bill will show a £25 credit"
            ends = folio_carries(self.w, subject, anchor, v, self._object(v + 1))
            done3 = None if ends is None else (ends, False)
        if (
            done3 is None
            and x in {"make", "put", "set", "get", "sort"}
            and subject.kind in {"first", "np"}
        ):
            done3 = self._made_right(v + 1)
        if done3 is not None:
            return committed(
                start,
                anchor,
                done3[0],
                hedged=hedged,
                generic=generic or done3[1],
            )
        future = kind in {"will", "progressive"}
        if (
            future
            and (intense or self.assured(anchor, v))
            and subject.kind not in {"first", "none"}
        ):
            if x in {"have", "need"} and self.word(v + 1) == "to":
                return None
            if self.is_word(v) and x not in {
                "need",
                "want",
                "like",
                "love",
                "help",
                "let",
            }:
                return Shape(
                    "certain outcome",
                    "forward",
                    start,
                    anchor,
                    v + 1,
                    hedged=hedged,
                    generic=generic,
                )
        return None

    def _perfect(self, i: int, w: str) -> Shape | None:
        """Completed authority action, at "have".

        "I've refunded", "we have issued a refund", "the fee has been waived", "you've been
        refunded", "I've agreed to waive", "I've been able to...", "I've had the fee
        removed", "the refund has gone through".
        """
        if w not in HAVE or self.word(i + 1) == "to":
            return None
        if self.word(i + 1) in {"not", "never"}:
            # "we haven't refunded the order": the shape, negated
            shape = self._perfect_from(i, i + 2)
            return replace(shape, negated=True) if shape is not None else None
        return self._perfect_from(i, i + 1)

    def _perfect_from(self, i: int, after: int) -> Shape | None:
        """`_perfect`, reading from `after` (past a negation)."""
        subject = self._subject(i)
        p, intense, hedged = self._skip(after)
        y = self.word(p)
        start = subject.start if subject.kind != "none" else i
        if subject.kind == "none" and self.word(i - 1) not in {"i", "we"}:
            alone = self.word(i) == "have" and self._opens_clause(i)  # "Have refunded..."
            if not (alone and is_past(y) and y != "been") or self.s.is_question_clause(i):
                return None
            subject = Subject(i, "first")  # "Have refunded the ₹1,499 to your card": no "I"
        if self._hedge_modal(i):
            hedged = True
        act = act_named(self.w, p + 1, self._object) if y == "done" else 0
        if subject.kind == "first" and act:
            return completed(start, i, act, hedged=hedged)  # "I've done your refund"
        if (y in AGREED or y == "managed") and self.word(p + 1) == "to":
            # "we have agreed to refund you", "I've decided to waive the fee", "I've managed
            # to get the fee waived"
            v, _, h = self._skip(p + 2)
            done = self._verb(v, subject, done=True)
            if done is not None:
                return completed(start, i, done[0], hedged=hedged or h)
            return None
        if y == "been":
            q, _, h2 = self._skip(p + 1)
            if self.word(q) == "able" and self.word(q + 1) == "to":
                v, _, _ = self._skip(q + 2)
                done = self._verb(v, subject, done=True)
                if done is not None:
                    return completed(start, i, done[0], hedged=hedged)
                return None
            end = self._passive(q, subject)
            if end is not None:
                return completed(
                    start,
                    i,
                    end,
                    hedged=hedged or h2,
                    generic=subject.generic,
                )
            if (
                subject.auth
                and not subject.generic
                and self.word(q) not in NONCOMMITTAL
                and self.word(q) in VERBS
            ):
                return completed(start, i, q + 1, hedged=hedged)
            return None
        if is_past(y) or (for_us(subject.kind, self.word(i - 1)) and base_after_have(self.w, p)):
            if subject.auth and not subject.generic and y not in NONCOMMITTAL:
                end = p + 1 + (1 if self.word(p + 1) in {"through", "out"} else 0)
                return completed(start, i, end, hedged=hedged)
            if subject.kind in {"first", "np", "none", "pronoun"} and not subject.auth:
                done = self._verb(p, subject, done=True)
                if done is not None:
                    return completed(
                        start,
                        i,
                        done[0],
                        hedged=hedged,
                        generic=done[1],
                    )
            if subject.kind == "you" and VERBS[y][0] in RECEIVE_VERBS:
                done = self._verb(p, subject, done=True)
                if done is not None:
                    return completed(start, i, done[0], hedged=hedged)
        gone = y == "gone" and self.word(p + 1) not in {"up", "down", "through", "back"}
        if gone or (y == "come" and self.word(p + 1) == "off"):
            taken = self._taken_off(subject, p, hedged)  # "the cleaning fee, it's gone"
            if taken is not None:
                return taken
        if y in {"gone", "went"} and self.word(p + 1) == "through" and subject.auth:
            return completed(start, i, p + 2, hedged=hedged)
        back = self._money_back(subject, i, p + 1) if y in {"gone", "went"} else None
        if back is not None:
            # "the $40 difference has gone back to your Visa"
            return completed(back, i, p + 2, hedged=hedged)
        if y in {"had", "got", "gotten"} and subject.kind == "first":
            caused = self._caused(p + 1)
            if caused is not None:
                return completed(start, i, caused, hedged=hedged)
        return None

    def _simple_past(self, i: int, w: str) -> Shape | None:
        """Completed authority action in the simple past, and the shapes anchored at a verb.

        "I refunded", "I went ahead and refunded", "... and refunded the payment", "I was
        able to waive", "I managed to get you a refund", "we agreed to refund", "the refund
        went through", "here's a $10 credit", "which resulted in a credit of $11"; also
        "Expect your refund by Friday", "it's on us" and "... and refund you" after a
        commitment.
        """
        if w == "did" and (act := act_named(self.w, i + 1, self._object)):
            subject = self._subject(i)  # "I already did the refund for order 0411"
            return completed(subject.start, i, act) if subject.kind == "first" else None
        if w in {"was", "were"} and self.word(i + 1) == "able" and self.word(i + 2) == "to":
            subject = self._subject(i)
            if subject.kind not in {"first", "np"}:
                return None
            v, _, h = self._skip(i + 3)
            done = self._verb(v, subject, done=True)
            if done is None:
                return None
            return completed(subject.start, i, done[0], hedged=h)
        if w == "managed" and self.word(i + 1) == "to":
            subject = self._subject(i)
            v, _, h = self._skip(i + 2)
            done = self._verb(v, subject, done=True)
            if done is None or subject.kind != "first":
                return None
            return completed(subject.start, i, done[0], hedged=h)
        if w in AGREED and self.word(i + 1) == "to":
            subject = self._subject(i)
            if subject.kind not in {"first", "np"} or subject.generic:
                return None
            v, _, h = self._skip(i + 2)
            done = self._verb(v, subject, done=True)
            if done is None:
                return None
            return completed(subject.start, i, done[0], hedged=h)
        polite = self.word(i - 1) in {"please", "kindly"} and self._opens_clause(i - 1)
        if w == "expect" and (self._opens_clause(i) or polite) and self.word(i - 1) != "can":
            # "Expect your refund within three days", "Please expect a replacement handset
            # by Thursday": an imperative that commits
            obj = self._object(i + 1)
            if obj.auth and not obj.generic:
                return committed(i, i, obj.end)
            return None
        on_us = self.word(i + 2) == "us" or (
            self.word(i + 2) == "the" and self.word(i + 3) == "house"
        )
        if w in {"is", "are"} and self.word(i + 1) == "on" and on_us:
            # "it's on us", "the delivery charge is on the house"
            subject = self._subject(i)
            # "Poppy's next grooming session": the subject's reading stops at an -ing form
            near = self.w[max(0, subject.start - 3) : i]
            now = not THIS_TIME.isdisjoint(self.w[max(0, i - 3) : i + 6])  # "dinner tonight"
            if subject.kind == "pronoun" or (
                subject.kind == "np"
                and (
                    subject.det in SPECIFIC
                    or subject.det in {"next", "last"}
                    or not {"next", "your"}.isdisjoint(near)
                    or now
                )
                and not subject.generic
            ):
                end = i + 3 + (1 if self.word(i + 2) == "the" else 0)
                return committed(subject.start, i, end)
            return None
        if w in {"is", "are"} and self.word(i + 2) == "our":
            return self._on_our_side(i)  # "the cost is from our side"
        if w in {"is", "are"} and self.word(i + 1) in {"free", "complimentary"}:
            # "your next three boxes are free": what is still to come, given (not "the next
            # slot is free at 3", available; nor "free to customise")
            subject = self._subject(i)
            said = self.w[subject.start : i]
            if subject.kind == "np" and said[:2] == ["your", "next"] and not subject.generic:
                if not self.is_word(i + 2) or self.word(i + 2) in {"of", "as"}:
                    return committed(subject.start, i, i + 2)
            return self._given_free(subject, i)  # "the upgrade's free"
        ensures = w == "ensure" or (w == "make" and self.word(i + 1) in {"sure", "certain"})
        if ensures and self._after_suggestion(i):
            return None  # "Let's verify the details and ensure ...": you and I, suggested
        if w == "ensure" and self._coordinated(i):
            # "I will rebook the flights and ensure the refund is processed"
            done = self._complement(i + 1)
            return committed(i, i, done[0]) if done is not None else None
        form = VERBS.get(w, ("", ""))[1]
        if self._joined_or_listed(i, form):  # "... and refund you", "- Refunding the $2.80"
            done = self._verb(i, Subject(i, "first"), done=False)
            return None if done is None else committed(i, i, done[0], generic=done[1])
        if w == "went" and self.word(i + 1) == "through":
            subject = self._subject(i)
            if subject.auth and not subject.generic:
                return completed(subject.start, i, i + 2)
            return None
        if w == "went" and self.word(i + 1) == "back":
            # "your deposit went back to your card"
            back = self._money_back(self._subject(i), i, i + 1)
            return completed(back, i, i + 2) if back is not None else None
        if (w, self.word(i + 1)) in {("resulted", "in"), ("led", "to")}:
            # "the change resulted in a credit of $11 back to your gift card"
            obj = self._object(i + 2)
            if obj.auth and not obj.generic and not obj.negated:
                return completed(i, i, obj.end, hedged=self._hedge_modal(i - 1))
            return None
        if w in {"here"} and self.word(i + 1) in {"is", "are"}:
            obj = self._object(i + 2)
            if obj.auth and not obj.generic:
                return completed(i, i, obj.end)
            return None
        if w not in VERBS or (VERBS[w][1] != "past" and not already_base(self.w, i)):
            return None
        k = before_past(self.w, i)
        before = self.word(k)
        if before == "and" and self._passive_clause_before(k):
            # "your subscription was cancelled and refunded": the participle shares the
            # passive of the clause before
            subject = self._subject_of_clause(self.s.clause[k] - 1, i)
            passive_end = self._passive(i, subject)
            if passive_end is None:
                return None
            return completed(
                i,
                i,
                passive_end,
                generic=subject.generic,
            )
        if before in FIRST or (before == "and" and self._first_person_clause_before(k)):
            subject = Subject(k if before in FIRST else i, "first")
        elif before in SPEAKING_FOR_US:  # "the pharmacy reimbursed" (`_promise_business`)
            subject = Subject(self._subject(i).start, "np")
        elif (ours := our_person(self.w, k)) is not None:
            subject = Subject(ours, "np")  # "my team leader cancelled", "... and he cancelled"
        elif self._chat_opener(i) and self._chat_takes(i):
            # "Waived it for you", "Just upgraded your seat", "ok refunded u", "Cancelled +
            # refunded", "Just applied a $100 credit", "gave u a full refund": no "I" in chat
            subject = Subject(i, "first")
        else:
            subject = self._subject(i)
            if self._gapped(subject, i):
                # "... was cancelled and the last two charges refunded": the passive of the
                # clause before, its "were" left out
                return completed(subject.start, i, i + 1)
            if not (
                subject.auth and not subject.generic and before not in AUX and w not in NONCOMMITTAL
            ):
                return None
            end = i + 1 + (1 if self.word(i + 1) in {"through", "out"} else 0)
            if VERBS[w][0] in GIVE_VERBS | SELF_VERBS:
                return completed(subject.start, i, end)
            return None
        if subject.kind == "first" and before in FIRST and self.word(k - 1) in AUX:
            return None
        done = self._verb(i, subject, done=True)
        if done is None:
            return None
        return completed(subject.start, i, done[0], generic=done[1])

    def _subjectless_going(self, i: int) -> bool:
        """Whether "going to" at `i` has "I" or "we" before it, or opens its clause (after "ok")."""
        if self.word(i - 1) in FIRST or self.word(i - 1) == "." or self._opens_clause(i):
            return True  # (a chat's lower-case "gonna" after a full stop opens no sentence)
        return self.word(i - 1) in {"ok", "okay", "so", "yo"} and self._opens_clause(i - 1)

    def _gapped(self, subject: Subject, i: int) -> bool:
        """A charge, after "and", said to have had the passive of the clause before."""
        s, c = self.s, self.s.clause[i]
        if not (subject.charge or subject.auth) or subject.generic or c == 0:
            return False
        before = s.clause_start[c] - 1  # the clause before: no condition or hedge in it
        if s.boundary[c] != "and" or s.condition[before] >= 0 or s.hedge[before] >= 0:
            return False
        return VERBS[self.word(i)][0] in SELF_VERBS and self._passive_clause_before(i)

    def _after_suggestion(self, i: int) -> bool:
        """The clause before the one at `i` opens with "Let's" (not "let us" written out)."""
        c = self.s.clause[i]
        if c == 0 or self.word(i - 1) != "and":
            return False
        start = self.s.clause_start[c - 1]
        for k in range(start, min(start + 3, self.n)):
            if self.w[k] == "let":
                token = self.s.tokens[k]
                return self.text[token.start : token.end].lower() in {"let's", "let’s"}
        return False

    def _to_customer(self, v: int) -> bool:
        """What follows `v` in its clause sends something to the customer ("to your card")."""
        end = min(self.s.clause_end(self.s.clause[v]) if v < self.n else v, v + 10)
        return any(
            self.w[k] in {"to", "into", "onto", "on", "in"} and self.word(k + 1) in {"your", "you"}
            for k in range(v, end)
        )

    def _read_otherwise(self, k: int, v: int) -> bool:
        """Another rule reads the act of "I"/"we" at `k`, its verb at `v`, by itself.

        "As an exception, I have extended your free trial": the completed action is read at
        "have", and its evidence is that rule's.
        """
        j = self._skip(k + 1)[0]
        x = self.word(j)
        if x in {"will", "shall"} and self._forward(j, x) is not None:
            return True
        if x in HAVE and self._perfect(j, x) is not None:
            return True
        return self._simple_past(v, self.word(v)) is not None

    def _be_passive(self, i: int, w: str) -> Shape | None:
        """Completed authority action in a passive with "is" or "was".

        "Your fee is waived", "the charge was reversed", "your refund is on its way", "a
        replacement is being sent" ("has been" is `_perfect`). In the present, only of this
        customer's things: "the fee is waived" alone may be policy.
        """
        if w not in BE_DONE or (w == "got" and self.word(i - 1) in FIRST):
            return None
        if not may_be_passive(self.w, i):
            return None
        subject = self._subject(i)
        p = self._skip(i + 1)[0]
        if self.word(p) == "being" and subject.bare and self._to_customer(p):
            # "Refunds are being issued to your card": this customer's
            subject = replace(subject, generic=False, bare=False)
        if subject.kind in {"none", "there"} or subject.generic:
            if self.word(p) == "being":
                p = self._skip(p + 1)[0]
            if subject.generic and self._passive(p, subject) is not None:
                return completed(subject.start, i, i + 2, generic=True)
            return None
        p, _, hedged = self._skip(i + 1)
        progressive = self.word(p) in {"being", "getting"}  # "is getting restored"
        perfect = self.word(p) == "been" and w in {"is", "are"}  # "is been refunded": "has been"
        if progressive or perfect:
            p, _, h2 = self._skip(p + 1)
            hedged = hedged or h2
        y = self.word(p)
        start = subject.start
        new_one = self.word(i - 1) in {"one", "unit"} and "new" in self.w[max(0, i - 3) : i]
        while new_one and start > 0 and self.word(start - 1) in SPECIFIC | {"new", "brand"}:
            start -= 1  # "a (brand) new one is on its way": a replacement by another name
        if (
            (subject.auth or new_one)
            and y == "on"
            and self.word(p + 1) in {"its", "the", "their"}
            and self.word(p + 2) == "way"
        ):
            return completed(start, i, p + 3, hedged=hedged)
        if (
            y == "on"
            and self.word(p + 1) == "its"
            and self.word(p + 2) == "way"
            and self.word(p + 3) == "back"
            and subject.det in SPECIFIC
            and (
                set(self.w[start:i]) & SUMS_BACK or self._money_back(subject, i, p + 3) is not None
            )
        ):
            # "the full amount is on its way back to you", "your money is on its way back",
            # "the second charge of £79.99 is on its way back to your card"
            return completed(start, i, p + 4, hedged=hedged)
        b = p if y == "back" else i + 1  # "the $63.20 is already back on your PayPal"
        back = self._money_back(subject, i, b)
        if back is not None:
            # "your £25 is back in your account", "the booking fee is back with you"
            return completed(back, i, b + 1, hedged=hedged)
        taken = self._taken_off(subject, p, hedged)
        if taken is not None:
            return taken
        if (subject.auth or names_process(self.w[start:i])) and y in UNDER_WAY:
            # "your refund is underway", "the refund process is underway"
            return completed(start, i, p + 1, hedged=hedged)
        shown = y in SHOWING and self.word(p + 1) in {"on", "in"}  # "is now showing on"
        if (
            subject.auth
            and (subject.det in SPECIFIC or is_amount(subject.det))  # "$300 in certificates"
            and (y in {"on", "in"} or shown)
            and self.word(p + 1 + shown) == "your"
            and self.word(p + 2 + shown) in _HELD_IN
        ):
            # "the $20 credit is on your account": given, not promised
            return completed(start, i, p + 3 + shown, hedged=hedged)
        end = self._passive(p, subject)
        if end is None:
            return None
        present = w in {"is", "are", "am"} and not progressive and not perfect
        # "the fee is waived" may be policy; "your fee is waived", "the fee is (now) waived now",
        # "those are waived already", "last month's fee is waived", "the fee is waived as an
        # exception" speak of this customer
        changed = not {self.word(i + 1), self.word(end)}.isdisjoint(CHANGED_NOW)
        # "the $9.99 charge is refunded": an amount names this customer's charge (a present
        # with a condition after it is policy: "the $5 fee is refunded if you cancel")
        unconditional = self.s.condition_next[i] < 0
        amount = unconditional and any(
            x[:1] in "$£€¥" and x[1:2].isdigit() for x in self.w[start:i]
        )
        # "a credit ... is issued now": "a" with a time word, and no condition after it
        if present and not (
            subject.kind in {"you", "pronoun"}
            or subject.det in {"your", "this", "that", "my"}
            or (subject.det in {"the", "these", "those"} and changed)
            or (subject.det in {"a", "an"} and changed and unconditional)
            or (subject.dated and self.s.condition_next[i] < 0)
            or (subject.definite(w) and unconditional and self._one_off_after(end))
            or (subject.definite(w) and unconditional and self._this_case(start, i))
            or (amount and (subject.det == "the" or subject.det[:1] in "$£€¥"))
        ):
            return None
        generic = self._generic_after(end)
        kind = "forward" if progressive else "completed"
        rule = "authority commitment" if progressive else "completed authority action"
        return Shape(rule, kind, start, i, end, hedged=hedged, generic=generic)

"""Refusals in an agent's answer: the reply declines the request, or a kind of help.

A reply refuses when it declines what was asked (legal, medical, tax or investment advice;
another person's data; a way into an account that is not the customer's; fraud; or any
request) even when it goes on to offer other help. The detector reads each sentence
(`_reading.read`) and looks for six shapes, each a rule named in the evidence:

- **cannot or will not**: I or we, a modal of inability or refusal, and a verb: "I can't
  share", "we're unable to give out", "I'm not in a position to change", "I won't be able
  to bypass", "I don't give medical advice", "I'd rather not speculate", "we can neither
  confirm nor deny" (its "neither" the modal's "not");
- **not something we do**: "that's not something I'm able to do", "that isn't one I can
  fulfil", "that is not a service we provide";
- **not possible**: "I'm afraid that's not possible", "that won't be possible", "no can do";
- **outside our remit**: "that's outside what I can help with", "beyond what I'm able to
  do", "against our policy", "our policy doesn't allow me to";
- **declines**: "I must decline", "I'm going to have to say no", "I have to refuse";
- **refers to a professional**: "please speak to your GP", "a qualified tax adviser can
  help", "that's a question for a solicitor".

Not refusals: hedges ("I can't guarantee it will arrive", "I can't say exactly when"),
idioms ("I can't wait", "I cannot stress enough", "I can't thank you enough"), failures
to find or reach something ("I can't find an order under that email", "I can't access
the system right now, it's down"), unless what cannot be reached is someone else's ("I
can't look up someone else's order"), and inability that is not the agent's ("if you
can't log in", "the page can't load"), conditions ("if I can't find it, I'll escalate"),
questions and quotations (which verbs make an idiom, a hedge or a failure:
`_refusal_reasons`), and warnings before an act still to come ("once you confirm, I can't
change it": `_refusal_consequence`). Case notes and chat replies leave their "I" out
("Declined to merge the accounts", "Unable to split it, sorry": `_refusal_notes`).
The verb a negated modal is about ("can't share", "won't be reopening", "don't give") is read
by `_refusal_modal_verbs`, and a way ruled out while the request is met another way ("can't
be split automatically, but I've applied $30") by `_refusal_another_way`.

As with promises, every rule reads a few tokens around one token, so the cost is linear in
the text.
"""

from __future__ import annotations

from collections import Counter

from ._findings import Finding, Reading, scan
from ._grammar import Sentence
from ._refusal_another_way import done_another_way
from ._refusal_by_them import BY_THEM_ANCHORS, done_by_them
from ._refusal_cannot import advice_declined, asks_for_it, bare_gerund
from ._refusal_cap_reached import CAP_ANCHORS, cap_reached
from ._refusal_confidential import SECRECY, confidential
from ._refusal_consequence import follows_their_choice, warns_before
from ._refusal_counterfactual import counterfactual
from ._refusal_decisions import (
    cannot_proceed,
    excluded,
    house_declined,
    not_granted,
    not_offered,
    not_open_to_us,
    only_limit,
)
from ._refusal_declining import (
    DECLINING_ANCHORS,
    bare_opening,
    declines,
    declining_verb,
    draws_line,
)
from ._refusal_disclosure import others_not_disclosed, others_withheld, own_data_kept
from ._refusal_dishonest import DISHONEST, would_be_dishonest
from ._refusal_elsewhere import elsewhere_only
from ._refusal_fronted import fronted, timed_object
from ._refusal_house import (
    decided_against,
    decided_not,
    grants_none,
    has_refused,
    no_longer_offered,
    not_done_by,
    signed_by,
    speaker_start,
)
from ._refusal_house_said import asked_them, house_said
from ._refusal_idioms import IDIOM_ANCHORS, idiom_declines, no_way, off_limits, stays_theirs
from ._refusal_item_status import item_not_taken
from ._refusal_limit_kept import limit_not_raised
from ._refusal_modal_verbs import ModalVerbReader
from ._refusal_not_as_asked import NOT_AS_ASKED_ANCHORS, not_as_asked
from ._refusal_not_faults import not_a_fault
from ._refusal_notes import NOTE_ANCHORS, noted_refusal
from ._refusal_passive import (
    PHRASAL_ANSWERS,
    RULE_NOUNS,
    but_not,
    cannot_be,
    no_request,
    not_eligible,
    not_supported,
    not_under_rule,
    not_yours_to,
    request_declined,
    verdict_label,
    you_cannot,
)
from ._refusal_possible import not_possible
from ._refusal_professionals import HANDED_TO, TITLES, handed_over, professional, seek_advice
from ._refusal_relayed import said_no
from ._refusal_remit import REMIT_ANCHORS, remit
from ._refusal_reviewed import REVIEWED_ANCHORS, reviewed_verdict
from ._refusal_routed import ROUTED_ANCHORS, routed_to_them
from ._refusal_routine import ROUTINE_ANCHORS, kept_under_limit
from ._refusal_spared import spares_you
from ._refusal_stands import STANDS_ANCHORS, decision_stands
from ._refusal_thing_cannot import asked_thing_cannot
from ._refusal_topics import TOPIC_ANCHORS, topic_answered
from ._refusal_true_record import TRUE_RECORD_ANCHORS, must_show_record
from ._refusal_understated import UNDERSTATED_ANCHORS, understated
from ._refusal_unit_verdicts import (
    UNIT_VERDICT_ANCHORS,
    closed_without,
    refused_by_unit,
    unit_decided_not,
)
from ._refusal_verdicts import bare_verdict, request_verdict
from ._refusal_will import something_not_done
from ._refusal_words import (
    ABLE,
    ADDRESSED,
    ADVICE_KINDS,
    ANSWERS,
    BARE_NO,
    BEFORE_UNABLE,
    BETWEEN_ADVERBS,
    DECLINE,
    DECLINES,
    FAILURES,
    HAVE_THE,
    LEAD_INS,
    MODAL_NEG,
    NOT_WE,
    ONLY_VERBS,
    POSSIBLE,
    PROFESSIONAL_PAIRS,
    PROFESSIONALS,
    REGRET,
    SERVICE,
    SOMETHING,
    USUALLY,
)

__all__ = ["REFUSAL_RULES", "find_refusals"]

_LEADS_TO_NAMES = LEAD_INS | {"nah", "hey"}
"""Lead-ins after which a word of `ADDRESSED` names the customer: "sorry mate", "nah buddy"."""

REFUSAL_RULES = (
    "cannot or will not",
    "not something we do",
    "not possible",
    "outside our remit",
    "declines",
    "refers to a professional",
)


def find_refusals(text: str) -> Reading:
    """Find the refusals in `text`, in order; count the near-refusals set aside.

    Examples:
        >>> [(f.rule, f.text) for f in find_refusals("Sorry, I can't share that.").findings]
        [('cannot or will not', "I can't share")]
        >>> find_refusals("I can't wait to hear from you!").ignored
        {'idiom': 1}
    """
    return _find(text, _NEEDED)


def _find(text: str, keep: frozenset[str] | None) -> Reading:
    """`find_refusals`, reading only the sentences with a word in `keep` (all, with None)."""
    return scan(text, keep, _Reader)


# --- the words ---------------------------------------------------------------------------

_FIRST = frozenset({"i", "we"})

_CONCEDING = frozenset({"though", "although", "despite", "notwithstanding"})
"""What opens a clause that grants a limit and goes past it: "though it's past the window"."""

_RULE_ACTS = frozenset({"apply", "accept", "accommodate", "honour", "honor", "extend", "offer"})
"""What a rule of the house cannot do for the customer, its noun the subject of "cannot":
"system policy cannot apply it for repeat customer" (dev round 268); not "the rules can't stop
you", nor the customer's own ("your policy can't cover it")."""

_MARKS_OF_LINES = frozenset({",", "—", "-", ":"})
"""What may stand before a clause that leaves its subject out ("Status: can't share")."""

_ANCHORS = frozenset(
    {"not", "never", "unable", "no", "seek", "get", "obtain", "take", "say", "turn", "pass",
     "impossible", "afraid", "answer", "only", "supported", "eligible", "off-limits", "off",
     "overstepping", "qualify", "stopped", "ceased", "discontinued", "draw", "drawing",
     "no-go", "non-starter", "cards", "table", "turned", "turning", "ruled", "withheld",
     "knocked", "excluded", "extend", "said", "passing", "refrain", "roadmap", "neither"}
) | REMIT_ANCHORS | STANDS_ANCHORS | IDIOM_ANCHORS | SECRECY | DECLINE | DECLINES | (
    SOMETHING | POSSIBLE | PROFESSIONALS | ANSWERS | DISHONEST | BY_THEM_ANCHORS | DECLINING_ANCHORS
) | ROUTINE_ANCHORS | NOT_AS_ASKED_ANCHORS | UNDERSTATED_ANCHORS | TRUE_RECORD_ANCHORS | (
    REVIEWED_ANCHORS | TITLES | ROUTED_ANCHORS | HANDED_TO | UNIT_VERDICT_ANCHORS | NOTE_ANCHORS
) | TOPIC_ANCHORS | CAP_ANCHORS  # fmt: skip
"""The words a refusal rule can anchor at (two-word professions are looked up apart)."""

_NEEDED = _ANCHORS | frozenset(first for first, _ in PROFESSIONAL_PAIRS)

"""A sentence with none of these words cannot refuse, and is not read further."""


class _Reader(ModalVerbReader):
    """The refusal rules, applied to one sentence."""

    def __init__(self, s: Sentence, text: str) -> None:
        super().__init__(s, text)
        self._bare: bool | None = None
        self._hedged = False
        """A hedge was set aside before in this sentence (its reason is part of it)."""

    def scan(self, findings: list[Finding], ignored: Counter[str]) -> None:
        """Add the sentence's refusals to `findings`, and the near-refusals to `ignored`."""
        claimed_to = -1
        anchors = [i for i, w in enumerate(self.w) if w in _NEEDED]  # most words anchor none
        for i in anchors:
            if i < claimed_to:
                continue
            found = self._at(i)
            if found is None:
                continue
            rule, start, end, reason = found
            if reason is None:
                reason = self._scope(start, i, end, rule)
            if reason == "hedge":
                self._hedged = True
            if reason is None:
                tokens = self.s.tokens
                a, b = tokens[start].start, tokens[end - 1].end
                findings.append(Finding(rule, self.text[a:b], a, b))
            else:
                ignored[reason] += 1
            claimed_to = max(claimed_to, end)

    def _scope(self, start: int, anchor: int, end: int, rule: str = "") -> str | None:
        """Why a refusal from `start` to `end`, anchored at `anchor`, declines nothing."""
        s = self.s
        if s.quoted[anchor] or s.quoted[start]:
            return "quoted"
        if (s.reported[start] or s.reported[anchor]) and not (
            self.said_in_act(anchor) or house_said(self, start) or self._asked_thing(start, anchor)
        ):
            return "reported speech"  # (not "Writing a letter that says ... is not something")
        if self.word(start - 1) in {"you", "me"} and self.word(start - 2) == "told":
            if self.word(start - 3) not in {"i", "we"} and not house_said(self, start):
                return "reported speech"  # "the front desk told you pets weren't allowed"
        if s.is_question_clause(anchor):
            return "question"
        if self.reassures(start):
            return "reassurance"  # "Don't worry, we won't cancel your order"
        if own_data_kept(self, start, end):
            return "reassurance"  # "We won't share your details with anyone"
        # only an inability inside the condition is hypothetical ("if I can't find it, I'll
        # escalate"); "if you're not the account holder, I can't share it" still refuses, and
        # so does an act with its time ("Backdating it after the claim isn't something...")
        if (self.hypothetical(start) or self.hypothetical(anchor)) and not (
            self.in_gerund_subject(start, anchor) or timed_object(self, start)
        ):
            return "conditional"
        if warns_before(self, start, end) and not self.in_gerund_subject(start, anchor):
            return "consequence"
        if follows_their_choice(self, start, end):
            return "consequence"  # "you've declined the warranty, so it won't be added"
        if self.gives_reason(start, end):
            return "reason"  # "Since we can't proceed without it, let's try another way"
        if rule == "outside our remit" and self._conceded(start):
            return "concession"  # "Even though it's past the 24-hour window, I've waived it"
        if self._hedged and self._hedge_reason(start, end):
            return "hedge"
        if done_another_way(self, start, end):
            return "another way"  # "can't be split automatically, but I've applied $30"
        if spares_you(self, start, end):
            return "reassurance"  # "..., but that doesn't affect you" (`_refusal_spared`)
        return None

    def _asked_thing(self, start: int, anchor: int) -> bool:
        """The subject from `start` names what the customer asked for, no words reported.

        "The 40 GB restore point you asked us to keep cannot be stored on this plan", "the
        camera you asked to add stays off": "you asked (us, me) to" and a verb inside the
        refusal's subject, after a noun of it, is a relative clause naming the request; the
        clause's "asked" reports nothing said (the eleventh pass). Not "you asked us to
        cancel, and we can't": there "asked" opens the clause and is its verb.
        """
        for k in range(start + 1, min(anchor, start + 12)):
            if self.w[k] != "you" or self.word(k + 1) not in {"asked", "requested"}:
                continue
            j = k + 2 + (self.word(k + 2) in {"us", "me"})
            return self.word(j) == "to" and self.w[k - 1].isalnum() and self.w[k - 1] != "and"
        return False

    def _conceded(self, start: int) -> bool:
        """The limit at `start` is granted in a concession, and gone past in the main clause.

        "Even though it's past the 24-hour window, I've waived it", "Although it's outside
        our policy, we have made an exception": "(even) though" or "although", a comma, then
        I or we and a done act ("have" and a participle); not "..., I have to decline".
        """
        c = self.s.clause[start]
        opener = self.s.opens_clause(c)
        if opener == "even":
            opener = self.word(self.s.clause_start[c] + 1)
        if opener not in _CONCEDING:
            return False
        k = self.s.clause_end(c)
        while k < self.n and k < start + 16 and self.w[k] != ",":
            k += 1  # the concession's end
        done = self.word(k + 3)
        return (
            self.word(k + 1) in _FIRST
            and self.word(k + 2) == "have"
            and done.isalpha()
            and done not in {"to", "not", "no", "never", "got", "been"}
        )

    def _hedge_reason(self, start: int, end: int) -> bool:
        """The refusal is the reason given for a hedge before it: no access, nothing seen.

        "I cannot guarantee it will ship in 5 days, as I do not have access to the
        fulfillment timelines": why the agent cannot say, not a refusal.
        """
        c = self.s.clause[start]
        if self.s.opens_clause(c) not in {"as", "because", "since"}:
            return False
        return any(x in {"access", "visibility"} or x in FAILURES for x in self.w[start:end])

    def _at(self, i: int) -> tuple[str, int, int, str | None] | None:
        """The rule that matches at `i`, if any.

        Returns:
            Its name, start and end, and why it declines nothing (None when it declines).
        """
        w = self.w[i]
        if w not in _ANCHORS and (w, self.word(i + 1)) not in PROFESSIONAL_PAIRS:
            return None  # most words anchor no rule
        if w in IDIOM_ANCHORS and (found := idiom_declines(self, i) or stays_theirs(self, i)):
            return found  # "that's a hard pass", "her login stays hers"
        if w in UNDERSTATED_ANCHORS and (found := understated(self, i)):
            return found  # "information the hotel keeps to itself", "we'll stay out of it"
        if w in NOTE_ANCHORS and (found := noted_refusal(self, i)):
            return found  # "Declined to merge the accounts", "Unable to split it, sorry"
        if w in TOPIC_ANCHORS and (found := topic_answered(self, i)):
            return found  # "on splitting the order: each order goes to a single drop-off"
        if w in ROUTINE_ANCHORS and (found := self._kept(i)):
            return found  # "capped at two a year ..., so this parcel ships as standard"
        if w in CAP_ANCHORS and (found := cap_reached(self, i)):
            return found  # "the fund tops out at $2,500, so that's more than we can award"
        if w in NOT_AS_ASKED_ANCHORS and (found := not_as_asked(self, i)):
            return found  # "so it reads 9 April rather than the 28 March you asked for"
        if (w in REVIEWED_ANCHORS or w in {"not", "never"}) and (
            found := reviewed_verdict(self, i)
        ):
            return found  # "the committee met on Tuesday and has declined your request"
        if (w == "not" and self.word(i + 1) == "be") or (
            w == "no" and self.word(i + 1) == "longer" and self.word(i + 2) == "be"
        ):
            found = cannot_be(self, i)  # "it cannot be cancelled", "can no longer be changed"
            if found is not None:
                return found
        if w in {"not", "no"} and (found := but_not(self, i) or no_way(self, i)):
            return found  # "can be corrected but not replaced", "there's no way we can"
        if w == "not" and (
            found := not_done_by(self.s, i)
            or not_under_rule(self, i)
            or request_verdict(self, i)
            or decided_not(self.s, i)
            or unit_decided_not(self, i)
            or not_granted(self, i)
            or not_open_to_us(self, i)
            or not_offered(self, i)
            or others_not_disclosed(self, i)
            or cannot_proceed(self, i)
            or not_yours_to(self, i)
            or limit_not_raised(self, i)
            or item_not_taken(self, i)
        ):
            return found  # "reference letters are not produced by the Bank"
        if w in {"no", "stopped", "ceased", "discontinued"} and (
            found := no_longer_offered(self.s, i)
        ):
            return found  # "we no longer offer gift wrapping", "we've stopped doing it"
        if w == "never" and (found := others_not_disclosed(self, i)):
            return found  # "the identity of reviewers is never disclosed to hosts"
        if w == "not" and self.word(i - 1) in {"have", "has"} and self.word(i + 1) == "the":
            return self._have_no(i)  # "we have not the possibility to give out", non-native
        if w in {"not", "never", "unable"} or (w == "no" and self.word(i + 1) == "longer"):
            # also "we can no longer change it", and "this we are not doing" (`fronted`);
            # a thing's "can't" after regret or a limit: "sorry, the data can't roll over"
            found = self._cannot(i) or fronted(self, i)
            return found or (asked_thing_cannot(self, i) if w == "not" else None)
        if w == "neither" and self.word(i - 1) in MODAL_NEG:
            return self._cannot(i)  # "we can neither confirm nor deny", as "cannot confirm"
        if w == "no" and self.word(i - 1) in {"have", "has"}:
            return self._have_no(i)
        if w in BY_THEM_ANCHORS and (found := done_by_them(self, i)):
            return found  # "changing it must be done by him personally"
        if w in ROUTED_ANCHORS and (found := routed_to_them(self, i)):
            return found  # "the reset link goes to the email address he registered"
        if w in DISHONEST and (found := would_be_dishonest(self, i)):
            return found  # "dating it back would be insurance fraud"
        if w in TRUE_RECORD_ANCHORS and (found := must_show_record(self, i)):
            return found  # "our invoice must show what was really sold"
        if w in SECRECY:
            return confidential(self, i)  # "those details are private", "kept anonymous"
        if w == "no":
            # "no further changes can be made", "we accept no more returns"
            found = no_request(self, i) or request_verdict(self, i) or grants_none(self.s, i)
            if found is not None:
                return found
        if w in {"excluded", "extend"} and (found := excluded(self, i)):
            return found  # "accidental damage is excluded from the warranty"
        if w in UNIT_VERDICT_ANCHORS:
            return closed_without(self, i)  # "our team has closed your case without a refund"
        if w == "supported":
            return not_supported(self, i)  # "removing an item isn't supported"
        if w == "withheld":
            return others_withheld(self, i)  # "another member's details are withheld"
        if w in PHRASAL_ANSWERS and self.word(i + 1) == PHRASAL_ANSWERS[w]:
            return request_declined(self, i) or house_declined(
                self, i
            )  # "your application has been turned down"
        if w in ANSWERS or (w == "eligible" and verdict_label(self, i) >= 0):
            # "your claim was rejected", "Status: declined", "Waive the fee — declined", "the
            # Society has refused the application"
            found = request_declined(self, i) or request_verdict(self, i) or bare_verdict(self, i)
            found = found or has_refused(self.s, i) or house_declined(self, i)
            return found or refused_by_unit(self, i)  # "Instalments: refused by the finance office"
        if w == "said" and self.word(i + 1) == "no":
            return house_declined(self, i) or said_no(self, i)  # "my manager ... he said no"
        if w == "said" and self.word(i + 2) in {"no", "not"}:
            return said_no(self, i)  # "I asked our shipping team ... they said absolutely not"
        if w in {"eligible", "qualify"}:
            return not_eligible(self, i)  # "this order is not eligible for an exchange"
        if w == "no" and self._bare_no():
            first = next(k for k, t in enumerate(self.s.tokens) if t.is_word)
            return ("declines", first, i + 1, None)
        if w == "seek" or (w in {"get", "obtain", "take"} and self.word(i + 1) in ADVICE_KINDS):
            return seek_advice(self, i)
        if declining_verb(self, i):
            return declines(self, i)  # "I must decline", "we shall be passing on the offer"
        if w in SOMETHING:
            found = something_not_done(self, i)  # "... is something I won't be doing"
            if found is None:
                found = self._not_something(i)
            if found is not None or w not in POSSIBLE:
                return found
            # "sending it to the new card isn't an option": no thing declined, but not possible
        if w in POSSIBLE or w == "impossible" or w in {"afraid", "no", "answer"}:
            return not_possible(self, i)  # "I'm afraid that's not possible"
        if w in REMIT_ANCHORS:
            if w == "against" and (found := decided_against(self.s, i)):
                return found  # "the committee has decided against waiving the fee"
            found = remit(self, i)  # "outside our remit", "our terms rule out a second"
            if found is not None or w not in STANDS_ANCHORS:
                return found  # "keep" is read by both ("the rules keep us from", "keep as is")
        if w in STANDS_ANCHORS:
            return decision_stands(self, i)  # "our position remains unchanged"
        if w in PROFESSIONALS or w in TITLES or (w, self.word(i + 1)) in PROFESSIONAL_PAIRS:
            return professional(self, i)
        if w in HANDED_TO:
            return handed_over(self, i, i + 1)  # "a question for an adviser, not this office"
        if w in {"off-limits", "off", "no-go", "non-starter", "cards", "table", "roadmap"}:
            return off_limits(self, i)  # "a full refund is off the table", "not on our roadmap"
        if w in {"draw", "drawing", "overstepping"} and (found := draws_line(self, i)):
            return found  # "that's where I draw the line", "I'd be overstepping if I told you"
        if w == "only" and (
            (
                self.word(i - 1) in {"can", "could", "may"}
                and (self.word(i - 2) in _FIRST or speaker_start(self.s, i - 2) is not None)
            )
            or (self.w[i - 2 : i] in (["i", "am"], ["we", "are"]) and self.word(i + 1) == "able")
        ):
            # "I can only discuss the account with the account holder", "I'm only able to
            # answer questions about council services"
            v = self._skip(i + 1 + 2 * (self.word(i + 1) == "able"))
            if self.word(v) in ONLY_VERBS:
                start = i - 2 if self.word(i - 2) in _FIRST else speaker_start(self.s, i - 2)
                return ("cannot or will not", i - 2 if start is None else start, v + 1, None)
        if w == "only":
            # "exchanges can only be processed for delivered orders", "only one certificate can
            # be used per reservation", "account access can only be given to the owner"
            return elsewhere_only(self, i) or only_limit(self, i)
        return None

    def _kept(self, i: int) -> tuple[str, int, int, str | None] | None:
        """What was asked kept as it was: a decision or charge that stands, or under a limit."""
        found = decision_stands(self, i) if self.w[i] in STANDS_ANCHORS else None
        return found or kept_under_limit(self, i)

    # --- cannot or will not --------------------------------------------------------------

    def _cannot(self, i: int) -> tuple[str, int, int, str | None] | None:
        """Cannot or will not, at its "not", "never", "no" (of "no longer") or "unable"."""
        w = self.w[i]
        if self.word(i + 1) == "only" or (w == "not" and self.word(i - 1) == "if"):
            return None
        if w == "unable":
            modal = "can"
            k = i - 1
            while k > i - 5 and self.word(k) in BEFORE_UNABLE:
                k -= 1  # "I'm unfortunately unable to cancel it", "we are, however, unable"
            if self.word(k) not in {"am", "are", "is", "was", "were", "be", "remain"}:
                return None
            if self.word(k) in {"was", "were"}:
                modal = "could"  # "I was unable to determine...": an attempt that failed
            after = i + 1
            if self.word(after) != "to":
                return None
            after += 1
        else:
            k = i - 1
            while self.word(k) in BETWEEN_ADVERBS:
                k -= 1  # "I really can't", "I'm sadly not able to"
            modal = self.word(k)
            after = i + 2 if w == "no" else i + 1  # "no longer"
            if w == "no" and modal not in MODAL_NEG:
                return None
            if w == "not" and modal in _FIRST and self.word(i + 1) in SERVICE - {"do"}:
                modal, k = "do", i  # "we not allow other person to sign in": no "do"
            if modal not in MODAL_NEG and not (modal == "rather" or modal == "prefer"):
                if w == "not" and bare_opening(self, k) and bare_gerund(self, i + 1):
                    # "nope, not giving u the new tenant's email", "Not sharing that, sorry"
                    return ("cannot or will not", i, i + 2, self.classify(i + 1))
                if not (w == "not" and bare_opening(self, k) and self._able(i + 1)):
                    return None
                # "Not able to do that one, sorry!", "Not gonna help with that": a chat
                # reply leaves out its "I'm"
                modal, k = "am", i
        if modal in {"can", "could"} and self.word(after) == "to":
            after += 1  # non-native English: "we cannot to give", "we cannot to guarantee"
        subject_at = self._subject(k) if k != i else i
        if subject_at is None and advice_declined(self, k, i):
            subject_at = k - 2  # "the airline can't give medical advice on that"
        if subject_at is None and modal == "would":
            return self._not_right(k)
        if subject_at is None:
            if self.word(k - 1) != "you":
                return None
            verb_at, reason = self._after_modal(modal, after, k)
            if verb_at is None or reason is not None or w == "never":
                return None
            return you_cannot(self, k - 1, i, verb_at)  # "Therefore, you cannot cancel"
        start = subject_at
        neg = self.s.negation[start]
        if 0 <= neg < start and self.w[neg] != "without":  # not "without his login we are"
            # "there's nothing I can't help with"
            return ("cannot or will not", start, i + 1, "double negation")
        verb_at, reason = self._after_modal(modal, after, k)
        if verb_at is None:
            return None
        if reason is None:
            reason = self.classify(verb_at)
        joined = verb_at + 1 + (self.word(verb_at + 1) in {"up", "out"})
        if reason == "failure" and self.word(joined) in {"or", "and"}:
            other = self.word(joined + 1)  # "not able to look up or discuss someone else's"
            if other in SERVICE and other not in FAILURES:
                reason = self.classify(joined + 1)  # the second verb declines, if either
        if reason == "failure" and not_a_fault(self.w, start, k, verb_at):
            reason = None  # "not authorized for telling", "..., so I can't" after a rule
        if reason == "hedge" and {"qualified", "licensed", "person"} & set(self.w[i:verb_at]):
            reason = None  # "I'm not qualified (the right person) to say whether you can"
        if reason is None and self.usually(i):
            reason = "hedge"  # "we normally can't change the name on a ticket"
        if reason is None and self.failed_before(start, verb_at):
            reason = "failure"  # "...is not found. Therefore, I cannot get the details"
        if reason is None and asks_for_it(self, verb_at):
            reason = "ask-info"  # "I can't do it without the buyer's email, can u send it?"
        if reason is None and modal in {"would", "could"} and counterfactual(self, verb_at):
            reason = "conditional"  # "we wouldn't be able to accept it if the tags had gone"
        return ("cannot or will not", start, verb_at + 1, reason)

    def _able(self, j: int) -> bool:
        """After "not": "able to", "allowed to", "going to" ("allow to" in non-native use)."""
        x = self.word(j)
        return (x in ABLE and x not in {"the", "in", "at"}) or (
            x == "allow" and self.word(j + 1) == "to"
        )

    def _not_right(self, k: int) -> tuple[str, int, int, str | None] | None:
        """It would not be right for me to: a refusal with "it" as its subject.

        "It wouldn't be right (appropriate, fair) for me to tell you what dose to take": the
        speaker declines; `k` is at "would".
        """
        if self.word(k - 1) != "it" or self.word(k + 2) != "be":
            return None
        if self.word(k + 3) not in {"right", "appropriate", "proper", "fair", "responsible"}:
            return None
        if (
            self.word(k + 4) != "for"
            or self.word(k + 5) not in {"me", "us"}
            or self.word(k + 6) != "to"
        ):
            return None
        v = self._skip(k + 7)
        if not self.word(v).isalpha():
            return None
        reason = self.classify(v)  # "...for me to say whether it's structural": propriety
        return ("cannot or will not", k - 1, v + 1, None if reason == "hedge" else reason)

    def _subject(self, k: int) -> int | None:
        """Where the first-person subject before the modal at `k` starts.

        `k` itself when the clause leaves the subject out ("Sorry, can't do that"); None
        for anyone else's inability ("if you can't log in", "the page can't load").
        """
        j = k - 1
        while self.word(j) in {"really", "just", "simply", "honestly", "also", "still", "truly",
                               "definitely", "certainly", "absolutely", "currently", "sadly",
                               "unfortunately", "regrettably"} | USUALLY:  # fmt: skip
            j -= 1
        if self.word(k) in {"rather", "prefer"} and self.word(j) in {"would", "had"}:
            j -= 1
        before = self.word(j)
        if before in _FIRST:
            return j
        for we in range(j - 2, max(-1, j - 5), -1):
            if self.word(we) in _FIRST and self.word(we + 1) in {"in", "at", "from"}:
                if all(self.word(u).isalpha() for u in range(we + 1, j + 1)):
                    return we  # "we in customer service cannot", "we at the desk can't"
        for role in range(j - 1, j - 4, -1):  # "we as registration service do not give"
            if self.word(role) == "as" and self.word(role - 1) in _FIRST and before.isalpha():
                return role - 1  # "we as bank may not give tax advice", "I as a nurse can't"
            if not self.word(role).isalpha():
                break
        house = speaker_start(self.s, j)  # "our team can't", "the front desk isn't able to"
        if house is not None or signed_by(self.s, j, self.text):  # "SkyMeridian is unable"
            return j if house is None else house
        if (
            self.word(j - 1) == "our"
            and before not in NOT_WE | RULE_NOUNS
            and self.word(k) in {"do", "does"}
        ):
            return j - 1  # "our exchange doesn't provide it" (a rule's is `not_allowed`'s)
        if before in RULE_NOUNS and self.word(k) in {"can", "could"} and self.word(j - 1) != "your":
            if self.word(self._skip(k + 2)) in _RULE_ACTS:
                return j  # "system policy cannot apply it for repeat customers": the rule's act
        if (before == "they" and asked_them(self, j)) or house_said(self, j):
            return j  # "I checked with the restaurant and they won't"; "the team said they won't"
        start = self.s.clause_start[self.s.clause[k]]
        if not self.is_word(start):
            start += 1
        while j >= 1 and self.word(j - 1) == "@" and j > k - 8:
            j -= 2  # "@gamer_gal can't help you": a reply's handles address the customer
        if j >= start and not self.is_word(j) and self.w[j] not in _MARKS_OF_LINES:
            j -= 1  # a status mark: "**Status:** ❌ can't share"
        before = self.word(j)
        # "sorry mate cant confirm ...": "mate" is whom the reply speaks to, after a lead-in
        addressed = before in ADDRESSED and j > start and self.word(j - 1) in _LEADS_TO_NAMES
        if j < start or addressed or before in LEAD_INS or self.w[j] in _MARKS_OF_LINES:
            # no subject ("Sorry, can't do that"), not the customer's ("you're away and can't")
            if (
                self.word(k) in {"can", "could", "will", "would", "must", "do"}
                and not self.s.question
                and "you" not in self.w[max(0, start - 6) : start]
                and (self.word(k) != "do" or not REGRET.isdisjoint(self.w[max(0, k - 4) : k]))
            ):
                return k  # not an order: "Don't share your PIN" ("Sorry, don't do refunds")
        return None

    # --- the other shapes ----------------------------------------------------------------

    def _have_no(self, i: int) -> tuple[str, int, int, str | None] | None:
        # "I have no way of accessing...", "I have no authority to change that", and "we
        # have not the possibility to..." (`i` at "not", "the" after it)
        t = i + 1 + (self.w[i] == "not")
        if self.word(t) not in HAVE_THE | {"way", "say"}:  # "we've no say over when"
            return None
        subject = self._subject(i - 1)
        if subject is None or subject == i - 1:
            return None
        end = t + 1
        if self.word(end) in {"to", "of"}:
            v = self._skip(end + 1)
            reason = self.classify(v) if self.word(v) else None
            if reason is None and "without" in self.w[max(0, i - 5) : i]:
                reason = "ask-info"  # "share the order ID; without it I have no way to check"
            return ("cannot or will not", subject, v + 1, reason)
        return ("cannot or will not", subject, end, None)

    def _bare_no(self) -> bool:
        """The sentence only says no, with regret ("I'm sorry, but no.")."""
        if self._bare is None:
            words = {t.word for t in self.s.tokens[:20] if t.is_word}
            self._bare = self.n <= 20 and words <= BARE_NO and bool(words & REGRET)
        return self._bare

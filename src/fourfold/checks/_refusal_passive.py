"""Requests declined impersonally: the act asked for, said not to be possible.

"I'm afraid that's not possible" and "the answer is no" (`_refusal_possible`); "It
cannot be cancelled", "orders cannot be partially cancelled", "no further changes can
be made", "removing an item outright isn't supported": whoever the subject, what was asked
is declined (rule "not possible"). So is "you cannot" given as the policy's verdict on
the request ("Therefore, you cannot cancel the flight", "your order has shipped, so you
can't cancel it"), though not "you can't" alone ("you can't miss it", "you can't change it
yourself, but I can"). Not when it is for now ("it can't be shipped until Monday":
temporary), or hedged ("basic economy tickets typically cannot be modified", "your fare
may not be refunded in full"); nor when a rule's condition is meant by "until" ("As per
University rules, certificates cannot be released till all dues are cleared" declines).

Each shape reads a few words around its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_hedged import exact_figure
from ._refusal_reasons import Reasons, base_form, for_now
from ._refusal_words import (
    BE_ADVERBS,
    DECIDED,
    DECIDED_REQUESTS,
    GRANTED,
    GRANTS,
    HOUSE,
    LEAD_INS,
    PEOPLE,
    REGRET,
    REQUEST_NOUNS,
    REQUEST_VERBS,
    REQUESTED,
    SELF_SERVICE,
    SERVICE,
    SUBJECT_BOUND,
    VERDICT,
)

__all__ = [
    "passive_found",
    "PHRASAL_ANSWERS",
    "Found",
    "RULE_NOUNS",
    "but_not",
    "cannot_be",
    "not_yours_to",
    "no_request",
    "not_eligible",
    "not_supported",
    "not_under_rule",
    "only_for",
    "request_declined",
    "verdict_label",
    "MACHINES",
    "you_cannot",
    "not_allowed",
]

Found = tuple[str, int, int, str | None]
"""A rule's name, its start and end, and why it declines nothing (None when it does)."""


def participle(r: Reasons, j: int) -> int:
    """Where the participle of a requested act stands at `j`, past one adverb; or -1.

    "cancelled", "partially cancelled", "individually returned".
    """
    if r.word(j) in REQUESTED or r.word(j) in _SWITCHED_ON:
        return j
    if r.word(j) in BE_ADVERBS and r.word(j + 1) in REQUESTED | _SWITCHED_ON:
        return j + 1
    if r.word(j) == "set" and r.word(j + 1) == "up":
        return j + 1  # "access cannot be set up on your phone"
    if r.word(j) in _BASE_AFTER_BE:
        return j  # non-native English: "the statement cannot be send to you"
    if r.word(j) in _PHRASAL and r.word(j + 1) in _PHRASAL[r.word(j)]:
        return j + 1  # "it can't be taken back for a refund", "it can't be handed out"
    return -1


_SWITCHED_ON = frozenset({"enabled", "activated", "reactivated", "unblocked", "unbarred"})
"""A feature or a service switched on, asked for after "cannot be" (round 286: "roaming cannot
be enabled on it", "the eSIM can't be activated on a suspended line"); read only here, where
a participle follows "cannot be" or "but not", not wherever `REQUESTED` is."""

_BASE_AFTER_BE = frozenset({"send", "give", "share", "release", "issue", "cancel", "extend"})
"""Bases written for the participle after "be" in non-native English ("cannot be send")."""

_PHRASAL: dict[str, frozenset[str]] = {
    "taken": frozenset({"back", "off", "forward"}),
    "handed": frozenset({"out", "over"}),
    "paid": frozenset({"out", "back"}),
    "given": frozenset({"back", "out"}),
    "signed": frozenset({"off"}),
    "turned": frozenset({"on"}),
    "knocked": frozenset({"off"}),
    "written": frozenset({"off"}),
}
"""Participles of requested acts written with a particle: "can't be taken back"."""


def not_yours_to(r: Reasons, i: int) -> Found | None:
    """At "not" of "is not yours to <act>": "the account isn't yours to manage"."""
    if r.word(i + 1) != "yours" or r.word(i + 2) != "to" or r.word(i - 1) not in {"is", "are"}:
        return None
    return ("not possible", r.subject_start(i), i + 4, None)


def cannot_be(r: Reasons, i: int) -> Found | None:
    """At "not" of "cannot be <act>": "it cannot be cancelled", "the fee won't be waived".

    Also at "no" of "can no longer be <act>": "it can no longer be cancelled".
    """
    if r.word(i - 1) not in {"can", "could", "will", "may", "must"}:
        return None
    be = i + 2 if r.w[i] == "no" else i + 1  # "no longer be"
    p = participle(r, be + 1)
    if p < 0 and r.word(be + 1) == "undone" and _undoing_declined(r, i):
        p = be + 1
    bound = SUBJECT_BOUND.get(r.word(be + 1))
    if p < 0 and bound is not None and not bound.isdisjoint(r.w[r.subject_start(i) : i]):
        p = be + 1  # "the request for a permit cannot be considered", "vouchers can't be used"
    if p < 0:
        return None
    start = r.subject_start(i)
    if "way" in r.w[max(start, i - 6) : i] and "no" in r.w[max(start, i - 7) : i]:
        return ("not possible", start, p + 1, "double negation")  # "no way you won't be..."
    subject = set(r.w[start:i])
    if exact_figure(subject):
        return ("not possible", start, p + 1, "hedge")  # "an exact date can't be given yet"
    return passive_found(r, start, i, p, hedged=r.word(i - 1) == "may")


def _undoing_declined(r: Reasons, i: int) -> bool:
    """At `i`, "cannot be undone" declines undoing what was done: no warning before an act.

    "Unfortunately, once an order has been cancelled, it cannot be undone" (with regret, or
    after a state reached: "has been", "was", "already"); not "This action cannot be undone,
    so please check before confirming", a warning.
    """
    before = r.w[max(0, i - 16) : i]
    if REGRET & set(before):
        return True
    return any(
        x in {"once", "after", "since"}
        and {"has", "have", "had", "was", "were", "already"} & set(before[k + 1 : k + 6])
        for k, x in enumerate(before)
    )


def but_not(r: Reasons, i: int) -> Found | None:
    """At "not" of "can be <act> but not <act>": "details can be corrected but not replaced".

    The act after "but not" (`REQUESTED`) is declined, after "can be" or "may be" in the
    clause before.
    """
    if r.word(i - 1) != "but":
        return None
    p = participle(r, i + 1)
    before = r.w[max(0, i - 8) : i]
    if p < 0 or not any(before[k : k + 2] == ["can", "be"] for k in range(len(before))):
        return None
    return passive_found(r, r.subject_start(max(0, i - 8)), i, p, hedged=False)


def not_eligible(r: Reasons, i: int) -> Found | None:
    """At "eligible" or "qualify": "this order is not eligible for an exchange".

    Also "isn't eligible for a refund", "this reservation doesn't qualify for a refund", "the
    fee isn't eligible to be reversed".
    What is not eligible is a kind of request or redress (`_redress`), or "one" of it ("this fee
    isn't eligible for another one"); "not eligible for free shipping" declines nothing
    asked.
    """
    neg = i - 1
    if r.word(neg) == "longer" and r.word(neg - 1) == "no":
        neg -= 1  # "no longer eligible"
    be = {"is", "are", "was", "were"} if r.w[i] == "eligible" else {"does", "do", "will", "would"}
    if r.word(neg) not in {"not", "no"} or r.word(neg - 1) not in be:
        return None
    if (r.word(i + 1), r.word(i + 2), r.word(i + 3) in REQUESTED) == ("to", "be", True):
        j = i + 3  # "the 14 August fee isn't eligible to be reversed"
    elif r.word(i + 1) != "for":
        return None
    else:
        j = i + 2
        while j < i + 5 and (
            r.word(j) in {"a", "an", "the", "any", "further", "partial", "full", "another"}
            or (r.word(j).endswith("ed") and r.word(j + 1) in REQUEST_NOUNS)  # "a refunded"
        ):
            j += 1
        if not _redress(r.word(j)) and r.word(j).isalpha() and _redress(r.word(j + 1)):
            j += 1  # "a travel voucher", "store credit"
        if not _redress(r.word(j)) and not (r.word(j) == "one" and j > i + 2):
            return None
    start = r.subject_start(i)
    condition = r.s.condition[neg]
    if condition >= 0 and r.word(condition) not in {"until", "till"}:
        return ("not possible", start, j + 1, "conditional")  # "if it's not eligible for..."
    return passive_found(r, start, neg, j, hedged=False)


def _redress(x: str) -> bool:
    """A kind of request, or what is given to put a wrong right (`GRANTS`, one or more).

    "not eligible for a compensation certificate", "isn't eligible for vouchers" (dev round
    282), as "not eligible for an exchange"; not "free shipping", "the sale price".
    """
    return x in REQUEST_NOUNS or x in GRANTS or (x.endswith("s") and x[:-1] in GRANTS)


_VERDICT_LABELS = frozenset(
    {"status", "outcome", "decision", "result", "eligibility", "verdict", "answer"}
)
"""Labels whose value is the answer to the request: "Outcome: ❌ Declined"."""

_STANDS = frozenset({"stands", "stand", "remains", "remain"})
"""A verb that keeps an answer in force: "this claim stands rejected"."""

_TO_THE_PARTICIPLE = frozenset(
    {"not", "never", "been", "be", "is", "are", "was", "were", "has", "have", "had",
     "unfortunately", "sadly", "regrettably", "now", "also", "already", "any", "more", "longer"}
) | _STANDS  # fmt: skip

_BANKS = frozenset({"bank", "issuer", "insurer", "lender", "provider", "processor"})

_NOT_ASKED = frozenset({"card", "cards", "payment", "payments", "transaction", "transactions"})
"""What a bank declines, not the business: "your card was declined"."""


def verdict_label(r: Reasons, i: int) -> int:
    """Where the label stands whose value ends at `i` ("Outcome: ❌ Declined"), or -1.

    The value is the word at `i`, a "not" before it, and marks (an emoji, ❌); the label
    is one word of `_VERDICT_LABELS`, perhaps in bold, before a colon ("Status: not
    eligible", "**Decision**: declined") or as a table row's first cell ("| **Decision** |
    ❌ Not approved |").
    """
    k = i - 1
    while k > i - 5 and (
        r.word(k) == "not"
        or (k >= 0 and not r.is_word(k) and r.w[k] not in {":", "|", "–", "—", "]"})
    ):
        k -= 1
    if r.word(k) == "]" and r.word(k - 1) in _VERDICT_LABELS and r.word(k - 2) == "[":
        return k - 1  # an action log's "[Outcome] Declined"
    j = k - 1
    while j > k - 3 and r.word(j) in {"*", "**", "__"}:
        j -= 1
    if r.word(k) not in {":", "|", "–", "—"} or r.word(j) not in _VERDICT_LABELS:
        return -1  # "Result – refused" too
    if r.word(k) == "|" and r.word(j - 1 - (r.word(j - 1) in {"*", "**", "__"})) != "|":
        return -1  # a cell's value after its row's label only
    if r.word(j - 1) in {"previous", "original", "initial", "earlier", "old", "first"}:
        return -1  # "Previous decision: declined", overturned since
    return j


_WEIGHED = frozenset({"reviewed", "assessed", "considered", "examined", "evaluated", "checked"})
"""What a request has been before it was declined: "has been reviewed and declined"."""


PHRASAL_ANSWERS: dict[str, str] = {"turned": "down", "ruled": "out", "knocked": "back"}
"""Answers written as a verb and its particle: "has been turned down", "are ruled out",
"our store manager has knocked back the swap"."""


def _asked_for(subject: list[str]) -> bool:
    """A subject named by what the customer asked for: "the extra £50 you asked for".

    A request, as "your request" is (the eleventh pass); not "you" opening it.
    """
    return any(
        x == "you" and k > 0 and subject[k + 1 : k + 3] in (["asked", "for"], ["applied", "for"])
        for k, x in enumerate(subject)
    )


def request_declined(r: Reasons, i: int) -> Found | None:
    """At an answer to a request: declined in the passive, or a verdict's value.

    "your request to increase your overdraft has not been approved", "your claim was
    rejected", "your application was unsuccessful", "... has been reviewed and declined"; a
    bot's "Outcome: ❌ Declined", "Status: not eligible" (rule "declines"). Not what a bank
    declines ("your card was declined"), nor "was not rejected".
    """
    w = r.w[i]
    label = verdict_label(r, i)
    said_not = "not" in r.w[max(0, label) : i] if label >= 0 else False
    if label >= 0 and (w in DECIDED or (w in GRANTED | {"eligible"} and said_not)):
        return ("declines", label, i + 1, None)
    k = i - 1 - 2 * (r.word(i - 1) == "and" and r.word(i - 2) in _WEIGHED)
    while k > i - 7 and r.word(k) in _TO_THE_PARTICIPLE:
        k -= 1
    between = set(r.w[k + 1 : i])
    negated = not between.isdisjoint({"not", "never"})
    ruled = w in {"refused", "denied"} and not RULE_NOUNS.isdisjoint(r.w[i + 1 : min(r.n, i + 7)])
    if ruled and r.word(i + 1) in {"under", "per", "by"}:
        k = i - 1  # an action log's "2FA reset refused under account-security policy", "denied"
    elif between.isdisjoint({"is", "are", "was", "were", "been", "be"} | _STANDS) or negated != (
        w in GRANTED
    ):
        return None
    start = r.subject_start(k + 1)  # the aux's clause: "and declined" opens one
    if r.word(start) == "and" and r.word(start + 1) not in {"has", "have", "was", "is"}:
        start = r.subject_start(start - 1)  # "your request for July and August has been"
    if (DECIDED_REQUESTS | REQUEST_NOUNS).isdisjoint(r.w[start : k + 1]):
        start = _far_request(r, start, k)  # "your request for our engineer to ... has been"
    subject = set(r.w[start : k + 1])
    if not subject.isdisjoint(_NOT_ASKED) and subject.isdisjoint(DECIDED_REQUESTS):
        return None  # "your card was declined"; not "your application for the card"
    act = w in PHRASAL_ANSWERS and _act_asked(r.w[start])  # "Sharing X is ruled out by"
    act = act or _asked_for(r.w[start : k + 1])  # "the extra £50 you asked for has been"
    if (
        subject.isdisjoint(DECIDED_REQUESTS | REQUEST_NOUNS)
        and not act
        and (w != "refused" or not _PERSONS.isdisjoint(r.w[start : start + 2]))
    ):
        return None  # but "a second permit for the van has been refused" (not "you were")
    if _answered_by_theirs(r, i):
        return None  # "it was refused at the door by your neighbour": their answer
    if r.word(i + 1) == "by" and not _BANKS.isdisjoint(r.w[i + 2 : i + 5]):
        return None  # "the refund was declined by your bank": the bank's, not the business's
    if w in PHRASAL_ANSWERS and r.word(i + 2) == "by" and r.word(i + 3) not in {"us", "our"}:
        if HOUSE.isdisjoint(r.w[i + 3 : i + 6]):
            return None  # "turned down by the landlord": someone else's answer, reported
    hedged = r.word(k) in {"may", "might", "could", "would", "should", "can"}  # "may be"
    hedged &= r.word(k) != "may" or not r.s.tokens[k].cap  # not "the request for 12-19 May"
    found = passive_found(r, start, k + 1, i, hedged=hedged)
    if found is None:
        return None
    _, a, b, reason = found
    return ("declines", a, b + (w in PHRASAL_ANSWERS), reason)


_PERSONS = frozenset({"he", "she", "you", "they", "i", "we"})
"""A person refused ("you were refused entry"), not an act ("release of it to you was")."""


def _act_asked(first: str) -> bool:
    """`first` is the gerund of an act asked for: "Sharing", "Extending", "Backdating"."""
    if not first.endswith("ing") or first in {"nothing", "anything", "something", "everything"}:
        return False
    return base_form(first) in REQUEST_VERBS | SERVICE


_THEIR_PEOPLE = (PEOPLE | _BANKS) - {"manager", "member", "staff", "customer", "client"}
"""After "by your" following a decline, who answered for the customer's side, not ours."""


_OUTSIDERS = frozenset(
    {"courier", "carrier", "recipient", "addressee", "postman", "postwoman", "neighbour",
     "neighbor", "landlord", "customs", "bank", "issuer", "insurer", "lender"}
)  # fmt: skip
"""After "by the" following a decline, who answered outside the business: "the parcel was
refused by the courier"."""


def _answered_by_theirs(r: Reasons, i: int) -> bool:
    """After the answer at `i`, "by your neighbour" (landlord, bank): someone else's answer.

    "it was refused at the door by your neighbour", "rejected by your landlord", "the parcel
    was refused by the recipient", "held back by customs"; not "by your account manager"
    (ours), nor "by the manager".
    """
    for k in range(i + 1, min(r.n, i + 6)):
        if r.w[k] == "by":
            if r.word(k + 1) == "customs":
                return True
            if r.word(k + 1) == "the":
                return r.word(k + 2) in _OUTSIDERS or (
                    r.word(k + 2) in {"delivery", "local", "receiving"}
                    and r.word(k + 3) in _OUTSIDERS | {"driver"}
                )
            return r.word(k + 1) == "your" and r.word(k + 2) in _THEIR_PEOPLE
        if not r.is_word(k):
            return False
    return False


_WHILE = frozenset({"while", "whilst", "when", "during"})
"""What opens a time inside a request's subject: "your request ... while supply is active"."""


def _far_request(r: Reasons, start: int, k: int) -> int:
    """Where a request named before a long subject starts, or `start` if none is named.

    "your request for our technician to also repair the dishwasher during Thursday's boiler
    visit has been turned down", "Your request to mark the delivery as damaged when the
    package reached you intact has been declined": the request, then what it asks and a time
    of its own, more words than `Reasons.subject_start` reads back. The nearest request in
    the subject's clause or the aux's (at `k`), whichever opens first, and at most 24 tokens
    before the aux.
    """
    opens = min(r.s.clause_start[r.s.clause[start]], r.s.clause_start[r.s.clause[k]])
    j = start
    while j < k and r.w[j] in {",", "and"}:
        j += 1
    if r.w[j] == "it" and (j > start or r.word(j - 1) in {",", "and"}) and j >= 2:
        # "your request for an engraving was looked at by the workshop, and it was turned
        # down": "it" takes up the request of the clause before
        opens = min(opens, r.s.clause_start[r.s.clause[max(0, start - 1)]])
    if r.w[opens] in _WHILE and opens > 0 and r.is_word(opens - 1):
        # "your request for refund of Rs 3,500 while supply is active stands rejected" (dev
        # round 278): a time of the request's own, no comma before it, inside the subject
        opens = r.s.clause_start[r.s.clause[opens - 1]]
    for j in range(start - 1, max(opens, k - 24, 0) - 1, -1):
        if r.w[j] in DECIDED_REQUESTS | REQUEST_NOUNS:
            return j - (j > opens and r.word(j - 1) in {"your", "the", "this", "our"})
    return start


_ONLY_TO = frozenset({"for", "to", "with", "using", "via"})


def only_for(r: Reasons, i: int) -> Found | None:
    """At "only" of "can only be <act> for...": what was asked is declined by its limit.

    "Exchanges can only be processed for delivered orders", "items can only be swapped for
    another variant of the same product", "the refund can only be issued to the original
    payment method". Not how often ("can only be done once": a warning before an act), nor
    when ("can only be refunded after we receive it").
    """
    if r.word(i - 1) != "can" or r.word(i + 1) != "be":
        return _only_the_holder(r, i)
    p = participle(r, i + 2)
    if p < 0 or r.word(p + 1) not in _ONLY_TO:
        return None
    if "once" in r.w[p + 1 : min(r.n, p + 8)]:
        return None
    return passive_found(r, r.subject_start(i), i, p, hedged=False)


_HOLDERS = frozenset(
    {"owner", "holder", "holders", "cardholder", "accountholder", "policyholder", "them",
     "themselves", "him", "herself", "himself", "booker"}
)  # fmt: skip
"""Whose act alone a request on an account needs: "released only to the holder"."""


_PRONOUNS = frozenset({"them", "themselves", "him", "herself", "himself"})
_BEFORE_HOLDER = frozenset(
    {"the", "an", "a", "account", "main", "primary", "named", "registered", "verified", "lead"}
)  # fmt: skip


def _only_the_holder(r: Reasons, i: int) -> Found | None:
    """At "only": what is asked is done for the account's holder alone, so not for you.

    "Only the account holder can change the email", "Account details are only ever released
    to the holder", "password resets go only to the account holder", "changes to it are
    accepted only from them", "the address is changed only at the request of its verified
    owner".
    """
    k = i + 1
    while k < i + 4 and r.word(k) in _BEFORE_HOLDER:
        k += 1  # "only the (main) account holder can change it"
    if k > i + 1 and r.word(k) in _HOLDERS - _PRONOUNS and r.word(k + 1) in {"can", "may"}:
        return ("not possible", i, k + 2, None)
    if _sent_only_to(r, i) and not _HOLDERS.isdisjoint(r.w[i + 2 : min(r.n, i + 6)]):
        # "password resets go only to the account holder", "we give them out only to him"
        end = next(k for k in range(i + 2, min(r.n, i + 6)) if r.w[k] in _HOLDERS) + 1
        return ("not possible", r.subject_start(i), end, None)
    if r.word(i - 1) in {"is", "are"} and r.word(i + 1) == "ever":
        p = i + 2 if r.word(i + 2) in REQUESTED else -1  # "are only ever released to"
    else:
        p = i - 1 if r.word(i - 1) in REQUESTED and r.word(i - 2) in {"is", "are"} else -1
    if p < 0 or _HOLDERS.isdisjoint(r.w[i + 1 : min(r.n, i + 9)]):
        return None
    return passive_found(r, r.subject_start(min(p, i)), i, max(p, i), hedged=False)


_SENDING = frozenset(
    {"go", "goes", "give", "gives", "send", "sends", "release", "releases", "hand", "hands"}
)  # fmt: skip
"""Before "only to" the holder: what is asked for goes, or is given, to them alone."""


def _sent_only_to(r: Reasons, i: int) -> bool:
    """At "only": "go only to", "we give (them) out only to", not a question or a condition."""
    v = i - 1 - (r.word(i - 1) in {"out", "over"})
    if r.word(v) not in _SENDING or r.word(i + 1) != "to" or r.s.question or r.hypothetical(i):
        return False
    return r.s.negation[i] < r.s.clause_start[r.s.clause[i]]  # not "it doesn't go only to"


_LATE_ENTRIES = frozenset(
    {"entries", "applications", "registrations", "submissions", "enrolments", "enrollments"}
)
"""What comes after a deadline, refused as "no late entries": "no late applications"."""

_TAKEN_IN = frozenset({"accepted", "considered", "given", "granted", "issued"})

_PAID = frozenset({"made", "issued", "paid"})
_RELEASED = frozenset({"released", "shared", "disclosed", "given", "provided", "revealed"})
_NONE_GIVEN: dict[str, frozenset[str]] = {
    "payment": _PAID, "payments": _PAID, "payout": _PAID, "settlement": _PAID,
    "address": _RELEASED, "details": _RELEASED, "information": _RELEASED,
    "number": _RELEASED, "data": _RELEASED, "records": _RELEASED,
}  # fmt: skip
"""Beyond `REQUEST_NOUNS`, what "no <noun> will be <participle>" withholds, and by which
participles (dev round 278): "no payment will be made in respect of the boiler", "no
address will be released from our side"; not the customer's own data kept safe."""

_KEPT_SAFE = frozenset(
    {"your", "personal", "third", "anyone", "outside", "marketing", "partners", "from", "by"}
)  # fmt: skip
"""Around "no data will be shared": a reassurance ("with third parties", "your personal
details"), or money that leaves no account yet ("no payment will be made from your card")."""


def _none_given(r: Reasons, i: int, p: int) -> bool:
    """From "no" at `i` to the participle at `p`: withheld, not the customer's kept safe."""
    around = r.w[max(r.s.clause_start[r.s.clause[i]], i - 4) : min(r.n, p + 5)]
    after = r.w[p + 1 : p + 3]
    return _KEPT_SAFE.isdisjoint(around) or after == ["from", "our"]  # "from our side"


def no_request(r: Reasons, i: int) -> Found | None:
    """At "no": "no (further) changes can be made", "no refunds are allowed"."""
    j = i + 1
    while j < i + 3 and r.word(j) in {"further", "more", "additional", "other", "partial"}:
        j += 1
    late = r.word(j) == "late" and r.word(j + 1) in _LATE_ENTRIES  # "no late entries are..."
    j += late
    withheld = _NONE_GIVEN.get(r.word(j), frozenset())  # "no payment will be made"
    if r.word(j) not in REQUEST_NOUNS and not late and not withheld:
        return None
    verb = r.word(j + 1)
    if verb in {"can", "could", "will"} and r.word(j + 2) == "be":
        p = participle(r, j + 3)  # also "no further extension will be granted"
        if p < 0 or withheld and (r.word(p) not in withheld or not _none_given(r, i, p)):
            return None
    elif verb in {"is", "are"} and r.word(j + 2) in {"allowed", "permitted", "possible"}:
        p = j + 2
    elif verb in {"is", "are"} and r.word(j + 2) == "being" and r.word(j + 3) in _TAKEN_IN:
        p = j + 3  # "no late entries are being accepted", "no refunds are being given"
    else:
        return None
    if {"without", "unless"} & set(r.w[p + 1 : p + 4]):
        return None  # "no changes can be made without your approval": a reassurance
    return passive_found(r, i, i, p, hedged=False)


def not_supported(r: Reasons, i: int) -> Found | None:
    """At "supported": "removing an item isn't supported", "partial refunds aren't supported".

    Only an act asked for (a gerund), a kind of request, or "that" is; not a browser or a
    file type.
    """
    neg = i - 1
    if r.word(neg) not in {"not", "never"} or r.word(neg - 1) not in {"is", "are"}:
        return None
    start = r.s.clause_start[r.s.clause[i]]
    if neg - 1 - start > 12:
        return None  # a subject this long is no act and no kind of request
    while start < neg - 1 and (not r.is_word(start) or r.word(start) in LEAD_INS):
        start += 1
    subject = r.w[start : neg - 1]
    if not subject or len(subject) > 8:
        return None
    first = subject[0]
    if not (
        subject in (["that"], ["this"], ["it"])
        or (first.endswith("ing") and base_form(first) in REQUEST_VERBS)
        or REQUEST_NOUNS & set(subject)
    ):
        return None
    return passive_found(r, start, neg, i, hedged=False)


def you_cannot(r: Reasons, you: int, neg: int, verb_at: int) -> Found | None:
    """At "you cannot <act>" after a verdict's connective or regret: "Therefore, you cannot"."""
    verb = base_form(r.word(verb_at))
    after = r.w[verb_at + 1 : min(r.n, verb_at + 8)]
    if verb in {"get", "receive", "claim", "have"}:
        if not GRANTS & set(after[:4]):
            return None  # "you can't get a refund", not "you can't get lost"
    elif verb not in REQUEST_VERBS:
        return None
    if SELF_SERVICE & set(after) or r.word(verb_at + 1) == "yourself":
        return None  # "you can't change it yourself (online), but I can"
    if not _verdict(r, you):
        return None
    return passive_found(r, you, neg, verb_at, hedged=False)


def _verdict(r: Reasons, you: int) -> bool:
    """A connective before `you` makes what follows the verdict of what was said before.

    "Therefore, you", "..., so you", "As a result, you", "This means you"; or the sentence
    opens with its reason, in another clause: "Since your ticket is basic economy, you".
    """
    back = r.w[max(0, you - 4) : you]
    if VERDICT & set(back) or "means" in back or back[-3:] == ["a", "result", ","]:
        return True
    near = [x for x in back if x != ","]
    if near[-1:] == ["so"] and not {"if", "not", "even"} & set(near[:-1]):
        return True  # "..., so you can't cancel it"; not "if so, you..."
    first = next((k for k in range(min(r.n, 3)) if r.is_word(k)), 0)
    return _regretted(r, you) or (
        r.word(first) in {"given", "since", "because", "as"} and r.s.clause[first] < r.s.clause[you]
    )


def _regretted(r: Reasons, you: int) -> bool:
    """A word of regret just before `you` makes "you cannot <act>" the answer (dev round 282).

    "I'm afraid you can't remove a single item from a pending order", "Unfortunately, you
    cannot change the passengers", "Sorry, but you won't be able to swap it": the limit told
    as the answer to what was asked. "Sorry" only with a comma or "but" after it ("I'm sorry
    you can't cancel it online" is sympathy), and only now or from now ("can", "will",
    "are"): "Sadly you couldn't cancel it in time" tells of the customer's own attempt.
    """
    k = you - 1
    marked = r.word(k) in {",", "but"}
    while r.word(k) in {",", "but"} and k > you - 3:
        k -= 1
    x = r.word(k)
    if x not in REGRET or (x == "sorry" and not marked):
        return False
    return r.word(you + 1) in {"can", "will", "are"}


def passive_found(r: Reasons, start: int, neg: int, p: int, *, hedged: bool) -> Found | None:
    """The refusal from `start` to the participle at `p`, with why it declines nothing."""
    # in its own clause, or the word that ends it ("... until Monday", "... yet"): "not
    # eligible for an exchange because it hasn't shipped yet" is no "not yet"
    rest = r.w[p + 1 : min(r.s.clause_end(r.s.clause[p]) + 1, p + 8)]
    ruled = not RULE_NOUNS.isdisjoint(r.w[max(0, start - 8) : start])
    if ("until" in rest or "till" in rest) and not ruled or "yet" in rest:
        # "can't be shipped until Monday"; not "As per University rules, certificates
        # cannot be released till all dues are cleared", a rule's condition
        return ("not possible", start, p + 1, "temporary")
    if for_now(rest) or (
        not MACHINES.isdisjoint(r.w[max(0, start - 14) : start])
        and not {"today", "tonight", "online", "moment"}.isdisjoint(rest)
    ):
        # "... can't be set up right now"; "the portal is offline ..., so vouchers can't be
        # issued online today": a fault named before, for the day
        return ("not possible", start, p + 1, "failure")
    if r.word(neg - 1) == "could" and not _FAULTS.isdisjoint(r.w[max(0, start - 14) : start]):
        # "due to a temporary server issue, the limit change could not be applied when you
        # tried": an attempt that failed for a fault, not a request declined
        return ("not possible", start, p + 1, "failure")
    if hedged or r.usually(neg):
        # "basic economy tickets typically cannot be modified", "your fare may not be
        # refunded in full": what is so as a rule, or may be, not this answer
        return ("not possible", start, p + 1, "hedge")
    return ("not possible", start, p + 1, None)


MACHINES = frozenset(
    {"error", "errors", "glitch", "glitching", "down", "offline", "crashed", "crashing",
     "bug", "outage", "frozen", "freezing", "technical", "maintenance", "timing", "timed",
     "unresponsive", "lagging"}
)  # fmt: skip
"""What makes "the system won't let me" a fault of the moment, not a rule the system keeps
("the system won't let me change the cabin once a flight has been flown" refuses)."""

_TRYING = frozenset({"keeps", "kept", "tried", "trying", "attempt", "attempts", "again"})
"""Before "won't let me ... yet": an attempt made and repeated, a fault of the moment."""

_FAULTS = MACHINES | frozenset({"server", "servers", "issue", "fault", "outages"})
"""Before a past "could not be <act>": the fault that stopped an attempt."""

RULE_NOUNS = frozenset(
    {"policy", "policies", "rules", "rule", "terms", "conditions", "guidelines", "regulations",
     "agreement", "contract", "clause", "limits", "procedure", "procedures", "regulation",
     "bylaws", "by-laws", "limit", "cap", "allowance"}
)  # fmt: skip
"""What may not allow a request: "Fare rules don't allow a Basic Economy ticket to be
upgraded", "our policy doesn't permit refunds after 30 days"."""


_NOT_DECLINED = frozenset(
    {"charged", "billed", "debited", "deducted", "levied", "shared", "sold", "disclosed",
     "stored", "kept", "affected", "changed", "required", "needed"}
)  # fmt: skip
"""Not done under a rule, but as a reassurance or news: "fees are not charged under the new
terms", "your data is not shared under our policy", "your cover is not affected under..."."""


def not_under_rule(r: Reasons, i: int) -> Found | None:
    """At "not": "<what> is not <done> ... under <a rule>", the rule declining the request.

    "Consignments over 30 kg are not held at this site under the depot's handling limits",
    "transfers are not accepted per the scheme rules". Not a reassurance (`_NOT_DECLINED`).
    """
    if r.word(i - 1) not in {"is", "are"}:
        return None
    p = i + 1
    done = r.word(p)
    if not (done.endswith(("ed", "en")) or done in {"held", "kept", "done", "paid"}):
        return None
    if done in _NOT_DECLINED:
        return None
    end = min(r.s.clause_end(r.s.clause[p]), p + 10)
    for k in range(p + 1, end):
        if r.w[k] in {"under", "per"} and not RULE_NOUNS.isdisjoint(r.w[k + 1 : k + 6]):
            return ("not possible", r.subject_start(i), p + 1, None)
        if r.w[k] == "by" and r.word(k + 1) == "our" and r.word(k + 2) in RULE_NOUNS:
            return ("not possible", r.subject_start(i), p + 1, None)  # "is not contemplated
            # by our conditions of sale"
    start = r.subject_start(i)
    for k in range(max(r.s.clause_start[r.s.clause[start]], start - 6), i - 1):
        # "by our procedure a closed complaint is not reopened": the rule named first
        if r.w[k] in {"by", "under", "per"} and r.word(k + 1) == "our":
            if not RULE_NOUNS.isdisjoint(r.w[k + 2 : k + 4]):
                return ("not possible", start, p + 1, None)
    return None


_STAFF = frozenset({"support", "staff", "agents", "advisers", "advisors", "employees"})
"""Whom a rule does not allow to act for the business: "our terms don't allow staff to"."""


def not_allowed(r: Reasons, i: int) -> Found | None:
    """At "allow", "permit" or "let", negated: what was asked is not allowed.

    "Our rules don't allow us to..." (the business's hands tied), and a rule that does not
    allow a request: "the policy doesn't allow a refund for this", "fare rules don't allow
    a Basic Economy ticket to be upgraded" (a rule's noun before the negation, in its
    clause; a request's noun, or "to be" and what a request asks, at most six words after).
    Not "the app doesn't let you log in" (no rule named), nor "the rules don't allow pets
    in the cabin" (no request named).
    """
    neg = r.s.negation[i]
    if neg < 0 or i - neg > 2:
        return None
    if r.word(i + 1) in {"anyone", "anybody", "customers"} and not RULE_NOUNS.isdisjoint(r.w):
        # "the portal won't let anyone change the name on a ticket: that's a rule set by the
        # airline": a rule named in the sentence, not a fault
        return ("declines", max(0, neg - 2), i + 2, None)
    if r.word(i + 1) in {"me", "us"}:
        # "the system won't let me issue it": a fault, not a rule
        fault = not MACHINES.isdisjoint(r.w[max(0, neg - 10) : neg])
        if not fault and "yet" in r.w[i + 2 : min(r.n, r.s.clause_end(r.s.clause[i]) + 1)]:
            fault = not _TRYING.isdisjoint(r.w[max(0, neg - 10) : neg])  # "...won't let me
            # submit it just yet" after an attempt: a try that has not worked so far
        return ("outside our remit", max(0, neg - 2), i + 2, "failure" if fault else None)
    said = r.w[max(r.s.clause_start[r.s.clause[i]], neg - 8) : neg]
    if RULE_NOUNS.isdisjoint(said):
        return None
    if r.word(i + 1) in _STAFF and r.word(i + 2) == "to" and "your" not in r.w[i + 3 : i + 7]:
        return ("declines", r.subject_start(neg), i + 4, None)  # "terms don't allow support
        # to export Daniel's notebook"; not "... staff to ask for your PIN", a reassurance
    if r.word(i + 1) == "to" and r.word(i + 2).isalpha() and r.word(i + 2) != "be":
        return ("declines", r.subject_start(neg), i + 3, None)  # "the regulations do not
        # permit to apply it again": an act with no object named, in non-native use
    if (
        r.word(i + 1) in {"one", "it", "this", "that"}
        and (not r.is_word(i + 2) or r.word(i + 2) in {"within", "before", "during"})
        or r.w[i + 1 : i + 3] in (["one", "even"], ["it", "even"])
    ):
        return ("declines", r.subject_start(neg), i + 2, None)  # "the fare rules do not
        # permit one, even for illness", "...allow it within the first year": named before
    after = r.w[i + 1 : min(r.n, i + 7)]
    for k, x in enumerate(after, start=i + 1):
        asked = x == "be" and r.word(k - 1) == "to" and r.word(k + 1) in REQUESTED
        if x in REQUEST_NOUNS or asked:
            return ("declines", r.subject_start(neg), k + 1 + asked, None)
    return None

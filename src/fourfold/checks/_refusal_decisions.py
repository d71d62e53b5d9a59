"""Decisions the house reports and limits it names, where no modal of refusal is said.

Formal replies tell a decline as a decision already made, by the business or a body of it:
"our claims review panel did not uphold your appeal", "the committee has not agreed to extend
the deadline", "our credit committee did not approve it", "our underwriters will not cover
vehicles used for track days" (`not_granted`: we or the house, "did", "has" or "will" with
"not", and a verb of granting a request). Not someone else's decision ("your bank did not
approve the payment"), nor the customer's ("you did not accept the terms"), nor a question.

They also name the limit itself: a line that gives a request's only form ("Refunds on sale
items: store credit only", `only_on_a_line`); what a rule or an offer excludes ("early access
is excluded under the scheme rules", "accidental damage is excluded from the warranty",
"our price match doesn't extend to marketplace sellers", `excluded`); and what a rule only
allows ("our rules only allow extras to be added at renewal", `rule_only_allows`). Each reads
a few words around its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_barred import house_does_only, only_to_them, practice_only
from ._refusal_house import speaker_start
from ._refusal_passive import PHRASAL_ANSWERS, RULE_NOUNS, Found, only_for, passive_found
from ._refusal_reasons import Reasons, base_form
from ._refusal_words import DECIDED_REQUESTS, REQUEST_NOUNS, REQUESTED

__all__ = [
    "cannot_proceed",
    "excluded",
    "house_declined",
    "not_granted",
    "not_offered",
    "not_open_to_us",
    "only_limit",
    "UNITS",
    "unit_before",
    "unit_decided_against",
]

_GRANTED = {
    "upheld": "uphold", "approved": "approve", "granted": "grant", "authorised": "authorise",
    "authorized": "authorize", "sanctioned": "sanction", "endorsed": "endorse",
    "accepted": "accept", "agreed": "agree",
}  # fmt: skip
"""The participles of `_GRANTING`, after "has not": "the committee has not agreed to"."""

_GRANTING = frozenset(_GRANTED.values()) | {"cover"}

_UNDOING = frozenset({"remove", "reverse", "withdraw", "lift", "cancel"})
"""What a decision told as "has decided that it will not" declines: "... will not remove the
notice" (alone, "we will not remove your points" may reassure)."""
"""Verbs of granting a request, which the house's "did not" declines ("did not uphold your
appeal"); "agree" counts with "to" after it ("has not agreed to extend")."""

_DECIDING_AUX = frozenset({"did", "has", "have", "had", "will"})

_ANSWERS_OF_OTHERS = frozenset(
    {"answer", "response", "reply", "explanation", "excuse", "position", "reasoning"}
)
"""What the house declines that is someone else's: "we did not accept this answer"."""

_THEIRS = frozenset({"bank", "issuer", "card", "payment", "landlord", "provider", "you"})
"""Whose decision it is when not the house's: "your bank did not approve the payment"."""


def not_granted(r: Reasons, i: int) -> Found | None:
    """At "not": we or the house did (has, will) not grant what was asked.

    "The panel did not uphold your appeal", "the committee has not agreed to extend the
    deadline", "our underwriters will not cover track days". "cover" only with "will" (a
    policy that "does not cover" is read as a rule, elsewhere).
    """
    aux = r.word(i - 1)
    if aux not in _DECIDING_AUX or r.s.question:
        return None
    v = i + 1
    x = r.word(v)
    verb = _GRANTED.get(x, "") if aux in {"has", "have", "had"} else x
    decided = r.w[i - 4 : i - 1] in (["decided", "that", "it"], ["decided", "that", "we"])
    if verb in _UNDOING and decided and aux == "will":
        verb = "cover"  # "the Authority has decided that it will not remove the notice"
    if verb not in _GRANTING or (verb == "cover" and aux != "will"):
        return None  # "has not approved", "did not approve", "will not cover"
    if verb == "agree" and r.word(v + 1) not in {"to", "for"}:
        return None  # (non-native English: "has not agreed for home pickup")
    start = _deciders(r, i - 2)
    if start is None and decided:
        start = _deciders(r, i - 5 - (r.word(i - 5) in {"has", "have"}))  # "the Authority
        # has decided that it will not remove the notice"
    if start is None or not _THEIRS.isdisjoint(r.w[start : i - 1]):
        return None
    if r.word(v + 1) == "of":
        return None  # "did not approve of", an opinion
    if not _ANSWERS_OF_OTHERS.isdisjoint(r.w[v + 1 : v + 4]):
        return None  # "We did not accept this answer" (the merchant's): on the customer's side
    end = v + 2 if verb == "agree" else v + 1
    return ("declines", start, end, None)


def _deciders(r: Reasons, j: int) -> int | None:
    """Where we or the house start as the subject ending at `j`, or across "and" before it.

    "Our panel did not", and "Our panel met on 14 March and did not": the house that made
    the decision, named once before a first verb.
    """
    if r.word(j) in {"we", "i"}:
        return j
    house = speaker_start(r.s, j)
    if house is not None:
        return house
    if r.word(j) != "and":
        return None
    for k in range(j - 1, max(-1, j - 10), -1):
        if r.word(k) in {"we", "i"}:
            return k
        house = speaker_start(r.s, k)
        if house is not None:
            # "our panel met ... and did not": ours only ("the planning committee at the
            # district council met and did not approve" may be someone else's)
            return house if r.word(house) == "our" else None
        if not r.is_word(k):
            return None
    return None


def only_on_a_line(r: Reasons, i: int) -> Found | None:
    """At "only": a request's line whose value is its only form ("Refunds: store credit only").

    The line opens with a request's noun ("refunds on sale items", "returns of swimwear"),
    then a colon, at most four words, and "only" ends the value. Not "Delivery: weekdays
    only" (no request named).
    """
    if r.word(i + 1) not in {",", ".", ";", "—", "–", "-", "!", ""}:
        return None
    colon = next((k for k in range(i - 1, max(-1, i - 6), -1) if r.w[k] == ":"), -1)
    if colon < 1 or not all(r.is_word(k) for k in range(colon + 1, i)):
        return None
    start = r.subject_start(colon - 1)
    asked = DECIDED_REQUESTS | REQUEST_NOUNS
    if asked.isdisjoint(r.w[start:colon]):
        return None
    return ("not possible", start, i + 1, None)


_EXCLUDERS = frozenset(
    {"warranty", "guarantee", "cover", "policy", "scheme", "plan", "promotion", "offer"}
)
"""What excludes a thing from itself: "excluded from the standard 12-month warranty"."""

_OFFERS = (
    _EXCLUDERS | RULE_NOUNS | frozenset({"match", "discount", "deal", "protection", "promise"})
)
"""An offer or a rule that "doesn't extend to" what was asked: "our price match"."""


def excluded(r: Reasons, i: int) -> Found | None:
    """At "excluded", or at "extend" after "not": what a rule or an offer leaves out.

    "Early access before 55 is excluded under the Trust Deed and Rules", "accidental damage
    is excluded from the warranty", "our price match doesn't extend to marketplace sellers".
    Not "VAT is excluded from the price", nor "the offer doesn't extend beyond Friday" (a
    date, not what was asked: only "to").
    """
    w = r.w[i]
    if w == "excluded":
        if r.word(i - 1) not in {"is", "are"} or r.s.negation[i] >= r.subject_start(i):
            return None
        after = r.w[i + 1 : min(r.n, i + 8)]
        if after[:1] == ["under"] and not RULE_NOUNS.isdisjoint(after):
            return ("not possible", r.subject_start(i), i + 1, None)
        if after[:1] == ["from"] and not _EXCLUDERS.isdisjoint(after[1:5]):
            return ("not possible", r.subject_start(i), i + 1, None)
        return None
    neg = r.s.negation[i]
    if neg < 0 or i - neg > 2 or r.word(i + 1) != "to":
        return None
    start = r.subject_start(neg)
    if _OFFERS.isdisjoint(r.w[start:neg]):
        return None
    return ("outside our remit", start, i + 2, None)


def rule_only_allows(r: Reasons, i: int) -> Found | None:
    """At "only": a rule that only allows (permits) something, ruling the rest out.

    "Our rules only allow optional extras to be added at renewal", "the scheme only permits
    one transfer a year". Not "only allow 3-5 days for delivery" (no rule named before).
    """
    if base_form(r.word(i + 1)) not in {"allow", "permit"}:
        return None
    said = r.w[max(r.s.clause_start[r.s.clause[i]], i - 6) : i]
    if RULE_NOUNS.isdisjoint(said) or r.s.question:
        return None
    return ("not possible", r.subject_start(i), i + 2, None)


_OWN_DATA = frozenset({"data", "details", "information", "info", "number", "address", "email"})
"""What "is not offered" to others reassures about: "your data is not offered to partners"."""


def not_offered(r: Reasons, i: int) -> Found | None:
    """At "not": a service that "is not offered" (provided) where the request asks it.

    "For policies under 500 EUR instalment payment is not offered", "home visits are not
    provided in your area". Not the customer's data kept ("your details are not offered to
    third parties"), nor a question.
    """
    if r.word(i - 1) not in {"is", "are"}:
        return None
    end = i + 2 if r.word(i + 1) in _OFFERING else _among_services(r, i + 1)
    if end is None:
        return None
    start = r.subject_start(i)
    if r.s.question or not _OWN_DATA.isdisjoint(r.w[start:i]) or r.w[start] == "you":
        return None
    return ("not possible", start, end, None)


_OFFERING = frozenset({"offered", "provided", "given", "granted"})
"""After "is not": a service or a grant the house does not give ("refunds are not given")."""

_SERVICES = frozenset({"service", "services", "offering", "offerings"})
_IN_OURS = frozenset({"services", "gift"})
"""After "is not in our": what the house has to give ("not in our services", "in our gift")."""

_NOT_SERVICES = frozenset({"charge", "charges", "fee", "fees", "area", "history", "record"})
"""After "service": a noun that makes it something else ("the service charge")."""


def _among_services(r: Reasons, j: int) -> int | None:
    """From `j`, after "is not": "among (the) services", "part of the service"; its end.

    Also "in our services" ("installation is not in our services, we only sell it") and the
    idiom "in our gift" ("resetting his password isn't in our gift").

    "Translation into German is not among the services of our office", "advice on which fund
    to choose is not part of the service provided here": what the house offers names the
    request as left out. Not "the service charge" nor "the service area" (`_NOT_SERVICES`).
    """
    k = j + 1 if r.word(j) == "among" else j + 2 if r.w[j : j + 2] == ["part", "of"] else -1
    if r.word(j) == "in" and r.word(j + 1) in {"our", "the"} and r.word(j + 2) in _IN_OURS:
        return j + 3  # "installation is not in our services", "isn't in our gift"; not "in
        # service" (a lift out of order)
    if k < 0:
        return None
    if r.word(k) in {"the", "our", "a", "any"}:
        k += 1
    if r.word(k) not in _SERVICES or r.word(k + 1) in _NOT_SERVICES:
        return None
    return k + 1


def only_one(r: Reasons, i: int) -> Found | None:
    """At "only" of "only one <thing> can be <act> per...": the request ruled out by a limit.

    "Only one travel certificate can be used per reservation", "only one change can be made
    per booking"; not "only one of you needs to sign" (no "can be" within six words).
    """
    if r.word(i + 1) not in {"one", "1", "two", "2"}:
        return None
    for k in range(i + 2, min(r.n, i + 8)):
        if r.w[k] in {"is", "are"} and r.word(k + 1) in {"allowed", "permitted", "accepted"}:
            if "per" in r.w[i + 2 : k]:  # "only one promo code per order is allowed"
                return passive_found(r, r.subject_start(i), i, k + 1, hedged=False)
            return None
        done = r.word(k + 2).endswith("ed") or r.word(k + 2) in REQUESTED
        if r.w[k] in {"can", "may"} and r.word(k + 1) == "be" and done:
            if r.word(k + 3) not in {"per", "on", "for", "in", "at"}:
                return None
            return passive_found(r, r.subject_start(i), i, k + 2, hedged=False)
        if not r.is_word(k):
            return None
    return None


_OWNERS = frozenset({"owner", "holder", "cardholder", "accountholder", "policyholder", "yourself"})
"""Whom alone a request on an account is done for: "given only to the verified owner"."""


def only_limit(r: Reasons, i: int) -> Found | None:
    """At "only": a limit that declines what was asked, in any of its shapes.

    "Account access can only be given to the verified owner", "exchanges can only be
    processed for delivered orders" (`only_for`), "only one certificate can be used per
    reservation" (`only_one`), "Refunds: store credit only" (`only_on_a_line`), "our rules
    only allow ..." (`rule_only_allows`), "account information is only released to the named
    account holder".
    """
    if r.word(i - 1) == "can" and r.word(i + 1) == "be" and r.word(i + 2) in REQUESTED:
        if not _OWNERS.isdisjoint(r.w[i + 3 : i + 9]):
            return ("not possible", r.subject_start(i), i + 3, None)
    found = only_for(r, i) or only_one(r, i) or only_on_a_line(r, i) or rule_only_allows(r, i)
    found = found or only_to_them(r, i) or house_does_only(r, i)  # "given only to him"
    found = found or practice_only(r, i)  # "fares on this route are issued as e-tickets only"
    if found is not None:
        return found
    if r.word(i - 1) in {"is", "are"} and r.word(i + 1) in REQUESTED:
        if not (_OWNERS - {"yourself"}).isdisjoint(r.w[i + 2 : i + 8]):
            return ("not possible", r.subject_start(i), i + 2, None)  # "is only released
            # to the named account holder": a policy that declines anyone else
    return None


_FITTING = frozenset({"appropriate", "necessary", "proportionate", "reasonable", "right"})


def not_open_to_us(r: Reasons, i: int) -> Found | None:
    """At "not": the formal declines "it is not open to us to", "we do not consider it apt to".

    "It is not open to us to consider them under the statutory process", "we do not consider
    it appropriate to investigate further"; not "the office is not open to visitors", nor "we
    do not consider it necessary for you to attend" (a need spared, "for you").
    """
    if r.w[i + 1 : i + 5] in (["open", "to", "us", "to"], ["open", "to", "me", "to"]):
        if r.word(i - 1) in {"is", "was"} and r.word(i - 2) == "it":
            return ("cannot or will not", i - 2, i + 6, r.classify(i + 5))
        return None
    if r.w[i + 1 : i + 3] != ["consider", "it"] or r.word(i + 3) not in _FITTING:
        return None
    if r.word(i + 4) != "to" or r.word(i - 1) not in {"do", "does", "did"}:
        return None
    if r.word(i - 2) not in {"we", "i"} and speaker_start(r.s, i - 2) is None:
        return None
    return ("declines", r.subject_start(i), i + 6, None)


_UNITS = frozenset(
    {"team", "department", "unit", "desk", "office", "committee", "panel", "crew", "manager",
     "supervisor", "lead", "head", "underwriters", "finance", "depot", "board", "centre",
     "center", "warehouse", "shop", "branch"}
)  # fmt: skip
"""A unit or a role of the business that declines in the third person: "our credit team
turned down the limit increase", "I checked with our logistics department and they
rejected your request", "the branch turned down the form" (round 214)."""

UNITS = _UNITS

_DECLINED = frozenset({"declined", "rejected", "refused"})

_NOT_NAMED = _UNITS | {"and", "they", "he", "she", "finance", "billing"}
"""Where `house_declined`'s subject ends when it is no house named by `speaker_start`."""

_OTHER = frozenset({"other", "another", "previous", "old", "former", "new"})
"""Before a unit's noun, someone else's: "the other company said no the first time"."""

_OURS = frozenset({"our", "the", "my"})


def house_declined(r: Reasons, i: int) -> Found | None:
    """At "declined", "rejected", "refused", "turned" or "said": the business's unit declined.

    Told in the third person: "Our underwriters reviewed the extension and rejected it",
    "our credit team turned down the limit increase", "the Admissions Committee has declined
    your request", "I checked with our logistics department and they rejected your request",
    "my manager ... he said no". The unit is one of the business's (`_UNITS` after "our",
    "the" or "my"; a name `speaker_start` knows, with "has" or "our"), or "they", "he" or
    "she" after such a unit of ours was asked earlier in the sentence ("they" opening a
    sentence: in the sentence before); what is declined
    follows: "it", "this", "your ...", "the ...", or "to" and a verb. Not someone else's
    decision ("your bank declined the payment", "the other company said no"), nor good news
    ("declined to take any further action"), nor the passive (`request_declined` reads it).
    """
    w = r.w[i]
    turned = w in PHRASAL_ANSWERS and r.word(i + 1) == PHRASAL_ANSWERS[w]
    said = w == "said" and r.word(i + 1) == "no"
    if not (w in _DECLINED or turned or said) or r.s.question or r.word(i + 1) == "by":
        return None
    j = i - 1
    while j > 0 and r.word(j) in {"has", "have", "had", "'ve", "already", "now", "also", "then"}:
        j -= 1
    start = unit_before(r, j)
    if start is None:
        return None
    named = r.word(j) not in _NOT_NAMED
    if named and j == i - 1 and r.word(start) != "our":
        return None  # a house named bare, in the past, may be told about: "has" or "our" only
    told = r.w[start : _subject_end(r, start, i)]
    if not (_THEIRS | _OTHER).isdisjoint(told) or "your" in told or _trade(told):
        return None  # "your bank declined it", "the other company said no", "the courier"
    if r.w[i + 1 : i + 3] == ["to", "take"] and "action" in r.w[i + 3 : i + 6]:
        return None  # "the Club has declined to take any further action": good news
    after = i + 1 + (turned or said)
    what = r.word(after)
    if said:
        return ("declines", start, after, None)  # "he said no, sorry"
    if what in {"it", "this", "that", "your", "to"} or (
        what == "the" and r.word(after + 1) not in {"card", "payment", "transaction"}
    ):
        return ("declines", start, after + 1, None)
    if turned and len(what) > 5 and what.endswith("ing") and r.word(after + 1) not in _SPARED:
        return ("declines", start, after + 1, None)  # "the team has ruled out moving the number"
    return None


_SPARED = frozenset({"you", "your", "any", "anything"})
"""After a unit's "ruled out" and an act: the customer spared it ("ruled out charging you")."""


def unit_decided_against(r: Reasons, i: int) -> Found | None:
    """At "against": a unit of ours, asked before, "decided against" the act asked for.

    "I passed your idea to the product team, and they've decided against building a dark
    mode"; `decided_against` reads we or the house named as the subject, this a pronoun for a
    unit of ours the request was passed to. Not what it spares the customer ("decided
    against charging you"), nor a question.
    """
    if r.word(i - 1) != "decided" or r.s.question or not r.word(i + 1).endswith("ing"):
        return None
    if r.word(i + 2) in {"you", "your"}:
        return None
    j = i - 2 - (r.word(i - 2) in {"has", "have", "had"})
    if r.word(j) not in {"they", "he", "she"}:
        return None
    before = r.w[max(0, j - 20) : j]
    for k in range(len(before) - 1, -1, -1):
        if before[k] in _OTHER | _THEIRS or before[k] in {"provider", "seller", "merchant"}:
            return None
        if before[k] in _UNITS:
            asked = before[max(0, k - 6) : k]
            passed = not {"with", "to"}.isdisjoint(asked) and not {"our", "my", "the"}.isdisjoint(
                asked
            )
            return ("declines", j, i + 2, None) if passed else None
    return None


_TRADES = frozenset({"courier", "carrier", "airline", "insurer"})
"""A trade of someone else's that refuses its own part: "the courier company has refused to
deliver to a P.O. box" is reported, not the house's decline."""


def _trade(told: list[str]) -> bool:
    """The subject names a trade of someone else's, and no unit of ours after it.

    "the courier company", not "our courier team" (a unit of ours named by its trade).
    """
    last = max((k for k, w in enumerate(told) if w in _TRADES), default=-1)
    return last >= 0 and _UNITS.isdisjoint(told[last + 1 :])


def _subject_end(r: Reasons, start: int, i: int) -> int:
    """Where the declining unit's subject ends: at its unit noun when "and" joins its verb.

    "our returns desk looked at the headphones you sent back and said no": the subject is
    "our returns desk", not what it looked at ("you" there is no one else's decision).
    """
    if r.word(i - 1) != "and":
        return i
    return next((k + 1 for k in range(start, i) if r.word(k) in _UNITS), i)


def unit_before(r: Reasons, j: int) -> int | None:
    """Where the business's unit ending at `j` starts, or a pronoun for one named before.

    Across "and" too: "our underwriters reviewed the extension and rejected it".
    """
    if r.word(j) == "and":
        for k in range(j - 1, max(-1, j - 12), -1):
            if r.word(k) in _UNITS and r.word(k) != "shop":
                start = _unit_start(r, k)
                return start if start is not None and r.word(start) == "our" else None
        return None
    if r.word(j) in _UNITS:
        start = _unit_start(r, j)
        if start is not None:
            return start
    house = speaker_start(r.s, j)
    if house is not None:
        return house
    if r.s.tokens[j].cap and r.word(j) in {"finance", "billing", "payroll", "legal"}:
        return j  # "Finance rejected the goodwill credit"
    if r.word(j) in {"they", "he", "she"}:
        # "I checked with our logistics department and they ...", "I spoke to my manager ...
        # and he ...": a unit of ours asked, and no one else named since
        before, others = r.w[max(0, j - 20) : j], _OTHER | _THEIRS
        if j == 0 and r.word(j) == "they":
            # "I have spoken with our billing team about adding you to his account. They
            # declined it": the sentence before asked the unit; "you" there is the customer's
            # request, not a decider
            before, others = r.words_before(0, 200)[-24:], others - {"you"}
        for k in range(len(before) - 1, -1, -1):
            if before[k] in others or before[k] in {"provider", "seller", "merchant"}:
                return None
            if before[k] in _UNITS:
                asked = before[max(0, k - 6) : k]
                ours = not {"our", "my"}.isdisjoint(asked)
                return j if ours and not {"with", "to"}.isdisjoint(asked) else None
    return None


def _unit_start(r: Reasons, j: int) -> int | None:
    """Where "our", "my" or "the" opens the unit whose noun is at `j`, or None.

    At most four words before it: "our HR shared services team".
    """
    for k in range(j - 1, max(-1, j - 6), -1):
        if r.word(k) in _OURS:
            if r.word(k) == "the" and any(t.possessive for t in r.s.tokens[k + 1 : j]):
                return None  # "the hotel's front desk refused": the hotel's, not ours
            return k if r.word(j) != "shop" or r.word(k) != "the" else None
        if not r.is_word(k) or r.word(k) in {"your", "their", "his", "her", "and"}:
            return None
    return None


_CAPS = frozenset({"limit", "limits", "maximum", "max", "allowance", "cap"})
"""A limit named before "can't go through": a rule, not a payment that fails."""


def cannot_proceed(r: Reasons, i: int) -> Found | None:
    """At "not": a request that "cannot proceed" or "will not go ahead".

    "As this falls outside our lending criteria, the application cannot proceed"; not for
    now ("... until the payment clears"), nor with what would let it ("without your
    signature", "unless you confirm").
    """
    going = r.word(i - 1) in {"is", "are"} and r.word(i + 1) == "going"
    if r.word(i - 1) not in {"can", "will", "could"} and not going:
        return None
    i += going  # "the port request is not going ahead"
    end = i + 2 if r.word(i + 1) == "proceed" else i + 3
    if r.w[i + 1 : end] not in (["proceed"], ["go", "ahead"], ["go", "through"]):
        return None
    if r.word(i + 2) == "through" and _CAPS.isdisjoint(r.w[max(0, i - 20) : i]):
        return None  # but "our limit is R$5,000 a day, so the transfer can't go through"
    start = r.subject_start(i)
    acts = r.w[start].endswith("ing") and r.w[start] not in {"nothing", "anything", "something"}
    if (DECIDED_REQUESTS | REQUEST_NOUNS).isdisjoint(r.w[start:i]) and not acts:
        return None  # but "changing the account it is paid into won't go ahead": an act asked
    if {"without", "unless"} & set(r.w[end : end + 4]):
        return None
    return passive_found(r, start, i, end - 1, hedged=False)

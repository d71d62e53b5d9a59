"""What "I will not" declines besides a verb of service.

"I won't share", "we won't refund" decline by their verb (`SERVICE`); these decline by what
the verb does and to what: a matter not taken up again ("we will not be reopening this
complaint", `not_taken_up`), what lapsed not given back ("we won't be reinstating the
promotional rate", `not_given_back`), a cost not met ("we won't pay for the storage unit",
"we won't be matching the other dealer's price", `not_paid`), an act asked for, declined
with regret ("Sorry, I won't split the purchase", `regret_opens`; past a greeting, "Hi Oscar,
I'm sorry but I won't put...", and any verb that spares the customer nothing, sixth pass), the
request answered "No," ("— no, we won't take your call at home", `answered_no`, sixth pass),
and an opinion ("I won't
weigh in on whether you should move your pension", `weighs_in`), the act asked for not
gone on with ("we shall not be proceeding with it", `not_proceeding`), a sanction not lifted
("I won't be lifting the ban early", `not_lifted`, round 264), and the act the reply restated
as asked ("You asked us to add the laptop ... We won't include items that weren't stolen",
`_refusal_asked_before`, round 264), a thing or a third party not acted on as asked ("HR won't be
contacting your former employer", "we won't be moving the account onto your email",
`not_acted_on`, twelfth pass). `taken_up` reads them for
the refusal rules (`_refusals`) at the verb after "will not" or "not going to";
`something_not_done` reads "... is something I won't be doing" at its "something".

Each reads a few words after the verb, or the first few of the sentence, so the cost stays
linear in the text.
"""

from __future__ import annotations

from ._lexicon import is_amount
from ._refusal_asked_before import asked_before
from ._refusal_house import speaker_start
from ._refusal_house_said import for_a_reason, relayed_not, spares
from ._refusal_reasons import Reasons, base_form, verb_in
from ._refusal_words import (
    NOT_DECLINING,
    PRICES,
    REGRET,
    REQUEST_VERBS,
    SERVICE,
    SOMETHING_VERBS,
)

__all__ = [
    "answered_no",
    "not_given_back",
    "not_lifted",
    "not_proceeding",
    "not_acted_on",
    "not_paid",
    "not_sanctioned",
    "not_taken_up",
    "regret_opens",
    "something_not_done",
    "taken_up",
    "weighs_in",
]


def taken_up(r: Reasons, v: int) -> tuple[int | None, str | None]:
    """What "will not" declines by the verb at `v`: the verb, and why it declines nothing.

    "We will not be reopening this complaint", "I won't reconsider the decision", "we're not
    going to reopen the investigation" (`not_taken_up`); "we won't be reinstating the
    promotional rate" (`not_given_back`); "we won't pay for the hire car" (`not_paid`);
    "Sorry, I won't split the purchase into two invoices" (`regret_opens`); "I won't weigh in
    on which broker to use" (`weighs_in`). "temporary" when it is left for now ("we won't be
    reviewing your file until the report arrives"); (None, None) when it declines nothing ("we
    won't be reopening your old account", "we won't reinstate the late fee").
    """
    if v >= r.n:
        return None, None  # "... we won't."
    opinion = weighs_in(r, v)
    if opinion is not None:
        return opinion  # "I won't weigh in on which broker you should use"
    end = r.s.clause_end(r.s.clause[v])
    found = (
        not_taken_up(r.w, v, end)
        or not_given_back(r.w, v, end)
        or not_paid(r.w, v, end)
        or not_acted_on(r.w, v, end)
        or not_sanctioned(r.w, v)
        or not_lifted(r.w, v)
        or not_proceeding(r.w, v)
        or asked_before(r, v)
    )
    asked = verb_in(r.w[v], REQUEST_VERBS) is not None or not spares(r.w[v])
    if found is None and asked and (regret_opens(r, v) or answered_no(r, v)):
        found = "declines"  # "Sorry, I won't split the purchase", "No, we won't take calls"
    if found is None and (for_a_reason(r, v) or relayed_not(r, v)):
        found = "declines"  # "they will not be restoring the points, since expired points..."
    if found is None:
        return None, None
    return v, None if found == "declines" else found


def weighs_in(r: Reasons, v: int) -> tuple[int, str | None] | None:
    """Declining to give an opinion, by the verb at `v` after "will not" or "do not".

    "I won't weigh in on which broker you should use", "we don't weigh in on disputes between
    tenants", "I will not opine on whether the contract is enforceable": "weigh in" or "opine".
    Returns where the phrase ends and "temporary" when it is for now ("we won't weigh in until
    the adjuster has seen the car"); None for any other verb ("weigh you down").
    """
    verb = verb_in(r.word(v), _OPINING)
    if verb is None or (verb == "weigh" and r.word(v + 1) != "in"):
        return None
    end = v + 1 if verb == "weigh" else v
    return end, "temporary" if _FOR_NOW & set(r.w[v + 1 : v + 9]) else None


_OPINING = frozenset({"weigh", "opine"})
"""Verbs of giving an opinion, which "I won't" declines: "weigh (in)", "opine"."""

_WILL_NOT = frozenset({"will", "shall", "not", "never", "be", "going", "to", "am", "are"})
"""What stands between I or we and the verb of "we won't (be) splitting", "I'm not going to"."""

_REGRET_OPENING = REGRET | frozenset(
    {"i", "am", "we", "are", "but", "so", "really", "very", "truly", "terribly", "deeply", "and",
     ",", "—", "–", "-", "..."}
)  # fmt: skip
"""What a sentence may open with before "we won't" declines with regret: "I'm so sorry, but"."""


def regret_opens(r: Reasons, v: int) -> bool:
    """The sentence opens with regret, then I or we (or the business) will not, at `v`.

    "Sorry, we won't split the bill", "I'm afraid I won't move the date", "Regrettably, we will
    not merge the accounts": an act asked for, declined. Not an apology for something ("Sorry
    for the mix-up, we won't move anything..."), nor someone else's ("Sorry, the bank won't
    split it"), nor a condition ("Unfortunately, if we won't..."). Reads at most the sentence's
    first 16 tokens.
    """
    if v > 16:
        return False
    k = v - 1
    while k >= 0 and r.w[k] in _WILL_NOT:
        k -= 1
    house = speaker_start(r.s, k)
    if r.word(k) in {"i", "we"}:
        k -= 1
    elif house is not None:
        k = house - 1
    else:
        return False
    opening = r.w[_past_greeting(r, k) : k + 1]
    return bool(REGRET & set(opening)) and all(x in _REGRET_OPENING for x in opening)


_GREETINGS = frozenset({"hi", "hello", "hey", "dear", "hiya", "morning", "afternoon", "evening"})


def _past_greeting(r: Reasons, k: int) -> int:
    """Where the sentence starts past a greeting and a comma, before `k`: "Hi Oscar, I'm sorry".

    "Hi", "Hello", "Dear" (or "Good morning") and at most three names, then a comma; 0 when
    the sentence opens with no greeting.
    """
    g = 1 if r.word(0) == "good" else 0
    if r.word(g) not in _GREETINGS:
        return 0
    for t in range(g + 1, min(k, g + 5)):
        if r.w[t] == ",":
            return t + 1
        if not r.s.tokens[t].cap:
            return 0
    return 0


_ANSWER_MARKS = frozenset({"—", "–", "-", ":"})
"""What may stand before the "no" that answers the request: "To answer your email — no, ..."."""


def answered_no(r: Reasons, v: int) -> bool:
    """The request answered "No," then I or we will not, the verb at `v`: the act declined.

    "No, we won't take your call at home over the weekend", "To answer your email from
    Friday — no, we won't ...", "No, I will not describe the phone as new": "no" opens the
    sentence, or follows a dash or a colon, with a comma after it and I or we next. Not
    "No worries, we won't ..." (a reassurance: "no" must stand alone), nor a verb that spares
    the customer ("No, we won't charge you", read by the caller).
    """
    k = v - 1
    while k >= 0 and r.w[k] in _WILL_NOT:
        k -= 1
    if r.word(k) not in {"i", "we"} or r.word(k - 1) != "," or r.word(k - 2) != "no":
        return False
    return k == 2 or r.word(k - 3) in _ANSWER_MARKS


CASE_VERBS = frozenset(
    {"reopen", "re-open", "reconsider", "revisit", "re-examine", "reexamine", "reassess",
     "re-assess", "reinvestigate", "re-investigate", "investigate", "review", "re-review",
     "uphold", "overturn", "progress", "entertain", "raise", "lodge", "submit"}
)  # fmt: skip
"""Verbs of taking a matter up (again) that "we will not" declines: "we will not be reopening
this complaint", "I won't reconsider the decision". Not after "I don't", nor "consider" ("we
won't consider this a missed payment" reassures)."""

_AGAIN = frozenset(
    {"reconsider", "revisit", "re-examine", "reexamine", "reassess", "re-assess",
     "reinvestigate", "re-investigate", "investigate"}
)  # fmt: skip
"""Of `CASE_VERBS`, those that decline with no object: "we won't be investigating further"."""

CASE_NOUNS = frozenset(
    {"complaint", "complaints", "case", "claim", "decision", "appeal", "matter", "application",
     "dispute", "file", "ticket", "outcome", "ruling", "finding", "findings", "investigation",
     "correspondence", "request", "review", "assessment", "verdict", "chargeback"}
)  # fmt: skip
"""What is taken up again: "reopening the complaint", "revisiting the outcome of your appeal";
not "reopening your old account", "reviewing prices"."""

_FOR_NOW = frozenset(
    {"until", "till", "yet", "before", "today", "tonight", "tomorrow", "monday", "tuesday",
     "wednesday", "thursday", "friday", "saturday", "sunday"}
)  # fmt: skip
"""After a verb of `CASE_VERBS`: the matter is left for now ("we won't be reviewing your file
until the report arrives")."""


_STARTING = frozenset({"raise", "lodge", "submit"})
"""Of `CASE_VERBS`, those that start a matter, which "a" may name: "we won't be raising a
claim saying you never authorised it"."""

_DETERMINERS = frozenset({"the", "this", "that", "your", "its", "our", "any", "these", "those"})


def not_taken_up(words: list[str], v: int, end: int) -> str | None:
    """Whether "will not" before the verb at `v` declines to take a matter up (again).

    "We will not be reopening this complaint", "I won't reconsider the decision", "we shall not
    be investigating further": a verb of `CASE_VERBS` (or its -ing form) whose object, within
    the clause ending at `end`, is a matter of `CASE_NOUNS` after a determiner, or "it", "this",
    "that"; one of reconsidering may have none ("... further", "... again", or the clause
    ends). Returns "declines"; "temporary" when the matter is left for now ("until the report
    arrives", "before Friday"); None when the verb is none of these or its object no matter
    ("reopening your old account", "reopening until 9am", "reviewing prices"). Reads at most
    eight words after `v`.
    """
    if not 0 <= v < len(words):
        return None
    verb = words[v]
    if verb.endswith("ing"):
        stem = verb[:-3]
        verb = next((c for c in (stem, stem + "e", stem[:-1]) if c in CASE_VERBS), verb)
    if verb not in CASE_VERBS:
        return None
    if _FOR_NOW & set(words[v + 1 : v + 9]):
        return "temporary"  # past the clause too: "until" opens one
    after = words[v + 1 : min(end, v + 9)]
    if after[:1] in (["it"], ["this"], ["that"]):
        return "declines"  # "we won't be reopening it"
    determined = False
    for k, x in enumerate(after[:5]):
        p = v + 2 + k  # the word after the noun, and past a dash ("CMP-44190")
        ref = words[p : p + 1] if words[p + 1 : p + 2] != ["-"] else words[p + 2 : p + 3]
        named = any(c.isdigit() for t in ref for c in t)  # "complaint CMP-44190", "case 88"
        if x in CASE_NOUNS and (determined or named):
            # "the decision", "your complaint", "the outcome of your appeal", and a matter
            # named by its reference: "reopen complaint CMP-44190"
            return "declines"
        if not x.isalpha():
            break
        determined = determined or x in _DETERMINERS or (verb in _STARTING and x in {"a", "an"})
    if verb in _AGAIN and (not after or after[0] in {"further", "again"} or not after[0].isalpha()):
        return "declines"
    return None


_WITH_IT = frozenset({"it", "this", "that", "your", "the"})
"""After "proceeding with": the act asked for ("with it", "with your request")."""

_ASKED_BY_YOU = frozenset({"requested", "asked", "instructed", "wish", "wished", "wanted"})
"""Before "we won't be proceeding": the customer called it off ("as you requested")."""


def not_proceeding(words: list[str], v: int) -> str | None:
    """Whether "will not" before the verb at `v` declines to go on with the act asked for.

    "Granting you access would go against our rules, and we shall not be proceeding with it",
    "we won't proceed with your request": "proceed" (or "proceeding") "with" it, this, that,
    or "your"/"the" and what was asked. Not when the customer called it off ("as you
    requested, we won't be proceeding with the order"). Returns "declines", or None.
    """
    if not 0 <= v < len(words) or words[v] not in {"proceed", "proceeding"}:
        return None
    if words[v + 1 : v + 2] != ["with"] or words[v + 2 : v + 3] == []:
        return None
    if words[v + 2] not in _WITH_IT or not _ASKED_BY_YOU.isdisjoint(words[:v]):
        return None
    return "declines"


def not_sanctioned(words: list[str], v: int) -> str | None:
    """Whether "will not" before the verb at `v` declines to act against someone else.

    "We won't be banning him just because he beat you", "we will not suspend their
    account": a verb of `_SANCTIONS` on him, her, them or theirs, asked of the business by
    the customer. Not on "you" or "your" ("we won't be banning you": a reassurance).
    Returns "declines", or None.
    """
    if not 0 <= v < len(words) or verb_in(words[v], _SANCTIONS) is None:
        return None
    return (
        "declines"
        if words[v + 1 : v + 2] in (["him"], ["her"], ["them"], ["his"], ["their"])
        else None
    )


_SANCTIONS = frozenset(
    {
        "ban",
        "suspend",
        "remove",
        "block",
        "kick",
        "mute",
        "penalise",
        "penalize",
        "sack",
        "fire",
        "discipline",
    }
)
"""What a customer asks done to another person: "ban him", "suspend their account"."""


_LIFTING = frozenset({"lift", "unban", "unblock", "unsuspend", "unfreeze", "unmute", "shorten"})
"""Verbs of taking a sanction off the customer early, which "we will not" declines."""

_SANCTION_NOUNS = frozenset(
    {"ban", "bans", "suspension", "restriction", "restrictions", "block", "freeze", "mute",
     "penalty", "sanction", "sanctions", "lock", "lockout", "hold", "strike", "strikes",
     "timeout", "cooldown"}
)  # fmt: skip
"""What a business puts on an account and may lift: "the ban", "the 7-day suspension"."""


def not_lifted(words: list[str], v: int) -> str | None:
    """Whether "will not" before the verb at `v` declines to lift a sanction (round 264).

    "We won't be lifting the suspension", "I won't unban the account before the 14th",
    "I hear you on the ranked ban, but I won't be lifting it early": a verb of `_LIFTING`
    whose object within six words is a sanction (`_SANCTION_NOUNS`), or "it" or "this" for
    a sanction named before it in the sentence; a verb that names the sanction it undoes
    ("unban", "unsuspend") needs neither. Not "lift" of anything else ("we won't lift the
    price", a reassurance). Returns "declines", or None.
    """
    verb = verb_in(words[v], _LIFTING) if 0 <= v < len(words) else None
    if verb is None:
        return None
    if verb.startswith("un") and words[v + 1 : v + 2] not in ([], ["."]):
        return "declines"  # "we won't unban the account early"
    after = words[v + 1 : v + 7]
    if not _SANCTION_NOUNS.isdisjoint(after):
        return "declines"
    if after[:1] in (["it"], ["this"], ["that"]) and not _SANCTION_NOUNS.isdisjoint(words[:v]):
        return "declines"
    return None


RESTORING = frozenset({"reinstate", "restore", "reactivate", "re-activate", "revive"})
"""Verbs of giving back what lapsed, which "we will not" declines: "we won't be reinstating the
promotional rate", "we will not restore the miles that expired"."""

CHARGES = frozenset(
    {"fee", "fees", "charge", "charges", "penalty", "penalties", "fine", "fines", "surcharge",
     "surcharges", "interest", "overdraft", "debit", "debits", "arrears", "late"}
)  # fmt: skip
"""What the customer is glad not to have back: "we won't reinstate the late fee" reassures."""


_REOPENING = frozenset({"reopen", "re-open"})
"""Verbs of giving back an offer that closed, which "we will not" declines only with the offer
for object (`_OFFERS_REOPENED`): "we won't be reopening the flash-sale prices" (dev round
268); "reopening the complaint" is a matter taken up again (`not_taken_up`)."""

_OFFERS_REOPENED = PRICES | frozenset({"sale", "sales", "pricing", "pre-order", "pre-orders"})
"""What closed that "reopening" would give back: a price, a deal, a sale."""


def not_given_back(words: list[str], v: int, end: int) -> str | None:
    """Whether "will not" before the verb at `v` declines to give back what lapsed.

    "We won't be reinstating the promotional rate", "we will not restore the bonus miles that
    expired", "we won't reactivate the voucher": a verb of `RESTORING` and its object, within
    the clause ending at `end`; or "reopen" an offer that closed ("we won't be reopening the
    launch deal", `_REOPENING`). Returns "declines"; "temporary" when it is for now ("until the
    balance is paid"); None when what is not given back is a charge ("we won't reinstate the
    late fee" reassures), when it waits on the customer ("without asking you first", "unless
    you ask"), or when no object follows. Reads at most twelve words after `v`.
    """
    if not 0 <= v < len(words):
        return None
    reopened = verb_in(words[v], _REOPENING) is not None  # "reopening the sale prices"
    if verb_in(words[v], RESTORING) is None and not reopened:
        return None
    if _FOR_NOW & set(words[v + 1 : v + 9]):
        return "temporary"
    if reopened and _OFFERS_REOPENED.isdisjoint(words[v + 1 : min(end, v + 7)]):
        return None  # "we won't be reopening your old account": no offer that lapsed
    if {"without", "unless"} & set(words[v + 1 : v + 13]):
        return None  # "... without asking you first": a reassurance
    after = words[v + 1 : min(end, v + 7)]
    if not after or not after[0].isalpha() or CHARGES & set(after[:5]):
        return None
    return "declines"


PAYING = frozenset({"pay", "match", "reimburse", "compensate", "refund"})
"""Verbs of meeting a cost the customer asked the business to meet, which "we will not"
declines: "we won't pay for the storage unit", "we won't be matching the price"."""

COSTS = frozenset(
    {"bill", "bills", "fee", "fees", "cost", "costs", "excess", "invoice", "invoices", "fare",
     "fares", "expenses", "charge", "charges", "damages", "call-out", "repair", "repairs",
     "hire", "rental", "storage", "difference", "compensation"}
)  # fmt: skip
"""What "we won't pay" leaves the customer with: "we won't be paying the call-out fee"."""


def not_paid(words: list[str], v: int, end: int) -> str | None:
    """Whether "will not" before the verb at `v` declines to meet a cost the customer asked of us.

    "We won't pay for the storage unit", "we won't be paying the call-out fee", "we won't be
    matching the other dealer's price", "the garage won't reimburse the taxi fare", "we won't
    compensate you for the day off": "pay" for something, out, or a cost (`COSTS`); "match" a
    price (`PRICES`); "reimburse" or "compensate" anything. Returns "declines"; "temporary"
    when it is for now ("we won't pay out until the report arrives"); None otherwise ("we won't
    match your details with anyone", "we won't pay the refund into that account"). Reads at
    most eight words after `v`, within the clause ending at `end`.
    """
    verb = verb_in(words[v], PAYING) if 0 <= v < len(words) else None
    if verb is None or verb == "refund":
        return None  # "refund" declines by its own verb, a verb of service
    if _FOR_NOW & set(words[v + 1 : v + 9]):
        return "temporary"
    after = words[v + 1 : min(end, v + 7)]
    if verb == "pay" and not (after[:1] in (["for"], ["out"]) or COSTS & set(after)):
        return None
    if verb == "match" and not PRICES & set(after) and not any(is_amount(x) for x in after):
        return None  # but "we won't be matching the £54.99 listing"
    return "declines"


_ACTED_ON = frozenset({"contact", "move", "update", "take"})
"""Verbs that decline after "will not" when their object is a thing or a third party, not the
customer ("we won't be moving the account", "HR won't be contacting your former employer";
"take" only as "take on": "the shop won't be taking on repairs")."""

_SPARING = frozenset({"you", "u", "yourself", "again", "anymore", "twice", "money", "funds"})
"""After a verb of `_ACTED_ON`: the customer spared, not a request declined ("we won't
contact you again", "we won't move your money without your consent")."""


_NOT_YET = frozenset({"until", "till", "yet", "before", "unless"})
"""After a verb of `_ACTED_ON`: the act left for now, or until a condition is met."""


def not_acted_on(words: list[str], v: int, end: int) -> str | None:
    """Whether "will not" before the verb at `v` declines to act on a thing or a third party.

    Twelfth pass (dev rounds 8, 84, 96 and 264): "HR won't be contacting your former
    employer", "we won't be moving the account 'ShadowFox' onto your email", "I'm not going
    to update the shipping address on those orders", "the shop won't be taking on repairs of
    phones with water damage". Returns "declines"; "temporary" when it is for now ("we won't
    update the address until the payment clears"); None when the customer is spared ("we
    won't contact you again", "we won't move your money without your consent", `_SPARING`),
    or when "take" is not "take on" ("it won't take long"). Reads at most eight words after
    `v`, within the clause ending at `end`.
    """
    verb = verb_in(words[v], _ACTED_ON) if 0 <= v < len(words) else None
    if verb is None:
        return None
    after = words[v + 1 : min(end, v + 9)]
    if verb == "take":
        if after[:1] != ["on"]:
            return None
        after = after[1:]
    if not after or not after[0].isalpha() or after[0] in {"it", "them", "this", "that"}:
        return None  # an object named, not a pronoun that may stand for anything
    if not _SPARING.isdisjoint(after) or ("without", "your") in zip(after, after[1:], strict=False):
        return None
    for j, x in enumerate(after):
        if x in _NOT_YET and after[j - 1 : j] != ["to"]:
            return "temporary"  # (not "move the payment date to before the audit")
    return "declines"


_CHARGING = frozenset({"charging", "billing", "debiting", "fining", "penalising", "penalizing"})
"""Gerunds whose act not done reassures: "Charging you twice is something we won't be doing"."""

_NOT_AGAIN = frozenset({"again", "anymore", "twice", "lightly"})
"""After "we won't be doing": a reassurance that it will not happen again."""


_NO_PART = frozenset({("take", "part"), ("be", "part"), ("be", "party")})
"""After "... something we will not": a part refused ("is something we won't take part in")."""


def something_not_done(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At "something" or "one (thing)": "Restoring chats is something I won't be doing".

    The frame says what is done ("is something", "is one thing") and the negation follows it:
    I, we or the business named ("our shop") will not be doing, or will not be a verb of
    service in -ing ("... is something we will not be offering"). Not what the customer won't
    be doing ("... something you won't be doing alone"), a reassurance ("Charging you twice is
    something we won't be doing", "... we won't be doing again"), nor advice or memory ("...
    we won't be forgetting"). Also the business by its one-word name ("...is something
    PayMate won't do", `_named_here`) and a practice it has never had ("...is something this
    shop has never done", `_never_done`; not a mishap, "Losing a parcel is ..."). Reads at
    most eight words after `i`.
    """
    if r.word(i - 1) not in {"is", "was"} or r.s.negation[i] >= r.s.clause_start[r.s.clause[i]]:
        return None
    k = i + 2 if r.w[i] == "one" and r.word(i + 1) == "thing" else i + 1
    m = next((t for t in range(k + 1, min(r.n, k + 4)) if r.w[t] in {"will", "shall"}), -1)
    opening = r.w[r.s.clause_start[r.s.clause[i]]]
    if m < 0 and opening not in _MISHAPS and (never := _never_done(r, k)) is not None:
        return ("not something we do", i - 1, never, None)  # "...this shop has never done"
    if m < 0 or not (
        (m == k + 1 and r.word(k) in {"i", "we"})
        or speaker_start(r.s, m - 1) == k
        or (m == k + 1 and _named_here(r, k))
    ):
        return None
    if r.word(m + 1) not in {"not", "never"}:
        return None
    if (r.word(m + 2), r.word(m + 3)) in _NO_PART:
        return ("not something we do", i - 1, m + 4, None)  # "... we won't take part in"
    be = r.word(m + 2) == "be"  # "... will not be doing", and "... won't do"
    verb = r.word(m + 3) if be else r.word(m + 2)
    base = "do" if verb in {"doing", "do"} else base_form(verb)
    if be and not verb.endswith("ing"):
        return None
    if base not in SOMETHING_VERBS | SERVICE or base in NOT_DECLINING:
        return None
    start = r.s.clause_start[r.s.clause[i]]
    if r.w[start] in _CHARGING or _NOT_AGAIN & set(r.w[m + 4 : m + 7]):
        return None
    return ("not something we do", i - 1, m + 3 + be, None)


_HOUSE_NOUNS = frozenset({"shop", "store", "office", "company", "firm", "agency", "branch"})
"""After "this" or "our", the business itself: "...is something this shop has never done"."""

_MISHAPS = _CHARGING | frozenset(
    {"losing", "missing", "breaking", "forgetting", "damaging", "overcharging", "mixing",
     "cancelling", "canceling", "delaying", "ignoring", "letting"}
)  # fmt: skip
"""Gerunds whose "...is something this shop has never done" boasts: "Losing a parcel"."""

_NEVER_DONE = frozenset({"done", "offered", "provided", "allowed", "handled", "arranged"})
"""After "has never": what the business has never done, a practice it declines."""


def _named_here(r: Reasons, k: int) -> bool:
    """At `k`, the business by its capitalised name: "...is something PayMate won't do".

    One word, capitalised mid-sentence (dev round 115), not "I" nor a name that opens it.
    """
    return k > 0 and r.s.tokens[k].cap and r.w[k].isalpha() and r.w[k] not in {"i", "you"}


def _never_done(r: Reasons, k: int) -> int | None:
    """From `k`: the business, then "has never done" (offered, allowed): where it ends.

    "Price matching against other retailers is something this shop has never done" (dev
    round 214): "this" or "our" and a noun of the business (`_HOUSE_NOUNS`), or "we", then
    "has" ("have") "never" and a participle of `_NEVER_DONE`. None otherwise.
    """
    if r.word(k) == "we":
        h = k + 1
    elif r.word(k) in {"this", "our"} and r.word(k + 1) in _HOUSE_NOUNS:
        h = k + 2
    else:
        return None
    if r.word(h) not in {"has", "have"} or r.word(h + 1) != "never":
        return None
    return h + 3 if r.word(h + 2) in _NEVER_DONE else None

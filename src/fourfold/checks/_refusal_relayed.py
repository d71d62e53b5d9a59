"""A decision relayed from a unit of ours: "the billing team said they will not reopen it".

The agent passes on what a unit of the business said or decided, in reported speech: "the
kitchen said they won't do a photo print", "the warehouse team told me they do not do
pickups", "the bookings team got back — they can't move your stay", "They've said they won't
backdate it" (after "I checked with our billing department about dating the invoice"), "my
supervisor said we can not waive the fee". The reported clause is the house's own word, so
its refusal counts as the house's.

The unit is one of ours: "our", "the" or "my" and a unit's noun ("the billing team", "the
events manager": `unit_before`), "head office", or a pronoun that stands for such a unit — a
unit of ours asked or named before it in the sentence, itself relayed ("the clinic manager got
back to me — she's said they won't"), or opening a sentence after one that names a unit of
ours ("our security department have checked. They say they can not give you the login").
Not someone else's ("your bank has told you they won't refund it", "the council said they
can't"; `unit_before` knows no council, and "your" is the customer's), nor a pronoun no unit
of ours stands behind.

`relayed_at(r, j)`: the clause at `j` opens right after a verb of saying or deciding (with at
most "me", "to", "that", "back", "and" or a dash between), whose subject is such a unit.
`stands_for_ours(r, j)`: the pronoun at `j` stands for a unit of ours. `said_no(r, i)`: at
"said", a unit of ours, or a pronoun for one, "said no" or "said absolutely not" ("I asked
our shipping team about marking it as a gift — they said absolutely not"); here the unit
may be asked up to two dozen words back in the sentence, as the request is told between.
Each reads at most a few dozen words, and recurses once, so the cost stays linear in the
text.
"""

from __future__ import annotations

from ._refusal_decisions import unit_before
from ._refusal_reasons import Reasons

__all__ = ["relayed_at", "said_no", "stands_for_ours"]

_SAYING = frozenset(
    {"said", "say", "says", "decided", "confirmed", "told", "agreed", "advised", "replied",
     "answered", "informed", "come", "came", "got", "gotten"}
)  # fmt: skip
"""What a unit did before the clause it passes on: "said", "told me", "came back and"."""

_BACK = frozenset({"come", "came", "got", "gotten"})
"""Verbs of `_SAYING` that report only with "back": "the bookings team got back — they"."""

_BETWEEN = frozenset({"me", "us", "to", "that", "back", "and", "—", "-", ",", ":"})
"""What may stand between the verb of saying and the clause it passes on."""

_AUX = frozenset({"has", "have", "had", "is", "are", "already", "now", "also", "then", "just"})

_PRONOUNS = frozenset({"they", "he", "she"})

_OPENERS = frozenset({"unfortunately", "sadly", "so", "ok", "okay", "and", "but", ","})
"""What may stand before a pronoun that still opens its sentence: "Unfortunately they said"."""

_NAMED_UNITS = frozenset(
    {"team", "department", "desk", "crew", "manager", "supervisor", "specialists", "staff",
     "managers", "lead", "underwriters", "officer", "office", "coordinators", "coordinator"}
)  # fmt: skip
"""A unit of ours named in the sentence before a pronoun: "our security department have
checked. They say ..."."""

_THE_UNITS = (_NAMED_UNITS | {"kitchen", "warehouse", "boss", "depot", "workshop"}) - {
    "office",
    "desk",
    "manager",
    "managers",
}
"""After "the", a unit of the business, not a business of someone else's: "the kitchen said",
"the warehouse team told me" (not "the post office said", "the council said"; not "the front
desk" or "the manager", as often a hotel's or a landlord's as ours)."""

_DUTIES = frozenset({"manager", "managers"})
"""Units of `_NAMED_UNITS` left out of `_THE_UNITS` that a word of duty in front makes ours:
"the events manager has come back and they won't", "the clinic manager got back to me" (dev
round 240). Bare, "the manager" may be the landlord's; "the hotel manager" is a business's of
its own (`_NOT_DUTIES`); an office or a desk stays out ("the customs office informed us that
they will not release it" is someone else's)."""

_NOT_DUTIES = frozenset(
    {"hotel", "post", "property", "building", "bank", "branch", "store", "shop", "site",
     "front", "box", "council", "area", "general", "regional", "account", "case"}
)  # fmt: skip
"""What makes "the ... manager" a business's of its own, or not a unit that decides: "the
hotel manager", "the property manager", "the account manager"."""

_OTHERS = frozenset({"your", "their", "his", "her", "other", "another"})


def relayed_at(r: Reasons, j: int, *, depth: int = 0) -> bool:
    """The clause at `j` is passed on from a unit of ours that said or decided it.

    "the billing team said they will not reopen", "finance have said the charge stands",
    "He's said we won't change the driver": a verb of `_SAYING` just before `j` (across
    `_BETWEEN`), and its subject, across "has" or "is", a unit of ours.
    """
    k = j - 1
    while k > j - 6 and k >= 0 and r.w[k] in _BETWEEN:
        k -= 1
    if k < 0 or k == j - 6 or r.w[k] not in _SAYING:
        return False
    if r.w[k] in _BACK and r.word(k + 1) != "back":
        return False  # "the team got your message", not "got back"
    if r.w[k] == "told" and r.word(k + 1) not in {"me", "us"}:
        return False  # "your bank has told you they won't": told the customer, not us
    e = k - 1
    while e > 0 and r.w[e] in _AUX:
        e -= 1
    if e < 0:
        return False
    if r.w[e] == "office" and r.word(e - 1) == "head":
        return True  # "head office have said ..."
    if r.w[e] == "finance" and (e == 0 or not r.is_word(e - 1) or r.word(e - 1) in _OPENERS):
        return True  # "finance have said the late charge stands"
    if r.w[e] in _PRONOUNS:
        return stands_for_ours(r, e, depth=depth + 1)
    if r.w[e] in _THE_UNITS and "the" in r.w[max(0, e - 3) : e]:
        return _OTHERS.isdisjoint(r.w[max(0, e - 3) : e]) and not any(
            t.possessive for t in r.s.tokens[max(0, e - 3) : e]
        )  # "the warehouse team has come back and", not "the hotel's team"
    if r.w[e] in _DUTIES and r.word(e - 2) == "the" and _of_duty(r, e - 1):
        return True  # "the events manager has come back and", not "the hotel manager"
    start = unit_before(r, e)
    return start is not None and r.word(start) in {"our", "my"}


def _of_duty(r: Reasons, d: int) -> bool:
    """The word at `d` names a duty of the business before a unit: "events", "clinic"."""
    x = r.word(d)
    return (
        x.isalpha()
        and x not in _NOT_DUTIES
        and x not in _OTHERS
        and not r.s.tokens[d].possessive
        and not r.s.tokens[d].cap
    )


def stands_for_ours(r: Reasons, j: int, *, depth: int = 0) -> bool:
    """The pronoun at `j` stands for a unit of ours, named or asked before it."""
    if r.word(j) not in _PRONOUNS or depth > 2:
        return False
    if unit_before(r, j) is not None:
        return True  # "I checked with our billing team and they ..."
    if relayed_at(r, j, depth=depth):
        return True  # "the clinic manager got back to me — she's said they won't"
    if _asked_ours(r.w[max(0, j - 14) : j]):
        return True  # "I asked my supervisor about the extra baggage, she said ..."
    if all(r.w[k] in _OPENERS for k in range(j)):
        return _names_ours(r.words_before(0, 240)[-30:])
    return False


_ASKING = frozenset(
    {"asked", "checked", "spoke", "spoken", "talked", "chat", "chatted", "discussed",
     "consulted", "rang", "called", "emailed", "messaged", "pinged"}
)  # fmt: skip
"""What the agent did with a unit of ours before its pronoun: "had a chat with the boss — he"."""


def _asked_ours(before: list[str]) -> bool:
    """The agent asked a unit of ours in `before`: a verb of `_ASKING`, then the unit.

    "I asked my supervisor", "had a chat with the workshop boss": within four words of the
    verb, "our", "my" or "the" and a unit's noun (`_THE_UNITS`), nothing of anyone else's.
    """
    for k, x in enumerate(before):
        if x not in _ASKING:
            continue
        for t in range(k + 1, min(len(before), k + 6)):
            if before[t] in _THE_UNITS | {"pharmacist"}:
                lead = before[k + 1 : t]
                return _OTHERS.isdisjoint(lead) and not {"our", "my", "the"}.isdisjoint(lead)
    return False


def _names_ours(before: list[str]) -> bool:
    """The sentence before names a unit of ours, and ends ("our claims team has reviewed it").

    "our" or "my" before a unit's noun (`_NAMED_UNITS`), "the" before one made a unit by a
    word in front ("the finance team"), or "head office"; not "your bank's team".
    """
    if len(before) < 2 or before[-1] not in {".", "!"}:
        return False
    ends = [k for k, x in enumerate(before[:-1]) if x in {".", "!", "?"}]
    before = before[ends[-1] + 1 if ends else 0 :]
    for k, x in enumerate(before[:-1]):
        if x == "office" and k > 0 and before[k - 1] == "head":
            return True
        if x not in _NAMED_UNITS:
            continue
        lead = before[max(0, k - 3) : k]
        if not _OTHERS.isdisjoint(lead):
            continue
        if not {"our", "my"}.isdisjoint(lead) or (k >= 2 and before[k - 2] == "the"):
            return True
    return False


_FIRMLY = frozenset({"absolutely", "definitely", "flatly", "firmly", "categorically"})
"""Before "not" or "no" after "said": how firm the no ("said absolutely not")."""


def said_no(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At "said": "they said no", "he said absolutely not", for a unit of ours.

    The subject, across "has", "have" or "already", is a pronoun that stands for a unit of
    ours (`stands_for_ours`), or for one the agent asked earlier in the sentence, at most
    two dozen words back ("I asked our shipping team about marking the parcel as a gift
    with a $0 value for customs — they said absolutely not"). Not a question, and not
    someone else's ("the courier said no": `house_declined` reads units by name).
    """
    k = i + 1 + (r.word(i + 1) in _FIRMLY)
    if r.word(k) not in {"no", "not"} or (k == i + 1 and r.word(k) == "not"):
        return None
    if r.s.question or r.word(k + 1) in {"to", "one", "more", "problem", "issue", "need"}:
        return None  # "said no to the other offer", "said no problem"
    if ["at", "all"] == r.w[k + 3 : k + 5] or ["at", "all"] == r.w[k + 2 : k + 4]:
        return None  # "they said no, not at all": nothing is wrong, an answer to a worry
    e = i - 1
    while e > 0 and r.w[e] in _AUX:
        e -= 1
    if r.word(e) not in _PRONOUNS:
        return None
    before = r.w[max(0, e - 24) : e]
    ends = [t for t, x in enumerate(before) if x in {".", "!", "?"}]
    before = before[ends[-1] + 1 if ends else 0 :]
    if stands_for_ours(r, e) or _asked_ours(before):
        return ("declines", e, k + 1, None)
    return None

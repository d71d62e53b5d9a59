"""Declining by an idiom, and what stays with someone else.

Replies decline without a modal as often as with one: "that's a hard pass from us", "a second
extension is out of the question", "my hands are tied on the engraving", "that ship has
sailed on the early-bird price", "I'm going to sit this one out", "Not a chance, it's a
sale", "I'm not putting my name to that" (or, negated before a relative clause, "that isn't
a letter I'll put my name to": `_name_not_put`), "that request stops here" (or "with us"),
"altering the date isn't on" (`_not_on`),
"is one we'll leave alone", "that's where I stop", "we stop short of recommending one"
(`idiom_declines`); and what belongs to someone else is said to stay theirs: "your
neighbour's reading stays with your neighbour", "her streaming login stays hers", "the
address isn't ours to give out", "your sister's history is hers to share", "the tariff
change remains his to request" (`stays_theirs`).
Not "the buck stops here", not "you can order off the menu", not "it's not out of the
question", not "not a chance you'll be charged again" (a reassurance: "not a chance" declines
only as a clause of its own), and not the customer's own thing ("your booking stays with
you"). What was asked said to be (or to stay) "off-limits", "off the table", "off the cards"
or "not on the cards" is declined (`off_limits`), unless negated ("nothing's off-limits"),
and so is an act (or "that") "out of bounds" (`_out_of_bounds`; not a place: "the terrace
is out of bounds after dark") and a request "off the menu" ("rush orders are off the menu";
not a dish); so is "there's no way we can", "there is
no option to split it" and a rule with "no provision" for it (`no_way`). Another person's
data "stays with us" ("his name and phone stay with us"), is "for her eyes only", and a
matter is "one for someone else"; but "this stays with her", said of a decision, keeps
nothing from the customer. "Not on our roadmap" declines as "not on the cards" does. Each
reads a few words around its anchor.
"""

from __future__ import annotations

from ._fronted_negation import OCCASIONS
from ._refusal_barred import not_stacking
from ._refusal_fronted import inverted
from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import HOUSE, PEOPLE, REQUEST_NOUNS

__all__ = ["IDIOM_ANCHORS", "idiom_declines", "no_way", "off_limits", "stays_theirs"]

IDIOM_ANCHORS = frozenset(
    {"pass", "question", "tied", "sailed", "sit", "chance", "name", "stops", "menu", "stays",
     "hers", "his", "theirs", "ours", "mine", "alone", "stop", "one", "skip", "thing", "cross",
     "wraps", "stay", "eyes", "not", "remains", "remain", "bounds"}
)  # fmt: skip
"""The words `idiom_declines` and `stays_theirs` anchor at."""

_ENDS = frozenset({",", ".", "!", ";", "—", "-", ""})

_OTHERS = frozenset({"him", "her", "them", "hers", "his", "theirs", "reception", "neighbour"})
"""Who a thing stays with that is not the customer: "stays with reception", "stays hers"."""

_WE = frozenset({"i", "we", "team", "bank", "company", "firm", "staff"})
"""Who stops short of an act for the business: "we stop short of recommending"."""

_THEN = frozenset({"therefore", "so", "now", "sadly", "unfortunately", "afraid", "currently"})
"""Between "is" and "off the menu": "rush orders are therefore off the menu"."""

_ASKED = REQUEST_NOUNS | frozenset({"order", "orders", "request", "requests", "bookings"})
"""What is "off the menu" as a request, not as food: "rush orders", "same-day refunds"."""

_GIVING = frozenset(
    {"give", "share", "hand", "pass", "release", "disclose", "change", "request", "ask", "decide"}
)  # fmt: skip
"""After "is hers to" or "remains his to": an act only its owner may do or ask for."""

_PASSING_ON = frozenset({"give", "share", "hand", "pass", "release", "disclose"})
"""After "not mine to": another's thing the agent won't pass on ("not mine to share")."""


_ING_NOUNS = frozenset(
    {"something", "nothing", "anything", "everything", "morning", "evening", "heating",
     "lighting", "parking", "building", "thing", "ring", "king", "spring", "string", "during"}
)  # fmt: skip
"""Words in "-ing" that are no act asked for: "heating is not on" tells a state."""


def _not_on(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At "not": an act asked for (a gerund) or "that" said to be "not on", ending its clause.

    "Altering the expiry date on the certificate isn't on", "that's not on, I'm afraid";
    not "the heating is not on", nor "it's not on the list".
    """
    if r.word(i - 1) not in {"is", "'s"} or r.word(i + 1) != "on" or r.word(i + 2) not in _ENDS:
        return None
    if r.s.question or r.hypothetical(i):
        return None
    start = r.subject_start(i)
    start += r.word(start) in {"but", "and", "so"}  # "but altering the date isn't on"
    first = r.word(start)
    if first == "that" and start == i - 2:
        return ("declines", start, i + 2, None)
    if first.endswith("ing") and first not in _ING_NOUNS and i - start <= 12:
        return ("declines", start, i + 2, None)
    return None


def idiom_declines(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At an anchor of `IDIOM_ANCHORS`, an idiom that declines; or None."""
    w, before, nxt = r.w[i], r.word(i - 1), r.word(i + 1)
    if w == "not":  # read first: "not" is common, and its shapes test their words first
        return _not_on(r, i) or not_stacking(r, i)  # "altering the date isn't on"
    start = r.s.clause_start[r.s.clause[i]]
    if r.s.question or r.hypothetical(i):
        return None
    if w == "pass" and before == "hard":
        return ("declines", max(start, i - 3), i + 1, None)  # "that's a hard pass"
    if w == "question" and r.w[i - 3 : i] == ["out", "of", "the"]:
        if r.s.negation[i] >= 0 or "not" in r.w[max(start, i - 5) : i - 3]:
            return None  # "a refund isn't out of the question"
        return ("declines", i - 3, i + 1, None)
    if w == "tied" and before == "are" and r.word(i - 2) == "hands":
        if r.word(i - 3) in {"my", "our"}:
            return ("declines", i - 3, i + 1, None)  # "my hands are tied"
    if (
        w == "sailed"
        and r.w[i - 3 : i] in (["ship", "has", "already"],)
        or (w == "sailed" and r.w[i - 2 : i] == ["ship", "has"])
    ):
        return ("declines", i - 2 - (r.word(i - 1) == "already"), i + 1, None)
    if w == "sit" and (r.w[i + 1 : i + 4] == ["this", "one", "out"] or nxt == "out"):
        if {"i", "we", "am", "going", "are"} & set(r.w[max(start, i - 4) : i]):
            return ("declines", i, i + (4 if nxt == "this" else 2), None)
    if w == "chance" and before == "a" and r.word(i - 2) == "not" and r.word(i + 1) in _ENDS:
        return ("declines", i - 2, i + 1, None)  # "Not a chance, it's a sale"
    if w == "name" and r.w[i - 3 : i] in (["not", "putting", "my"], ["not", "put", "my"]):
        if nxt == "to":
            return ("declines", i - 3, i + 2, None)  # "I'm not putting my name to that"
    if w == "name" and nxt == "to" and r.word(i - 1) in {"my", "our"}:
        return _name_not_put(r, i, start)  # "isn't a letter I'll put my name to"
    if w == "bounds":
        return off_limits(r, i)  # "changing his card is out of bounds for us"
    if w == "stops" and r.word(i - 1) in {"request", "that", "it"}:
        if nxt == "here" or (nxt == "with" and r.word(i + 2) in {"us", "me"}):
            return ("declines", max(start, i - 2), i + 2 + (nxt == "with"), None)  # "stops here"
    if w == "menu" and r.w[i - 2 : i] == ["off", "the"] and r.word(i - 3) in {"went", "gone"}:
        return ("declines", max(start, i - 5), i + 1, None)  # "callouts went off the menu"
    if w == "menu" and r.w[i - 2 : i] == ["off", "the"] and r.s.negation[i] < start:
        be = i - 3 - (r.word(i - 3) in _THEN)  # "rush orders are therefore off the menu"
        asked = r.w[r.subject_start(be) : be]  # an act or a kind of request, not a dish
        if (
            r.word(be) in {"is", "are"}
            and asked
            and (_ASKED & set(asked) or asked[0][-3:] == "ing")
        ):
            return ("declines", r.subject_start(be), i + 1, None)
    if w == "alone" and before == "leave" and "one" in r.w[max(start, i - 5) : i]:
        if {"we", "i"} & set(r.w[max(start, i - 4) : i]):
            return ("declines", max(start, i - 4), i + 1, None)  # "is one we'll leave alone"
    if w == "stop" and r.w[i - 2 : i] in (["where", "i"], ["where", "we"]) and nxt in _ENDS:
        return ("declines", i - 2, i + 1, None)  # "that's where I stop"
    if w == "pass" and before == "a" and nxt == "from" and r.word(i + 2) in {"us", "me"}:
        return ("declines", max(start, i - 4), i + 3, None)  # "that one's a pass from us"
    if w == "cross" and "line" in r.w[max(start, i - 5) : i] and r.s.negation[i] >= 0:
        # "backdating it is a line we won't cross": the speaker refuses to go there
        who = next((k for k in range(i - 1, max(start, i - 5) - 1, -1) if r.w[k] in _WE), -1)
        if who >= 0 and nxt in _ENDS | {"here", "on", "for"}:
            return ("declines", r.w.index("line", max(start, i - 5)) - 1, i + 1, None)
    if w == "wraps" and before == "under" and r.word(i - 2) in {"one", "that", "it", "this"}:
        # "I'll keep that one under wraps": the speaker keeps it back
        keep = next((k for k in range(i - 2, max(start, i - 6) - 1, -1) if r.w[k] == "keep"), -1)
        if keep >= 0 and {"i", "we", "will"} & set(r.w[max(start, keep - 3) : keep]):
            return ("declines", max(start, keep - 2), i + 1, None)
    if w == "skip" and nxt in {"that", "this"} and r.word(i + 2) in _ENDS | {"one"}:
        # "I'll have to skip that one!", "gonna skip this one": the speaker passes on it
        if {"i", "we", "have", "gonna", "will", "must"} & set(r.w[max(start, i - 4) : i]):
            return ("declines", max(start, i - 4), i + 2 + (r.word(i + 2) == "one"), None)
    if (
        w == "thing"
        and before in {"my", "our"}
        and "not" in r.w[max(start, i - 4) : i - 1]
        and (nxt in _ENDS or not r.is_word(i + 1))
    ):
        # "predicting match scores isn't really my thing": not the speaker's to do
        neg = max(k for k in range(max(start, i - 4), i - 1) if r.w[k] == "not")
        return ("declines", r.subject_start(neg), i + 1, None)
    if w == "one" and before == "is":
        return _one_for_someone_else(r, i)  # "that's one for your bank"
    if w in {"stop", "stops"} and r.w[i + 1 : i + 3] == ["short", "of"]:
        # "as a service team, we stop short of recommending one", "the bank stops short of
        # advising on tax": the speaker goes no further than that act
        who = next((k for k in range(i - 1, max(start, i - 4) - 1, -1) if r.w[k] in _WE), -1)
        if who >= 0 and r.word(i + 3).endswith("ing") and r.s.negation[i] < start:
            return ("declines", who, i + 4, None)
    return None


_PUT = frozenset({"put", "putting", "sign", "signing", "lend", "lending", "attach", "attaching"})


def _name_not_put(r: Reasons, i: int, start: int) -> Found | None:
    """At "name" of "put my name to", inside a negated clause, or a relative one after it.

    "That isn't a letter I'll put my name to", "it's not a reference we'd attach our name to",
    "I'd never put my name to it" (dev round 278): the speaker refuses to stand behind it. Not
    "please put your name to the form", not a question or a condition.
    """
    if r.word(i - 2) not in _PUT or r.s.question or r.hypothetical(i):
        return None
    who = next((k for k in range(i - 3, max(-1, i - 7), -1) if r.w[k] in {"i", "we"}), -1)
    neg = r.s.negation[i]
    if who < 0 or neg < 0 or neg < i - 12 or neg > who and r.word(neg - 1) != "would":
        return None  # the negation before the speaker ("isn't a letter I'll"), or "I'd never"
    subject = r.subject_start(neg) if neg < who else who
    return ("declines", subject, i + 2, None)


_ELSEWHERE = frozenset({"someone", "somebody", "another"})
"""Who a matter is "one for" outside the business: "one for someone else", "another firm"."""

_DATA = frozenset(
    {"name", "names", "phone", "number", "address", "email", "details", "data", "records",
     "readings", "reading", "information", "contact", "results", "history"}
)  # fmt: skip
"""What of another person's "stays with us": "his name and phone stay with us"."""

_DECIDING = frozenset({"decide", "decides", "decided", "decision", "assess", "assesses"})
"""Before "this stays with her": what stays with someone is a decision, not data."""

_TAKEN_UP = frozenset({"raise", "take", "put", "direct", "ask"})
"""After "that's one to": taking a matter to someone else ("one to raise with the seller")."""


def _one_for_someone_else(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At "one" of "that's one": a matter handed to someone outside the business.

    "That's one for your bank, not us", "that's one for the police", "that's one to raise
    with Voltix directly": the reply declines the matter by naming whose it is. Not one for
    the business's own people ("one for the billing team": a handover), nor "one for you".
    """
    end = -1
    pronoun = r.word(i - 2) in {"that", "it", "this"}
    elsewhere = r.word(i + 2) in _ELSEWHERE  # "the boiler service is one for someone else"
    if r.word(i + 1) == "for" and (pronoun or elsewhere):
        end = i + 2
    elif r.word(i + 1) == "to" and r.word(i + 2) in _TAKEN_UP:
        with_at = next((k for k in range(i + 3, min(r.n, i + 6)) if r.w[k] == "with"), -1)
        end = with_at + 1 if with_at > 0 else -1
    if end < 0 or r.word(end) not in {"the", "your", "a"} and not r.s.tokens[end].cap:
        if not (elsewhere and end > 0):
            return None
    whom = r.w[end : min(r.n, end + 4)]
    if not HOUSE.isdisjoint(whom) or r.word(end + 1) in {"books", "record", "ages"}:
        return None  # "one for the billing team", "one for the books"
    start = i - 2 if pronoun else r.subject_start(i - 1)  # "noise from next door is one to"
    return ("declines", start, end + 1 + (r.word(end) in {"the", "your", "a"}), None)


def stays_theirs(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At "stays" or a possessive pronoun: someone else's thing stays theirs; or None."""
    w = r.w[i]
    if w not in _STAYING_THEIRS | {"eyes", "hers", "his", "theirs", "ours", "mine"}:
        return None  # ("not" anchors `idiom_declines` only: the subject is not read for it)
    if w in {"hers", "his", "theirs", "ours", "mine"} and r.word(i + 1) != "to":
        return None  # "is hers to share": the one shape after a pronoun
    start = r.s.clause_start[r.s.clause[i]]
    if r.s.question or r.hypothetical(i):
        return None
    subject = r.w[start:i]
    if w == "eyes":
        return _for_their_eyes(r, i)
    if w in {"stay", "stays"} and r.w[i + 1 : i + 3] == ["with", "us"]:
        start = next((k + 1 for k in range(i - 1, max(-1, i - 9), -1) if not r.is_word(k)), 0)
        start = max(start, i - 8)  # the words before it, "his name and phone", at most eight
        subject = r.w[start:i]
        theirs = not ({"his", "her", "their"} | _THIRD_PARTIES).isdisjoint(subject) or any(
            r.s.tokens[k].possessive and r.w[k] != "you" for k in range(start, i)
        )  # "his name and phone", "the seller's number", "seller phone numbers"
        yours = any(x == "your" and y in _DATA for x, y in zip(subject, subject[1:], strict=False))
        if theirs and not yours and not _DATA.isdisjoint(subject):
            return ("declines", start, i + 3, None)  # "his name and phone stay with us"
        return None
    bare = r.word(i - 1) in {"this", "that", "it"} and (i - 1 == start or not r.is_word(i - 2))
    if bare and r.word(i + 1) == "with" and not _DECIDING.isdisjoint(r.w[max(0, i - 16) : i]):
        return None  # "what she will decide, I don't know; this stays with her": whose the
        # decision is, not a thing kept from the customer
    if "your" in subject and not any(x.endswith("'s") for x in subject) and "'s" not in subject:
        if PEOPLE.isdisjoint(subject):
            return None  # the customer's own ("your booking stays with you")
    if w in _STAYING_THEIRS - {"stays", "stay"}:
        return _kept_theirs(r, i, start)  # "the lock remains tied to the owner's account"
    if (found := _kept_theirs(r, i, start)) is not None:
        return found  # "Mark's login stays with Mark", "the number stays on his SIM"
    if w in {"stays", "stay"}:
        after = r.w[i + 1 : i + 4]
        if after[:1] in (["hers"], ["his"], ["theirs"]) or (
            after[:1] == ["with"] and after[1:2] and (after[1] in _OTHERS or after[1] == "your")
        ):
            if after[:2] == ["with", "your"] and r.word(i + 3) in {"account", "booking", "order"}:
                return None
            return ("declines", start, i + 2, None)
        if after[:2] == ["locked", "to"] and r.word(i + 3) in _OTHERS:
            return ("declines", start, i + 3, None)  # "it stays locked to him"
        return None
    # "isn't ours to give out", "is hers to share, and only she can ask"
    if r.word(i + 1) != "to" or r.word(i + 2) not in _GIVING:
        return None
    if r.word(i - 1) in {"is", "are", "remains", "stays"} and w in {"hers", "his", "theirs"}:
        return ("declines", start, i + 3, None)
    if r.word(i - 1) == "not" and r.word(i - 2) in {"is", "are"} and w == "ours":
        return ("declines", start, i + 3, None)
    if r.word(i - 1) == "not" and r.word(i - 2) in {"is", "are"} and w == "mine":
        if r.word(i + 2) in _PASSING_ON:  # "they're not mine to pass along", not "to decide"
            return ("declines", start, i + 3, None)
    return None


_STAYING_THEIRS = frozenset({"stays", "stay", "remains", "remain"})

_THIRD_PARTIES = frozenset(
    {"seller", "sellers", "sender", "senders", "driver", "drivers", "tenant", "tenants",
     "landlord", "neighbour", "neighbor", "recipient", "recipients", "host", "hosts"}
)  # fmt: skip
"""Before "stay with us", people who are never the customer writing: "seller phone numbers"."""

_BOUND = frozenset({"tied", "linked", "locked", "bound", "attached"})
"""After "stays" or "remains": bound to someone ("remains tied to the original owner's")."""


def _kept_theirs(r: Reasons, i: int, start: int) -> Found | None:
    """At "stays" or "remains": the thing kept where another person holds it; or None.

    "Mark's login stays with Mark" (the name the subject's possessive gave, said again), "the
    number stays on his SIM", "the lock remains tied to the original owner's account", "it
    stays linked to her". Not the customer's ("it remains tied to your account"), not
    negated, and not for a while ("stays on his bill until the transfer clears").
    """
    k = i + 1
    if r.word(k) in _BOUND and r.word(k + 1) == "to":
        k += 2
        whose = r.w[k : k + 4]
        owner = next(
            (t for t in range(k, min(r.n, k + 4)) if r.s.tokens[t].possessive), -1
        )  # "to the original owner's account"
        theirs = r.word(k) in _OTHERS or (owner >= 0 and r.w[owner] not in {"you", "your"})
        end = k + 1 if r.word(k) in _OTHERS or owner < 0 else owner + 2
    elif r.word(k) in {"on", "in"} and r.word(k + 1) in {"his", "her", "their"}:
        whose, theirs, end = r.w[k : k + 3], True, k + 3  # "stays on his SIM"
    elif r.word(k) == "with" and k + 1 < r.n and r.s.tokens[k + 1].cap:
        name = r.word(k + 1)  # "Mark's login stays with Mark"
        whose, end = [name], k + 2
        theirs = any(r.s.tokens[t].possessive and r.w[t] == name for t in range(start, i))
    else:
        return None
    if not theirs or "your" in whose or "you" in whose:
        return None
    if r.s.negation[i] >= start or "your" in r.w[start:i]:
        return None
    if not {"until", "till", "while", "pending"}.isdisjoint(r.w[end : end + 6]):
        return None  # "stays on his bill until the transfer clears": for a while
    return ("declines", r.subject_start(i), end, None)


def _for_their_eyes(r: Reasons, i: int) -> Found | None:
    """At "eyes" of "are for her eyes only": another person's thing, not shown to the customer.

    "Your neighbour's meter readings are for her eyes only"; not "for your eyes only" (the
    customer's own), not negated.
    """
    if r.word(i - 2) != "for" or r.word(i - 1) not in {"her", "his", "their"}:
        return None
    if r.word(i + 1) != "only" or r.s.negation[i] >= r.subject_start(i):
        return None
    return ("declines", r.subject_start(i), i + 2, None)


_THERE_IS = (["there", "is"], ["there", "are"])


def no_way(r: Reasons, i: int) -> Found | None:
    """At "no" of "there's no way we can...": "there's no way we can fit a table for 20"."""
    if r.word(i + 1) in OCCASIONS and (found := inverted(r, i)):
        return found  # "under no circumstances can we release it" (`_refusal_fronted`)
    if r.w[i + 1 : i + 5] in (["way", "for", "me", "to"], ["way", "for", "us", "to"]):
        start = i - 2 if r.word(i - 1) == "is" and r.word(i - 2) in {"there", "that"} else i
        v = i + 5  # "there's no way for me to produce that file"; not "... to know when"
        return ("cannot or will not", start, v + 1, r.classify(v) if r.word(v) else None)
    if r.word(i + 1) == "provision" and (
        r.w[max(0, i - 2) : i] in (["there", "is"], ["there", "are"], ["there", "was"])
        or r.word(i - 1) in {"make", "makes", "made"}
    ):
        # "There is no provision in the regulations for extending the deadline", "our
        # terms make no provision for a second extension": a rule with no room for it
        start = i - 2 if r.word(i - 2) == "there" else r.subject_start(i - 1)
        return ("not possible", start, i + 2, None)
    if r.w[i + 1 : i + 3] == ["option", "to"] and r.w[max(0, i - 2) : i] in _THERE_IS:
        # "There is no option to split the annual fee": the act asked for, not offered
        return ("not possible", i - 2, i + 4, r.classify(i + 3) if r.word(i + 3) else None)
    if r.word(i + 1) != "way" or r.word(i + 2) not in {"i", "we"}:
        return None
    if r.word(i + 3) not in {"can", "could", "will", "would"}:
        return None
    start = i - 2 if r.word(i - 1) == "is" and r.word(i - 2) in {"there", "that"} else i
    return ("cannot or will not", start, i + 5, None)


_BE_OR_STAY = frozenset({"is", "are", "stays", "stay", "remains", "remain"})
"""Before "off the table" or "off-limits": what was asked said to be, or to stay, there."""


_LEAVING = frozenset({"leave", "leaving", "left", "keep", "keeping", "kept"})
_PLANS = frozenset({"roadmap", "table", "list", "agenda"})


def _left_off(r: Reasons, i: int) -> Found | None:
    """At "off": we leave what was asked off the roadmap (or the table): declined.

    "We'll be leaving this one off the roadmap", "we're keeping that off the table"; we
    must be the ones leaving it off, and not in a negated clause or a question.
    """
    if r.word(i + 1) not in {"the", "our"} or r.word(i + 2) not in _PLANS or r.s.question:
        return None
    v = next((k for k in range(i - 1, max(-1, i - 6), -1) if r.w[k] in _LEAVING), -1)
    if v < 0 or r.s.negation[i] >= r.s.clause_start[r.s.clause[i]]:
        return None
    who = next((k for k in range(v - 1, max(-1, v - 4), -1) if r.w[k] in {"i", "we"}), -1)
    return None if who < 0 else ("outside our remit", who, i + 3, None)


def _out_of_bounds(r: Reasons, i: int) -> Found | None:
    """At "bounds" of "is out of bounds": an act asked for, or "that", kept out of reach.

    "Updating the card on his account is out of bounds for us", "that's out of bounds, I'm
    afraid" (dev round 278); the subject an act (a gerund) or "that", or the house named after
    it ("for us"): not a place ("the roof terrace is out of bounds after dark").
    """
    if r.w[i - 2 : i] != ["out", "of"] or r.word(i - 3) not in _BE_OR_STAY or r.s.question:
        return None
    start = r.subject_start(i - 3)
    neg = r.s.negation[i]
    if neg >= start or r.hypothetical(i) or not r.is_word(start):
        return None
    first = r.word(start)
    ours = r.word(i + 1) == "for" and r.word(i + 2) in {"us", "me"}
    act = first.endswith("ing") and first not in _ING_NOUNS or first in {"that", "this"}
    return ("outside our remit", start, i + 1 + 2 * ours, None) if act or ours else None


def off_limits(r: Reasons, i: int) -> Found | None:
    """What was asked "is off-limits" or "off the table": declined, not negated.

    "Changing another guest's booking is off-limits for me", "a refund is off the
    table"; not "nothing's off-limits", "isn't off the table yet".
    """
    table = r.word(i + 1) == "the" and r.word(i + 2) in {"table", "cards"}  # "off the cards"
    if r.w[i] == "bounds":
        return _out_of_bounds(r, i)
    if r.w[i] == "off" and (found := _left_off(r, i)):
        return found  # "we'll be leaving this one off the roadmap"
    if r.w[i] in {"no-go", "non-starter"} and r.word(i - 1) == "a":
        i -= 1  # "looking up the sender is a no-go", "that's a non-starter"
        table = r.word(i - 1) in {"is", "are"}
        return None if r.s.negation[i] >= 0 or not table else ("declines", i - 1, i + 2, None)
    on = r.w[i - 3 : i - 1] in (["not", "on"], ["n't", "on"])
    if on and r.w[i] in {"cards", "table", "roadmap"} and r.word(i - 1) in {"the", "our"}:
        # "isn't on the cards", "waiving the charge is not on the table, I'm afraid", "export
        # to Excel 97 is not on our roadmap"
        later = "yet" in r.w[i + 1 : i + 3]
        return ("outside our remit", max(0, i - 4), i + 1, "temporary" if later else None)
    if r.w[i] == "table":
        return None
    if (r.w[i] == "off" and not table) or r.word(i - 1) not in _BE_OR_STAY:
        return None  # "a refund is off the table", "that one stays off the table"
    neg = r.s.negation[i]
    if neg >= 0 and neg >= r.s.clause_start[r.s.clause[i]]:
        return None
    start = i - 2 if r.word(i - 2) in {"one", "that", "it", "this"} else i - 1
    return ("outside our remit", start, i + 3 if table else i + 1, None)

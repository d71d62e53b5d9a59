"""Whether a condition word opens a condition where it stands, or says when.

"if" always does; many others only in some company: "once you confirm" is a condition and
"once a year" is how often; "after the inspection" is one and "after today", "right after
cancellation", "after the next server reset" (an event sure to come, round 255) or "after
your connection was cancelled" say when; "before I can offer a refund" is one and "before
Friday" a deadline; "until you cancel" is one and "until 2027" or "until your contract ends"
(a term that ends on its own, round 265) how long; "subject to approval"; "provided you
return it"; "post" only as "after" is, after a participle and before the event ("refund will
be initiated post successful pickup", not "we'll post it", "sent by post", "post 5 days");
and "after" before a grant of this case ("after the goodwill adjustment I applied": its
result, round 259) says when. `_grammar`'s scopes ask this of each condition word of a
sentence, reading a few words after it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._lexicon import AUTH_NOUNS, is_amount

__all__ = ["SOON", "opens_condition"]

_CONDITION_SUBJECTS = frozenset(
    {"that", "you", "we", "it", "the", "your", "they", "he", "she", "there", "this", "i",
     "all", "everything", "nothing", "its", "our", "any", "no"}
)  # fmt: skip


def opens_condition(words: Sequence[str], i: int) -> bool:
    """The condition word at `i` opens a condition here.

    ``subject`` does only in "subject to"; ``provided``/``providing`` before a subject
    ("provided you return it", not "providing legal advice is..."); ``before`` before a
    person ("before I can offer a refund", not "before Friday" nor "before it ships");
    ``after`` before anything but a time ("after the inspection", not "after today"); "if"
    after "even" never ("even if fares go up": a concession, the promise holds regardless).
    """
    w = words[i]
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if w == "subject":
        return nxt == "to"
    if w == "post":
        return _post_event(words, i)
    if w == "whether" and nxt == "or":
        return False  # "whether or not the seller replies": regardless, no condition
    if w == "once":
        # "try once more", "can only be done once per order", "once a year": how often, no
        # condition
        after = words[i + 2] if i + 2 < len(words) else ""
        if nxt in {"a", "an"} and after in {"day", "week", "month", "year", "lifetime"}:
            return False
        prev = words[i - 1] if i > 0 else ""
        return nxt not in _HOW_OFTEN and prev != "at" and (nxt[:1].isalnum() or nxt[:1] == "$")
    if w in {"until", "till"}:
        # "until 2026", "until Friday", "until the end of the year": how long, no condition
        end = nxt == "the" and i + 2 < len(words) and words[i + 2] in {"end", "start"}
        end = end or nxt in {"end", "start"}  # "until end of the day": non-native English
        # "you'll keep it until your contract ends" (round 265); not "we won't charge you
        # until the trial ends", whose charge comes then
        lasting = _term_ends(words, i + 1) and _NOT.isdisjoint(words[max(0, i - 8) : i])
        end = end or lasting
        return not (end or nxt[:1].isdigit() or nxt in _TIMES - {"this", "that", "then"})
    if w in {"provided", "providing"}:
        # "Provided engineering confirms the outage, ...": at a sentence's head, "provided"
        # before a noun opens a condition as before a pronoun (not "provided with", "provided
        # free of charge", nor "providing legal advice is ...", a gerund's subject)
        head = w == "provided" and i == 0 and nxt.isalpha() and nxt not in _PROVIDED_HOW
        return nxt in _CONDITION_SUBJECTS or (head and _verb_follows(words, i + 1))
    if w == "if" and i > 0 and words[i - 1] == "even":
        # "the price stays even if fares go up": a concession, the promise holds regardless
        return False
    if w == "before":
        # "before I can offer a refund" is a condition, "before Friday" a deadline, and so is
        # "before it goes out": a thing's own event, not something the customer must do
        return nxt in {"i", "we", "you", "they", "he", "she"}
    if w in {"after", "when"} and _past_clause(words, i + 1):
        # "after your connection was cancelled", "when the parcel went missing": what has
        # happened, no condition
        return False
    if w in {"after", "once", "when"} and words[max(0, i - 2) : i] in _NOT_CHOSEN:
        # "released today rather than after the usual 14 days": the time not chosen
        return False
    if w == "after":
        # "after the inspection" is a condition, "after today" a time, and so is "right
        # after cancellation" (but not "right after you send it")
        if nxt in _TIMES or nxt[:1].isdigit():
            return False
        if words[i + 1 : i + 3] == ["the", "next"]:
            return False  # "after the next server reset": an event sure to come says when
        if _own_review(words, i + 1) or _own_grant(words, i + 1):
            return False
        return not (i > 0 and words[i - 1] in SOON and not _clause_follows(words, i + 1))
    return True


_NOT = frozenset({"not", "never", "no", "n't"})

_TERMS = frozenset(
    {"contract", "plan", "subscription", "term", "lease", "tenancy", "membership", "policy",
     "agreement", "tariff", "deal", "commitment", "warranty", "guarantee", "cover", "trial"}
)  # fmt: skip
"""What runs for a term and ends on its own: "until your contract ends"."""

_ENDING = frozenset(
    {"ends", "expires", "finishes", "lapses", "renews", "runs", "closes", "terminates",
     "concludes", "comes", "is"}
)  # fmt: skip
"""What a term does at its end: "ends", "expires", "renews", "runs out", "comes to an end"."""


def _term_ends(words: Sequence[str], k: int) -> bool:
    """From `k`, a term of the customer's that ends on its own: how long, no condition.

    "until your contract ends", "till the current plan expires", "until your lease runs
    out", "until the subscription comes to an end", "until your contract is up": "the" or
    "your", at most one word, a noun of `_TERMS` and a verb of `_ENDING` (not "until you
    cancel your plan", the customer's act, which stays a condition). The caller keeps a
    negated act's "until" a condition: "we won't charge you until the trial ends".
    """
    if k >= len(words) or words[k] not in {"your", "the", "their", "his", "her"}:
        return False
    for t in range(k + 1, min(len(words), k + 3)):
        if words[t] in _TERMS:
            verb = words[t + 1] if t + 1 < len(words) else ""
            after = words[t + 2] if t + 2 < len(words) else ""
            if verb == "runs" or verb == "is":
                return after in {"out", "up", "over"}
            if verb == "comes":
                return after == "to"
            return verb in _ENDING
    return False


def _post_event(words: Sequence[str], i: int) -> bool:
    """The word "post" at `i` is the preposition "after", before the event a grant awaits.

    As Indian English writes it: after a participle or "only" ("refund will be initiated
    post successful pickup", "credited only post verification"), or opening the sentence
    ("Post inspection, the replacement ..."); then a word that is no determiner,
    pronoun, number or time ("post pickup", "post quality check"). Not the verb ("we'll
    post it", "post your query"), the mail ("sent by post", "post office"), nor a time
    ("post 5 days", "post midnight").
    """
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if not nxt.isalpha() or nxt in _NOT_EVENTS or nxt in _TIMES:
        return False
    if i == 0:
        return True
    prev = words[i - 1]
    participle = prev.endswith(("ed", "en")) and prev.isalpha() and len(prev) > 3
    return participle or prev in {"only", "just", "immediately", "done"}


_NOT_EVENTS = frozenset(
    {"the", "a", "an", "your", "our", "my", "their", "his", "her", "this", "that", "these",
     "those", "it", "them", "you", "us", "me", "him", "office", "box", "code", "haste", "card",
     "mortem", "war", "graduate", "here", "there", "on", "to", "in", "about"}
)  # fmt: skip
"""After "post": what makes it a verb's object or the mail, not the event ("post it")."""


_NOT_CHOSEN = (["rather", "than"], ["instead", "of"])
"""Before "after": the time contrasted with the one given, no condition (round 153)."""

_PROVIDED_HOW = frozenset(
    {"with", "by", "to", "for", "in", "free", "at", "on", "as", "from", "via", "under",
     "through", "here", "below", "above"}
)  # fmt: skip
"""After "provided" at a sentence's head: how or to whom something was provided, no
condition ("Provided with a receipt, ...", "Provided free of charge: ...")."""


_MODALS = frozenset({"will", "can", "would", "could", "shall", "should", "may", "might", "did"})

_CONSENTING = frozenset(
    {"accept", "agree", "approve", "allow", "confirm", "clear", "release", "grant", "pass",
     "authorise", "authorize", "pay", "return", "uphold", "sign", "settle", "respond"}
)  # fmt: skip
"""What a third party does, in the plain present after a plural or collective name, that a
grant may await: "Provided HMRC accept", "provided the insurers agree" (round 259)."""


def _verb_follows(words: Sequence[str], j: int) -> bool:
    """A present verb ("confirms", "approves", "is") stands within two words from `j`.

    The verb after the noun of "provided engineering confirms", "provided documents are
    complete": "is", "are", "has", or a word in -s after the noun's first word; or, after
    it, a modal ("provided Customs will clear it") or the plain present of a party's consent
    that a collective name takes in British English ("Provided HMRC accept the code").
    """
    for k in range(j, min(len(words), j + 2)):
        x = words[k]
        if x in {"is", "are", "has", "have", "does", "do"}:
            return True
        if k > j and (x in _MODALS or x in _CONSENTING):
            return True  # "Provided HMRC accept the code", "provided Customs will clear it"
        if k > j and x.endswith("s") and not x.endswith("ss") and x.isalpha():
            return True
    return False


_REVIEWING = frozenset(
    {"reviewing", "checking", "looking", "reading", "going", "investigating", "researching",
     "examining"}
)  # fmt: skip
"""After "after": the agent going over what the customer sent or holds."""

_REVIEWED = frozenset(
    {"letter", "message", "messages", "email", "e-mail", "emails", "account", "file", "notes",
     "history", "records", "case", "complaint", "feedback", "chat", "details", "statement",
     "statements", "bill", "booking", "reservation", "order", "plan", "situation", "query",
     "concerns", "comments", "transactions", "recording"}
)  # fmt: skip
"""What the agent reads in "after reviewing your letter": done before the reply, so no
condition (not the returned item or the claim, whose inspection decides)."""


def _own_review(words: Sequence[str], j: int) -> bool:
    """Words from `j` are the agent's own reading of the customer's things.

    "After reviewing your letter, we will refund...", "after looking into your complaint"
    (done before the reply); not "after inspecting the item", "after reviewing your claim".
    Nor the house's own review named as a noun ("after our review the recovery was refused",
    "after our investigation"): told as done, it says when.
    """
    if words[j : j + 1] == ["our"] and j + 1 < len(words) and words[j + 1] in _OUR_REVIEWS:
        return True
    if j >= len(words) or words[j] not in _REVIEWING:
        return False
    k = j + 1
    while k < min(len(words), j + 4) and words[k] in {"into", "at", "over", "through", "back"}:
        k += 1
    if k >= len(words) or words[k] not in {"your", "the"}:  # "after checking the case"
        return False
    for x in words[k + 1 : k + 4]:
        if x in _REVIEWED:
            return True
        if not x[:1].isalpha():
            return False
    return False


_GRANT_OWNERS = frozenset({"the", "your", "this", "that", "our"})
"""Before a grant's noun after "after": the one of this case ("after the goodwill credit")."""

_GRANT_HEADS = frozenset({"adjustment", "adjustments", "gesture", "payment", "payments"})
"""After a grant's noun, a head it marks as given ("the goodwill adjustment", "the
courtesy payment"): the grant still."""


def _own_grant(words: Sequence[str], j: int) -> bool:
    """Words from `j` name a grant of this case, done or given by us, and nothing more.

    "Your March bill comes to £0 after the goodwill adjustment", "... after the £15 credit
    I applied": the grant is the house's own act, so what follows it is its result, as "when
    I move your tickets" sets a time and no condition. "the", "your", "this", "that" or
    "our", at most three words (a sum, a mark) before the grant's noun (`AUTH_NOUNS`) or
    its head, then the clause's end or "I"/"we" and what they did. Not "after the credit
    check", "after the refund request" (a noun after the grant's: what is decided), nor
    "after the refund is approved", "after a refund" (none of this case).
    """
    if j >= len(words) or words[j] not in _GRANT_OWNERS:
        return False
    grant = -1
    for k in range(j + 1, min(len(words), j + 5)):
        x = words[k]
        if x in AUTH_NOUNS or (grant > 0 and x in _GRANT_HEADS):
            grant = k
        elif grant > 0 or not (x.isalpha() or is_amount(x)):
            break
    if grant < 0:
        return False
    nxt = words[grant + 1] if grant + 1 < len(words) else ""
    after = words[grant + 2] if grant + 2 < len(words) else ""
    if nxt in {"i", "we"}:
        return after.endswith("ed") or after in {"made", "gave", "sent", "put", "have", "'ve"}
    return not nxt[:1].isalnum()


_OUR_REVIEWS = frozenset({"review", "investigation", "assessment", "checks", "enquiries"})
"""After "after our": the house's own review, a noun, done before the reply."""

_HOW_OFTEN = frozenset({"more", "again", "per", "every", "each", "only"})
"""After "once": how often ("once per order", "once more"), not "once you confirm"."""

SOON = frozenset({"immediately", "right", "straight", "directly", "shortly", "soon", "just"})
"""Before "after": "immediately after cancellation" says when."""

_FINITE = frozenset(
    {"i", "we", "you", "they", "he", "she", "it", "is", "are", "was", "were", "has", "have",
     "had", "been", "be", "goes", "go", "gets", "get", "arrives", "arrive", "comes", "come",
     "reaches", "clears", "receive", "receives"}
)  # fmt: skip


_PAST_FINITE = frozenset({"was", "were", "had", "did", "went", "got"})


def _past_clause(words: Sequence[str], j: int) -> bool:
    """The clause from `j` tells of the past: its subject, then "was", "had", "went"...

    "after | your connection was cancelled", "when | the parcel went missing", "after | you
    cancelled"; not "after | we receive it", nor "after | you have cancelled". The subject is
    at most four words, none of them a participle.
    """
    nxt = words[j + 1] if j + 1 < len(words) else ""
    if j < len(words) and words[j] in _PRONOUNS and nxt.endswith("ed") and nxt.isalpha():
        return True  # "after you cancelled", "when we spoke": a pronoun and a past verb
    for k in range(j, min(len(words), j + 5)):
        x = words[k]
        if x in _PAST_FINITE:
            return k > j
        nxt = words[k + 1] if k + 1 < len(words) else ""
        if x.endswith("ed") and k > j + 1 and words[j] in _DETERMINERS and nxt in _OBJECTS:
            return True  # "after | the fire alarm disturbed everyone": a subject, a past verb
        if x in _FINITE or not x[:1].isalnum() or x.endswith(("ed", "ing")):
            return False
    return False


_DETERMINERS = frozenset({"the", "your", "our", "a", "an", "this", "that", "my"})
_OBJECTS = frozenset(
    {"everyone", "everybody", "you", "us", "them", "it", "your", "the", "our", "their", "my"}
)
"""After a past verb in -ed, its object: what makes the verb finite, not a participle
("the alarm disturbed everyone", not "the item damaged in transit")."""


_PRONOUNS = frozenset({"you", "we", "i", "they", "he", "she"})


def _clause_follows(words: Sequence[str], j: int) -> bool:
    """A subject or a verb stands in the next few words: "after | we receive it"."""
    for k in range(j, min(len(words), j + 5)):
        if words[k] in _FINITE:
            return True
        if not words[k][:1].isalnum():
            return False
    return False


_TIMES = frozenset(
    {"today", "tomorrow", "tonight", "this", "next", "that", "midnight", "noon", "monday",
     "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
     "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december", "now", "then", "lunch", "hours"}
)  # fmt: skip

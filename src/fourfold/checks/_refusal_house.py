"""Who declines for the business: the house named as the subject of a refusal.

A business declines in its own voice as "we", as itself by a common noun ("the club", "our
front desk": `house_start` over `SPEAKERS`), and, in formal letters, as itself by a
capitalised noun after "the": "the Bank will not be reopening the complaint", "the Insurer is
unable to record the loss on that date", "a service the Embassy offers", "the Headteacher is
unable to authorise term-time leave". Lower-cased, "the bank" or "the embassy" is as often
someone else's (the customer's bank, the embassy a visa agent writes about), so those nouns
count only capitalised, or in a relative clause about what the business offers ("a service
which the bank does not provide"). A department's name of two capitalised words counts too: "the IT
Service Desk cannot reset it".

It also reads what the house does not do, told in the passive with the house as its agent:
"reference letters are not produced by the Bank", "contact details are not passed on by the
school" (`not_done_by`); not a reassurance ("fees are not charged by our office", "your details
are not shared by the bank"). What the house grants none of, it declines: "after this we
accept no more returns", "we give no refunds on sale items" (`grants_none`). Each reads a
few tokens around its anchor, so the cost stays linear.
"""

from __future__ import annotations

from ._grammar import Sentence
from ._refusal_reasons import base_form
from ._refusal_units import unit_start
from ._refusal_words import REQUEST_NOUNS, SERVICE, SPEAKERS, house_start

__all__ = [
    "INSTITUTIONS",
    "decided_against",
    "decided_not",
    "grants_none",
    "has_refused",
    "no_longer_offered",
    "not_done_by",
    "signed_by",
    "speaker_before",
    "speaker_start",
]

INSTITUTIONS = frozenset(
    {"bank", "embassy", "consulate", "insurer", "insurers", "underwriter", "underwriters",
     "fund", "scheme", "company", "trust", "practice", "society", "authority", "ministry",
     "lender", "provider", "airline", "carrier", "hospital", "branch", "partnership", "firm",
     "group", "institute", "principal", "registrar", "governors",
     "landlord", "administrator", "administrators", "trustees", "employer", "operator"}
)  # fmt: skip
"""Capitalised after "the", the business that writes: "the Bank", "the Insurer", "the Fund"."""


ORG_TAILS = frozenset(
    {"housing", "power", "energy", "gas", "water", "electric", "bank", "insurance", "society",
     "council", "club", "hospital", "clinic", "group", "ltd", "limited", "inc", "plc",
     "airlines", "airways", "air", "rail", "railways", "telecom", "mobile", "broadband",
     "leasing", "networks", "services", "utilities", "homes", "trust", "university",
     "college", "school", "academy", "fund", "pensions", "finance", "credit", "union"}
)  # fmt: skip
"""The last word of a business's own name ("Northgate Housing", "Shannon Power", "Metro
Gas"), capitalised with the words before it, as the subject of a refusal."""


def _named(s: Sentence, j: int) -> int | None:
    """Where a name of one to three capitalised words ending at `j` in `ORG_TAILS` starts."""
    tokens = s.tokens
    if s.words[j] not in ORG_TAILS or not tokens[j].cap or j < 1:
        return None
    k = j
    while k > 0 and j - k < 3 and tokens[k - 1].cap and tokens[k - 1].is_word:
        k -= 1
    if k == j or s.words[k] in {"i", "the", "our", "your", "my", "a", "an"}:
        return None  # "our Housing team" is we; "Your Bank" is the customer's
    return k


def speaker_start(s: Sentence, j: int) -> int | None:
    """Where the house named by the word at `j` starts, as a subject; None if it names none.

    `house_start` over `SPEAKERS` ("the club", "our front desk", "the council"); a noun of
    `INSTITUTIONS` capitalised after "the" ("the Bank"); a noun of `SPEAKERS` after "the" and
    two words, the first capitalised ("the IT Service Desk", "the Ledgerly support desk");
    a unit named bare or one professional (`_refusal_units`).
    """
    words, tokens = s.words, s.tokens
    house = house_start(words, j, SPEAKERS)
    if house is not None or not 1 <= j < len(words):
        return house
    if words[j] in INSTITUTIONS and words[j - 1] == "the":
        if tokens[j].cap or (j >= 2 and words[j - 2] in {"which", "that"}):
            return j - 1  # "the Bank", and "a service which the bank does not provide"
    if (named := _named(s, j)) is not None:
        return named  # "Northgate Housing will not be removing the tree"
    if words[j] == "it" and tokens[j].cap and words[j - 1] in {",", ";", "and", "but", "so"}:
        return j  # "absent both, IT will not be granting access": the department, capitalised
        # mid-sentence after a comma or a joining word, not the pronoun (dev round 278)
    if words[j - 1] in {"dr", "doctor"} and tokens[j].cap and tokens[j].is_word:
        return j - 1  # "Dr Ahmed will not sign one for a period when you were well"
    if words[j] in {"support", "helpdesk"} and tokens[j - 1].cap and tokens[j - 1].is_word:
        if words[j - 1] not in {"i", "the", "our", "your", "my"}:
            return j - 1  # "LedgerLeaf support doesn't interpret tax rules"
    if (
        words[j] in SPEAKERS
        and j >= 3
        and words[j - 3] == "the"
        and tokens[j - 2].cap
        and tokens[j - 2].is_word
        and tokens[j - 1].is_word
    ):
        return j - 3
    return unit_start(s, j)  # "court staff", "head office", "the doctor"


_SIGN_OFF = 80
"""How many characters at the end of a reply its sign-off is read in."""


def signed_by(s: Sentence, j: int, text: str) -> bool:
    """The capitalised name opening a clause at `j` is the one the reply is signed with.

    "SkyMeridian is unable to issue a delay certificate ... Kind regards, SkyMeridian
    Customer Relations": a business names itself by its own name, which its sign-off shows.
    Not a name the sign-off does not hold ("Ryanair can't refund it" from a travel agent).
    """
    token = s.tokens[j] if 0 <= j < len(s.tokens) else None
    if token is None or not (token.cap and token.is_word) or len(token.word) < 3:
        return False
    if j > 0 and s.tokens[j - 1].is_word:
        return False  # the name opens its clause: "SkyMeridian is unable", not "Kind Dana can't"
    if s.words[j] in {"i", "we", "you", "he", "she", "they", "it", "this", "that", "there"}:
        return False
    tail = len(text) - _SIGN_OFF
    name = text[token.start : token.end]
    return token.end < tail and name in text[max(0, tail) :]


def we_or_house(s: Sentence, j: int) -> int | None:
    """Where the subject ending at `j` starts when it is I, we or the house; else None."""
    return j if s.words[j] in {"i", "we"} else speaker_start(s, j)


def speaker_before(s: Sentence, j: int) -> int:
    """The last word of a house named from `j` on ("the Embassy", "the Leeds depot"), or -1.

    Reads at most four words: "the", up to two words and the noun.
    """
    for t in range(j + 1, min(len(s.words), j + 4)):
        if speaker_start(s, t) == j:
            return t
    return -1


_PARTICLES = frozenset({"on", "out", "up"})

_PLACES = frozenset({"branch", "site", "location", "counter", "outlet", "premises"})
"""Where the house does what it does: "cash is not accepted at this branch"."""

_CHARGING = frozenset(
    {"charged", "billed", "debited", "deducted", "collected", "taken", "applied", "levied"}
)
"""Not done by the house as a reassurance: "fees are not charged by our office for this"."""

_SEEING = frozenset(
    {"shared", "sold", "disclosed", "passed", "released", "stored", "kept", "seen", "read",
     "accessed", "used", "saved", "recorded", "held"}
)  # fmt: skip
"""Not done by the house with the customer's own: "your details are not shared by the bank"."""


def not_done_by(s: Sentence, i: int) -> tuple[str, int, int, str | None] | None:
    """At "not": "<what> is not <done> by the <house>", the house declining to do it.

    "Reference letters for landlords are not produced by the Bank", "contact details of other
    families are not passed on by the school", "translations are not carried out by our
    office"; in or at its place ("licence exchanges are not done in our office"); by a
    channel, for what is given ("test results are not interpreted by text message"). Not
    with another agent ("not made by Apple"), nor a question.
    """
    words = s.words
    if i < 1 or words[i - 1] not in {"is", "are"} or i + 2 >= len(words):
        return None
    p = i + 1
    if not (words[p].endswith(("ed", "en")) or words[p] in {"done", "held", "kept", "sent"}):
        return None
    by = p + 1 + (words[p + 1] in _PARTICLES if p + 1 < len(words) else 0)
    if by >= len(words) or s.question or words[p] in _CHARGING:
        return None
    if words[by] in {"in", "at"} and by + 1 < len(words) and words[by + 1] in {"our", "this"}:
        # "exchange of licences is not done in our office", "cash is not accepted at this
        # branch": the house's place; not what is kept there ("not stored in our systems")
        if words[p] in _SEEING:
            return None
        place = words[by + 2] if by + 2 < len(words) else ""
        end = by + 2 if place in SPEAKERS or place in _PLACES else -1
        if end < 0 and s.tokens[by + 2].cap and by + 3 < len(words):
            named = words[by + 3]  # "not offered at our Koramangala branch"
            end = by + 3 if named in SPEAKERS or named in _PLACES else -1
    elif words[p] in _GIVEN and words[by] in {"by", "over", "via"}:
        # "test results are not interpreted by text message", "... not discussed over the
        # phone": the house's way of giving it declines giving it so
        t = by + 1 + (by + 1 < len(words) and words[by + 1] == "the")
        end = t if t < len(words) and words[t] in _CHANNELS else speaker_before(s, by + 1)
    elif words[by] == "by" and by + 1 < len(words) and words[by + 1] == "us":
        end = by + 1  # "installation outside the main residence is not offered by us"
    else:
        end = speaker_before(s, by + 1) if words[by] == "by" else -1
    if end < 0:
        return None
    start = s.clause_start[s.clause[i]]
    while start < i and not s.tokens[start].is_word:
        start += 1
    if words[p] in _SEEING and {"your", "you"} & set(words[start:i]):
        return None
    return ("declines", start, end + 1, None)


_GIVEN = frozenset(
    {"interpreted", "discussed", "given", "disclosed", "released", "confirmed", "processed",
     "accepted", "diagnosed", "prescribed", "explained", "cancelled", "canceled", "changed"}
)  # fmt: skip
_CHANNELS = frozenset(
    {"text", "sms", "phone", "telephone", "email", "e-mail", "chat", "message", "post",
     "whatsapp", "webchat", "letter"}
)  # fmt: skip
"""How the house does not give what is asked: "results are not given over the phone"."""

_DECIDED = frozenset({"decided", "chosen", "opted", "elected"})

_SPARING = frozenset(
    {"charge", "bill", "pursue", "penalise", "penalize", "fine", "cancel", "close", "suspend",
     "chase", "report", "apply", "increase", "raise"}
)  # fmt: skip
"""What deciding not to do spares the customer: "we decided not to charge you for it"."""


def decided_not(s: Sentence, i: int) -> tuple[str, int, int, str | None] | None:
    """At "not": "The Club has decided not to refund the entry fee", we or the house.

    Not someone else's decision ("your landlord has decided not to renew"), nor a question,
    nor what it spares the customer ("I decided not to charge you for it").
    """
    words = s.words
    if i < 3 or i + 2 >= len(words) or words[i + 1] != "to":
        return None
    j = i - 2
    if words[i - 1] == "made" and words[j] in {"was", "has"} and words[j - 1] == "decision":
        # "the decision was made not to prepare the dish": the house's, impersonal; not
        # "your landlord's decision was made not to renew"
        first = j - 2 if j >= 2 and words[j - 2] in {"the", "a"} else j - 1
        if s.question or words[i + 2] in _SPARING or _whose(words, first):
            return None
        return ("declines", first, i + 3, None)
    if words[i - 1] not in _DECIDED:
        return None
    if words[j] in {"has", "have", "had"}:
        j -= 1
    if words[j] == "been" and j >= 2 and words[j - 1] in {"has", "had"} and words[j - 2] == "it":
        j -= 2  # "it has been decided not to offer a repair": the house, impersonal
        if s.question or words[i + 2] in _SPARING:
            return None
        return ("declines", j, i + 3, None)
    start = we_or_house(s, j)
    if start is None or s.question or words[i + 2] in _SPARING:
        return None
    return ("declines", start, i + 3, None)


_NOT_MINE = frozenset({"your", "their", "his", "her", "its"})
"""Before "decision was made not to": whose decision, not the house's."""


def _whose(words: list[str], start: int) -> bool:
    """Before `start`, whose the decision is when not the house's: "your landlord's"."""
    for k in range(start - 1, max(-1, start - 4), -1):
        if not words[k].isalpha():
            return False
        if words[k] in _NOT_MINE:
            return True
    return False


_REFUSED = frozenset({"refused", "declined", "rejected"})
_ASKED = frozenset(
    {"request", "requests", "application", "applications", "claim", "appeal", "complaint",
     "proposal", "offer"}
)  # fmt: skip


def decided_against(s: Sentence, i: int) -> tuple[str, int, int, str | None] | None:
    """At "against": "the committee has decided against waiving the fee", we or the house.

    Not someone else's decision, nor a question, nor what it spares the customer ("we decided
    against charging you").
    """
    words = s.words
    if i < 2 or words[i - 1] not in _DECIDED or i + 1 >= len(words):
        return None
    act = words[i + 1]
    if not act.endswith("ing") or act[:-3] in _SPARING or act[:-3] + "e" in _SPARING:
        return None
    j = i - 2 - (words[i - 2] in {"has", "have", "had"})
    start = we_or_house(s, j)
    if start is None or s.question:
        return None
    return ("declines", start, i + 2, None)


def has_refused(s: Sentence, i: int) -> tuple[str, int, int, str | None] | None:
    """At "refused", "declined" or "rejected": the house has refused the request.

    "Northgate Housing has therefore refused the application", "we have declined your
    request"; not a card declined ("your bank has declined the payment"), nor a question.
    """
    words = s.words
    if words[i] not in _REFUSED or i < 2 or s.question:
        return None
    j = i - 1
    while j > 0 and words[j] in {"therefore", "now", "also", "already", "regretfully"}:
        j -= 1
    if words[j] not in {"has", "have"}:
        return None
    start = we_or_house(s, j - 1)
    if start is None:
        return None
    end = next((k for k in range(i + 1, min(len(words), i + 5)) if words[k] in _ASKED), -1)
    return None if end < 0 else ("declines", start, end + 1, None)


_STOPPED = frozenset({"stopped", "ceased", "discontinued"})

_ISSUED = frozenset({"issued", "offered", "sold", "provided", "stocked", "supplied"})
"""After "are no longer": a service the house has stopped, told in the passive."""

_NOT_ON_OFFER = frozenset({"charge", "charging", "bill", "billing", "need", "needing", "have"})
"""What the house no longer does that spares the customer: "we no longer charge for it"."""


def no_longer_offered(s: Sentence, i: int) -> tuple[str, int, int, str | None] | None:
    """At "no" of "no longer", or "stopped": a service the house no longer offers.

    "We no longer offer gift wrapping", "the clinic no longer does home visits", "we've
    stopped offering it this year", and in the passive "new boxes are no longer issued"; not
    what spares the customer ("we no longer charge for
    paper bills"), nor someone else ("the app no longer crashes"), nor a question.
    """
    words = s.words
    if words[i] == "no":
        if i + 2 >= len(words) or words[i + 1] != "longer":
            return None
        if words[i - 1] in {"are", "is"} and words[i + 2] in _ISSUED and not s.question:
            first = s.clause_start[s.clause[i]]  # "new boxes are no longer issued"
            return ("not something we do", first + (not words[first].isalpha()), i + 3, None)
        j, v = i - 1, i + 2
        verb = words[v]
        if verb in {"do", "does"} and i + 3 < len(words):
            verb = "do"
        elif verb.endswith("s") and verb[:-1] in SERVICE:
            verb = verb[:-1]  # "the council no longer collects garden waste"
    elif words[i] in _STOPPED:
        j, v = i - 1, i + 1
        if v >= len(words) or not words[v].endswith("ing"):
            return None
        verb = base_form(words[v])
        verb = "do" if words[v] == "doing" else verb
    else:
        return None
    if words[j] in {"have", "has"} and words[i] in _STOPPED:
        j -= 1
    start = we_or_house(s, j)
    if start is None or s.question or words[v] in _NOT_ON_OFFER or verb not in SERVICE:
        return None
    return ("not something we do", start, v + 1, None)


_GRANTING = frozenset(
    {"accept", "accepts", "take", "takes", "give", "gives", "offer", "offers", "issue",
     "issues", "grant", "grants", "allow", "allows", "do", "does", "make", "makes"}
)  # fmt: skip
"""Before "no" and a kind of request: "we accept no returns", "we make no exceptions"."""


def grants_none(s: Sentence, i: int) -> tuple[str, int, int, str | None] | None:
    """At "no" of "we accept no (more) returns": the house grants none of what is asked.

    "After this we accept no more returns, also not for a voucher", "the shop gives no
    refunds on sale items", "we make no exceptions"; not someone else ("the bank accepts no
    returns"), not "no change" (nothing changes: "we make no change to your plan"), nor a
    question.
    """
    words = s.words
    v = i - 1
    if v < 1 or words[v] not in _GRANTING or s.question:
        return None
    n = i + 1 + (i + 1 < len(words) and words[i + 1] in {"more", "further"})
    if n >= len(words) or words[n] not in REQUEST_NOUNS | {"exceptions"}:
        return None
    if words[n] in {"change", "changes"}:
        return None
    start = we_or_house(s, v - 1)
    return None if start is None else ("declines", start, n + 1, None)

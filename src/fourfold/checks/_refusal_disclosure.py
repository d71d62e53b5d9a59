"""Someone else's data kept back: "is not disclosed", "is withheld from third parties".

A reply declines to share another person's data when it says, in the passive, that such data
"is not disclosed (released, shared, given, passed, provided)" or "is withheld from" others
(rule "not possible"). The subject must name another person's ("details of another resident's
tenancy", "information about another member's pension", "other members' addresses"), not the
customer's own ("your details are not shared with third parties" reassures). Who someone is
counts as theirs: "the identity of reviewers is never disclosed to hosts".

The customer's own data kept is a reassurance in the active voice too: "We won't share your
details with anyone", "we do not sell your data to advertisers" (`own_data_kept`), where the
business says what it will not do, not what it cannot; not "I can't share your details over
chat" (a way of giving them declined), nor "we won't forward your husband's details".
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import PEOPLE

__all__ = ["others_not_disclosed", "others_withheld", "own_data_kept"]

_IDENTITIES = frozenset({"name", "names", "identity", "address", "number", "owner", "details"})
"""What names someone when "the" opens the subject: "the name linked to that car"."""


def _own(subject: list[str]) -> bool:
    """The subject is the customer's own: "your details", not "your late uncle's account"."""
    return "your" in subject and PEOPLE.isdisjoint(subject)


_DISCLOSED = frozenset({"disclosed", "released", "shared", "given", "passed", "provided"})


_WHO_OF = (["the", "identity", "of"], ["the", "identities", "of"], ["the", "names", "of"])
"""Who someone is, as the subject: "the identity of reviewers", "the names of the buyers"."""


def others_not_disclosed(r: Reasons, i: int) -> Found | None:
    """At "not" or "never": someone else's data "is not disclosed", "are never released".

    The subject names another person's ("details of another resident's tenancy", "other
    members' addresses"); not the customer's own ("your details are not shared"). The
    eleventh pass read the data named "of" a person anywhere in the subject, past a
    relative clause or an aside (`_of_someone`: "the name of the person who reported your
    post is never shared with anybody", "records for that property, including the name of
    the person liable, are not released"), and two more verbs: "doesn't get given out"
    ("the room number of your guest doesn't get given out at this desk") and "don't
    leave" the house's system ("a customer's phone details don't leave our system").
    """
    end = _withheld_end(r, i)
    if end < 0:
        return None
    start = r.subject_start(i)
    if r.w[start : start + 3] in _WHO_OF and not _own(r.w[start:i]):
        return ("not possible", start, end, None)  # "the identity of reviewers is never"
    named = max(0, i - 14)  # the subject may run over a comma: "details of X's, including..."
    if _of_someone(r.w[named:i]) and not r.s.question and not r.hypothetical(i):
        return ("not possible", start, end, None)
    if _own(r.w[start:i]) or not (r.third_party(named, i) or r.third_party(start, i)):
        return None
    return ("not possible", start, end, None)


_SYSTEMS = frozenset({"system", "systems", "records", "database", "office", "building"})
"""What someone's data "doesn't leave": "our system", "the office"."""


def _withheld_end(r: Reasons, i: int) -> int:
    """Where the verb of data kept back ends after "not" or "never" at `i`, or -1.

    "is not disclosed", "are never released", "doesn't get given out", "don't leave our
    system".
    """
    if r.word(i - 1) in {"is", "are"} and r.word(i + 1) in _DISCLOSED:
        return i + 2
    if r.word(i - 1) not in {"does", "do"} or r.word(i) != "not":
        return -1
    if r.word(i + 1) == "get" and r.word(i + 2) in _DISCLOSED:
        return i + 3 + (r.word(i + 3) == "out")
    if r.word(i + 1) == "leave" and r.word(i + 2) in {"our", "the"}:
        return i + 4 if r.word(i + 3) in _SYSTEMS else -1
    return -1


_DATA_OF = frozenset(
    {"name", "names", "identity", "identities", "address", "addresses", "number", "numbers",
     "details", "information", "data", "records", "contact", "email"}
)  # fmt: skip
"""Before "of" and a person: the data named as theirs ("the name of the person")."""


def _of_someone(words: list[str]) -> bool:
    """Whether `words` name data "of" a person: "the room number of your 'surprise' guest".

    A word of data (`_DATA_OF`), "of", then within six tokens a person (`PEOPLE`, or its
    plural: "complainants") after at most a determiner and a word or two describing them.
    """
    for k in range(1, len(words) - 1):
        if words[k] != "of" or words[k - 1] not in _DATA_OF:
            continue
        for x in words[k + 1 : k + 7]:  # quotes count: "your 'surprise' guest"
            if x in PEOPLE or (x.endswith("s") and x[:-1] in PEOPLE) or x == "complainants":
                return True
            if x in {"who", "which", "that", "is", "are", ","}:
                break
    return False


def others_withheld(r: Reasons, i: int) -> Found | None:
    """At "withheld": someone else's data "is withheld from third parties".

    "Information about another member's pension is withheld from third parties", "details
    of someone else's cover are withheld from anyone not named on it"; as
    `others_not_disclosed`, the subject names another person's, not the customer's own.
    """
    if r.word(i - 1) not in {"is", "are", "be", "remain", "remains", "stay", "stays"}:
        return None
    start = r.subject_start(i - 1)
    start += r.word(start) in {"so", "and", "but", "therefore", "thus"}
    if r.word(start) == "the" and r.word(start + 1) in _IDENTITIES:
        return ("not possible", start, i + 1, None)  # "the name linked to that car is withheld"
    named = max(0, i - 15)
    if _own(r.w[start:i]) or not (r.third_party(named, i) or r.third_party(start, i)):
        return None
    return ("not possible", start, i + 1, None)


_KEPT_BY = frozenset(
    {"share", "sell", "disclose", "pass", "forward", "give", "hand", "release", "rent",
     "trade", "record", "store", "keep", "use", "consult"}
)  # fmt: skip
"""What the business does with the customer's data, said not done: "we won't share"."""

_OWN_DATA = frozenset(
    {"data", "details", "information", "info", "number", "address", "email", "e-mail",
     "personal", "contact", "card", "history", "records", "credit", "file", "location"}
)  # fmt: skip
"""The customer's data after "your": "your details", "your personal information"."""

_WILLING = frozenset({"will", "do", "does", "would", "shall"})
"""Before "not": what the business is willing to do, not what it is able to."""


def own_data_kept(r: Reasons, start: int, end: int) -> bool:
    """The refusal from `start` to `end` keeps the customer's own data: a reassurance.

    "We won't share your details with anyone", "we do not sell your data", "we will never
    record your card number": "will" or "do" with "not" or "never" (not "can't", which
    declines a way of giving them), a verb of handling data,
    and "your" with a word of data after it, no one else's ("your husband's details").
    """
    span = r.w[start:end]
    neg = next((x for x in span if x in {"not", "never"}), None)
    if neg is None or r.word(end - 1) not in _KEPT_BY or r.word(end) != "your":
        return False
    k = span.index(neg) + start
    if r.word(k - 1) not in _WILLING:
        return False
    owned = []
    for x in r.w[end + 1 : end + 4]:  # "your (personal) details", up to "with anyone"
        if x in {"with", "to", "for", "from", "on", "in", "without"} or not x.isalpha():
            break
        owned.append(x)
    possessed = any(t.possessive for t in r.s.tokens[end + 1 : end + 3])
    return not _OWN_DATA.isdisjoint(owned) and PEOPLE.isdisjoint(owned) and not possessed

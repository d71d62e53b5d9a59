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
    members' addresses"); not the customer's own ("your details are not shared").
    """
    if r.word(i - 1) not in {"is", "are"} or r.word(i + 1) not in _DISCLOSED:
        return None
    start = r.subject_start(i)
    if r.w[start : start + 3] in _WHO_OF and not _own(r.w[start:i]):
        return ("not possible", start, i + 2, None)  # "the identity of reviewers is never"
    named = max(0, i - 14)  # the subject may run over a comma: "details of X's, including..."
    if _own(r.w[start:i]) or not (r.third_party(named, i) or r.third_party(start, i)):
        return None
    return ("not possible", start, i + 2, None)


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

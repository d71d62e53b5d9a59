"""A house system or rule that will not accept or let what was asked: a limit, not a fault.

"Our checkout system won't accept a second voucher", "system not allow to use two coupon
together", "our system do not let to change the size after packing", "the programme won't
let you log into Mr Tanaka's account", "the council regulation do not permit extra bin
collection" (dev rounds of the backlog's eighth pass): the business's own system or rule,
negated, and a verb of accepting or allowing (`system_bars`, rule "outside our remit").

The subject reads like a fault ("the app won't let me sign in", "the website won't accept
my card"), so three things must hold besides it. The subject is a system or rule noun of the
house (`SYSTEMS`, or a rule noun), in the clause before the negation and not the customer's
("your", "my"); nothing in the sentence tells a fault of the moment (`MACHINES`, "right
now", "yet", "until"); and what is not accepted or let is what a limit refuses: a second,
another, an extra or more of something ("a second voucher", "two coupon", "extra bin
collection"), an asked act given bare after "to" in non-native use ("let to change the
size"), or the customer's way into another's account ("let you log into Mr Tanaka's
account"). `not_allowed` reads a rule that does not allow a request by its noun; this reads
what it leaves. Reads a fixed window around the verb, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import MACHINES, RULE_NOUNS, Found
from ._refusal_reasons import Reasons
from ._refusal_words import PEOPLE, REQUEST_NOUNS

__all__ = ["SYSTEM_VERBS", "system_bars"]

SYSTEMS = frozenset(
    {"system", "systems", "checkout", "platform", "programme", "program", "scheme", "till"}
)
"""The house's own machinery that keeps a rule: "our checkout system", "the programme"."""

SYSTEM_VERBS = frozenset({"accept", "allow", "permit", "let"})
"""What the system or rule does not do for the request (the anchors of `system_bars`)."""

_MORE = frozenset(
    {"second", "another", "extra", "additional", "two", "multiple", "more", "further", "both"}
)
"""What a limit turns away: one more than it allows ("a second voucher", "two coupon")."""

_ASKED_ACTS = frozenset(
    {"change", "use", "add", "combine", "stack", "cancel", "modify", "apply", "split", "move",
     "transfer", "redeem", "edit", "amend"}
)  # fmt: skip
"""An act asked for, bare after "to" in non-native use: "do not let to change the size"."""

_NOT_OURS = frozenset({"your", "my", "his", "her", "their"})

_MOMENT = frozenset({"now", "moment", "currently", "yet", "until", "till", "today", "again"})
"""A fault of the moment, not a rule: "won't accept it right now", "not until it clears"."""

_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr"})


def system_bars(r: Reasons, i: int) -> Found | None:
    """At a verb of `SYSTEM_VERBS`, negated: the house's system or rule refuses the request."""
    neg = r.s.negation[i]
    if neg < 0 or i - neg > 2 or r.s.question:
        return None
    subject, noun = _house_subject(r, neg)
    if subject < 0 or r.hypothetical(i):
        return None
    if not MACHINES.isdisjoint(r.w) or not _MOMENT.isdisjoint(r.w[i:]):
        return None
    end = min(r.s.clause_end(r.s.clause[i]) + 1, i + 8, r.n)
    after = r.w[i + 1 : end]
    if not _MORE.isdisjoint(after):
        k = next(k for k in range(i + 1, end) if r.w[k] in _MORE)
        return ("outside our remit", subject, k + 1, None)
    if noun not in SYSTEMS and not REQUEST_NOUNS.isdisjoint(after):
        return ("outside our remit", subject, i + 1, None)  # a rule past its bracket
    if r.word(i + 1) == "to" and r.word(i + 2) in _ASKED_ACTS and noun in SYSTEMS:
        return ("outside our remit", subject, i + 3, None)  # "do not let to change"
    if r.word(i + 1) == "you" and r.w[i] == "let":
        for k in range(i + 3, end):
            if r.w[k] == "account" and (r.word(k - 2) in _TITLES or r.word(k - 1) in PEOPLE):
                return ("outside our remit", subject, k + 1, None)  # "...into Mr Tanaka's"
    return None


def _house_subject(r: Reasons, neg: int) -> tuple[int, str]:
    """Where the house's system or rule before the negation at `neg` starts, and its noun.

    A noun of `SYSTEMS` or a rule noun among the few words before the negation (past a
    bracket that names the rule: "the transfer rules (Rule 22.4) do not permit"), with
    "our", "the" or nothing before it; not the customer's ("your system"). The start is
    -1 when there is none.
    """
    k = neg - 1
    if r.word(k) in {"do", "does", "did", "will", "would", "can", "could", "is", "are"}:
        k -= 1
    if r.word(k) == ")":
        while k > neg - 10 and k > 0 and r.word(k) != "(":
            k -= 1
        k -= 1
    noun = r.word(k)
    if noun not in SYSTEMS and noun not in RULE_NOUNS:
        return -1, noun
    start = k
    while start > k - 3 and r.word(start - 1).isalpha() and r.word(start - 1) not in _NOT_OURS:
        if r.word(start - 1) in {"the", "our"}:
            return start - 1, noun
        start -= 1
    return (-1 if r.word(start - 1) in _NOT_OURS else start), noun

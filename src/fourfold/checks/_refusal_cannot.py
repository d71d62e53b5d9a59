"""Parts of the "cannot or will not" rule that read more than the modal and its verb.

A business by its noun declining professional advice ("our chat can't give medical
advice", `advice_declined`); a chat's bare "not" and a gerund ("nope, not giving u her
email", `bare_gerund`); "we don't" and a verb said with regret ("we don't gift wrap,
sorry!", `regretted_habit`); and what is lacking, asked for in the same sentence, which
asks rather than declines ("I can't do it without the buyer's email, can u send it over?",
`asks_for_it`). Each reads a few words around one token, or the sentence's clauses once.
"""

from __future__ import annotations

from ._refusal_reasons import Reasons, base_form
from ._refusal_words import ADVICE_KINDS, NOT_OFFERING, OFFERING, REGRET, SERVICE

__all__ = ["advice_declined", "asks_for_it", "bare_gerund", "regretted_habit"]

_ASKED_FOR = frozenset(
    {"send", "share", "provide", "forward", "give", "upload", "attach", "confirm", "pop", "dm",
     "email", "text", "reply"}
)  # fmt: skip
"""What a question asks the customer to give: "can you send it over?"."""

_HABITS = frozenset(
    {"need", "know", "see", "think", "mind", "understand", "expect", "recognise", "recognize",
     "have", "get", "hear", "want", "like", "mean", "blame", "usually", "normally", "always",
     "often", "currently", "yet", "seem", "appear", "hold", "keep", "stock", "require"}
)  # fmt: skip
"""After "we don't", with regret, verbs that say what is known or held, not a service
declined ("Sorry, we don't see a payment", "sorry, we don't need your ID")."""


_REGRETS = REGRET | frozenset({"nah", "nope"})
"""What marks "we don't" as a service declined: regret, or a chat's bare no ("nah we don't
price match")."""


def regretted_habit(r: Reasons, x: str) -> bool:
    """After "we don't", the verb `x` declines a service when the sentence says sorry (or nah).

    "we don't gift wrap, sorry!", "Sorry, we don't put an earlier date on the note"; not
    what is known or held (`_HABITS`: "Sorry, we don't see a payment"). Verbs of
    `SERVICE` decline with or without regret, and are read before this.
    """
    return x not in SERVICE and x.isalpha() and x not in _HABITS and bool(_REGRETS & set(r.w))


def asks_for_it(r: Reasons, v: int) -> bool:
    """What the act at `v` lacks ("without the receipt") is asked for in a later question."""
    at = next((t for t in range(v + 1, min(r.n, v + 8)) if r.w[t] == "without"), -1)
    if at < 0:
        return False
    c = r.s.clause[v]
    asked = [t for t in range(at + 2, r.n) if r.s.clause[t] != c and r.s.is_question_clause(t)]
    return any(r.w[t] in _ASKED_FOR for t in asked)


def advice_declined(r: Reasons, k: int, i: int) -> bool:
    """A business by its noun ("the airline", "our chat") will not give professional advice.

    `k` is at the modal, `i` at its negation: "the airline can't give medical advice",
    "the app won't offer you tax advice", "our chat can't give medical advice", "this
    service cannot provide tax advice". Whoever the business, advice declined is a
    refusal; not "your GP can't give advice" (someone else's, by "your").
    """
    if r.word(k - 2) not in {"the", "our", "this"} or not r.word(k - 1).isalpha():
        return False
    if r.word(k) not in {"can", "could", "will"}:
        return False
    v = i + 1
    if r.word(v) not in {"give", "offer", "provide"}:
        return False
    rest = r.w[v + 1 : min(r.n, v + 5)]
    return "advice" in rest and not ADVICE_KINDS.isdisjoint(rest)


def bare_gerund(r: Reasons, j: int) -> bool:
    """After a chat's bare "not": a gerund that gives or does what was asked.

    "not giving u the email", "not sharing that"; not what reassures about the
    customer's own ("not sharing your details with anyone"), nor "not doing so well" or
    "not giving up".
    """
    x = r.word(j)
    return (x in OFFERING or (x.endswith("ing") and base_form(x) in SERVICE)) and r.word(
        j + 1
    ) not in NOT_OFFERING | {"your", "ur", "yours", "up"}

"""Declining by understatement: kept to ourselves, kept out of it, given to no one but them.

Dev round 278 said no without a word of declining, and these shapes recur in it:

- **kept to ourselves**: what was asked "is information the hotel keeps to itself", "we
  keep that to ourselves", "it stays under wraps" (`kept_to_ourselves`); the house keeps
  it, or it stays hidden, not negated ("nothing stays under wraps"), and not the customer
  told to keep a thing ("keep your PIN to yourself"), nor hidden for a while ("the menu
  stays under wraps until Friday");
- **kept out of it**: "our coaches will stay out of it", "we steer clear of tax questions"
  (`kept_out`): the house, or I or we, keep out of the matter; not "stay out of the pool"
  (an order to the customer) nor "we'll keep you out of it";
- **no one but them**: another's data "goes to nobody but him", "is shared with no one
  except the account holder" (`none_but_them`): only its owner gets it, so not the
  customer; not "no one but you" (a reassurance);
- **made ineligible**: "..., which makes it ineligible" (`made_ineligible`): a fact told
  before renders the request ineligible; not in a condition ("if you cancel, that makes it
  ineligible") nor negated;
- **what our rules stop**: "marking it delivered early is exactly what our rules exist to
  stop", "the kind of thing the policy exists to prevent" (`rules_stop`): the act asked is
  the one a rule of the house exists to prevent.

Each reads a few words around its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import RULE_NOUNS
from ._refusal_reasons import Reasons
from ._refusal_words import HOUSE, SPEAKERS

__all__ = ["UNDERSTATED_ANCHORS", "understated"]

Found = tuple[str, int, int, str | None]

UNDERSTATED_ANCHORS = frozenset(
    {"itself", "ourselves", "wraps", "out", "clear", "but", "except", "ineligible",
     "eligible", "exist", "exists"}
)  # fmt: skip
"""The words `understated` anchors at."""

_WE = frozenset({"i", "we"})

_KEEPS = frozenset({"keep", "keeps", "kept", "keeping"})

_STAYS = frozenset({"stays", "stay", "remains", "remain", "is", "are", "kept"})
"""Before "under wraps": what was asked stays there ("it stays under wraps", "is kept")."""

_MATTERS = frozenset({"it", "that", "this", "those", "such", "them"})
"""After "stay out of": the matter itself, not a place ("stay out of the pool")."""

_KEEPING_OUT = frozenset({"stay", "stays", "keep", "keeps", "staying", "keeping"})

_NO_ONE = frozenset({"nobody", "noone", "no-one"})

_SENT = frozenset(
    {"go", "goes", "given", "shared", "released", "sent", "disclosed", "passed", "shown",
     "revealed", "handed", "provided", "available"}
)  # fmt: skip
"""Before "to (or with) nobody but him": another's data, given to its owner only."""

_OWNERS = frozenset(
    {"him", "her", "them", "holder", "owner", "cardholder", "accountholder", "policyholder",
     "member", "patient"}
)  # fmt: skip
"""Who alone gets another's data: "nobody but him", "no one except the account holder"."""

_MAKES = frozenset({"makes", "made", "renders", "rendered", "making", "rendering"})

_RULES = RULE_NOUNS | frozenset({"checks", "controls", "safeguards", "process"})
"""Before "exist to stop": the house's rules (`RULE_NOUNS`) and the checks that enforce them."""

_STOP = frozenset({"stop", "prevent", "block", "catch", "rule"})
"""After "exist to" or "are there to": what a rule of the house is for ("exist to stop")."""


def _ours(r: Reasons, k: int) -> bool:
    """The word at `k` is I or we, or ends a unit of ours ("our coaches", "the hotel")."""
    w = r.word(k)
    if w in _WE:
        return True
    return w in HOUSE | SPEAKERS and r.word(k - 1) in {"our", "the", "this"} | HOUSE | SPEAKERS


def kept_to_ourselves(r: Reasons, i: int) -> Found | None:
    """At "itself" or "ourselves" of "keeps to itself", or "wraps" of "stays under wraps"."""
    start = r.s.clause_start[r.s.clause[i]]
    if r.s.negation[i] >= start:
        return None  # "nothing stays under wraps", "we don't keep it to ourselves"
    if r.w[i] == "wraps":
        if r.word(i - 1) != "under" or r.word(i - 2) not in _STAYS:
            return None
        first = r.subject_start(i - 2)
        first += r.word(first) in {"and", "but", "so"}  # "..., and it stays under wraps"
        if r.word(first) in {"you", "your"} or r.word(i - 2) == "kept" and r.word(i - 3) == "be":
            return None  # "your PIN stays under wraps", "it should be kept under wraps"
        if not {"until", "till"}.isdisjoint(r.w[i + 1 : i + 3]):
            return None  # "the surprise menu stays under wraps until Friday": for a while
        return ("declines", first, i + 1, None)
    if r.word(i - 1) != "to":
        return None
    k = i - 2 - (r.word(i - 2) in {"it", "that", "this", "them"})  # "keep that to ourselves"
    if r.word(k) not in _KEEPS:
        return None
    who = k - 1 - (r.word(k - 1) in {"will", "always", "just", "simply"})
    if not _ours(r, who) or (r.w[i] == "ourselves") != (r.word(who) == "we"):
        return None  # "the hotel keeps to itself", "we keep that to ourselves"
    return ("declines", max(start, who - 1), i + 1, None)


def kept_out(r: Reasons, i: int) -> Found | None:
    """At "out" of "stay out of it", or "clear" of "steer clear of": the house keeps out."""
    if r.w[i] == "clear":
        if r.word(i - 1) not in {"steer", "steers"} or r.word(i + 1) != "of":
            return None
        v = i - 1
    else:
        if r.word(i - 1) not in _KEEPING_OUT or r.word(i + 1) != "of":
            return None
        if r.word(i + 2) not in _MATTERS:
            return None
        v = i - 1
    k = v - 1
    while k > v - 4 and r.word(k) in {"will", "would", "'ll", "must", "always", "just", "to"}:
        k -= 1  # "our coaches will stay out of it", "we have to steer clear of"
    if r.word(k) == "have":
        k -= 1
    if not _ours(r, k) or r.s.question or r.hypothetical(i):
        return None
    start = r.s.clause_start[r.s.clause[i]]
    if r.s.negation[i] >= start or "until" in r.w[i + 2 : i + 6]:
        return None  # "we won't stay out of it", "we'll stay out of it until you decide"
    first = k - 1 if r.word(k) not in _WE and r.word(k - 1) in {"our", "the", "this"} else k
    return ("declines", first, i + 3, None)


def none_but_them(r: Reasons, i: int) -> Found | None:
    """At "but" or "except" of "to nobody but him": another's data, given to them alone."""
    k = i - 1
    if r.word(k) == "one" and r.word(k - 1) == "no":
        k -= 1
    elif r.word(k) not in _NO_ONE:
        return None
    if r.word(k - 1) not in {"to", "with"} or r.word(k - 2) not in _SENT:
        return None
    whom = r.w[i + 1 : min(r.n, i + 4)]
    if _OWNERS.isdisjoint(whom) or "you" in whom or "your" in whom:
        return None  # not "shared with no one but you": the customer's own, kept safe
    if r.s.question or r.hypothetical(i) or r.s.negation[k - 2] >= r.subject_start(k - 2):
        return None
    return ("declines", r.subject_start(k - 2), i + 2, None)


def made_ineligible(r: Reasons, i: int) -> Found | None:
    """At "ineligible" (or "eligible" after "not") after "which makes it": rendered ineligible."""
    a = i - 1 - (r.w[i] == "eligible")
    if r.w[i] == "eligible" and r.word(i - 1) != "not":
        return None
    if r.word(a) not in {"it", "this", "them", "the", "your"}:
        return None
    v = a - 1 if r.word(a) in {"it", "this", "them"} else -1
    if v < 0 or r.word(v) not in _MAKES or r.word(v - 1) not in {"which", "that", "this"}:
        return None  # "..., which makes it ineligible"; not "it makes sense"
    if r.s.question or r.hypothetical(i):
        return None
    return ("declines", v - 1, i + 1, None)


def rules_stop(r: Reasons, i: int) -> Found | None:
    """At "exist" or "exists" of "what our rules exist to stop": the act asked, prevented."""
    if r.word(i + 1) != "to" or r.word(i + 2) not in _STOP:
        return None
    k = i - 1
    if r.word(k) not in _RULES or r.word(k - 1) not in {"our", "the"}:
        return None
    if r.word(k - 2) != "what" or r.s.question or r.hypothetical(i):
        return None
    start = r.s.clause_start[r.s.clause[i]]
    if r.s.negation[i] >= start:
        return None  # "that isn't what our rules exist to stop"
    return ("outside our remit", r.subject_start(k - 2), i + 3, None)


def understated(r: Reasons, i: int) -> Found | None:
    """The understated refusal anchored at `i`, if any (see the module's shapes)."""
    w = r.w[i]
    if w in {"itself", "ourselves", "wraps"}:
        return kept_to_ourselves(r, i)
    if w in {"out", "clear"}:
        return kept_out(r, i)
    if w in {"but", "except"}:
        return none_but_them(r, i)
    if w in {"ineligible", "eligible"}:
        return made_ineligible(r, i)
    if w in {"exist", "exists"}:
        return rules_stop(r, i)
    return None

"""An inability read as a fault of the moment that a permission or a stated rule explains.

The refusal rules (`_refusals`) set aside "I can't look up ...", "I'm unable to tell you
...", "I can't connect ..." as a failure when the verb is one a broken system also stops
("look up", "tell", "connect", `_refusal_words.FAILURES`): "I can't look up your order,
the system is down". Two shapes say the inability is a rule's instead, wherever the verb:

* a permission denied between the modal and the verb ("we are not authorized for telling
  in which room your colleague is staying", "I'm not permitted to look up ..."): a fault
  does not authorise or permit anything;
* a reason before it in the same sentence, joined by "so", that names whose the thing is
  or the tier it is kept for ("that email address belongs to a different customer, so I'm
  not able to view its orders", "custom domains are only on Business and above, so I can't
  connect shop.example.com to your Personal plan"): "belongs to", "registered to", "in
  someone's name", or "only" before "on", "for", "to", "with" or "available"; with no word
  of a fault in that reason (not "the portal only works on desktop right now because of
  an outage, so I can't open it").

Rounds 115, 203 and 209 wrote them. Each look is at the words of one sentence before the
subject (at most 24 of them), so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_words import TECHNICAL

__all__ = ["not_a_fault"]

_PERMISSION = frozenset(
    {"authorized", "authorised", "permitted", "allowed", "entitled", "licensed"}
)
"""A permission: what a rule grants or withholds, never what a fault stops."""

_OWNED = (("belongs", "to"), ("belong", "to"), ("registered", "to"), ("registered", "in"))
"""Whose a thing is: "that address belongs to a different customer"."""

_KEPT_FOR = frozenset({"on", "for", "to", "with", "available", "in"})
"""After "only": the tier or the people a thing is kept for ("only on Business")."""

_FAULTS = TECHNICAL | {
    "problem", "problems", "issue", "issues", "broken", "fault", "failure", "crashed",
    "unavailable", "loading", "works", "working",
}  # fmt: skip
"""Words of a fault: a reason holding one may be a fault's after all."""

_REACH = 24
"""The most words of the reason read before the subject."""


def not_a_fault(w: list[str], start: int, modal: int, verb: int) -> bool:
    """The inability of the subject at `start`, modal at `modal`, verb at `verb` is a rule's.

    `w` is the sentence's words; see the module for the two shapes.
    """
    if not _PERMISSION.isdisjoint(w[modal:verb]):
        return True
    so = start - 1
    if so < 1 or w[so] != "so":
        return False
    reason = w[max(0, so - _REACH) : so]
    if reason[-1:] == [","]:
        reason = reason[:-1]
    for mark in ("—", "–", ";", ":", "."):  # the reason is the clause just before "so"
        if mark in reason:
            reason = reason[len(reason) - reason[::-1].index(mark) :]
    if not _FAULTS.isdisjoint(reason):
        return False
    pairs = set(zip(reason, reason[1:], strict=False))
    if any(pair in pairs for pair in _OWNED):
        return True
    return any(a == "only" and b in _KEPT_FOR for a, b in pairs)

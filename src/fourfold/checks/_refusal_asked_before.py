"""A "will not" that names the act the customer asked for, restated just before it.

A reply often says back what was asked before it answers (dev round 264): "You asked us to
add the laptop to the burglary claim even though you told us it wasn't taken. We won't
include items that weren't stolen", "I see you've asked us to move the booking to your
name. We won't be transferring it". What "we won't" does is then the act asked for, so it
declines it, whatever its verb: the same verb as the request's, or one of the same act
(`_SAME_ACTS`: "add" and "include", "move" and "transfer"). A "will not" of another act
answers no request ("You asked us to keep the seat. We won't release it": kept as asked),
and one for now ("... we won't add it until the report arrives") is left for now.

`asked_before` is read by `_refusal_will.taken_up` at the verb after "will not", after the
verbs that decline by their own meaning. It reads the reply's 240 characters before the
sentence and the sentence up to the verb, so its cost is bounded at each "will not".
"""

from __future__ import annotations

from ._refusal_reasons import Reasons

__all__ = ["asked_before"]

_ASKING = frozenset({"asked", "asking", "requested", "request", "want", "wanted", "like"})
"""Before "us to" or "me to": the customer's request ("you asked us to", "your request to")."""

_SAME_ACTS = (
    frozenset({"add", "include", "put", "list", "attach"}),
    frozenset({"move", "transfer", "switch", "change", "reassign", "port"}),
    frozenset({"remove", "delete", "erase", "drop", "wipe"}),
    frozenset({"mark", "record", "log", "note", "flag", "change"}),
    frozenset({"refund", "reimburse", "repay", "return"}),
    frozenset({"waive", "cancel", "remove", "drop"}),
)
"""Verbs of one act: a request for the one is declined by "we won't" and another."""

_FOR_NOW = frozenset({"until", "till", "yet", "before", "today", "tonight", "tomorrow"})
"""After the verb: the act is left for now, not declined ("we won't add it until Friday")."""


def _bases(word: str) -> set[str]:
    """What `word` may be the form of: itself, or its -ing form's stem ("including")."""
    if not word.endswith("ing") or len(word) < 5:
        return {word}
    stem = word[:-3]
    return {word, stem, stem + "e", stem[:-1]}


def asked_before(r: Reasons, v: int) -> str | None:
    """Whether "will not" before the verb at `v` declines an act the reply restated as asked.

    Returns "declines", "temporary" when it is for now, or None when no request before the
    sentence (or in it, before the verb) names the same act.
    """
    said = [*r.words_before(0, 240), *r.w[:v]]
    asked: str | None = None
    for k in range(len(said) - 3, -1, -1):
        if said[k] in _ASKING and said[k + 1] in {"us", "me", "to"}:
            at = k + 2 if said[k + 1] != "to" else k + 1
            if said[at] == "to" and at + 1 < len(said):
                asked = said[at + 1]
                break
    if asked is None:
        return None
    done = _bases(r.w[v])
    if asked not in done and not any(asked in same and done & same for same in _SAME_ACTS):
        return None
    if not _FOR_NOW.isdisjoint(r.w[v + 1 : v + 9]):
        return "temporary"
    return "declines"

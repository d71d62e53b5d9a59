"""Refusals told with the subject left out: a case note's or a chat's bare clause.

An agent's summary of its own turn, or a terse chat reply, drops its "I" or "we":

- **unable to**: "Unable to split the payment across three cards, sorry" (`bare_unable`);
  the verb after it still tells a failure to find or reach ("Unable to locate the order")
  by `Reasons.classify`;
- **declined to**: "Declined to merge the two accounts", "we refused to reissue it", a past
  decline by the agent, with its verb after "to" (`declined_to`);
- **did not**: "Did not advise on VAT registration", "Did not disclose the number", a note
  that the agent withheld a service (`did_not_serve`);
- **not happening**: "Backdating the report — not happening, sorry", "that's not happening",
  a bare verdict on the act asked for (`not_happening`).

Each opens a clause (after lead-ins such as "sorry" or "nah" only) and is no question; each
reads a few tokens after its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_declining import bare_opening
from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import SERVICE

__all__ = ["NOTE_ANCHORS", "noted_refusal"]

NOTE_ANCHORS = frozenset({"unable", "declined", "refused", "not"})
"""The words `noted_refusal` anchors at."""

_FIRST = frozenset({"i", "we"})

_ENDS = frozenset({",", ".", "!", ";", "—", "–", "-", ")", "…"})
"""What may close a bare verdict: "not happening, sorry", "not happening!"."""

_JOINS = frozenset({"and", "but", "so", "or", "then", "yet"})
"""Before a verb that shares the subject of the clause before it."""

_THAT = frozenset({"that", "this"})
"""The act as the subject of "not happening": "that's not happening"."""


def _opens(r: Reasons, i: int) -> bool:
    """The clause opens at `i`, after lead-ins only ("Sorry, unable to..."), or at a dash.

    Not after a joining word, which shares the subject before it ("the committee met and
    did not approve it", "the bank checked but refused to pay").
    """
    if r.word(i - 1) in _JOINS:
        return False
    return bare_opening(r, i - 1) or r.word(i - 1) in {"—", "–", ":"}


def _verb_after_to(r: Reasons, i: int) -> int:
    """After the anchor at `i`, "to" and a verb: the verb's index, or -1."""
    if r.word(i + 1) != "to" or not r.word(i + 2).isalpha():
        return -1
    return i + 2


def bare_unable(r: Reasons, i: int) -> Found | None:
    """At "unable", opening its clause: "Unable to split the payment, sorry"."""
    if not _opens(r, i) or r.s.question:
        return None
    v = _verb_after_to(r, i)
    if v < 0:
        return None
    return ("cannot or will not", i, v + 1, r.classify(v))


def declined_to(r: Reasons, i: int) -> Found | None:
    """At "declined" or "refused", said by the agent or with no subject, and "to" a verb."""
    v = _verb_after_to(r, i)
    if v < 0 or r.s.question or r.s.negation[i] >= 0:
        return None
    if r.word(i - 1) in _FIRST:
        return ("declines", i - 1, v + 1, None)  # "we declined to reissue it"
    if not _opens(r, i):
        return None  # not "the bank refused to pay", someone else's
    return ("declines", i, v + 1, None)


def did_not_serve(r: Reasons, i: int) -> Found | None:
    """At "not" of a bare "did not" and a verb of service: "Did not advise on VAT"."""
    if r.word(i - 1) != "did" or not _opens(r, i - 1) or r.s.question:
        return None
    v = i + 1
    if r.word(v) not in SERVICE:
        return None
    return ("cannot or will not", i - 1, v + 1, r.classify(v))


def not_happening(r: Reasons, i: int) -> Found | None:
    """At "not" of a bare verdict "not happening" that ends its clause.

    "Backdating the report — not happening, sorry", "Nope, not happening", "that's not
    happening"; not "the delivery is not happening today" (a fact about a thing).
    """
    if r.word(i + 1) != "happening" or r.s.question:
        return None
    if i + 2 < r.n and r.w[i + 2] not in _ENDS:
        return None
    if _opens(r, i):
        return ("declines", i, i + 2, None)
    if r.word(i - 1) == "is" and r.word(i - 2) in _THAT and _opens(r, i - 2):
        return ("declines", i - 2, i + 2, None)
    return None


def noted_refusal(r: Reasons, i: int) -> Found | None:
    """The bare-clause refusal anchored at `i`, if any (see the module's shapes)."""
    w = r.w[i]
    if w == "unable":
        return bare_unable(r, i)
    if w in {"declined", "refused"}:
        return declined_to(r, i)
    if w == "not":
        return did_not_serve(r, i) or not_happening(r, i)
    return None

"""The rule "declines": the speaker or the house says it declines, turns down or passes on.

"I must decline", "I'm going to have to say no", "we had to turn it down", "the venue will
have to decline", "Gonna have to say no to that" (in chat, "I'm" left out), "we shall be
passing on the offer", "we must refrain from changing it" (`declines`, at the verb, from
`declining_verb`). Not the business declining in the present ("the club declines requests to
pause": a habit, not this answer), nor negated, and not "pass on" that relays a message
("we'll pass on your feedback to the team", "I'm passing on your comments": `_relays`).
`bare_opening` tells a clause that leaves its "I'm" out. Stepping out is declining too: "I'll
have to bow out of that one", "we'll play no part in removing records", "that's where I draw
the line", "I'd be overstepping if I told you" (`_steps_out`, `draws_line`). Each reads a few
words around the verb, so the cost stays linear.
"""

from __future__ import annotations

from ._refusal_house import speaker_start
from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_relayed import stands_for_ours
from ._refusal_words import ADDRESSED, BEFORE_DECLINE, CHAT_MODALS, DECLINE, DECLINES, LEAD_INS

__all__ = ["DECLINING_ANCHORS", "bare_opening", "declines", "declining_verb", "draws_line"]

DECLINING_ANCHORS = frozenset({"bow", "part"})
"""The words `steps_out` anchors at, besides those of `declining_verb`."""

_FIRST = frozenset({"i", "we"})
_TURN = frozenset({"turn", "turned", "turning"})
_IT = frozenset({"it", "this", "that", "them", "these", "those"})
"""A decline's object between "turn" and "down": "we had to turn it down this time"."""

_PASS = frozenset({"pass", "passing"})

_BEFORE = BEFORE_DECLINE | frozenset({"be", "shall"})
"""Between "we" and the verb, with the progressive: "we shall be passing on the offer"."""

_MESSAGES = frozenset(
    {"feedback", "message", "messages", "comments", "comment", "thanks", "concerns", "concern",
     "details", "note", "suggestion", "suggestions", "compliments", "information",
     "query", "complaint", "info", "praise", "regards"}
)  # fmt: skip
"""What "pass on" relays to someone, not declines: "your feedback", "my thanks"."""

_WHOSE = frozenset(
    {"your", "my", "our", "his", "her", "their", "the", "this", "that", "these", "those", "a"}
)
"""Before the message relayed: "pass on your feedback", "pass on a note" (not "pass on
handwritten notes": what is not offered is declined)."""


def declining_verb(r: Reasons, i: int) -> bool:
    """At `i`, a verb of declining: "decline", "say no", "turn (it) down", "pass on"."""
    w, nxt = r.w[i], r.word(i + 1)
    return (
        w in DECLINE
        or w in DECLINES
        or (w == "say" and nxt == "no")
        or (w == "turn" and nxt == "down")
        or (w in _TURN and nxt in _IT and r.word(i + 2) == "down")
        or (w in _PASS and nxt == "on")
        or (w == "refrain" and nxt == "from")  # "we must refrain from changing it"
        or _steps_out(r, i) > 0
    )


def _steps_out(r: Reasons, i: int) -> int:
    """At "bow" of "bow out of", or "part" of "play/take no part in": where the verb starts.

    "I'll have to bow out of that one", "we'll play no part in removing records"; 0 if not.
    """
    w, nxt = r.w[i], r.word(i + 1)
    if w == "bow" and nxt == "out" and r.word(i + 2) == "of":
        return i
    no_part = w == "part" and nxt == "in" and r.word(i - 1) == "no"
    return i - 2 if no_part and r.word(i - 2) in {"play", "take", "have"} else 0


def draws_line(r: Reasons, i: int) -> Found | None:
    """At "draw" of "draw the line", or at "overstepping" of "I'd be overstepping": declines.

    "That's where I draw the line", "I have to draw the line at writing it for you", "I'd be
    overstepping if I told you which plan to buy".
    """
    if r.w[i] in {"draw", "drawing"} and r.w[i + 1 : i + 3] == ["the", "line"]:
        who = next((k for k in range(i - 1, max(-1, i - 5), -1) if r.w[k] in _FIRST), -1)
        if who >= 0 and not r.s.question:
            return ("declines", who, i + 3, None)
    if r.w[i] == "overstepping" and r.word(i - 1) == "be" and r.word(i - 2) == "would":
        if r.word(i - 3) in _FIRST:
            return ("cannot or will not", i - 3, i + 1, None)
    return None


def bare_opening(r: Reasons, k: int) -> bool:
    """The clause opens at `k`, after lead-ins ("sorry", "ok") only; no question.

    "Not able to do that one, sorry!" leaves its "I'm" out; so does "sorry hun, not able to",
    whose lead-in is followed by whom it speaks to (`ADDRESSED`).
    """
    start = r.s.clause_start[r.s.clause[max(k, 0)]]
    leads = LEAD_INS | {"sry", "nope", "nah", "hey"}
    if r.word(k) in ADDRESSED and k > start and r.word(k - 1) in leads:
        k -= 1  # "sorry mate not able to do that one"
    while k >= start and r.is_word(k) and r.word(k) in leads:
        k -= 1
    return (k < start or not r.is_word(k)) and not r.s.question


def _relays(r: Reasons, i: int) -> bool:
    """At "pass" of "pass on": a message handed on to someone, not a thing declined."""
    k = i + 2 + (r.word(i + 2) in _WHOSE)
    return r.word(k) in _MESSAGES  # "pass on your feedback", "pass on this information"


def declines(r: Reasons, i: int) -> Found | None:
    """At a verb of `declining_verb`: who declines, and the verb; or None."""
    if r.w[i] in _PASS and _relays(r, i):
        return None
    verb = _steps_out(r, i) or i  # "we'll play no part in": from "play"
    k = verb - 1
    while k > verb - 8 and r.word(k) in _BEFORE:
        k -= 1
    house = speaker_start(r.s, k)  # "the venue will have to decline"
    if house is None and r.word(k) in {"they", "he", "she"} and stands_for_ours(r, k):
        house = k  # "I discussed with our warranty team. They refuse to register it as June"
    if r.word(k) not in _FIRST and house is None:
        if r.word(k + 1) not in CHAT_MODALS or not bare_opening(r, k):
            return None
        house = k + 1  # "Gonna have to say no to that", in chat: "I'm" left out
    if r.w[i] in DECLINES and house is None:
        return None  # "the club declines requests": the business, in the present
    k = k if house is None else house
    if r.s.negation[i] >= k and verb == i:
        return None
    end = i + 2 if r.w[i] in {"say", "turn", "refrain", "bow", "part"} | _PASS else i + 1
    end += r.w[i] == "bow"  # "bow out of"
    end += r.w[i] in _TURN and r.word(i + 1) in _IT  # "we had to turn it down"
    return ("declines", k, end, None)

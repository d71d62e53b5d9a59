"""A cap named as a number, and the request said to go past it: "the fund tops out at $2,500".

A reply declines a request for more than a rule allows by naming the rule's highest number
and saying, before or after it, that the request does not fit (`cap_reached`, rule "not
possible": the ask is over the cap):

- "the max" or "the maximum" ("your plan already has the max of 5 devices linked, so a
  sixth won't fit", "that's the max we can do");
- "max" or "maximum" before a number ("policy allows max 6 instalments ... told cust 12 not
  available");
- "no more than" a number ("no more than five devices can be registered to one account ...
  so it won't go through");
- "tops out at" ("the fund tops out at $2,500 per project, so the $6,000 you asked for is
  more than we can award").

The cap alone is plain information ("the max is 2 per household and you've only ordered
one, so I've added the second"); what makes it a no is a word of not fitting within the
sentence or the 160 characters either side of it: a negation ("won't fit", "not
available"), "more than we can", "sadly", "unfortunately", "sorry", "declined",
"rejected". Not a question or a condition ("if that is the case I can't add 3 GB"), not a time it
takes ("it should arrive in maximum 5 working days"), and not
a cap granted up to ("I've given you the maximum of 4", the negation not near). Reads a
fixed window of characters around the anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["CAP_ANCHORS", "cap_reached"]

CAP_ANCHORS = frozenset({"max", "maximum", "more", "tops"})
"""The words `cap_reached` anchors at."""

_NUMBERS = frozenset(
    {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve"}
)

_NOT_FITTING = frozenset(
    {"not", "no", "never", "sadly", "unfortunately", "sorry", "declined", "rejected"}
)
"""Near the cap: the request does not fit under it ("won't fit", "not available")."""

_IFS = frozenset({"if", "unless", "whether", "when", "once"})
"""Right before the cap's sentence part: a condition, not this request ("if that is the case")."""

_TIMES = frozenset({"minutes", "hours", "days", "weeks", "months", "working", "business"})
"""After the cap's number: a time it takes ("maximum 5 working days"), not a cap on an ask."""

_REACH = 160
"""Characters read on either side of the cap for a word of not fitting."""


def _is_number(word: str) -> bool:
    return word in _NUMBERS or any(ch.isdigit() for ch in word)


def cap_reached(r: Reasons, i: int) -> Found | None:
    """At "max", "maximum", "more" or "tops": a cap named as a number, and the ask past it."""
    w = r.w[i]
    if w in {"max", "maximum"}:
        named = r.word(i - 1) == "the" or _is_number(r.word(i + 1))
        end = i + 1 + (r.word(i + 1) == "of")
        if not named:
            return None
    elif w == "more":
        if r.word(i - 1) != "no" or r.word(i + 1) != "than" or not _is_number(r.word(i + 2)):
            return None
        end = i + 3
        i -= 1
    else:
        if r.word(i + 1) != "out" or r.word(i + 2) != "at":
            return None
        end = i + 3
    if _asked(r, i) or r.hypothetical(i):
        return None
    end = min(end, r.n)
    before = r.words_before(i, _REACH)
    after = r.words_after(end - 1, _REACH)
    if _IFS & set(before[-12:]) or {"if", "whether"} & set(r.w):
        return None  # "on some plans the maximum is 2 GB, and if that is the case..."
    if r.word(i - 1) in {"in", "within"} or _TIMES & set(r.w[end : end + 3]):
        return None  # "it should arrive in maximum 5 working days": a time, not a cap
    near = before + after  # not the cap's own "no more than"
    if not (_NOT_FITTING & set(near) or _more_than_we_can(after)):
        return None
    return ("not possible", i, end, None)  # over the cap


def _more_than_we_can(words: list[str]) -> bool:
    """The ask past what is allowed: "more than we can award", "more than I can approve"."""
    return any(
        words[k] == "more" and words[k + 1 : k + 3] in (["than", "we"], ["than", "i"])
        for k in range(len(words) - 2)
    )


def _asked(r: Reasons, i: int) -> bool:
    """The cap stands in a question: the first stop after it is "?" ("is 5 the max?")."""
    stop = next((x for x in r.w[i:] if x in {".", "!", "?", ";"}), "")
    return stop == "?"

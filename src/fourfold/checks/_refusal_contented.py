"""Contentment told with "can't": nothing better could be asked for, so nothing is declined.

"Twelve on-time payments in a row — can't ask for better than that!", "we couldn't hope for
more", "I couldn't wish for anything nicer": a verb of wanting ("ask", "hope", "wish":
`_WISHING`) with "for" and a comparative (`_BETTER`) says that what is there is as good as
it gets, as "I couldn't be happier" and "I couldn't agree more" do (dev round 298). The
comparative ends its clause ("for more!", "for better, honestly") or is measured against
what was just told ("better than that", "more than this"); "anything", "any" or "much" may
stand before it.

Not a request declined that names what more was asked: "I can't ask for more time on your
behalf", "we can't ask for more than two refunds a year", "I can't ask the lender for a
better rate" ("for" does not follow the verb), "I can't ask for a better rate for you" (a
noun after "a better": declined). `asks_no_more` reads at most six words after the verb.
"""

from __future__ import annotations

__all__ = ["asks_no_more"]

_WISHING = frozenset({"ask", "hope", "wish"})
"""Verbs of wanting that take "for": "can't ask for", "couldn't hope for"."""

_BETTER = frozenset(
    {"better", "more", "nicer", "fairer", "kinder", "quicker", "faster", "sooner",
     "smoother", "happier", "easier"}
)  # fmt: skip
"""Comparatives of what is wanted: "couldn't ask for better", "can't hope for more"."""

_BEFORE_BETTER = frozenset({"anything", "any", "much"})
"""Between "for" and the comparative: "couldn't ask for anything more"."""

_TOLD = frozenset({"that", "this", "it", "these", "those"})
"""After "than": what was just told ("better than that")."""


def _ends(words: list[str], k: int) -> bool:
    """Nothing more is said in the clause at `k`: the text's end or a mark."""
    return k >= len(words) or not words[k][:1].isalnum()


def asks_no_more(words: list[str], v: int, base: str) -> bool:
    """The verb at `v` (its base `base`), after "can't", says nothing better is wanted."""
    if base not in _WISHING:
        return False
    k = v + 1
    if words[k : k + 1] != ["for"]:
        return False
    k += 1
    if k < len(words) and words[k] in _BEFORE_BETTER:
        k += 1  # "couldn't ask for anything more"
    if k >= len(words) or words[k] not in _BETTER:
        return False
    if words[k + 1 : k + 2] == ["than"]:
        return k + 2 < len(words) and words[k + 2] in _TOLD and _ends(words, k + 3)
    return _ends(words, k + 1)

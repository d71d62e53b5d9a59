"""A named limit said not to be raised: "that limit isn't raised for single purchases".

After a limit has been named ("daily card spending is capped at £5,000"), the reply declines
a request to go past it by saying the limit is not raised, lifted, increased or extended
(`limit_not_raised`, rule "not possible"). The subject is a limit noun ("limit", "cap",
"ceiling", "allowance", "maximum") with at most a determiner or two words before "is" or
"are"; not a question or a condition, and not for a while ("isn't raised until your first
statement" is a time, not a refusal). Reads a fixed window around "not", so the cost stays
linear in the text.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["limit_not_raised"]

_LIMITS = frozenset({"limit", "limits", "cap", "caps", "ceiling", "allowance", "maximum"})

_RAISED = frozenset({"raised", "lifted", "increased", "extended", "waived", "exceeded"})

_FOR_A_WHILE = frozenset({"until", "till", "before", "yet", "automatically"})


def limit_not_raised(r: Reasons, i: int) -> Found | None:
    """At "not": "that limit isn't raised", "the cap is not lifted for one-off payments"."""
    if r.word(i - 1) not in {"is", "are"} or r.word(i + 1) not in _RAISED:
        return None
    if r.word(i + 2) in _FOR_A_WHILE or r.s.question or r.hypothetical(i):
        return None
    limit = next((k for k in range(i - 2, max(-1, i - 5), -1) if r.w[k] in _LIMITS), -1)
    if limit < 0 or not all(r.is_word(k) for k in range(limit, i)):
        return None
    return ("not possible", r.subject_start(i), i + 2, None)

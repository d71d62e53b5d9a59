"""A refusal of a way, with the request then met another: "can't be split automatically, but...".

A refusal may rule out only a way of doing what was asked, and the agent then does it another
way: "The gift card balance can't be split automatically, but I've applied $30 to this
order", "We can't ship lithium batteries by air, so I've switched it to ground", "Your two
orders can't be combined automatically, but I've merged them by hand". The request is met,
so nothing is declined; the refusal rules (`_refusals`) set such a refusal aside for the
reason ``another way``.

`done_another_way` looks for a way or a means in the refusal's clause after its verb
(`_WAYS`: "automatically", "online", "remotely"; "by" and a means of `_MEANS`: "by air", "by
cheque"; "through the app"), then, past a mark or "and", "but" or "so" and I or we have done
something: a participle in -ed, or an irregular one (`_DONE`: "put", "sent", "made"), in
the same sentence. Not a hand-over or a note (`_HANDED_OVER`: "but I've passed it to
billing", "flagged it"), not what is someone else's ("your husband's details by email",
`Reasons.third_party`), nor help still to come ("so I'd suggest...").

It reads at most 12 words after the refusal's verb and a few after its clause.
"""

from __future__ import annotations

from ._refusal_reasons import Reasons

__all__ = ["done_another_way"]

_WAYS = frozenset(
    {"automatically", "online", "electronically", "digitally", "instantly", "together",
     "remotely", "via"}
)  # fmt: skip
"""A way of doing what was asked, which a refusal may rule out while the request is met
another way: "can't be split automatically", "can't be applied online"."""

_MEANS = frozenset(
    {"air", "sea", "post", "mail", "courier", "road", "rail", "email", "e-mail", "phone",
     "text", "cheque", "check", "cash", "card", "transfer", "hand"}
)  # fmt: skip
"""After "by": a means ruled out ("can't ship batteries by air", "refunds by cheque")."""


def _by_way(words: list[str]) -> bool:
    """The words name a way or a means: `_WAYS`, "by" a `_MEANS`, "through the app"."""
    for k, x in enumerate(words):
        nxt = words[k + 1] if k + 1 < len(words) else ""
        if x in _WAYS or (x == "by" and nxt in _MEANS):
            return True
        if (
            x in {"through", "in"}
            and nxt == "the"
            and words[k + 2 : k + 3]
            in (
                ["app"],
                ["website"],
                ["portal"],
                ["system"],
            )
        ):
            return True  # "can't be processed through the app"
    return False


_DONE = frozenset(
    {"put", "set", "sent", "made", "done", "got", "given", "split", "paid", "kept", "moved",
     "taken", "brought", "built"}
)  # fmt: skip
"""Irregular participles of what the agent did instead: "so I've put the $40 back"."""

_HANDED_OVER = frozenset(
    {"passed", "forwarded", "escalated", "referred", "raised", "flagged", "noted", "logged",
     "asked", "requested", "reported", "messaged", "emailed", "contacted", "transferred",
     "declined", "refused", "rejected", "closed", "cancelled", "canceled"}
)  # fmt: skip
"""What the agent did that meets no request: a hand-over, a note, a decline."""


def done_another_way(r: Reasons, start: int, end: int) -> bool:
    """The refusal from `start` to `end` rules out a way, and the agent then did it another.

    "The gift card balance can't be split automatically, but I've applied $30 to this
    order", "We can't ship lithium batteries by air, so I've switched it to ground": a way
    or a means in the refusal's clause after its verb (`_WAYS`: "automatically", "online",
    "by air", "by cheque", "through the app"), then "but" or "so" and I or we have done
    something, in the same sentence. Not a hand-over or a note ("but I've passed it to
    billing", "flagged it"), not what is someone else's ("your husband's details by
    email"), nor help still to come ("so I'd suggest..."). Reads at most 12 words after
    the verb and 6 after the clause.
    """
    clause_end = r.s.clause_end(r.s.clause[end - 1])
    after = r.w[end : min(clause_end, end + 12)]
    if not _by_way(after) or r.third_party(start, clause_end):
        return False
    k = clause_end
    while k < min(r.n, clause_end + 3) and r.w[k] in {",", ";", "—", "-", "and"}:
        k += 1
    if r.word(k) not in {"but", "so"} or r.word(k + 1) not in {"i", "we"}:
        return False
    if r.word(k + 2) != "have":
        return False
    v = k + 3
    if r.word(v) in {"just", "already", "now", "also"}:
        v += 1
    done = r.word(v)
    return (done.endswith("ed") or done in _DONE) and done not in _HANDED_OVER

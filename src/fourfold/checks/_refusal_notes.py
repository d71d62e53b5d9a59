"""Refusals told with the subject left out: a case note's or a chat's bare clause.

An agent's summary of its own turn, or a terse chat reply, drops its "I" or "we":

- **unable to**: "Unable to split the payment across three cards, sorry" (`bare_unable`);
  the verb after it still tells a failure to find or reach ("Unable to locate the order")
  by `Reasons.classify`;
- **declined to**: "Declined to merge the two accounts", "we refused to reissue it", a past
  decline by the agent, with its verb after "to" (`declined_to`);
- **did not**: "Did not advise on VAT registration", "Did not disclose the number", a note
  that the agent withheld a service (`did_not_serve`);
- **request declined**: "explained it isn't our role; request turned down, pointed him to
  Make Offer", a note's request and its answer, with no "was" (`request_answered`);
- **not happening**: "Backdating the report — not happening, sorry", "that's not happening",
  a bare verdict on the act asked for (`not_happening`);
- **change not made**: "Caller failed ID. Address change NOT made; cards still go to the
  old address", a note's request named by its noun and "not" with a participle of doing,
  with no "was" (`request_not_done`, round 302).
- **log verdict** (the fifteenth pass, rounds 203, 218 and 226): an agent log's own verdict
  on a step asked for, as a label: "Declined: card is registered to the employee", "Lookup
  refused: order #55812 belongs to a different customer" (the verdict, perhaps after one
  noun, then a colon), "Skipped the refund because the booking was non-refundable" ("skipped"
  opening its clause, its reason within eight tokens), "Result: not applied — accounts on a
  contract can't move" ("not" and a participle of doing after a result's label). Not a
  payment's verdict ("Payment declined: insufficient funds", "Card rejected:": `_PAID`),
  nor a step skipped with no reason given ("Skipped the intro").

Each opens a clause (after lead-ins such as "sorry" or "nah" only) and is no question; each
reads a few tokens after its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_declining import bare_opening
from ._refusal_passive import Found
from ._refusal_reasons import Reasons, base_form
from ._refusal_words import DECIDED_REQUESTS, REQUEST_NOUNS, SERVICE

__all__ = ["NOTE_ANCHORS", "noted_refusal"]

NOTE_ANCHORS = frozenset(
    {"unable", "declined", "refused", "not", "rejected", "denied", "turned", "skipped"}
)
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
    if r.w[i + 1 : i + 4] == ["going", "to", "happen"] and not r.s.question:
        return _not_going_to_happen(r, i)
    if r.word(i + 1) != "happening" or r.s.question:
        return None
    if i + 2 < r.n and r.w[i + 2] not in _ENDS:
        return None
    if _opens(r, i):
        return ("declines", i, i + 2, None)
    if r.word(i - 1) == "is" and r.word(i - 2) in _THAT and _opens(r, i - 2):
        return ("declines", i - 2, i + 2, None)
    return None


def request_answered(r: Reasons, i: int) -> Found | None:
    """At a note's answer after a request that opens its clause, with no "was" between.

    "request turned down, pointed him to the Make Offer button", "Refund request declined -
    outside the window" (dev round 278): a case note tells the answer to what was asked. Not
    a bank's ("payment request declined by your bank"), nor a question.
    """
    end = i + 1 + (r.w[i] == "turned")
    if r.w[i] == "turned" and r.word(i + 1) != "down" or r.s.question:
        return None
    if r.word(i - 1) not in DECIDED_REQUESTS:
        return None
    k = i - 1 - (r.is_word(i - 2) and r.word(i - 2).isalpha() and r.word(i - 2) != "your")
    if not (_opens(r, k) or r.word(k - 1) in {";", ":"}) or r.word(k) in _FIRST:
        return None  # "refund request declined"; not "the bank's request ..."
    if r.word(end) == "by" and r.word(end + 1) not in {"us", "me", "our"}:
        return None
    return ("declines", k, end, None)


_DONE = frozenset({"made", "done", "actioned", "processed"})
"""After a note's request and "not": the act asked for left undone ("Address change NOT made")."""

_PENDING = frozenset({"yet", "until", "till", "before", "since", "while", "automatically"})
"""After "not made": the act still to come or done another way, no verdict ("not made yet")."""


def request_not_done(r: Reasons, i: int) -> Found | None:
    """At "not" after a note's request named by its noun, opening its clause: "change NOT made".

    "Caller could not confirm DOB. Address change NOT made; ID cards still go to the address on
    record", "Refund not processed — outside the 30 days" (round 302): a case note's verdict
    on what was asked, the noun of a request (`REQUEST_NOUNS`: "change", "refund",
    "transfer", a word before it: "address change"), "not" and a participle of doing
    (`_DONE`), closing its clause. Not "still not processed" or "not made yet" (pending:
    `_PENDING`), not a "was" or "has been" (a fact told, read by the passive rules), not a
    question.
    """
    if r.word(i + 1) not in _DONE or r.s.question or r.word(i + 2) in _PENDING:
        return None
    if i + 2 < r.n and r.w[i + 2] not in _ENDS and r.w[i + 2] != "as":
        return None  # "not made to the card on file": what follows goes on
    if r.word(i - 1) not in REQUEST_NOUNS:
        return None
    k = i - 1 - (r.is_word(i - 2) and r.word(i - 2).isalpha() and r.word(i - 2) != "your")
    if not (_opens(r, k) or r.word(k - 1) in {";", ":"}):
        return None
    return ("declines", k, i + 2, None)


_TONIGHT = frozenset({"today", "tonight", "now", "here"})
"""What may close "that's not going to happen": "that's not going to happen tonight"."""


def _not_going_to_happen(r: Reasons, i: int) -> Found | None:
    """At "not" of "that's not going to happen", after the act asked for, quoted back.

    "Sending a rider back out for the sauce? Honestly, that's not going to happen tonight",
    "Could you waive it? That isn't going to happen, I'm afraid" (dev round 278): the act
    asked, as a question opening with a gerund or "can (could, would) you", then "that" and
    the verdict, ending its clause. Not a fear set at rest ("Charged twice? No, that's not
    going to happen", "that's not going to happen again").
    """
    end = i + 4 + (r.word(i + 4) in _TONIGHT)
    if end < r.n and r.w[end] not in _ENDS:
        return None  # not "... again", "... until Monday"
    if r.word(i - 1) != "is" or r.word(i - 2) not in _THAT or not _opens(r, i - 2):
        return None
    before = r.words_before(i - 2, 240)
    if "?" not in before:
        return None
    asked = before[: len(before) - before[::-1].index("?")]  # up to the last "?"
    opens = max((k + 1 for k, x in enumerate(asked[:-1]) if x in {".", "!", "?"}), default=0)
    first = asked[opens : opens + 2] if len(asked) - opens > 2 else []
    gerund = bool(first) and first[0].endswith("ing") and base_form(first[0]) in SERVICE
    if not gerund and first not in (["can", "you"], ["could", "you"], ["would", "you"]):
        return None
    return ("declines", i - 2, end, None)


_PAID = frozenset(
    {"payment", "card", "transaction", "charge", "debit", "authorisation", "authorization",
     "purchase", "mandate", "top-up", "withdrawal"}
)  # fmt: skip
"""Before a log's "declined:": what a bank or a card network declines, no refusal of ours."""

_RESULT_LABELS = frozenset({"result", "outcome", "decision", "verdict", "action"})
"""The label of a log line whose value is the verdict: "Result: not applied"."""

_BECAUSE = frozenset({"because", "as", "since", "—", "–"})
"""After "Skipped the <step>": the reason that makes the skip a refusal."""


def log_verdict(r: Reasons, i: int) -> Found | None:
    """An agent log's verdict on a step asked for (see the module's **log verdict**).

    At "declined" (and the like) before a colon, "skipped", or "not" after a result's label.
    """
    w = r.w[i]
    if r.s.question:
        return None
    if w == "skipped":
        if not bare_opening(r, i - 1) or r.word(i + 1) not in {"the", "a", "your"}:
            return None
        reason = next((k for k in range(i + 2, min(r.n, i + 10)) if r.w[k] in _BECAUSE), -1)
        return ("declines", i, reason, None) if reason > 0 else None
    if w == "not":
        if r.word(i + 1) not in _DONE | {"applied", "approved"} or r.word(i - 1) != ":":
            return None
        return ("declines", i, i + 2, None) if r.word(i - 2) in _RESULT_LABELS else None
    if r.word(i + 1) != ":" or w not in {"declined", "refused", "rejected", "denied"}:
        return None
    k = i - (r.is_word(i - 1) and r.word(i - 1).isalpha())  # "Lookup refused:"
    if r.word(k) in _PAID or r.word(k) in _FIRST or not bare_opening(r, k - 1):
        return None
    return ("declines", k, i + 1, None)


def noted_refusal(r: Reasons, i: int) -> Found | None:
    """The bare-clause refusal anchored at `i`, if any (see the module's shapes)."""
    w = r.w[i]
    if w == "unable":
        return bare_unable(r, i)
    if w in {"declined", "refused", "rejected", "denied", "turned"}:
        found = declined_to(r, i) if w in {"declined", "refused"} else None
        return found or request_answered(r, i) or log_verdict(r, i)
    if w == "not":
        found = did_not_serve(r, i) or not_happening(r, i) or request_not_done(r, i)
        return found or log_verdict(r, i)
    return log_verdict(r, i) if w == "skipped" else None

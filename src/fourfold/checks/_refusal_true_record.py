"""A document that must show the true record: a dishonest request declined by its ground.

Asked to backdate an invoice, inflate a receipt or move the date of a loss, staff often
decline by saying what the document has to show: "our invoice must show what was really
sold", "it must be the real amount", "the date has to match what happened", "a reference
saying you've rented from us for three years would have to match our records". The request
is refused without a word of refusal: the record is the ground, and the altered version is
not made (`must_show_record`, rule "declines"; dev rounds 221, 230, 237 and 244). The
seventeenth pass read the same ground told with no "must", as what the document does ("the
receipt shows what was paid", "the declaration lists the item's real value": `_tells_record`).

The shape: a document or its particular (`RECORDS`: "invoice", "receipt", "reference",
"date", "value"; or "it" after one named just before) as the subject, "must", "has to",
"have to" or "needs to", a verb of showing (`_SHOWING`: "show", "be", "match", "reflect"),
then within four words the true record (`_TRUE`: "real", "actual", "true", "genuine"; "our
records"; "what" and what was done, "what was really sold", "what happened"). Not a
requirement put to the customer ("the receipt you upload must show the actual date", "please
make sure your invoice shows the real amount": an upload, "please" or "your" before the verb
of showing; "For the warranty, the receipt must show ...": a purpose opens it), nor a
condition or a question (`_scope` reads those). Anchored at the verb of showing, it reads a
dozen words before it and four after, so the cost stays linear.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons

__all__ = ["RECORDS", "TRUE_RECORD_ANCHORS", "must_show_record"]

RECORDS = frozenset(
    {"invoice", "invoices", "receipt", "receipts", "certificate", "certificates", "note",
     "notes", "declaration", "declarations", "reference", "references", "letter", "letters",
     "payslip", "payslips", "stub", "stubs", "statement", "statements", "form", "forms",
     "document", "documents", "record", "register", "report", "date", "dates", "value",
     "amount", "figure", "figures", "price", "listing", "description", "entry"}
)  # fmt: skip
"""What must show the true record: a document, or the particular on it ("the date")."""

_SHOWING = frozenset({"show", "be", "match", "reflect", "state", "carry", "list", "describe"})

_TELLS = frozenset(
    {"shows", "states", "lists", "listing", "carries", "reflects", "reflect", "matches",
     "describes", "goes", "show", "match", "list", "state", "carry"}
)  # fmt: skip
"""A document's verb of telling in the present or to come, with no "must" (`_tells_record`)."""

TRUE_RECORD_ANCHORS = _SHOWING | _TELLS
"""The words `must_show_record` anchors at: the verb of showing."""

_AS_IT_IS = (("as", "it", "was"), ("as", "they", "are"), ("as", "it", "is"), ("as", "they", "were"))
"""The record left as it is: "describe the goods as they are", "your tenancy as it was"."""

_HAPPENED = frozenset({"actually", "accurate", "accurately", "happened", "recorded"})
"""Within `_REACH` words of the document's verb: what did happen ("the date the inspection
actually happened", "the sessions that were recorded at the door")."""

_REACH = 8

_TRUE = frozenset({"real", "actual", "true", "genuine"})
"""The record as it is: "the real amount", "the actual purchase date"."""

_DONE = frozenset(
    {"was", "were", "is", "'s", "you", "we", "actually", "really", "happened", "took"}
)  # fmt: skip
"""After "what": what was done, "what was really sold", "what happened", "what you paid"."""

_OBLIGED = frozenset({"must", "to"})
"""Just before the verb of showing: "must show", "has to match" ("to" after have, need)."""

_PURPOSE = frozenset({"for", "to", "when", "once"})
"""Opening the sentence: what the requirement is for ("For the warranty, the receipt must...")."""

_TO_WHOM = frozenset({"your", "please", "upload", "uploaded", "send", "sent", "attach", "submit"})
"""Before the verb: a requirement put to the customer, not a request refused."""


def must_show_record(r: Reasons, i: int) -> Found | None:
    """At a verb of showing: "<a document> must show (be, match) <the true record>".

    "Our invoice must show what was really sold", "it must be the real amount", "the date has
    to match what happened", "would have to match our records". None when no document is the
    subject in the dozen words before, when the true record does not follow within four
    words, or when the requirement is the customer's (`_TO_WHOM`).
    """
    m = i - 1
    if r.word(m) not in _OBLIGED:
        return _tells_record(r, i)
    if r.word(m) == "to" and r.word(m - 1) not in {"has", "have", "needs", "need"}:
        return None
    if not _true_after(r, i) and not _as_it_is(r, i):
        return None
    if r.word(0) in _PURPOSE:
        return None  # "To claim, the receipt must show the actual date": a requirement
    start = r.s.clause_start[r.s.clause[m]]
    first = max(start, m - 12)
    before = r.w[first:m]
    if not _TO_WHOM.isdisjoint(before):
        return None
    if not RECORDS.isdisjoint(before):
        while not r.is_word(first):
            first += 1  # the span opens at a word: "our invoice must show", not "— our"
        return ("declines", first, i + 1, None)
    if before[-1:] == ["it"] and not RECORDS.isdisjoint(r.words_before(m - 1, 120)):
        return ("declines", m - 1, i + 1, None)  # "Sorry, we are not making such invoice,
        # it must be the real amount" (dev round 221)
    return None


def _true_after(r: Reasons, i: int) -> bool:
    """In the four words after `i`: the true record ("the real one", "what was sold")."""
    after = r.w[i + 1 : i + 5]
    if not _TRUE.isdisjoint(after):
        return True
    if after[:2] in (["our", "records"], ["the", "records"]):
        return True
    return bool(after) and after[0] == "what" and after[1:2] != [] and after[1] in _DONE


def _as_it_is(r: Reasons, i: int) -> bool:
    """In the six words after `i`: "as it was", "as they are" (the record left as it is)."""
    words = r.w[i + 1 : i + 7]
    return any(tuple(words[k : k + 3]) in _AS_IT_IS for k in range(len(words)))


def _tells_record(r: Reasons, i: int) -> Found | None:
    """At a document's verb of telling with no "must": "<a document> shows <the true record>".

    The seventeenth pass read, across dev rounds 92, 150, 216, 238, 244 and 254, the ground
    told as what the document does, not what it must do: "the receipt shows what was paid",
    "the reference letter states your tenancy as it was on our records", "dates in a
    reference match our records", "the declaration lists the item's real value", "the
    inspection certificate goes out with the date the inspection actually happened", "the
    certificate is listing the sessions what were recorded at the door scanner". A verb of
    `_TELLS` in the present (or "is listing"), a document of `RECORDS` as its subject in the
    eight words before it in its clause (not the customer's: "your", "please", an upload,
    `_TO_WHOM`; not "for", "to", "when" opening the sentence: a requirement), and within
    `_REACH` words after it the true record (`_true_after`, "as it was", or a word of what
    did happen, `_HAPPENED`). Not a past telling ("the receipt showed"), which is not an
    anchor. Reads eight words before and `_REACH` after its anchor: linear.
    """
    if r.w[i] not in _TELLS or r.word(0) in _PURPOSE:
        return None
    if r.w[i] == "goes" and r.word(i + 1) != "out":
        return None  # "goes out with the date ...", not "it goes to the depot"
    after = r.w[i + 1 : i + 1 + _REACH]
    true = _true_after(r, i) or _as_it_is(r, i) or not _HAPPENED.isdisjoint(after)
    if not true and not any(after[k : k + 2] == ["our", "records"] for k in range(len(after))):
        return None
    start = r.s.clause_start[r.s.clause[i]]
    first = max(start, i - 8)
    before = r.w[first:i]
    if not _TO_WHOM.isdisjoint(before) or RECORDS.isdisjoint(before):
        return None
    while not r.is_word(first):
        first += 1
    return ("declines", first, i + 1, None)

"""The words the promise and refusal detectors know, by the role they play in a rule.

The detectors' rules are shapes ("subject + will + verb + object"); this module says which
words fill each slot. A verb is listed once, by its base form, and `forms` writes its
inflections (``waive``: ``waives``, ``waived``, ``waiving``), British and American
spellings side by side. Lists are of words, not of phrases, so a rule reaches every
combination of its slots: ``we'll waive``, ``I have waived``, ``the fee was waived``.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "APPROVABLE",
    "AUTH_NOUNS",
    "BLOCKING_HEADS",
    "CHARGE_NOUNS",
    "CHARGE_VERBS",
    "COST_NOUNS",
    "COST_VERBS",
    "EXTEND_OBJECTS",
    "GENERIC_NOUNS",
    "GIVE_VERBS",
    "HONOUR_OBJECTS",
    "INTENSIFIERS",
    "NONCOMMITTAL",
    "RECEIVE_VERBS",
    "SELF_VERBS",
    "SKIPPABLE",
    "SKIPPABLE_BEFORE_VERB",
    "VerbForms",
    "forms",
    "lemma_table",
]


class VerbForms:
    """The written forms of one verb: base, third person, past, participle, -ing."""

    __slots__ = ("base", "ing", "participle", "past", "third")

    def __init__(self, base: str, third: str, past: str, participle: str, ing: str) -> None:
        self.base, self.third, self.past, self.participle, self.ing = (
            base,
            third,
            past,
            participle,
            ing,
        )

    def all(self) -> tuple[str, ...]:
        return (self.base, self.third, self.past, self.participle, self.ing)


_IRREGULAR: dict[str, tuple[str, str]] = {
    "give": ("gave", "given"),
    "send": ("sent", "sent"),
    "get": ("got", "gotten"),
    "make": ("made", "made"),
    "put": ("put", "put"),
    "set": ("set", "set"),
    "pay": ("paid", "paid"),
    "take": ("took", "taken"),
    "write": ("wrote", "written"),
    "forgive": ("forgave", "forgiven"),
    "override": ("overrode", "overridden"),
    "have": ("had", "had"),
    "see": ("saw", "seen"),
    "do": ("did", "done"),
}

_DOUBLE_FINAL = frozenset({"ship", "drop", "scrap", "cancel", "strip", "get", "set", "put"})
"""Verbs whose last consonant doubles: ``shipped``, ``getting``... (``cancelled`` is British;
``canceled`` is added as the American spelling)."""


def forms(base: str) -> VerbForms:
    """The inflections of `base` (``apply`` -> ``applies``, ``applied``, ``applying``)."""
    if base in _IRREGULAR:
        past, participle = _IRREGULAR[base]
    elif base.endswith("e"):
        past = participle = base + "d"
    elif base.endswith("y") and base[-2] not in "aeiou":
        past = participle = base[:-1] + "ied"
    elif base in _DOUBLE_FINAL:
        past = participle = base + base[-1] + "ed"
    else:
        past = participle = base + "ed"
    if base.endswith(("s", "sh", "ch", "x", "z")):
        third = base + "es"
    elif base.endswith("y") and base[-2] not in "aeiou":
        third = base[:-1] + "ies"
    elif base == "have":
        third = "has"
    elif base == "do":
        third = "does"
    else:
        third = base + "s"
    if base.endswith("e") and not base.endswith(("ee", "ye")):
        ing = base[:-1] + "ing"
    elif base in _DOUBLE_FINAL:
        ing = base + base[-1] + "ing"
    else:
        ing = base + "ing"
    return VerbForms(base, third, past, participle, ing)


def lemma_table(bases: Iterable[str]) -> dict[str, tuple[str, str]]:
    """Map every written form of `bases` to its base and form.

    The form is ``base``, ``third``, ``past`` (past tense or participle) or ``ing``.

    American and British spellings are both listed (``canceled``/``cancelled``,
    ``authorize``/``authorise``, ``honor``/``honour``).
    """
    table: dict[str, tuple[str, str]] = {}
    for base in bases:
        f = forms(base)
        for written, kind in (
            (f.base, "base"),
            (f.third, "third"),
            (f.past, "past"),
            (f.participle, "past"),
            (f.ing, "ing"),
        ):
            table.setdefault(written, (base, kind))
        if base in {"cancel", "comp"} or base.endswith("cel"):
            table.setdefault(base + "ed", (base, "past"))
            table.setdefault(base + "ing", (base, "ing"))
    return table


# --- verbs -------------------------------------------------------------------------------

SELF_VERBS = frozenset(
    {"refund", "reimburse", "compensate", "waive", "comp", "credit", "replace", "reverse",
     "void", "forgive", "exempt", "override", "upgrade", "discount", "rebate", "price-match",
     "pricematch", "recompense", "extend", "honour", "honor", "match", "bump"}
)  # fmt: skip
"""Verbs whose action needs authority whatever follows ("we'll refund you", "I've waived
it"); `extend`, `honour` and `match` need a fitting object (`EXTEND_OBJECTS`...), `replace`
no "with" after it ("replace the link with..."), `upgrade` a person ("upgrade you")."""

CHARGE_VERBS = frozenset(
    {"remove", "drop", "cancel", "wipe", "clear", "scrap", "knock", "take", "write", "zero",
     "strike", "strip", "delete"}
)  # fmt: skip
"""Verbs that need authority when their object is a charge: "remove the fee", "take the
late fee off", "knock 20% off"."""

COST_VERBS = frozenset({"cover", "pay", "absorb", "foot", "settle"})
"""Verbs that need authority when their object is a cost: "we'll cover the shipping"."""

GIVE_VERBS = frozenset(
    {"give", "send", "issue", "process", "apply", "add", "put", "arrange", "initiate", "offer",
     "provide", "get", "ship", "order", "set", "sort", "organise", "organize", "release",
     "post", "transfer", "deposit", "make", "push", "raise", "grant", "approve", "authorise",
     "authorize", "dispatch", "mail", "email", "reissue", "book", "return", "pass", "throw",
     "complete", "finalise", "finalize", "trigger", "start", "action", "execute", "secure",
     "obtain", "negotiate", "swap", "exchange", "pop", "courier"}
)  # fmt: skip
"""Verbs that need authority when what they give is: "issue a refund", "send a free
replacement", "approve your claim"."""

APPROVING = frozenset({"approve", "authorise", "authorize", "grant", "accept"})

APPROVABLE = frozenset({"request", "claim", "application", "return", "exception", "appeal"})
"""What approving grants: "I've approved your claim" needs authority as a refund does."""

RECEIVE_VERBS = frozenset({"get", "receive", "have", "see", "keep", "collect", "enjoy"})
"""Verbs by which the customer receives: "you'll get a full refund"."""

SKIPPABLE = frozenset(
    {"just", "already", "now", "also", "then", "still", "personally", "gladly", "happily",
     "immediately", "quickly", "promptly", "right", "away", "today", "both", "all", "even",
     "fully", "kindly", "very", "simply", "really", "actually", "officially", "automatically",
     "manually", "instantly", "directly", "once", "again", "back", "straight", "readily",
     "duly", "hereby"}
)  # fmt: skip
"""Words that may stand between the parts of a commitment without changing it: "I'll just
go ahead and refund", "we have now also waived"."""

SKIPPABLE_BEFORE_VERB = SKIPPABLE - frozenset({"back", "away", "right", "today", "once", "again"})
"""`SKIPPABLE` less the words that may also end a commitment ("the money will be back")."""

INTENSIFIERS = frozenset(
    {"definitely", "certainly", "absolutely", "surely", "100%", "undoubtedly", "assuredly",
     "guaranteed", "positively"}
)  # fmt: skip
"""Words that turn a forecast into a guarantee: "it will definitely arrive tomorrow"."""

NONCOMMITTAL = frozenset(
    {"reviewed", "considered", "assessed", "evaluated", "decided", "looked", "investigated",
     "determined", "discussed", "denied", "rejected", "declined", "delayed", "held", "pending",
     "subject", "available", "eligible", "calculated", "based", "received", "escalated",
     "submitted", "logged", "noted", "requested", "queued", "checked", "verified", "reduced",
     "depend", "depends", "need", "needs", "require", "requires", "take", "takes", "vary",
     "varies", "failed", "fail", "bounce", "bounced", "reject", "expire", "expired",
     "cancelled", "canceled", "refused", "forfeited", "lost", "withheld", "frozen", "under",
     "hold", "progress", "reviewing", "processing"}
)  # fmt: skip
"""What a refund or fee may be said to do without anything being promised ("your refund
request will be reviewed", "the refund was declined", "under review", "on hold")."""

# --- nouns -------------------------------------------------------------------------------

AUTH_NOUNS = frozenset(
    {"refund", "refunds", "reimbursement", "reimbursements", "compensation", "credit",
     "credits", "voucher", "vouchers", "coupon", "coupons", "discount", "discounts", "rebate",
     "rebates", "replacement", "replacements", "upgrade", "exception", "exceptions", "waiver",
     "extension", "cashback", "giftcard", "goodwill", "refund-", "price-match", "pricematch",
     "freebie", "comp", "write-off", "reversal", "chargeback"}
)  # fmt: skip
"""What only someone with authority can give. ``money`` (with "your"/"the" or "back"),
``gift card``, ``free``/``complimentary`` + a noun and ``price adjustment`` are recognised
in the rule."""

CHARGE_NOUNS = frozenset(
    {"fee", "fees", "charge", "charges", "penalty", "penalties", "surcharge", "interest",
     "fine", "fines", "payment", "payments", "balance", "debit", "overcharge", "excess",
     "deposit", "funds", "arrears"}
)  # fmt: skip
"""What can be taken off a bill: "remove the late fee", "reverse the payment"."""

COST_NOUNS = CHARGE_NOUNS | frozenset(
    {"cost", "costs", "shipping", "postage", "delivery", "repair", "repairs", "difference",
     "expense", "expenses", "customs", "duties", "duty", "bill", "fare", "fares", "return",
     "invoice", "taxes", "tax", "labour", "labor", "parts", "courier", "freight", "vat",
     "restocking", "tab", "tickets", "ticket"}
)  # fmt: skip
"""What can be paid for the customer: "cover the return shipping", "pay for the repair"."""

EXTEND_OBJECTS = frozenset(
    {"warranty", "guarantee", "window", "deadline", "trial", "period", "subscription", "due",
     "grace", "return", "returns", "membership", "plan", "coverage", "cover"}
)  # fmt: skip
HONOUR_OBJECTS = frozenset(
    {"price", "prices", "discount", "offer", "deal", "coupon", "promotion", "promo",
     "warranty", "guarantee", "voucher", "code", "quote", "rate", "sale", "pricing"}
)  # fmt: skip

BLOCKING_HEADS = frozenset(
    {"request", "requests", "form", "forms", "policy", "policies", "status", "process",
     "procedure", "ticket", "case", "query", "queries", "question", "questions", "team",
     "department", "desk", "page", "link", "details", "info", "information", "email",
     "e-mail", "confirmation", "notification", "update", "updates", "label", "options",
     "option", "eligibility", "timeline", "timeframe", "time", "times", "rules", "terms",
     "number", "reference", "id", "portal", "section", "inquiry", "enquiry", "application",
     "review", "decision", "approval", "specialist", "agent", "system", "history", "record",
     "records", "receipt", "method", "methods", "address", "card", "cards", "score", "check",
     "checks", "report", "limit", "limits", "rating", "union", "line", "agency", "file",
     "tracker", "tracking", "instructions", "steps", "step", "criteria", "requirements",
     "claim", "claims", "period", "window", "deadline", "dispute",
     "hold", "investigation", "appeal", "scheme", "program", "programme",
     "questionnaire", "survey", "reason", "reasons", "calculation", "breakdown", "schedule",
     "queue"}
)  # fmt: skip
"""Nouns that, after an authority noun, make it a modifier of something ordinary: "refund
request", "credit card", "replacement form", "refund policy" ("discount code" and "credit
note" are not among them: those are given with authority too)."""

GENERIC_NOUNS = frozenset(
    {"customers", "customer", "members", "member", "anyone", "everyone", "everybody",
     "anybody", "people", "users", "subscribers", "clients", "buyers", "shoppers", "those",
     "whoever", "guests", "passengers", "travellers", "travelers", "cardholders",
     "accountholders", "patrons", "owners", "students", "employees", "purchasers"}
)  # fmt: skip
"""Nouns that make a sentence about everyone, i.e. a statement of policy: "customers who
cancel within 14 days will be refunded"."""

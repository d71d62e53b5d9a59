"""The words the promise detector knows, by the role they play in a rule.

The detectors' rules are shapes ("subject + will + verb + object"); this module says which
words fill each slot. A verb is listed once, by its base form, and `_inflections.forms`
writes its inflections (``waive``: ``waives``, ``waived``, ``waiving``), British and
American spellings side by side. Lists are of words, not of phrases, so a rule reaches every
combination of its slots: ``we'll waive``, ``I have waived``, ``the fee was waived``.
The last part lists the words by which the rules read a sentence: auxiliaries,
determiners, where a noun phrase begins and ends. (The refusal detector's words are in
`_refusal_words`.)
"""

from __future__ import annotations

import re

from ._inflections import lemma_table
from ._price_matching import MATCHED

__all__ = [
    "APPEARING",
    "ARTICLES",
    "COURTESY_GIFTS",
    "MONEY_UNITS",
    "has_amount",
    "is_amount",
    "names_new_one",
    "onto_balance",
    "is_zero",
    "charge_before_clause",
    "GIVE_BACK",
    "PRICES",
    "LOWERING",
    "PRICE_OF",
    "PAID_FOR",
    "MATCHED",
    "AGREED",
    "APPROVABLE",
    "AUTH_NOUNS",
    "BACK_ON",
    "AUX",
    "BE",
    "BE_NOW",
    "BLOCKING_HEADS",
    "BOOKED",
    "CHARGED",
    "CHANGED_NOW",
    "CHARGE_NOUNS",
    "CHARGE_VERBS",
    "COST_NOUNS",
    "COST_VERBS",
    "COURTESY_PHRASES",
    "DATED_DAYS",
    "DATED_PERIODS",
    "DETERMINERS",
    "EXTEND_OBJECTS",
    "FITTING",
    "FREE_DURATIONS",
    "FREE_PERIODS",
    "FIRST",
    "FREEBIE_PHRASES",
    "GENERIC_NOUNS",
    "GIVE_VERBS",
    "HAPPY",
    "HAVE",
    "FREE_WORDS",
    "HELD_PRICES",
    "HOLDING",
    "HONOUR_OBJECTS",
    "INTENSIFIERS",
    "NEEDS_OFF",
    "NEW_THINGS",
    "NONCOMMITTAL",
    "NOT_PLURAL",
    "NP_STOP",
    "OBJECT_ENDS",
    "PICKED_UP",
    "PICKING",
    "PREPOSITIONS",
    "REFERRING",
    "PRONOUNS",
    "QUANTIFIERS",
    "RECEIVE_VERBS",
    "SAME_PAST",
    "SAYING",
    "SELF_VERBS",
    "THIS_TIME",
    "SKIPPABLE",
    "SKIPPABLE_BEFORE_VERB",
    "SPECIFIC",
    "STARTING",
    "STAYING",
    "SWAPPING",
    "VERBS",
    "authority_stems",
    "is_past",
    "names_process",
    "plural",
]


# --- verbs -------------------------------------------------------------------------------

SELF_VERBS = frozenset(
    {"refund", "reimburse", "compensate", "waive", "comp", "credit", "replace", "reverse",
     "void", "forgive", "exempt", "override", "upgrade", "discount", "rebate", "price-match",
     "pricematch", "recompense", "extend", "honour", "honor", "match", "bump", "restore",
     "reinstate", "reship", "re-ship", "backdate", "bulk-bill", "bulkbill"}
)  # fmt: skip
"""Verbs whose action needs authority whatever follows ("we'll refund you", "I've waived
it", "we've re-shipped your order": a replacement sent again); `extend`, `honour`, `match`,
`restore`, `reinstate` and `backdate` need a fitting object; a clinic's "bulk-bill" (the
visit billed to the public scheme, nothing to pay: "we'll bulk-bill this one", round 303)
needs none
(`FITTING`), `replace`
no "with" after it ("replace the link with..."), `upgrade` a person ("upgrade you")."""

CHARGE_VERBS = frozenset(
    {"remove", "drop", "cancel", "wipe", "clear", "scrap", "knock", "take", "write", "zero",
     "strike", "strip", "delete", "reduce", "lower", "adjust", "cut", "slash", "undo", "lift",
     "skip", "annul", "zap", "nix", "scrub", "halve"}
)  # fmt: skip
"""Verbs that need authority when their object is a charge: "remove the fee", "take the
late fee off", "knock 20% off", "reduce your bill", "adjust the fare down" (`adjust` only
down), "the penalty has been lifted", "I'll skip the freeze fee", "the penalty was annulled",
"the fee's been scrubbed off", "your fees are being halved" (round 279)."""

COST_VERBS = frozenset({"cover", "pay", "absorb", "foot", "settle", "bear"})
"""Verbs that need authority when their object is a cost: "we'll cover the shipping", "the
company will bear the cost"."""

GIVE_VERBS = frozenset(
    {"give", "send", "issue", "process", "apply", "add", "put", "arrange", "initiate", "offer",
     "provide", "get", "ship", "order", "set", "sort", "organise", "organize", "release",
     "post", "transfer", "deposit", "make", "push", "raise", "grant", "approve", "authorise",
     "authorize", "dispatch", "mail", "email", "reissue", "book", "return", "pass", "throw",
     "complete", "finalise", "finalize", "trigger", "start", "action", "execute", "secure",
     "obtain", "negotiate", "swap", "exchange", "pop", "courier", "sign", "chuck", "stick",
     "place"}
)  # fmt: skip
"""Verbs that need authority when what they give is: "issue a refund", "send a free
replacement", "approve your claim"; a bank's "place" a credit on the account ("we'll place a
temporary credit of $310 on your card", dev round 299)."""

APPROVING = frozenset({"approve", "authorise", "authorize", "grant", "accept"})

STARTING = frozenset({"initiate", "start", "complete", "finalise", "finalize", "trigger"})
"""Verbs that start or finish a process: "the refund process has been initiated" is the
refund (`names_process`)."""

APPROVABLE = frozenset(
    {"request", "claim", "application", "return", "exception", "appeal", "referral", "referrals",
     "visits"}
)  # fmt: skip
"""What approving grants: "I've approved your claim" needs authority as a refund does; so do
a health plan's "I've approved your referral", "...your visits to Dr Lee as in-network" (the
care it pays for, round 303)."""

RECEIVE_VERBS = frozenset({"get", "receive", "have", "see", "keep", "collect", "enjoy"})
"""Verbs by which the customer receives: "you'll get a full refund"."""

STAYING = frozenset({"stay", "stays", "remain", "remains"})
"""Verbs of a thing kept as it was: "the fee stays", "your premium remains at £418"."""

HOLDING = frozenset({"keep", "hold", "lock", "freeze"})
"""Verbs that need authority when I or we hold a price where it was: "I've kept your price at
the Basic rate", "we'll lock in your rate", "I've frozen your rent" (`HELD_PRICES`)."""

SKIPPABLE = frozenset(
    {"just", "already", "now", "also", "then", "still", "personally", "gladly", "happily",
     "immediately", "quickly", "promptly", "right", "away", "today", "both", "all", "even",
     "fully", "kindly", "very", "simply", "really", "actually", "officially", "automatically",
     "manually", "instantly", "directly", "once", "again", "back", "straight", "readily",
     "duly", "hereby", "therefore", "accordingly", "thus", "consequently"}
)  # fmt: skip
"""Words that may stand between the parts of a commitment without changing it: "I'll just
go ahead and refund", "we have now also waived"."""

SKIPPABLE_BEFORE_VERB = SKIPPABLE - frozenset({"back", "away", "right", "today", "once", "again"})
"""`SKIPPABLE` less the words that may also end a commitment ("the money will be back")."""

INTENSIFIERS = frozenset(
    {"definitely", "certainly", "absolutely", "surely", "100%", "undoubtedly", "assuredly",
     "guaranteed", "positively", "def", "defo", "deffo", "defs"}
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

PAID_FOR = frozenset({"upgrade", "replacement", "replacements", "extension"})
"""What the customer may pay for: before `PRICE_OF`, the price, not the thing given."""

PRICE_OF = frozenset(
    {"payment", "payments", "fee", "fees", "charge", "charges", "cost", "costs", "price"}
)

LOWERING = frozenset({"reduce", "lower", "adjust", "drop", "cut", "slash", "halve"})
"""Charge verbs that lower a charge rather than remove it: "we'll reduce your bill"."""

PRICES = frozenset({"price", "prices", "rate", "rates", "tariff", "premium", "rent"})
"""What a charge is also called, lowered: "I've lowered your rate"."""

SWAPPING = frozenset({"swap", "exchange"})
"""Verbs that replace with "for a new one": "we'll swap the sofa for a new one" (not what is
rebooked, `BOOKED`)."""

BOOKED = frozenset(
    {"slot", "slots", "appointment", "appointments", "booking", "bookings", "reservation",
     "reservations", "date", "dates", "time", "times", "seat", "seats", "flight", "flights",
     "room", "rooms", "ticket", "tickets", "plan", "plans", "password", "pin", "address",
     "session", "sessions", "table", "shift"}
)  # fmt: skip
"""What is swapped for a new one by rebooking it, not replacing it: "your delivery slot"."""

PICKING = frozenset({"pick"})
"""A verb that pays a cost with "up": "we'll pick up the tab" (`PICKED_UP`); "pick up the
return" collects it."""

PICKED_UP = frozenset({"tab", "bill", "cost", "costs", "expense", "expenses"})
"""What "pick up" pays for: "we'll pick up the tab for your hotel", "the cost of the taxi"."""

HELD_PRICES = PRICES | {"fee", "fees", "bill", "pricing", "interest"}
"""What a price held is: "kept your monthly fee at $10", "frozen the interest"."""

GIVE_BACK = frozenset({"get", "send", "put", "give", "transfer", "return", "post", "release"})
"""Verbs by which a charge or an amount is given back: "I'll send the $8 charge back to you"
(a refund in other words; "I'll get back to you" gives nothing)."""

# --- nouns -------------------------------------------------------------------------------

AUTH_NOUNS = frozenset(
    {"refund", "refunds", "reimbursement", "reimbursements", "compensation", "credit",
     "credits", "voucher", "vouchers", "coupon", "coupons", "discount", "discounts", "rebate",
     "rebates", "replacement", "replacements", "upgrade", "exception", "exceptions", "waiver",
     "extension", "cashback", "giftcard", "goodwill", "refund-", "price-match", "pricematch",
     "freebie", "comp", "write-off", "reversal", "chargeback", "bonus", "concession",
     "concessions"}
)  # fmt: skip
"""What only someone with authority can give. ``money`` (with "your"/"the" or "back"),
``gift card``, ``free``/``complimentary`` + a noun and ``price adjustment`` are recognised
in the rule."""

FREE_WORDS = frozenset(
    {"free", "complimentary", "fee-free", "charge-free", "cost-free", "penalty-free"}
)
"""Before a noun, what makes it given free: "a free swap", "a fee-free transfer"."""

CHARGE_NOUNS = frozenset(
    {"fee", "fees", "charge", "charges", "penalty", "penalties", "surcharge", "interest",
     "fine", "fines", "payment", "payments", "balance", "debit", "overcharge", "excess",
     "deposit", "funds", "arrears", "increase", "increases", "hike", "hikes", "donation",
     "donations", "contribution", "contributions", "bond", "overpayment", "overpayments",
     "overage", "overages", "overbilled", "overcharged", "back-billing", "deduction",
     "deductions", "demurrage", "wharfage", "corkage", "pilotage", "dilapidations", "copay",
     "copays", "co-pay", "co-pays", "copayment", "copayments", "coinsurance", "deductible"}
)  # fmt: skip
"""What can be taken off a bill: "remove the late fee", "reverse the payment", "undo the price
increase" (a rise in price is a charge); a deposit, or a rental bond, held and given back; an
overpayment, given back; a trade's own charge by its name ("the demurrage", round 259); a
health plan's share the patient pays ("drop the $250 ER copay", "the deductible", round 303)."""

COST_NOUNS = CHARGE_NOUNS | frozenset(
    {"cost", "costs", "shipping", "postage", "delivery", "repair", "repairs", "difference",
     "expense", "expenses", "customs", "duties", "duty", "bill", "fare", "fares", "return",
     "invoice", "taxes", "tax", "labour", "labor", "parts", "courier", "freight", "vat",
     "restocking", "tab", "tickets", "ticket", "loss", "losses", "shortfall", "damage",
     "damages", "bills", "invoices", "fuel", "petrol", "parking", "tolls", "mileage"}
)  # fmt: skip
"""What can be paid for the customer: "cover the return shipping", "pay for the repair",
"absorb the currency conversion loss", "pay for the damage"."""

EXPENSES = frozenset(
    {"hotel", "hotels", "accommodation", "accommodations", "lodging", "room", "taxi", "taxis",
     "cab", "cabs", "uber", "meal", "meals", "food", "transport", "transportation", "transfer",
     "locksmith", "rental", "parking", "train", "bus", "dinner", "breakfast", "lunch"}
)  # fmt: skip
"""What the customer spent that may be paid for them, when it is theirs: "we'll pay for your
hotel", "we will cover your meals" (kept apart from `COST_NOUNS`: "the hotel was cancelled"
cancels no charge)."""

CABINS = frozenset({"business", "first", "first-class", "premium", "suite", "club"})
"""What a bump up is to: "I'm bumping you to business class" is an upgrade; "bumping you to
the 6:15 flight" a rebooking."""

EXTEND_OBJECTS = frozenset(
    {"warranty", "guarantee", "window", "deadline", "trial", "period", "subscription", "due",
     "grace", "return", "returns", "membership", "plan", "coverage", "cover", "status", "tier",
     "access", "licence", "license", "package", "pass"}
)  # fmt: skip
HONOUR_OBJECTS = frozenset(
    {"price", "prices", "discount", "offer", "deal", "coupon", "promotion", "promo",
     "warranty", "guarantee", "voucher", "code", "quote", "rate", "sale", "pricing"}
)  # fmt: skip
RESTORED_OBJECTS = frozenset(
    {"miles", "points", "avios", "status", "tier", "benefits", "perks", "lounge", "membership",
     "rewards", "cashback", "voucher", "vouchers", "discount", "coins", "gems", "credits",
     "tokens", "xp"}
)  # fmt: skip
"""What only someone with authority gives back once it has lapsed or was lost: "we'll restore
the miles that expired", "I reinstated your Gold status", "we're restoring your 500 coins"
(not "restored your access", "the service has been restored"; a policy reinstated is a
service, unless its fee is spared)."""
BACKDATED_OBJECTS = frozenset(
    {"cancellation", "membership", "subscription", "plan", "discount", "policy", "cover",
     "coverage", "contract", "rate", "price", "credit", "refund", "tariff", "closure",
     "termination", "downgrade", "concession", "pension", "benefit", "allowance", "saving",
     "savings", "reduction"}
)  # fmt: skip
"""What backdating gives the customer money back on: "I've backdated your cancellation to the
14th", "we'll backdate the discount to the start of your contract" (not an invoice, a cheque)."""
FITTING = {
    "extend": EXTEND_OBJECTS, "honour": HONOUR_OBJECTS, "honor": HONOUR_OBJECTS,
    "match": MATCHED, "restore": RESTORED_OBJECTS, "reinstate": RESTORED_OBJECTS,
    "backdate": BACKDATED_OBJECTS,
}  # fmt: skip
"""The verbs among `SELF_VERBS` that need authority only with a fitting object."""

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
     "queue", "bus", "buses", "coach", "coaches", "train", "trains", "ferry", "shuttle"}
)  # fmt: skip
"""Nouns that, after an authority noun, make it a modifier of something ordinary: "refund
request", "credit card", "replacement form", "refund policy", "replacement bus" (transport
laid on for everyone; "discount code" and "credit note" are not among them: those are given
with authority too)."""

DATED_DAYS = frozenset(
    {"yesterday", "today", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
     "sunday", "january", "february", "march", "april", "may", "june", "july", "august",
     "september", "october", "november", "december"}
)  # fmt: skip
THIS_TIME = frozenset({"tonight", "today", "tomorrow", "tonight's", "today's"})
"""A day of this customer's own that makes a thing given theirs, not everyone's: "dinner
at the restaurant tonight is on the house" (as against "dinner is on the house", a policy)."""

DATED_PERIODS = frozenset({"week", "weeks", "month", "months", "year", "years", "quarter"})
"""A time whose possessive opens a charge of one bill's, so this customer's: "yesterday's late
fee", "March's charges", and (after "last", "this"...) "last month's overage charges"."""

FREE_PERIODS = DATED_PERIODS | {"day", "days", "night", "nights"}
"""What is given when it is given free: "an extra month of service free", "three nights free"."""

FREE_DURATIONS = DATED_PERIODS | DATED_DAYS | {"day", "days", "life", "rest", "end", "lifetime"}
"""What "free for" lasts: "free for the rest of the year", "free until March"."""

GENERIC_NOUNS = frozenset(
    {"customers", "customer", "members", "member", "anyone", "everyone", "everybody",
     "anybody", "people", "users", "subscribers", "clients", "buyers", "shoppers", "those",
     "whoever", "guests", "passengers", "travellers", "travelers", "cardholders",
     "accountholders", "patrons", "owners", "students", "employees", "purchasers"}
)  # fmt: skip
"""Nouns that make a sentence about everyone, i.e. a statement of policy: "customers who
cancel within 14 days will be refunded"."""

# --- words the promise rules read a sentence by ---------------------------------------

VERBS = lemma_table(
    SELF_VERBS
    | CHARGE_VERBS
    | COST_VERBS
    | GIVE_VERBS
    | APPROVING
    | RECEIVE_VERBS
    | HOLDING
    | PICKING
)
"""Every written form of the verbs the rules know: ``waived`` -> ``("waive", "past")``."""

for _written, _lemma in lemma_table(GIVE_VERBS | SELF_VERBS).items():
    # "re-sent", "re-dispatched", "re-credited": the verb done again (never "reset": no
    # hyphen); "re-ship" is a verb of its own (a replacement sent)
    VERBS.setdefault("re-" + _written, _lemma)
VERBS["waved"] = ("waive", "past")  # a common misspelling, read as "waived" before a charge

SAME_PAST = frozenset({"put", "set", "cut"})
"""Verbs whose past is written as their base ("I've put a credit on your account")."""

AGREED = frozenset({"agreed", "decided", "chosen", "opted", "arranged", "elected", "offered"})
"""Past verbs that carry the commitment of the verb after "to": "we've agreed to refund"."""


def is_past(word: str) -> bool:
    """`word` is the past tense or participle of a verb the rules know."""
    return word in SAME_PAST or VERBS.get(word, ("", ""))[1] == "past"


FIRST = frozenset({"i", "we"})

BE = frozenset({"be", "is", "are", "was", "were", "am", "been", "being"})

BE_NOW = frozenset({"is", "are", "am"})

HAVE = frozenset({"have", "has", "had"})

HAPPY = frozenset(
    {"happy", "glad", "pleased", "delighted", "able", "willing", "ready", "honoured", "honored"}
)
"""After "I'm"/"I'd be" and before "to": "I'd be happy to refund" commits ("able" does not)."""

DETERMINERS = frozenset(
    {"a", "an", "the", "your", "this", "that", "these", "those", "my", "our", "his", "her",
     "their", "its", "both", "one", "another", "any", "every", "each", "all", "no", "some",
     "full", "partial", "new", "extra", "further", "second", "first", "additional"}
)  # fmt: skip

SPECIFIC = frozenset({"your", "the", "this", "that", "these", "those", "my", "a", "an", "both"})
"""Determiners of one customer's thing, as against everyone's ("refunds", "any order")."""

QUANTIFIERS = frozenset({"any", "every", "each", "all", "most", "many"})

PREPOSITIONS = frozenset(
    {"about", "on", "regarding", "for", "to", "with", "in", "at", "from", "by", "into",
     "under", "via", "through", "as", "than", "that", "so", "because", "since", "within",
     "over", "per", "after", "before", "until", "if", "once", "when", "whether", "while",
     "towards", "toward", "against", "across", "during", "without", "like", "off", "out",
     "up", "down", "instead", "using", "including", "except", "minus", "plus"}
)  # fmt: skip
"""Where an object noun phrase ends ("a refund | for the delay")."""

OBJECT_ENDS = frozenset(
    {"today", "tomorrow", "tonight", "yesterday", "now", "asap", "shortly", "soon",
     "immediately", "later", "already", "again", "too", "also", "anyway", "instead", "right"}
)  # fmt: skip
"""Adverbs of time and manner that end an object ("a replacement | today")."""

OWNED_DETERMINERS = frozenset({"your", "the", "this", "that"})
"""What may name the customer's own thing in a reply: "your", "the", "this", "that"."""
OWNED_ANY = OWNED_DETERMINERS | {"these", "those"}
"""`OWNED_DETERMINERS` and their plurals: "these fees", "those charges"."""

PRONOUNS = frozenset({"i", "we", "you", "it", "they", "he", "she"})
"""A pronoun after the first word of an object starts the next clause ("the fee | it...")."""

AUX = frozenset(
    {"will", "shall", "would", "can", "could", "should", "may", "might", "must", "is", "are",
     "was", "were", "am", "be", "been", "being", "have", "has", "had", "do", "does", "did"}
)  # fmt: skip

NOT_PLURAL = frozenset(
    {"us", "its", "this", "was", "has", "is", "yes", "plus", "bus", "status", "process",
     "address", "business", "express", "access", "class", "pass", "less", "loss", "news",
     "series", "always", "perhaps", "thanks", "diagnosis", "basis", "sales", "customs",
     "goods", "premises", "his", "hers", "ours", "yours", "theirs", "whereas", "bonus",
     "analysis", "christmas", "chaos", "gas", "canvas", "atlas", "lens", "cons"}
)  # fmt: skip
"""Words ending in -s that are not plurals (`plural`)."""

NEW_THINGS = frozenset(
    {"one", "ones", "unit", "units", "item", "items", "pair", "device", "product", "model",
     "copy", "piece", "set"}
)  # fmt: skip
"""What "a new ..." replaces: "we'll send you a new one", "a brand-new unit"."""

NP_STOP = frozenset(
    {"i", "we", "you", "they", "he", "she", "it", "guarantee", "promise", "assure", "think",
     "believe", "hope", "know", "sure", "certain", "that", "said", "told", "mentioned",
     "confirm", "understand", "expect", "assured", "confident", "100%", "positive", "see",
     "guaranteed", "promised", "worry", "news", "great", "good", "ok", "okay", "yes"}
)  # fmt: skip
"""Where a subject noun phrase, read backwards from its verb, begins ("I guarantee | your
refund will...", "I think | the fee will...")."""

CHARGED = frozenset(
    {"charged", "billed", "debited", "invoiced", "overcharged", "double-charged", "surcharged"}
)
"""What the customer will not be, in a no-charge commitment."""

CHARGING = frozenset({"charging", "billing", "debiting", "invoicing"})
"""What I or we will not be doing to the customer, in a no-charge commitment: "we won't be
billing you"."""

FREEBIE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("free", "of", "charge"), ("for", "free"), ("at", "no"), ("on", "us"),
    ("on", "the", "house"), ("complimentary",), ("no", "charge"), ("no", "cost"),
    ("without", "charge"), ("at", "our", "expense"), ("at", "our", "cost"),
    ("as", "a", "courtesy"), ("as", "a", "goodwill"), ("as", "a", "gesture"), ("goodwill",),
    ("as", "a", "one-time"), ("as", "an", "exception"), ("one-time", "exception"),
    ("gratis",), ("free",), ("courtesy", "credit"), ("no", "extra"), ("as", "compensation"),
    ("in", "compensation"), ("by", "way", "of", "compensation"), ("to", "compensate"),
    ("courtesy", "adjustment"), ("courtesy", "adjustments"), ("fee-free",), ("charge-free",),
    ("cost-free",), ("penalty-free",), ("without", "extra"), ("without", "additional"),
    ("without", "any", "extra"), ("without", "cost"), ("without", "any", "charge"),
    ("as", "credit"), ("as", "a", "credit"), ("as", "account", "credit"), ("as", "store", "credit"),
    ("paid", "for", "by", "us"), ("covered", "by", "us"), ("paid", "by", "us"),
    ("as", "an", "apology"), ("by", "way", "of", "apology"), ("as", "our", "apology"),
    ("to", "make", "up", "for"), ("to", "make", "it", "up"), ("as", "a", "sorry"),
    ("for", "the", "hassle"), ("for", "the", "trouble"), ("for", "the", "inconvenience"),
)  # fmt: skip
"""What makes giving something an act of authority: "send a new one free of charge", "this
one's on us", "paid for by us", "a courtesy adjustment" (not alone: an address), "as an apology";
amends after what is given ("1,200 Gems to make up for it", "300 bonus Crystals for the
hassle"; not "sorry for the trouble", `_word_reader`)."""

COURTESY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("as", "a", "courtesy"), ("as", "a", "goodwill"), ("as", "a", "gesture"), ("as", "goodwill"),
    ("as", "an", "apology"), ("as", "a", "one-time"), ("as", "an", "exception"),
    ("to", "make", "up", "for"), ("to", "make", "it", "up"), ("to", "say", "sorry"),
    ("to", "compensate"), ("as", "compensation"), ("by", "way", "of", "compensation"),
)  # fmt: skip
"""What, said before it, makes giving something an act of authority: "As a gesture of
goodwill, we've added 500 points"."""

NEEDS_OFF = frozenset({"take", "knock", "write", "strike", "zero"})
"""Charge verbs that remove a charge only with "off"/"out": "take the fee off"."""

_NOUN_STEMS = {
    "refund": "refund", "refunds": "refund", "cashback": "refund",
    "reimbursement": "reimburse", "reimbursements": "reimburse",
    "compensation": "compensate", "credit": "credit", "credits": "credit",
    "voucher": "voucher", "vouchers": "voucher", "giftcard": "voucher",
    "coupon": "coupon", "coupons": "coupon", "discount": "discount", "discounts": "discount",
    "rebate": "rebate", "rebates": "rebate", "replacement": "replace", "replacements": "replace",
    "upgrade": "upgrade", "exception": "exception", "exceptions": "exception",
    "waiver": "waive", "extension": "extend", "reversal": "reverse", "goodwill": "goodwill",
}  # fmt: skip

_STEM_VERBS = (SELF_VERBS | APPROVING | {"remove", "cancel", "delete"}) - {"match", "bump"}

_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")

_LETTERS = re.compile(r"[^a-z]+")


def authority_stems(text: str) -> frozenset[str]:
    """The words of `text` that name an act of authority, by stem.

    "I've issued a refund of $40" gives ``{"refund"}``, "the fee was waived" ``{"waive"}``,
    "the refund was approved" ``{"refund", "approve"}``, and a tool named ``issue_refund``
    or ``issueRefund`` ``{"refund"}``: `no_promises` compares a claim's stems with those of
    the tool calls that may back it.
    """
    stems: set[str] = set()
    for word in _LETTERS.split(_CAMEL.sub(" ", text).lower()):
        if word in _NOUN_STEMS:
            stems.add(_NOUN_STEMS[word])
        elif word in VERBS and VERBS[word][0] in _STEM_VERBS:
            stems.add(VERBS[word][0])
    return frozenset(stems)


def names_process(words: list[str]) -> bool:
    """The words name the process of a refund or credit ("the refund process")."""
    return any(
        w in AUTH_NOUNS and nxt in {"process", "processing"}
        for w, nxt in zip(words, words[1:], strict=False)
    )


def plural(word: str) -> bool:
    """`word` reads as a plural noun ("refunds", "customers"; not "status", "its")."""
    return (
        len(word) > 3
        and word.endswith("s")
        and not word.endswith(("ss", "us", "is"))
        and word not in NOT_PLURAL
        and word.isalpha()
    )


def charge_before_clause(words: list[str]) -> int:
    """Where a clause without "that" after a charge starts in a subject's words, or 0.

    "the annual fee | you paid in March", "the $60 | we charged you": the charge (or amount)
    a determiner opens, then "you"/"I"/"we" and a past verb ("lost" and "spent" too: "the
    £140 | you lost"), or "taken" ("the £9.99 payment | taken on 2 May"), or after an amount
    a participle of charging ("the €87.12 | charged on the estimated reading"); the charge
    may be a noun after its amount ("the £25 top-up | you lost", the eleventh pass).
    """
    for k in range(1, len(words) - 1):
        before = words[k - 1]
        after = words[k + 1]
        taken = words[k] == "taken" or (words[k] in CHARGED and is_amount(before))
        if (
            (words[k] in {"you", "i", "we"} or taken)
            and not SPECIFIC.isdisjoint(words[: k - 1])
            and (is_past(after) or after in CHARGED or after in _LOST or taken)
            and (
                before in CHARGE_NOUNS
                or before in COST_NOUNS
                or is_amount(before)
                or (k > 1 and is_amount(words[k - 2]))  # "the £25 top-up you lost"
            )
        ):
            return k
    return 0


_LOST = frozenset({"lost", "spent"})
"""Past verbs of the customer's money gone, after "you" in a charge's clause: "the £140 you
lost by taking a day off work", "the €46.80 you spent at the airport" (the eleventh pass)."""


def is_amount(word: str) -> bool:
    """`word` is an amount of money ("$2,150", "£30"; other currencies' signs are read as ``$``)."""
    return word[:1] in "$£€¥" and word[1:2].isdigit()


SUMS = frozenset({"penny", "pennies", "cent", "cents", "amount", "sum", "deposit", "fare", "bond"})
"""Sums the customer may be said to get back: "you'll get every penny back"."""

GOT_BACK = SUMS | {"price", "cost", "fee", "fees", "charge", "charges", "payment", "difference"}
"""What the customer gets back is their money: "you'll get the full ticket price back"."""

COURTESY_GIFTS = frozenset(
    {"car", "cars", "vehicle", "hire", "rental", "room", "hotel", "night", "nights", "stay",
     "meal", "meals", "taxi", "cab", "upgrade", "lounge", "voucher"}
)  # fmt: skip
"""After "courtesy", what is given ("a courtesy car"), not a call or a reminder."""

APPEARING = frozenset(
    {"appear", "appears", "show", "shows", "hit", "hits", "land", "lands", "added", "applied"}
)
"""What a charge made sure of does not do, to be kept off a bill: "doesn't show up"."""

ARTICLES = frozenset({"the", "a", "an", "your", "our", "their", "its", "my"})
"""Before a past participle, what makes it an adjective: "the returned item"."""

MONEY_UNITS = frozenset(
    {"penny", "cent", "dollar", "pound", "euro", "rupee", "yen", "franc", "peso", "krone"}
)
"""After "every" or "each", money of this customer's, not everyone's: "every dollar is
guaranteed to come back", "you'll get every penny back"."""

PARTS = frozenset({"all", "both", "each", "some", "part", "half", "most", "rest", "remainder"})
"""Before "of", a part of what follows, which is the head: "all of the fees"."""


def has_amount(words: frozenset[str]) -> bool:
    """An amount of money is among `words` ("$2,150", "£30")."""
    return any(is_amount(x) for x in words)


def names_new_one(words: frozenset[str]) -> bool:
    """An object's words are "a new one" or "a brand-new unit": a replacement, in other words."""
    if {"brand", "new"} <= words or "brand-new" in words:
        return True  # "a brand new kettle": whatever it is, a replacement
    return any(w == "new" or w.endswith("-new") for w in words) and bool(words & NEW_THINGS)


_NOTHING = frozenset({"zero", "nothing", "nil"})


def is_zero(word: str) -> bool:
    """`word` is a sum of nothing: "zero", "nothing", "nil", "0", "$0", "£0.00"."""
    if word in _NOTHING:
        return True
    digits = word.lstrip("$£€¥")
    return digits[:1] == "0" and set(digits) <= {"0", ".", ","}


SAYING = frozenset({"that", "which", "saying", "say", "says", "explaining", "confirming"})
"""Between an act and "free": what makes the "free" what is said, not how it is given."""

REFERRING = frozenset({"it", "that", "this", "them", "those"})
"""Pronouns that may stand for a cost named before them: "the postage? we'll cover it"."""

_LOADING = frozenset({"add", "put", "deposit", "transfer"})
_BALANCES = frozenset({"account", "wallet", "balance", "e-wallet", "ewallet"})
_BILLS = frozenset({"bill", "invoice", "statement", "account"})
_AN_EXTRA = frozenset({"a", "an", "the", "another", "extra", "additional", "further"})


def onto_balance(base: str, thing: list[str], after: list[str]) -> bool:
    """A sum put onto the customer's account, wallet or balance: a credit.

    `thing` (the object's words: an amount and nothing else, "$150", "an extra £20") is
    added, put or deposited (`base`) "to/in/into your" (`after`, the words after the object)
    account, wallet or balance, named within three words: "I've added $150 to your wallet",
    "I put $150 in your Rail Rewards account", "I'll apply €50 to your next bill"; not added
    "to your bill", "on your card", not a charge ("a £20 fee") or what costs an amount ("a
    spend cap of £20").
    """
    said = [x for x in thing if x not in _AN_EXTRA]
    if base not in _LOADING | {"apply"} or len(said) != 1 or not is_amount(said[0]):
        return False
    if after[:1] not in (["to"], ["in"], ["into"], ["onto"]) or after[1:2] != ["your"]:
        return False
    # a sum applied to a bill is taken off it: "I'll apply €50 to your December bill"
    return not (_BALANCES | (_BILLS if base == "apply" else set())).isdisjoint(after[2:5])


CHANGED_NOW = frozenset({"now", "already", "just", "hereby"})
"""Beside a present passive, what makes it this customer's change: "the fee is now waived"."""


BACK_ON = frozenset({"to", "into", "onto", "on"})
"""After "back": where the customer's money goes ("put back on your card", "the $150 for the
scratch back to your card")."""

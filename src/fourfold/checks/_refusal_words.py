"""The words the refusal detector knows, by the role they play in its rules.

The rules (`_refusals`) are shapes: "I can't" and a verb, "that's not something I can do",
"that's outside what I can help with". These lists fill their slots: the verbs by which a
request is declined ("share", "give out"), and the verbs after "can't" that decline
nothing: idioms ("wait", "stress"), hedges ("guarantee", "predict"), failures to find
("find", "locate"). A list holds words, not phrases, so a rule reaches every combination
of its slots.
"""

from __future__ import annotations

__all__ = [
    "BARE_DEPARTMENTS",
    "DRAWN_UP",
    "drawn_up",
    "CHAT_MODALS",
    "NOT_OFFERING",
    "OFFERING",
    "booked_with",
    "sent_to",
    "NOT_YET",
    "judges_condition",
    "CONDITIONS",
    "house_start",
    "BOOKING",
    "MEETINGS",
    "WE_AS",
    "NOT_WE",
    "HOUSE",
    "SPEAKERS",
    "ABLE",
    "ADVERBS",
    "ADVICE_KINDS",
    "BARE_NO",
    "BE_ADVERBS",
    "BEFORE_DECLINE",
    "CONFIDENTIAL",
    "CONFIDENTIAL_SUBJECTS",
    "DECLINE",
    "DECLINES",
    "ERRORS",
    "FAILURES",
    "GRANTS",
    "HAVE_THE",
    "HEDGES",
    "HEDGE_OBJECTS",
    "IDIOMS",
    "JUDGING",
    "LEAD_INS",
    "ADDRESSED",
    "MODAL_NEG",
    "NOT_DECLINING",
    "NOT_FOUND_NOUNS",
    "NOT_NOUN",
    "ONLY_TECHNICAL_FAILURES",
    "ONLY_VERBS",
    "PEOPLE",
    "PRICES",
    "POINTING",
    "NON_ACTS",
    "POSSIBLE",
    "PROFESSIONALS",
    "PROFESSIONAL_PAIRS",
    "REGRET",
    "REMIT",
    "REMIT_VERBS",
    "BEFORE_UNABLE",
    "BETWEEN_ADVERBS",
    "NOT_WHO",
    "REASSURING",
    "REQUESTED",
    "REQUEST_NOUNS",
    "REQUEST_VERBS",
    "SELF_SERVICE",
    "SUBJECT_BOUND",
    "SERVICE",
    "SOMETHING",
    "SOMETHING_VERBS",
    "SPARE",
    "TECHNICAL",
    "THIRD_PARTY",
    "USUALLY",
    "USUAL_OPENINGS",
    "VERDICT",
    "WOULD_DECLINE",
]

LEAD_INS = frozenset(
    {"sorry", "unfortunately", "sadly", "regrettably", "afraid", "apologies", "but", "so",
     "and", "however", "honestly", "really", "truly", "again", "also", "still", "ok", "okay",
     "no", "yeah", "well", "though", "i'm", "alas"}
)  # fmt: skip
"""Words that may open a clause whose subject is left out ("Sorry, can't do that")."""

ADDRESSED = frozenset(
    {"mate", "hun", "hon", "babe", "buddy", "pal", "dear", "sir", "madam", "ma'am", "maam",
     "folks", "guys", "bro", "dude", "boss", "chief", "darling", "sweetie", "lovely"}
)  # fmt: skip
"""Words by which a reply addresses the customer after a lead-in, no comma between (dev
round 274: "sorry mate cant confirm ..."): the clause still leaves its subject out. Not
"man", "friend" or "love", which are as often a subject ("but love can't be rushed")."""

ABLE = frozenset(
    {"able", "allowed", "permitted", "authorised", "authorized", "in", "going", "comfortable",
     "qualified", "at", "willing", "licensed", "entitled", "the", "prepared", "supposed",
     "cleared", "empowered", "set"}
)  # fmt: skip
"""After "I'm not": "able to", "allowed to", "in a position to", "going to", "at liberty to",
"the right person to"..."""

HAVE_THE = frozenset(
    {"authority", "ability", "permission", "permissions", "access", "clearance", "right",
     "capability", "capacity", "facility",
     "rights", "power", "means", "tools", "option", "mandate", "authorisation",
     "authorization", "discretion", "latitude", "possibility"}
)  # fmt: skip
"""After "I don't have (the)": what the agent lacks to do what was asked."""

SERVICE = frozenset(
    {"give", "provide", "offer", "share", "disclose", "reveal", "release", "hand", "pass",
     "discuss", "comment", "advise", "handle", "do", "assist", "help", "make", "allow",
     "permit", "support", "process", "accept", "deal", "ship", "sell", "issue", "send",
     "recommend", "change", "cover", "answer", "touch", "get", "tell", "unlock", "bypass",
     "override", "reset", "access", "look", "create", "edit", "modify", "delete", "cancel",
     "refund", "waive", "transfer", "grant", "confirm", "read", "book", "arrange", "speculate",
     "guess", "interpret", "diagnose", "prescribe", "verify", "disable", "remove",
     "add", "file", "draft", "write", "fake", "forge", "falsify", "backdate", "alter",
     "reverse", "approve", "authorise", "authorize", "open", "close", "log", "sign",
     "impersonate", "pretend", "walk", "explain", "pull", "search", "find", "check", "action",
     "fulfil", "fulfill", "execute", "honour", "honor", "freeze", "extend", "mark",
     "reimburse", "compensate", "rebook", "recall", "upgrade", "collect", "replace", "repair",
     "exchange", "adjust", "sort", "enter", "prepare", "fill", "reschedule", "reissue",
     "produce", "amend", "carry", "translate", "price-match", "deliver", "link", "settle",
     "display", "paste", "generate", "post", "publish", "print", "expose",
     "predict", "debug", "solve", "calculate", "perform", "communicate", "merge", "combine",
     "stack", "build", "implement", "forward", "record", "consult", "courier", "dispatch",
     "despatch", "put", "overrule"}
)  # fmt: skip
"""Verbs by which a request is declined after "I won't", "I don't", "I'm not going to": "I
won't share", "we don't give out"; sending by a carrier as "ship" and "deliver" are ("we will
not courier a SIM abroad", "we don't dispatch to the islands": dev round 268); a name put on a
document, a desk overruled ("the pharmacy will not put your wife's name on it", "customer care
doesn't overrule the warehouse": the twenty-second pass, rounds 92, 118 and 150; not "move",
which a reassurance shares, "we won't move your savings without your consent", nor "reopen",
which a shop's hours share, "we won't be reopening until 9am"). (After "can't" every verb is,
but for the exceptions below.)"""

IDIOMS = frozenset(
    {"wait", "thank", "stress", "emphasise", "emphasize", "overstate", "overemphasise",
     "overemphasize", "believe", "imagine", "agree", "complain", "beat", "fault", "miss",
     "express", "describe", "understate", "praise", "wait!", "resist", "argue", "hurt",
     "blame", "deny"}
)  # fmt: skip
"""Verbs of idioms: "I can't wait", "I cannot stress enough", "I couldn't agree more",
"can't hurt to try", "I can't blame you", "I can't deny it was our mistake"."""

HEDGES = frozenset(
    {"guarantee", "promise", "predict", "estimate", "foresee", "speak", "vouch", "commit",
     "know", "be", "pinpoint", "forecast", "assure", "anticipate"}
)  # fmt: skip
"""Verbs of a hedge: "I can't guarantee it will arrive", "I can't be certain"."""

HEDGE_OBJECTS = frozenset(
    {"exact", "exactly", "precise", "precisely", "specific", "firm", "definite", "definitive",
     "yet", "when", "how", "sure", "certain", "certainty", "eta", "timeline", "timeframe",
     "estimate", "until", "till", "right", "accurate", "accurately", "guarantee", "guarantees",
     "assurance", "assurances"}
)  # fmt: skip
"""After "say", "tell you", "confirm", "give you": what makes it a hedge ("I can't say
exactly when", "I can't confirm the time yet", "I can't give you an exact date", "I cannot
give a guarantee that it will be credited back"). Not
"for": "for sure" hedges by its "sure", "suggestions for products" declines."""

FAILURES = frozenset(
    {"find", "locate", "see", "spot", "pull", "load", "open", "read", "make", "track", "trace",
     "reach", "connect", "hear", "retrieve", "identify", "match", "access", "log", "seem",
     "tell", "verify", "view", "detect", "recall", "remember", "figure", "work", "get",
     "download", "upload", "play", "display", "resolve", "recognise", "recognize", "process",
     "complete", "submit", "send", "print", "refresh", "contact", "confirm", "check", "look"}
)  # fmt: skip
"""Verbs of failing to find or reach: "I can't find your order", "I can't reach the
warehouse". They refuse only when what is sought is someone else's or needs their consent
("I can't look up someone else's order"); `process`, `send`, `confirm`... are failures only
with a technical reason ("... because the system is down") or a hedge ("... yet")."""

DRAWN_UP = frozenset(
    {"invoice", "invoices", "cheque", "cheques", "check", "checks", "receipt", "receipts",
     "bill", "quote", "quotation", "certificate", "voucher", "statement", "note"}
)  # fmt: skip
"""Documents "made out" to someone: "make out an invoice", "make out a cheque"."""

_ONE_MORE = frozenset({"a", "an", "another", "any", "one", "new", "second", "separate"})


def drawn_up(after: list[str]) -> bool:
    """The words after "make out" name a document drawn up, not a thing seen.

    "(make out) an invoice for £450", "a new cheque", "another receipt": a determiner of one
    more (`_ONE_MORE`) and a document of `DRAWN_UP` within the next two words. Not "the
    number on the photo", "what it says", "the invoice" (a document already there, read).
    """
    if after[:1] == [] or after[0] not in _ONE_MORE:
        return False
    return not DRAWN_UP.isdisjoint(after[1:3])


ONLY_TECHNICAL_FAILURES = frozenset(
    {"process", "complete", "submit", "send", "print", "refresh", "contact", "confirm",
     "check", "look", "get", "work", "access", "log", "open", "verify", "tell", "make"}
)  # fmt: skip

TECHNICAL = frozenset(
    {"system", "systems", "outage", "down", "maintenance", "glitch", "technical", "offline",
     "declined", "expired", "invalid", "incorrect", "wrong", "insufficient",
     "server", "servers", "connection", "error", "bug", "blurry", "unclear", "unreadable",
     "corrupted", "corrupt", "attachment", "photo", "file", "pdf", "image", "screenshot",
     "link", "moment", "currently", "tools", "patch", "sync", "outages"}
)  # fmt: skip

THIRD_PARTY = frozenset(
    {"someone", "somebody", "another", "other", "others", "third", "third-party", "his", "her",
     "their", "him", "them", "he", "she", "they", "person", "people", "anyone", "anybody",
     "customers", "members", "owner", "holder", "partner", "ex", "ex-partner", "family",
     "friend", "neighbour", "neighbor", "stranger", "consent", "permission", "verification",
     "verifying", "authorisation", "authorization", "behalf", "staff", "employee",
     "employees", "driver", "sender", "previous"}
)  # fmt: skip
"""Words that make what the agent cannot reach someone else's ("another customer's
account", "without the owner's consent", "on their behalf")."""

PEOPLE = frozenset(
    {"individuals", "individual", "partner", "wife", "husband", "brother", "sister", "mother",
     "father", "mum", "mom", "dad", "son", "daughter", "friend", "neighbour", "neighbor", "ex",
     "boss", "colleague", "customer", "person", "member", "owner", "holder", "sender", "driver",
     "user", "employee", "tenant", "landlord", "child", "kid", "spouse", "family", "someone",
     "somebody", "anyone", "anybody", "girlfriend", "boyfriend", "parent", "grandmother",
     "grandfather", "cousin", "uncle", "aunt", "flatmate", "roommate", "manager", "client",
     "recipient", "buyer", "seller", "passenger", "guest", "patient", "student", "caller", "else"}
)  # fmt: skip
"""People whose possessions are someone else's data: "your partner's account"."""

REQUESTED = frozenset(
    {"modified", "changed", "cancelled", "canceled", "refunded", "returned", "exchanged",
     "added", "removed", "reversed", "waived", "upgraded", "downgraded", "transferred",
     "shared", "disclosed", "released", "reset", "amended", "processed", "honoured",
     "honored", "accepted", "reinstated", "unlocked", "split", "combined", "edited", "altered",
     "overridden", "given", "provided", "issued", "granted", "done", "arranged", "approved",
     "deleted", "merged", "rebooked", "rescheduled", "moved", "reissued", "extended",
     "redeemed", "applied", "revealed", "accommodated", "made", "discussed", "fulfilled",
     "fulfiled", "actioned", "swapped", "switched", "substituted", "resolved", "raised",
     "increased", "lifted", "lowered", "reduced", "recalled", "skipped", "bypassed", "frozen",
     "backdated", "replaced", "reimbursed", "compensated", "paused", "reopened", "credited",
     "paid", "authorised", "authorized", "booked", "escalated", "reconsidered", "revisited",
     "reassessed", "sped", "expedited", "fast-tracked", "prioritised", "prioritized",
     "furnished", "divulged", "recovered", "restored", "retrieved", "undeleted", "sent",
     "entertained", "advised", "submitted", "awarded", "bought", "purchased", "produced"}
)  # fmt: skip
"""What a request asks to have done: "it cannot be cancelled", "the booking can't be
changed" decline it."""

BE_ADVERBS = frozenset(
    {"partially", "fully", "individually", "separately", "directly", "retroactively",
     "manually", "simply", "just", "entirely", "completely", "further"}
)  # fmt: skip
"""Adverbs between "be" and what is asked: "orders cannot be partially cancelled"."""

REQUEST_NOUNS = frozenset(
    {"change", "changes", "modification", "modifications", "cancellation", "cancellations",
     "refund", "refunds", "exchange", "exchanges", "return", "returns", "swap", "swaps",
     "upgrade", "upgrades", "downgrade", "downgrades", "transfer", "transfers", "amendment",
     "amendments", "exception", "exceptions", "adjustment", "adjustments", "alteration",
     "alterations", "edits", "substitution", "substitutions", "rebooking", "rebookings",
     "extension", "extensions"}
)  # fmt: skip
"""Kinds of request: "no further changes can be made", "partial refunds aren't supported"."""

REQUEST_VERBS = frozenset(
    {"cancel", "change", "modify", "remove", "add", "swap", "switch", "split", "combine",
     "exchange", "return", "refund", "transfer", "upgrade", "downgrade", "rebook",
     "reschedule", "move", "merge", "replace", "substitute", "edit", "delete", "amend"}
)  # fmt: skip
"""Acts asked for, as a gerund before "isn't supported": "removing an item isn't supported";
after a verdict's "you cannot": "Therefore, you cannot cancel the flight"."""

PRICES = frozenset(
    {"price", "prices", "quote", "quotes", "offer", "offers", "deal", "deals", "rate", "rates",
     "discount", "valuation", "bid", "promotion", "promo"}
)  # fmt: skip
"""What "we won't match" declines to match ("the other dealer's part-exchange price"); no
record sought, as in "I can't match your email to an account"."""

GRANTS = frozenset(
    {"refund", "credit", "compensation", "reimbursement", "voucher", "certificate",
     "exception", "waiver", "upgrade", "exchange"}
)  # fmt: skip
"""What "you cannot get / receive / claim" declines: "you won't be able to get a refund"."""

SELF_SERVICE = frozenset({"online", "app", "website", "portal", "yourself", "self-service"})
"""Where "you can't" is the customer's own way, not the request: "you can't change it online,
but I can"."""

NOT_FOUND_NOUNS = frozenset(
    {"account", "accounts", "record", "records", "order", "orders", "reservation",
     "reservations", "booking", "bookings", "user", "match", "matches", "matching", "result",
     "results", "profile"}
)  # fmt: skip
"""After "no": what was not found ("no account matches that email", "no record of it")."""

ERRORS = frozenset({"error", "errors", "glitch", "hiccup", "failed", "failure"})
"""What an apology before "it seems we can't..." names when an attempt went wrong."""

VERDICT = frozenset({"therefore", "thus", "hence", "consequently", "accordingly"})
"""Connectives that make "you cannot" the verdict on what was asked: "Therefore, you
cannot cancel the flight"."""

PROFESSIONALS = frozenset(
    {"lawyer", "lawyers", "attorney", "attorneys", "solicitor", "solicitors", "barrister",
     "doctor", "doctors", "gp", "physician", "pharmacist", "dentist", "accountant",
     "accountants", "notary", "therapist", "counsellor", "counselor", "paralegal",
     "psychiatrist", "psychologist", "optician", "vet", "veterinarian", "midwife", "nurse",
     "nurses", "dietitian", "dietician", "surgeon", "ca", "cpa", "cpas"}
)  # fmt: skip

PROFESSIONAL_PAIRS = frozenset(
    {("tax", "adviser"), ("tax", "advisor"), ("tax", "professional"), ("tax", "preparer"),
     ("tax", "specialist"), ("tax", "agent"), ("financial", "adviser"), ("financial", "advisor"),
     ("financial", "planner"), ("financial", "professional"), ("legal", "professional"),
     ("legal", "adviser"), ("legal", "advisor"), ("legal", "counsel"), ("legal", "aid"),
     ("medical", "professional"), ("healthcare", "provider"), ("healthcare", "professional"),
     ("health", "professional"), ("investment", "adviser"), ("investment", "advisor"),
     ("immigration", "adviser"), ("immigration", "advisor"), ("mortgage", "adviser"),
     ("mortgage", "advisor"), ("pensions", "adviser"), ("pension", "adviser"),
     ("citizens", "advice"), ("legal", "expert"), ("medical", "advice")}
)  # fmt: skip

POINTING = frozenset(
    {"a", "an", "your", "qualified", "licensed", "registered", "certified", "local",
     "regulated", "independent", "professional", "proper", "chartered", "specialist", "own"}
)  # fmt: skip

SOMETHING = frozenset(
    {"something", "anything", "one", "thing", "request", "service", "option", "question",
     "information", "info", "data", "details", "detail", "advice", "help", "support",
     "what", "area", "matter", "kind", "type", "sort", "task", "topic", "subject", "action",
     "change", "decision", "call", "feature", "product", "facility", "how"}
)  # fmt: skip

NOT_DECLINING = frozenset({"recommend", "suggest", "advise", "expect", "say", "forget", "mind"})
"""Verbs after "not something I would/will" that judge or remember rather than decline:
"that's not something I would recommend", "not something I'll forget"."""

WOULD_DECLINE = frozenset({"be", "feel", "want", "like", "agree", "consider"})
"""Verbs after "not something I would/will" that decline besides `SOMETHING_VERBS`: "not
something I'd be comfortable sharing", "...I would feel right doing", "...we'd agree to"."""

SOMETHING_VERBS = frozenset(
    {"can", "could", "able", "allowed", "permitted", "do", "offer", "provide", "handle",
     "support", "help", "deal", "give", "share", "advise", "discuss", "assist", "cover",
     "answer", "authorised", "authorized", "in", "am", "are", "is", "fulfil", "fulfill",
     "arrange", "make", "process", "allow", "allows", "permit", "permits", "let", "lets",
     "carry", "undertake", "step", "facilitate", "entertain", "perform", "accommodate",
     "clear", "collect", "remove", "fix", "repair", "replace", "refund", "investigate",
     "propose"}
)  # fmt: skip

NON_ACTS = frozenset(
    {"non-refundable", "nonrefundable", "non-transferable", "nontransferable",
     "non-exchangeable", "non-cancellable", "non-cancelable", "non-changeable",
     "non-amendable", "non-returnable"}
)  # fmt: skip
"""What a thing is said to be when what was asked of it cannot be done: "the tickets are
non-refundable under the purchase terms"."""

ACTABLE = frozenset(
    {"refundable", "transferable", "exchangeable", "changeable", "returnable", "cancellable",
     "cancelable", "amendable", "modifiable", "payable"}
)  # fmt: skip
"""What a thing is said not to be, as `NON_ACTS`: "the leftover value is not refundable"."""

POSSIBLE = frozenset(
    {"possible", "allowed", "permitted", "doable", "feasible", "option", "permissible",
     "available"}
) | NON_ACTS | ACTABLE  # fmt: skip

DECIDED = frozenset({"declined", "rejected", "refused", "denied", "unsuccessful", "ineligible"})
"""A request's answer in the passive, or a verdict's value: "your claim was rejected"."""

GRANTED = frozenset(
    {"approved", "accepted", "granted", "considered", "successful", "authorised", "authorized"}
)  # fmt: skip
"""A request's answer that declines when negated: "your request has not been approved", "the
request for leave has not been authorised" (dev round 278)."""

ANSWERS = DECIDED | GRANTED
"""The words `_refusal_passive.request_declined` anchors at."""

DECIDED_REQUESTS = frozenset(
    {"request", "requests", "application", "applications", "claim", "claims", "appeal",
     "appeals", "dispute", "disputes", "waiver", "reimbursement", "compensation", "petition",
     "submission", "complaint", "access", "renewal", "renewals"}
)  # fmt: skip
"""What the customer asked that is declined in the passive (with `REQUEST_NOUNS`)."""

SUBJECT_BOUND: dict[str, frozenset[str]] = {
    "considered": DECIDED_REQUESTS | REQUEST_NOUNS,
}  # fmt: skip
"""Participles that decline after "cannot be" only when the subject names what a request
asks for: "the request for a second permit cannot be considered" (not "it cannot be
considered a fault"). ("used" with a voucher or a gift card was tried: "gift cards can't be
used to pay for gift cards" is as often the customer's own limit, or a fault.)"""

DECLINE = frozenset({"decline", "refuse", "reject", "declining", "refusing", "rejecting"})

DECLINES = frozenset({"declines", "refuses", "rejects"})
"""The business declining in the present: "the club declines requests to pause"."""

BEFORE_DECLINE = frozenset(
    {"to", "have", "must", "need", "will", "got", "going", "am", "are", "respectfully", "gonna",
     "gotta", "politely", "regretfully", "would", "afraid", "just", "therefore", "so",
     "unfortunately", "had", "has", "decided", "chosen"}
)  # fmt: skip
"""What may stand between "I" and "decline": "I'm afraid I'll have to respectfully decline",
"we've had to decline the application"."""

USUALLY = frozenset(
    {"usually", "typically", "normally", "generally", "often", "sometimes", "mostly",
     "ordinarily", "probably", "likely", "perhaps", "maybe"}
)  # fmt: skip
"""Hedges of frequency or likelihood before an inability: "basic economy tickets typically
cannot be modified", "we normally can't change the name" say what is so as a rule."""

USUAL_OPENINGS = (
    ("in", "most", "cases"), ("in", "general"), ("as", "a", "rule"), ("generally", "speaking"),
    ("most", "of", "the"),
)  # fmt: skip
"""Openings of a sentence that hedge it the same way: "In most cases, refunds cannot..."."""

NOT_YET = (
    ("at", "this", "stage"), ("at", "this", "point"), ("at", "this", "time"),
    ("at", "the", "moment"), ("at", "present"), ("as", "yet"), ("just", "yet"), ("for", "now"),
    ("for", "the", "moment"), ("right", "now"), ("just", "now"),
)  # fmt: skip
"""After "I can't say", "tell you", "confirm": the answer is not known yet, as "yet" says ("I
am unable to say at this stage how long the investigation will take")."""

ADVERBS = frozenset(
    {"really", "just", "simply", "possibly", "currently", "personally", "directly", "legally",
     "ethically"}
)  # fmt: skip

CONFIDENTIAL = frozenset({"confidential", "private", "restricted", "classified", "protected"})

CONFIDENTIAL_SUBJECTS = frozenset(
    {"information", "info", "data", "details", "that", "this", "it", "which", "address",
     "number", "records", "record", "instructions", "prompt"}
)  # fmt: skip

BARE_NO = frozenset(
    {"i", "am", "sorry", "but", "no", "afraid", "unfortunately", "sadly", "regrettably",
     "the", "answer", "is", "that", "a", "really", "very", "so", "not", "this", "time",
     "then", "still"}
)  # fmt: skip

REGRET = frozenset({"sorry", "afraid", "unfortunately", "sadly", "regrettably"})

ADVICE_KINDS = frozenset(
    {"independent", "professional", "legal", "medical", "financial", "tax", "qualified",
     "expert", "specialist", "proper", "regulated", "investment", "immigration"}
)  # fmt: skip

ONLY_VERBS = frozenset(
    {"share", "discuss", "help", "talk", "speak", "deal", "make", "give", "provide", "release",
     "disclose", "access", "process", "change", "act", "assist", "take", "accept", "answer",
     "advise", "send", "update", "reset", "cancel", "modify", "refund", "book", "issue", "add",
     "remove", "upgrade", "offer", "arrange", "confirm", "verify", "sell", "split"}
)  # fmt: skip
"""After "I can only": a restriction that declines the rest ("I can only discuss the account
with the account holder")."""

MODAL_NEG = frozenset(
    {"can", "could", "will", "would", "must", "may", "shall", "do", "does", "did", "am", "are",
     "is", "have", "need"}
)  # fmt: skip
"""What "not" may follow in a refusal: "can not", "will not", "am not (able to)"..."""

SPARE = frozenset({"keep", "bother", "trouble", "waste", "delay", "hold", "rush", "burden"})
"""After "I'd rather not", verbs that spare the customer ("keep you waiting"), not decline."""

REMIT = frozenset(
    {"scope", "remit", "expertise", "authority", "powers", "role", "responsibilities"}
)
"""What "outside our" may name with a noun before it ("outside our support scope")."""

BETWEEN_ADVERBS = frozenset(
    {"really", "just", "simply", "honestly", "also", "still", "unfortunately", "sadly",
     "regrettably", "therefore", "thus"}
)  # fmt: skip
"""Adverbs that may stand between "I'm" and "unable" or "not": "I'm unfortunately unable
to cancel it", "I'm sadly not able to waive the fee"."""

BEFORE_UNABLE = BETWEEN_ADVERBS | {",", "however"}
"""Between "am" and "unable": "I'm unfortunately unable", "we are, however, unable"."""


NOT_WHO = frozenset(
    {"you", "your", "yours", "it", "its", "they", "their", "he", "she", "this", "that", "not"}
)
"""After "beyond what": who is not the business ("beyond what you can see", "what it can
display")."""

REASSURING: tuple[tuple[str, ...], ...] = (
    ("do", "not", "worry"), ("rest", "assured"), ("no", "need", "to", "worry"),
    ("not", "to", "worry"),
)  # fmt: skip
"""What opens a sentence that reassures: what "we won't" do after it is no refusal ("Don't
worry, we won't cancel your order")."""

REMIT_VERBS = frozenset(
    {"can", "could", "is", "are", "does", "do", "covers", "handles", "offers", "supports",
     "provides"}
)  # fmt: skip
"""After "outside what" and the business: "outside what our support team does"."""

NOT_NOUN = frozenset({"and", "or", "to", "of", "for", "is", "are", "will", "can", "not"})
"""Words that cannot stand between "outside our" and a `REMIT` word, where a noun or two
may ("outside our support scope"; not "outside our hours and scope")."""

WE_AS = frozenset({"team", "teams", "department", "staff", "agents", "company", "store", "side"})
"""After "our", who stands for "we": "not something our team is able to do"."""

HOUSE = frozenset(
    {"team", "department", "staff", "agents", "shop", "store", "practice", "clinic", "surgery",
     "desk", "agency", "venue", "school", "salon", "studio", "company", "firm", "office",
     "bakery", "garage", "pharmacy", "workshop", "reception", "assistant", "chatbot", "branch",
     "tool", "helper", "concierge", "warehouse"}
)  # fmt: skip
"""After "our" or "the", the business itself as subject: "the shop is unable to unlock it",
"the front desk can't book you in"."""


SPEAKERS = HOUSE | frozenset(
    {"club", "gym", "dealership", "centre", "center", "academy", "reps", "representatives",
     "advisers", "advisors", "consultants", "handlers", "specialists", "associates",
     "colleagues", "executives", "officers", "employees", "operators", "experts",
     "technicians", "engineers", "coordinators", "managers", "council", "university",
     "college", "trust", "society", "association", "board", "committee", "panel", "hotel",
     "library", "museum", "municipality", "registry", "payroll", "depot", "headteacher",
     "hospital", "restaurant", "cafe", "café", "programme", "helpdesk", "concierge", "nurse",
     "nurses", "service", "marketplace", "head", "principal", "dean", "registrar", "partners",
     "directors", "trustees", "governors", "underwriters", "doctors", "pharmacists", "vets",
     "dentists", "faculty", "accounting", "finance", "collections", "trainers",
     "instructors", "coaches", "tutors", "stylists", "therapists"}
)  # fmt: skip
"""Who declines for the business in a refusal: `HOUSE`, the places a club or a dealer names
itself by ("the club declines requests to pause", "our gym can't freeze it"), and its people
by their role ("our reps don't give legal advice", "the claims handlers won't share it",
"our executives cannot suggest which plan suits you", "our trainers aren't able to diagnose
injuries"), and the public bodies and
institutions that write as themselves ("the Council will not be removing the tree", "the
university is unable to release another student's marks")."""


BARE_DEPARTMENTS = frozenset(
    {"reception", "hr", "payroll", "support", "mods", "moderators", "admins"}
)
"""Departments named without "the": "reception isn't able to", "HR won't be sharing it", "support
doesn't reset passwords"."""

_OPENS = frozenset({"and", "but", "so", ",", ";", ":", "—", "unfortunately", "sadly"})
"""What may stand before a department named without "the" ("reception")."""


def house_start(words: list[str], j: int, nouns: frozenset[str] = HOUSE) -> int | None:
    """Where the business named by the word at `j` starts, as a subject, or None.

    "The shop", "our front desk": "the" or "our", and at most one word (two after "our":
    "our Student Services advisers"; two joined by "&" or "and": "our trust & safety team"),
    before a word of `nouns` (`HOUSE`; the refusal rules
    read `SPEAKERS`); and "reception", "HR" or "payroll", which are named bare
    (`BARE_DEPARTMENTS`).
    """
    if 0 <= j < len(words) and words[j] in BARE_DEPARTMENTS and (j == 0 or words[j - 1] in _OPENS):
        return j  # "..., so reception isn't able to waive the fee": the desk, named bare
    if not 0 <= j < len(words) or words[j] not in nouns or j < 1:
        return None
    if words[j - 1] in {"our", "the", "this"}:
        return j - 1  # also "this branch", "this assistant"
    if j >= 2 and words[j - 2] in {"our", "the", "this"} and words[j - 1].isalpha():
        return j - 2
    if j >= 3 and words[j - 3] == "our" and words[j - 2].isalpha() and words[j - 1].isalpha():
        return j - 3  # "our Student Services advisers"
    if j >= 4 and words[j - 4] == "our" and words[j - 2] in {"&", "and"}:
        pair = (words[j - 3], words[j - 1])  # "our trust & safety team", "our returns and ...
        if all(x.isalpha() and x not in _NOT_A_NAME for x in pair):
            return j - 4
    return None


_NOT_A_NAME = frozenset({"the", "a", "an", "our", "your", "their", "my", "his", "her", "its"})
"""Not a word of a unit's two-part name: "our customers and the team" names no unit."""


NOT_WE = frozenset(
    {"customers", "customer", "members", "member", "users", "user", "clients", "client",
     "guests", "guest", "passengers", "passenger", "patients", "patient", "subscribers",
     "policyholders", "buyers", "shoppers", "travellers", "travelers", "callers"}
)  # fmt: skip
"""After "our", who is the customer, not "we": "not something our customers can change"."""


MEETINGS = frozenset(
    {"appointment", "appointments", "consultation", "consultations", "visit", "session",
     "call", "slot", "check-up", "checkup", "review"}
)  # fmt: skip
"""What one has with a professional, and the agent can book: "an appointment with a GP"."""

BOOKING = frozenset(
    {"book", "booked", "booking", "schedule", "scheduled", "scheduling", "arrange",
     "arranged", "arranging", "set", "setting", "reserve", "reserved", "reserving"}
)  # fmt: skip
"""Verbs by which the agent makes a meeting: "I can help you book", "I've scheduled"."""


def sent_to(words: list[str], k: int) -> bool:
    """Before the professional at `k`: what is sent to them, no referral of the customer.

    "The results go direct to your doctor", "we've forwarded the report to your GP".
    """
    if k < 2 or words[k - 1] != "to":
        return False
    if words[k - 2] in {"direct", "directly", "straight", "sent", "send", "forwarded",
                        "forward", "copied", "emailed"}:  # fmt: skip
        return True
    if words[k - 2] not in {"over", "across", "on", "through"}:
        return False
    for j in range(k - 3, max(-1, k - 8), -1):  # "sent the documents over to your solicitor"
        if not words[j].isalpha():
            return False
        if words[j] in {"sent", "send", "forwarded", "passed", "emailed", "posted"}:
            return True
    return False


def booked_with(words: list[str], k: int) -> bool:
    """The professional named from `k` is whom a meeting the agent makes is with.

    "I can help you book an appointment with a GP", "I've scheduled a video consultation
    with a nurse", "let me set up a call with a tax adviser": help given, not a request sent
    elsewhere. The meeting is one word before "with" or two ("a video consultation"); its
    verb at most three before that, done by I or we ("I've booked", "we can arrange") or
    helped by them ("help you book", "let me book"). Not the customer's booking on advice
    ("I'd recommend booking an appointment with a GP", "you should book a visit with a
    doctor"): only the few words before the professional are read.
    """
    if k < 3 or words[k - 1] != "with":
        return False
    for m in (k - 2, k - 3):
        if m < 1 or words[m] not in MEETINGS:
            continue
        for b in range(m - 1, max(-1, m - 5), -1):
            if words[b] not in BOOKING:
                continue
            before = words[max(0, b - 3) : b]
            if before[-1:] == ["you"] and words[b - 2 : b - 1] in (["help"], ["helping"]):
                return True
            if before[-1:] == ["me"] and words[b - 2 : b - 1] == ["let"]:
                return True
            return bool({"i", "we"} & set(before)) and not {"recommend", "suggest"} & set(before)
    return False


CONDITIONS = frozenset(
    {"cancerous", "malignant", "benign", "tumour", "tumor", "tumours", "tumors", "lump", "lumps",
     "rash", "infection", "infected", "infectious", "contagious", "abscess", "cyst", "mole",
     "lesion", "ulcer", "swelling", "swollen", "fracture", "fractured", "sprain", "sprained",
     "allergic", "allergy", "sick", "poorly", "diagnosis", "symptom", "symptoms", "disease",
     "illness", "toxic", "poisonous", "cavity", "decay", "pregnant", "lame", "limping",
     "inflamed", "inflammation", "wound", "bleeding", "concussion", "dislocated"}
)  # fmt: skip
"""What a person's or a pet's body has, which telling is a diagnosis: "we can't tell you
whether the lump is cancerous". Not a disease as a name ("the cancer research donation")."""

_DOSING = frozenset(
    {"take", "give", "eat", "use", "mix", "combine", "stop", "drink", "feed", "double", "skip"}
)  # fmt: skip
"""After "whether it's safe to": a medicine given or taken ("safe to give her ibuprofen")."""

JUDGING = frozenset({"tell", "say", "confirm", "judge", "determine", "assess"})
"""Verbs by which a diagnosis is declined: "I can't say whether the rash is infected"."""


def judges_condition(words: list[str]) -> bool:
    """The words after "I can't tell" ask for a diagnosis, and none says it is for now.

    "... (you) whether the lump on your dog's leg is cancerous from a photo", "... if the bite
    is infected", "... whether it's safe to give her ibuprofen": "whether", "if", "what" or
    "how", and a condition (`CONDITIONS`) or a medicine's safety; a failure ("from the photo")
    or a hedge ("whether ... is" alone) no longer. Not when the answer is to come ("yet",
    "until the lab results are back"), nor without the question ("I can't tell you how sorry
    I am about the rash" is an idiom before this is read).
    """
    if not {"whether", "if", "what", "how"} & set(words) or {"yet", "until", "till"} & set(words):
        return False
    for k, x in enumerate(words):
        if x in CONDITIONS:
            return True
        if x == "safe" and words[k + 1 : k + 2] == ["to"] and words[k + 2 : k + 3]:
            if words[k + 2] in _DOSING:
                return True  # "whether it's safe to give her ibuprofen"
    return False


OFFERING = frozenset(
    {"doing", "providing", "offering", "accepting", "issuing", "selling", "processing",
     "arranging", "handling", "supporting", "shipping", "operating", "giving"}
)  # fmt: skip
"""After "we are not": a service the business is not doing ("we're not offering refunds");
not "anything", "so well", nor a reassurance ("we're not processing it twice")."""

NOT_OFFERING = frozenset(
    {"anything", "so", "too", "well", "twice", "again", "double", "up", "away"}
)  # fmt: skip

CHAT_MODALS = frozenset({"going", "have", "got", "must", "gotta", "gonna"})
"""What opens a chat's "(I'm) gonna have to say no", "gotta say no", its subject left out."""

"""What was asked, said not to be possible: "I'm afraid that's not possible", "the answer is no".

"I'm afraid not", "no can do", "the answer has to be no", "that's a hard no from me", "the
tickets are non-refundable under the purchase terms", "a chargeback is no longer possible"
(`not_possible`, rule "not possible"). Not an idiom ("it's impossible to miss"), not a hedge
on what cannot be known yet ("it's not possible to say when the fix will ship", "the exact
delivery day is not possible to say yet"), and not what a fault of the moment stops ("the
booking tool is not working, so the change is not possible right now", "our phone line is
broken since the storm, so to call you back today is not possible").
Each shape reads a few words around its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_faults import broken_before, fault_of_the_moment
from ._refusal_hedged import exact_figure, says_when
from ._refusal_passive import MACHINES, RULE_NOUNS, Found, passive_found
from ._refusal_reasons import Reasons, base_form, for_now
from ._refusal_words import (
    ACTABLE,
    BE_ADVERBS,
    DECIDED_REQUESTS,
    GRANTS,
    HOUSE,
    IDIOMS,
    NON_ACTS,
    POSSIBLE,
    REQUEST_NOUNS,
    REQUEST_VERBS,
)

__all__ = ["not_possible"]

_KNOWING = frozenset({"say", "tell", "know", "predict", "confirm", "guarantee", "promise"})
"""After "impossible to": a hedge ("it's impossible to say for certain whether ...")."""

_FORETELLING = frozenset({"predict", "forecast", "foresee", "estimate", "anticipate"})

_NOTHING = frozenset({"nothing", "none"})
"""Before "is impossible": nothing said impossible, a boast, no refusal."""

_VERDICT_AUX = frozenset({"has", "must", "will", "is"})


_AFTER_A_NO = frozenset(
    {"i", "sorry", "until", "unless", "for", "on", "at", "today", "here", "then", "though",
     "however", "this", "now", "tho", "go"}
)  # fmt: skip
"""What may follow "is a no" in a verdict: "a no until you both agree", "a no for now", chat's
"a no tho", and "a no go" (a no-go written apart)."""


_GETS = frozenset({"gets", "got", "receives", "received", "meets", "met"})
"""Before "a no", with a request its subject: "the request gets a firm no", "met a no"."""

_PASSED = frozenset({"took", "taken", "passed", "put", "raised", "ran", "run", "checked"})
"""Before "to" or "with" a unit: we took the request there ("we took it to the product team")."""


def _asked_them(r: Reasons, i: int) -> bool:
    """Before "a no from them" at `i`: we took the request to a unit, earlier in the sentence.

    "we took your request to the product team, and it's a no from them"; at most 24 words
    back, "we" or "I" then a verb of `_PASSED` and, past it, "to", "with", "past" or "by" a
    unit of ours ("I ran it past the billing team").
    """
    for k in range(max(0, i - 24), i):
        if r.w[k] in _PASSED and r.word(k - 1) in {"we", "i", "'ve", "have"}:
            rest = r.w[k + 1 : i]
            to = next((t for t, x in enumerate(rest) if x in {"to", "with", "past", "by"}), -1)
            return to >= 0 and not HOUSE.isdisjoint(rest[to + 1 : to + 4])
    return False


def _verdict_be(r: Reasons, k: int) -> int:
    """At `k`, before "a no": where its "is" stands, or -1 when no verdict's verb is there.

    "is a no"; "is going to be a no", "would (will, has to) be a no": the "is" or the modal.
    """
    if r.word(k) in {"is", "are"}:
        return k  # "that's a no", "we're a firm no on sharing it"
    if r.word(k) in _GETS and not (DECIDED_REQUESTS | REQUEST_NOUNS).isdisjoint(
        r.w[r.subject_start(k) : k]
    ):
        return k  # "a phone request from you alone gets a firm no" (dev round 278)
    if r.word(k) != "be":
        return -1
    j = k - 1
    if r.w[max(0, j - 1) : j + 1] in (["going", "to"], ["has", "to"]):
        j -= 2  # "is going to be a no", "it has to be a no"
        return j if r.word(j) in {"is", "it", "that"} or r.word(j + 1) == "has" else -1
    return j if r.word(j) in {"would", "will"} else -1


def not_possible(r: Reasons, i: int) -> Found | None:
    """At "possible", "impossible", "afraid", "no" or "answer": what was asked is not possible.

    "I'm afraid that's not possible", "that won't be allowed", "I'm afraid not", "no can do",
    "the answer is no", "that's a hard no from me", "... is a no from us"; not "it's impossible
    to miss" (an idiom), "it's not possible for the fee to apply twice", nor "you're not
    allowed to be charged more than the quote".
    """
    w = r.w[i]
    if w == "afraid" and r.word(i + 1) == "not":
        return ("not possible", i - 1 if r.word(i - 1) == "am" else i, i + 2, None)
    if w == "no" and r.word(i + 1) == "can" and r.word(i + 2) == "do":
        return ("not possible", i, i + 3, None)
    if w == "answer" and r.word(i + 1) == "is" and r.word(i + 2) == "no":
        return ("not possible", i, i + 3, None)
    if w == "answer" and r.word(i + 1) in {"on", "to", "for", "about"}:
        # "the answer on the Labrador has to be no": what it answers, then its verb
        i = next((k - 1 for k in range(i + 2, min(r.n, i + 6)) if r.w[k] in _VERDICT_AUX), i)
    if w == "answer" and r.word(i + 1) in {"has", "must", "will"}:
        # "the answer has to be no", "the answer will have to be no"
        rest = r.w[i + 1 : min(r.n, i + 6)]
        b = rest.index("be") if "be" in rest else -1
        if b >= 0 and rest[b + 1 : b + 2] == ["no"]:
            return ("not possible", i, i + b + 3, None)
    if w == "answer" and r.w[i + 1 : i + 3] == ["is", "no"] and not r.s.question:
        return ("not possible", i, i + 3, None)  # "so the answer on this one is no"
    if w == "no" and r.w[i + 2 : i + 4] == ["on", "offer"] and r.word(i - 2) == "there":
        if r.word(i + 1) in GRANTS | REQUEST_NOUNS and r.word(i - 1) in {"is", "are"}:
            return ("not possible", i - 2, i + 4, None)  # "there's no refund on offer for it"
    if w == "no":
        # "that's a no", "that's a hard no from me"
        k = i - 1
        if r.word(k) in {"hard", "firm", "definite", "clear", "flat", "big"}:
            k -= 1
        if r.word(k) != "a":
            return None
        k = _verdict_be(r, k - 1) + 1  # "is a no", and "is going to be a no", "would be a no"
        if k < 1:
            return None
        if r.word(i + 1) == "from" and r.word(i + 2) in {"us", "me"}:
            start = k - 2 if r.word(k - 2) in {"that", "it", "answer"} else k - 1
            return ("not possible", start, i + 3, None)  # "... is a no from us"
        ours = r.word(i + 1) == "from" and (
            r.word(i + 2) in {"our", "my"}  # "from our side"
            or (r.word(i + 2) == "the" and r.word(i + 3) in HOUSE)  # "from the department"
            or (r.word(i + 2) == "the" and r.word(i + 4) in HOUSE and r.is_word(i + 3))
            or (r.word(i + 2) == "them" and _asked_them(r, i))  # "... it's a no from them"
        )
        if r.s.question or r.is_word(i + 1) and r.word(i + 1) not in _AFTER_A_NO and not ours:
            return None  # not "is a no-show", "is a no brainer", "Is that a no?"
        if r.word(k - 2) in {"that", "it", "answer"}:
            return ("not possible", k - 2, i + 1, None)
        # "that one's a no, I'm afraid", "an invoice dated into last year is a no.", "a solo
        # withdrawal is going to be a no until you both agree"
        return ("not possible", r.subject_start(k - 1), i + 1, None)
    if w == "impossible" and r.word(i - 1) == "is" and r.word(i - 2) in _NOTHING:
        return ("not possible", i - 2, i + 1, "idiom")  # "nothing is impossible for our team"
    if w == "impossible" and r.word(i - 1) in {"is", "be"}:
        idiom = base_form(r.word(i + 2)) in IDIOMS | {"miss", "ignore"}
        if r.word(i + 1) == "to" and idiom:
            return ("not possible", i, i + 3, "idiom")  # "it's impossible to miss"
        if r.word(i + 1) == "to" and base_form(r.word(i + 2)) in _KNOWING:
            return ("not possible", i, i + 3, "hedge")  # "impossible to say for certain"
        return ("not possible", i - 2 if i >= 2 else i, i + 1, None)
    if w == "payable" and (DECIDED_REQUESTS | REQUEST_NOUNS).isdisjoint(
        r.w[r.subject_start(i) : i]
    ):
        return None  # "the €250 compensation is not payable"; not "no fee is payable"
    actable = w in ACTABLE and r.word(i - 1) == "not"  # "the leftover is not refundable"
    if w in NON_ACTS or actable:
        # "the tickets are non-refundable under the purchase terms": said of this booking
        k = i - 1 - actable
        k -= r.word(k) in BE_ADVERBS
        if r.word(k) not in {"is", "are", "remain", "remains", "stays"}:
            return None
        if not _CONCEDING.isdisjoint(r.w[max(0, k - 6) : k]):
            return None  # "Although the fare is non-refundable, I've changed it for free"
        return passive_found(r, r.subject_start(i), i, i, hedged=False)
    if w in POSSIBLE and r.word(i - 1) == "only" and r.word(i - 2) in {"is", "are"}:
        return _only_possible(r, i)
    if w in POSSIBLE and w != "option" and says_when(r, i):
        return ("not possible", max(0, i - 2), i + 1, "hedge")
    if w in POSSIBLE:
        neg = r.s.negation[i]
        if r.word(i - 1) == "longer" and r.word(i - 2) == "no":
            neg = i - 2  # "a chargeback is no longer possible for this one"
        if w == "option" and r.w[max(0, i - 3) : i] == ["no", "longer", "an"]:
            neg = i - 3  # "a refund is no longer an option": a window closed
        if neg < 0 or i - neg > 3:
            return None
        if w == "available" and r.word(i + 1) not in {"to", "for"} and not _under_rule(r, i):
            return None  # but "salary advances aren't available under the pay policy"
        if w == "option" and (r.word(i - 1) != "an" or r.word(i + 1) == "to"):
            # "isn't an option"; not "isn't your only option", "not the option I described",
            # "not an option to skip": no verdict on what was asked
            return None
        if r.word(i + 1) == "for" and r.word(i + 2) not in {"me", "us"}:
            if "to" in r.w[i + 2 : i + 6]:
                return None  # "it's not possible for the fee to apply twice"
        if r.w[i + 1 : i + 3] == ["for", "you"] and _customers_act(r, neg):
            return ("not possible", max(0, neg - 2), i + 1, "customer-cannot")
        if r.word(i + 1) == "to" and r.word(i + 2) == "be" and r.word(neg - 2) != "this":
            return None  # "you're not allowed to be charged"; not "this is not possible to be
            # provided", which declines
        if not _FORETELLING.isdisjoint(r.w[i + 1 : i + 8]) and "to" in r.w[i + 1 : i + 6]:
            return ("not possible", max(0, neg - 2), i + 1, "hedge")  # "it is not possible at
            # this stage to predict the outcome": a forecast, not a request declined
        if r.w[i + 1 : i + 4] in (["for", "us", "to"], ["for", "me", "to"]):
            # "the exact day is not possible for us to say now": what the verb says, or a
            # figure not known yet
            said = set(r.w[r.subject_start(neg) : neg])
            why = "hedge" if exact_figure(said) else r.classify(i + 4)
            return ("not possible", max(0, neg - 2), i + 1, why)
        start = max(0, neg - 2)
        if exact_figure(set(r.w[r.subject_start(neg) : neg])):
            return ("not possible", start, i + 1, "hedge")  # "a precise figure isn't possible"
        rest = r.w[i + 1 : min(r.n, i + 6)]
        if (
            (for_now(rest) or "moment" in rest)
            and (
                not MACHINES.isdisjoint(r.w[max(0, neg - 16) : neg])
                or fault_of_the_moment(r.w, neg, r.words_before)  # "the tool is not working"
            )
        ) or broken_before(r.w, neg):
            # "we are having an outage with our card provider, so the top-up is not possible
            # at the moment": a fault of the moment
            return ("not possible", start, i + 1, "failure")
        if r.word(neg - 1) in {"would", "could"} and r.word(neg + 1) == "have":
            # "Had it been cancelled later, the fee would not have been refundable"
            return ("not possible", start, i + 1, "conditional")
        return ("not possible", start, i + 1, None)
    return None


def _only_possible(r: Reasons, i: int) -> Found | None:
    """At "possible" of "<act> is only possible while...": the request ruled out by its limit.

    "Cancelling is only possible while an order is still pending", "a refund is only allowed
    within 24 hours of booking": an act asked for (a gerund) or a kind of request, then a time
    or a case it is limited to; not "it's only possible to miss it if...".
    """
    start = r.subject_start(i)
    subject = r.w[start : i - 2]
    first = subject[0] if subject else ""
    stem = first[:-3]
    gerund = first.endswith("ing") and bool({stem, stem + "e", stem[:-1]} & REQUEST_VERBS)
    act = gerund or bool(REQUEST_NOUNS & set(subject))
    if not act or len(subject) > 6 or r.word(i + 1) not in _LIMITS:
        return None
    return passive_found(r, start, i - 1, i, hedged=False)


_CONCEDING = frozenset({"although", "though", "while", "whilst", "even"})

_LIMITS = frozenset({"while", "within", "before", "for", "if", "when", "up", "until", "on"})
"""What "only possible" may be limited to: a time or a case."""


def _under_rule(r: Reasons, i: int) -> bool:
    """After `i`, a rule: "under the company pay policy", "per the rules", "in any case"."""
    if r.word(i + 1) in {"in", "under"} and r.word(i + 2) == "any":
        return r.word(i + 3) in {"circumstance", "circumstances", "case"}
    if r.word(i + 1) not in {"under", "per"}:
        return False
    return not RULE_NOUNS.isdisjoint(r.w[i + 2 : i + 7])


def _customers_act(r: Reasons, neg: int) -> bool:
    """Before "not" at `neg`: an act the customer does, a gerund opening the clause.

    "Since getting to the post office before Friday isn't doable for you, the courier can
    collect": it is the customer who cannot ("for you"), not the business declining; but "a
    refund isn't possible for you" names no act of the customer's, and declines.
    """
    start = r.subject_start(neg)
    k = start + (r.word(start) in {"since", "as", "because", "if", "while"})
    x = r.word(k)
    return x.endswith("ing") and len(x) > 4 and base_form(x) not in REQUEST_VERBS

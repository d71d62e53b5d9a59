"""Declining by a remit or a rule: "that's outside our remit", "our terms rule out a second".

The shapes of the rule "outside our remit" (`_refusals`): what is outside or beyond the
business's scope ("outside what support can do"), against its policy or outside what its
terms allow (`_rule_allows`), what its policy prevents or does not allow (`not_allowed`),
what its own code forbids ("our code of conduct forbids issuing...", `_rule_bars`) or keeps
it from ("the regulations keep us from releasing it", `_keeps_from`), what is outside its
range ("custom sizes are outside our range"), what its
terms rule out, what is past its window ("the renewal is past our 30-day refund window") and
what falls outside the cover.
Each reads a few words after its anchor, so the cost stays linear in the text.
"""

from __future__ import annotations

from ._refusal_barred import BARRED, barred_by_us
from ._refusal_decisions import unit_decided_against
from ._refusal_house_systems import SYSTEM_VERBS, system_bars
from ._refusal_passive import RULE_NOUNS, Found, not_allowed
from ._refusal_reasons import Reasons
from ._refusal_words import HOUSE, NOT_NOUN, NOT_WHO, REMIT, REMIT_VERBS, REQUEST_NOUNS

__all__ = ["REMIT_ANCHORS", "remit"]

REMIT_ANCHORS = frozenset(
    {"outside", "beyond", "against", "remit", "scope", "prevent", "prevents", "prohibit",
     "prohibits", "prohibited", "forbid", "forbids", "forbidden", "allow", "permit", "stop",
     "stops", "let", "rule", "rules", "past", "allowing", "letting", "permitting",
     "possibilities", "possibility", "competence", "competences", "keep", "keeps"}
) | BARRED | SYSTEM_VERBS  # fmt: skip
"""The words `remit` anchors at."""

_FIRST = frozenset({"i", "we"})

_REMITS = frozenset(
    {"scope", "remit", "area", "expertise", "authority", "powers", "role", "responsibilities",
     "tasks", "brief", "job", "wheelhouse", "purview", "bailiwick", "lane"}
)  # fmt: skip
"""What "outside our" names at once: "outside our remit", "beyond my authority", and its
idioms: "a bit outside our wheelhouse", "beyond my purview"."""

_COVER = frozenset({"cover", "coverage"})
_COVERS = _COVER | frozenset({"policy", "warranty", "guarantee", "plan", "contract", "agreement"})
"""What a request falls outside the terms of: "outside the terms of your cover"."""

_POLICIES = frozenset({"policy", "policies", "terms", "rules", "guidelines"})
"""What a request "falls outside" when it is ours: "outside our returns policy"."""

_FALLS = frozenset({"falls", "fall", "fell", "is", "are", "was", "were", "sits", "sit"})
"""What a claimed item does outside the cover: "the sunglasses fall outside the cover"."""

_BARRING = frozenset(
    {"prevent", "prevents", "prohibit", "prohibits", "forbid", "forbids", "stop", "stops"}
)
"""Verbs of a rule that bars "me" or "us": "our policy prevents us from..."."""

_KEEPING = frozenset({"keep", "keeps"})
"""A rule that "keeps us from" an act: "the regulations keep us from releasing it"."""

_WINDOWS = frozenset(
    {"window", "deadline", "period", "limit", "cut-off", "cutoff", "timeframe", "time-frame"}
)
"""What a request is past: "past our 30-day refund window", "past the cancellation deadline"."""


_SERVICES = frozenset({"service", "scheme", "offer", "programme", "program", "package"})
"""What a request "falls outside", after a noun or two: "the reading room service"."""

_POSSIBILITIES = frozenset({"possibilities", "possibility", "competence", "competences"})
"""What a request is "not in", in non-native use: "not in our possibilities", "competence"."""


_DETERMINERS = frozenset({"our", "the"})
"""Before a noun, never a pronoun: "outside what our IT desk covers" names the desk, not "it"."""


def _not_in_our_power(r: Reasons, i: int) -> Found | None:
    """At "possibilities": "is not in our possibilities", "not in the possibilities of our company".

    A calque of "nicht in unseren Möglichkeiten", "pas dans nos compétences": the business
    says the request is beyond it. Not "not in all possibilities" nor the customer's ("your").
    """
    if r.word(i - 2) != "in" or r.word(i - 1) not in {"our", "the", "my"}:
        return None
    neg = r.s.negation[i - 2]
    if neg < 0 or i - neg > 5 or r.s.question:
        return None
    end = i + 1
    if r.word(i - 1) == "the":
        if r.word(i + 1) != "of" or r.word(i + 2) not in {"our", "the", "this"}:
            return None
        end = i + 4  # "the possibilities of our company"
    return ("outside our remit", neg, end, None)


def remit(r: Reasons, i: int) -> Found | None:
    """At "outside", "beyond", "against", "prevent", "allow", "rule"...: a remit or rule declines.

    "That's outside our remit", "beyond what support can do", "against our policy", "our
    policy prevents us", "our terms don't allow it" (`not_allowed`), "our terms rule out a
    second freeze", "the renewal is past our 30-day refund window", "the claim falls outside
    the cover".
    """
    w, nxt = r.w[i], r.word(i + 1)
    if w in _POSSIBILITIES:
        return _not_in_our_power(r, i)
    if w in {"outside", "beyond"}:
        k = i + 1 + (1 if nxt == "of" else 0)
        x = r.word(k)
        if x == "our" and r.word(k + 1) == "range" and r.word(i - 1) in _FALLS:
            return ("outside our remit", r.subject_start(i), k + 2, None)  # "are outside our range"
        if x in {"my", "our", "the"} and r.word(k + 1) in _REMITS:
            return ("outside our remit", i, k + 2, None)
        if x == "the" and r.word(k + 1) in _COVER and r.word(i - 1) in _FALLS:
            return ("outside our remit", i, k + 2, None)  # "the claim falls outside the cover"
        if x == "the" and r.word(i - 1) in _FALLS - {"is", "are", "was", "were"}:
            for t in range(k + 1, min(r.n, k + 4)):  # "falls outside the reading room service"
                if r.word(t) in _SERVICES:
                    return ("outside our remit", i, t + 1, None)
                if not r.word(t).isalpha():
                    break
        if x == "our" and r.word(i - 1) in _FALLS and r.s.negation[i] < r.subject_start(i):
            # "swimwear with the strip removed falls outside our returns policy" (dev round
            # 278): a policy of ours, after a noun of its kind, that the request is outside
            t = next((t for t in (k + 1, k + 2) if r.word(t) in _POLICIES), -1)
            if t > 0 and all(r.word(u).isalpha() for u in range(k + 1, t)):
                return ("outside our remit", i, t + 1, None)
        if (
            x == "the"
            and r.word(k + 1) in {"terms", "scope"}
            and r.word(k + 2) == "of"
            and r.word(k + 3) in {"your", "the", "our", "this"}
            and r.word(k + 4) in _COVERS
            and r.word(i - 1) in _FALLS
        ):
            return ("outside our remit", i, k + 5, None)  # "...outside the terms of your cover"
        if x in {"my", "our", "the"}:
            # "outside our support scope", "beyond my job remit": a noun or two before it
            for t in (k + 2, k + 3):
                if r.word(t) in REMIT and all(
                    r.word(u).isalpha() and r.word(u) not in NOT_NOUN for u in range(k + 1, t)
                ):
                    return ("outside our remit", i, t + 1, None)
        if x == "what" and (end := _rule_allows(r, k + 1)) > 0:
            return ("outside our remit", i, end, None)  # "outside what our terms allow"
        if x == "what" and (r.word(k + 1) in _FIRST or r.word(k + 2) in _FIRST):
            return ("outside our remit", i, k + 3, None)
        if x == "what":
            # "beyond what support can do", "outside what the front desk can arrange":
            # the business by a noun or three, not the customer or the product
            # "this assistant", "this travel concierge": the business by its kind, a noun
            # before it or none (the ninth pass over the backlog, with a place after it:
            # "outside what our warehouse in Pune offers")
            this_one = r.word(k + 1) == "this" and not HOUSE.isdisjoint(r.w[k + 2 : k + 4])
            for t in range(k + 2, k + 6):
                if r.word(t) in REMIT_VERBS and all(
                    r.word(u).replace("-", "").isalpha()
                    and (
                        r.word(u) not in NOT_WHO
                        or (u == k + 1 and this_one)
                        or (u > k + 1 and r.word(u - 1) in _DETERMINERS)
                    )
                    for u in range(k + 1, t)  # "outside what our car-rental desk can do"
                ):
                    return ("outside our remit", i, t + 1, None)
            return None
        if x in {"scope", "remit"}:
            return ("outside our remit", i, k + 1, None)
        if x in {"me", "us"} and r.word(k + 1) not in {"why", "how", "what", "where", "when"}:
            if r.word(i - 1) in {"is", "bit", "little", "rather", "really", "slightly"}:
                return ("outside our remit", i, k + 1, None)  # "booking flights is a bit
                # beyond me"; not "it's beyond me why it failed", puzzlement
        return None
    if w in {"remit", "scope"} and r.s.negation[i] >= 0 and i - r.s.negation[i] <= 3:
        return ("outside our remit", r.s.negation[i], i + 1, None)
    if (
        w == "against"
        and nxt in {"our", "my", "the", "company"}
        and r.word(i + 2)
        in {"policy", "policies", "rules", "terms", "guidelines", "ethics", "principles", "code"}
    ):
        return ("outside our remit", i, i + 3, None)
    if w in _BARRING and nxt in {"me", "us"}:
        if 0 <= r.s.negation[i] and i - r.s.negation[i] <= 3:
            return None  # "that doesn't stop us: I've raised a claim", the opposite
        return ("outside our remit", max(0, i - 2), i + 2, None)
    if w in _KEEPING:
        return _keeps_from(r, i)
    if w == "against" and (found := unit_decided_against(r, i)):
        return found  # "I passed it to the product team, and they've decided against it"
    if w in BARRED and (found := barred_by_us(r, i)):
        return found  # "linking someone else's profile is blocked on our side"
    if w in _BARRING and nxt not in {"me", "us"} and (found := _rule_bars(r, i)):
        return found  # "our code of conduct forbids issuing a certificate for it"
    if (
        w in {"prohibited", "forbidden"}
        and r.word(i - 1) in {"am", "are"}
        and r.word(i - 2) in _FIRST
    ):
        return ("outside our remit", i - 2, i + 1, None)
    if w in {"rule", "rules"} and nxt == "out":
        start = r.subject_start(i)
        if r.word(i - 1) in RULE_NOUNS or not RULE_NOUNS.isdisjoint(r.w[max(0, i - 10) : i]):
            # "our terms rule out a second", "UK import rules, and our own policy because of
            # them, rule out carrying dogs in the cabin"
            return ("outside our remit", start, i + 2, "hedge" if r.usually(i) else None)
    if w == "past":
        return _past_window(r, i)
    # "our rules are not allowing me", said of a rule (not "the system's not letting me in
    # at the moment", a fault)
    allowing = w in {"allowing", "letting", "permitting"}
    allowing = allowing and not RULE_NOUNS.isdisjoint(r.w[max(0, i - 7) : i])
    found = not_allowed(r, i) if w in {"allow", "permit", "let"} or allowing else None
    return found or (system_bars(r, i) if w in SYSTEM_VERBS else None)  # "our checkout
    # system won't accept a second voucher" (`_refusal_house_systems`)


_CODES = RULE_NOUNS | frozenset({"code", "conduct", "ethics", "charter", "standards", "law"})
"""What bars an act by itself: "our code of conduct forbids", "the scheme rules prohibit"."""


_ALLOWS = frozenset({"allow", "allows", "permit", "permits", "cover", "covers"})
"""What the business's rule does after "outside what": "outside what our terms allow"."""


def _rule_allows(r: Reasons, a: int) -> int:
    """From `a`, after "outside what": the business's rule and what it allows; its end or -1.

    "outside what our terms allow", "beyond what the policy permits", "outside what our
    warranty rules cover": "our" or "the", a noun or two ending in a rule noun, and a verb
    of allowing. Not the customer's ("beyond what your plan allows").
    """
    if r.word(a) not in {"our", "the"}:
        return -1
    for t in range(a + 1, min(r.n, a + 4)):
        x = r.word(t)
        if x in RULE_NOUNS and r.word(t + 1) in _ALLOWS:
            return t + 2
        if not x.isalpha():
            return -1
    return -1


def _rule_bars(r: Reasons, i: int) -> Found | None:
    """At "forbids", "prohibits" or "prevents" with an act after it: a rule that declines it.

    "Our code of conduct forbids issuing a medical certificate for a visit that did not take
    place", "the scheme rules prohibit transfers between members": the business's own rule
    ("our", "the") names the act (a gerund or a kind of request). Not negated ("our policy
    doesn't prevent refunds"), not "stops" ("the app stops syncing"), not a question.
    """
    if r.w[i] in {"stop", "stops"} or r.s.question or r.s.negation[i] >= r.subject_start(i):
        return None
    act = r.word(i + 1)
    if not (act.endswith("ing") and len(act) > 4) and act not in REQUEST_NOUNS:
        return None
    start = r.subject_start(i)
    said = r.w[max(start, i - 6) : i]
    if _CODES.isdisjoint(said) or {"our", "the"}.isdisjoint(said) or "your" in said:
        return None
    return ("outside our remit", start, i + 2, None)


def _past_window(r: Reasons, i: int) -> Found | None:
    """At "past": "the renewal is past our 30-day refund window", a limit that declines.

    What is past the business's own window, deadline or period ("our", "the"), said with
    "is" or "was"; not "past the post office" nor "in the past".
    """
    if r.word(i - 1) not in {"is", "are", "was", "were", "now", "already", "well"}:
        return None
    if r.word(i + 1) not in {"our", "the", "your"}:
        return None
    ahead = r.w[i + 2 : min(r.n, i + 7)]
    end = next((k for k, x in enumerate(ahead) if x in _WINDOWS), -1)
    if end < 0 or any(x in {",", ".", ";"} for x in ahead[:end]):
        return None
    return ("outside our remit", r.subject_start(i), i + 3 + end, None)


def _keeps_from(r: Reasons, i: int) -> Found | None:
    """At "keeps" of "the regulations keep us from releasing it": a rule that bars the act.

    A rule noun in the subject (`RULE_NOUNS`, "regulations", "policy"), "keep(s) me/us from"
    and a gerund. Not negated ("nothing in the rules keeps us from..."), not a question, and
    not a rule that is someone else's ("your bank's rules keep us from seeing it" still bars,
    but "keep us posted" has no "from").
    """
    if r.word(i + 1) not in {"me", "us"} or r.word(i + 2) != "from":
        return None
    if r.s.question or r.s.negation[i] >= r.subject_start(i):
        return None
    start = r.subject_start(i)
    if RULE_NOUNS.isdisjoint(r.w[max(start, i - 6) : i]) or "nothing" in r.w[start:i]:
        return None
    return ("outside our remit", start, i + 4, None)

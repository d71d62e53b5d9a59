"""Referring the customer to a professional in place of the advice asked for.

"Please ask your pharmacist", "a qualified financial adviser can help", "please seek
independent legal advice": the reply declines the advice by sending the customer to someone
who can give it (rule "refers to a professional"). Not the business's own people ("our
lawyer"), not a professional who acted or will act in the customer's matter ("your GP has
sent the prescription", "Ms Akande will be your solicitor", "your solicitor will receive a
copy", "the next step is for your solicitor to request the funds"), not a booking with one
("I can help you book an appointment with a GP"), and not evidence from one ("a letter from
your doctor"). A question said to be the professional's and not ours refers too, whoever's
professional it is: "that's for his treating doctor to judge, not for us", "that call belongs
with your tax agent rather than with me" (`_theirs_not_ours`), and so does "whether she can fly
is a question for her vet" (`_question_for`). A named doctor or a definite professional is
referred to the same way when a frame hands the question over: "whether the dose should go up
is a question for Dr Haldane", "doubling the dose is something to run past Dr Patel", "one to
check with the pharmacist", "please check with Dr Hale before giving it" (`deferred_to`;
not "I'll check with the pharmacist", the agent's own step, nor "an appointment with Dr
Okoro"). Not professionals named as a list handed over
("sent local accountant recommendations"), and not a fallback once the help given fails ("if
the pain hasn't eased after three days, see your GP", `_fallback`: set aside as "conditional").

A question handed to an adviser and set against the house that answers (`handed_over`, the
seventh pass; dev rounds 109, 150, 170, 214 and 244): a frame of advice (a noun of
`_QUESTIONS`, "advice" or "guidance") around an adviser, then "not" or "rather than" and the
house itself, "us", "me", "this office", "the chat team", "our support team": "that's a
question for a housing adviser or solicitor rather than us", "the kind of question our
licensed adviser answers, not the chat team", "the right person for that is her allergist,
not our support team", "a physio's call, not something for us to guess at". The contrast
with the house is what refers; an adviser named alone ("a customer adviser will call you")
is no professional, so the wider words of `HANDED_TO` anchor only this reading.
"""

from __future__ import annotations

from ._refusal_passive import Found
from ._refusal_reasons import Reasons
from ._refusal_words import (
    ADVICE_KINDS,
    POINTING,
    PROFESSIONAL_PAIRS,
    booked_with,
    sent_to,
)

__all__ = ["HANDED_TO", "TITLES", "deferred_to", "handed_over", "professional", "seek_advice"]

TITLES = frozenset({"dr"})
"""A professional's title before a name: "Dr Haldane", "Dr. Okafor" (read by `deferred_to`)."""

HANDED_TO = frozenset(
    {"adviser", "advisor", "advisers", "advisors", "physio", "physiotherapist", "allergist",
     "consultant", "specialist", "specialists"}
)  # fmt: skip
"""Advisers read only when the question is handed to them against the house (`handed_over`):
"a question for a housing adviser rather than us", "a physio's call, not something for us"."""

_ASK_VERBS = frozenset({"check", "run", "speak", "talk", "discuss", "raise", "clear", "ask",
                        "consult"})  # fmt: skip
"""Before "with", "past", "by" or "to" and a professional (or alone, "ask"): the customer
told to take the question to them ("check with Dr Hale", "run past Dr Patel")."""

_HANDING = frozenset({"with", "past", "by", "to"})

_IT = frozenset({"it", "this", "that"})

_NOT = frozenset({"not", "no", "never", "without"})

_OWN_STEP = frozenset({"i", "we", "me", "us", "let", "i'll", "we'll"})
"""Before the verb of asking: the agent's own step ("let me check with the pharmacist")."""


_PAPERS = frozenset(
    {"letter", "note", "certificate", "report", "statement", "evidence", "confirmation",
     "prescription", "referral", "records", "form"}
)  # fmt: skip
"""What is asked for from a professional, as evidence: "a letter from your GP"."""

_LISTINGS = frozenset(
    {"recommendations", "recommendation", "list", "lists", "contacts", "details", "directory",
     "names", "numbers", "suggestions"}
)  # fmt: skip
"""After a professional, names of them handed over: "sent local accountant recommendations"."""

_QUESTIONS = frozenset({"question", "call", "matter", "decision", "judgement", "judgment"})
"""Before "for" and someone's professional: "whether she can fly is a question for her vet"."""

_EASING = frozenset(
    {"eased", "improved", "cleared", "settled", "better", "gone", "stopped", "resolved",
     "helped", "worked"}
)  # fmt: skip
_PERSISTING = frozenset({"persist", "persists", "continue", "continues", "worse", "worsens"})
"""In an "if" clause before a professional: a fallback once the help given fails ("if the
pain hasn't eased after three days, see your GP"), not the advice declined."""

_RECEIVING = frozenset({"receive", "receives", "get", "gets"})
"""After a professional and "will": they are told or given something ("your solicitor will
receive a copy"), not the customer referred to them."""

_CLERICAL = frozenset(
    {"request", "send", "submit", "sign", "file", "register", "complete", "lodge", "forward",
     "collect", "countersign", "witness", "draw", "prepare", "transfer", "release", "apply",
     "book", "arrange", "order"}
)  # fmt: skip
"""What a professional does as a step of the customer's own matter, not advice: "the next
step is for your solicitor to request the funds", "your conveyancer will lodge the forms"."""

_STEP_MODALS = frozenset({"to", "will", "can", "should", "must", "would"})


_PLACES = frozenset({"surgery", "practice", "clinic", "office", "pharmacy", "firm"})
"""After a professional, where they work: "your GP surgery can book that for you"."""


def _does_a_step(r: Reasons, end: int) -> bool:
    """After a professional ending before `end`: a modal or "to", then a clerical act.

    Also after their place of work ("your GP surgery can book that for you").
    """
    end += r.word(end) in _PLACES
    return r.word(end) in _STEP_MODALS and r.word(end + 1) in _CLERICAL


def _not_needed(r: Reasons, k: int) -> bool:
    """Before the professional at `k`: "no need to go through", "you don't need to ask"."""
    back = r.w[max(0, k - 6) : k]
    if "need" not in back:
        return False
    at = len(back) - 1 - back[::-1].index("need")
    return at > 0 and back[at - 1] in {"no", "not", "n't", "never"}


def seek_advice(r: Reasons, i: int) -> Found | None:
    """At "seek", "get", "obtain" or "take": the customer sent to a kind of advice."""
    # "please seek independent legal advice", "you should get medical advice"
    for k in range(i + 1, min(r.n, i + 5)):
        if r.w[k] in {"advice", "counsel", "guidance"} and r.w[k - 1] in ADVICE_KINDS:
            if r.s.negation[i] >= 0:
                return None
            return ("refers to a professional", i, k + 1, None)
    return None


def _acted(r: Reasons, v: int) -> bool:
    """At `v`, after a professional, what they did: "has sent", "wrote", "has approved"."""
    x = r.word(v)
    if x in {"has", "have", "had"}:
        x = r.word(v + 1)
    return x in {"sent", "written", "wrote", "signed", "approved", "issued", "confirmed"} | (
        _ASKED | _DECIDED
    )


_DECIDED = frozenset(
    {"declined", "refused", "rejected", "denied", "prescribed", "authorised", "authorized",
     "stopped", "cancelled", "canceled", "changed", "increased", "reduced", "paused"}
)  # fmt: skip
"""After a professional, a decision they took in the customer's matter, told as done: "your
doctor declined the early refill, so I've asked the pharmacist to call you" (round 302), "your
GP stopped the tablets"; news of their act, not the customer sent to them."""

_ASKED = frozenset({"asked", "requested", "specified", "wanted", "needed", "prepared"})
"""After a professional, what they asked of us: "in the format your accountant asked for"."""

_US = frozenset({"us", "me"})


def _theirs_not_ours(r: Reasons, i: int, end: int) -> Found | None:
    """At a professional after "for" or "with": theirs to judge, "not for us", "rather than me".

    "That's for his treating doctor to judge, not for us", "that call belongs with your tax
    agent rather than with me": the question is handed to them and the speaker stands back.
    Reads at most four words before and six after the professional.
    """
    at = next((k for k in range(i - 1, max(-1, i - 5), -1) if r.w[k] in {"for", "with"}), -1)
    if at < 0 or r.s.negation[i] >= at or r.s.question:
        return None
    for k in range(end, min(r.n, end + 6)):
        x = r.w[k]
        if x == "not" and r.word(k + 1) == r.w[at] and r.word(k + 2) in _US:
            return ("refers to a professional", at, k + 3, None)  # "..., not for us"
        if x == "rather" and r.word(k + 1) == "than":
            k += 2 + (r.word(k + 2) == r.w[at])
            return ("refers to a professional", at, k + 1, None) if r.word(k) in _US else None
    return None


def _named_end(r: Reasons, i: int) -> int:
    """At "dr" (`i`): where the doctor's name ends ("Dr Haldane", "Dr. Okafor"), or -1."""
    k = i + 1 + (r.word(i + 1) == ".")
    if not (r.is_word(k) and r.s.tokens[k].cap and r.w[k].isalpha()):
        return -1
    return k + 1


def deferred_to(r: Reasons, i: int) -> Found | None:
    """At a named doctor or "the" and a professional: the question handed over to them.

    "Whether the dose should go up is a question for Dr Haldane" (a noun of `_QUESTIONS`
    and "for"), "something to run past Dr Patel", "one to check with the pharmacist",
    "please check with Dr Hale" (a verb of `_ASK_VERBS`, with "with", "past", "by" or "to"):
    not the agent's own step ("let me check with the pharmacist": `_OWN_STEP` just before),
    not negated, not what the doctor did ("a question for Dr Patel, who has approved it").
    """
    if r.w[i] in TITLES:
        end = _named_end(r, i)
        before = i - 1
    elif r.word(i - 1) == "the":
        end, before = i + 1, i - 2
    else:
        return None
    if end < 0 or r.s.question or _acted(r, end):
        return None
    x = r.word(before)
    if x == "for" and r.word(before - 1) in _QUESTIONS:
        at = before - 1 - (r.word(before - 2) in {"a", "one", "the"})
        if not _NOT.isdisjoint(r.w[max(0, at - 3) : at]):
            return None  # "it isn't a question for the pharmacist"
        return ("refers to a professional", at, end, None)  # "a question for Dr Haldane"
    verb = before - 1 if x in _HANDING else before
    if x in _HANDING and r.word(verb) in _IT:
        verb -= 1  # "run it past Dr Patel"
    if r.word(verb) not in _ASK_VERBS or (verb == before and x != "ask" and x != "consult"):
        return None
    if r.word(verb) == "run" and x not in {"past", "by"}:
        return None  # "run to the pharmacist"
    back = r.w[max(0, verb - 4) : verb]
    if not (_OWN_STEP.isdisjoint(back) and _NOT.isdisjoint(back)):
        return None  # "I'll check with the pharmacist and come back to you", "no need to ask"
    return ("refers to a professional", verb, end, None)


def professional(r: Reasons, i: int) -> Found | None:
    """At a professional: the customer referred to them in place of the advice, or None."""
    if (found := deferred_to(r, i)) or r.w[i] in TITLES:
        return found  # "a question for Dr Haldane", "one to check with the pharmacist"
    # "please ask your pharmacist", "a qualified financial adviser can help"; not "our
    # lawyer", "a lawyer isn't needed"; not "your power of attorney", a document
    if r.word(i - 1) == "of" and r.word(i - 2) in {"power", "powers", "letter"}:
        return None
    pair = (r.w[i], r.word(i + 1)) in PROFESSIONAL_PAIRS
    if found := _theirs_not_ours(r, i, i + 1 + pair) or handed_over(r, i, i + 1 + pair):
        return found  # "that's for his doctor to judge, not for us", "... not our team"
    for k in range(i - 1, max(-1, i - 4), -1):
        if r.w[k] in {"their", "his", "her"} and _question_for(r, k):
            return ("refers to a professional", k - 3, i + 1 + pair, None)
        if r.w[k] in {"our", "the", "my", "their", "his", "her"}:
            return None
        if r.w[k] in POINTING:
            while r.word(k - 1) in POINTING and k > i - 5:
                k -= 1  # "a qualified ..."
            if booked_with(r.w, k) or sent_to(r.w, k):
                return None  # "I can help you book an appointment with a GP"
            if r.word(k - 1) == "from" and _PAPERS & set(r.w[max(0, k - 6) : k]):
                return None  # "a letter or medical certificate from your doctor": evidence
            end = i + (2 if (r.w[i], r.word(i + 1)) in PROFESSIONAL_PAIRS else 1)
            if _not_needed(r, k):
                return ("refers to a professional", k, end, "negated")  # "no need to go
                # through your accountant for this": the help given instead
            if _acted(r, end) or r.word(end) in _PAPERS | _LISTINGS or _does_a_step(r, end):
                return None  # "your GP has sent the prescription", "a GP referral", "for
                # your solicitor to request the funds"
            if r.word(k - 1) in {"be", "as"} or r.word(end + (r.word(end) == "will")) in _RECEIVING:
                return None  # "Ms Akande will be your solicitor", "... will receive a copy"
            if _fallback(r, k):
                return ("refers to a professional", k, end, "conditional")
            after = r.w[end : min(end + 8, r.s.clause_end(r.s.clause[k]))]
            negated = r.s.negation[k] >= 0 or bool({"not", "no", "never"} & set(after))
            return ("refers to a professional", k, end, "negated" if negated else None)
    return None


def _question_for(r: Reasons, k: int) -> bool:
    """At "his", "her" or "their": after "is a question for", "is a matter for"."""
    if r.word(k - 1) != "for" or r.word(k - 2) not in _QUESTIONS:
        return False
    return r.word(k - 3) in {"a", "one"} and r.word(k - 4) in {"is", "are", "was", "remains"}


def _fallback(r: Reasons, k: int) -> bool:
    """Before the professional at `k`: an "if" clause where the help given did not work.

    "If the pain hasn't eased after three days, it's worth seeing your GP"; reads at most
    sixteen words back.
    """
    back = r.w[max(0, k - 16) : k]
    if "if" not in back:
        return False
    cond = back[back.index("if") :]
    if not _PERSISTING.isdisjoint(cond):
        return True
    return bool({"not", "n't", "no"} & set(cond)) and not _EASING.isdisjoint(cond)


_ADVICE_FRAMES = _QUESTIONS | {"advice", "guidance", "questions", "judgements", "judgments"}
"""Around an adviser handed the question: "a question for", "a physio's call", "advice on"."""

_HOUSE_NOUNS = frozenset(
    {"team", "desk", "office", "chat", "staff", "helpline", "line", "branch", "agents",
     "reception", "service", "services", "support"}
)  # fmt: skip
"""The house set against the adviser, after "our", "the" or "this": "not the chat team"."""

_BETWEEN_CONTRAST = frozenset({"for", "from", "with", "to", "by"})


def _the_house(r: Reasons, k: int) -> int:
    """At `k`, after a contrast: where the house set against the adviser ends, or -1.

    "us", "me", or "our", "the" or "this" with a noun of `_HOUSE_NOUNS` at most two words on
    ("our support team", "this office", "the chat team"); not "your", not someone else's.
    """
    if r.word(k) in {"something", "one"}:
        k += 1  # "not something for us"
    k += r.word(k) in _BETWEEN_CONTRAST
    if r.word(k) in _US:
        return k + 1
    if r.word(k) not in {"our", "the", "this"}:
        return -1
    for j in range(k + 1, min(r.n, k + 4)):
        if r.w[j] in _HOUSE_NOUNS:
            return j + 1
        if not r.is_word(j):
            return -1
    return -1


def handed_over(r: Reasons, i: int, end: int) -> Found | None:
    """At an adviser: the question is theirs, and "not" or "rather than" the house's.

    The frame of advice (`_ADVICE_FRAMES`) stands in the sentence at most twenty words before
    the adviser or between it and the contrast; the contrast comes at most five words after
    the adviser (past "or solicitor", "'s call,", "such as Shelter or Citizens Advice,");
    not a question, not negated before the frame ("it isn't a question for a physio, not
    us"). Reads a fixed window, so the cost stays constant.
    """
    if r.s.question:
        return None
    for k in range(end, min(r.n, end + 6)):
        x = r.w[k]
        if x == "not":
            after = k + 1
        elif x == "rather" and r.word(k + 1) == "than":
            after = k + 2
        else:
            continue
        house = _the_house(r, after)
        if house < 0:
            return None
        window = r.w[max(0, i - 20) : k]
        frame = next((j for j, w in enumerate(window) if w in _ADVICE_FRAMES), -1)
        if frame < 0 or not _NOT.isdisjoint(window[max(0, frame - 4) : frame]):
            return None
        return ("refers to a professional", i, house, None)
    return None

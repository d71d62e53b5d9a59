"""A refusal whose object comes first: "this we are not doing", "make it we will not".

Replies written in other Englishes often put what is asked for at the head of the clause
and the refusal after it: "the two-factor authentication on his account we will not switch
off", "so make the certificate now for your employer we will not, it would be a false
document", "this we cannot". The modal's own rule (`_refusals`) reads the verb after "will
not" and its object; here the object stands before "we" or "I", and the clause ends after
the modal, its verb and a particle at most (`fronted`, rule "cannot or will not"). The verb
still tells an idiom, a hedge or a failure ("your parcel we cannot find": `Reasons.classify`),
and a hedge's words in the fronted part keep it a hedge ("exactly when it comes we can't
say"). Not after a word that opens a clause of its own ("I know we won't", "if we can't"),
not a pronoun alone ("thank you we will not"; but "... for you we will not"), nor a
question. A time inside the fronted object is the act's, not a condition on the refusal ("the
tuning after the move we don't offer": `timed_object`). Reads a fixed window of
words around the "not", so the cost stays linear in the text.

The negation may be fronted instead, the subject after the modal (dev round 279): "Under no
circumstances can we release her address", "at no point can I share his number", "never
could we give out a guest's room" decline as "we can never release" does (`inverted`, at
"no" or "never": the opener read by `_fronted_negation.inverted_at`, then "can" or "could",
"we" or "I", perhaps "ever", and the verb, which `Reasons.classify` reads as the modal's
own rule does). Not a question ("at no point can we ...?"), nor another subject ("under no
circumstances can you be charged": the customer's, no refusal of ours), nor the colloquial
"no way can we ...", as often disbelief or delight as a refusal.
"""

from __future__ import annotations

from ._fronted_negation import inverted_at
from ._refusal_reasons import Reasons
from ._refusal_words import HEDGE_OBJECTS, LEAD_INS

__all__ = ["fronted", "inverted", "timed_object"]

_MODALS = frozenset({"will", "can", "could", "shall", "do"})
"""Before "not" in a fronted refusal: "we will not", "we can't", "we do not"."""

_PARTICLES = frozenset({"off", "on", "up", "out", "down", "back", "away", "over", "in"})
"""After the verb, ending the clause: "we will not switch off"."""

_ENDS = frozenset({",", ".", "!", ";", "—", "-", ":", ")"})

_OPENS_CLAUSE = frozenset(
    {"if", "when", "whenever", "unless", "because", "as", "since", "once", "until", "till",
     "while", "although", "though", "whether", "that", "which", "who", "where", "why", "how",
     "what", "whatever", "than", "even", "think", "know", "hope", "believe", "fear", "sure",
     "said", "say", "promise", "guess", "expect", "mean", "means", "and", "or"}
)  # fmt: skip
"""In the fronted part, what opens a clause of its own ("if we can't"), or a verb of saying
or thinking whose clause it is ("I know we won't")."""

_OPENERS = _OPENS_CLAUSE | frozenset(
    {"then", "now", "here", "there", "today", "yet", "you", "it", "they", "he", "she", "them",
     "him", "her", "me", "us", "i", "we", "not", "no", "yes", "please", "thanks", "course",
     "way"}
)  # fmt: skip
"""Just before "we" or "I", what makes it no fronted object: `_OPENS_CLAUSE`, a pronoun
("thank you we won't"), a word of time ("now we can't")."""

_OBJECTS = frozenset({"you", "him", "her", "them", "it", "me", "us"})

_PREPOSITIONS = frozenset({"for", "to", "with", "of", "on", "from", "about"})
"""Before a pronoun that ends the fronted part: "change the date for you we will not"."""

_POINTING = frozenset({"this", "that", "these", "those"})
"""A fronted object of one word: "this we are not doing", "that we cannot"."""


def fronted(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At "not" of "we will not", "I can't": a refusal with its object (or act) fronted.

    "The 2FA on his account we will not switch off, also not...", "make the certificate
    for your employer we will not, it would be false": the first person, a modal and "not",
    then at most a verb and a particle before the clause ends.
    """
    if r.w[i] in {"no", "never"}:
        return inverted(r, i)  # "under no circumstances can we"
    if r.w[i] != "not" or r.word(i - 1) not in _MODALS or r.word(i - 2) not in {"we", "i"}:
        return None
    subject = i - 2
    v = i + 1
    end = v
    if r.is_word(v) and r.word(v) not in LEAD_INS:
        end = v + 1
        if r.word(end) in _PARTICLES:
            end += 1
    if end < r.n and r.w[end] not in _ENDS:
        return None  # the clause goes on: an object after the verb is the modal rule's
    head = _head(r, subject)
    if head < 0 or r.s.question:
        return None
    verb = v if end > v else head
    reason = r.classify(verb) if r.is_word(verb) else None
    if reason is None and not (HEDGE_OBJECTS | {"whether"}).isdisjoint(r.w[head:subject]):
        reason = "hedge"  # "exactly when it arrives we can't say"
    return ("cannot or will not", subject, max(end, i + 1), reason)


_INVERTED_MODALS = frozenset({"can", "could"})
"""After a fronted negation, the modal of a refusal: "under no circumstances can we". Not
"will" or "would": "at no point will we share your data" reassures, "no way would we let you
leave without a coffee" is warmth."""


def inverted(r: Reasons, i: int) -> tuple[str, int, int, str | None] | None:
    """At "no" or "never" fronted before a modal, "we" or "I" and a verb: a refusal.

    The modal stands at most three words after the negation ("never again can we", "at no
    point can I"); `inverted_at` says the negation opens the clause. Not "could we have"
    ("at no point could we have predicted it": what was not foreseen).
    """
    aux = next((k for k in range(i + 1, min(r.n, i + 4)) if r.w[k] in _INVERTED_MODALS), -1)
    if aux < 0 or r.word(aux + 1) not in {"we", "i"} or r.s.question:
        return None
    start = inverted_at(r.w, aux)
    if start < 0 or start > i or r.word(start) == "no":
        return None  # (not the colloquial "no way can we ...": often disbelief or delight)
    v = aux + 2 + (r.word(aux + 2) == "ever")
    if not r.word(v).isalpha() or r.word(v) == "have":
        return None
    return ("cannot or will not", start, v + 1, r.classify(v))


def _head(r: Reasons, subject: int) -> int:
    """Where the fronted object before the subject at `subject` starts, or -1 for none.

    Its last word is a word, not one of `_OPENERS`; it is two words or more, or a pointing
    word ("this") alone; and no word in it opens a clause of its own (`_OPENS_CLAUSE`).
    """
    before = r.word(subject - 1)
    governed = before in _OBJECTS and r.word(subject - 2) in _PREPOSITIONS  # "for you we won't"
    if not r.is_word(subject - 1) or (before in _OPENERS and not governed) or before in LEAD_INS:
        return -1
    start = r.s.clause_start[r.s.clause[subject]]
    k = subject - 1
    while k > start and k > subject - 14 and r.is_word(k - 1) and r.word(k - 1) not in LEAD_INS:
        k -= 1
    words = r.w[k:subject]
    if not _OPENS_CLAUSE.isdisjoint(words[:-1]):
        return -1
    if len(words) < 2 and before not in _POINTING - {"that"}:
        return -1
    return k


_OBJECT_OPENS = frozenset({"the", "a", "an", "any", "this", "that", "these", "those"})
"""What opens a fronted object with a time in it: "the tuning after the move"."""


def timed_object(r: Reasons, start: int) -> bool:
    """The condition over "we" at `start` is a time inside a fronted object, not a condition.

    "The tuning after the move we don't offer", "any changes after the wedding we cannot
    make": the clause opens with a determiner and a noun or two, "after" or "before" follows
    them and, with at most five words and no comma, the fronted refusal (`fronted`) at
    `start`. Reads at most a dozen words.
    """
    c = r.s.condition[start]
    if c < 0 or r.w[c] not in {"after", "before"} or r.word(start) not in {"we", "i"}:
        return False
    first = r.s.clause_start[r.s.clause[start]]
    if r.word(first) not in _OBJECT_OPENS or not 2 <= c - first <= 4 or start - c > 6:
        return False
    if not all(r.is_word(k) and r.word(k) not in _OPENS_CLAUSE for k in range(first, start)):
        return False
    return fronted(r, start + 2) is not None or fronted(r, start + 3) is not None
